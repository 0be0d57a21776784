/**
 * The task table as a blackboard (seed 001): agents talk only through `agent_tasks`.
 *
 * - enqueue is idempotent on `idempotency_key`: pending, running and completed tasks are reused;
 *   a failed task is reset to pending only when the caller asks (`retryFailed`).
 * - claim is one statement with FOR UPDATE SKIP LOCKED: any number of workers (processes,
 *   machines) can claim concurrently and never get the same task. A running task whose lease
 *   ran out (crashed worker) is claimable again.
 * - every state change after a claim is guarded by (status running, locked_by, attempts), so a
 *   worker that lost its lease cannot overwrite the work of the worker that took over.
 * - times come from an injectable clock (tests never sleep); on a shared server the workers'
 *   clocks should be NTP-synced like any lease-based system.
 */
import type { Queryable } from "@/lib/db";
import { MandaError } from "@/lib/errors";
import { systemClock } from "./clock";
import { backoffMs, classifyError, type ClassifiedError } from "./errors";
import type { AgentTask, Clock, TaskOutput, TaskStatus, TaskType } from "./types";

export const DEFAULT_LEASE_MS = 5 * 60_000;
export const DEFAULT_MAX_ATTEMPTS = 4; // the first try + at most 3 retries

const iso = (ms: number) => new Date(ms).toISOString();
const list = (xs?: readonly string[]) => (xs && xs.length ? xs.join(",") : null);

function normalise(row: AgentTask): AgentTask {
  // postgres.js and PGlite both return Date for timestamptz and objects for jsonb; be lenient anyway.
  const d = (v: unknown) => (v == null ? null : v instanceof Date ? v : new Date(v as string | number));
  const j = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);
  return {
    ...row,
    input: (j(row.input) ?? {}) as Record<string, unknown>,
    output_data: (j(row.output_data) ?? null) as Record<string, unknown> | null,
    run_after: d(row.run_after)!,
    lease_until: d(row.lease_until),
    created_at: d(row.created_at)!,
    started_at: d(row.started_at),
    completed_at: d(row.completed_at),
  };
}

export interface EnqueueOptions {
  db: Queryable;
  dealId: string;
  documentId?: string | null;
  processId?: string | null;
  parentTaskId?: string | null;
  taskType: TaskType;
  input?: Record<string, unknown>;
  /** Same key = same work: e.g. `${taskType}:${documentId}:${contentVersion}`. */
  idempotencyKey: string;
  /** Re-queue a failed task with this key: true = any failure, "transient" = only transient ones. */
  retryFailed?: boolean | "transient";
  maxAttempts?: number;
  clock?: Clock;
}

export interface EnqueueResult {
  task: AgentTask;
  /** A new row was inserted. */
  created: boolean;
  /** An existing failed task was reset to pending. */
  requeued: boolean;
}

export async function enqueueTask(o: EnqueueOptions): Promise<EnqueueResult> {
  const clock = o.clock ?? systemClock;
  const now = iso(clock.now());
  const { rows } = await o.db.query<AgentTask>(
    `insert into agent_tasks (id, deal_id, document_id, process_id, parent_task_id, task_type, idempotency_key, input, max_attempts, run_after, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8::text::jsonb, $9, $10::timestamptz, $10::timestamptz)
     on conflict (idempotency_key) do nothing returning *`,
    [crypto.randomUUID(), o.dealId, o.documentId ?? null, o.processId ?? null, o.parentTaskId ?? null, o.taskType, o.idempotencyKey,
      JSON.stringify(o.input ?? {}), o.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, now],
  );
  if (rows[0]) return { task: normalise(rows[0]), created: true, requeued: false };

  const existing = (await o.db.query<AgentTask>("select * from agent_tasks where idempotency_key = $1", [o.idempotencyKey])).rows[0];
  if (!existing) {
    // Deleted between our insert and select (deal removed): report it rather than loop.
    throw new MandaError("conflict:task", `Task ${o.idempotencyKey} disappeared while being queued; try again.`);
  }
  if (existing.deal_id !== o.dealId) {
    throw new MandaError("conflict:task", `Idempotency key ${o.idempotencyKey} belongs to another deal.`);
  }
  const wantsRetry = existing.status === "failed" && (o.retryFailed === true || (o.retryFailed === "transient" && existing.error_kind === "transient"));
  if (wantsRetry) {
    const { rows: reset } = await o.db.query<AgentTask>(
      `update agent_tasks set status = 'pending', attempts = 0, run_after = $2::timestamptz, lease_until = null, locked_by = null,
              started_at = null, completed_at = null, output_data = null,
              error_message = case when error_message is null then null else 'previous failure: ' || error_message end
       where id = $1 and status = 'failed' returning *`,
      [existing.id, now],
    );
    if (reset[0]) return { task: normalise(reset[0]), created: false, requeued: true };
  }
  return { task: normalise(existing), created: false, requeued: false };
}

