/**
 * Workers claim tasks from the blackboard and run the registered handler for each task type.
 * In the embedded default the orchestrator drains the queue in-process (`drainQueue`); with
 * DATABASE_URL any number of `npm run worker` processes claim side by side (SKIP LOCKED).
 */
import { getConfig } from "@/lib/config";
import type { Db } from "@/lib/db";
import { log } from "@/lib/log";
import { BreakerRegistry, defaultBreakers } from "./circuit-breaker";
import { systemClock } from "./clock";
import { classifyError, PermanentTaskError } from "./errors";
import { claimTask, completeTask, deferTask, DEFAULT_LEASE_MS, failTask, heartbeat, releaseTask } from "./queue";
import type { AgentTask, Clock, TaskHandler, TaskHandlerOptions, TaskOutput } from "./types";

interface Registered {
  handler: TaskHandler;
  options: TaskHandlerOptions;
}

const registry = new Map<string, Registered>();

/** Registers the handler for a task type (replacing any earlier one). */
export function registerTaskHandler(type: string, handler: TaskHandler, options: TaskHandlerOptions = {}): void {
  registry.set(type, { handler, options });
}

export function unregisterTaskHandler(type: string): void {
  registry.delete(type);
}

export function getTaskHandler(type: string): Registered | undefined {
  return registry.get(type);
}

export function registeredTaskTypes(): string[] {
  return [...registry.keys()];
}

export interface WorkerStats {
  claimed: number;
  completed: number;
  failed: number;
  retried: number;
  deferred: number;
  released: number;
  /** Finished after another worker had taken the task over (lease lost): result discarded. */
  lost: number;
}

export interface WorkerOptions {
  db: Db;
  workerId?: string;
  /** "drained": stop when nothing is left to do (waiting for due retries); a signal: run until aborted. */
  until: "drained" | AbortSignal;
  concurrency?: number;
  /** Claim only these types (default: every registered type). */
  types?: readonly string[];
  /** Claim only this deal's tasks. */
  dealId?: string;
  leaseMs?: number;
  clock?: Clock;
  breakers?: BreakerRegistry;
  /** Idle wait between empty claims when running until a signal. */
  pollMs?: number;
  /** In "drained" mode, wait for retries that fall due within this many ms (default: always). */
  maxRetryWaitMs?: number;
  /** After the stop signal, in-flight handlers get this long before they are aborted and released. */
  stopGraceMs?: number;
  /** Aborts in-flight handlers at once and releases their tasks (the orchestrator's timeout). */
  abort?: AbortSignal;
  onTask?: (event: { task: AgentTask; outcome: keyof WorkerStats | "started"; error?: string }) => void;
}

function providerFor(task: AgentTask, options: TaskHandlerOptions): string {
  const p = options.provider;
  if (typeof p === "function") return p(task);
  if (p) return p;
  return getConfig().modelMode;
}

/** Fills in what a handler left out so every output_data has the TaskOutput shape. */
export function normaliseOutput(out: Partial<TaskOutput> | undefined, task: AgentTask, startedAt: number, completedAt: number, workerId: string): TaskOutput & Record<string, unknown> {
  const o = (out ?? {}) as Partial<TaskOutput> & Record<string, unknown>;
  return {
    ...o,
    agent: o.agent ?? task.task_type,
    version: o.version ?? "0.0.0",
    model: o.model ?? "unknown",
    timings: o.timings ?? { startedAt: new Date(startedAt).toISOString(), completedAt: new Date(completedAt).toISOString(), durationMs: completedAt - startedAt },
    usage: o.usage,
    costEstimateUsd: o.costEstimateUsd ?? (o.usage ? 0 : undefined),
    skipped: o.skipped ?? [],
    uncertainties: o.uncertainties ?? [],
    summary: o.summary ?? {},
    worker: { id: workerId, attempt: task.attempts },
  };
}

/**
 * When the next pending task of this scope falls due (ms from now), or null when none is left.
 * Rows locked by a concurrent claim are skipped: another loop is taking them, so they are not
 * ours to wait for.
 */
