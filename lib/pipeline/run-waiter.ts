/**
 * How an orchestrator run gets its tasks done: an in-process worker draining the deal's queue
 * (the embedded default; external workers may claim the same tasks), waits for a set of tasks
 * up to the run's deadline, and the stop at the timeout that gives unfinished tasks back.
 */
import type { Db } from "@/lib/db";
import type { BreakerRegistry } from "./circuit-breaker";
import { getTasks } from "./queue";
import { isOpen } from "./run-result";
import type { AgentTask, Clock } from "./types";
import { drainQueue, type WorkerStats } from "./worker";

export interface RunWaiter {
  /** What the in-process worker did, summed over its drains (updated when a drain ends). */
  readonly stats: WorkerStats;
  /** Waits for all of `ids` at once; done false when the deadline passed first. */
  waitAll(ids: string[]): Promise<{ done: boolean; tasks: AgentTask[] }>;
  /** The timeout: aborts the in-process worker and releases what it still holds. */
  stop(): Promise<void>;
  /** True once stop() has begun. */
  readonly stopped: boolean;
  /** Waits for a drain still finishing (after every awaited task is done). */
  settle(): Promise<void>;
}

export function emptyWorkerStats(): WorkerStats {
  return { claimed: 0, completed: 0, failed: 0, retried: 0, deferred: 0, released: 0, lost: 0 };
}

const addStats = (a: WorkerStats, b: WorkerStats) => {
  for (const k of Object.keys(a) as (keyof WorkerStats)[]) a[k] += b[k];
};

export function createRunWaiter(o: {
  db: Db; dealId: string; workerId: string; clock: Clock; deadline: number; timeoutMs: number; pollMs: number; inProcess: boolean;
  concurrency?: number; leaseMs?: number; breakers?: BreakerRegistry;
}): RunWaiter {
  const { db, clock, deadline, pollMs, workerId } = o;
  const stats = emptyWorkerStats();
  // In-process worker shared by every wait; aborted (tasks released) on timeout.
  const hardAbort = new AbortController();
  let drain: Promise<WorkerStats> | null = null;
  const startDrain = () => {
    if (!o.inProcess || drain) return;
    drain = drainQueue({ db, dealId: o.dealId, workerId, clock, concurrency: o.concurrency, leaseMs: o.leaseMs, breakers: o.breakers, abort: hardAbort.signal })
      .then((s) => (addStats(stats, s), s))
      .finally(() => { drain = null; });
  };

  const waitAll = async (ids: string[]): Promise<{ done: boolean; tasks: AgentTask[] }> => {
    for (;;) {
      const tasks = await getTasks(db, ids);
      if (!tasks.some(isOpen)) return { done: true, tasks };
      const remaining = deadline - clock.now();
      if (remaining <= 0) return { done: false, tasks };
      const stop = new AbortController();
      const timers: Promise<unknown>[] = [clock.sleep(remaining, stop.signal).catch(() => {})];
      const before = stats.claimed;
      startDrain();
      const current = drain as Promise<WorkerStats> | null;
      if (current) timers.push(current.catch(() => {}));
      else timers.push(clock.sleep(Math.min(pollMs, remaining), stop.signal).catch(() => {}));
      await Promise.race(timers);
      stop.abort();
      // The drain found nothing to claim (other workers hold the tasks): poll instead of spinning.
      if (current && !drain && stats.claimed === before && clock.now() < deadline) {
        const s = new AbortController();
        await clock.sleep(Math.min(pollMs, deadline - clock.now()), s.signal).catch(() => {});
      }
    }
  };

  const stop = async () => {
    hardAbort.abort(new Error(`pipeline run timed out after ${Math.round(o.timeoutMs / 1000)}s`));
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
    stats.released += rowCount;
  };

  return {
    stats,
    waitAll,
    stop,
    get stopped() {
      return hardAbort.signal.aborted;
    },
    async settle() {
      if (drain) await drain;
    },
  };
}
