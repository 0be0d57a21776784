/**
 * A page holding a row of figures labelled with what a short query asks ("total backlog") ranks above a page of
 * prose that uses the same words more often: the table row is the answer, the prose talks about it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { searchPages } from "@/lib/search/search";
import { openTestDb } from "../helpers/db";
import { addIndexedDocument } from "../helpers/documents";

setConfigForProcess({ MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

const PROSE = [
  "Backlog. Our total backlog at the end of 2023 reflects firm orders from customers that we have not yet delivered.",
  "Total backlog in 2023 includes both funded backlog and unfunded backlog, and we expect to convert about a third of the 2023 total backlog into sales.",
  "Changes in total backlog during 2023 result from new orders, deliveries and cancellations; total backlog is not a measure defined by accounting standards.",
  "The total backlog of 2023 is described further under segment information.",
].join("\n");
const TABLE = [
  "Segment information",
  "(In millions) 2023 2022",
  "Aeronautics 55,400 52,100",
  "Missiles and Fire Control 30,200 28,800",
  "Rotary and Mission Systems 64,600 54,300",
  "Total backlog 150,200 135,200",
  "Net sales 67,000 65,400",
].join("\n");

describe("search ranks the table row a short query names", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let deal: string;

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    deal = (await createDeal({ db, slug: "row-labels" })).id;
    await addIndexedDocument(db, deal, "HALCYON_2023_10K.pdf", ["Halcyon Aerospace annual report 2023", PROSE, TABLE, "Risk factors. Our business depends on government budgets."], { company: "HALCYON", fiscal_year: 2023, fiscal_period: "FY", kind: "annual report" });
  }, 60_000);
  afterAll(() => cleanup());

  it("the page whose row is labelled 'Total backlog' comes first, the prose about backlog after it", async () => {
    const hits = await searchPages({ db, dealId: deal, query: "total backlog 2023", k: 3 });
    expect(hits.map((h) => h.page).slice(0, 2)).toEqual([3, 2]);
  });
});
