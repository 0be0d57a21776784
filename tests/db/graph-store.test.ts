import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getConfig } from "@/lib/config";
import type { Db } from "@/lib/db";
import { detectRelationsForDeal } from "@/lib/graph/detect";
import { PostgresGraphStore } from "@/lib/graph/postgres";
import { resolveFindings } from "@/lib/graph/queries";
import { getGraphStore } from "@/lib/graph/store";
import { openTestDb } from "../helpers/db";
import { seedDemoDeal } from "./graph-fixtures";
import { graphStoreContract } from "./graph-store-contract";

// The Neo4j store runs the same contract in tests/db/neo4j-graph.test.ts when NEO4J_URI is set.
graphStoreContract(`Postgres (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, async (db) => ({
  store: new PostgresGraphStore(db),
  mirror: async () => {}, // Postgres is the system of record
  close: async () => {},
}));

describe("graph queries over the Postgres store", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let demo: Awaited<ReturnType<typeof seedDemoDeal>>;

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    demo = await seedDemoDeal(db);
    await detectRelationsForDeal({ db, dealId: demo.dealId });
  });
  afterAll(() => cleanup());

  it("getGraphStore picks the store the config names (Postgres without NEO4J_URI)", async () => {
    const store = await getGraphStore({ db });
    expect(store.kind).toBe(getConfig().NEO4J_URI ? "neo4j" : "postgres");
    await store.close();
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
});
