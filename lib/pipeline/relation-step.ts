/**
 * Step 5 of an orchestrator run: relation detection over the deal, queued only once every
 * indexed document's extraction is finished, then awaited like the extraction tasks.
 */
import type { Db } from "@/lib/db";
import { enqueueTask } from "./queue";
import { DOCUMENT_TASK_TYPES, relationTaskKey } from "./rules";
import { countEnqueued, isOpen, taskRef, type PipelineSummary, type TaskRef } from "./run-result";
import type { RunWaiter } from "./run-waiter";
import type { AgentTask, Clock } from "./types";

/** Why relation detection cannot run yet, or the completed extraction tasks it would cover. */
async function relationReadiness(db: Db, dealId: string): Promise<{ waitReason: string | null; completed: string[] }> {
  const { rows: ext } = await db.query<{ id: string; status: string }>(
    `select t.id, t.status from agent_tasks t join documents d on d.id = t.document_id
      where t.deal_id = $1 and d.status = 'indexed' and t.task_type = any(string_to_array($2::text, ','))`,
    [dealId, DOCUMENT_TASK_TYPES.join(",")],
  );
  const unfinished = ext.filter((t) => t.status === "pending" || t.status === "running").length;
  const completed = ext.filter((t) => t.status === "completed").map((t) => t.id);
  // Documents never queued (a single-document run, or indexed since): relations wait for them too.
  const { rows: [nq] } = await db.query<{ n: number }>(
    `select count(*)::int as n from documents d where d.deal_id = $1 and d.status = 'indexed' and coalesce(d.page_count, 0) > 0
        and not exists (select 1 from agent_tasks t where t.document_id = d.id and t.task_type = any(string_to_array($2::text, ',')))`,
    [dealId, DOCUMENT_TASK_TYPES.join(",")],
  );
  const notQueued = Number(nq.n);
  if (unfinished) return { waitReason: `Relation detection waits: ${unfinished} extraction tasks of other documents are not finished`, completed };
  if (notQueued) return { waitReason: `Relation detection waits: ${notQueued} document${notQueued === 1 ? "" : "s"} not extracted yet`, completed };
  if (!completed.length) return { waitReason: "Relation detection skipped: no completed extraction yet", completed };
  return { waitReason: null, completed };
}

export interface RelationStep {
  /** The relation task, when one was queued or reused. */
  ref: TaskRef | null;
  reason: string;
  timedOut: boolean;
  /** The task as it stood when the wait ended. */
  task: AgentTask | null;
}

export async function runRelationStep(o: {
  db: Db; dealId: string; orchestrationId: string; documentCount: number; retryFailed: boolean | "transient"; clock: Clock;
  summary: PipelineSummary; initiallyOpen: Set<string>; waiter: RunWaiter;
}): Promise<RelationStep> {
  const { waitReason, completed } = await relationReadiness(o.db, o.dealId);
  if (waitReason) return { ref: null, reason: waitReason, timedOut: false, task: null };
  const r = await enqueueTask({
    db: o.db, dealId: o.dealId, taskType: "relation_detection", parentTaskId: o.orchestrationId, retryFailed: o.retryFailed, clock: o.clock,
    idempotencyKey: relationTaskKey(o.dealId, completed), input: { extractionTaskIds: completed.length, documents: o.documentCount },
  });
  countEnqueued(o.summary, r);
  if (isOpen(r.task)) o.initiallyOpen.add(r.task.id);
  const w = await o.waiter.waitAll([r.task.id]);
  const t = w.tasks[0] ?? r.task;
  return {
    ref: taskRef(t, "relation_detection", r),
    reason: r.created || r.requeued ? "Relation detection over the deal's extracted documents" : "Relation detection already done for this set of documents",
    timedOut: !w.done,
    task: t,
  };
}
