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
import type { BreakerRegistry } from "./circuit-breaker";
import { systemClock } from "./clock";
import { registerDefaultHandlers } from "./handlers";
import { syncProcesses } from "./processes";
import { enqueueTask, getTasks, recoverExpiredLeases } from "./queue";
import { DOCUMENT_TASK_TYPES, documentTaskKey, planDocumentTasks, relationTaskKey } from "./rules";
import { updateDealStage } from "./stages/deal";
import { computeProcessStage, explainProcessStage, gatherProcessEvidence, proofPage, type ProcessStage } from "./stages/process";
import type { AgentTask, Clock, TaskOutput, TaskType } from "./types";
import { drainQueue, type WorkerStats } from "./worker";

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
  failures: { task_id: string; task_type: string; document: string | null; error: string | null; kind: string | null; retried_next_run: boolean }[];
  message?: string;
  error?: string;
  worker?: WorkerStats;
}

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

const open = (t: AgentTask) => t.status === "pending" || t.status === "running";
const addStats = (a: WorkerStats, b: WorkerStats) => {
  for (const k of Object.keys(a) as (keyof WorkerStats)[]) a[k] += b[k];
};

interface DocRow {
  id: string;
  filename: string;
  sha256: string;
  status: string;
  format: string | null;
  kind: string | null;
  page_count: number | null;
  error: string | null;
}

