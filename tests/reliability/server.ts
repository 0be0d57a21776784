/**
 * The real app for the upload kill test: `next build` (once; MANDA_RELIABILITY_SKIP_BUILD=1 reuses
 * an existing .next) and `manda prepare-app` + `next start` on a free port, as `npm start` runs them.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { childEnv, ROOT } from "./harness";

const NEXT = path.join(ROOT, "node_modules", ".bin", "next");

export function buildApp(): { ms: number; skipped: boolean } {
  if (process.env.MANDA_RELIABILITY_SKIP_BUILD === "1" && fs.existsSync(path.join(ROOT, ".next", "BUILD_ID"))) return { ms: 0, skipped: true };
  const t0 = Date.now();
  const b = spawnSync(NEXT, ["build"], { cwd: ROOT, env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" }, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (b.status !== 0) throw new Error(`next build failed (${b.status}):\n${(b.stdout + b.stderr).slice(-4000)}`);
  return { ms: Date.now() - t0, skipped: false };
}

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

export interface Server {
  url: string;
  child: ChildProcess;
  log: string;
}

/** `manda prepare-app` then `next start` in its own process group; resolves once it answers. */
export async function startApp(dataDir: string, tmpDir: string): Promise<Server> {
  const env = childEnv(dataDir, { TMPDIR: tmpDir });
  const prep = spawnSync(process.execPath, [path.join(ROOT, "bin", "manda.mjs"), "prepare-app"], { cwd: ROOT, env, encoding: "utf8" });
  if (prep.status !== 0) throw new Error(`prepare-app failed (${prep.status}): ${prep.stderr}`);
  const port = await freePort();
  const log = path.join(dataDir, `server-${port}.log`);
  const out = fs.openSync(log, "a");
  const child = spawn(NEXT, ["start", "-p", String(port), "-H", "127.0.0.1"], { cwd: ROOT, env, stdio: ["ignore", out, out], detached: true });
  fs.closeSync(out);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited ${child.exitCode}: ${fs.readFileSync(log, "utf8").slice(-3000)}`);
    try {
      const res = await fetch(`${url}/api/deals`, { signal: AbortSignal.timeout(10_000) });
      if (res.status === 200) return { url, child, log };
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server not ready: ${fs.readFileSync(log, "utf8").slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** SIGKILL to the whole process group (next start and anything it spawned). */
export async function killApp(s: Server, signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
  if (s.child.exitCode !== null || s.child.signalCode !== null) return;
  const exited = new Promise((r) => s.child.once("exit", r));
  try {
    process.kill(-s.child.pid!, signal);
  } catch {
    /* gone */
  }
  await exited;
}

/** A graceful stop (SIGTERM), then SIGKILL if it does not exit within 10 s. */
export async function stopApp(s: Server): Promise<void> {
  if (s.child.exitCode !== null || s.child.signalCode !== null) return;
  const exited = new Promise((r) => s.child.once("exit", r));
  try {
    process.kill(-s.child.pid!, "SIGTERM");
  } catch {
    return;
  }
  const t = setTimeout(() => {
    try {
      process.kill(-s.child.pid!, "SIGKILL");
    } catch {
      /* gone */
    }
  }, 10_000);
  await exited;
  clearTimeout(t);
}

/** One upload request of one file; the 202 body's entry, or null when the request did not get an answer. */
export async function upload(url: string, file: string): Promise<{ status: number; state?: string; sha256?: string } | null> {
  const form = new FormData();
  form.append("file", new Blob([fs.readFileSync(file)], { type: "application/pdf" }), path.basename(file));
  try {
    const res = await fetch(`${url}/api/deals/rel/documents`, { method: "POST", body: form, headers: { origin: url }, signal: AbortSignal.timeout(120_000) });
    const body = (await res.json().catch(() => ({}))) as { files?: Array<{ state: string; sha256: string }> };
    return { status: res.status, state: body.files?.[0]?.state, sha256: body.files?.[0]?.sha256 };
  } catch {
    return null;
  }
}

export interface ListedDocument {
  filename: string;
  sha256: string;
  status: string;
  error?: string | null;
}

/** Polls the documents API until at least `count` documents are listed and none is uploaded or parsing (bounded). */
export async function waitSettled(url: string, count: number, timeoutMs = 180_000): Promise<ListedDocument[]> {
  const deadline = Date.now() + timeoutMs;
  let last: ListedDocument[] = [];
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/api/deals/rel/documents`, { signal: AbortSignal.timeout(30_000) });
      if (res.ok) {
        last = ((await res.json()) as { documents: ListedDocument[] }).documents;
        if (last.length >= count && last.every((d) => d.status === "indexed" || d.status === "failed")) return last;
      }
    } catch {
      /* busy */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`documents not settled after ${timeoutMs} ms: ${JSON.stringify(last)}`);
}
