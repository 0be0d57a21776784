import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import { openDb, type Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { BreakerRegistry } from "@/lib/pipeline/circuit-breaker";
import { flushMicrotasks, ManualClock } from "@/lib/pipeline/clock";
import { PermanentTaskError, TransientTaskError } from "@/lib/pipeline/errors";
import {
  claimTask, completeTask, enqueueTask, failTask, getTask, heartbeat, recoverExpiredLeases, releaseTask,
} from "@/lib/pipeline/queue";
import { registerDefaultHandlers } from "@/lib/pipeline/handlers";
import { getTaskHandler, registerTaskHandler, runWorker, unregisterTaskHandler } from "@/lib/pipeline/worker";
import { runFindingsExtraction } from "@/lib/extraction/run";
import { runRelationDetection } from "@/lib/graph/detect";
import { openTestDb } from "../helpers/db";
import { tempDir } from "../helpers/fixtures";
import { addDocument, output } from "./pipeline-fixtures";

describe("task queue (blackboard)", () => {
  let db: Db;
  let url: string | undefined;
  let cleanup: () => Promise<void>;
  let dealId: string;
  let documentId: string;
  let clock: ManualClock;
  let n = 0;
  const key = () => `test:${++n}`;

  beforeAll(async () => {
    setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent" });
    ({ db, url, cleanup } = await openTestDb());
    dealId = (await createDeal({ db, slug: "queue" })).id;
    documentId = await addDocument(db, dealId, { filename: "report.txt", pages: ["Revenue was EUR 5 million."] });
  });
  afterAll(() => cleanup());
  beforeEach(async () => {
    // Each test owns the queue: earlier tests' leftovers must not be claimable.
    await db.query("delete from agent_tasks");
    clock = new ManualClock(Date.UTC(2026, 0, 1, 12));
  });

  it("queues the same work once: pending, running and completed tasks are reused", async () => {
    const k = `findings_extraction:${documentId}:abc`;
    const a = await enqueueTask({ db, dealId, documentId, taskType: "findings_extraction", idempotencyKey: k, clock });
    const b = await enqueueTask({ db, dealId, documentId, taskType: "findings_extraction", idempotencyKey: k, clock });
    expect(a.created).toBe(true);
    expect(b).toMatchObject({ created: false, requeued: false });
    expect(b.task.id).toBe(a.task.id);

    const claimed = await claimTask({ db, workerId: "w1", clock });
    expect(claimed?.id).toBe(a.task.id);
    const c = await enqueueTask({ db, dealId, documentId, taskType: "findings_extraction", idempotencyKey: k, clock });
    expect(c).toMatchObject({ created: false, requeued: false });
    expect(c.task.status).toBe("running");

    expect(await completeTask({ db, task: claimed!, workerId: "w1", output: output("t"), clock })).toBe(true);
    const d = await enqueueTask({ db, dealId, documentId, taskType: "findings_extraction", idempotencyKey: k, clock, retryFailed: true });
    expect(d).toMatchObject({ created: false, requeued: false });
    expect(d.task.status).toBe("completed");
    expect(d.task.output_data).toMatchObject({ agent: "t" });
    const { rows } = await db.query("select id from agent_tasks where idempotency_key = $1", [k]);
    expect(rows).toHaveLength(1);
  });

  it("re-queues a failed task only when asked (and 'transient' only for transient failures)", async () => {
    const k1 = key();
    await enqueueTask({ db, dealId, taskType: "findings_extraction", idempotencyKey: k1, clock });
    const t1 = (await claimTask({ db, workerId: "w", clock }))!;
    expect((await failTask({ db, task: t1, workerId: "w", error: new PermanentTaskError("bad input", "BAD_INPUT"), clock })).status).toBe("failed");

    const again = await enqueueTask({ db, dealId, taskType: "findings_extraction", idempotencyKey: k1, clock });
    expect(again).toMatchObject({ created: false, requeued: false });
    expect(again.task.status).toBe("failed");
    const onlyTransient = await enqueueTask({ db, dealId, taskType: "findings_extraction", idempotencyKey: k1, clock, retryFailed: "transient" });
    expect(onlyTransient.task.status).toBe("failed");
    const forced = await enqueueTask({ db, dealId, taskType: "findings_extraction", idempotencyKey: k1, clock, retryFailed: true });
    expect(forced).toMatchObject({ created: false, requeued: true });
    expect(forced.task).toMatchObject({ status: "pending", attempts: 0 });
    expect(forced.task.error_message).toMatch(/^previous failure: BAD_INPUT/);
  });

  it("claims only due, pending work of the requested types and deal, and never the same task twice", async () => {
    const other = (await createDeal({ db, slug: `other-${n}` })).id;
    await enqueueTask({ db, dealId, taskType: "findings_extraction", idempotencyKey: key(), clock });
    await enqueueTask({ db, dealId, taskType: "timeline_extraction", idempotencyKey: key(), clock });
    await enqueueTask({ db, dealId: other, taskType: "findings_extraction", idempotencyKey: key(), clock });

    expect(await claimTask({ db, workerId: "w", types: ["entity_extraction"], clock })).toBeNull();
    const t = await claimTask({ db, workerId: "w", types: ["timeline_extraction"], dealId, clock });
    expect(t).toMatchObject({ task_type: "timeline_extraction", status: "running", attempts: 1, locked_by: "w" });
    expect(t!.lease_until!.getTime()).toBe(clock.now() + 5 * 60_000);
    const f = await claimTask({ db, workerId: "w2", dealId, clock });
    expect(f).toMatchObject({ task_type: "findings_extraction", deal_id: dealId });
    expect(await claimTask({ db, workerId: "w3", dealId, clock })).toBeNull();
    const rest = await claimTask({ db, workerId: "w3", clock });
    expect(rest?.deal_id).toBe(other);
    expect(await claimTask({ db, workerId: "w4", clock })).toBeNull();
  });

  it("two workers claiming at once never get the same task (SKIP LOCKED; two connections on a server)", async () => {
    for (let i = 0; i < 20; i++) await enqueueTask({ db, dealId, taskType: "findings_extraction", idempotencyKey: key(), clock });
    let second: Db = db;
    if (url) second = await openDb({ databaseUrl: url }); // a separate connection pool: real concurrency
    try {
      const claims = await Promise.all(
        Array.from({ length: 30 }, (_, i) => claimTask({ db: i % 2 ? second : db, workerId: `w${i % 2}`, clock })),
      );
      const ids = claims.filter(Boolean).map((t) => t!.id);
      expect(ids).toHaveLength(20);
      expect(new Set(ids).size).toBe(20);
      const { rows } = await db.query<{ n: number }>("select count(*)::int as n from agent_tasks where status = 'running' and attempts = 1");
      expect(rows[0].n).toBe(20);
    } finally {
      if (second !== db) await second.close();
    }
  });

  it("retries transient failures after 1 s, 2 s and 4 s, then gives up; permanent failures fail at once", async () => {
    const k = key();
    await enqueueTask({ db, dealId, taskType: "findings_extraction", idempotencyKey: k, clock });
    const schedule: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      const t = await claimTask({ db, workerId: "w", clock });
      expect(t?.attempts).toBe(attempt);
      const res = await failTask({ db, task: t!, workerId: "w", error: Object.assign(new Error("429 Too Many Requests"), { status: 429 }), clock });
      if (attempt < 4) {
        expect(res).toMatchObject({ status: "pending", retry: attempt, error: { kind: "transient", code: "RATE_LIMIT" } });
        const wait = res.runAfter!.getTime() - clock.now();
        schedule.push(wait);
        // Not due a millisecond early.
        await clock.advance(wait - 1);
        expect(await claimTask({ db, workerId: "w", clock })).toBeNull();
        await clock.advance(1);
      } else {
        expect(res.status).toBe("failed");
      }
    }
    expect(schedule).toEqual([1000, 2000, 4000]);
    const done = (await db.query<{ status: string; attempts: number; error_kind: string; error_message: string }>("select * from agent_tasks where idempotency_key = $1", [k])).rows[0];
    expect(done).toMatchObject({ status: "failed", attempts: 4, error_kind: "transient" });
    expect(done.error_message).toMatch(/RATE_LIMIT.*gave up after 4 attempts/);

    for (const [error, code] of [
      [Object.assign(new Error("Unauthorized"), { status: 401 }), "AUTHENTICATION_ERROR"],
      [Object.assign(new Error("Forbidden"), { statusCode: 403 }), "AUTHENTICATION_ERROR"],
      [Object.assign(new Error("Invalid schema"), { status: 400 }), "VALIDATION_ERROR"],
      [new PermanentTaskError("document has no pages"), "BAD_INPUT"],
    ] as const) {
      await enqueueTask({ db, dealId, taskType: "findings_extraction", idempotencyKey: key(), clock });
      const t = (await claimTask({ db, workerId: "w", clock }))!;
      const res = await failTask({ db, task: t, workerId: "w", error, clock });
      expect(res).toMatchObject({ status: "failed", error: { kind: "permanent", code } });
    }
  });

  it("a crashed worker loses nothing: its expired lease returns the task and a second worker completes it", async () => {
    const { task } = await enqueueTask({ db, dealId, taskType: "findings_extraction", idempotencyKey: key(), clock });
    const crashed = (await claimTask({ db, workerId: "doomed", leaseMs: 30_000, clock }))!;
    expect(crashed.id).toBe(task.id);
    // The worker dies here: no completion, no heartbeat. While the lease holds, nobody else may take it.
    await clock.advance(29_999);
    expect(await claimTask({ db, workerId: "rescuer", clock })).toBeNull();
    await clock.advance(2);
    const swept = await recoverExpiredLeases({ db, clock });
    expect(swept.requeued).toBe(1);
    const pending = await getTask(db, task.id);
    expect(pending).toMatchObject({ status: "pending", locked_by: null });
    expect(pending!.error_message).toMatch(/LEASE_EXPIRED: worker doomed/);

    const rescued = (await claimTask({ db, workerId: "rescuer", clock }))!;
    expect(rescued).toMatchObject({ id: task.id, attempts: 2, locked_by: "rescuer" });
    expect(await completeTask({ db, task: rescued, workerId: "rescuer", output: output("rescuer"), clock })).toBe(true);
    // The dead worker waking up late cannot overwrite the result.
    expect(await completeTask({ db, task: crashed, workerId: "doomed", output: output("zombie"), clock })).toBe(false);
    expect(await failTask({ db, task: crashed, workerId: "doomed", error: new Error("late"), clock })).toMatchObject({ status: "lost" });
    expect(await getTask(db, task.id)).toMatchObject({ status: "completed", output_data: { agent: "rescuer" } });
  });

  it("claims a running task with an expired lease directly, and fails a task whose worker died on every attempt", async () => {
    const { task } = await enqueueTask({ db, dealId, taskType: "findings_extraction", idempotencyKey: key(), clock, maxAttempts: 2 });
    await claimTask({ db, workerId: "a", leaseMs: 1000, clock });
    await clock.advance(1001);
    const b = await claimTask({ db, workerId: "b", leaseMs: 1000, clock });
    expect(b).toMatchObject({ id: task.id, attempts: 2, locked_by: "b" });
    await clock.advance(1001);
    expect(await claimTask({ db, workerId: "c", clock })).toBeNull();
    const dead = await getTask(db, task.id);
    expect(dead).toMatchObject({ status: "failed", error_kind: "transient" });
    expect(dead!.error_message).toMatch(/LEASE_EXPIRED.*2 attempts/);
  });

  it("heartbeats extend the lease of a long task; a released task is pending again without losing an attempt", async () => {
    const { task } = await enqueueTask({ db, dealId, taskType: "findings_extraction", idempotencyKey: key(), clock });
    const t = (await claimTask({ db, workerId: "w", leaseMs: 10_000, clock }))!;
    for (let i = 0; i < 5; i++) {
      await clock.advance(8_000);
      expect(await heartbeat({ db, task: t, workerId: "w", leaseMs: 10_000, clock })).toBe(true);
    }
    expect(await claimTask({ db, workerId: "other", clock })).toBeNull(); // 40 s later, still ours
    expect(await heartbeat({ db, task: t, workerId: "someone-else", clock })).toBe(false);
    expect(await releaseTask({ db, task: t, workerId: "w", reason: "shutting down", clock })).toBe(true);
    expect(await getTask(db, task.id)).toMatchObject({ status: "pending", attempts: 0, locked_by: null });
  });
});

