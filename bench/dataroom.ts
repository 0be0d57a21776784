/**
 * Data-room throughput (issue 23 §1): a deal of real filings from upload to answerable, on the
 * embedded database with one process, beside poppler's `pdftotext` on the same files in the
 * same run (pages/s; the faster of a run before and one after counts, so load spikes cannot
 * flatter Manda). Prints pages/s end to end and per stage: ingestion's parse (waiting for the
 * PDF worker pool), chunk, embed, index and finish (lib/ingest/stage-times.ts), then each
 * extraction task type and relations (agent_tasks' own start and end times; tasks of one run
 * overlap, so their pages/s are per task time, not wall time), and peak RSS.
 *
 *   npm run bench:dataroom -- --quick        # 4 filings spread over the corpus
 *   npm run bench:dataroom                   # all 93 filings of ../shared/corpus (~10,000 pages)
 *   npm run bench:dataroom -- --limit 10
 *   npm run bench:dataroom -- --match FEDEX_2023_10K         # the filings whose name holds this (a one-10-K deal)
 *   npm run bench:dataroom -- --quick --sql              # also time per SQL statement shape
 *   npm run bench:dataroom -- --quick --dump /tmp/a.tsv   # also write every output (lib/dataroom-dump.ts) to diff two runs
 *   npm run bench:dataroom -- --quick --overlap          # extraction scheduled as each file is indexed, as the app does
 *   npm run bench:dataroom -- --quick --db-thread        # PGlite in a thread of its own (lib/db/thread.ts), as the web server runs it
 *   DATABASE_URL=postgres://…/postgres npm run bench:dataroom -- --quick --workers 1,2
 *                      # N `npm run worker` processes on PostgreSQL claiming ingest and extraction tasks (SKIP LOCKED);
 *                      # --worker-concurrency C: tasks each worker runs at once (default 4, the worker's own)
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { setConfigForProcess } from "@/lib/config";
import { dumpDealOutputs } from "./lib/dataroom-dump";
import { printSqlProfile, profileDb } from "./lib/sql-profile";
import { runWithWorkers, type WorkersRun } from "./lib/dataroom-workers";

const { values } = parseArgs({ options: { quick: { type: "boolean" }, limit: { type: "string" }, timeout: { type: "string" }, dump: { type: "string" }, sql: { type: "boolean" }, workers: { type: "string" }, overlap: { type: "boolean" }, match: { type: "string" }, "worker-concurrency": { type: "string" }, "db-thread": { type: "boolean" } } });
const CORPUS_ROOT = path.resolve(process.cwd(), "../shared/corpus");
const DIRS = ["financebench-dev/pdfs", "filings-unlabelled/pdfs"].map((d) => path.join(CORPUS_ROOT, d));
const fmt = (n: number, d = 1) => n.toFixed(d);
const log = (s: string) => process.stderr.write(`${s}\n`);

function corpusFiles(): string[] {
  const all = DIRS.flatMap((d) => fs.readdirSync(d).filter((f) => f.toLowerCase().endsWith(".pdf")).map((f) => path.join(d, f))).sort();
  if (values.match) return all.filter((f) => path.basename(f).includes(values.match!));
  if (values.quick) return [0, 1, 2, 3].map((i) => all[Math.floor((i * all.length) / 4)]!);
  return values.limit ? all.slice(0, Number(values.limit)) : all;
}

/** pdftotext on each file in turn, text discarded; seconds. */
async function pdftotext(files: string[]): Promise<number> {
  const t0 = performance.now();
  for (const f of files) {
    await new Promise<void>((resolve, reject) => {
      const p = spawn("pdftotext", ["-q", f, "-"], { stdio: ["ignore", "pipe", "ignore"] });
      p.stdout.resume();
      p.on("error", reject);
      p.on("close", () => resolve());
    });
  }
  return (performance.now() - t0) / 1000;
}