export interface ClaimOptions {
  db: Queryable;
  workerId: string;
  /** Only these task types (a worker claims only what it has handlers for). */
  types?: readonly string[];
  /** Only this deal's tasks (the in-process worker of an orchestrator run). */
  dealId?: string;
  leaseMs?: number;
  clock?: Clock;
}

/**
 * Claims one task: pending and due, or running with an expired lease (its worker crashed).
 * attempts++ and a lease until now + leaseMs. Returns null when nothing is claimable.
 */
export async function claimTask(o: ClaimOptions): Promise<AgentTask | null> {
  const clock = o.clock ?? systemClock;
  const now = iso(clock.now());
  await failExhaustedLeases({ db: o.db, clock, dealId: o.dealId });
  const { rows } = await o.db.query<AgentTask>(
    `update agent_tasks t
        set status = 'running', attempts = t.attempts + 1, locked_by = $2,
            lease_until = $1::timestamptz + ($3::int * interval '1 millisecond'),
            started_at = $1::timestamptz, completed_at = null
      where t.id = (
        select id from agent_tasks
         where ((status = 'pending' and run_after <= $1::timestamptz)
             or (status = 'running' and lease_until < $1::timestamptz))
           and ($4::text is null or task_type = any(string_to_array($4::text, ',')))
           and ($5::uuid is null or deal_id = $5::uuid)
         order by run_after, created_at
         limit 1
         for update skip locked)
      returning t.*`,
    [now, o.workerId, o.leaseMs ?? DEFAULT_LEASE_MS, list(o.types), o.dealId ?? null],
  );
  return rows[0] ? normalise(rows[0]) : null;
}

/** Where-clause guard: the task is still ours (same claim). */
const OURS = "id = $1 and status = 'running' and locked_by = $2 and attempts = $3";

/** Stores output_data and completes the task. False when the lease was lost to another worker. */
export async function completeTask(o: { db: Queryable; task: AgentTask; workerId: string; output: TaskOutput | Record<string, unknown>; clock?: Clock }): Promise<boolean> {
  const now = iso((o.clock ?? systemClock).now());
  const { rows } = await o.db.query(
    `update agent_tasks set status = 'completed', output_data = $4::text::jsonb, completed_at = $5::timestamptz,
            lease_until = null, error_message = null, error_kind = null
      where ${OURS} returning id`,
    [o.task.id, o.workerId, o.task.attempts, JSON.stringify(o.output), now],
  );
  return rows.length > 0;
}

export interface FailResult {
  status: "pending" | "failed" | "lost";
  error: ClassifiedError;
  /** When a retry is scheduled: which retry (1..3) and when it becomes due. */
  retry?: number;
  runAfter?: Date;
}

/**
 * Records a failure. Transient errors go back to pending with backoff 1 s, 2 s, 4 s until
 * max_attempts (first try + 3 retries) is used up; permanent errors fail at once.
 */
