import type { Clock } from "./types";

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

/** Wall-clock time and real timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep(ms, signal) {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(abortError(signal));
      const timer = setTimeout(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      }, Math.max(0, ms));
      const onAbort = () => {
        clearTimeout(timer);
        reject(abortError(signal!));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  },
};

/**
 * A clock that moves only when told: `advance(ms)` fires every sleep that falls due, in order.
 * Tests use it to drive leases, backoff, breaker timeouts and orchestrator timeouts without sleeping.
 */
export class ManualClock implements Clock {
  private t: number;
  private timers: { at: number; resolve: () => void; seq: number }[] = [];
  private seq = 0;
  constructor(start: number | Date = Date.UTC(2026, 0, 1)) {
    this.t = typeof start === "number" ? start : start.getTime();
  }
  now(): number {
    return this.t;
  }
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(abortError(signal));
      const entry = { at: this.t + Math.max(0, ms), seq: this.seq++, resolve: () => {} };
      const onAbort = () => {
        this.timers = this.timers.filter((x) => x !== entry);
        reject(abortError(signal!));
      };
      entry.resolve = () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.timers.push(entry);
    });
  }
  /** Number of sleeps waiting (lets a test wait until the code under test is parked on the clock). */
  get pendingSleeps(): number {
    return this.timers.length;
  }
  /** How far ahead of now each waiting sleep falls due, soonest first. */
  pendingOffsets(): number[] {
    return this.timers.map((x) => x.at - this.t).sort((a, b) => a - b);
  }
  /** Moves time forward, resolving due sleeps in time order and letting their continuations run. */
  async advance(ms: number): Promise<void> {
    const target = this.t + ms;
    for (;;) {
      const due = this.timers.filter((x) => x.at <= target).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.timers = this.timers.filter((x) => x !== due);
      this.t = Math.max(this.t, due.at);
      due.resolve();
      await flushMicrotasks();
    }
    this.t = target;
    await flushMicrotasks();
  }
  set(time: number | Date): void {
    this.t = typeof time === "number" ? time : time.getTime();
  }
}

export async function flushMicrotasks(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((r) => setImmediate(r));
}
