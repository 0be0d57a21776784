import { describe, expect, it } from "vitest";
import { MandaError } from "@/lib/errors";
import { CircuitBreaker } from "@/lib/pipeline/circuit-breaker";
import { ManualClock } from "@/lib/pipeline/clock";
import { backoffMs, classifyError, PermanentTaskError, TransientTaskError } from "@/lib/pipeline/errors";

describe("error classification", () => {
  const cases: [string, unknown, "transient" | "permanent", string][] = [
    ["429", Object.assign(new Error("Too Many Requests"), { status: 429 }), "transient", "RATE_LIMIT"],
    ["AI SDK statusCode 500", Object.assign(new Error("Internal"), { statusCode: 500 }), "transient", "API_ERROR"],
    ["503 via response", Object.assign(new Error("x"), { response: { status: 503 } }), "transient", "API_ERROR"],
    ["504", Object.assign(new Error("gateway"), { status: 504 }), "transient", "TIMEOUT"],
    ["timeout error", Object.assign(new Error("The operation timed out"), { name: "TimeoutError" }), "transient", "TIMEOUT"],
    ["ECONNRESET", Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }), "transient", "NETWORK_ERROR"],
    ["fetch failed with cause", Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } }), "transient", "NETWORK_ERROR"],
    ["rate limit text", new Error("Rate limit reached for gpt-4.1"), "transient", "RATE_LIMIT"],
    ["TransientTaskError", new TransientTaskError("busy", "RATE_LIMIT"), "transient", "RATE_LIMIT"],
    ["MandaError rate_limit", new MandaError("rate_limit:model", "slow down"), "transient", "RATE_LIMIT"],
    ["MandaError unavailable", new MandaError("unavailable:model", "down"), "transient", "API_ERROR"],
    ["401", Object.assign(new Error("Unauthorized"), { status: 401 }), "permanent", "AUTHENTICATION_ERROR"],
    ["403", Object.assign(new Error("Forbidden"), { status: 403 }), "permanent", "AUTHENTICATION_ERROR"],
    ["400", Object.assign(new Error("Bad Request"), { status: 400 }), "permanent", "VALIDATION_ERROR"],
    ["MandaError bad_request", new MandaError("bad_request:body", "no pages"), "permanent", "VALIDATION_ERROR"],
    ["PermanentTaskError", new PermanentTaskError("bad input"), "permanent", "BAD_INPUT"],
    ["missing module", Object.assign(new Error("Cannot find module"), { code: "ERR_MODULE_NOT_FOUND" }), "permanent", "HANDLER_MISSING"],
    ["plain bug", new TypeError("x is undefined"), "permanent", "INTERNAL_ERROR"],
  ];
  it.each(cases)("%s", (_, error, kind, code) => {
    expect(classifyError(error)).toMatchObject({ kind, code });
  });

  it("backs off 1 s, 2 s, 4 s", () => {
    expect([1, 2, 3].map(backoffMs)).toEqual([1000, 2000, 4000]);
  });
});

describe("circuit breaker (one per provider)", () => {
  it("opens after 5 consecutive failures, half-opens after 60 s for one trial, closes on success", () => {
    const clock = new ManualClock();
    const b = new CircuitBreaker("openai", { clock });
    for (let i = 0; i < 4; i++) {
      expect(b.admit()).toEqual({ allowed: true, trial: false });
      b.recordFailure();
    }
    expect(b.state).toBe("closed");
    b.recordFailure();
    expect(b.state).toBe("open");
    const refused = b.admit();
    expect(refused).toMatchObject({ allowed: false, retryAt: clock.now() + 60_000 });
    expect(refused.allowed === false && refused.reason).toMatch(/circuit open for provider "openai" after 5 consecutive failures/);

    clock.set(clock.now() + 59_999);
    expect(b.state).toBe("open");
    clock.set(clock.now() + 1);
    expect(b.state).toBe("half_open");
    expect(b.admit()).toEqual({ allowed: true, trial: true });
    expect(b.admit()).toMatchObject({ allowed: false }); // only one trial at a time
    b.recordSuccess();
    expect(b.state).toBe("closed");
    expect(b.failures).toBe(0);
    expect(b.admit()).toEqual({ allowed: true, trial: false });
  });

  it("a failed trial re-opens the circuit for another 60 s; a success in between resets the count", () => {
    const clock = new ManualClock();
    const b = new CircuitBreaker("local", { clock });
    for (let i = 0; i < 4; i++) b.recordFailure();
    b.recordSuccess();
    for (let i = 0; i < 4; i++) b.recordFailure();
    expect(b.state).toBe("closed"); // not 5 consecutive
    b.recordFailure();
    expect(b.state).toBe("open");
    clock.set(clock.now() + 60_000);
    expect(b.admit()).toMatchObject({ allowed: true, trial: true });
    b.recordFailure();
    expect(b.state).toBe("open");
    expect(b.admit()).toMatchObject({ allowed: false, retryAt: clock.now() + 60_000 });
    clock.set(clock.now() + 60_000);
    expect(b.admit()).toMatchObject({ allowed: true, trial: true });
    b.recordNeutral(); // the trial told us nothing (e.g. bad input): another trial may go
    expect(b.admit()).toMatchObject({ allowed: true, trial: true });
  });
});

describe("manual clock", () => {
  it("fires sleeps in time order only when advanced", async () => {
    const clock = new ManualClock(0);
    const fired: number[] = [];
    void clock.sleep(200).then(() => fired.push(200));
    void clock.sleep(100).then(() => fired.push(100));
    const ac = new AbortController();
    const aborted = clock.sleep(50, ac.signal).catch(() => fired.push(-1));
    ac.abort();
    await aborted;
    await clock.advance(150);
    expect(fired).toEqual([-1, 100]);
    await clock.advance(50);
    expect(fired).toEqual([-1, 100, 200]);
    expect(clock.now()).toBe(200);
  });
});
