import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import type { NarrativeKbPage } from "@/lib/agent/knowledge/pages";
import { queryKnowledgeBase } from "@/lib/agent/knowledge/query";
import { SourceRegistry } from "@/lib/agent/sources";
import { openTestDb } from "../helpers/db";
import { addIndexedDocument } from "../helpers/documents";

setConfigForProcess({ MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

// A made-up 10-K: cover, Business (customers), Legal Proceedings, executive officers, an index page.
const PAGES = [
  "UNITED STATES SECURITIES AND EXCHANGE COMMISSION\nFORM 10-K\nACME WIDGETS, INC.\nFor the fiscal year ended December 31, 2022",
  "Table of Contents\nItem 1. Business\n\nAcme Widgets designs and manufactures industrial widgets.\nOur primary customers are national utilities and large industrial distributors, and the U.S. government\naccounted for 31% of our revenues in 2022.\n4",
  "Table of Contents\nItem 3. Legal Proceedings\n\nIn March 2022, a purported class action lawsuit was filed against the Company in the U.S. District Court\nfor the District of Delaware alleging violations of securities laws. We believe the lawsuit is without merit.\n17",
  "INFORMATION ABOUT OUR EXECUTIVE OFFICERS\nName Age Position\nJane Q. Doe\n58\nChairman, President and Chief Executive Officer\nRichard Roe\n51\nExecutive Vice President and Chief Financial Officer\n21",
  "INDEX TO CONSOLIDATED FINANCIAL STATEMENTS\nNote 14 - Legal Proceedings 88\nNote 15 - Segment Information 90\nNote 16 - Patents and Trademarks 91\n52",
];

describe("query_knowledge_base for narrative questions (page fallback)", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let dealId: string;
  const kb = async (query: string) => (await queryKnowledgeBase({ db, dealId, sources: new SourceRegistry("narrative") }, { query })).pages as NarrativeKbPage[];

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    dealId = (await createDeal({ db, slug: "narrative" })).id;
    await addIndexedDocument(db, dealId, "ACME_2022_10K.pdf", PAGES, { company: "Acme Widgets", kind: "annual report", date: "2022-12-31" });
  }, 60_000); // opening PGlite and migrating takes seconds on a busy machine
  afterAll(async () => cleanup());

  it("returns the answering sentence as the page's excerpt, marked as an answer, with its section, first", async () => {
    const pages = await kb("Is the company involved in any litigation?");
    expect(pages[0]).toMatchObject({ page: 3, answers: true, section: "Legal Proceedings", citation: "(source: ACME_2022_10K.pdf, p.3)" });
    expect(pages[0]!.excerpt).toMatch(/^"In March 2022, a purported class action lawsuit was filed against the Company/);
    expect(pages.find((p) => p.page === 5)?.answers ?? false).toBe(false); // the index page only repeats the words
  });

  it("returns the executive officers row for a CEO question", async () => {
    const pages = await kb("Who is the CEO? chief executive officer");
    const row = pages.find((p) => p.answers && p.page === 4);
    expect(row?.excerpt).toMatch(/Jane Q\. Doe 58 Chairman, President and Chief Executive Officer/);
  });

  it("marks no page as answering when only headers and contents lines match", async () => {
    const pages = await kb("What is the status of the company's patents and trademarks?");
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.filter((p) => p.answers)).toEqual([]);
  });
});
