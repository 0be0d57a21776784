/**
 * The processing pipeline (lib/pipeline) as the agent's tools see it: enqueue a (re-)analysis of
 * a document or the deal. Static import; tests inject stubs through `createAgentContext({ services })`.
 */
import type { Db } from "@/lib/db";
import { enqueueTask } from "@/lib/pipeline/queue";

export interface PipelineService {
  enqueueAnalysis(a: { db: Db; dealId: string; documentId?: string; requestedBy: string; reason: string }): Promise<{ taskId: string; created: boolean; status: string }>;
}

export const pipelineService: PipelineService = {
  async enqueueAnalysis({ db, dealId, documentId, requestedBy, reason }) {
    // A user-requested re-run is new work: the key carries the request time.
    const key = `orchestration:chat:${documentId ?? dealId}:${new Date().toISOString()}`;
    const r = await enqueueTask({
      db,
      dealId,
      documentId: documentId ?? null,
      taskType: "orchestration",
      idempotencyKey: key,
      input: { requestedBy, reason, origin: "chat" },
    });
    return { taskId: r.task.id, created: r.created, status: r.task.status };
  },
};
