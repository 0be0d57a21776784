/**
 * CLI start-up latency (issue 10, "Latency"): how long `manda` takes from process start to
 * exit, for a no-op (`manda --help`) and for one `manda ask` turn on a warm database, run as
 * a user runs them (`node bin/manda.mjs …`, a new process each time).
 *
 * Steps, each a superset of the one before, so their differences say where the time goes:
 * `node -e 0` (Node itself), `manda --help` (+ loading the CLI), `manda deal list` (+ opening
 * PGlite, the migrations check and one query), `manda ask` (+ loading the agent, the turn).
 * Three paths in the same run, interleaved so machine load hits them alike:
 *  - bundle: the compiled CLI under dist/cli (what `npm install` builds; rebuilt first here),
 *    opening the database in its own process;
 *  - served: the same CLI while `manda serve` holds a copy of the data dir, so the command runs
 *    in that warm process (lib/cli/serve.ts) and the client loads none of the CLI;
 *  - full: the bundle with MANDA_SCHEMA_CHECK=full, so every open checks migrations and indexes
 *    instead of trusting the stored schema fingerprint (lib/db/schema-state.ts): the baseline of
 *    the fingerprint;
 *  - pool128: the bundle with PGlite's default 128MB buffer pool instead of a one-shot command's
 *    16MB (lib/db/pglite.ts): the baseline of the small pool;
 *  - tsx: MANDA_CLI_FROM_SOURCE=1, the TypeScript sources compiled at run time (the baseline).
 * The database is a temporary data dir holding one small real filing, ingested and run
 * through the extraction pipeline once before timing; one untimed ask warms it (and one the
 * server).
 * Wall time is the figure the target is about; CPU time (user + sys, from /usr/bin/time when
 * present) is steadier on a shared machine. The load average is printed beside them.
 *
 *   npm run bench:cli-start [-- --n 10] [--pdf <file>] [--question "…"] [--keep]
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { n: { type: "string" }, pdf: { type: "string" }, question: { type: "string" }, keep: { type: "boolean" } },
});
const ROOT = process.cwd();
const BIN = path.join(ROOT, "bin/manda.mjs");
const RUNS = Math.max(1, Number(values.n ?? 10));
const PDF = path.resolve(values.pdf ?? path.join(ROOT, "../shared/corpus/financebench-dev/pdfs", smallestPdf()));
const QUESTION = values.question ?? "What was total revenue?";
const DEAL = "bench";
const TIME = fs.existsSync("/usr/bin/time") ? "/usr/bin/time" : null;
const log = (s: string) => process.stderr.write(`${s}\n`);

type Path = "bundle" | "full" | "pool128" | "served" | "tsx";
interface Case { name: string; args: string[]; path: Path | "node" }
const PATHS: Path[] = ["bundle", "full", "pool128", "served", "tsx"];
interface Sample { wallMs: number; cpuMs: number | null; stdout: string }

function smallestPdf(): string {
  const dir = path.join(ROOT, "../shared/corpus/financebench-dev/pdfs");
  if (!fs.existsSync(dir)) throw new Error(`${dir} not found: pass --pdf <file> or run from the repo root with ../shared/corpus beside it`);
  const pdfs = fs.readdirSync(dir).filter((f) => f.endsWith(".pdf"));
  return pdfs.sort((a, b) => fs.statSync(path.join(dir, a)).size - fs.statSync(path.join(dir, b)).size)[0]!;
}

function envFor(dataDir: string, p: Case["path"]): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, MANDA_DATA_DIR: dataDir, MANDA_LOG_LEVEL: "error", OPENAI_API_KEY: "", DATABASE_URL: "" };
  if (p === "tsx") env.MANDA_CLI_FROM_SOURCE = "1";
  else delete env.MANDA_CLI_FROM_SOURCE;
  if (p === "full") env.MANDA_SCHEMA_CHECK = "full";
  else delete env.MANDA_SCHEMA_CHECK;
  if (p === "pool128") env.MANDA_PG_SHARED_BUFFERS = "128MB";
  else delete env.MANDA_PG_SHARED_BUFFERS;
  return env;
}

/** Runs one setup step; throws with its stderr when it fails. */
function setup(dataDir: string, args: string[]): string {
  const r = spawnSync(process.execPath, [BIN, ...args], { env: envFor(dataDir, "bundle"), encoding: "utf8" });
  if (r.status !== 0) throw new Error(`manda ${args.join(" ")} failed (${r.status}): ${r.stderr}`);
  return r.stdout;
}

/** `manda serve` on the data dir; resolves once it holds it. */
async function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [BIN, "serve"], { env: envFor(dataDir, "bundle"), stdio: ["ignore", "ignore", "pipe"] });
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

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** One timed run: process start to exit, and its CPU time when /usr/bin/time is there. */
function timed(dataDir: string, c: Case): Promise<Sample> {
  const cpuFile = path.join(dataDir, "cpu.txt");
  const node = c.path === "node" ? [process.execPath, ...c.args] : [process.execPath, BIN, ...c.args];
  const [cmd, argv] = TIME ? [TIME, ["-f", "%U %S", "-o", cpuFile, ...node]] : [node[0]!, node.slice(1)];
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(cmd, argv, { env: envFor(dataDir, c.path), stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => {
      const wallMs = performance.now() - t0;
      const ok = c.args[0] === "ask" ? code === 0 && stdout.trim().length > 0 : code === 0;
      if (!ok) return reject(new Error(`${c.name} exited ${code}: ${stderr.slice(-500)}`));
      let cpuMs: number | null = null;
      if (TIME) {
        const [user, sys] = fs.readFileSync(cpuFile, "utf8").trim().split(/\s+/).slice(-2).map(Number);
        cpuMs = ((user ?? NaN) + (sys ?? NaN)) * 1000;
      }
      resolve({ wallMs, cpuMs, stdout });
    });
  });
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const ms = (x: number | null) => (x === null || Number.isNaN(x) ? "—" : `${Math.round(x)}`);
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(" ");

