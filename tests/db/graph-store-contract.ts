/**
 * The GraphStore contract: the same behaviour asked of every store (Postgres over PGlite or
 * DATABASE_URL, Neo4j over NEO4J_URI). Postgres is the system of record: fixtures and detected
 * relations are written there, and `mirror(dealId)` brings a deal into the store under test
 * (nothing for Postgres, `syncDeal` for Neo4j), as the pipeline does.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { detectRelationsForDeal } from "@/lib/graph/detect";
import type { GraphStore } from "@/lib/graph/store";
import { openTestDb } from "../helpers/db";
import { addDeal, addDoc, addFinding, seedDemoDeal } from "./graph-fixtures";

export interface StoreUnderTest {
  store: GraphStore;
  /** Brings a deal written to Postgres into the store. */
  mirror(dealId: string): Promise<void>;
  close(): Promise<void>;
}

export function graphStoreContract(label: string, open: (db: Db) => Promise<StoreUnderTest>) {
  describe(`GraphStore contract: ${label}`, () => {
    let db: Db;
    let cleanup: () => Promise<void>;
    let s: StoreUnderTest;
    let store: GraphStore;
    let demo: Awaited<ReturnType<typeof seedDemoDeal>>;
    const slug = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}`;

    /** A deal written to Postgres, its relations detected, mirrored into the store. */
    async function detected(dealId: string) {
      await detectRelationsForDeal({ db, dealId });
      await s.mirror(dealId);
    }

    beforeAll(async () => {
      ({ db, cleanup } = await openTestDb());
      s = await open(db);
      store = s.store;
      demo = await seedDemoDeal(db, slug("contract"));
      await detected(demo.dealId);
    });
    afterAll(async () => {
      await s?.close();
      await cleanup?.();
    });

    it("supersession chain of a document and of a finding, newest authoritative last", async () => {
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
      const dealId = await addDeal(db, slug("long-chain"));
      const ids: string[] = [];
      for (let v = 1; v <= 8; v++) ids.push(await addDoc(db, dealId, { filename: v === 1 ? "model.xlsx" : `model_v${v}.xlsx` }));
      await detected(dealId);
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

    it("contradictionsFor: conflicting pairs only, by finding (incl. superseded and sibling ids), metric and period", async () => {
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
      expect(await store.contradictionsFor({ dealId: demo.dealId, findingIds: [] })).toEqual([]);
    });

    it("neighbours and relationsForDeal, scoped to the deal", async () => {
      const out = await store.neighbours({ dealId: demo.dealId, id: demo.f.arcEbitda, types: ["SUPERSEDES"], direction: "out" });
      expect(out.map((n) => n.id)).toEqual([demo.f.arEbitda]);
      expect(out[0]).toMatchObject({ type: "SUPERSEDES", direction: "out", kind: "finding" });
      const inn = await store.neighbours({ dealId: demo.dealId, id: demo.f.arEbitda });
      expect(inn.map((n) => `${n.type}:${n.direction}`).sort()).toEqual(["EXTRACTED_FROM:out", "SUPERSEDES:in"]);
      const docs = await store.relationsForDeal({ dealId: demo.dealId, types: ["SUPERSEDES"] });
      expect(docs.filter((r) => r.fromKind === "document")).toHaveLength(2);
      expect(docs.every((r) => r.type === "SUPERSEDES" && r.dealId === demo.dealId)).toBe(true);
      const other = await addDeal(db, slug("other-deal"));
      await s.mirror(other);
      expect(await store.relationsForDeal({ dealId: other })).toEqual([]);
      expect(await store.neighbours({ dealId: other, id: demo.f.arEbitda })).toEqual([]);
    });

    it("upsert updates an existing relation in place; delete by id and by key", async () => {
      const dealId = await addDeal(db, slug("crud"));
      const a = await addDoc(db, dealId, { filename: "a.pdf" });
      const fa = await addFinding(db, dealId, a, { metricKey: "x", period: "FY2023", valueNum: 1, valueText: "1", page: 1 });
      const fb = await addFinding(db, dealId, a, { metricKey: "y", period: "FY2023", valueNum: 2, valueText: "2", page: 1 });
      await s.mirror(dealId);
      const rel = { fromKind: "finding" as const, fromId: fa, toKind: "document" as const, toId: a, type: "EXTRACTED_FROM" as const, reason: "r1", createdBy: "pipeline" };
      const relB = { ...rel, fromId: fb };
      await store.upsertRelations({ dealId, relations: [rel, relB] });
      await store.upsertRelations({ dealId, relations: [{ ...rel, reason: "r2", createdBy: "user:test" }] });
      const rows = await store.relationsForDeal({ dealId });
      expect(rows).toHaveLength(2);
      expect(rows.find((r) => r.fromId === fa)).toMatchObject({ reason: "r2", createdBy: "user:test", fromKind: "finding", toKind: "document" });
      expect(await store.deleteRelations({ dealId, ids: [rows.find((r) => r.fromId === fa)!.id] })).toBe(1);
      expect((await store.relationsForDeal({ dealId })).map((r) => r.fromId)).toEqual([fb]);
      expect(await store.deleteRelations({ dealId, keys: [{ fromId: fb, toId: a, type: "EXTRACTED_FROM" }] })).toBe(1);
      expect(await store.relationsForDeal({ dealId })).toEqual([]);
      expect(await store.neighbours({ dealId, id: a })).toEqual([]);
    });
  });
}
