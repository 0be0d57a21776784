import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { detectRelationsForDeal } from "@/lib/graph/detect";
import { PostgresGraphStore } from "@/lib/graph/postgres";
import { resolveFindings } from "@/lib/graph/queries";
import { getGraphStore } from "@/lib/graph/store";
import { openTestDb } from "../helpers/db";
import { addDeal, addDoc, addFinding, seedDemoDeal } from "./graph-fixtures";

describe(`PostgresGraphStore (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let store: PostgresGraphStore;
  let demo: Awaited<ReturnType<typeof seedDemoDeal>>;

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    store = new PostgresGraphStore(db);
    demo = await seedDemoDeal(db);
    await detectRelationsForDeal({ db, dealId: demo.dealId });
  });
  afterAll(() => cleanup());

  it("getGraphStore picks Postgres without NEO4J_URI", async () => {
    if (process.env.NEO4J_URI) return;
    expect((await getGraphStore({ db })).kind).toBe("postgres");
  });

  it("supersession chain of a document and of a finding (recursive CTE), newest authoritative last", async () => {
    const docChain = await store.supersessionChain({ dealId: demo.dealId, id: demo.d.ar });
    expect(docChain.map((n) => [n.kind, n.filename, n.position])).toEqual([
      ["document", "Annual_Report_2023.pdf", 0],
      ["document", "Annual_Report_2023_CORRECTED.pdf", 1],
    ]);
    const fromNew = await store.supersessionChain({ dealId: demo.dealId, id: demo.d.arc });
    expect(fromNew.map((n) => n.position)).toEqual([-1, 0]);
    const ebitda = await store.supersessionChain({ dealId: demo.dealId, id: demo.f.arEbitda });
    expect(ebitda.map((n) => n.valueText)).toEqual(["EUR 3.9 million", "EUR 3.6 million"]);
    expect(ebitda[0]).toMatchObject({ kind: "finding", superseded: true, page: 2, filename: "Annual_Report_2023.pdf" });
    expect((await store.currentVersionOf({ dealId: demo.dealId, id: demo.f.arEbitda }))?.id).toBe(demo.f.arcEbitda);
    // An unchanged figure's current version is the corrected report's (version SUPPORTS).
    expect((await store.currentVersionOf({ dealId: demo.dealId, id: demo.f.arRevenue }))?.id).toBe(demo.f.arcRevenue);
  });

  it("a node nothing supersedes is its own chain; unknown ids give nothing", async () => {
    expect((await store.supersessionChain({ dealId: demo.dealId, id: demo.f.q3Revenue })).map((n) => n.id)).toEqual([demo.f.q3Revenue]);
    expect(await store.currentVersionOf({ dealId: demo.dealId, id: crypto.randomUUID() })).toBeUndefined();
    expect(await store.supersessionChain({ dealId: demo.dealId, id: "not-a-uuid" })).toEqual([]);
  });

  it("long chains and a hand-made cycle terminate", async () => {
    const dealId = await addDeal(db, "long-chain");
    const ids: string[] = [];
    for (let v = 1; v <= 8; v++) ids.push(await addDoc(db, dealId, { filename: v === 1 ? "model.xlsx" : `model_v${v}.xlsx` }));
    await detectRelationsForDeal({ db, dealId });
    const chain = await store.supersessionChain({ dealId, id: ids[3] });
    expect(chain.map((n) => n.id)).toEqual(ids);
    expect(chain.map((n) => n.position)).toEqual([-3, -2, -1, 0, 1, 2, 3, 4]);
    await store.upsertRelations({
      dealId,
      relations: [{ fromKind: "document", fromId: ids[0], toKind: "document", toId: ids[7], type: "SUPERSEDES", reason: "cycle", createdBy: "user:test" }],
    });
    const cyclic = await store.supersessionChain({ dealId, id: ids[3] });
    expect(new Set(cyclic.map((n) => n.id)).size).toBe(8);
  });

  it("contradictionsFor: P1 pairs only, by finding (incl. superseded and sibling ids), metric and period", async () => {
    const all = await store.contradictionsFor({ dealId: demo.dealId });
    expect(all).toHaveLength(2);
    for (const c of all) {
      expect(c.metricKey).toBe("revenue");
      expect([c.a.id, c.b.id]).toContain(demo.f.deckRevenue);
      expect([c.a.filename, c.b.filename]).not.toContain("Annual_Report_2023.pdf");
    }
    const byOld = await store.contradictionsFor({ dealId: demo.dealId, findingIds: [demo.f.arRevenue] });
    expect(byOld.map((c) => [c.a.filename, c.b.filename].sort())).toEqual([["Annual_Report_2023_CORRECTED.pdf", "Management_Presentation_Oct2024.pdf"]]);
    const bySibling = await store.contradictionsFor({ dealId: demo.dealId, findingIds: [demo.f.arcRevenueRow] });
    expect(bySibling).toHaveLength(1);
    expect(await store.contradictionsFor({ dealId: demo.dealId, metricKey: "ebitda" })).toEqual([]);
    expect(await store.contradictionsFor({ dealId: demo.dealId, period: "FY 2023" })).toHaveLength(2);
    expect(await store.contradictionsFor({ dealId: demo.dealId, period: "FY2024" })).toEqual([]);
    expect(await store.contradictionsFor({ dealId: demo.dealId, findingIds: [demo.f.deckQ3Forecast, demo.f.q3Revenue] })).toEqual([]);
  });

  it("neighbours and relationsForDeal", async () => {
    const out = await store.neighbours({ dealId: demo.dealId, id: demo.f.arcEbitda, types: ["SUPERSEDES"], direction: "out" });
    expect(out.map((n) => n.id)).toEqual([demo.f.arEbitda]);
    const inn = await store.neighbours({ dealId: demo.dealId, id: demo.f.arEbitda });
    expect(inn.map((n) => `${n.type}:${n.direction}`).sort()).toEqual(["EXTRACTED_FROM:out", "SUPERSEDES:in"]);
    const docs = await store.relationsForDeal({ dealId: demo.dealId, types: ["SUPERSEDES"] });
    expect(docs.filter((r) => r.fromKind === "document")).toHaveLength(2);
    const other = await addDeal(db, "other-deal");
    expect(await store.relationsForDeal({ dealId: other })).toEqual([]);
    expect(await store.neighbours({ dealId: other, id: demo.f.arEbitda })).toEqual([]);
  });

  it("resolveFindings: the finding to cite, its history, conflicts with both sources, support and forecast vs actual", async () => {
    const facts = await resolveFindings({
      db,
      dealId: demo.dealId,
      findingIds: [demo.f.arEbitda, demo.f.arRevenue, demo.f.deckQ3Forecast, demo.f.q3Revenue],
    });
    const ebitda = facts.find((f) => f.metricKey === "ebitda")!;
    expect(ebitda.preferred.id).toBe(demo.f.arcEbitda);
    expect(ebitda.history[0]).toMatchObject({ changed: true, note: expect.stringMatching(/later corrected in Annual_Report_2023_CORRECTED\.pdf/) });
    expect(ebitda.supportCount).toBe(1); // forecast.xlsx's FY2023A EBITDA 3,600
    const revenue = facts.find((f) => f.metricKey === "revenue" && f.period === "FY2023")!;
    expect(revenue.preferred.id).toBe(demo.f.arcRevenue);
    expect(revenue.history[0].changed).toBe(false);
    expect(revenue.conflicts.length).toBeGreaterThanOrEqual(1);
    expect(revenue.conflicts[0].note).toMatch(/18\.9 million.*vs|vs.*18\.9 million/);
    const q3 = facts.find((f) => f.period === "Q3 2024")!;
    expect(q3.preferred.id).toBe(demo.f.q3Revenue); // the actual, not the forecast
    expect(q3.conflicts).toEqual([]);
    expect(q3.forecastVsActual[0].note).toMatch(/EUR 5\.0 million was a forecast .*actuals show EUR 5\.2 million/);
    expect(JSON.stringify(facts)).not.toMatch(/confidence/i);
  });

  it("upsert and delete relations", async () => {
    const dealId = await addDeal(db, "crud");
    const a = await addDoc(db, dealId, { filename: "a.pdf" });
    const fa = await addFinding(db, dealId, a, { metricKey: "x", period: "FY2023", valueNum: 1, valueText: "1", page: 1 });
    const rel = { fromKind: "finding" as const, fromId: fa, toKind: "document" as const, toId: a, type: "EXTRACTED_FROM" as const, reason: "r1", createdBy: "pipeline" };
    await store.upsertRelations({ dealId, relations: [rel] });
    await store.upsertRelations({ dealId, relations: [{ ...rel, reason: "r2" }] });
    const rows = await store.relationsForDeal({ dealId });
    expect(rows).toHaveLength(1);
    expect(rows[0].reason).toBe("r2");
    expect(await store.deleteRelations({ dealId, ids: [rows[0].id] })).toBe(1);
    expect(await store.relationsForDeal({ dealId })).toEqual([]);
  });
});