async function nextDueIn(db: Db, o: { dealId?: string; types: readonly string[]; now: number }): Promise<number | null> {
  const { rows } = await db.query<{ run_after: Date | string }>(
    `select run_after from agent_tasks
      where status = 'pending'
        and task_type = any(string_to_array($1::text, ','))
        and ($2::uuid is null or deal_id = $2::uuid)
      order by run_after limit 1
      for update skip locked`,
    [o.types.join(","), o.dealId ?? null],
  );
  const due = rows[0]?.run_after;
  if (due == null) return null;
  return Math.max(0, new Date(due).getTime() - o.now);
}

/** Runs workers until drained or stopped; returns what happened. */
export async function runWorker(o: WorkerOptions): Promise<WorkerStats> {
  const clock = o.clock ?? systemClock;
  const workerId = o.workerId ?? `worker-${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
  const leaseMs = o.leaseMs ?? DEFAULT_LEASE_MS;
  const breakers = o.breakers ?? defaultBreakers;
  const types = o.types ?? registeredTaskTypes();
  const stats: WorkerStats = { claimed: 0, completed: 0, failed: 0, retried: 0, deferred: 0, released: 0, lost: 0 };
  if (types.length === 0) return stats;

  const stopSignal = o.until === "drained" ? undefined : o.until;
  const hardAbort = new AbortController();
  const stopWaits = new AbortController(); // wakes idle sleeps when stopping
  const onStop = () => {
    stopWaits.abort();
    if (!o.stopGraceMs) hardAbort.abort(new Error("worker stopped"));
    else void clock.sleep(o.stopGraceMs).then(() => hardAbort.abort(new Error("worker stopped after grace period")));
  };
  const onAbort = () => {
    stopWaits.abort();
    hardAbort.abort(o.abort?.reason ?? new Error("aborted"));
  };
  if (stopSignal?.aborted) onStop();
  else stopSignal?.addEventListener("abort", onStop, { once: true });
  if (o.abort?.aborted) onAbort();
  else o.abort?.addEventListener("abort", onAbort, { once: true });
  const stopping = () => stopWaits.signal.aborted;

  const runOne = async (task: AgentTask) => {
    stats.claimed++;
    o.onTask?.({ task, outcome: "started" });
    const entry = registry.get(task.task_type);
    if (!entry) {
      await failTask({ db: o.db, task, workerId, clock, error: new PermanentTaskError(`No handler registered for task type "${task.task_type}".`, "HANDLER_MISSING") });
      stats.failed++;
      o.onTask?.({ task, outcome: "failed", error: "HANDLER_MISSING" });
      return;
    }
    const breaker = breakers.get(providerFor(task, entry.options));
    const admission = breaker.admit();
    if (!admission.allowed) {
      await deferTask({ db: o.db, task, workerId, until: new Date(admission.retryAt), reason: admission.reason });
      stats.deferred++;
      o.onTask?.({ task, outcome: "deferred", error: admission.reason });
      return;
    }

    const taskAbort = new AbortController();
    let leaseLost = false;
    const onHard = () => taskAbort.abort(hardAbort.signal.reason);
    if (hardAbort.signal.aborted) onHard();
    else hardAbort.signal.addEventListener("abort", onHard, { once: true });
    const hbStop = new AbortController();
    const beat = (async () => {
      for (;;) {
        await clock.sleep(Math.max(1, Math.floor(leaseMs / 3)), hbStop.signal);
        if (!(await heartbeat({ db: o.db, task, workerId, leaseMs, clock }))) {
          leaseLost = true;
          taskAbort.abort(new Error("lease lost: another worker took this task over"));
          return;
        }
      }
    })().catch(() => {});

    const startedAt = clock.now();
    try {
      const out = await entry.handler({ db: o.db, task, signal: taskAbort.signal });
      if (taskAbort.signal.aborted && !leaseLost && hardAbort.signal.aborted) throw taskAbort.signal.reason;
      breaker.recordSuccess();
      const output = normaliseOutput(out, task, startedAt, clock.now(), workerId);
      if (await completeTask({ db: o.db, task, workerId, output, clock })) {
        stats.completed++;
        o.onTask?.({ task, outcome: "completed" });
      } else {
        stats.lost++;
        o.onTask?.({ task, outcome: "lost" });
      }
    } catch (e) {
      if (leaseLost) {
        breaker.recordNeutral();
        stats.lost++;
        o.onTask?.({ task, outcome: "lost", error: "lease lost" });
      } else if (hardAbort.signal.aborted) {
        breaker.recordNeutral();
        await releaseTask({ db: o.db, task, workerId, clock, reason: `RELEASED: ${String((hardAbort.signal.reason as Error)?.message ?? "worker stopped")}; will run again` });
        stats.released++;
        o.onTask?.({ task, outcome: "released" });
      } else {
        const c = classifyError(e);
        if (c.kind === "transient") breaker.recordFailure();
        else breaker.recordNeutral();
        const res = await failTask({ db: o.db, task, workerId, clock, error: e });
        if (res.status === "pending") stats.retried++;
        else if (res.status === "failed") stats.failed++;
        else stats.lost++;
        log.warn("task failed", { task: task.id, type: task.task_type, document: task.document_id, kind: c.kind, code: c.code, error: c.message, outcome: res.status });
        o.onTask?.({ task, outcome: res.status === "pending" ? "retried" : res.status === "failed" ? "failed" : "lost", error: `${c.code}: ${c.message}` });
      }
    } finally {
      hbStop.abort();
      hardAbort.signal.removeEventListener("abort", onHard);
      await beat;
    }
  };

  const giveBack = async (task: AgentTask) => {
    stats.claimed++;
    const why = hardAbort.signal.aborted ? String((hardAbort.signal.reason as Error)?.message ?? "worker stopped") : "worker stopped";
    await releaseTask({ db: o.db, task, workerId, clock, reason: `RELEASED: ${why}; will run again` });
    stats.released++;
    o.onTask?.({ task, outcome: "released" });
  };

  const slot = async () => {
    let dbFailures = 0;
    while (!stopping()) {
      let task: AgentTask | null;
      try {
        task = await claimTask({ db: o.db, workerId, types, dealId: o.dealId, leaseMs, clock });
        dbFailures = 0;
      } catch (e) {
        // A long-running worker outlives database hiccups (restart, failover); a drain reports them.
        if (o.until === "drained") throw e;
        dbFailures++;
        log.warn("worker could not claim a task; retrying", { workerId, error: e, attempt: dbFailures });
        try {
          await clock.sleep(Math.min(30_000, (o.pollMs ?? 1000) * 2 ** Math.min(dbFailures, 5)), stopWaits.signal);
        } catch {
          return;
        }
        continue;
      }
      if (task) {
        // claimTask takes more than one round trip: a stop or abort can land while it is in flight.
        // Such a task was never started: give it back untouched rather than hand its handler a
        // signal that is already aborted (a handler that only listens for "abort" would never end).
        if (stopping()) {
          await giveBack(task);
          return;
        }
        await runOne(task);
        continue;
      }
      let waitMs: number;
      if (o.until === "drained") {
        const due = await nextDueIn(o.db, { dealId: o.dealId, types, now: clock.now() });
        if (due === null || (o.maxRetryWaitMs !== undefined && due > o.maxRetryWaitMs)) return;
        if (due === 0) continue; // became due (or was released) since our claim: claim again
        waitMs = Math.min(due, o.pollMs ?? 1000);
      } else {
        waitMs = o.pollMs ?? 1000;
      }
      try {
        await clock.sleep(waitMs, stopWaits.signal);
      } catch {
        return;
      }
    }
  };

  try {
    await Promise.all(Array.from({ length: Math.max(1, o.concurrency ?? 1) }, slot));
  } finally {
    stopSignal?.removeEventListener("abort", onStop);
    o.abort?.removeEventListener("abort", onAbort);
  }
  return stats;
}

/**
 * The embedded default: run a deal's queued tasks in this process until none are left. Ingest
 * tasks are not an orchestrator run's work (the app's background worker or `npm run worker` reads
 * files one at a time), so a drain leaves them unless asked for by `types`.
 */
export function drainQueue(o: Omit<WorkerOptions, "until" | "dealId"> & { dealId: string }): Promise<WorkerStats> {
  const types = o.types ?? registeredTaskTypes().filter((t) => t !== "ingest");
  return runWorker({ ...o, types, until: "drained", workerId: o.workerId ?? `inproc-${process.pid}-${crypto.randomUUID().slice(0, 8)}`, concurrency: o.concurrency ?? 4 });
}
