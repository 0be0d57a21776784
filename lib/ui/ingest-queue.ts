/**
 * In-process background ingestion for web uploads: the upload route responds as soon as the
 * bytes are on disk and queues the file here; the data room polls the documents API for the
 * status that ingestFile writes (uploaded → parsing → indexed | failed). One file at a time per
 * process (PGlite is single-writer; the parser pool already parallelises inside a file).
 * Jobs not yet visible as document rows are reported as `queued` so the UI can show them.
 * Once a file is indexed, an extraction run for the deal is scheduled (coalesced per deal), so
 * findings, events and relations follow without anyone pressing "re-run".
 */
import fs from "node:fs";
import { getDb } from "@/lib/db";
import { log } from "@/lib/log";

export interface IngestJob {
  id: string;
  dealId: string;
  filename: string;
  sha256: string;
  state: "queued" | "ingesting" | "done" | "failed";
  documentId?: string;
  error?: string;
  queuedAt: number;
  finishedAt?: number;
}

interface QueueState {
  jobs: Map<string, IngestJob>;
  tail: Promise<void>;
  pipelineTail: Promise<void>;
  pipelinePending: Set<string>;
}

const g = globalThis as unknown as { __mandaIngestQueue?: QueueState };
function state(): QueueState {
  g.__mandaIngestQueue ??= { jobs: new Map(), tail: Promise.resolve(), pipelineTail: Promise.resolve(), pipelinePending: new Set() };
  return g.__mandaIngestQueue;
}

const KEEP_MS = 10 * 60_000;

function prune() {
  const now = Date.now();
  for (const [id, j] of state().jobs) if (j.finishedAt && now - j.finishedAt > KEEP_MS) state().jobs.delete(id);
}

/** Queues a stored temp file for ingestion; the temp file is removed afterwards. */
export function enqueueIngest({ dealId, filePath, filename, sha256, onDone }: { dealId: string; filePath: string; filename: string; sha256: string; onDone?: () => void }): IngestJob {
  prune();
  const job: IngestJob = { id: crypto.randomUUID(), dealId, filename, sha256, state: "queued", queuedAt: Date.now() };
  const s = state();
  s.jobs.set(job.id, job);
  s.tail = s.tail.then(async () => {
    job.state = "ingesting";
    try {
      const { ingestFile } = await import("@/lib/ingest/ingest");
      const db = await getDb();
      const r = await ingestFile({ db, dealId, filePath, filename });
      job.documentId = r.documentId;
      job.state = r.status === "failed" ? "failed" : "done";
      if (r.error) job.error = r.error.message;
      if (r.status === "indexed") schedulePipeline(dealId);
    } catch (e) {
      job.state = "failed";
      job.error = "An unexpected error occurred while reading this file.";
      log.error("background ingest failed", { filename, error: e instanceof Error ? e.message : String(e) });
    } finally {
      job.finishedAt = Date.now();
      fs.rm(filePath, { force: true }, () => {});
      try {
        onDone?.();
      } catch {
        /* ignore */
      }
    }
  });
  return job;
}

/** Jobs of a deal still waiting or running (and recently finished), newest last. */
export function listIngestJobs(dealId: string): IngestJob[] {
  prune();
  return [...state().jobs.values()].filter((j) => j.dealId === dealId);
}

/** One extraction run per deal at a time; a run already waiting covers later uploads too. */
function schedulePipeline(dealId: string) {
  const s = state();
  if (s.pipelinePending.has(dealId)) return;
  s.pipelinePending.add(dealId);
  s.pipelineTail = s.pipelineTail.then(async () => {
    s.pipelinePending.delete(dealId);
    try {
      const { runPipeline } = await import("@/lib/pipeline/orchestrator");
      await runPipeline({ db: await getDb(), dealId });
    } catch (e) {
      log.warn("extraction after upload failed", { dealId, error: e instanceof Error ? e.message : String(e) });
    }
  });
}
