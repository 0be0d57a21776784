/**
 * What one orchestrator run is asked to do and what it reports: options, the summary counters,
 * per-document/process/relations/deal details and failures (stored as the orchestration task's
 * output_data, printed by `manda pipeline run`).
 */
import type { Db } from "@/lib/db";
import type { BreakerRegistry } from "./circuit-breaker";
import type { AgentTask, Clock, TaskType } from "./types";
import type { WorkerStats } from "./worker";

export const ORCHESTRATOR_AGENT = "Head Detective";
export const ORCHESTRATOR_VERSION = "3.0.0";
export const DEFAULT_TIMEOUT_MS = 120_000;

export interface RunPipelineOptions {
  db: Db;
  dealId: string;
  /** Only this document (its tasks; relation detection and stages still cover the deal). */
  documentId?: string;
  timeoutMs?: number;
  clock?: Clock;
  /** Run the queue in this process (default). Off: only wait for external workers. */
  inProcess?: boolean;
  concurrency?: number;
  /** Idle poll while waiting for tasks other workers hold. */
  pollMs?: number;
  leaseMs?: number;
  /** Failed tasks to re-queue: "transient" (default) or "all" (an analyst's explicit retry). */
  retryFailed?: "transient" | "all";
  breakers?: BreakerRegistry;
  /** Register the product handlers (kept off by tests that register stubs only). Default true. */
  registerHandlers?: boolean;
}

export interface TaskRef {
  task_id: string;
  task_type: TaskType;
  created: boolean;
  requeued: boolean;
  status: AgentTask["status"];
  attempts: number;
  error?: string | null;
  error_kind?: string | null;
}

export interface PipelineDetail {
  kind: "document" | "process" | "relations" | "deal";
  document_id?: string;
  filename?: string;
  process_id?: string | null;
  process_key?: string;
  action: string;
  previous_stage: string | null;
  new_stage: string | null;
  tasks?: TaskRef[];
  proof_page?: number | null;
  published_event_found?: boolean;
  reason: string;
}

export interface PipelineSummary {
  documents_analyzed: number;
  documents_not_ready: number;
  processes_analyzed: number;
  processes_detected: number;
  tasks_created: number;
  tasks_reused: number;
  tasks_requeued: number;
  tasks_recovered: number;
  tasks_completed: number;
  tasks_failed: number;
  tasks_pending: number;
  stages_updated: number;
  published_stages_updated: number;
  skipped_no_action: number;
  findings_promoted: number;
  events_extracted: number;
  entities_extracted: number;
  relations_created: number;
  review_items: number;
  contradictions: number;
  timed_out: boolean;
}

export type PipelineFailure = { task_id: string; task_type: string; document: string | null; error: string | null; kind: string | null; retried_next_run: boolean };

export interface PipelineResult {
  success: boolean;
  agent: string;
  version: string;
  mode: "batch" | "single";
  deal_id: string;
  orchestration_task_id: string | null;
  execution_time_ms: number;
  summary: PipelineSummary;
  details: PipelineDetail[];
  failures: PipelineFailure[];
  message?: string;
  error?: string;
  worker?: WorkerStats;
}

export function emptySummary(): PipelineSummary {
  return {
    documents_analyzed: 0, documents_not_ready: 0, processes_analyzed: 0, processes_detected: 0,
    tasks_created: 0, tasks_reused: 0, tasks_requeued: 0, tasks_recovered: 0, tasks_completed: 0, tasks_failed: 0, tasks_pending: 0,
    stages_updated: 0, published_stages_updated: 0, skipped_no_action: 0,
    findings_promoted: 0, events_extracted: 0, entities_extracted: 0, relations_created: 0, review_items: 0, contradictions: 0,
    timed_out: false,
  };
}

/** A task still to be worked on (by us or another worker). */
export const isOpen = (t: { status: AgentTask["status"] }) => t.status === "pending" || t.status === "running";

/** Counts an enqueue outcome as created, re-queued or reused. */
export function countEnqueued(summary: PipelineSummary, r: { created: boolean; requeued: boolean }): void {
  if (r.created) summary.tasks_created++;
  else if (r.requeued) summary.tasks_requeued++;
  else summary.tasks_reused++;
}

export function taskRef(task: AgentTask, taskType: TaskType, r: { created: boolean; requeued: boolean }): TaskRef {
  return { task_id: task.id, task_type: taskType, created: r.created, requeued: r.requeued, status: task.status, attempts: task.attempts, error: task.error_message, error_kind: task.error_kind };
}