async function main() {
  const built = spawnSync(process.execPath, [path.join(ROOT, "scripts/build-cli.mjs")], { encoding: "utf8" });
  if (built.status !== 0) throw new Error(`scripts/build-cli.mjs failed: ${built.stderr}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "manda-cli-start-"));
  const servedDir = `${dataDir}-served`;
  let server: ChildProcess | undefined;
  try {
    log(`data dir ${dataDir}; ingesting ${path.basename(PDF)}`);
    setup(dataDir, ["deal", "create", DEAL, "--name", "CLI start bench"]);
    setup(dataDir, ["ingest", "--deal", DEAL, PDF]);
    setup(dataDir, ["pipeline", "run", "--deal", DEAL]);
    setup(dataDir, ["ask", "--deal", DEAL, QUESTION]);
    fs.cpSync(dataDir, servedDir, { recursive: true });
    server = await startServer(servedDir);
    setup(servedDir, ["ask", "--deal", DEAL, QUESTION]);

    const cases: Case[] = [
      { name: "node -e 0", args: ["-e", "0"], path: "node" },
      ...PATHS.flatMap((p) => [
        ...(p === "full" || p === "pool128" ? [] : [{ name: `${p}  manda --help`, args: ["--help"], path: p }]),
        { name: `${p}  manda deal list`, args: ["deal", "list"], path: p },
        { name: `${p}  manda ask`, args: ["ask", "--deal", DEAL, QUESTION], path: p },
      ]),
    ];
    const samples = new Map<string, Sample[]>(cases.map((c) => [c.name, []]));
    const loadBefore = load();
    for (let i = 0; i < RUNS; i++) {
      for (const c of cases) samples.get(c.name)!.push(await timed(c.path === "served" ? servedDir : dataDir, c));
      log(`round ${i + 1}/${RUNS} (load ${load()})`);
    }
    const askOut = (p: Path) => samples.get(`${p}  manda ask`)!.map((s) => s.stdout);
    const sameAnswer = askOut("bundle").every((o) => askOut("tsx").includes(o) && askOut("served").includes(o) && askOut("full").includes(o) && askOut("pool128").includes(o));

    console.log(`\nCLI start-up, ${RUNS} runs each, ${os.availableParallelism()} cores, node ${process.version}`);
    console.log(`question: "${QUESTION}" on ${path.basename(PDF)} (warm database)`);
    console.log(`load average before ${loadBefore}, after ${load()}\n`);
    console.log(`${"case".padEnd(23)} ${"wall p50".padStart(9)} ${"p95".padStart(7)} ${"min".padStart(7)} ${"cpu p50".padStart(9)}   (ms)`);
    for (const c of cases) {
      const s = samples.get(c.name)!;
      const wall = s.map((x) => x.wallMs);
      const cpu = s.map((x) => x.cpuMs).filter((x): x is number => x !== null);
      console.log(`${c.name.padEnd(23)} ${ms(pct(wall, 50)).padStart(9)} ${ms(pct(wall, 95)).padStart(7)} ${ms(Math.min(...wall)).padStart(7)} ${ms(cpu.length ? pct(cpu, 50) : null).padStart(9)}`);
    }
    const p50 = (name: string) => pct(samples.get(name)!.map((x) => x.wallMs), 50);
    const steps: Array<[string, number]> = [
      ["Node start-up (node -e 0)", p50("node -e 0")],
      ["loading the CLI (--help)", p50("bundle  manda --help") - p50("node -e 0")],
      ["opening PGlite + migrations check + a query (deal list)", p50("bundle  manda deal list") - p50("bundle  manda --help")],
      ["loading the agent + the turn (ask)", p50("bundle  manda ask") - p50("bundle  manda deal list")],
    ];
    console.log("\nwhere the bundle's `manda ask` goes (differences of wall p50s):");
    for (const [label, t] of steps) console.log(`  ${label.padEnd(58)} ${ms(t).padStart(6)} ms`);
    console.log(`served ask: ${ms(p50("served  manda ask"))} ms, ${(p50("served  manda ask") / p50("bundle  manda ask")).toFixed(2)}x the bundle's own process`);
    console.log(`small buffer pool: deal list ${ms(p50("bundle  manda deal list"))} ms vs ${ms(p50("pool128  manda deal list"))} ms with 128MB; ask ${ms(p50("bundle  manda ask"))} vs ${ms(p50("pool128  manda ask"))} ms`);
    console.log(`schema fingerprint: deal list ${ms(p50("bundle  manda deal list"))} ms vs ${ms(p50("full  manda deal list"))} ms with the full check; ask ${ms(p50("bundle  manda ask"))} vs ${ms(p50("full  manda ask"))} ms`);
    console.log(`\nanswers identical on every path: ${sameAnswer ? "yes" : "NO"}`);
    console.log(`answer: ${askOut("bundle")[0]!.split("\n")[0]!.slice(0, 160)}`);
    for (const p of ["bundle", "served"] as const) {
      const askP50 = p50(`${p}  manda ask`);
      console.log(`target manda ask < 1000 ms wall (p50), ${p}: ${askP50 < 1000 ? "met" : "NOT met"} (${ms(askP50)} ms)`);
    }
  } finally {
    if (server) await stopServer(server);
    if (values.keep) log(`kept ${dataDir} and ${servedDir}`);
    else for (const d of [dataDir, servedDir]) fs.rmSync(d, { recursive: true, force: true });
  }
}

await main();