/** --workers 1,2: the same files through N worker processes on PostgreSQL (DATABASE_URL: a server URL; a database is made per run). */
async function mainWorkers(counts: number[]) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error("--workers needs DATABASE_URL (a PostgreSQL server with pgvector; each run makes and drops a database of its own)");
  const files = corpusFiles();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "manda-bench-dataroom-"));
  console.log(`data room on PostgreSQL: ${files.length} filings; worker concurrency ${values["worker-concurrency"] ?? 4}; ${os.availableParallelism()} cores; load ${os.loadavg().map((x) => fmt(x)).join(" ")}`);
  const popplerBefore = await pdftotext(files);
  const runs: WorkersRun[] = [];
  try {
    for (const n of counts) {
      runs.push(await runWithWorkers({ serverUrl, dataDir: tmp, files, workers: n, concurrency: Number(values["worker-concurrency"] ?? 4), timeoutSecs: Number(values.timeout ?? 3600), log }));
      log(`  load ${os.loadavg().map((x) => fmt(x)).join(" ")}`);
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  const popplerAfter = await pdftotext(files);
  const pages = runs[0]?.pages ?? 0;
  const popplerRate = pages / Math.min(popplerBefore, popplerAfter);
  console.log(`\n${pages} pages; pdftotext ${fmt(popplerRate)} pages/s (${fmt(popplerBefore, 2)} s before, ${fmt(popplerAfter, 2)} s after); load now ${os.loadavg().map((x) => fmt(x)).join(" ")}`);
  const one = runs.find((r) => r.workers === 1);
  for (const r of runs) {
    const total = r.ingestSecs + r.pipelineSecs;
    const perSec = r.pages / total;
    const scale = one && r.workers > 1 ? `  ${fmt(perSec / (r.workers * (one.pages / (one.ingestSecs + one.pipelineSecs))), 2)} × (N × one worker)` : "";
    console.log(`${r.workers} worker(s): end to end ${fmt(total).padStart(6)} s ${fmt(perSec).padStart(7)} pages/s ${fmt(perSec / popplerRate, 3).padStart(6)}× pdftotext${scale}${r.pipelineOk ? "" : "  PIPELINE FAILED OR TIMED OUT"}${r.failed ? `  (${r.failed} files failed)` : ""}`);
    console.log(`    ingest ${fmt(r.ingestSecs).padStart(6)} s ${fmt(r.pages / r.ingestSecs).padStart(7)} pages/s ${fmt(r.pages / r.ingestSecs / popplerRate, 3).padStart(6)}× pdftotext;  extraction ${fmt(r.pipelineSecs).padStart(6)} s ${fmt(r.pages / r.pipelineSecs).padStart(7)} pages/s`);
    for (const [type, e] of Object.entries(r.tasks).sort(([a], [b]) => a.localeCompare(b))) {
      console.log(`      ${`${type} ×${e.n}${e.failed ? ` (${e.failed} failed)` : ""}`.padEnd(30)}${fmt(e.secs).padStart(7)} s task time`);
    }
    console.log(`    peak RSS per worker ${r.workerPeakRss.map((b) => `${fmt(b / 1e9, 2)} GB`).join(", ")}`);
  }
  console.log(`SUMMARY ${JSON.stringify({ files: files.length, pages, popplerPagesPerSec: popplerRate, runs })}`);
}

async function main() {
  if (values.workers) return mainWorkers(values.workers.split(",").map(Number));
  const files = corpusFiles();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "manda-bench-dataroom-"));
  setConfigForProcess({ MANDA_DATA_DIR: tmp, MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "", MANDA_MAX_UPLOAD_BYTES: String(1024 * 1024 * 1024) });
  const { openDb } = await import("@/lib/db");
  const { createDeal } = await import("@/lib/db/queries/deals");
  const { ingestFiles } = await import("@/lib/ingest/ingest");
  const { closePdfPool } = await import("@/lib/ingest/pdf-pool");
  const { ingestStageTimes, INGEST_STAGES } = await import("@/lib/ingest/stage-times");
  const { runPipeline } = await import("@/lib/pipeline/orchestrator");
  const { listTasks } = await import("@/lib/pipeline/queue");
  console.log(`data room: ${files.length} filings; ${os.availableParallelism()} cores; load ${os.loadavg().map((x) => fmt(x)).join(" ")}`);
  const popplerBefore = await pdftotext(files);

  // --db-thread: the web server's set-up (instrumentation.ts), where PGlite's statements run in
  // a thread of their own while ingestion and the extraction rules run in another
  const opened = await openDb({ dataDir: tmp, thread: values["db-thread"] });
  const db = values.sql ? profileDb(opened) : opened;
  try {
    const deal = await createDeal({ db, slug: "dataroom" });
    const t0 = performance.now();
    const cpu0 = process.cpuUsage(); // every thread of this process (main, PDF workers, database thread)
    let pages = 0;
    let failed = 0;
    // --overlap: as the app does (lib/pipeline/background.ts), an extraction run is scheduled as
    // each document is indexed, one at a time per deal, a waiting run covering later documents
    let tail: Promise<unknown> = Promise.resolve();
    let waiting = false;
    const schedule = () => {
      if (waiting) return;
      waiting = true;
      tail = tail.then(() => ((waiting = false), runPipeline({ db, dealId: deal.id, timeoutMs: Number(values.timeout ?? 3600) * 1000 })));
    };
    await ingestFiles({
      db, dealId: deal.id, files: files.map((filePath) => ({ filePath })),
      onResult: (i, r) => {
        pages += r.pageCount ?? 0;
        if (r.status === "failed") failed++;
        if (values.overlap && r.status === "indexed") schedule();
        log(`  [${i + 1}/${files.length}] ${path.basename(files[i]!)}: ${r.status}, ${r.pageCount ?? 0} pages — ${fmt((performance.now() - t0) / 1000)} s`);
      },
    });
    const ingestSecs = (performance.now() - t0) / 1000;
    const ingestPeakRss = process.resourceUsage().maxRSS * 1024; // with --overlap, extraction's share too
    const stages = ingestStageTimes();
    log("  extraction pipeline …");
    const t1 = performance.now();
    await tail;
    const run = await runPipeline({ db, dealId: deal.id, timeoutMs: Number(values.timeout ?? 3600) * 1000 });
    const pipelineSecs = (performance.now() - t1) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const cpuSecs = (cpu.user + cpu.system) / 1e6;
    const tasks = await listTasks({ db, dealId: deal.id });
    if (values.dump) fs.writeFileSync(values.dump, await dumpDealOutputs(db, deal.id));
    const popplerAfter = await pdftotext(files);
    const poppler = Math.min(popplerBefore, popplerAfter);
    const popplerRate = pages / poppler;
    const rate = (secs: number) => `${fmt(pages / Math.max(secs, 1e-9)).padStart(9)} pages/s  ${fmt(pages / Math.max(secs, 1e-9) / popplerRate, 3).padStart(7)}× pdftotext`;

    console.log(`\n${pages} pages (${failed} files failed); pdftotext ${fmt(popplerRate)} pages/s (${fmt(popplerBefore, 2)} s before, ${fmt(popplerAfter, 2)} s after)`);
    console.log(`end to end (ingest + extraction)  ${fmt(ingestSecs + pipelineSecs).padStart(7)} s ${rate(ingestSecs + pipelineSecs)}`);
    // CPU time moves much less than wall time when another process shares the cores
    console.log(`  CPU, all threads of this process ${fmt(cpuSecs).padStart(7)} s ${fmt((cpuSecs * 1000) / Math.max(pages, 1), 2).padStart(9)} ms/page  (load ${os.loadavg().map((x) => fmt(x)).join(" ")})`);
    console.log(`  ingest                          ${fmt(ingestSecs).padStart(7)} s ${rate(ingestSecs)}`);
    for (const s of INGEST_STAGES) console.log(`    ${s.padEnd(30)}${fmt(stages[s] / 1000).padStart(7)} s ${rate(stages[s] / 1000)}`);
    console.log(`  ${values.overlap ? "extraction after ingest (wall) " : "extraction pipeline (wall)     "} ${fmt(pipelineSecs).padStart(7)} s ${rate(pipelineSecs)}  ${run.success ? "" : `FAILED: ${run.error ?? run.message ?? ""}`}`);
    const byType = new Map<string, { n: number; secs: number; failed: number }>();
    for (const t of tasks) {
      const e = byType.get(t.task_type) ?? { n: 0, secs: 0, failed: 0 };
      e.n++;
      if (t.status === "failed") e.failed++;
      if (t.started_at && t.completed_at) e.secs += (new Date(t.completed_at).getTime() - new Date(t.started_at).getTime()) / 1000;
      byType.set(t.task_type, e);
    }
    for (const [type, e] of [...byType].sort(([a], [b]) => a.localeCompare(b))) {
      console.log(`    ${`${type} ×${e.n}${e.failed ? ` (${e.failed} failed)` : ""}`.padEnd(30)}${fmt(e.secs).padStart(7)} s ${rate(e.secs)}  (task time)`);
    }
    if (values.sql) printSqlProfile();
    console.log(`peak RSS ${fmt((process.resourceUsage().maxRSS * 1024) / 1e9, 2)} GB (${fmt(ingestPeakRss / 1e9, 2)} GB by the end of ingest)`);
    console.log(`SUMMARY ${JSON.stringify({ files: files.length, pages, popplerPagesPerSec: popplerRate, ingestSecs, pipelineSecs, cpuSecs, dbThread: Boolean(values["db-thread"]), overlap: Boolean(values.overlap), endToEndPagesPerSec: pages / (ingestSecs + pipelineSecs), stagesMs: stages, tasks: Object.fromEntries(byType), peakRssBytes: process.resourceUsage().maxRSS * 1024, ingestPeakRssBytes: ingestPeakRss })}`);
  } finally {
    await db.close();
    await closePdfPool();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
