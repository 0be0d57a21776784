/**
 * The orchestrator (seed 000's "Head Detective", improved). One run:
 *
 *  1. records itself as an `orchestration` task (its output_data is the run's summary);
 *  2. returns tasks of crashed workers to the queue; detects public-inquiry processes;
 *  3. queues the specialist tasks each indexed document needs (lib/pipeline/rules.ts) — idempotent,
 *     so a re-run reuses pending/running/completed tasks and only transiently failed tasks are
 *     re-queued; documents added since the last run are simply new work (no backfill gap);
 *  4. runs the queue in-process (the embedded default; external `npm run worker` processes may
 *     claim the same tasks) and waits for ALL tasks at once, up to the timeout; tasks still open
 *     at the timeout are released back to pending and finish on the next run;
 *  5. queues relation detection for the deal once extraction is done, and waits for it;
 *  6. gathers evidence from the database and updates process and deal stages through the
 *     deterministic stage machines; returns (and stores) the summary.
 */
import type { Db } from "@/lib/db";
import { requireDeal } from "@/lib/db/queries/deals";
import { MandaError, isMandaError } from "@/lib/errors";
import { log } from "@/lib/log";
import { systemClock } from "./clock";
import { loadRunDocuments, queueDocumentTasks, type ProcessOf } from "./document-tasks";
import { registerDefaultHandlers } from "./handlers";
import { syncProcesses } from "./processes";
import { getTasks, recoverExpiredLeases } from "./queue";
import { runRelationStep } from "./relation-step";
import { reportOutcomes } from "./run-outcomes";
import { recordRunEnd, recordRunStart } from "./run-record";
import {
  DEFAULT_TIMEOUT_MS, emptySummary, ORCHESTRATOR_AGENT, ORCHESTRATOR_VERSION,
  type PipelineDetail, type PipelineResult, type RunPipelineOptions, type TaskRef,
} from "./run-result";
import { createRunWaiter } from "./run-waiter";
import { updateStages } from "./stage-updates";
import type { AgentTask } from "./types";

export {
  DEFAULT_TIMEOUT_MS, ORCHESTRATOR_AGENT, ORCHESTRATOR_VERSION,
  type PipelineDetail, type PipelineFailure, type PipelineResult, type PipelineSummary, type RunPipelineOptions, type TaskRef,
} from "./run-result";

interface Counts {
  findings: number;
  events: number;
  entities: number;
  relations: number;
}

async function counts(db: Db, dealId: string): Promise<Counts> {
  const { rows: [r] } = await db.query<Counts>(
    `select (select count(*) from findings where deal_id = $1 and status = 'active')::int as findings,
            (select count(*) from timeline_events where deal_id = $1)::int as events,
            (select count(*) from entities where deal_id = $1)::int as entities,
            (select count(*) from relations where deal_id = $1)::int as relations`,
    [dealId],
  );
  return { findings: Number(r.findings), events: Number(r.events), entities: Number(r.entities), relations: Number(r.relations) };
}

