import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { MandaError } from "@/lib/errors";
import { log } from "@/lib/log";
import { parseCli } from "./args";
import { configEnvFingerprint, SERVE_FILE, SERVED_COMMANDS, socketPathFor, type ServerInfo } from "./serve-protocol.mjs";

const USAGE = "manda serve [--idle-minutes <n>]   keep the data dir's database open; other manda commands run through it";

export interface ServeContext {
  /** The CLI build this process runs (bin/manda.mjs): a command from another build runs on its own. */
  build: string;
  /** Runs one command line in this process, leaving the database open. */
  run: (argv: string[]) => Promise<number>;
}

interface Request { argv: string[]; cwd: string; build: string; env: string }

type Write = typeof process.stdout.write;

/**
 * Runs fn with this process's stdout and stderr sent to `send` (commands write to
 * process.stdout/stderr, and so does the log). Requests run one at a time, so nothing else
 * writes meanwhile.
 */
async function capturingOutput<T>(send: (key: "out" | "err", text: string) => void, fn: () => Promise<T>): Promise<T> {
  const saved: [Write, Write] = [process.stdout.write, process.stderr.write];
  const writer = (key: "out" | "err") =>
    ((chunk: string | Uint8Array, encoding?: unknown, cb?: unknown) => {
      send(key, typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
      const done = typeof encoding === "function" ? encoding : cb;
      if (typeof done === "function") done();
      return true;
    }) as Write;
  process.stdout.write = writer("out");
  process.stderr.write = writer("err");
  try {
    return await fn();
  } finally {
    [process.stdout.write, process.stderr.write] = saved;
  }
}

function parseRequest(line: string): Request | undefined {
  try {
    const r = JSON.parse(line) as Partial<Request>;
    if (!Array.isArray(r.argv) || !r.argv.every((a) => typeof a === "string") || typeof r.cwd !== "string") return undefined;
    if (typeof r.build !== "string" || typeof r.env !== "string") return undefined;
    return r as Request;
  } catch {
    return undefined;
  }
}

/** Why this server does not run a request, if it does not. */
function refusal(req: Request, info: ServerInfo): string | undefined {
  if (!SERVED_COMMANDS.has(req.argv[0] ?? "")) return "not a served command";
  if (req.build !== info.build) return "another build of the CLI";
  if (req.env !== info.env) return "another configuration";
  return undefined;
}

/** One request: its command's output streamed back, then its exit code. */
async function serveRequest(conn: net.Socket, line: string, info: ServerInfo, ctx: ServeContext): Promise<void> {
  const send = (msg: Record<string, unknown>) => {
    if (!conn.destroyed) conn.write(`${JSON.stringify(msg)}\n`);
  };
  const req = parseRequest(line);
  const refused = req ? refusal(req, info) : "malformed request";
  if (!req || refused) return void conn.end(`${JSON.stringify({ refused })}\n`);
  send({ started: true });
  const home = process.cwd();
  let code = 1;
  try {
    process.chdir(req.cwd); // the client's relative paths (ingest <dir>, --out <file>)
    code = await capturingOutput((key, text) => send({ [key]: text }), () => ctx.run(req.argv));
  } catch (e) {
    send({ err: `error: ${(e as Error).message}\n` });
  } finally {
    process.chdir(home);
  }
  conn.end(`${JSON.stringify({ exit: code })}\n`);
}

function listen(server: net.Server, socket: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(socket, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/**
 * `manda serve`: opens the data dir's database (taking its lock), keeps it open and warm, and
 * runs the commands other `manda` processes hand it (lib/cli/serve-protocol.mjs), one at a
 * time, so each skips PGlite's start-up and runs on warm caches. Stops on SIGINT/SIGTERM, or
 * after --idle-minutes without a command.
 */
export async function serveCommand(args: string[], ctx: ServeContext): Promise<number> {
  const { values } = parseCli(args, { "idle-minutes": { type: "string" } }, USAGE);
  const idleMinutes = values["idle-minutes"] === undefined ? 0 : Number(values["idle-minutes"]);
  if (!Number.isFinite(idleMinutes) || idleMinutes < 0) throw new MandaError("bad_request:usage", `usage: ${USAGE}`);
  const { dataDir } = getConfig();
  await getDb(); // holds the data dir's lock from here on: the socket and info file below are ours
  const socket = socketPathFor(dataDir);
  const infoFile = path.join(dataDir, SERVE_FILE);
  const info: ServerInfo = { pid: process.pid, socket, build: ctx.build, env: configEnvFingerprint(process.env) };
  fs.rmSync(socket, { force: true }); // left by a server that was killed
  let queue = Promise.resolve();
  let idle: NodeJS.Timeout | undefined;
  let stop: () => void = () => {};
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const armIdle = () => {
    if (idle) clearTimeout(idle);
    if (idleMinutes > 0) idle = setTimeout(stop, idleMinutes * 60_000);
  };
  const server = net.createServer((conn) => {
    let buf = "";
    conn.on("error", () => {}); // a client that went away; its command still finishes
    conn.on("data", (d) => {
      buf += d.toString("utf8");
      const nl = buf.indexOf("\n");
      if (nl < 0) return;
      const line = buf.slice(0, nl);
      buf = "";
      queue = queue.then(() => serveRequest(conn, line, info, ctx)).finally(armIdle);
    });
  });
  await listen(server, socket);
  fs.writeFileSync(infoFile, JSON.stringify(info));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  armIdle();
  log.info("manda serve: ready", { dataDir, socket, pid: process.pid });
  process.stderr.write(`manda serve: holding ${dataDir} (pid ${process.pid}); manda commands with this configuration run here. Ctrl-C stops.\n`);
  await stopped;
  if (idle) clearTimeout(idle);
  fs.rmSync(infoFile, { force: true });
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await queue; // a command still running finishes before the database closes
  return 0;
}
