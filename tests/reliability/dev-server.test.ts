/**
 * `npm run dev` at the HTTP edges (tests/reliability/http-edges.test.ts does the same for
 * `npm start`). `scripts/serve.mjs dev` (what `npm run dev` runs after prepare-app):
 * - gives the server `next dev` forks Node's headersTimeout from MANDA_HEADERS_TIMEOUT_MS: a client
 *   dripping header lines is closed once the limit passes (Node's own default would hold it 60 s);
 * - stores an upload over 20 MB whole: Next's dev server, like `next start`, must not buffer or cut
 *   the body at 10 MB in front of the route.
 */
import { createHash } from "node:crypto";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeLargePdf } from "../helpers/fixtures";
import { childEnv, freshDataDir, report, ROOT } from "./harness";
import { stopApp, type Server } from "./server";

const HEADERS_TIMEOUT = 1500;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, "127.0.0.1");
    s.once("connect", () => (s.destroy(), resolve(true)));
    s.once("error", () => resolve(false));
  });

let server: Server;
let port: number;
let dataDir: string;
// `next dev` rewrites tsconfig.json and next-env.d.ts in its own format: put them back as they were
const KEPT = ["tsconfig.json", "next-env.d.ts"].map((f) => path.join(ROOT, f)).filter((f) => fs.existsSync(f)).map((f) => [f, fs.readFileSync(f)] as const);

beforeAll(async () => {
  dataDir = freshDataDir("dev-timeouts");
  const env = childEnv(dataDir, { MANDA_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT), MANDA_REQUEST_TIMEOUT_MS: "180000" });
  const prep = spawnSync(process.execPath, [path.join(ROOT, "bin", "manda.mjs"), "prepare-app"], { cwd: ROOT, env, encoding: "utf8" });
  if (prep.status !== 0) throw new Error(`prepare-app failed (${prep.status}): ${prep.stderr}`);
  port = await freePort();
  const log = path.join(dataDir, "dev.log");
  const out = fs.openSync(log, "a");
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, "scripts", "serve.mjs"), "dev", "-p", String(port)], { cwd: ROOT, env, stdio: ["ignore", out, out], detached: true });
  fs.closeSync(out);
  server = { url: `http://127.0.0.1:${port}`, child, log };
  const deadline = Date.now() + 120_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null) throw new Error(`serve.mjs dev exited ${child.exitCode}: ${fs.readFileSync(log, "utf8").slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`next dev not listening: ${fs.readFileSync(log, "utf8").slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
});
afterAll(async () => {
  if (server) await stopApp(server);
  for (const [f, bytes] of KEPT) if (!fs.readFileSync(f).equals(bytes)) fs.writeFileSync(f, bytes);
  if (dataDir && !process.env.MANDA_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
});

const MB = 1024 * 1024;

describe("npm run dev: slow clients and large uploads", () => {
  it("closes a client that is slow to send its headers within MANDA_HEADERS_TIMEOUT_MS", async () => {
    const socket = net.connect(port, "127.0.0.1");
    const t0 = Date.now();
    const closed = new Promise<{ ms: number; answer: string }>((resolve) => {
      let answer = "";
      socket.on("data", (d) => (answer += d.toString()));
      socket.on("close", () => resolve({ ms: Date.now() - t0, answer }));
      socket.on("error", () => {});
    });
    socket.write("GET /api/deals HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    // one header line every 300 ms, for at most 20 s (Node's default limit would hold it for 60 s)
    const drip = setInterval(() => socket.writable && socket.write(`X-Slow-${Date.now()}: 1\r\n`), 300);
    const stop = setTimeout(() => socket.destroy(), 20_000);
    const h = await closed;
    clearInterval(drip);
    clearTimeout(stop);
    report(`dev timeouts: slow headers closed after ${h.ms} ms (${h.answer.split("\r\n")[0] || "no answer"})`);
    expect(h.ms).toBeLessThan(HEADERS_TIMEOUT + 5000);
  });

  it("stores an upload over 20 MB whole (sha256 of the stored bytes)", async () => {
    const url = server.url;
    const created = await fetch(`${url}/api/deals`, { method: "POST", headers: { "content-type": "application/json", origin: url }, body: JSON.stringify({ slug: "dev-edges", name: "Dev edges" }) });
    expect(created.status, await created.clone().text()).toBe(201);
    const pdf = await makeLargePdf(["Appendix G: dev survey.", "Appendix H: register."], 22 * MB);
    const sha = createHash("sha256").update(pdf).digest("hex");
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), "dev-survey.pdf");
    const res = await fetch(`${url}/api/deals/dev-edges/documents`, { method: "POST", body: form, headers: { origin: url } });
    const body = (await res.json()) as { files: Array<{ sha256: string; bytes: number; documentId: string }> };
    expect(res.status, JSON.stringify(body)).toBe(202);
    expect(body.files[0]).toMatchObject({ sha256: sha, bytes: pdf.length });
    const file = await fetch(`${url}/api/deals/dev-edges/documents/${body.files[0]!.documentId}/file`);
    expect(createHash("sha256").update(Buffer.from(await file.arrayBuffer())).digest("hex")).toBe(sha);
    report(`dev server: upload of ${(pdf.length / MB).toFixed(1)} MB stored whole`);
    expect(fs.readFileSync(server.log, "utf8")).not.toMatch(/Request body exceeded|ReadableStream is already closed/);
  });
});
