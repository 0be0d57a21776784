/**
 * Where ingestion's time goes in this process, by stage, for bench/dataroom.ts: parse (the
 * indexer waiting for the next parsed page; parsing itself runs ahead on the PDF worker pool),
 * chunk, embed, index (the page and chunk writes and the keyword index, one transaction per
 * batch) and finish (metadata, status, search index upkeep). Accumulated always: a few clock
 * reads per batch of pages.
 */
export const INGEST_STAGES = ["parse", "chunk", "embed", "index", "finish"] as const;
export type IngestStage = (typeof INGEST_STAGES)[number];

const totals = new Map<IngestStage, number>();

export function addStageTime(stage: IngestStage, ms: number): void {
  totals.set(stage, (totals.get(stage) ?? 0) + ms);
}

/** Runs fn, adding its time to the stage. */
export async function timedStage<T>(stage: IngestStage, fn: () => Promise<T> | T): Promise<T> {
  const t0 = performance.now();
  try {
    return await fn();
  } finally {
    addStageTime(stage, performance.now() - t0);
  }
}

/** Milliseconds per stage since the process started (or the last reset). */
export function ingestStageTimes(): Record<IngestStage, number> {
  return Object.fromEntries(INGEST_STAGES.map((s) => [s, totals.get(s) ?? 0])) as Record<IngestStage, number>;
}

export function resetIngestStageTimes(): void {
  totals.clear();
}
