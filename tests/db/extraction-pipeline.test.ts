import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { setConfigForProcess } from "@/lib/config";
import { makeDecision } from "@/lib/extraction/decision";
import { processCandidates } from "@/lib/extraction/process";
import { listReview, reviewItem } from "@/lib/extraction/review";
import { runAllExtractions, runFindingsExtraction } from "@/lib/extraction/run";
import { contextOf, loadDocument } from "@/lib/extraction/store";
import type { Candidate, Extractor, FindingPayload } from "@/lib/extraction/types";
import { validateCandidate } from "@/lib/extraction/validator";
import type { AgentTask } from "@/lib/pipeline/types";
import { openTestDb } from "../helpers/db";

const PAGE1 = `3M Company and Subsidiaries\nConsolidated Statement of Cash Flows\nYears ended December 31\n(Millions) 2018 2017 2016\nNet cash provided by (used in) operating activities $ 6,439 $ 6,240 $ 6,662\nPurchases of property, plant and equipment (PP&E) (1,577) (1,373) (1,420)\nProceeds from sale of PP&E and other assets 262 49 58`;
const PAGE2 = `Till statsrådet och chefen för\nSocialdepartementet\nRegeringen beslutade den 29 augusti 2013 (dir. 2013:83) att tillkalla\nen särskild utredare med uppdrag att analysera behovet.\nSom särskild utredare förordnades den 10 september 2013\nadvokat Per Furberg.\nUtredaren presenterade betänkandet till regeringen.`;

let db: Db;
let cleanup: () => Promise<void>;
let dealId: string;
let documentId: string;

beforeAll(async () => {
  setConfigForProcess({ OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });
  ({ db, cleanup } = await openTestDb());
  dealId = crypto.randomUUID();
  documentId = crypto.randomUUID();
  await db.query("insert into deals (id, slug, name) values ($1, 'x', 'X')", [dealId]);
  await db.query(
    `insert into documents (id, deal_id, filename, sha256, bytes, storage_path, status, fiscal_year, fiscal_period, kind)
     values ($1, $2, 'ACME_2018_10K.pdf', 'abc', 1, '', 'indexed', 2018, 'FY', 'annual report')`,
    [documentId, dealId],
  );
  for (const [n, t] of [[1, PAGE1], [2, PAGE2]] as const) {
    await db.query("insert into document_pages (document_id, deal_id, page_number, text) values ($1, $2, $3, $4)", [documentId, dealId, n, t]);
  }
});
afterAll(async () => cleanup?.());

const finding = (over: Partial<Candidate> = {}, payload: Partial<FindingPayload> = {}): Candidate => ({
  candidateType: "finding",
  candidateKey: `test|${crypto.randomUUID()}`,
  payload: { metric: "Purchases of property, plant and equipment (PP&E)", metricKey: "capital_expenditure", valueText: "(1,577)", valueNum: -1577e6, unit: "currency", currency: "USD", period: "FY2018", isForecast: false, domain: "financial", ...payload },
  confidenceScore: 0.95,
  confidenceReason: "test",
  evidence: { text: "Purchases of property, plant and equipment (PP&E) (1,577) (1,373) (1,420)", page: 1 },
  evidenceType: "formal",
  ...over,
});
const page1 = { pageNumber: 1, text: PAGE1 };

describe("validator", () => {
  it("passes a verified candidate and fails each check with a concrete request", () => {
    expect(validateCandidate(finding(), page1).decision).toBe("valid");
    const notFound = validateCandidate(finding({ evidence: { text: "Capital expenditures were 1,577 million dollars in fiscal 2018 per the statement", page: 1 } }), page1);
    expect(notFound).toMatchObject({ decision: "refine" });
    expect((notFound as { request: string }).request).toMatch(/excerpt not found on page 1; choose an excerpt .* containing '\(1,577\)'|containing '1,577'/);
    expect(validateCandidate(finding({ evidence: { text: "", page: 1 } }), page1)).toMatchObject({ decision: "refine", reason: "No evidence text provided" });
    expect(validateCandidate(finding({ evidence: { text: "(1,577) (1,373)", page: 1 } }), page1)).toMatchObject({ decision: "refine", reason: expect.stringMatching(/characters/) });
    expect(validateCandidate(finding({ evidence: { text: "Proceeds from sale of PP&E and other assets 262 49 58", page: 1 } }), page1)).toMatchObject({ decision: "refine", reason: expect.stringMatching(/does not contain the value/) });
    expect(validateCandidate(finding({ evidenceType: "prose", confidenceScore: 0.95 }), page1)).toMatchObject({ decision: "refine", reason: expect.stringMatching(/too high for prose/) });
    expect(validateCandidate(finding({ evidenceType: "inference", confidenceScore: 0.7 }), page1).decision).toBe("refine");
    expect(validateCandidate(finding({}, { period: undefined }), page1)).toMatchObject({ decision: "valid", missingFields: ["period"] });
    const ministry: Candidate = { candidateType: "entity", candidateKey: "e", payload: { entityType: "person", name: "Justitiedepartementet", role: "utredare" }, confidenceScore: 0.9, confidenceReason: "", evidence: { text: PAGE2.slice(0, 60), page: 2 }, evidenceType: "prose" };
    expect(validateCandidate(ministry, { pageNumber: 2, text: PAGE2 })).toMatchObject({ decision: "reject", reason: "Rejected ministry name as person" });
    expect(validateCandidate({ ...ministry, payload: { entityType: "person", name: "Utredaren", role: "x" } }, { pageNumber: 2, text: PAGE2 })).toMatchObject({ decision: "reject", reason: expect.stringMatching(/placeholder/) });
  });
});