describe("worker", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let dealId: string;
  let clock: ManualClock;
  let n = 0;

  beforeAll(async () => {
    setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent" });
    ({ db, cleanup } = await openTestDb());
    dealId = (await createDeal({ db, slug: "worker" })).id;
  });
  afterAll(() => cleanup());
  beforeEach(async () => {
    await db.query("delete from agent_tasks");
    clock = new ManualClock(Date.UTC(2026, 0, 1, 12));
    for (const t of ["findings_extraction", "timeline_extraction", "entity_extraction", "relation_detection"]) unregisterTaskHandler(t);
  });

  it("runs handlers, stores a TaskOutput for each, and retries a transient failure after its backoff", async () => {
    let calls = 0;
    registerTaskHandler("findings_extraction", async () => {
      calls++;
      if (calls === 1) throw new TransientTaskError("upstream 503", "API_ERROR");
      return { ...output("stub-findings", { ok: true }), usage: { inputTokens: 10, outputTokens: 5 } };
    });
    const { task } = await enqueueTask({ db, dealId, taskType: "findings_extraction", idempotencyKey: `w:${++n}`, clock });
    const run = runWorker({ db, until: "drained", dealId, clock, breakers: new BreakerRegistry({ clock }) });
    // The worker parks on the clock until the 1 s retry is due.
    while (!clock.pendingOffsets().includes(1000)) await flushMicrotasks(1);
    expect(await getTask(db, task.id)).toMatchObject({ status: "pending", error_kind: "transient" });
    await clock.advance(1000);
    const stats = await run;
    expect(stats).toMatchObject({ claimed: 2, retried: 1, completed: 1, failed: 0 });
    const done = await getTask(db, task.id);
    expect(done).toMatchObject({ status: "completed", attempts: 2, error_message: null });
    expect(done!.output_data).toMatchObject({
      agent: "stub-findings", version: "test", model: "stub", skipped: [], uncertainties: [], summary: { ok: true },
      usage: { inputTokens: 10, outputTokens: 5 }, timings: { durationMs: expect.any(Number) }, worker: { attempt: 2 },
    });
  });

  it("fills in the TaskOutput shape when a handler returns less", async () => {
    registerTaskHandler("timeline_extraction", async () => ({ summary: { events: 0 } }) as never);
    const { task } = await enqueueTask({ db, dealId, taskType: "timeline_extraction", idempotencyKey: `w:${++n}`, clock });
    await runWorker({ db, until: "drained", dealId, clock, breakers: new BreakerRegistry({ clock }) });
    expect((await getTask(db, task.id))!.output_data).toMatchObject({
      agent: "timeline_extraction", version: "0.0.0", model: "unknown", skipped: [], uncertainties: [], summary: { events: 0 },
      timings: { startedAt: expect.any(String), completedAt: expect.any(String), durationMs: 0 },
    });
  });

  it("an open circuit defers tasks instead of failing them, and a half-open trial closes it", async () => {
    const breakers = new BreakerRegistry({ clock });
    let fail = true;
    registerTaskHandler("entity_extraction", async () => {
      if (fail) throw Object.assign(new Error("503 Service Unavailable"), { status: 503 });
      return output("entities");
    }, { provider: "openai" });
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await enqueueTask({ db, dealId, taskType: "entity_extraction", idempotencyKey: `w:${++n}`, clock })).task.id);
    // Run until the first retry would be needed: 7 claims → 5 failures open the circuit, 2 deferred.
    const stats = await runWorker({ db, until: "drained", dealId, clock, breakers, maxRetryWaitMs: 0 });
    expect(stats).toMatchObject({ claimed: 7, retried: 5, deferred: 2, failed: 0 });
    expect(breakers.get("openai").state).toBe("open");
    const deferred = (await db.query<{ status: string; attempts: number; error_message: string; run_after: Date }>(
      "select status, attempts, error_message, run_after from agent_tasks where error_message like 'DEFERRED%'")).rows;
    expect(deferred).toHaveLength(2);
    for (const d of deferred) {
      expect(d).toMatchObject({ status: "pending", attempts: 0 });
      expect(d.error_message).toMatch(/circuit open for provider "openai"/);
      expect(new Date(d.run_after).getTime()).toBe(clock.now() + 60_000);
    }
    // 60 s later the breaker half-opens; the provider has recovered; one trial closes it and the rest run.
    fail = false;
    await clock.advance(60_000);
    const after = await runWorker({ db, until: "drained", dealId, clock, breakers });
    expect(breakers.get("openai").state).toBe("closed");
    expect(after.completed).toBe(7);
    const { rows } = await db.query<{ status: string }>("select status from agent_tasks where id = any(string_to_array($1, ',')::uuid[])", [ids.join(",")]);
    expect(rows.every((r) => r.status === "completed")).toBe(true);
  });

  it("a task type with no handler fails with a clear permanent error; the defaults are the product functions", async () => {
    const { task } = await enqueueTask({ db, dealId, taskType: "relation_detection", idempotencyKey: `w:${++n}`, clock });
    await runWorker({ db, until: "drained", dealId, clock, types: ["relation_detection"], breakers: new BreakerRegistry({ clock }) });
    const t = await getTask(db, task.id);
    expect(t).toMatchObject({ status: "failed", error_kind: "permanent", attempts: 1 });
    expect(t!.error_message).toMatch(/^HANDLER_MISSING: No handler registered for task type "relation_detection"/);
    registerDefaultHandlers();
    expect(getTaskHandler("relation_detection")?.handler).toBe(runRelationDetection);
    expect(getTaskHandler("findings_extraction")?.handler).toBe(runFindingsExtraction);
  });

  it("stopping a worker mid-task releases the task; a restarted worker finishes it", async () => {
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    registerTaskHandler("findings_extraction", (ctx) => new Promise((_, reject) => {
      started();
      ctx.signal.addEventListener("abort", () => reject(ctx.signal.reason));
    }));
    const { task } = await enqueueTask({ db, dealId, taskType: "findings_extraction", idempotencyKey: `w:${++n}`, clock });
    const stop = new AbortController();
    const first = runWorker({ db, until: stop.signal, workerId: "first", dealId, clock, breakers: new BreakerRegistry({ clock }) });
    await running;
    stop.abort();
    expect(await first).toMatchObject({ claimed: 1, released: 1, completed: 0 });
    expect(await getTask(db, task.id)).toMatchObject({ status: "pending", attempts: 0, locked_by: null });

    registerTaskHandler("findings_extraction", async () => output("second"));
    expect(await runWorker({ db, until: "drained", workerId: "second", dealId, clock, breakers: new BreakerRegistry({ clock }) })).toMatchObject({ completed: 1 });
    expect(await getTask(db, task.id)).toMatchObject({ status: "completed", attempts: 1, output_data: { agent: "second" } });
  });

  it("a claim still in flight when the worker is aborted gives its task back instead of starting it", async () => {
    // claimTask is two statements; hold the first until the abort has landed, as a slow
    // database round trip does on a server.
    let atGate!: () => void;
    const reached = new Promise<void>((r) => (atGate = r));
    let openGate!: () => void;
    const gate = new Promise<void>((r) => (openGate = r));
    const gated = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === "query") {
          return async (sql: string, params?: unknown[]) => {
            if (sql.includes("LEASE_EXPIRED: the worker stopped responding")) {
              atGate();
              await gate;
            }
            return target.query(sql, params);
          };
        }
        const v = Reflect.get(target, prop, receiver);
        return typeof v === "function" ? v.bind(target) : v;
      },
    }) as Db;
    let calls = 0;
    registerTaskHandler("findings_extraction", async (ctx) => {
      calls++;
      if (ctx.signal.aborted) throw ctx.signal.reason;
      return output("should not run");
    });
    const { task } = await enqueueTask({ db, dealId, taskType: "findings_extraction", idempotencyKey: `w:${++n}`, clock });
    const abort = new AbortController();
    const run = runWorker({ db: gated, until: "drained", workerId: "w", dealId, clock, abort: abort.signal, breakers: new BreakerRegistry({ clock }) });
    await reached;
    abort.abort(new Error("pipeline run timed out after 120s"));
    openGate();
    expect(await run).toMatchObject({ claimed: 1, released: 1, completed: 0 });
    expect(calls).toBe(0);
    const t = await getTask(db, task.id);
    expect(t).toMatchObject({ status: "pending", attempts: 0, locked_by: null });
    expect(t!.error_message).toBe("RELEASED: pipeline run timed out after 120s; will run again");
  });
});
