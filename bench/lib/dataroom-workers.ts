/**
 * bench:dataroom --workers N (issue 23 §1): the scale-out path on PostgreSQL. The files are
 * accepted as the upload route accepts them (stored, a document row and an `ingest` task each);
 * N `scripts/worker.ts` processes claim the tasks (FOR UPDATE SKIP LOCKED), ingest, then run
 * the extraction tasks and relation detection that the orchestrator queues (inProcess false: the
 * bench process only queues and waits). Each run gets a fresh database on the server.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";

export interface WorkersRun {
  workers: number;
  pages: number;
  failed: number;
  ingestSecs: number;
  pipelineSecs: number;
  /** Per task type: count and summed task time (seconds). */
  tasks: Record<string, { n: number; secs: number; failed: number }>;
  /** Each worker process's peak RSS (bytes). */
  workerPeakRss: number[];
  pipelineOk: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A node process's peak resident set (VmHWM), in bytes; 0 when it cannot be read. */
function peakRssOf(pid: number | undefined): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

function startWorker(env: NodeJS.ProcessEnv, i: number, concurrency: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts", "--poll-ms", "200", "--concurrency", String(concurrency)], { env, stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let out = "";
    const onData = (b: Buffer) => {
      out += b.toString();
      if (out.includes("worker started")) resolve(child);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`worker ${i} exited (${code}) before it started:\n${out.slice(-2000)}`)));
  });
}

async function stopWorker(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  child.kill("SIGTERM");
  await Promise.race([exited, sleep(40_000)]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

/** One run with `workers` worker processes on a fresh database of the server at `serverUrl`. */
export async function runWithWorkers(o: { serverUrl: string; dataDir: string; files: string[]; workers: number; concurrency: number; timeoutSecs: number; log: (s: string) => void }): Promise<WorkersRun> {
  const name = `manda_bench_dataroom_${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;
  const admin = postgres(o.serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(o.serverUrl);
  url.pathname = `/${name}`;
  const dataDir = path.join(o.dataDir, name);
  fs.mkdirSync(dataDir, { recursive: true });
  const env = { ...process.env, DATABASE_URL: url.toString(), MANDA_DATA_DIR: dataDir, MANDA_LOG_LEVEL: "info", OPENAI_API_KEY: "", OPENAI_BASE_URL: "", MANDA_MAX_UPLOAD_BYTES: String(1024 * 1024 * 1024) };
  const { openDb } = await import("@/lib/db");
  const { createDeal } = await import("@/lib/db/queries/deals");
  const { acceptUpload } = await import("@/lib/ingest/accept");
  const { sha256File } = await import("@/lib/ingest/storage");
  const { runPipeline } = await import("@/lib/pipeline/orchestrator");
  const { listTasks } = await import("@/lib/pipeline/queue");
  const { setConfigForProcess } = await import("@/lib/config");
  setConfigForProcess({ DATABASE_URL: env.DATABASE_URL, MANDA_DATA_DIR: dataDir, MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "", MANDA_MAX_UPLOAD_BYTES: env.MANDA_MAX_UPLOAD_BYTES });
  const db = await openDb({ databaseUrl: env.DATABASE_URL });
  const children: ChildProcess[] = [];
  try {
    const deal = await createDeal({ db, slug: "dataroom" });
    children.push(...(await Promise.all(Array.from({ length: o.workers }, (_, i) => startWorker(env, i, o.concurrency)))));
    const t0 = performance.now();
    for (const f of o.files) {
      await acceptUpload({ db, dealId: deal.id, file: { path: f, filename: path.basename(f), sha256: await sha256File(f), bytes: fs.statSync(f).size } });
    }
    // ingest: until no document is waiting or being parsed
    for (;;) {
      const { rows: [r] } = await db.query<{ open: number }>("select count(*)::int as open from documents where deal_id = $1 and status in ('uploaded', 'parsing')", [deal.id]);
      if (Number(r!.open) === 0) break;
      if (performance.now() - t0 > o.timeoutSecs * 1000) throw new Error("ingest timed out");
      await sleep(200);
    }
    const ingestSecs = (performance.now() - t0) / 1000;
    o.log(`  ${o.workers} worker(s): ingested in ${ingestSecs.toFixed(1)} s; extraction pipeline …`);
    const t1 = performance.now();
    const run = await runPipeline({ db, dealId: deal.id, inProcess: false, pollMs: 200, timeoutMs: o.timeoutSecs * 1000 });
    const pipelineSecs = (performance.now() - t1) / 1000;
    const workerPeakRss = children.map((c) => peakRssOf(c.pid));
    const { rows: docs } = await db.query<{ pages: number; failed: number }>(
      "select coalesce(sum(page_count), 0)::int as pages, count(*) filter (where status = 'failed')::int as failed from documents where deal_id = $1", [deal.id]);
    const tasks: WorkersRun["tasks"] = {};
    for (const t of await listTasks({ db, dealId: deal.id })) {
      const e = (tasks[t.task_type] ??= { n: 0, secs: 0, failed: 0 });
      e.n++;
      if (t.status === "failed") e.failed++;
      if (t.started_at && t.completed_at) e.secs += (t.completed_at.getTime() - t.started_at.getTime()) / 1000;
    }
    return { workers: o.workers, pages: Number(docs[0]!.pages), failed: Number(docs[0]!.failed), ingestSecs, pipelineSecs, tasks, workerPeakRss, pipelineOk: run.success && !run.summary.timed_out };
  } finally {
    await Promise.all(children.map(stopWorker));
    await db.close();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
