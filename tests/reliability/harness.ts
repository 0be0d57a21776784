/**
 * Shared pieces of the kill tests: real `manda` processes on a fresh embedded database, killed with
 * SIGKILL at seeded random points, and the checks a recovered data directory must pass.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDb, type Db } from "@/lib/db";
import { requireDeal } from "@/lib/db/queries/deals";
import { searchPages } from "@/lib/search/search";
import { makePdf } from "../helpers/fixtures";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const CLI = path.join(ROOT, "bin", "manda.mjs");
export const DEAL = "rel";

/** Seeded, so a failing kill point can be replayed: MANDA_RELIABILITY_SEED. */
export function prng(seed = Number(process.env.MANDA_RELIABILITY_SEED ?? 11)): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` kill delays spread over [lo, hi] ms: one seeded point in each equal slice, so early and late kills are both tried. */
export function killPoints(rand: () => number, count: number, lo: number, hi: number): number[] {
  const span = (hi - lo) / count;
  return Array.from({ length: count }, (_, i) => Math.round(lo + span * (i + rand())));
}

export function childEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, MANDA_DATA_DIR: dataDir, MANDA_LOG_LEVEL: "warn", MANDA_LOAD_DEMO: "false", NEXT_TELEMETRY_DISABLED: "1", ...extra };
  delete env.DATABASE_URL; // these scenarios are about the embedded database
  delete env.SUPABASE_URL;
  return env;
}

export function freshDataDir(tag: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `manda-rel-${tag}-`));
}

/** Runs `manda …` to the end; throws with its output when it fails. */
export function manda(dataDir: string, args: string[], timeoutMs = 300_000): { stdout: string; ms: number } {
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, env: childEnv(dataDir), encoding: "utf8", timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`manda ${args.join(" ")} exited ${r.status} (${r.signal ?? ""}):\n${r.stderr}\n${r.stdout}`.slice(0, 4000));
  return { stdout: r.stdout, ms: Date.now() - t0 };
}

/**
 * Starts `manda …` and SIGKILLs it `delayMs` after its first output on stderr (its work has begun:
 * start-up time varies with the machine's load), or after spawning when `fromSpawn`. Resolves how it ended.
 */
export async function mandaKilledAfter(dataDir: string, args: string[], delayMs: number, { fromSpawn = false } = {}): Promise<{ killed: boolean; code: number | null }> {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env: childEnv(dataDir), stdio: ["ignore", "ignore", "pipe"] });
  if (fromSpawn) {
    child.stderr!.resume();
    return killAfter(child, delayMs);
  }
  const started = new Promise<void>((resolve) => child.stderr!.once("data", () => resolve()));
  child.stderr!.resume();
  return killAfter(child, delayMs, false, started);
}

/** Runs `manda …` to the end, timing it from its first output on stderr (see mandaKilledAfter). */
export async function mandaTimedFromOutput(dataDir: string, args: string[]): Promise<number> {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env: childEnv(dataDir), stdio: ["ignore", "ignore", "pipe"] });
  let t0 = 0;
  child.stderr!.once("data", () => (t0 = Date.now()));
  child.stderr!.resume();
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`manda ${args.join(" ")} exited ${code}`);
  return Date.now() - t0;
}

export function killAfter(child: ChildProcess, delayMs: number, group = false, startAt: Promise<void> = Promise.resolve()): Promise<{ killed: boolean; code: number | null }> {
  return new Promise((resolve) => {
    let killed = false;
    let timer: NodeJS.Timeout | undefined;
    void startAt.then(() => (timer = setTimeout(() => {
      if (child.exitCode === null && child.signalCode === null) {
        killed = true;
        try {
          if (group && child.pid) process.kill(-child.pid, "SIGKILL");
          else child.kill("SIGKILL");
        } catch {
          child.kill("SIGKILL");
        }
      }
    }, delayMs)));
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ killed, code });
    });
  });
}

export const sha256 = (p: string) => createHash("sha256").update(fs.readFileSync(p)).digest("hex");

/**
 * The documents to ingest: real filings from the corpus beside the repo (../shared/corpus, as
 * the benches read it), or small generated PDFs where it is absent.
 */
export async function inputFiles(count: number, fallbackDir: string): Promise<string[]> {
  const corpus = path.resolve(ROOT, "..", "shared", "corpus", "financebench-dev", "pdfs");
  if (fs.existsSync(corpus)) {
    // The smallest filings: several real multi-batch documents while keeping the suite short.
    const files = fs.readdirSync(corpus).filter((f) => f.toLowerCase().endsWith(".pdf")).map((f) => path.join(corpus, f));
    return files.sort((a, b) => fs.statSync(a).size - fs.statSync(b).size || a.localeCompare(b)).slice(0, count);
  }
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const pages = Array.from({ length: 150 }, (_, p) => `Report ${i + 1}, page ${p + 1}\nRevenue for segment ${p % 7} was EUR ${(i + 1) * (p + 3)} million.\nRisk factor ${p}: supplier concentration and interest rates.`);
    const f = path.join(fallbackDir, `generated-${i + 1}.pdf`);
    fs.writeFileSync(f, await makePdf(pages));
    out.push(f);
  }
  return out;
}

export const QUERIES = ["revenue growth", "risk factors", "net income per share", "cash flows from operating activities"];

/**
 * Search results (the product's searchPages) by filename, page and score: ids differ between data
 * directories, and pages of equal score are listed in the order their documents arrived (parallel
 * uploads arrive in any order), so equal scores are put in name order.
 */
export async function searchSnapshot(db: Db): Promise<string[][]> {
  const deal = await requireDeal({ db, ref: DEAL });
  const out: string[][] = [];
  for (const query of QUERIES) {
    const hits = (await searchPages({ db, dealId: deal.id, query })).map((h) => ({ key: `${h.document}#${h.page}`, score: h.rank.toFixed(6) }));
    hits.sort((a, b) => Number(b.score) - Number(a.score) || a.key.localeCompare(b.key));
    out.push(hits.map((h) => `${h.key}@${h.score}`));
  }
  return out;
}

