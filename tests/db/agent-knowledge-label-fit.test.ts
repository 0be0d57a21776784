/**
 * A fact question naming no metric the catalog knows finds findings by likeness alone; the likeliest
 * one answers only when its label is about what is asked ("net pre-tax charges related to the sale
 * of a business" is not answered by "Interest expense, net of capitalized interest").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { queryKnowledgeBase } from "@/lib/agent/knowledge/query";
import { SourceRegistry } from "@/lib/agent/sources";
import { openTestDb } from "../helpers/db";
import { addFinding, seedDeal } from "./agent-fixtures";

setConfigForProcess({ MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

describe("a finding found by likeness alone", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let seeded: Awaited<ReturnType<typeof seedDeal>>;
  const kb = (query: string) => queryKnowledgeBase({ db, dealId: seeded.deal.id, sources: new SourceRegistry("label-fit") }, { query });

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    seeded = await seedDeal(db, "label-fit");
    await addFinding(db, seeded.deal.id, {
      doc: seeded.docs.ar, metric: "Interest expense, net of capitalized interest", key: "interest_expense_net_of_capitalized_interest", value: "EUR 1.2 million", num: 1_200_000,
      period: "FY2023", page: 2, excerpt: "Interest expense, net of capitalized interest, was EUR 1.2 million",
    });
  });
  afterAll(() => cleanup());

  it("does not answer a question about something else that shares only 'net'", async () => {
    const r = await kb("What were the net pre-tax charges related to the sale of the business in FY2023?");
    expect(r.answer).toBeUndefined();
    expect(r.findings).toEqual([]);
  });

  it("answers when the question names the finding's subject", async () => {
    const r = await kb("What was the capitalized interest figure in FY2023?");
    expect(r.answer?.value).toBe("EUR 1.2 million");
  });
});
