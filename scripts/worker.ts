/**
 * `npm run worker [-- --concurrency 4] [--types findings_extraction,timeline_extraction] [--drain]`
 *
 * A queue worker: claims tasks from agent_tasks (extraction, relations, and `ingest` of uploaded files) (FOR UPDATE SKIP LOCKED) and runs their handlers.
 * Start any number of them against the same DATABASE_URL. On SIGINT/SIGTERM it stops claiming,
 * gives running tasks 30 s to finish, then releases them back to pending (nothing is lost; a
 * killed worker's tasks return to the queue when their lease runs out).
 */
import os from "node:os";
import { parseArgs } from "node:util";
import { getConfig } from "@/lib/config";
import { closeDb, getDb } from "@/lib/db";
import { log } from "@/lib/log";
import { requeueStuckDocuments } from "@/lib/ingest/recovery";
import { registerIngestHandler } from "@/lib/pipeline/background";
import { registerDefaultHandlers } from "@/lib/pipeline/handlers";
import { registeredTaskTypes, runWorker } from "@/lib/pipeline/worker";

const { values } = parseArgs({
  options: {
    concurrency: { type: "string", default: "4" },
    types: { type: "string" },
    drain: { type: "boolean", default: false },
    "lease-seconds": { type: "string", default: "300" },
    "poll-ms": { type: "string", default: "1000" },
  },
});

const concurrency = Number(values.concurrency);
if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error("--concurrency must be a positive whole number");
registerDefaultHandlers();
registerIngestHandler();
const types = values.types ? values.types.split(",").map((t) => t.trim()).filter(Boolean) : registeredTaskTypes();
const workerId = `${os.hostname()}-${process.pid}`;

const db = await getDb();
// Documents a crash left half-done (no live ingest task) are re-queued from their stored bytes.
const recovered = await requeueStuckDocuments({ db });
if (recovered.requeued.length || recovered.failed.length) log.info("interrupted ingests recovered", { requeued: recovered.requeued.length, failed: recovered.failed.length });
if (getConfig().dbMode === "embedded") {
  log.warn("worker on the embedded database: single process only; set DATABASE_URL to run several workers", { dataDir: getConfig().dataDir });
}

const stop = new AbortController();
let signals = 0;
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, () => {
    signals++;
    if (signals > 1) process.exit(130);
    log.info("worker stopping: finishing running tasks (30 s grace), send again to exit now", { workerId });
    stop.abort();
  });
}

log.info("worker started", { workerId, concurrency, types, mode: values.drain ? "drain" : "continuous", db: db.kind });
try {
  const stats = await runWorker({
    db, workerId, concurrency, types,
    until: values.drain ? "drained" : stop.signal,
    abort: values.drain ? stop.signal : undefined,
    leaseMs: Number(values["lease-seconds"]) * 1000,
    pollMs: Number(values["poll-ms"]),
    stopGraceMs: 30_000,
    onTask: ({ task, outcome, error }) => log.info(`task ${outcome}`, { task: task.id, type: task.task_type, document: task.document_id, attempt: task.attempts, error }),
  });
  log.info("worker stopped", { workerId, ...stats });
} finally {
  await closeDb();
}
