/**
 * The processing pipeline (lib/pipeline, built in parallel) as the agent sees it: enqueue a
 * (re-)analysis of a document or the deal. Loaded lazily; missing → the tool returns {error}.
 */
import type { Db } from "@/lib/db";

export interface PipelineService {
  enqueueAnalysis(a: { db: Db; dealId: string; documentId?: string; requestedBy: string; reason: string }): Promise<{ taskId: string; created: boolean; status: string }>;
}

/* eslint-disable @typescript-eslint/ban-ts-comment */
export async function loadPipelineService(): Promise<PipelineService> {
  const queue = (await import("@/lib/pipeline/queue")) as Record<string, unknown>;
  const enqueueTask = queue.enqueueTask;
  if (typeof enqueueTask !== "function") throw new Error("lib/pipeline does not export enqueueTask");
  return {
    async enqueueAnalysis({ db, dealId, documentId, requestedBy, reason }) {
      // A user-requested re-run is new work: the key carries the request time.
      const key = `orchestration:chat:${documentId ?? dealId}:${new Date().toISOString()}`;
      const r = (await (enqueueTask as (o: Record<string, unknown>) => Promise<{ task: { id: string; status: string }; created: boolean }>)({
        db,
        dealId,
        documentId: documentId ?? null,
        taskType: "orchestration",
        idempotencyKey: key,
        input: { requestedBy, reason, origin: "chat" },
      }));
      return { taskId: r.task.id, created: r.created, status: r.task.status };
    },
  };
}
