import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal, getDealById } from "@/lib/db/queries/deals";
import { BreakerRegistry } from "@/lib/pipeline/circuit-breaker";
import { flushMicrotasks, ManualClock } from "@/lib/pipeline/clock";
import { PermanentTaskError, TransientTaskError } from "@/lib/pipeline/errors";
import { runPipeline, type PipelineResult, type RunPipelineOptions } from "@/lib/pipeline/orchestrator";
import { getTask, listTasks } from "@/lib/pipeline/queue";
import type { TaskContext, TaskHandler } from "@/lib/pipeline/types";
import { registerTaskHandler } from "@/lib/pipeline/worker";
import { openTestDb } from "../helpers/db";
import { tempDir } from "../helpers/fixtures";
import { addDocument, corpusPages, output, stubFindings, stubTimeline } from "./pipeline-fixtures";

let db: Db;
let cleanup: () => Promise<void>;
let slug = 0;

/** Stub handlers for all four specialist types; tests swap single ones. */
const handlers: Record<string, TaskHandler> = {};
function useStubs(over: Partial<Record<string, TaskHandler>> = {}) {
  const defaults: Record<string, TaskHandler> = {
    findings_extraction: stubFindings,
    timeline_extraction: stubTimeline,
    entity_extraction: async () => output("stub-entities"),
    relation_detection: async () => output("stub-relations"),
  };
  for (const [type, h] of Object.entries({ ...defaults, ...over })) {
    handlers[type] = h!;
    registerTaskHandler(type, (ctx) => handlers[type](ctx));
  }
}

async function newDeal(): Promise<string> {
  return (await createDeal({ db, slug: `deal-${++slug}` })).id;
}

function run(dealId: string, o: Partial<RunPipelineOptions> = {}): Promise<PipelineResult> {
  return runPipeline({ db, dealId, registerHandlers: false, breakers: new BreakerRegistry(), ...o });
}

/** Drives a manual clock through short waits (retry backoff, polls) until the promise settles. */
async function pump<T>(p: Promise<T>, clock: ManualClock, maxOffset = 10_000): Promise<T> {
  let settled = false;
  const watched = p.finally(() => (settled = true));
  while (!settled) {
    await flushMicrotasks(5);
    const next = clock.pendingOffsets().find((o) => o <= maxOffset);
    if (next !== undefined && !settled) await clock.advance(Math.max(1, next));
  }
  return watched;
}

beforeAll(async () => {
  setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent" });
  ({ db, cleanup } = await openTestDb());
});
afterAll(() => cleanup());
beforeEach(() => useStubs());

