import type { Db } from "@/lib/db";

export type TaskType =
  | "orchestration"
  | "ingest"
  | "findings_extraction"
  | "timeline_extraction"
  | "entity_extraction"
  | "relation_detection"
  | "reembedding";

export type TaskStatus = "pending" | "running" | "completed" | "failed";

export interface AgentTask {
  id: string;
  deal_id: string;
  document_id: string | null;
  process_id: string | null;
  parent_task_id: string | null;
  task_type: TaskType;
  status: TaskStatus;
  idempotency_key: string;
  input: Record<string, unknown>;
  output_data: Record<string, unknown> | null;
  error_message: string | null;
  error_kind: "transient" | "permanent" | null;
  attempts: number;
  max_attempts: number;
  run_after: Date;
  lease_until: Date | null;
  locked_by: string | null;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
}

export interface TaskContext {
  db: Db;
  task: AgentTask;
  signal: AbortSignal;
}

/**
 * Standard audit trail stored in agent_tasks.output_data (seed 001 "Agent Output Data Standards").
 */
export interface TaskOutput {
  agent: string;
  version: string;
  model: string; // "rules" for the offline extractors
  timings: { startedAt: string; completedAt: string; durationMs: number };
  usage?: { inputTokens: number; outputTokens: number };
  costEstimateUsd?: number;
  skipped: { what: string; why: string }[];
  uncertainties: string[];
  summary: Record<string, unknown>;
}

/** A handler performs one task type; throwing a TransientTaskError asks for a retry with backoff. */
export type TaskHandler = (ctx: TaskContext) => Promise<TaskOutput>;

/** What a handler is called with beyond the task: the provider it talks to (for the circuit breaker). */
export interface TaskHandlerOptions {
  /**
   * The model provider this handler calls ("local", "openai", …), or a function of the task.
   * One circuit breaker per provider: while it is open, tasks of this handler are deferred.
   * Omitted: the configured model mode (local | openai).
   */
  provider?: string | ((task: AgentTask) => string);
}

/** Time source for the queue, the worker and the orchestrator; tests inject a manual clock. */
export interface Clock {
  now(): number; // epoch ms
  /** Resolves after ms (clock time); rejects with the signal's reason when aborted. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export type ErrorKind = "transient" | "permanent";

/** The error code stored beside error_kind in error_message (seed 000 "Error Handling"): the registry in lib/errors.ts. */
export type { TaskErrorCode } from "@/lib/errors";
