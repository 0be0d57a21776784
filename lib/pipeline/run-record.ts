/**
 * The orchestrator run's own `orchestration` task: inserted as running when the run starts
 * (never claimed by workers: no handler is registered for it) and completed or failed with the
 * run's result as output_data when it ends.
 */
import type { Db } from "@/lib/db";
import { log } from "@/lib/log";
import { ORCHESTRATOR_AGENT, ORCHESTRATOR_VERSION, type PipelineDetail, type PipelineResult } from "./run-result";
import type { TaskOutput } from "./types";

export async function recordRunStart(o: {
  db: Db; id: string; dealId: string; documentId?: string; timeoutMs: number; mode: PipelineResult["mode"];
  startedAt: number; deadline: number; workerId: string;
}): Promise<void> {
  await o.db.query(
    `insert into agent_tasks (id, deal_id, document_id, task_type, status, idempotency_key, input, attempts, max_attempts,
                              run_after, lease_until, locked_by, created_at, started_at)
     values ($1, $2, $3, 'orchestration', 'running', $4, $5::text::jsonb, 1, 1, $6::timestamptz, $7::timestamptz, $8, $6::timestamptz, $6::timestamptz)`,
    [o.id, o.dealId, o.documentId ?? null, `orchestration:${o.dealId}:${o.id}`, JSON.stringify({ documentId: o.documentId ?? null, timeoutMs: o.timeoutMs, mode: o.mode }),
      new Date(o.startedAt).toISOString(), new Date(o.deadline + 60_000).toISOString(), o.workerId],
  );
}

/** Stores the run's result on its task; a failure to store is logged, never thrown. */
export async function recordRunEnd(o: {
  db: Db; result: PipelineResult; startedAt: number; endedAt: number; details: PipelineDetail[]; uncertainties: string[];
}): Promise<void> {
  const { result: full, startedAt: t0, endedAt: end, details } = o;
  const output: TaskOutput & Record<string, unknown> = {
    agent: ORCHESTRATOR_AGENT, version: ORCHESTRATOR_VERSION, model: "rules",
    timings: { startedAt: new Date(t0).toISOString(), completedAt: new Date(end).toISOString(), durationMs: end - t0 },
    skipped: details.filter((d) => d.action === "skipped").map((d) => ({ what: d.filename ?? d.process_key ?? d.kind, why: d.reason })),
    uncertainties: o.uncertainties,
    summary: full.summary as unknown as Record<string, unknown>,
    success: full.success, message: full.message, error: full.error, details: full.details, failures: full.failures,
  };
  await o.db.query(
    `update agent_tasks set status = $2, output_data = $3::text::jsonb, completed_at = $4::timestamptz, lease_until = null,
            error_message = $5, error_kind = $6 where id = $1`,
    [full.orchestration_task_id, full.success ? "completed" : "failed", JSON.stringify(output), new Date(end).toISOString(), full.error ?? null, full.error ? "permanent" : null],
  ).catch((e) => log.error("could not store the orchestration result", { task: full.orchestration_task_id, error: e }));
}
