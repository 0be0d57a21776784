/**
 * After the waits of an orchestrator run: each task's final state, counted into the summary and
 * told per document (analysed, skipped, pending at the timeout, failed and whether the next run
 * retries it) and for relation detection.
 */
import type { ProcessOf, QueuedDocumentTasks, RunDocument } from "./document-tasks";
import type { PipelineDetail, PipelineFailure, PipelineSummary, TaskRef } from "./run-result";
import type { AgentTask } from "./types";

export function reportOutcomes(o: {
  docs: RunDocument[]; queued: QueuedDocumentTasks; processOf: ProcessOf; finalTasks: Map<string, AgentTask>; initiallyOpen: Set<string>;
  relation: { ref: TaskRef | null; reason: string }; timeoutMs: number; summary: PipelineSummary; details: PipelineDetail[];
}): PipelineFailure[] {
  const { summary, details, initiallyOpen } = o;
  const failures: PipelineFailure[] = [];
  const refresh = (r: TaskRef, filename: string | null) => {
    const t = o.finalTasks.get(r.task_id);
    if (t) Object.assign(r, { status: t.status, attempts: t.attempts, error: t.error_message, error_kind: t.error_kind });
    if (r.status === "completed" && initiallyOpen.has(r.task_id)) summary.tasks_completed++;
    if (r.status === "failed") {
      summary.tasks_failed++;
      failures.push({ task_id: r.task_id, task_type: r.task_type, document: filename, error: r.error ?? null, kind: r.error_kind ?? null, retried_next_run: r.error_kind === "transient" });
    }
    if (r.status === "pending" || r.status === "running") summary.tasks_pending++;
  };
  for (const doc of o.docs) {
    const refs = o.queued.docTasks.get(doc.id);
    if (!refs) continue;
    for (const r of refs) refresh(r, doc.filename);
    const proc = o.processOf.get(doc.id);
    const skippedTypes = o.queued.docSkipped.get(doc.id) ?? [];
    const base = { kind: "document" as const, document_id: doc.id, filename: doc.filename, process_id: proc?.id ?? null, process_key: proc?.key, previous_stage: null, new_stage: null, tasks: refs };
    const note = skippedTypes.length ? ` Not needed: ${skippedTypes.join("; ")}.` : "";
    if (!refs.length) {
      summary.skipped_no_action++;
      details.push({ ...base, action: "skipped", reason: `No task needed.${note}` });
    } else if (refs.some((r) => r.status === "failed")) {
      const errs = refs.filter((r) => r.status === "failed").map((r) => `${r.task_type}: ${r.error ?? "failed"}${r.error_kind === "transient" ? " (transient: retried on the next run)" : " (permanent: not retried)"}`);
      details.push({ ...base, action: "failed", reason: `${errs.join("; ")}.${note}` });
    } else if (refs.some((r) => r.status === "pending" || r.status === "running")) {
      details.push({ ...base, action: "pending", reason: `Timeout waiting for agents (${Math.round(o.timeoutMs / 1000)}s): tasks left pending for the next run.${note}` });
    } else if (refs.every((r) => !r.created && !r.requeued && !initiallyOpen.has(r.task_id))) {
      summary.skipped_no_action++;
      details.push({ ...base, action: "skipped", reason: `Already analysed: ${refs.length} completed tasks reused, no new work.${note}` });
    } else {
      details.push({ ...base, action: "analyzed", reason: `${refs.filter((r) => r.created).length} tasks created, ${refs.filter((r) => !r.created).length} reused; all completed.${note}` });
    }
  }
  const relationRef = o.relation.ref;
  if (relationRef) {
    refresh(relationRef, null);
    const noop = !relationRef.created && !relationRef.requeued && !initiallyOpen.has(relationRef.task_id);
    if (noop) summary.skipped_no_action++;
    details.push({
      kind: "relations", action: relationRef.status === "failed" ? "failed" : relationRef.status === "completed" ? (noop ? "skipped" : "analyzed") : "pending",
      previous_stage: null, new_stage: null, tasks: [relationRef],
      reason: relationRef.status === "failed" ? `Relation detection failed: ${relationRef.error}` : o.relation.reason,
    });
  } else if (o.relation.reason) {
    details.push({ kind: "relations", action: "skipped", previous_stage: null, new_stage: null, reason: o.relation.reason });
  }
  return failures;
}
