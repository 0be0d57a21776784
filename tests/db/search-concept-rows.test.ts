/**
 * A question in everyday words ("how much debt is due in the next year?") finds the table whose row names
 * what it asks in the filing's words ("Debt maturing within one year"), given the asked concept's wordings
 * (the caller's vocabulary): the prose that shares the question's words no longer outranks it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { createAgentContext } from "@/lib/agent/context";
import { runSearchDocuments } from "@/lib/agent/evidence/passages";
import { openTestDb } from "../helpers/db";
import { addIndexedDocument } from "../helpers/documents";

setConfigForProcess({ MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

const PROSE = [
  "Liquidity. We expect cash from operations in the next year to cover what is due, including interest on our debt.",
  "How much we invest in the next year depends on demand; amounts due to suppliers are paid within terms.",
  "Debt covenants did not restrict us during the year, and we expect none in the next year.",
].join("\n");
const BALANCE = [
  "Consolidated Balance Sheet (partial)", "(In millions) 2023 2022",
  "Accounts payable 4,120 3,980", "Debt maturing within one year 2,310 1,875", "Employee compensation 1,050 990",
  "Total current liabilities 7,480 6,845", "Long-term debt 18,200 19,400",
].join("\n");

describe("search finds the row a question names in everyday words", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let deps: Parameters<typeof runSearchDocuments>[0];

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    const deal = await createDeal({ db, slug: "concept-rows" });
    await addIndexedDocument(db, deal.id, "TIDEMARK_2023_10K.pdf", ["Tidemark Rail annual report 2023", PROSE, BALANCE, "Risk factors. Our business depends on freight volumes."], { company: "TIDEMARK", fiscal_year: 2023, fiscal_period: "FY", kind: "annual report" });
    const ctx = createAgentContext({ db, deal: { id: deal.id, slug: deal.slug, name: deal.name } });
    deps = { db, dealId: deal.id, sources: ctx.sources };
  }, 60_000);
  afterAll(() => cleanup());

  it("search_documents puts the table with 'Debt maturing within one year' first for 'how much debt is due in the next year?'", async () => {
    const out = await runSearchDocuments(deps, { query: "how much debt is due in the next year?", k: 3 });
    expect(out.passages[0]?.page).toBe(3);
    expect(out.passages[0]?.text).toContain("Debt maturing within one year 2,310");
  });

  it("search_documents counts the deal's chunks holding each query word, rarest first", async () => {
    const out = await runSearchDocuments(deps, { query: "freight covenants debt", k: 3 });
    const words = out.rarity!.words;
    expect(words.map((w) => w.word)).toEqual(["freight", "covenants", "debt"]);
    expect(words.find((w) => w.word === "freight")!.chunks).toBe(1);
    expect(words.find((w) => w.word === "debt")!.chunks).toBeGreaterThanOrEqual(2);
    expect(out.rarity!.chunks).toBeGreaterThanOrEqual(4);
  });

  it("search_documents counts a word the deal never uses as held by no chunk", async () => {
    const out = await runSearchDocuments(deps, { query: "cyclicality of demand", k: 3 });
    expect(out.rarity!.words[0]).toEqual({ word: "cyclicality", chunks: 0 });
  });
});
