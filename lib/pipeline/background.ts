/**
 * The app's background worker (replaces the old in-memory upload queue): one per server process,
 * started at boot (instrumentation.ts) and by the upload route. It first re-queues documents a
 * crash left half-done (lib/ingest/recovery.ts), then claims `ingest` tasks from the task table
 * one at a time (PGlite is single-writer; the PDF parser pool parallelises inside a file). When a
 * document is ingested, an extraction run for its deal is scheduled (coalesced per deal), so
 * findings, events and relations follow without anyone pressing "re-run".
 */
import { databaseThread, getDb } from "@/lib/db";
import { ingestStoredDocument } from "@/lib/ingest/ingest";
import { requeueStuckDocuments } from "@/lib/ingest/recovery";
import { INGEST_TASK, ingestTaskHandler } from "@/lib/ingest/tasks";
import { sweepStaleUploadTemp } from "@/lib/ingest/upload-temp";
import { log } from "@/lib/log";
import { startBackgroundThread, stopBackgroundThread } from "./background-thread";
import { runPipeline } from "./orchestrator";
import { registerTaskHandler, runWorker } from "./worker";

/** Registers the `ingest` task handler (ingestion of a document from its stored bytes). */
export function registerIngestHandler(): void {
  registerTaskHandler(INGEST_TASK, ingestTaskHandler(ingestStoredDocument), { provider: "ingest" });
}

interface Background {
  stop: AbortController;
  done: Promise<void>;
  pipelineTail: Promise<void>;
  pipelinePending: Set<string>;
}

const g = globalThis as unknown as { __mandaBackground?: Background };

/**
 * Starts this process's background worker once (later calls do nothing). When the web server runs
 * the embedded database in its own thread (lib/db/thread.ts), the worker runs in a thread too
 * (./background-thread.ts), so ingest and extraction never hold the thread that answers requests.
 */
export function startBackgroundIngest({ inThisThread = false }: { inThisThread?: boolean } = {}): void {
  const dbThread = databaseThread();
  if (dbThread && !inThisThread) return startBackgroundThread(dbThread.connect);
  if (g.__mandaBackground) return;
  const bg: Background = { stop: new AbortController(), done: Promise.resolve(), pipelineTail: Promise.resolve(), pipelinePending: new Set() };
  g.__mandaBackground = bg;
  bg.done = (async () => {
    const db = await getDb();
    registerIngestHandler();
    sweepStaleUploadTemp();
    const r = await requeueStuckDocuments({ db });
    if (r.requeued.length || r.failed.length) log.info("interrupted ingests recovered", { requeued: r.requeued.length, failed: r.failed.length });
    await runWorker({
      db, until: bg.stop.signal, types: [INGEST_TASK], concurrency: 1, pollMs: 1000,
      workerId: `app-${process.pid}-${crypto.randomUUID().slice(0, 8)}`,
      onTask: ({ task, outcome }) => {
        if (outcome === "completed") schedulePipeline(bg, task.deal_id);
      },
    });
  })().catch((e) => {
    log.error("background ingest worker stopped", { error: e instanceof Error ? e.message : String(e) });
    if (g.__mandaBackground === bg) g.__mandaBackground = undefined; // the next upload starts it again
  });
}

/** Stops claiming (tests, shutdown); a running ingest is released back to pending. */
export async function stopBackgroundIngest(): Promise<void> {
  await stopBackgroundThread();
  const bg = g.__mandaBackground;
  if (!bg) return;
  g.__mandaBackground = undefined;
  bg.stop.abort();
  await bg.done;
  await bg.pipelineTail;
}

/** One extraction run per deal at a time; a run already waiting covers later documents too. */
function schedulePipeline(bg: Background, dealId: string) {
  if (bg.pipelinePending.has(dealId)) return;
  bg.pipelinePending.add(dealId);
  bg.pipelineTail = bg.pipelineTail.then(async () => {
    bg.pipelinePending.delete(dealId);
    try {
      await runPipeline({ db: await getDb(), dealId });
    } catch (e) {
      log.warn("extraction after upload failed", { dealId, error: e instanceof Error ? e.message : String(e) });
    }
  });
}
