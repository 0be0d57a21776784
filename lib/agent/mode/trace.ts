/** The run's trace: every step with its time since the start and its duration, pushed live to a listener. */
import type { TraceEvent, TraceStep } from "./types";

export class TraceRecorder {
  readonly events: TraceEvent[] = [];
  private readonly t0: number;
  constructor(
    private readonly onEvent?: (e: TraceEvent) => void,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.t0 = now();
  }

  elapsed(): number {
    return Math.round(this.now() - this.t0);
  }

  /** Records a step that started at `startedAt` (a value of `mark()`), or now, and ended at `endedAt` or now. */
  record(step: TraceStep, startedAt?: number, endedAt?: number): TraceEvent {
    const end = endedAt ?? this.now();
    const start = startedAt ?? end;
    const e = { ...step, seq: this.events.length + 1, at: Math.round(start - this.t0), durationMs: Math.max(0, Math.round(end - start)) } as TraceEvent;
    this.events.push(e);
    try {
      this.onEvent?.(e);
    } catch {
      // a listener (e.g. a closed SSE stream) never breaks the run
    }
    return e;
  }

  mark(): number {
    return this.now();
  }
}
