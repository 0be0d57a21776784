/**
 * query_knowledge_base on periods and answer kinds the offline answerer got wrong on held-out
 * filings: a quarter named by its end date is read from the finding of that length ending that day
 * (its fiscal label may be another year's), and a date asked is never answered by a figure.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { queryKnowledgeBase } from "@/lib/agent/knowledge/query";
import { SourceRegistry } from "@/lib/agent/sources";
import { openTestDb } from "../helpers/db";
import { addFinding, seedDeal } from "./agent-fixtures";

setConfigForProcess({ MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

describe("query_knowledge_base: periods by end date, dates asked", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let seeded: Awaited<ReturnType<typeof seedDeal>>;
  const kb = (query: string) => queryKnowledgeBase({ db, dealId: seeded.deal.id, sources: new SourceRegistry("period-ended") }, { query, question: query });
  const add = async (metric: string, key: string, value: string, num: number, period: string, end: string) => {
    const id = await addFinding(db, seeded.deal.id, { doc: seeded.docs.ar, metric, key, value, num, period, page: 3, excerpt: `${metric} ${value}` });
    await db.query("update findings set period_end = $2::date where id = $1", [id, end]);
  };

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    seeded = await seedDeal(db, "period-ended");
    // a January fiscal year: the quarter ending October 31, 2022 is Q3 of fiscal 2023
    await add("Net income", "net_income", "EUR 21 million", 21e6, "Q3 2023", "2022-10-31");
    await add("Net income", "net_income", "EUR 30 million", 30e6, "9M 2023", "2022-10-31");
    await add("Net income", "net_income", "EUR 144 million", 144e6, "FY2022", "2022-01-31");
    await add("Restructuring", "restructuring", "EUR 0", 0, "Q2 2024", "2023-07-31");
  });
  afterAll(() => cleanup());

  it("reads the three months ended a day as the quarter column ending that day", async () => {
    const r = await kb("What was net income for the three months ended October 31, 2022?");
    expect(r.understood.period).toBe("Q3 2023");
    expect(r.answer?.value).toMatch(/^EUR 21(?:\.0)? million$/);
  });

  it("finds a figure the catalog does not name by likeness, the end date aside", async () => {
    await add("Warranty reserve release", "warranty_reserve_release", "EUR 7 million", 7e6, "Q3 2023", "2022-10-31");
    await add("Warranty reserve release", "warranty_reserve_release", "EUR 19 million", 19e6, "9M 2023", "2022-10-31");
    const r = await kb("What was the warranty reserve release for the three months ended October 31, 2022?");
    expect(r.answer?.value).toMatch(/^EUR 7(?:\.0)? million$/);
  });

  it("does not answer a date asked with a figure that shares the question's words", async () => {
    const r = await kb("On what date did the company announce its restructuring plan?");
    expect(r.answer).toBeUndefined();
    expect(r.findings).toEqual([]);
    // the figure itself is still answered when asked
    expect((await kb("What was the restructuring charge in Q2 2024?")).answer?.value).toBe("EUR 0");
  });
});
