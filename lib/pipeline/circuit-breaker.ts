/**
 * One circuit breaker per model provider (seed 000 "Circuit Breaker"): after 5 consecutive
 * failures the circuit opens and calls are refused for 60 s; then it half-opens and lets exactly
 * one trial call through; success closes it, failure opens it for another 60 s.
 * A task refused by an open breaker is deferred (pending, due when the breaker half-opens),
 * never failed. State is per process: each worker learns a provider's health on its own.
 */
import { systemClock } from "./clock";
import type { Clock } from "./types";

export type BreakerState = "closed" | "open" | "half_open";

export interface BreakerOptions {
  failureThreshold?: number;
  openMs?: number;
  clock?: Clock;
}

export type Admission = { allowed: true; trial: boolean } | { allowed: false; retryAt: number; reason: string };

export class CircuitBreaker {
  readonly provider: string;
  readonly failureThreshold: number;
  readonly openMs: number;
  private clock: Clock;
  private consecutiveFailures = 0;
  private openedAt: number | null = null;
  private trialInFlight = false;

  constructor(provider: string, o: BreakerOptions = {}) {
    this.provider = provider;
    this.failureThreshold = o.failureThreshold ?? 5;
    this.openMs = o.openMs ?? 60_000;
    this.clock = o.clock ?? systemClock;
  }

  get state(): BreakerState {
    if (this.openedAt === null) return "closed";
    return this.clock.now() - this.openedAt >= this.openMs ? "half_open" : "open";
  }

  get failures(): number {
    return this.consecutiveFailures;
  }

  /** Asks to make a call. In half-open state only one trial is admitted at a time. */
  admit(): Admission {
    const state = this.state;
    if (state === "closed") return { allowed: true, trial: false };
    const retryAt = this.openedAt! + this.openMs;
    if (state === "open") {
      return { allowed: false, retryAt, reason: `circuit open for provider "${this.provider}" after ${this.consecutiveFailures} consecutive failures` };
    }
    if (this.trialInFlight) {
      return { allowed: false, retryAt: this.clock.now() + Math.min(this.openMs, 5_000), reason: `circuit half-open for provider "${this.provider}": a trial call is in flight` };
    }
    this.trialInFlight = true;
    return { allowed: true, trial: true };
  }

  recordSuccess(): void {
    this.consecutiveFailures = 0;
    this.openedAt = null;
    this.trialInFlight = false;
  }

  recordFailure(): void {
    this.consecutiveFailures++;
    const wasTrial = this.trialInFlight;
    this.trialInFlight = false;
    if (wasTrial || this.state === "half_open" || this.consecutiveFailures >= this.failureThreshold) {
      this.openedAt = this.clock.now();
    }
  }

  /** A call that ended without telling us anything about the provider (aborted, permanent input error). */
  recordNeutral(): void {
    this.trialInFlight = false;
  }
}

/** Breakers by provider name, shared by every worker loop of the process. */
export class BreakerRegistry {
  private breakers = new Map<string, CircuitBreaker>();
  constructor(private options: BreakerOptions = {}) {}
  get(provider: string): CircuitBreaker {
    let b = this.breakers.get(provider);
    if (!b) this.breakers.set(provider, (b = new CircuitBreaker(provider, this.options)));
    return b;
  }
  snapshot(): { provider: string; state: BreakerState; failures: number }[] {
    return [...this.breakers.values()].map((b) => ({ provider: b.provider, state: b.state, failures: b.failures }));
  }
}

export const defaultBreakers = new BreakerRegistry();
