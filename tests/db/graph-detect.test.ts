import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { detectRelationsForDeal, runRelationDetection } from "@/lib/graph/detect";
import { PostgresGraphStore } from "@/lib/graph/postgres";
import type { AgentTask } from "@/lib/pipeline/types";
import { openTestDb } from "../helpers/db";
import { addDeal, addDoc, addFinding, hasRelation, relationsOf, seedDemoDeal, supersededIds } from "./graph-fixtures";

describe("relation detection on the demo deal (Project Aurora)", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let demo: Awaited<ReturnType<typeof seedDemoDeal>>;
  let rels: Awaited<ReturnType<typeof relationsOf>>;
  let result: Awaited<ReturnType<typeof detectRelationsForDeal>>;

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    demo = await seedDemoDeal(db);
    result = await detectRelationsForDeal({ db, dealId: demo.dealId });
    rels = await relationsOf(db, demo.dealId);
  });
  afterAll(() => cleanup());

  it("Annual_Report_2023_CORRECTED.pdf SUPERSEDES Annual_Report_2023.pdf (filename pattern, confirmed by its first page)", () => {
    const r = rels.find((x) => x.relation_type === "SUPERSEDES" && x.from_id === demo.d.arc && x.to_id === demo.d.ar);
    expect(r).toBeDefined();
    expect(r!.created_by).toBe("filename_pattern");
    expect(r!.from_kind).toBe("document");
    expect(r!.reason).toMatch(/CORRECTED/);
    expect(r!.reason).toMatch(/supersedes the annual report dated 15 March 2024/);
  });

  it("forecast_v2.xlsx SUPERSEDES forecast.xlsx, and no other document supersession exists", () => {
    expect(hasRelation(rels, "SUPERSEDES", demo.d.fc2, demo.d.fc)).toBe(true);
    const docEdges = rels.filter((r) => r.relation_type === "SUPERSEDES" && r.from_kind === "document");
    expect(docEdges).toHaveLength(2);
    expect(result.documentSupersessions).toBe(2);
  });

  it("EBITDA FY2023: the corrected 3.6M SUPERSEDES the original 3.9M, which is flagged superseded", async () => {
    expect(hasRelation(rels, "SUPERSEDES", demo.f.arcEbitda, demo.f.arEbitda)).toBe(true);
    expect(hasRelation(rels, "SUPERSEDES", demo.f.arcEbitdaRow, demo.f.arEbitdaRow)).toBe(true);
    const flagged = await supersededIds(db, demo.dealId);
    expect(flagged.has(demo.f.arEbitda)).toBe(true);
    expect(flagged.has(demo.f.arEbitdaRow)).toBe(true);
    expect(flagged.has(demo.f.arcEbitda)).toBe(false);
    const r = rels.find((x) => x.from_id === demo.f.arcEbitda && x.to_id === demo.f.arEbitda)!;
    expect(r.reason).toMatch(/3\.9 million.*→.*3\.6 million/);
  });

  it("an unchanged figure in the corrected report SUPPORTS the original's, which is still flagged superseded", async () => {
    const r = rels.find((x) => x.from_id === demo.f.arcRevenue && x.to_id === demo.f.arRevenue)!;
    expect(r.relation_type).toBe("SUPPORTS");
    expect(r.created_by).toBe("filename_pattern");
    expect(hasRelation(rels, "SUPERSEDES", demo.f.arcRevenue, demo.f.arRevenue)).toBe(false);
    expect((await supersededIds(db, demo.dealId)).has(demo.f.arRevenue)).toBe(true);
  });

  it("the presentation's FY2023 revenue 18.9M CONTRADICTS the current audited 18.4M, not the superseded original", () => {
    const contra = rels.filter((r) => r.relation_type === "CONTRADICTS");
    const touching = (id: string) => contra.filter((r) => r.from_id === id || r.to_id === id);
    expect(touching(demo.f.deckRevenue).some((r) => [r.from_id, r.to_id].includes(demo.f.arcRevenue))).toBe(true);
    for (const old of [demo.f.arRevenue, demo.f.arRevenueRow]) expect(touching(old)).toEqual([]);
    // One relation per pair of documents: the corrected report's two revenue findings are one claim.
    expect(touching(demo.f.arcRevenueRow)).toEqual([]);
    // forecast_v2 also states 18.4 as FY2023 actual: the deck conflicts with it too; the two 18.4 agree.
    expect(hasRelation(rels, "CONTRADICTS", demo.f.deckRevenue, demo.f.fc2Revenue2023, true)).toBe(true);
    expect(hasRelation(rels, "SUPPORTS", demo.f.arcRevenue, demo.f.fc2Revenue2023, true)).toBe(true);
    expect(contra).toHaveLength(2);
  });

  it("the presentation's Q3 2024 forecast 5.0M vs the Q3 report's actual 5.2M is forecast vs actual, not a conflict", () => {
    expect(rels.some((r) => r.relation_type === "CONTRADICTS" && [r.from_id, r.to_id].includes(demo.f.deckQ3Forecast))).toBe(false);
    const fva = result.forecastVsActual.find((p) => p.a === demo.f.deckQ3Forecast);
    expect(fva).toBeDefined();
    expect(fva!.note).toMatch(/was a forecast.*actuals show/);
  });

  it("different periods never relate: Q2 vs Q3 revenue, Q3 2023 vs Q3 2024, FY2023 vs FY2024", () => {
    const between = (a: string, b: string) => rels.filter((r) => r.from_kind === "finding" && r.to_kind === "finding" && ((r.from_id === a && r.to_id === b) || (r.from_id === b && r.to_id === a)));
    expect(between(demo.f.q2Revenue, demo.f.q3Revenue)).toEqual([]);
    expect(between(demo.f.q3PriorYear, demo.f.q3Revenue)).toEqual([]);
    expect(between(demo.f.deckRevenue, demo.f.deckFy2024)).toEqual([]);
    expect(between(demo.f.arcRevenue, demo.f.q3Outlook)).toEqual([]);
  });

  it("agreeing figures from different documents SUPPORT each other (incl. a month vs its month end)", () => {
    expect(hasRelation(rels, "SUPPORTS", demo.f.q2Revenue, demo.f.deckQ2, true) || hasRelation(rels, "SUPPORTS", demo.f.q3Q2Column, demo.f.deckQ2, true)).toBe(true);
    expect(hasRelation(rels, "SUPPORTS", demo.f.q3Outlook, demo.f.deckFy2024, true)).toBe(true);
    expect(hasRelation(rels, "SUPPORTS", demo.f.q3Headcount, demo.f.deckHeadcount, true)).toBe(true);
    // The forecast workbook's FY2023 EBITDA 3,600 has no counterpart in v2: it stays current and agrees with the corrected report.
    expect(hasRelation(rels, "SUPPORTS", demo.f.arcEbitda, demo.f.fcEbitda2023, true)).toBe(true);
  });

  it("forecast_v2 revises FY2025 (24.0 → 23.1): SUPERSEDES for the old workbook, a forecast revision (no conflict) for the deck", () => {
    expect(hasRelation(rels, "SUPERSEDES", demo.f.fc2Fy2025, demo.f.fcFy2025)).toBe(true);
    expect(rels.some((r) => r.relation_type === "CONTRADICTS" && [r.from_id, r.to_id].includes(demo.f.deckFy2025))).toBe(false);
    expect(result.forecastRevisions.some((p) => p.a === demo.f.deckFy2025 && p.b === demo.f.fc2Fy2025)).toBe(true);
  });

  it("EXTRACTED_FROM links every finding to its document", async () => {
    const n = (await db.query<{ n: number }>("select count(*)::int as n from findings where deal_id = $1", [demo.dealId])).rows[0].n;
    const ef = rels.filter((r) => r.relation_type === "EXTRACTED_FROM");
    expect(ef).toHaveLength(n);
    expect(ef.find((r) => r.from_id === demo.f.arcEbitda)!.to_id).toBe(demo.d.arc);
    expect(ef.every((r) => r.created_by === "pipeline" && r.to_kind === "document")).toBe(true);
  });

  it("re-running creates no duplicates and changes nothing", async () => {
    const second = await detectRelationsForDeal({ db, dealId: demo.dealId });
    expect(second.changes).toEqual({ inserted: 0, updated: 0, deleted: 0, flagged: 0, unflagged: 0 });
    const again = await relationsOf(db, demo.dealId);
    expect(again.map((r) => r.id).sort()).toEqual(rels.map((r) => r.id).sort());
  });

  it("the task entry point returns the audit trail with counts per relation type", async () => {
    const task = { id: crypto.randomUUID(), deal_id: demo.dealId, task_type: "relation_detection" } as unknown as AgentTask;
    const out = await runRelationDetection({ db, task, signal: new AbortController().signal });
    expect(out).toMatchObject({ agent: "relation_detection", model: "rules", version: expect.any(String) });
    expect(out.timings.durationMs).toBeGreaterThanOrEqual(0);
    const summary = out.summary as { relations: Record<string, number>; forecastVsActual: number; graphStore: string };
    expect(summary.relations.CONTRADICTS).toBe(2);
    expect(summary.relations.SUPERSEDES).toBeGreaterThanOrEqual(5);
    expect(summary.forecastVsActual).toBeGreaterThanOrEqual(1);
    expect(summary.graphStore).toBe("postgres");
    expect(Array.isArray(out.uncertainties)).toBe(true);
  });

  it("a rejected finding loses its relations on the next run (and a relation that no longer holds is removed)", async () => {
    await db.query("update findings set status = 'rejected' where id = $1", [demo.f.deckRevenue]);
    const res = await detectRelationsForDeal({ db, dealId: demo.dealId });
    expect(res.changes.deleted).toBeGreaterThanOrEqual(3); // 2 CONTRADICTS + EXTRACTED_FROM
    const after = await relationsOf(db, demo.dealId);
    expect(after.some((r) => r.from_id === demo.f.deckRevenue || r.to_id === demo.f.deckRevenue)).toBe(false);
    expect(after.filter((r) => r.relation_type === "CONTRADICTS")).toEqual([]);
    await db.query("update findings set status = 'active' where id = $1", [demo.f.deckRevenue]);
    await detectRelationsForDeal({ db, dealId: demo.dealId });
    expect((await relationsOf(db, demo.dealId)).filter((r) => r.relation_type === "CONTRADICTS")).toHaveLength(2);
  });

  it("keeps relations made by someone else (created_by outside detection)", async () => {
    const store = new PostgresGraphStore(db);
    await store.upsertRelations({
      dealId: demo.dealId,
      relations: [{ fromKind: "finding", fromId: demo.f.q3Revenue, toKind: "finding", toId: demo.f.q2Revenue, type: "SUPPORTS", reason: "analyst note", createdBy: "user:analyst" }],
    });
    await detectRelationsForDeal({ db, dealId: demo.dealId });
    const after = await relationsOf(db, demo.dealId);
    expect(after.find((r) => r.from_id === demo.f.q3Revenue && r.to_id === demo.f.q2Revenue)?.created_by).toBe("user:analyst");
    await store.deleteRelations({ dealId: demo.dealId, keys: [{ fromId: demo.f.q3Revenue, toId: demo.f.q2Revenue, type: "SUPPORTS" }] });
  });
});