export async function failTask(o: { db: Queryable; task: AgentTask; workerId: string; error: unknown; clock?: Clock; output?: Record<string, unknown> }): Promise<FailResult> {
  const clock = o.clock ?? systemClock;
  const error = classifyError(o.error);
  const message = `${error.code}: ${error.message}`.slice(0, 4000);
  const retryable = error.kind === "transient" && o.task.attempts < o.task.max_attempts;
  if (retryable) {
    const retry = o.task.attempts; // attempt 1 failed → retry 1
    const runAfter = new Date(clock.now() + backoffMs(retry));
    const { rows } = await o.db.query(
      `update agent_tasks set status = 'pending', run_after = $4::timestamptz, lease_until = null, locked_by = null,
              error_message = $5, error_kind = 'transient'
        where ${OURS} returning id`,
      [o.task.id, o.workerId, o.task.attempts, runAfter.toISOString(), message],
    );
    return rows.length ? { status: "pending", error, retry, runAfter } : { status: "lost", error };
  }
  const final = error.kind === "transient" ? `${message} (gave up after ${o.task.attempts} attempts)` : message;
  const { rows } = await o.db.query(
    `update agent_tasks set status = 'failed', completed_at = $4::timestamptz, lease_until = null,
            error_message = $5, error_kind = $6, output_data = coalesce($7::text::jsonb, output_data)
      where ${OURS} returning id`,
    [o.task.id, o.workerId, o.task.attempts, iso(clock.now()), final, error.kind, o.output ? JSON.stringify(o.output) : null],
  );
  return rows.length ? { status: "failed", error } : { status: "lost", error };
}

/**
 * Gives a claimed task back without counting the attempt (the worker is stopping, or the run
 * timed out): it is pending again and due at `runAfter` (default now).
 */
export async function releaseTask(o: { db: Queryable; task: AgentTask; workerId: string; reason: string; runAfter?: Date; clock?: Clock }): Promise<boolean> {
  const runAfter = o.runAfter ?? new Date((o.clock ?? systemClock).now());
  const { rows } = await o.db.query(
    `update agent_tasks set status = 'pending', attempts = greatest(attempts - 1, 0), run_after = $4::timestamptz,
            lease_until = null, locked_by = null, started_at = null, error_message = $5
      where ${OURS} returning id`,
    [o.task.id, o.workerId, o.task.attempts, runAfter.toISOString(), o.reason.slice(0, 4000)],
  );
  return rows.length > 0;
}

/** Circuit open for the task's provider: not a failure, just later. */
export async function deferTask(o: { db: Queryable; task: AgentTask; workerId: string; until: Date; reason: string }): Promise<boolean> {
  return releaseTask({ ...o, runAfter: o.until, reason: `DEFERRED: ${o.reason}` });
}

/** Extends the lease of a long task. False when the task is no longer ours (stop working on it). */
export async function heartbeat(o: { db: Queryable; task: AgentTask; workerId: string; leaseMs?: number; clock?: Clock }): Promise<boolean> {
  const now = (o.clock ?? systemClock).now();
  const { rows } = await o.db.query(
    `update agent_tasks set lease_until = $4::timestamptz where ${OURS} returning id`,
    [o.task.id, o.workerId, o.task.attempts, iso(now + (o.leaseMs ?? DEFAULT_LEASE_MS))],
  );
  return rows.length > 0;
}

/** A task whose worker died on it max_attempts times is poison: fail it instead of looping. */
async function failExhaustedLeases(o: { db: Queryable; clock: Clock; dealId?: string }): Promise<number> {
  const now = iso(o.clock.now());
  const { rows } = await o.db.query(
    `update agent_tasks set status = 'failed', completed_at = $1::timestamptz, lease_until = null, error_kind = 'transient',
            error_message = 'LEASE_EXPIRED: the worker stopped responding on each of ' || attempts || ' attempts (crash or stall); gave up'
      where status = 'running' and lease_until < $1::timestamptz and attempts >= max_attempts
        and ($2::uuid is null or deal_id = $2::uuid)
      returning id`,
    [now, o.dealId ?? null],
  );
  return rows.length;
}

/**
 * Sweeps running tasks whose lease ran out (their worker crashed): back to pending, due now.
 * claimTask also takes such tasks directly; the sweep makes the state visible (and is what
 * `manda pipeline tasks` shows after a crash).
 */
