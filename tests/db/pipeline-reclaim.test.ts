import { afterAll, describe, expect, it } from "vitest";
import { openDb, type Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { claimTask, enqueueTask, getTask } from "@/lib/pipeline/queue";
import { recordRunStart } from "@/lib/pipeline/run-record";
import { tempDir } from "../helpers/fixtures";

/**
 * Issue 11 item 3: the embedded database's directory lock proves its previous owner is gone, so the
 * tasks it left running are reclaimed when the database is opened, not after their 5-minute leases.
 */
describe("reclaiming a dead owner's leases on the embedded database", () => {
  const dataDir = tempDir("manda-reclaim-");
  let db: Db | undefined;
  afterAll(async () => {
    await db?.close();
  });

  it("re-queues running tasks at once on open, fails the interrupted run record, and gives up on a task out of attempts", async () => {
    db = await openDb({ dataDir });
    const deal = await createDeal({ db, slug: "reclaim" });
    const a = await enqueueTask({ db, dealId: deal.id, taskType: "findings_extraction", idempotencyKey: "findings:a" });
    const b = await enqueueTask({ db, dealId: deal.id, taskType: "timeline_extraction", idempotencyKey: "timeline:b", maxAttempts: 1 });
    // Both claimed with a long lease by a worker that then "dies" (the database is closed under it).
    expect(await claimTask({ db, workerId: "dead-worker", leaseMs: 60 * 60_000 })).not.toBeNull();
    expect(await claimTask({ db, workerId: "dead-worker", leaseMs: 60 * 60_000 })).not.toBeNull();
    const orch = crypto.randomUUID();
    await recordRunStart({ db, id: orch, dealId: deal.id, timeoutMs: 60_000, mode: "batch", startedAt: Date.now(), deadline: Date.now() + 60_000, workerId: "dead-worker" });
    expect((await getTask(db, a.task.id))?.status).toBe("running");
    await db.close();

    db = await openDb({ dataDir });
    const ta = await getTask(db, a.task.id);
    expect(ta).toMatchObject({ status: "pending", locked_by: null, lease_until: null });
    expect(ta?.error_message).toMatch(/^LEASE_RECLAIMED/);
    expect(ta!.run_after.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await getTask(db, b.task.id)).toMatchObject({ status: "failed" });
    expect((await getTask(db, orch))?.status).toBe("failed");
    // Claimable right away by the next worker.
    expect((await claimTask({ db, workerId: "next-worker", types: ["findings_extraction"] }))?.id).toBe(a.task.id);
  });
});