describe("decision maker", () => {
  it("promotes at 0.8, reviews below it (high priority below 0.5) and reviews any missing field", () => {
    expect(makeDecision(0.8, [])).toMatchObject({ action: "promote" });
    expect(makeDecision(0.79, [])).toMatchObject({ action: "review", priority: "normal" });
    expect(makeDecision(0.5, [])).toMatchObject({ action: "review", priority: "normal" });
    expect(makeDecision(0.49, [])).toMatchObject({ action: "review", priority: "high" });
    expect(makeDecision(0.95, ["period"])).toMatchObject({ action: "review", priority: "normal", reason: expect.stringMatching(/missing: period/) });
    expect(makeDecision(Math.fround(0.8), [])).toMatchObject({ action: "promote" }); // float4 round trip
  });
});

describe("pipeline: stage → validate (+refine) → decide", () => {
  const decisionsOf = async (id: string) => (await db.query<{ decided_by: string; decision: string; reason: string }>("select decided_by, decision, reason from validation_decisions where extraction_id = $1 order by created_at", [id])).rows;
  const stagedByKey = async (key: string) => (await db.query<{ id: string; status: string; review_priority: string | null; refinement_round: number; promoted_to: string | null }>("select * from staging_extractions where candidate_key = $1", [key])).rows[0]!;

  it("caps the refine loop at 5 rounds, then sends the candidate to review (high)", async () => {
    const doc = await loadDocument(db, dealId, documentId);
    let calls = 0;
    const stubborn: Extractor = { name: "stub", version: "0", candidateType: "finding", extract: async () => ({ candidates: [], skipped: [], uncertainties: [] }),
      refine: async (_ctx, c) => { calls++; return { ...c, evidence: { ...c.evidence, text: `Still a paraphrase of the capital expenditure figure, attempt ${calls}` } }; } };
    const c = finding({ evidence: { text: "Capital expenditures were 1,577 million dollars in fiscal 2018 per the statement", page: 1 } });
    const sum = await processCandidates(db, { dealId, documentId, extractor: stubborn, ctx: contextOf(doc), candidates: [c] });
    expect(calls).toBe(5);
    expect(sum).toMatchObject({ review: 1, reviewHigh: 1, promoted: 0 });
    const row = await stagedByKey(c.candidateKey);
    expect(row).toMatchObject({ status: "review", review_priority: "high", review_reason: "refinement_failed", refinement_round: 5 });
    const d = await decisionsOf(row.id);
    expect(d.filter((x) => x.decision === "refine")).toHaveLength(6);
    expect(d.at(-1)).toMatchObject({ decided_by: "decision_maker", decision: "review", reason: expect.stringMatching(/Exceeded refinement limit after 5 attempts/) });
  });

  it("a refined excerpt that verifies is promoted", async () => {
    const doc = await loadDocument(db, dealId, documentId);
    const { findingsRulesExtractor } = await import("@/lib/extraction/findings");
    const c = finding({ candidateKey: "refine-ok", evidence: { text: "Capital expenditures were 1,577 million dollars in fiscal 2018 per the statement", page: 1 } }, { period: "FY2018-test" });
    const sum = await processCandidates(db, { dealId, documentId, extractor: findingsRulesExtractor, ctx: contextOf(doc), candidates: [c] });
    expect(sum).toMatchObject({ promoted: 1, refinements: 1 });
    expect((await stagedByKey("refine-ok")).status).toBe("promoted");
  });

  it("runs the three extractions end to end through the task entry point and is idempotent", async () => {
    const task = { id: crypto.randomUUID(), deal_id: dealId, document_id: documentId, process_id: null, task_type: "findings_extraction", input: {} } as unknown as AgentTask;
    await db.query("insert into agent_tasks (id, deal_id, document_id, task_type, idempotency_key) values ($1, $2, $3, 'findings_extraction', $4)", [task.id, dealId, documentId, `k-${task.id}`]);
    const out = await runFindingsExtraction({ db, task, signal: new AbortController().signal });
    expect(out).toMatchObject({ agent: "Findings Extractor", model: "rules", summary: expect.objectContaining({ ran: "rules" }) });
    const first = await runAllExtractions(db, { dealId, documentId });
    const count = async () => (await db.query<{ f: number; t: number; e: number; m: number; s: number }>(
      `select (select count(*)::int from findings where deal_id = $1) f, (select count(*)::int from timeline_events where deal_id = $1) t,
              (select count(*)::int from entities where deal_id = $1) e, (select count(*)::int from entity_mentions where deal_id = $1) m,
              (select count(*)::int from staging_extractions where deal_id = $1) s`, [dealId])).rows[0]!;
    const before = await count();
    await runAllExtractions(db, { dealId, documentId });
    expect(await count()).toEqual(before);
    const capex = (await db.query<{ value_num: number; source_page: number; source_excerpt: string; embedding_model: string | null; extraction_id: string }>(
      "select * from findings where deal_id = $1 and metric_key = 'capital_expenditure' and period = 'FY2018' and source_page = 1", [dealId])).rows[0]!;
    expect(capex).toMatchObject({ value_num: -1577e6, source_page: 1 });
    expect(capex.source_excerpt).toContain("(1,577)");
    expect(capex.embedding_model).toBeTruthy();
    expect((await db.query("select status, promoted_to from staging_extractions where id = $1", [capex.extraction_id])).rows[0]).toMatchObject({ status: "promoted" });
    expect(first.timeline.summary.promoted).toBeGreaterThanOrEqual(2);
    const people = (await db.query<{ name: string; role: string }>("select e.name, m.role from entity_mentions m join entities e on e.id = m.entity_id where e.entity_type = 'person' and m.deal_id = $1", [dealId])).rows;
    expect(people).toEqual([{ name: "Per Furberg", role: "särskild utredare" }]);
  });

  it("review actions: list high first, approve, reject, edit-and-approve re-verifies; all audited as user", async () => {
    const doc = await loadDocument(db, dealId, documentId);
    const none: Extractor = { name: "n", version: "0", candidateType: "finding", extract: async () => ({ candidates: [], skipped: [], uncertainties: [] }) };
    const low = finding({ candidateKey: "low", confidenceScore: 0.4 }, { period: "FY2017-low", valueText: "(1,373)", valueNum: -1373e6 });
    const mid = finding({ candidateKey: "mid", confidenceScore: 0.6 }, { period: "FY2016-mid", valueText: "(1,420)", valueNum: -1420e6 });
    const mid2 = finding({ candidateKey: "mid2", confidenceScore: 0.6, evidence: { text: "Net cash provided by (used in) operating activities $ 6,439 $ 6,240 $ 6,662", page: 1 } }, { metricKey: "operating_cash_flow", metric: "Net cash", valueText: "6,662", valueNum: 6662e6, period: "FY2016-x" });
    await processCandidates(db, { dealId, documentId, extractor: none, ctx: contextOf(doc), candidates: [low, mid, mid2] });
    const items = await listReview(db, { dealId });
    expect(items[0]!.priority).toBe("high");
    expect(items.map((i) => i.candidateKey)).toEqual(expect.arrayContaining(["low", "mid", "mid2"]));
    const byKey = (k: string) => items.find((i) => i.candidateKey === k)!;
    // why each waits, as a code (the review page words it; the audit sentence is not parsed)
    expect([byKey("low").reasonCode, byKey("mid").reasonCode]).toEqual(["low_confidence", "medium_confidence"]);
    const openReview = async () => (await db.query<{ n: number }>("select count(*)::int as n from staging_extractions where deal_id = $1 and status = 'review'", [dealId])).rows[0]!.n;
    const before = await openReview();
    expect(await reviewItem(db, { dealId, id: byKey("low").id, action: "approve" })).toMatchObject({ status: "promoted" });
    // the deal stage's explanation follows the decision at once, with the new count of open items
    const stage = (await db.query<{ stage_explanation: string }>("select stage_explanation from deals where id = $1", [dealId])).rows[0]!;
    expect(stage.stage_explanation).toContain(`${before - 1} item`);
    // and the approved finding joins the graph (EXTRACTED_FROM its document)
    const edges = await db.query("select 1 from relations r join findings f on f.id = r.from_id where f.extraction_id = $1 and r.relation_type = 'EXTRACTED_FROM'", [byKey("low").id]);
    expect(edges.rows).toHaveLength(1);
    // an approved finding is embedded at promotion, like an auto-promoted one
    const approved = (await db.query<{ embedding_model: string | null; has_vector: boolean; is_forecast: boolean }>(
      "select embedding_model, embedding is not null as has_vector, is_forecast from findings where extraction_id = $1", [byKey("low").id])).rows[0]!;
    expect(approved).toMatchObject({ has_vector: true, is_forecast: false });
    expect(approved.embedding_model).toBeTruthy();
    expect(await reviewItem(db, { dealId, id: byKey("mid").id, action: "reject", reason: "segment figure", user: "u1" })).toMatchObject({ status: "rejected" });
    await expect(reviewItem(db, { dealId, id: byKey("mid2").id, action: "edit_approve", edits: { excerpt: "Net cash provided by operating activities was 6,662" } })).rejects.toThrow(/citation/);
    expect(await reviewItem(db, { dealId, id: byKey("mid2").id, action: "edit_approve", edits: { payload: { period: "FY2016-edited" }, excerpt: "Net cash provided by (used in)\noperating activities $ 6,439 $ 6,240 $ 6,662" } })).toMatchObject({ status: "promoted" });
    const audit = (await db.query<{ decided_by: string; decision: string }>("select decided_by, decision from validation_decisions where decided_by like 'user:%' order by created_at")).rows;
    expect(audit).toEqual([{ decided_by: "user:local", decision: "approve" }, { decided_by: "user:u1", decision: "reject" }, { decided_by: "user:local", decision: "edit_approve" }]);
    // a re-run never overrides a human decision
    const sum = await processCandidates(db, { dealId, documentId, extractor: none, ctx: contextOf(doc), candidates: [mid] });
    expect(sum.keptHumanDecision).toBe(1);
    expect((await db.query("select status from staging_extractions where candidate_key = 'mid'")).rows[0]).toMatchObject({ status: "rejected" });
  });

  it("a comparison clause's period never becomes the sentence's: Q3 2024's 42% is not FY2023 (demo Q3 report)", async () => {
    const doc2 = crypto.randomUUID();
    await db.query(
      `insert into documents (id, deal_id, filename, sha256, bytes, storage_path, status, fiscal_year, fiscal_period, kind)
       values ($1, $2, 'Q3_2024_Report.pdf', 'q3', 1, '', 'indexed', 2024, 'Q3', 'quarterly report')`, [doc2, dealId]);
    const text = "Third quarter highlights\n• Gross margin was 42%, down from 45% for the full year 2023, mainly due to higher cloud hosting and supply chain costs.\n• For the full year 2024 we continue to expect revenue of approximately EUR 20.5 million.";
    await db.query("insert into document_pages (document_id, deal_id, page_number, text) values ($1, $2, 1, $3)", [doc2, dealId, text]);
    await runAllExtractions(db, { dealId, documentId: doc2, mode: "rules" });
    const promoted = (await db.query<{ metric_key: string; period: string; value_num: number; is_forecast: boolean; has_vector: boolean }>(
      "select metric_key, period, value_num, is_forecast, embedding is not null as has_vector from findings where document_id = $1 order by metric_key, period", [doc2])).rows;
    expect(promoted).toEqual([
      { metric_key: "gross_margin", period: "FY2023", value_num: 45, is_forecast: false, has_vector: true },
      { metric_key: "revenue", period: "FY2024", value_num: 20_500_000, is_forecast: true, has_vector: true },
    ]);
    // the 42% is staged for the document's own quarter (period inferred → human review), never as FY2023
    const staged = (await db.query<{ period: string; value: string; status: string }>(
      "select payload->>'period' as period, payload->>'valueNum' as value, status from staging_extractions where document_id = $1 and payload->>'metricKey' = 'gross_margin' order by 1", [doc2])).rows;
    expect(staged).toEqual([{ period: "FY2023", value: "45", status: "promoted" }, { period: "Q3 2024", value: "42", status: "review" }]);
  });
});