describe("restatements between filings (FinanceBench-like 10-Ks)", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ db, cleanup } = await openTestDb()));
  afterAll(() => cleanup());

  it("a later 10-K restating a prior-year figure SUPERSEDES the earlier 10-K's, never CONTRADICTS", async () => {
    const dealId = await addDeal(db, "financebench");
    const k21 = await addDoc(db, dealId, { filename: "3M_2021_10K.pdf" });
    const k22 = await addDoc(db, dealId, { filename: "3M_2022_10K.pdf" });
    const amd = await addDoc(db, dealId, { filename: "AMD_2022_10K.pdf" });
    const usd = { currency: "USD" };
    const capex21 = await addFinding(db, dealId, k21, { ...usd, metricKey: "capital_expenditure", period: "FY2021", valueNum: 1_603_000_000, valueText: "(1,603)", page: 60 });
    const capex21in22 = await addFinding(db, dealId, k22, { ...usd, metricKey: "capital_expenditure", period: "FY2021", valueNum: 1_749_000_000, valueText: "(1,749)", page: 58 });
    const rev21 = await addFinding(db, dealId, k21, { ...usd, metricKey: "revenue", period: "FY2021", valueNum: 35_355_000_000, valueText: "35,355", page: 50 });
    const rev21in22 = await addFinding(db, dealId, k22, { ...usd, metricKey: "revenue", period: "FY2021", valueNum: 35_355_000_000, valueText: "35,355", page: 48 });
    const amdRev21 = await addFinding(db, dealId, amd, { ...usd, metricKey: "revenue", period: "FY2021", valueNum: 16_434_000_000, valueText: "16,434", page: 40 });
    const res = await detectRelationsForDeal({ db, dealId });
    const rels = await relationsOf(db, dealId);
    const r = rels.find((x) => x.relation_type === "SUPERSEDES" && x.from_id === capex21in22 && x.to_id === capex21);
    expect(r?.created_by).toBe("restatement");
    expect(r?.reason).toMatch(/Restated/);
    expect(rels.filter((x) => x.relation_type === "CONTRADICTS")).toEqual([]);
    expect((await supersededIds(db, dealId)).has(capex21)).toBe(true);
    // The unchanged revenue is SUPPORTS; another company's revenue is never compared.
    expect(hasRelation(rels, "SUPPORTS", rev21in22, rev21, true)).toBe(true);
    expect(rels.some((x) => x.from_kind === "finding" && x.to_kind === "finding" && [x.from_id, x.to_id].includes(amdRev21))).toBe(false);
    expect(rels.some((x) => x.from_kind === "document" && x.relation_type === "SUPERSEDES")).toBe(false);
    expect(res.bySource.restatement).toBe(1);
  });

  it("a chain of restatements: the latest filing supersedes every earlier figure that differs", async () => {
    const dealId = await addDeal(db, "restate-chain");
    const k19 = await addDoc(db, dealId, { filename: "ACME_2019_10K.pdf" });
    const k20 = await addDoc(db, dealId, { filename: "ACME_2020_10K.pdf" });
    const k21 = await addDoc(db, dealId, { filename: "ACME_2021_10K.pdf" });
    const spec = { metricKey: "net_income", period: "FY2019", page: 40, currency: "USD" };
    const a = await addFinding(db, dealId, k19, { ...spec, valueNum: 100_000_000, valueText: "100" });
    const b = await addFinding(db, dealId, k20, { ...spec, valueNum: 100_000_000, valueText: "100" });
    const c = await addFinding(db, dealId, k21, { ...spec, valueNum: 95_000_000, valueText: "95" });
    await detectRelationsForDeal({ db, dealId });
    const rels = await relationsOf(db, dealId);
    expect(hasRelation(rels, "SUPERSEDES", c, a)).toBe(true);
    expect(hasRelation(rels, "SUPERSEDES", c, b)).toBe(true);
    expect(rels.filter((x) => x.relation_type === "CONTRADICTS")).toEqual([]);
    const flagged = await supersededIds(db, dealId);
    expect([flagged.has(a), flagged.has(b), flagged.has(c)]).toEqual([true, true, false]);
    const chain = await new PostgresGraphStore(db).supersessionChain({ dealId, id: a });
    expect(chain[chain.length - 1].id).toBe(c);
  });

  it("two filings that cannot be ordered and disagree are a conflict, not a restatement", async () => {
    const dealId = await addDeal(db, "unordered");
    const x = await addDoc(db, dealId, { filename: "Annual_Report_Alpha.pdf", kind: "annual report", fiscalYear: 2023, fiscalPeriod: "FY" });
    const y = await addDoc(db, dealId, { filename: "Annual_Accounts_Alpha.pdf", kind: "annual report", fiscalYear: 2023, fiscalPeriod: "FY" });
    const fx = await addFinding(db, dealId, x, { metricKey: "revenue", period: "FY2023", valueNum: 10_000_000, valueText: "EUR 10.0 million", page: 2 });
    const fy = await addFinding(db, dealId, y, { metricKey: "revenue", period: "FY2023", valueNum: 11_000_000, valueText: "EUR 11.0 million", page: 2 });
    await detectRelationsForDeal({ db, dealId });
    expect(hasRelation(await relationsOf(db, dealId), "CONTRADICTS", fx, fy, true)).toBe(true);
  });
});