export async function runPipeline(o: RunPipelineOptions): Promise<PipelineResult> {
  const { db } = o;
  const clock = o.clock ?? systemClock;
  const t0 = clock.now();
  const timeoutMs = o.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = t0 + timeoutMs;
  const retryFailed = o.retryFailed === "all" ? true : "transient";
  if (o.registerHandlers ?? true) registerDefaultHandlers();

  await requireDeal({ db, ref: o.dealId });
  if (o.documentId) {
    const { rows } = await db.query("select 1 from documents where deal_id = $1 and id = $2", [o.dealId, o.documentId]);
    if (!rows.length) throw new MandaError("not_found:document", "No such document in this deal.");
  }
  const mode = o.documentId ? "single" : "batch";
  const workerId = `inproc-${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
  const summary = emptySummary();
  const details: PipelineDetail[] = [];
  const uncertainties: string[] = [];

  // 1. The run's own task.
  const orchId = crypto.randomUUID();
  await recordRunStart({ db, id: orchId, dealId: o.dealId, documentId: o.documentId, timeoutMs, mode, startedAt: t0, deadline, workerId });

  const waiter = createRunWaiter({
    db, dealId: o.dealId, workerId, clock, deadline, timeoutMs, pollMs: o.pollMs ?? 1000, inProcess: o.inProcess ?? true,
    concurrency: o.concurrency, leaseMs: o.leaseMs, breakers: o.breakers,
  });
  const workerStats = waiter.stats;

  const finish = async (result: Omit<PipelineResult, "agent" | "version" | "mode" | "deal_id" | "orchestration_task_id" | "execution_time_ms">): Promise<PipelineResult> => {
    const end = clock.now();
    const full: PipelineResult = {
      agent: `${ORCHESTRATOR_AGENT} v${ORCHESTRATOR_VERSION.split(".")[0]}`, version: ORCHESTRATOR_VERSION, mode, deal_id: o.dealId,
      orchestration_task_id: orchId, execution_time_ms: end - t0, ...result,
    };
    await recordRunEnd({ db, result: full, startedAt: t0, endedAt: end, details, uncertainties });
    return full;
  };

  try {
    const before = await counts(db, o.dealId);

    // 2. Crashed workers' tasks back to the queue; processes.
    const recovered = await recoverExpiredLeases({ db, clock, dealId: o.dealId });
    summary.tasks_recovered = recovered.requeued;
    const procSync = await syncProcesses({ db, dealId: o.dealId });
    summary.processes_detected = procSync.created;
    const processOf: ProcessOf = new Map();
    for (const p of procSync.processes) for (const d of p.documents) processOf.set(d.documentId, { id: p.id, key: p.key });

    // 3. Specialist tasks per document.
    const docs = await loadRunDocuments(db, o.dealId, o.documentId);
    const initiallyOpen = new Set<string>();
    const queued = await queueDocumentTasks({ db, dealId: o.dealId, orchestrationId: orchId, docs, processOf, retryFailed, clock, summary, details, initiallyOpen });

    // 4. Run and wait for every document task at once.
    const extractionIds = [...queued.docTasks.values()].flat().map((r) => r.task_id);
    let finalTasks = new Map<string, AgentTask>();
    let timedOut = false;
    if (extractionIds.length) {
      const w = await waiter.waitAll(extractionIds);
      for (const t of w.tasks) finalTasks.set(t.id, t);
      timedOut = !w.done;
    }

    // 5. Relation detection once the deal's extraction is finished.
    let relation: { ref: TaskRef | null; reason: string } = { ref: null, reason: "" };
    if (!timedOut) {
      const step = await runRelationStep({ db, dealId: o.dealId, orchestrationId: orchId, documentCount: docs.length, retryFailed, clock, summary, initiallyOpen, waiter });
      relation = step;
      timedOut = step.timedOut;
      if (step.task) finalTasks.set(step.task.id, step.task);
    }

    if (timedOut) {
      await waiter.stop();
      summary.timed_out = true;
      const all = await getTasks(db, extractionIds.concat(relation.ref ? [relation.ref.task_id] : []));
      finalTasks = new Map(all.map((t) => [t.id, t]));
    } else {
      await waiter.settle();
    }

    // Task outcomes, per document and for relation detection.
    const failures = reportOutcomes({ docs, queued, processOf, finalTasks, initiallyOpen, relation, timeoutMs, summary, details });

    // 6. Stages from evidence.
    const createdProcessIds = new Set(procSync.processes.filter((p) => p.created).map((p) => p.id));
    const deal = await updateStages({ db, dealId: o.dealId, clock, createdProcessIds, summary, details });

    const after = await counts(db, o.dealId);
    summary.findings_promoted = after.findings - before.findings;
    summary.events_extracted = after.events - before.events;
    summary.entities_extracted = after.entities - before.entities;
    summary.relations_created = after.relations - before.relations;

    let message: string | undefined;
    const nothingNew = summary.tasks_created === 0 && summary.tasks_requeued === 0 && summary.tasks_recovered === 0 && summary.stages_updated === 0
      && summary.tasks_completed === 0 && !timedOut && procSync.linksChanged === 0 && !deal.changed;
    if (summary.documents_analyzed === 0) {
      message = summary.documents_not_ready ? `No indexed documents yet (${summary.documents_not_ready} not ready)` : "No indexed documents in this deal";
    } else if (timedOut) {
      message = `Timeout waiting for agents (${Math.round(timeoutMs / 1000)}s): ${summary.tasks_pending} tasks left pending for the next run`;
      uncertainties.push(message);
    } else if (nothingNew) {
      message = `Nothing new: ${summary.documents_analyzed} documents already analysed, stages unchanged (${deal.result.stage})`;
    } else if (summary.tasks_failed) {
      message = `${summary.tasks_failed} tasks failed (${failures.filter((f) => f.retried_next_run).length} transient: retried on the next run)`;
    }
    return await finish({ success: true, summary, details, failures, message, worker: workerStats });
  } catch (e) {
    if (!waiter.stopped) await waiter.stop().catch(() => {});
    log.error("pipeline run failed", { deal: o.dealId, error: e });
    const error = isMandaError(e) ? e.message : `Database error: ${(e as Error)?.message ?? String(e)}`;
    return finish({ success: false, summary, details, failures: [], error, worker: workerStats });
  }
}