export async function runPipeline(o: RunPipelineOptions): Promise<PipelineResult> {
  const { db } = o;
  const clock = o.clock ?? systemClock;
  const t0 = clock.now();
  const timeoutMs = o.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = t0 + timeoutMs;
  const pollMs = o.pollMs ?? 1000;
  const inProcess = o.inProcess ?? true;
  const retryFailed = o.retryFailed === "all" ? true : "transient";
  if (o.registerHandlers ?? true) registerDefaultHandlers();

  await requireDeal({ db, ref: o.dealId });
  if (o.documentId) {
    const { rows } = await db.query("select 1 from documents where deal_id = $1 and id = $2", [o.dealId, o.documentId]);
    if (!rows.length) throw new MandaError("not_found:document", "No such document in this deal.");
  }
  const mode = o.documentId ? "single" : "batch";
  const workerId = `inproc-${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
  const summary: PipelineSummary = {
    documents_analyzed: 0, documents_not_ready: 0, processes_analyzed: 0, processes_detected: 0,
    tasks_created: 0, tasks_reused: 0, tasks_requeued: 0, tasks_recovered: 0, tasks_completed: 0, tasks_failed: 0, tasks_pending: 0,
    stages_updated: 0, published_stages_updated: 0, skipped_no_action: 0,
    findings_promoted: 0, events_extracted: 0, entities_extracted: 0, relations_created: 0, review_items: 0, contradictions: 0,
    timed_out: false,
  };
  const details: PipelineDetail[] = [];
  const uncertainties: string[] = [];
  const workerStats: WorkerStats = { claimed: 0, completed: 0, failed: 0, retried: 0, deferred: 0, released: 0, lost: 0 };

  // 1. The run's own task (never claimed by workers: no handler is registered for it).
  const orchId = crypto.randomUUID();
  await db.query(
    `insert into agent_tasks (id, deal_id, document_id, task_type, status, idempotency_key, input, attempts, max_attempts,
                              run_after, lease_until, locked_by, created_at, started_at)
     values ($1, $2, $3, 'orchestration', 'running', $4, $5::text::jsonb, 1, 1, $6::timestamptz, $7::timestamptz, $8, $6::timestamptz, $6::timestamptz)`,
    [orchId, o.dealId, o.documentId ?? null, `orchestration:${o.dealId}:${orchId}`, JSON.stringify({ documentId: o.documentId ?? null, timeoutMs, mode }),
      new Date(t0).toISOString(), new Date(deadline + 60_000).toISOString(), workerId],
  );

  const finish = async (result: Omit<PipelineResult, "agent" | "version" | "mode" | "deal_id" | "orchestration_task_id" | "execution_time_ms">): Promise<PipelineResult> => {
    const end = clock.now();
    const full: PipelineResult = {
      agent: `${ORCHESTRATOR_AGENT} v${ORCHESTRATOR_VERSION.split(".")[0]}`, version: ORCHESTRATOR_VERSION, mode, deal_id: o.dealId,
      orchestration_task_id: orchId, execution_time_ms: end - t0, ...result,
    };
    const output: TaskOutput & Record<string, unknown> = {
      agent: ORCHESTRATOR_AGENT, version: ORCHESTRATOR_VERSION, model: "rules",
      timings: { startedAt: new Date(t0).toISOString(), completedAt: new Date(end).toISOString(), durationMs: end - t0 },
      skipped: details.filter((d) => d.action === "skipped").map((d) => ({ what: d.filename ?? d.process_key ?? d.kind, why: d.reason })),
      uncertainties,
      summary: full.summary as unknown as Record<string, unknown>,
      success: full.success, message: full.message, error: full.error, details: full.details, failures: full.failures,
    };
    await db.query(
      `update agent_tasks set status = $2, output_data = $3::text::jsonb, completed_at = $4::timestamptz, lease_until = null,
              error_message = $5, error_kind = $6 where id = $1`,
      [orchId, full.success ? "completed" : "failed", JSON.stringify(output), new Date(end).toISOString(), full.error ?? null, full.error ? "permanent" : null],
    ).catch((e) => log.error("could not store the orchestration result", { task: orchId, error: e }));
    return full;
  };

  // In-process worker shared by both waits; aborted (tasks released) on timeout.
  const hardAbort = new AbortController();
  let drain: Promise<WorkerStats> | null = null;
  const startDrain = () => {
    if (!inProcess || drain) return;
    drain = drainQueue({ db, dealId: o.dealId, workerId, clock, concurrency: o.concurrency, leaseMs: o.leaseMs, breakers: o.breakers, abort: hardAbort.signal })
      .then((s) => (addStats(workerStats, s), s))
      .finally(() => { drain = null; });
  };

  /** Waits for all of `ids` at once; false when the deadline passed first. */
  const waitAll = async (ids: string[]): Promise<{ done: boolean; tasks: AgentTask[] }> => {
    for (;;) {
      const tasks = await getTasks(db, ids);
      if (!tasks.some(open)) return { done: true, tasks };
      const remaining = deadline - clock.now();
      if (remaining <= 0) return { done: false, tasks };
      const stop = new AbortController();
      const timers: Promise<unknown>[] = [clock.sleep(remaining, stop.signal).catch(() => {})];
      const before = workerStats.claimed;
      startDrain();
      const current = drain as Promise<WorkerStats> | null;
      if (current) timers.push(current.catch(() => {}));
      else timers.push(clock.sleep(Math.min(pollMs, remaining), stop.signal).catch(() => {}));
      await Promise.race(timers);
      stop.abort();
      // The drain found nothing to claim (other workers hold the tasks): poll instead of spinning.
      if (current && !drain && workerStats.claimed === before && clock.now() < deadline) {
        const s = new AbortController();
        await clock.sleep(Math.min(pollMs, deadline - clock.now()), s.signal).catch(() => {});
      }
    }
  };

  const stopInProcess = async () => {
    hardAbort.abort(new Error(`pipeline run timed out after ${Math.round(timeoutMs / 1000)}s`));
    const current = drain as Promise<WorkerStats> | null;
    if (current) {
      const grace = new AbortController();
      await Promise.race([current.catch(() => {}), clock.sleep(5_000, grace.signal).catch(() => {})]);
      grace.abort();
    }
    // Anything our worker still holds (a handler that ignored the abort) goes back to pending now.
    const { rowCount } = await db.query(
      `update agent_tasks set status = 'pending', attempts = greatest(attempts - 1, 0), lease_until = null, locked_by = null,
              started_at = null, run_after = $2::timestamptz, error_message = 'RELEASED: pipeline run timed out; will run again'
        where locked_by = $1 and status = 'running'`,
      [workerId, new Date(clock.now()).toISOString()],
    );
    workerStats.released += rowCount;
  };

  try {
    const before = await counts(db, o.dealId);

    // 2. Crashed workers' tasks back to the queue; processes.
    const recovered = await recoverExpiredLeases({ db, clock, dealId: o.dealId });
    summary.tasks_recovered = recovered.requeued;
    const procSync = await syncProcesses({ db, dealId: o.dealId });
    summary.processes_detected = procSync.created;
    const processOf = new Map<string, { id: string; key: string }>();
    for (const p of procSync.processes) for (const d of p.documents) processOf.set(d.documentId, { id: p.id, key: p.key });

    // 3. Specialist tasks per document.
    const { rows: docs } = await db.query<DocRow>(
      `select id, filename, sha256, status, format, kind, page_count, error from documents
        where deal_id = $1 and ($2::uuid is null or id = $2::uuid) order by created_at, filename`,
      [o.dealId, o.documentId ?? null],
    );
    const docTasks = new Map<string, TaskRef[]>();
    const docSkipped = new Map<string, string[]>();
    const initiallyOpen = new Set<string>();
    for (const doc of docs) {
      if (doc.status !== "indexed") {
        summary.documents_not_ready++;
        details.push({
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
        const proc = processOf.get(doc.id);
        const { task, created, requeued } = await enqueueTask({
          db, dealId: o.dealId, documentId: doc.id, processId: proc?.id ?? null, parentTaskId: orchId, taskType,
          idempotencyKey: documentTaskKey(taskType, doc), retryFailed, clock,
          input: { documentId: doc.id, filename: doc.filename, processId: proc?.id ?? null, processKey: proc?.key ?? null },
        });
        if (created) summary.tasks_created++;
        else if (requeued) summary.tasks_requeued++;
        else summary.tasks_reused++;
        if (open(task)) initiallyOpen.add(task.id);
        refs.push({ task_id: task.id, task_type: taskType, created, requeued, status: task.status, attempts: task.attempts, error: task.error_message, error_kind: task.error_kind });
      }
      docTasks.set(doc.id, refs);
    }

    // 4. Run and wait for every document task at once.
    const extractionIds = [...docTasks.values()].flat().map((r) => r.task_id);
    let finalTasks = new Map<string, AgentTask>();
    let timedOut = false;
    if (extractionIds.length) {
      const w = await waitAll(extractionIds);
      for (const t of w.tasks) finalTasks.set(t.id, t);
      timedOut = !w.done;
    }

    // 5. Relation detection once the deal's extraction is finished.
    let relationRef: TaskRef | null = null;
    let relationReason = "";
    if (!timedOut) {
      const { rows: ext } = await db.query<{ id: string; status: string }>(
        `select t.id, t.status from agent_tasks t join documents d on d.id = t.document_id
          where t.deal_id = $1 and d.status = 'indexed' and t.task_type = any(string_to_array($2::text, ','))`,
        [o.dealId, DOCUMENT_TASK_TYPES.join(",")],
      );
      const unfinished = ext.filter((t) => t.status === "pending" || t.status === "running").length;
      const completed = ext.filter((t) => t.status === "completed").map((t) => t.id);
      // Documents never queued (a single-document run, or indexed since): relations wait for them too.
      const { rows: [nq] } = await db.query<{ n: number }>(
        `select count(*)::int as n from documents d where d.deal_id = $1 and d.status = 'indexed' and coalesce(d.page_count, 0) > 0
            and not exists (select 1 from agent_tasks t where t.document_id = d.id and t.task_type = any(string_to_array($2::text, ',')))`,
        [o.dealId, DOCUMENT_TASK_TYPES.join(",")],
      );
      const notQueued = Number(nq.n);
      if (unfinished) relationReason = `Relation detection waits: ${unfinished} extraction tasks of other documents are not finished`;
      else if (notQueued) relationReason = `Relation detection waits: ${notQueued} document${notQueued === 1 ? "" : "s"} not extracted yet`;
      else if (!completed.length) relationReason = "Relation detection skipped: no completed extraction yet";
      else {
        const { task, created, requeued } = await enqueueTask({
          db, dealId: o.dealId, taskType: "relation_detection", parentTaskId: orchId, retryFailed, clock,
          idempotencyKey: relationTaskKey(o.dealId, completed), input: { extractionTaskIds: completed.length, documents: docs.length },
        });
        if (created) summary.tasks_created++;
        else if (requeued) summary.tasks_requeued++;
        else summary.tasks_reused++;
        if (open(task)) initiallyOpen.add(task.id);
        const w = await waitAll([task.id]);
        timedOut = !w.done;
        const t = w.tasks[0] ?? task;
        finalTasks.set(t.id, t);
        relationRef = { task_id: t.id, task_type: "relation_detection", created, requeued, status: t.status, attempts: t.attempts, error: t.error_message, error_kind: t.error_kind };
        relationReason = created || requeued ? "Relation detection over the deal's extracted documents" : "Relation detection already done for this set of documents";
      }
    }

    if (timedOut) {
      await stopInProcess();
      summary.timed_out = true;
      const all = await getTasks(db, [...docTasks.values()].flat().map((r) => r.task_id).concat(relationRef ? [relationRef.task_id] : []));
      finalTasks = new Map(all.map((t) => [t.id, t]));
    } else if (drain) {
      await drain;
    }

    // Task outcomes, per document.
    const failures: PipelineResult["failures"] = [];
    const refresh = (r: TaskRef, filename: string | null) => {
      const t = finalTasks.get(r.task_id);
      if (t) Object.assign(r, { status: t.status, attempts: t.attempts, error: t.error_message, error_kind: t.error_kind });
      if (r.status === "completed" && initiallyOpen.has(r.task_id)) summary.tasks_completed++;
      if (r.status === "failed") {
        summary.tasks_failed++;
        failures.push({ task_id: r.task_id, task_type: r.task_type, document: filename, error: r.error ?? null, kind: r.error_kind ?? null, retried_next_run: r.error_kind === "transient" });
      }
      if (r.status === "pending" || r.status === "running") summary.tasks_pending++;
    };
    for (const doc of docs) {
      const refs = docTasks.get(doc.id);
      if (!refs) continue;
      for (const r of refs) refresh(r, doc.filename);
      const proc = processOf.get(doc.id);
      const skippedTypes = docSkipped.get(doc.id) ?? [];
      const base = { kind: "document" as const, document_id: doc.id, filename: doc.filename, process_id: proc?.id ?? null, process_key: proc?.key, previous_stage: null, new_stage: null, tasks: refs };
      const note = skippedTypes.length ? ` Not needed: ${skippedTypes.join("; ")}.` : "";
      if (!refs.length) {
        summary.skipped_no_action++;
        details.push({ ...base, action: "skipped", reason: `No task needed.${note}` });
      } else if (refs.some((r) => r.status === "failed")) {
        const errs = refs.filter((r) => r.status === "failed").map((r) => `${r.task_type}: ${r.error ?? "failed"}${r.error_kind === "transient" ? " (transient: retried on the next run)" : " (permanent: not retried)"}`);
        details.push({ ...base, action: "failed", reason: `${errs.join("; ")}.${note}` });
      } else if (refs.some((r) => r.status === "pending" || r.status === "running")) {
        details.push({ ...base, action: "pending", reason: `Timeout waiting for agents (${Math.round(timeoutMs / 1000)}s): tasks left pending for the next run.${note}` });
      } else if (refs.every((r) => !r.created && !r.requeued && !initiallyOpen.has(r.task_id))) {
        summary.skipped_no_action++;
        details.push({ ...base, action: "skipped", reason: `Already analysed: ${refs.length} completed tasks reused, no new work.${note}` });
      } else {
        details.push({ ...base, action: "analyzed", reason: `${refs.filter((r) => r.created).length} tasks created, ${refs.filter((r) => !r.created).length} reused; all completed.${note}` });
      }
    }
    if (relationRef) {
      refresh(relationRef, null);
      const noop = !relationRef.created && !relationRef.requeued && !initiallyOpen.has(relationRef.task_id);
      if (noop) summary.skipped_no_action++;
      details.push({
        kind: "relations", action: relationRef.status === "failed" ? "failed" : relationRef.status === "completed" ? (noop ? "skipped" : "analyzed") : "pending",
        previous_stage: null, new_stage: null, tasks: [relationRef],
        reason: relationRef.status === "failed" ? `Relation detection failed: ${relationRef.error}` : relationReason,
      });
    } else if (relationReason) {
      details.push({ kind: "relations", action: "skipped", previous_stage: null, new_stage: null, reason: relationReason });
    }

    // 6. Stages from evidence.
    const { rows: processes } = await db.query<{ id: string; process_key: string; stage: ProcessStage; stage_explanation: string | null }>(
      "select id, process_key, stage, stage_explanation from processes where deal_id = $1 order by process_key",
      [o.dealId],
    );
    const created = new Set(procSync.processes.filter((p) => p.created).map((p) => p.id));
    for (const p of processes) {
      summary.processes_analyzed++;
      const evidence = await gatherProcessEvidence({ db, dealId: o.dealId, processId: p.id });
      const result = computeProcessStage(evidence);
      const explanation = explainProcessStage(result, evidence);
      const stageChanged = p.stage !== result.stage;
      const textChanged = p.stage_explanation !== explanation;
      if (stageChanged || textChanged) {
        await db.query("update processes set stage = $2, stage_explanation = $3, updated_at = $4::timestamptz where id = $1", [p.id, result.stage, explanation, new Date(clock.now()).toISOString()]);
      }
      const isNew = created.has(p.id);
      if (stageChanged || isNew) {
        summary.stages_updated++;
        if (result.stage === "published") summary.published_stages_updated++;
      } else summary.skipped_no_action++;
      details.push({
        kind: "process", process_id: p.id, process_key: p.process_key,
        action: isNew ? "created" : stageChanged ? "stage_updated" : "skipped",
        previous_stage: isNew ? null : p.stage, new_stage: stageChanged || isNew ? result.stage : null,
        proof_page: proofPage(result, evidence), published_event_found: evidence.hasSouPublishedEvent,
        reason: stageChanged || isNew ? explanation : `Stadiet är redan ${p.stage}; ingen ändring behövs. ${explanation}`,
      });
    }
    const deal = await updateDealStage({ db, dealId: o.dealId });
    const dealStageChanged = deal.previous !== deal.result.stage;
    if (dealStageChanged) summary.stages_updated++;
    details.push({
      kind: "deal", action: dealStageChanged ? "stage_updated" : "skipped",
      previous_stage: deal.previous, new_stage: dealStageChanged ? deal.result.stage : null, reason: deal.result.explanation,
    });
    summary.review_items = deal.evidence.reviewItems;
    summary.contradictions = deal.evidence.contradictions;

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
    if (!hardAbort.signal.aborted) await stopInProcess().catch(() => {});
    log.error("pipeline run failed", { deal: o.dealId, error: e });
    const error = isMandaError(e) ? e.message : `Database error: ${(e as Error)?.message ?? String(e)}`;
    return finish({ success: false, summary, details, failures: [], error, worker: workerStats });
  }
}
