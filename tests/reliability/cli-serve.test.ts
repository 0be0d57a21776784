/**
 * `manda serve` holds a data dir's database open; `manda` commands with the same build and
 * configuration run through it (lib/cli/serve-protocol.mjs) instead of opening the database.
 * Real processes on a real embedded database.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVE_FILE } from "@/lib/cli/serve-protocol.mjs";
import { makePdf } from "../helpers/fixtures";
import { childEnv, freshDataDir, ROOT } from "./harness";

const CLI = path.join(ROOT, "bin", "manda.mjs");

function run(dataDir: string, args: string[], { cwd = ROOT, env = {} as Record<string, string> } = {}) {
  return spawnSync(process.execPath, [CLI, ...args], { cwd, env: childEnv(dataDir, env), encoding: "utf8", timeout: 300_000 });
}

/** Starts `manda serve`; resolves once it says it holds the data dir. */
async function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [CLI, "serve"], { cwd: ROOT, env: childEnv(dataDir), stdio: ["ignore", "ignore", "pipe"] });
  let err = "";
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on("data", (d) => {
      err += d;
      if (err.includes("manda serve: holding")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`manda serve exited ${code}: ${err}`)));
  });
  return child;
}

describe("manda serve", () => {
  let dataDir: string;
  let server: ChildProcess | undefined;
  beforeAll(() => {
    dataDir = freshDataDir("serve");
    expect(run(dataDir, ["deal", "create", "served", "--name", "Served deal"]).status).toBe(0);
  });
  afterAll(() => {
    server?.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs commands while it holds the database, with the client's working directory, and stops cleanly", async () => {
    server = await startServer(dataDir);
    // The server holds the database's lock: these succeed only by running in the server.
    const work = fs.mkdtempSync(path.join(dataDir, "work-"));
    fs.writeFileSync(path.join(work, "Board_Minutes.pdf"), await makePdf(["Board minutes. Revenue grew to 12 million."]));
    const ingest = run(dataDir, ["ingest", "--deal", "served", "Board_Minutes.pdf"], { cwd: work });
    expect(ingest.stderr).toContain("1 of 1 files ok");
    expect(ingest.status).toBe(0);
    const docs = run(dataDir, ["documents", "--deal", "served", "--json"]);
    expect(docs.status).toBe(0);
    expect(JSON.parse(docs.stdout).map((d: { filename: string; status: string }) => [d.filename, d.status])).toEqual([["Board_Minutes.pdf", "indexed"]]);
    const missing = run(dataDir, ["documents", "--deal", "no-such-deal"]);
    expect([missing.status, missing.stderr]).toEqual([1, expect.stringContaining('No deal "no-such-deal"')]);

    const exited = new Promise<number | null>((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
    server = undefined;
    expect(fs.existsSync(path.join(dataDir, SERVE_FILE))).toBe(false);
    // Now the command opens the database itself, and sees what the server wrote.
    const after = run(dataDir, ["documents", "--deal", "served"]);
    expect([after.status, after.stdout]).toEqual([0, expect.stringContaining("Board_Minutes.pdf")]);
  });

  it("leaves a command with another configuration to its own process", async () => {
    server = await startServer(dataDir);
    const other = run(dataDir, ["deal", "list"], { env: { MANDA_MAX_UPLOAD_BYTES: "1000" } });
    expect(other.status).toBe(1);
    expect(other.stderr).toContain("in use by another Manda process");
    const same = run(dataDir, ["deal", "list"]);
    expect([same.status, same.stdout]).toEqual([0, expect.stringContaining("served")]);
  });
});
