// The protocol between `manda serve` (lib/cli/serve.ts), a process that holds a data dir's
// database open and warm, and the `manda` command line (bin/manda.mjs), which hands it a
// command instead of opening the database itself. Plain JavaScript: bin/manda.mjs loads it
// before (and instead of) the compiled CLI, so a served command costs Node's start-up, this
// file and a socket round trip.
//
// The server writes <dataDir>/manda.serve.json ({ pid, socket, build, env }). A command goes
// through it when that pid is alive and the command runs with the same build of the CLI and
// the same configuration variables (a fingerprint of MANDA_*, OPENAI_*, NEO4J_*, SUPABASE_*,
// DATABASE_URL); otherwise it runs in its own process as before. Messages are JSON lines:
// the client sends { argv, cwd, build, env }; the server answers { out } / { err } chunks of
// the command's stdout and stderr, then { exit } with its exit code, or { refused } alone.
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const SERVE_FILE = "manda.serve.json";

/**
 * Commands a server runs. Not: `chat` (reads stdin), `eval` (its own data dir),
 * `prepare-app` (run before the app starts), `serve` itself.
 */
export const SERVED_COMMANDS = new Set([
  "ask", "search", "documents", "findings", "timeline", "entities", "relations", "deal", "irl", "review", "qa", "ingest", "pipeline",
]);

const CONFIG_VARIABLE = /^(MANDA_|OPENAI_|NEO4J_|SUPABASE_)|^DATABASE_URL$/;

/** A fingerprint of the configuration variables (empty ones count as unset, as in lib/config.ts). */
export function configEnvFingerprint(env) {
  const entries = Object.entries(env)
    .filter(([k, v]) => CONFIG_VARIABLE.test(k) && k !== "MANDA_CLI_FROM_SOURCE" && typeof v === "string" && v.trim() !== "")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash("sha256").update(JSON.stringify(entries)).digest("hex");
}

/** The data dir lib/config.ts resolves from the same variables. */
export function dataDirOf(env) {
  const v = env.MANDA_DATA_DIR;
  return path.resolve(typeof v === "string" && v.trim() !== "" ? v : ".manda");
}

/** The server's socket: in the data dir, or in the temp dir when that path is too long for a socket. */
export function socketPathFor(dataDir) {
  if (process.platform === "win32") return `\\\\.\\pipe\\manda-${createHash("sha256").update(dataDir).digest("hex").slice(0, 16)}`;
  const inDir = path.join(dataDir, "manda.sock");
  return Buffer.byteLength(inDir) <= 100 ? inDir : path.join(os.tmpdir(), `manda-${createHash("sha256").update(dataDir).digest("hex").slice(0, 16)}.sock`);
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e?.code === "EPERM";
  }
}

/** The running server of a data dir, if one is there. */
export function readServer(dataDir) {
  let info;
  try {
    info = JSON.parse(fs.readFileSync(path.join(dataDir, SERVE_FILE), "utf8"));
  } catch {
    return undefined;
  }
  if (!Number.isInteger(info?.pid) || typeof info.socket !== "string" || !alive(info.pid)) return undefined;
  return info;
}

/**
 * Runs argv through the data dir's server, if one runs this build with this configuration:
 * resolves to the exit code, or undefined when the command should run in this process (no
 * server, another build or configuration, a command servers do not run). Writes the
 * command's output to the given streams as it arrives.
 */
export async function runThroughServer({ argv, env, build, cwd = process.cwd(), stdout = process.stdout, stderr = process.stderr }) {
  if (!SERVED_COMMANDS.has(argv[0])) return undefined;
  const server = readServer(dataDirOf(env));
  if (!server) return undefined;
  const envFp = configEnvFingerprint(env);
  if (server.build !== build || server.env !== envFp) return undefined;
  return new Promise((resolve) => {
    const conn = net.createConnection(server.socket);
    let started = false;
    let settled = false;
    let buf = "";
    const settle = (v) => {
      if (settled) return;
      settled = true;
      conn.destroy();
      resolve(v);
    };
    conn.on("connect", () => conn.write(`${JSON.stringify({ argv, cwd, build, env: envFp })}\n`));
    conn.on("data", (d) => {
      buf += d.toString("utf8");
      let nl;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const msg = JSON.parse(buf.slice(0, nl));
        buf = buf.slice(nl + 1);
        if (msg.refused !== undefined) return settle(undefined);
        started = true;
        if (msg.out !== undefined) stdout.write(msg.out);
        if (msg.err !== undefined) stderr.write(msg.err);
        if (msg.exit !== undefined) return settle(msg.exit);
      }
    });
    // Before the command started: no server after all (it stopped meanwhile), run it here.
    // After: the server died mid-command, which may have written; say so rather than re-run it.
    conn.on("error", () => {
      if (!started) return settle(undefined);
      stderr.write(`manda: the server (pid ${server.pid}) stopped while running the command\n`);
      settle(1);
    });
    conn.on("close", () => {
      if (settled) return;
      if (!started) return settle(undefined);
      stderr.write(`manda: the server (pid ${server.pid}) stopped while running the command\n`);
      settle(1);
    });
  });
}