describe("filename patterns and correction phrases in the database", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ db, cleanup } = await openTestDb()));
  afterAll(() => cleanup());

  it("v1 → v2 → v3: each supersedes the previous; a metric missing from v2 still links v3 to v1 (transitive) and blocks CONTRADICTS", async () => {
    const dealId = await addDeal(db, "versions");
    const v1 = await addDoc(db, dealId, { filename: "plan_v1.xlsx" });
    const v2 = await addDoc(db, dealId, { filename: "plan_v2.xlsx" });
    const v3 = await addDoc(db, dealId, { filename: "plan_v3.xlsx" });
    const e1 = await addFinding(db, dealId, v1, { metricKey: "ebitda", period: "FY2024", valueNum: 3_900_000, valueText: "3,900", page: 1 });
    await addFinding(db, dealId, v2, { metricKey: "revenue", period: "FY2024", valueNum: 20_000_000, valueText: "20,000", page: 1 });
    const e3 = await addFinding(db, dealId, v3, { metricKey: "ebitda", period: "FY2024", valueNum: 3_600_000, valueText: "3,600", page: 1 });
    await detectRelationsForDeal({ db, dealId });
    const rels = await relationsOf(db, dealId);
    expect(hasRelation(rels, "SUPERSEDES", v2, v1)).toBe(true);
    expect(hasRelation(rels, "SUPERSEDES", v3, v2)).toBe(true);
    expect(hasRelation(rels, "SUPERSEDES", v3, v1)).toBe(false); // transitive, not stored twice
    expect(hasRelation(rels, "SUPERSEDES", e3, e1)).toBe(true);
    expect(rels.filter((r) => r.relation_type === "CONTRADICTS")).toEqual([]);
    const store = new PostgresGraphStore(db);
    expect((await store.supersessionChain({ dealId, id: v1 })).map((n) => n.id)).toEqual([v1, v2, v3]);
    expect((await store.currentVersionOf({ dealId, id: v1 }))?.id).toBe(v3);
    expect((await store.currentVersionOf({ dealId, id: e1 }))?.id).toBe(e3);
  });

  it("report.pdf ← report (1).pdf ← report (2).pdf", async () => {
    const dealId = await addDeal(db, "copies");
    const a = await addDoc(db, dealId, { filename: "report.pdf" });
    const b = await addDoc(db, dealId, { filename: "report (1).pdf" });
    const c = await addDoc(db, dealId, { filename: "report (2).pdf" });
    await detectRelationsForDeal({ db, dealId });
    const rels = await relationsOf(db, dealId);
    expect(hasRelation(rels, "SUPERSEDES", b, a)).toBe(true);
    expect(hasRelation(rels, "SUPERSEDES", c, b)).toBe(true);
    expect(rels.filter((r) => r.relation_type === "SUPERSEDES")).toHaveLength(2);
  });

  it("a Swedish correction notice (rättelse / ersätter) supersedes the same-period report without a filename marker", async () => {
    const dealId = await addDeal(db, "swedish", "Bolaget AB");
    const old = await addDoc(db, dealId, { filename: "Delårsrapport_Q2_2024.pdf", pages: ["Delårsrapport januari–juni 2024\n18 July 2024"] });
    const fix = await addDoc(db, dealId, {
      filename: "Rapport_Q2_2024_rattad.pdf",
      kind: "quarterly report",
      pages: ["25 July 2024\nRättelse: denna rapport ersätter delårsrapporten publicerad 18 July 2024."],
    });
    const unrelated = await addDoc(db, dealId, { filename: "Delårsrapport_Q3_2024.pdf", pages: ["Delårsrapport januari–september 2024\n24 October 2024"] });
    await detectRelationsForDeal({ db, dealId });
    const rels = await relationsOf(db, dealId);
    const r = rels.find((x) => x.relation_type === "SUPERSEDES" && x.from_id === fix && x.to_id === old);
    expect(r?.created_by).toBe("content_phrase");
    expect(rels.some((x) => x.relation_type === "SUPERSEDES" && [x.from_id, x.to_id].includes(unrelated))).toBe(false);
  });
});
