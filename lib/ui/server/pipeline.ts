/**
 * Pipeline monitor reads and the "re-run" button: tasks from agent_tasks (status, attempts,
 * timings, errors, output summary) and one background orchestrator run per deal per process.
 */
import "server-only";
import type { Db, Queryable } from "@/lib/db";
import { MandaError } from "@/lib/errors";
import { log } from "@/lib/log";
import { listTasksWithFilenames } from "@/lib/db/queries/tasks";
import { runPipeline } from "@/lib/pipeline/orchestrator";
import type { PipelineRunState, PipelineTaskView } from "../pipeline";

const iso = (d: unknown) => (d == null ? null : new Date(d as string).toISOString());
const SCORE_KEY = /confidence|score|similarity|distance|probability/i;

/** Turns a task's output_data into short lines: counts and names, no scores. */
export function summariseOutput(out: unknown): string[] {
  if (!out || typeof out !== "object") return [];
  const o = out as Record<string, unknown>;
  const lines: string[] = [];
  const src = (o.summary && typeof o.summary === "object" ? (o.summary as Record<string, unknown>) : o);
  for (const [k, v] of Object.entries(src)) {
    if (SCORE_KEY.test(k)) continue;
    if (typeof v === "number" && Number.isFinite(v) && v !== 0 && !/_ms$|ms$|tokens|cost/i.test(k)) lines.push(`${k.replace(/_/g, " ")}: ${v}`);
    else if (typeof v === "boolean" && v && !/success/.test(k)) lines.push(k.replace(/_/g, " "));
    if (lines.length >= 6) break;
  }
  if (typeof o.agent === "string") lines.push(`agent: ${o.agent}${typeof o.version === "string" ? ` ${o.version}` : ""}`);
  if (typeof o.model === "string") lines.push(`model: ${o.model}`);
  if (typeof o.skipped === "string") lines.push(`skipped: ${o.skipped}`);
  return lines.slice(0, 8);
}

export async function listPipelineTasks({ db, dealId, status, limit = 300 }: { db: Queryable; dealId: string; status?: string; limit?: number }): Promise<PipelineTaskView[]> {
  try {
    const rows = await listTasksWithFilenames({ db, dealId, status: status ?? null, limit });
    return rows.map((r) => {
      const started = iso(r.started_at);
      const completed = iso(r.completed_at);
      const out = typeof r.output_data === "string" ? JSON.parse(r.output_data) : r.output_data;
      // An ingest task ends "completed" when it recorded its file's failure on the document: the
      // file did fail to ingest, and the monitor says so (it said "completed").
      const ingestFailed = r.task_type === "ingest" && r.status === "completed" && r.document_status === "failed";
      return {
        id: String(r.id), taskType: String(r.task_type), status: (ingestFailed ? "failed" : r.status) as PipelineTaskView["status"],
        documentId: (r.document_id as string | null) ?? null, filename: (r.filename as string | null) ?? null,
        attempts: Number(r.attempts ?? 0), maxAttempts: Number(r.max_attempts ?? 0),
        error: (r.error_message as string | null) ?? (ingestFailed ? ((r.document_error as string | null) ?? "The file could not be read.") : null),
        errorKind: (r.error_kind as string | null) ?? (ingestFailed ? "permanent" : null),
        createdAt: iso(r.created_at)!, startedAt: started, completedAt: completed,
        durationMs: started && completed ? new Date(completed).getTime() - new Date(started).getTime() : null,
        summary: summariseOutput(out),
      };
    });
  } catch (e) {
    if (/agent_tasks/.test(String((e as Error)?.message))) return [];
    throw e;
  }
}

const g = globalThis as unknown as { __mandaPipelineRuns?: Map<string, PipelineRunState> };
const runs = () => (g.__mandaPipelineRuns ??= new Map());

export function getPipelineRun(dealId: string): PipelineRunState | null {
  return runs().get(dealId) ?? null;
}

export async function startPipelineRun({ db, dealId, documentId, retryFailed }: { db: Db; dealId: string; documentId?: string; retryFailed: "transient" | "all" }): Promise<PipelineRunState> {
  const current = runs().get(dealId);
  if (current?.state === "running") throw new MandaError("conflict:pipeline_running", "The pipeline is already running for this deal.");
  const run: PipelineRunState = { state: "running", startedAt: new Date().toISOString() };
  runs().set(dealId, run);
  void runPipeline({ db, dealId, documentId, retryFailed }).then(
    (r) => {
      run.state = r.success ? "done" : "failed";
      run.message = r.message ?? r.error;
      run.summary = r.summary;
      run.finishedAt = new Date().toISOString();
    },
    (e) => {
      log.error("pipeline run failed", { dealId, error: e instanceof Error ? e.message : String(e) });
      run.state = "failed";
      run.message = "The pipeline run failed; see the failed tasks below.";
      run.finishedAt = new Date().toISOString();
    },
  );
  return run;
}