export async function recoverExpiredLeases(o: { db: Queryable; clock?: Clock; dealId?: string }): Promise<{ requeued: number; failed: number }> {
  const clock = o.clock ?? systemClock;
  const failed = await failExhaustedLeases({ db: o.db, clock, dealId: o.dealId });
  const now = iso(clock.now());
  const { rows } = await o.db.query(
    `update agent_tasks set status = 'pending', run_after = $1::timestamptz, lease_until = null, locked_by = null,
            error_message = 'LEASE_EXPIRED: worker ' || coalesce(locked_by, '?') || ' stopped before finishing; re-queued'
      where status = 'running' and lease_until < $1::timestamptz and ($2::uuid is null or deal_id = $2::uuid)
        and task_type <> 'orchestration'
      returning id`,
    [now, o.dealId ?? null],
  );
  return { requeued: rows.length, failed };
}

/**
 * The embedded database is single-process: whoever holds its directory lock (lib/db/dir-lock.ts)
 * is the only process that can run tasks, so every task still `running` when it opens belongs to
 * a process that died. Its leases are reclaimed at once instead of after they run out: back to
 * pending, due now (a task that has already used all its attempts fails, as after a lease runs
 * out); an orchestration run that was in flight is marked failed (its tasks carry on). Never call
 * this on a shared server database, where running tasks may belong to live workers elsewhere.
 */
export async function reclaimDeadOwnerLeases(o: { db: Queryable; clock?: Clock }): Promise<{ requeued: number; failed: number }> {
  const now = iso((o.clock ?? systemClock).now());
  const { rows: failed } = await o.db.query(
    `update agent_tasks set status = 'failed', completed_at = $1::timestamptz, lease_until = null, error_kind = 'transient',
            error_message = case when task_type = 'orchestration'
              then 'INTERRUPTED: the process running this pipeline run stopped (crash or kill); its tasks were re-queued'
              else 'LEASE_EXPIRED: the worker stopped on each of ' || attempts || ' attempts (crash or stall); gave up' end
      where status = 'running' and (task_type = 'orchestration' or attempts >= max_attempts)
      returning id`,
    [now],
  );
  const { rows } = await o.db.query(
    `update agent_tasks set status = 'pending', run_after = $1::timestamptz, lease_until = null, locked_by = null,
            error_message = 'LEASE_RECLAIMED: worker ' || coalesce(locked_by, '?') || ' stopped before finishing (its process is gone); re-queued'
      where status = 'running' returning id`,
    [now],
  );
  return { requeued: rows.length, failed: failed.length };
}

export async function getTask(db: Queryable, id: string): Promise<AgentTask | undefined> {
  const row = (await db.query<AgentTask>("select * from agent_tasks where id = $1", [id])).rows[0];
  return row ? normalise(row) : undefined;
}

export async function getTasks(db: Queryable, ids: readonly string[]): Promise<AgentTask[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<AgentTask>("select * from agent_tasks where id = any(string_to_array($1::text, ',')::uuid[])", [ids.join(",")]);
  return rows.map(normalise);
}

export async function listTasks(o: { db: Queryable; dealId: string; status?: TaskStatus; types?: readonly string[]; limit?: number }): Promise<AgentTask[]> {
  const { rows } = await o.db.query<AgentTask>(
    `select * from agent_tasks
      where deal_id = $1 and ($2::text is null or status = $2::text)
        and ($3::text is null or task_type = any(string_to_array($3::text, ',')))
      order by created_at, task_type, id limit $4`,
    [o.dealId, o.status ?? null, list(o.types), o.limit ?? 10_000],
  );
  return rows.map(normalise);
}

/** Counts of a deal's tasks by status, optionally for some types. */
export async function countTasks(o: { db: Queryable; dealId: string; types?: readonly string[] }): Promise<Record<TaskStatus, number>> {
  const { rows } = await o.db.query<{ status: TaskStatus; n: number }>(
    `select status, count(*)::int as n from agent_tasks
      where deal_id = $1 and ($2::text is null or task_type = any(string_to_array($2::text, ',')))
      group by status`,
    [o.dealId, list(o.types)],
  );
  const out: Record<TaskStatus, number> = { pending: 0, running: 0, completed: 0, failed: 0 };
  for (const r of rows) out[r.status] = Number(r.n);
  return out;
}