export async function withDb<T>(dataDir: string, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDb({ dataDir });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

export interface DocState {
  filename: string;
  sha256: string;
  status: string;
  error: string | null;
  page_count: number | null;
  storage_path: string;
  pages: number;
}

export async function documentStates(db: Db): Promise<DocState[]> {
  const { rows } = await db.query<DocState>(
    `select d.filename, d.sha256, d.status, d.error, d.page_count, d.storage_path,
            (select count(*)::int from document_pages p where p.document_id = d.id) as pages
       from documents d join deals x on x.id = d.deal_id where x.slug = $1 order by d.filename`,
    [DEAL],
  );
  return rows.map((r) => ({ ...r, pages: Number(r.pages) }));
}

/**
 * What a recovered directory must hold: every expected file once, indexed (or failed with a
 * reason), with all its pages, its stored bytes matching its sha256, and no ingest task left open.
 * Returns the problems found (empty when none) and how many expected documents were lost.
 */
export async function checkRecovered(db: Db, expected: Array<{ filename: string; sha256: string; pages?: number }>): Promise<{ problems: string[]; lost: number }> {
  const problems: string[] = [];
  let lost = 0;
  const docs = await documentStates(db);
  for (const e of expected) {
    const mine = docs.filter((d) => d.sha256 === e.sha256);
    if (mine.length === 0) {
      lost++;
      problems.push(`${e.filename}: no document`);
      continue;
    }
    if (mine.length > 1) problems.push(`${e.filename}: ${mine.length} documents`);
    const d = mine[0];
    if (d.status === "failed") {
      if (!d.error) problems.push(`${e.filename}: failed without a reason`);
      continue;
    }
    if (d.status !== "indexed") {
      lost++;
      problems.push(`${e.filename}: stuck at ${d.status}`);
      continue;
    }
    if (e.pages !== undefined && (d.page_count !== e.pages || d.pages !== e.pages)) problems.push(`${e.filename}: ${d.pages} pages stored, ${d.page_count} counted, ${e.pages} expected`);
    if (!fs.existsSync(d.storage_path) || sha256(d.storage_path) !== e.sha256) problems.push(`${e.filename}: stored file missing or not matching its sha256`);
  }
  if (docs.length !== new Set(docs.map((d) => d.sha256)).size) problems.push("duplicate documents");
  const { rows } = await db.query<{ n: number }>("select count(*)::int as n from agent_tasks where task_type = 'ingest' and status in ('pending', 'running')");
  if (Number(rows[0].n) > 0) problems.push(`${rows[0].n} ingest tasks still open`);
  return { problems, lost };
}

/** The suite's figures: one line per scenario family, printed with the test output. */
export function report(line: string): void {
  console.log(`[reliability] ${line}`);
}