describe("orchestrator", () => {
  it("queues each document's tasks, runs them in parallel, waits for all, updates stages and stores itself", async () => {
    const dealId = await newDeal();
    await addDocument(db, dealId, { filename: "Annual_Report_2023.txt", pages: ["Annual report 2023\nRevenue EUR 5 million", "Board: Anna Berg"] });
    await addDocument(db, dealId, { filename: "Board_minutes.txt", pages: ["Minutes of the board meeting, Stockholm i mars 2024"] });
    await addDocument(db, dealId, { filename: "kpis.csv", format: "csv", pages: ["month,revenue\n2024-01,100"] });

    // Every stub parks until all document tasks have started: the wait only ends if they run side by side.
    // If the worker ran them one at a time, the first would wait forever (and the test time out).
    let active = 0;
    let maxActive = 0;
    let allIn!: () => void;
    const barrier = new Promise<void>((r) => (allIn = r));
    const parallel = (inner: TaskHandler): TaskHandler => async (ctx) => {
      active++;
      maxActive = Math.max(maxActive, active);
      if (maxActive >= 4) allIn();
      await barrier;
      try {
        return await inner(ctx);
      } finally {
        active--;
      }
    };
    useStubs({
      findings_extraction: parallel(stubFindings),
      timeline_extraction: parallel(stubTimeline),
      entity_extraction: parallel(async () => output("stub-entities")),
    });

    const r = await run(dealId, { concurrency: 4 });
    expect(r).toMatchObject({ success: true, agent: "Head Detective v3", mode: "batch" });
    expect(maxActive).toBe(4);
    expect(r.summary).toMatchObject({
      documents_analyzed: 3, tasks_created: 8, tasks_reused: 0, tasks_completed: 8, tasks_failed: 0, tasks_pending: 0,
      findings_promoted: 3, events_extracted: 1, timed_out: false, skipped_no_action: 0,
    });
    const csv = r.details.find((d) => d.filename === "kpis.csv")!;
    expect(csv.tasks!.map((t) => t.task_type)).toEqual(["findings_extraction"]);
    expect(csv.reason).toMatch(/Not needed: timeline_extraction: spreadsheet/);
    expect(r.details.find((d) => d.kind === "relations")).toMatchObject({ action: "analyzed", tasks: [{ task_type: "relation_detection", status: "completed" }] });
    expect(r.details.find((d) => d.kind === "deal")).toMatchObject({ action: "stage_updated", previous_stage: "empty", new_stage: "ready" });

    const deal = await getDealById({ db, dealId });
    expect(deal).toMatchObject({ stage: "ready", stage_explanation: "Ready: 3 documents indexed, 3 findings promoted, 1 timeline event, 0 items await review, 0 contradictions." });

    const orch = await getTask(db, r.orchestration_task_id!);
    expect(orch).toMatchObject({ task_type: "orchestration", status: "completed" });
    expect(orch!.output_data).toMatchObject({ agent: "Head Detective", version: "3.0.0", model: "rules", summary: { tasks_created: 8 }, success: true });
    const children = await listTasks({ db, dealId });
    expect(children.filter((t) => t.task_type !== "orchestration").every((t) => t.parent_task_id === orch!.id && t.status === "completed")).toBe(true);
    for (const t of children.filter((x) => x.task_type !== "orchestration")) {
      expect(t.output_data).toMatchObject({ agent: expect.any(String), version: expect.any(String), model: expect.any(String), timings: { durationMs: expect.any(Number) }, skipped: [], uncertainties: [] });
    }
  });

  it("a re-run with nothing new is a no-op that says so; a document added later is picked up", async () => {
    const dealId = await newDeal();
    await addDocument(db, dealId, { filename: "a.txt", pages: ["Alpha"] });
    await addDocument(db, dealId, { filename: "b.txt", pages: ["Beta"] });
    const first = await run(dealId);
    expect(first.summary.tasks_created).toBe(7);

    const again = await run(dealId);
    expect(again.success).toBe(true);
    expect(again.summary).toMatchObject({ tasks_created: 0, tasks_reused: 7, tasks_completed: 0, stages_updated: 0, findings_promoted: 0, skipped_no_action: 3 });
    expect(again.message).toBe("Nothing new: 2 documents already analysed, stages unchanged (ready)");
    expect(again.details.filter((d) => d.kind === "document").every((d) => d.action === "skipped" && /Already analysed/.test(d.reason))).toBe(true);
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from agent_tasks where deal_id = $1 and task_type <> 'orchestration'", [dealId]);
    expect(rows[0].n).toBe(7);

    // A document that arrives later (or finishes parsing later) is new work: no backfill gap.
    const parsing = await addDocument(db, dealId, { filename: "c.txt", pages: ["Gamma"], status: "parsing" });
    const whileParsing = await run(dealId);
    expect(whileParsing.summary).toMatchObject({ tasks_created: 0, documents_not_ready: 1 });
    expect(whileParsing.details.find((d) => d.document_id === parsing)).toMatchObject({ action: "skipped", reason: "Not indexed yet (parsing); picked up by the next run" });
    await db.query("delete from documents where id = $1", [parsing]);
    const later = await addDocument(db, dealId, { filename: "c.txt", pages: ["Gamma"] });
    const third = await run(dealId);
    expect(third.summary).toMatchObject({ tasks_created: 4, tasks_reused: 6, tasks_completed: 4, findings_promoted: 1 });
    expect(third.details.find((d) => d.document_id === later)).toMatchObject({ action: "analyzed" });
    expect(third.details.find((d) => d.kind === "relations")).toMatchObject({ action: "analyzed", reason: "Relation detection over the deal's extracted documents" });
  });

  it("a single-document run only queues that document's tasks", async () => {
    const dealId = await newDeal();
    const a = await addDocument(db, dealId, { filename: "a.txt", pages: ["Alpha"] });
    await addDocument(db, dealId, { filename: "b.txt", pages: ["Beta"] });
    const r = await run(dealId, { documentId: a });
    expect(r.mode).toBe("single");
    expect(r.summary).toMatchObject({ documents_analyzed: 1, tasks_created: 3 + 0 });
    // b was never extracted: relation detection waits for it, and the deal is not done.
    expect(r.details.find((d) => d.kind === "relations")).toMatchObject({ action: "skipped", reason: "Relation detection waits: 1 document not extracted yet" });
    expect(r.details.find((d) => d.kind === "deal")).toMatchObject({ new_stage: "indexed" });
  });

  // After the one advance below no more clock time passes: the timeout path must finish on its own.
  // (It once stalled on native PostgreSQL: a worker slot whose claim was in flight at the timeout
  // re-claimed the released task and started this handler with an already-aborted signal; see
  // the worker test "a claim still in flight when the worker is aborted …".)
  it("a timeout leaves unfinished tasks pending, reports it, and the next run finishes them", async () => {
    const dealId = await newDeal();
    await addDocument(db, dealId, { filename: "slow.txt", pages: ["Stockholm i maj 2020"] });
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    let started = false;
    useStubs({
      timeline_extraction: (ctx: TaskContext) => new Promise((_, reject) => {
        started = true;
        ctx.signal.addEventListener("abort", () => reject(ctx.signal.reason));
      }),
    });
    const pending = run(dealId, { clock, timeoutMs: 120_000 });
    const completed = async () => (await db.query<{ n: number }>("select count(*)::int as n from agent_tasks where deal_id = $1 and status = 'completed'", [dealId])).rows[0].n;
    // Let the quick tasks finish first, so exactly the slow one is open when time runs out.
    while (!started || !clock.pendingOffsets().includes(120_000) || (await completed()) < 2) await flushMicrotasks(1);
    await clock.advance(120_000);
    const r = await pending;
    expect(r.success).toBe(true);
    expect(r.summary).toMatchObject({ timed_out: true, tasks_pending: 1, tasks_completed: 2 });
    expect(r.message).toBe("Timeout waiting for agents (120s): 1 tasks left pending for the next run");
    expect(r.details.find((d) => d.filename === "slow.txt")).toMatchObject({ action: "pending", reason: expect.stringMatching(/^Timeout waiting for agents \(120s\)/) });
    expect(r.details.find((d) => d.kind === "deal")).toMatchObject({ new_stage: "extracting" });
    const timeline = (await listTasks({ db, dealId, types: ["timeline_extraction"] }))[0];
    expect(timeline).toMatchObject({ status: "pending", attempts: 0, locked_by: null });
    expect(timeline.error_message).toMatch(/^RELEASED: pipeline run timed out/);
    expect((await getTask(db, r.orchestration_task_id!))!.output_data).toMatchObject({ uncertainties: [r.message] });

    useStubs();
    const next = await run(dealId, { clock });
    expect(next.summary).toMatchObject({ timed_out: false, tasks_created: 1, tasks_reused: 3, tasks_completed: 2, events_extracted: 1 });
    expect(next.details.find((d) => d.kind === "deal")).toMatchObject({ new_stage: "ready" });
  });

  it("retries transient failures with backoff, reports exhausted and permanent failures, and re-queues only transient ones next run", async () => {
    const dealId = await newDeal();
    await addDocument(db, dealId, { filename: "flaky.txt", pages: ["Flaky"] });
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    let timelineCalls = 0;
    useStubs({
      timeline_extraction: async () => {
        timelineCalls++;
        throw Object.assign(new Error("503 Service Unavailable"), { status: 503 });
      },
      entity_extraction: async () => {
        throw new PermanentTaskError("document text is not a valid input", "VALIDATION_ERROR");
      },
    });
    const r = await pump(run(dealId, { clock, breakers: new BreakerRegistry({ clock }) }), clock);
    expect(timelineCalls).toBe(4); // first try + 3 retries
    expect(r.success).toBe(true);
    expect(r.summary).toMatchObject({ tasks_failed: 2, tasks_completed: 2 });
    expect(r.failures).toEqual(expect.arrayContaining([
      expect.objectContaining({ task_type: "timeline_extraction", kind: "transient", retried_next_run: true, error: expect.stringMatching(/^API_ERROR: 503 Service Unavailable \(gave up after 4 attempts\)/) }),
      expect.objectContaining({ task_type: "entity_extraction", kind: "permanent", retried_next_run: false, error: "VALIDATION_ERROR: document text is not a valid input" }),
    ]));
    expect(r.message).toBe("2 tasks failed (1 transient: retried on the next run)");
    expect(r.details.find((d) => d.filename === "flaky.txt")!.reason).toMatch(/transient: retried on the next run.*permanent: not retried/);
    expect(r.details.find((d) => d.kind === "deal")).toMatchObject({ new_stage: "in_review" });

    useStubs({ entity_extraction: async () => { throw new PermanentTaskError("still bad"); } });
    const next = await run(dealId, { clock });
    expect(next.summary).toMatchObject({ tasks_requeued: 1, tasks_completed: 2, tasks_failed: 1 }); // timeline + a new relation detection
    expect(next.failures).toEqual([expect.objectContaining({ task_type: "entity_extraction", kind: "permanent" })]);
    // An analyst's explicit retry re-queues permanent failures too.
    useStubs();
    const forced = await run(dealId, { clock, retryFailed: "all" });
    expect(forced.summary).toMatchObject({ tasks_requeued: 1, tasks_failed: 0 });
  });

  it("a transient error thrown as TransientTaskError retries within the run and succeeds", async () => {
    const dealId = await newDeal();
    await addDocument(db, dealId, { filename: "once.txt", pages: ["Once"] });
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    let calls = 0;
    useStubs({ findings_extraction: async (ctx) => (++calls === 1 ? Promise.reject(new TransientTaskError("rate limited", "RATE_LIMIT")) : stubFindings(ctx)) });
    const r = await pump(run(dealId, { clock, breakers: new BreakerRegistry({ clock }) }), clock);
    expect(r.summary).toMatchObject({ tasks_failed: 0, tasks_completed: 4, findings_promoted: 1 });
    expect(r.worker).toMatchObject({ retried: 1 });
  });

  it("reports a deal without documents as such", async () => {
    const r = await run(await newDeal());
    expect(r).toMatchObject({ success: true, message: "No indexed documents in this deal", summary: { documents_analyzed: 0 } });
  });
});

