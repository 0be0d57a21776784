/**
 * Browser tests' server: `next build` (once; MANDA_BROWSER_SKIP_BUILD=1 reuses .next) and
 * `next start` on a free port with a fresh MANDA_DATA_DIR (prepare-app migrates and loads the
 * demo deal). Readiness is polled (bounded). MANDA_BROWSER_BASE_URL=http://… uses a running
 * server instead (e.g. `next dev` while iterating). Stopped in teardown.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

const ROOT = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export async function waitForUrl(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
      if (res.status < 500) return;
      last = `HTTP ${res.status}`;
    } catch (e) {
      last = (e as Error).message;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`server not ready at ${url} after ${timeoutMs} ms (${last})`);
}

export default async function setup(project: TestProject) {
  const external = process.env.MANDA_BROWSER_BASE_URL;
  if (external) {
    await waitForUrl(external, 60_000);
    project.provide("baseURL", external.replace(/\/$/, ""));
    project.provide("dataDir", process.env.MANDA_DATA_DIR ?? path.join(ROOT, ".manda"));
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "manda-browser-"));
  const env = { ...process.env, MANDA_DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1", MANDA_LOG_LEVEL: process.env.MANDA_LOG_LEVEL ?? "warn" };
  const next = path.join(ROOT, "node_modules", ".bin", "next");
  if (!(process.env.MANDA_BROWSER_SKIP_BUILD === "1" && fs.existsSync(path.join(ROOT, ".next", "BUILD_ID")))) {
    const b = spawnSync(next, ["build"], { cwd: ROOT, env, stdio: "inherit" });
    if (b.status !== 0) throw new Error(`next build failed (${b.status})`);
  }
  const prep = spawnSync(process.execPath, [path.join(ROOT, "bin", "manda.mjs"), "prepare-app"], { cwd: ROOT, env, stdio: "inherit" });
  if (prep.status !== 0) throw new Error(`manda prepare-app failed (${prep.status})`);
  const port = await freePort();
  const logFile = path.join(dataDir, "server.log");
  const out = fs.openSync(logFile, "a");
  const child = spawn(next, ["start", "-p", String(port), "-H", "127.0.0.1"], { cwd: ROOT, env, stdio: ["ignore", out, out], detached: true });
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForUrl(`${baseURL}/`, 120_000, child);
  } catch (e) {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      /* gone */
    }
    process.stderr.write(fs.readFileSync(logFile, "utf8").slice(-4000));
    throw e;
  }
  project.provide("baseURL", baseURL);
  project.provide("dataDir", dataDir);
  return async () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      /* already stopped */
    }
    await new Promise((r) => setTimeout(r, 1500));
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      /* stopped */
    }
    if (!process.env.MANDA_BROWSER_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}
