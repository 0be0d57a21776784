/**
 * Step 3 of an orchestrator run: the specialist tasks each indexed document needs
 * (lib/pipeline/rules.ts), queued idempotently — pending, running and completed tasks are reused,
 * failed ones re-queued as the run asks. Documents not indexed yet are reported and left for a
 * later run.
 */
import type { Db } from "@/lib/db";
import { enqueueTask } from "./queue";
import { planDocumentTasks, documentTaskKey } from "./rules";
import { countEnqueued, isOpen, taskRef, type PipelineDetail, type PipelineSummary, type TaskRef } from "./run-result";
import type { Clock } from "./types";

export interface RunDocument {
  id: string;
  filename: string;
  sha256: string;
  status: string;
  format: string | null;
  kind: string | null;
  page_count: number | null;
  error: string | null;
}

/** The run's documents: the whole deal, or the one document of a single-document run. */
export async function loadRunDocuments(db: Db, dealId: string, documentId?: string): Promise<RunDocument[]> {
  const { rows } = await db.query<RunDocument>(
    `select id, filename, sha256, status, format, kind, page_count, error from documents
      where deal_id = $1 and ($2::uuid is null or id = $2::uuid) order by created_at, filename`,
    [dealId, documentId ?? null],
  );
  return rows;
}

export type ProcessOf = Map<string, { id: string; key: string }>;

export interface QueuedDocumentTasks {
  /** Task refs per indexed document (an empty list when it needs none). */
  docTasks: Map<string, TaskRef[]>;
  /** Per indexed document, the task types it does not need and why. */
  docSkipped: Map<string, string[]>;
}

export async function queueDocumentTasks(o: {
  db: Db; dealId: string; orchestrationId: string; docs: RunDocument[]; processOf: ProcessOf; retryFailed: boolean | "transient"; clock: Clock;
  summary: PipelineSummary; details: PipelineDetail[]; initiallyOpen: Set<string>;
}): Promise<QueuedDocumentTasks> {
  const { summary } = o;
  const docTasks = new Map<string, TaskRef[]>();
  const docSkipped = new Map<string, string[]>();
  for (const doc of o.docs) {
    if (doc.status !== "indexed") {
      summary.documents_not_ready++;
      o.details.push({
        kind: "document", document_id: doc.id, filename: doc.filename, action: "skipped", previous_stage: null, new_stage: null,
        reason: doc.status === "failed" ? `Not indexed: ingestion failed (${doc.error ?? "unknown error"})` : `Not indexed yet (${doc.status}); picked up by the next run`,
      });
      continue;
    }
    summary.documents_analyzed++;
    const plan = planDocumentTasks(doc);
    docSkipped.set(doc.id, plan.skipped.map((s) => `${s.taskType}: ${s.why}`));
    const refs: TaskRef[] = [];
    for (const taskType of plan.tasks) {
      const proc = o.processOf.get(doc.id);
      const r = await enqueueTask({
        db: o.db, dealId: o.dealId, documentId: doc.id, processId: proc?.id ?? null, parentTaskId: o.orchestrationId, taskType,
        idempotencyKey: documentTaskKey(taskType, doc), retryFailed: o.retryFailed, clock: o.clock,
        input: { documentId: doc.id, filename: doc.filename, processId: proc?.id ?? null, processKey: proc?.key ?? null },
      });
      countEnqueued(summary, r);
      if (isOpen(r.task)) o.initiallyOpen.add(r.task.id);
      refs.push(taskRef(r.task, taskType, r));
    }
    docTasks.set(doc.id, refs);
  }
  return { docTasks, docSkipped };
}