describe("public-inquiry processes", () => {
  it("detects SOU and directive processes and puts SOU 2014:67 and SOU 1972:47 at published, with Swedish explanations", async () => {
    const dealId = await newDeal();
    const sou2014 = await addDocument(db, dealId, { filename: "SOU_2014_67.txt", pages: corpusPages("SOU_2014_67.txt") });
    await addDocument(db, dealId, { filename: "SOU_1972_47.txt", pages: corpusPages("SOU_1972_47.txt") });
    await addDocument(db, dealId, { filename: "Dir_2016_15.txt", pages: corpusPages("directives/Dir_2016_15.txt") });
    await addDocument(db, dealId, { filename: "Dir_2017_29.txt", pages: corpusPages("directives/Dir_2017_29.txt") });
    // The directive SOU 2014:67 cites on page 3 ("dir. 2013:83"): a synthetic stand-in.
    const dir2013 = await addDocument(db, dealId, {
      filename: "direktiv-utredning.txt", kind: "committee directive",
      pages: ["Kommittédirektiv\nPersonuppgiftsbehandling vid Inspektionen för socialförsäkringen\nDir. 2013:83\nBeslut vid regeringssammanträde den 29 augusti 2013"],
    });

    const r = await run(dealId);
    expect(r.success).toBe(true);
    const procs = (await db.query<{ process_key: string; stage: string; stage_explanation: string; id: string }>(
      "select id, process_key, stage, stage_explanation from processes where deal_id = $1 order by process_key", [dealId])).rows;
    expect(procs.map((p) => [p.process_key, p.stage])).toEqual([
      ["dir-2016-15", "directive"],
      ["dir-2017-29", "directive"],
      ["sou-1972-47", "published"],
      ["sou-2014-67", "published"],
    ]);
    const byKey = Object.fromEntries(procs.map((p) => [p.process_key, p]));
    expect(byKey["sou-2014-67"].stage_explanation).toBe("Betänkandet publicerat och tillgängligt för remiss. Belägg: publicering 2014 (SOU_2014_67.txt, s. 1).");
    expect(byKey["sou-1972-47"].stage_explanation).toBe("Betänkandet publicerat och tillgängligt för remiss. Belägg: publicering 1972 (SOU_1972_47.txt, s. 4).");
    expect(byKey["dir-2016-15"].stage_explanation).toBe("Direktiv utfärdat, utredningsarbete pågår. Belägg: Dir_2016_15.txt.");

    const links = (await db.query<{ process_key: string; filename: string; role: string }>(
      `select p.process_key, d.filename, pd.role from process_documents pd join processes p on p.id = pd.process_id
         join documents d on d.id = pd.document_id where p.deal_id = $1 order by p.process_key, d.filename`, [dealId])).rows;
    expect(links).toEqual([
      { process_key: "dir-2016-15", filename: "Dir_2016_15.txt", role: "directive" },
      // Dir. 2017:29 is an additional directive to dir. 2016:65, which is not in the room: it stands alone.
      { process_key: "dir-2017-29", filename: "Dir_2017_29.txt", role: "directive" },
      { process_key: "sou-1972-47", filename: "SOU_1972_47.txt", role: "sou" },
      { process_key: "sou-2014-67", filename: "SOU_2014_67.txt", role: "sou" },
      { process_key: "sou-2014-67", filename: "direktiv-utredning.txt", role: "directive" },
    ]);
    void sou2014;

    const d = r.details.find((x) => x.kind === "process" && x.process_key === "sou-2014-67")!;
    expect(d).toMatchObject({ action: "created", previous_stage: null, new_stage: "published", proof_page: 1, published_event_found: true });
    expect(r.summary.published_stages_updated).toBe(2);
    expect(r.summary.processes_detected).toBe(4);
    // Tasks of process documents carry the process.
    const tasks = await listTasks({ db, dealId, types: ["timeline_extraction"] });
    expect(tasks.find((t) => t.document_id === dir2013)!.process_id).toBe(byKey["sou-2014-67"].id);

    // Re-run: stages confirmed, nothing to do.
    const again = await run(dealId);
    expect(again.summary.stages_updated).toBe(0);
    expect(again.details.find((x) => x.kind === "process" && x.process_key === "sou-2014-67")).toMatchObject({ action: "skipped", reason: expect.stringMatching(/^Stadiet är redan published; ingen ändring behövs/) });
  });

  it("moves a directive from its own process into the SOU that arrives later and cites it", async () => {
    const dealId = await newDeal();
    await addDocument(db, dealId, { filename: "Dir_2013_83.txt", pages: ["Kommittédirektiv\nDir. 2013:83\nBeslut vid regeringssammanträde den 29 augusti 2013"] });
    const first = await run(dealId);
    expect(first.details.find((d) => d.kind === "process")).toMatchObject({ process_key: "dir-2013-83", new_stage: "directive" });

    await addDocument(db, dealId, { filename: "SOU_2014_67.txt", pages: corpusPages("SOU_2014_67.txt") });
    const second = await run(dealId);
    expect(second.success).toBe(true);
    const procs = (await db.query<{ process_key: string; stage: string }>("select process_key, stage from processes where deal_id = $1", [dealId])).rows;
    expect(procs).toEqual([{ process_key: "sou-2014-67", stage: "published" }]);
    const { rows } = await db.query<{ n: number }>(
      "select count(*)::int as n from agent_tasks t join processes p on p.id = t.process_id where p.process_key = 'sou-2014-67' and t.deal_id = $1", [dealId]);
    expect(rows[0].n).toBe(6); // both documents' three tasks followed
  });
});
