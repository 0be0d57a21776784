import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { chunkPage } from "@/lib/ingest/chunk";
import { getEmbeddingSpace } from "@/lib/models/embeddings";
import { indexChunks } from "@/lib/search/indexer";
import { vacuumSearchIndexIfNeeded } from "@/lib/db/maintenance";
import { searchPages } from "@/lib/search/search";
import { openTestDb } from "../helpers/db";
import { addIndexedDocument } from "../helpers/documents";

setConfigForProcess({ MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

const addDocument = addIndexedDocument;

const filler = (topic: string, n: number) =>
  Array.from({ length: n }, (_, i) => `The company discussed ${topic} in section ${i}. Revenue and operations were reviewed by management during the year.`).join("\n");

const CASH_FLOW_STATEMENT = `Acme Corp
Consolidated Statements of Cash Flows
(In millions) 2018 2017 2016
Net income 1,200 1,100 1,000
Depreciation and amortization 300 290 280
Net cash provided by operating activities 1,650 1,520 1,410
Purchases of property, plant and equipment (577) (533) (512)
Proceeds from sale of businesses 45 12 8
Net cash used in investing activities (532) (521) (504)
Dividends paid (400) (380) (360)
Net cash used in financing activities (410) (390) (370)`;

describe("hybrid page search", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let deal: string;
  let other: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    deal = (await createDeal({ db, slug: "search-main" })).id;
    other = (await createDeal({ db, slug: "search-other" })).id;
    ids.acme2018 = await addDocument(db, deal, "ACME_2018_10K.pdf", [
      "Acme Corp annual report 2018\nTable of contents",
      filler("revenue growth", 8),
      "Liquidity. Management reviews the cash flow statement every quarter. The cash flow statement shows capital spending, " +
        "the cash flow statement is discussed with the board, and the cash flow statement is audited.",
      CASH_FLOW_STATEMENT,
      "Customer churn and dividend policy: the board kept the dividend policy unchanged while churn fell.",
      "Zyntrix licensing revenue was a small line in 2018.",
    ], { company: "ACME", fiscal_year: 2018, fiscal_period: "FY", kind: "annual report" });
    ids.acme2019 = await addDocument(db, deal, "ACME_2019_10K.pdf", [
      "Acme Corp annual report 2019",
      CASH_FLOW_STATEMENT.replace("2018 2017 2016", "2019 2018 2017"),
    ], { company: "ACME", fiscal_year: 2019, fiscal_period: "FY", kind: "annual report" });
    ids.beta2018 = await addDocument(db, deal, "BETA_2018_10K.pdf", [
      "Beta Industries annual report 2018",
      CASH_FLOW_STATEMENT.replace("Acme Corp", "Beta Industries"),
    ], { company: "BETA", fiscal_year: 2018, fiscal_period: "FY", kind: "annual report" });
    ids.swedish = await addDocument(db, deal, "Nordbolaget_arsredovisning_2022.pdf", [
      "Förvaltningsberättelse\nRörelseresultatet ökade till 412 miljoner kronor tack vare högre nettoomsättning i Sverige.",
    ], { company: "NORDBOLAGET", fiscal_year: 2022, kind: "annual report" });
    ids.otherDeal = await addDocument(db, other, "Secret_Zyntrix_plan.pdf", ["Zyntrix licensing revenue secret plan for another deal."]);
  });
  afterAll(() => cleanup());

  it("ranks a rare term above a common one (BM25 idf) and never returns another deal's pages", async () => {
    const hits = await searchPages({ db, dealId: deal, query: "Zyntrix revenue", k: 5 });
    expect(hits[0]).toMatchObject({ document: "ACME_2018_10K.pdf", page: 6 });
    expect(hits.every((h) => h.documentId !== ids.otherDeal)).toBe(true);
    const otherHits = await searchPages({ db, dealId: other, query: "Zyntrix revenue", k: 5 });
    expect(otherHits.map((h) => h.document)).toEqual(["Secret_Zyntrix_plan.pdf"]);
  });

  it("uses OR semantics: a page with only some of the words is found", async () => {
    const hits = await searchPages({ db, dealId: deal, query: "What did the board decide about churn, dividends and the pension scheme of Aurora?", k: 3 });
    expect(hits[0]).toMatchObject({ document: "ACME_2018_10K.pdf", page: 5 });
    expect(hits[0].excerpt).toMatch(/dividend policy/i);
    expect(hits[0].excerpt.length).toBeLessThanOrEqual(310);
  });

  it("expands financial synonyms: capital expenditure finds 'Purchases of property, plant and equipment'", async () => {
    const hits = await searchPages({ db, dealId: deal, query: "capital expenditure", k: 5, documentIds: [ids.acme2018] });
    expect(hits[0]).toMatchObject({ document: "ACME_2018_10K.pdf", page: 4 });
    expect(hits[0].excerpt).toMatch(/Purchases of property, plant and equipment/);
  });

  it("routes by company and fiscal year among several filings", async () => {
    const hits = await searchPages({ db, dealId: deal, query: "What is the FY2018 capital expenditure amount for Acme?", k: 5 });
    expect(hits[0]).toMatchObject({ document: "ACME_2018_10K.pdf", page: 4 });
    expect(hits.some((h) => h.document.startsWith("BETA"))).toBe(false);
    const beta = await searchPages({ db, dealId: deal, query: "Beta capex in 2018", k: 3 });
    expect(beta[0].document).toBe("BETA_2018_10K.pdf");
  });

  it("boosts the page that IS the named statement over pages that mention it", async () => {
    const hits = await searchPages({ db, dealId: deal, query: "Using the cash flow statement, what were the dividends paid?", k: 5, documentIds: [ids.acme2018] });
    expect(hits[0].page).toBe(4);
    expect(hits.findIndex((h) => h.page === 3)).toBeGreaterThan(0);
  });

  it("restricts to the given documents (by id or filename) and page range", async () => {
    const byName = await searchPages({ db, dealId: deal, query: "net cash provided by operating activities", k: 10, documentIds: ["BETA_2018_10K.pdf"] });
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((h) => h.document === "BETA_2018_10K.pdf")).toBe(true);
    const ranged = await searchPages({ db, dealId: deal, query: "revenue", k: 10, documentIds: [ids.acme2018], pageRange: { from: 5, to: 6 } });
    expect(ranged.length).toBeGreaterThan(0);
    expect(ranged.every((h) => h.page >= 5 && h.page <= 6)).toBe(true);
    expect(await searchPages({ db, dealId: deal, query: "revenue", documentIds: [crypto.randomUUID()] })).toEqual([]);
  });

  it("answers Swedish questions", async () => {
    const hits = await searchPages({ db, dealId: deal, query: "Hur utvecklades rörelseresultatet och nettoomsättningen?", k: 3 });
    expect(hits[0].document).toBe("Nordbolaget_arsredovisning_2022.pdf");
  });

  it("rejects empty queries and survives hostile or huge ones", async () => {
    await expect(searchPages({ db, dealId: deal, query: "   \n\t " })).rejects.toMatchObject({ code: "bad_request:query" });
    await expect(searchPages({ db, dealId: deal, query: "" })).rejects.toMatchObject({ code: "bad_request:query" });
    for (const q of ["'; drop table chunks; --", "%", "\\", "\"quoted\" 'single' `back`", "100% of revenue_x\\y'--", "🙂 ∑ ≠"]) {
      const hits = await searchPages({ db, dealId: deal, query: q });
      expect(Array.isArray(hits)).toBe(true);
    }
    const huge = `${"revenue dividend policy churn ".repeat(400)}zyntrix`.slice(0, 10_240);
    const hits = await searchPages({ db, dealId: deal, query: huge, k: 3 });
    expect(hits.length).toBeGreaterThan(0);
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from chunks");
    expect(rows[0].n).toBeGreaterThan(0);
  });

  it("keeps BM25 statistics exact when a document is deleted", async () => {
    const before = await db.query<{ df: number }>("select df from search_term_df where deal_id = $1 and term = 'zyntrix'", [deal]);
    expect(before.rows[0].df).toBe(1);
    const tmp = await addDocument(db, deal, "tmp.pdf", ["Zyntrix again, twice zyntrix."]);
    expect((await db.query<{ df: number }>("select df from search_term_df where deal_id = $1 and term = 'zyntrix'", [deal])).rows[0].df).toBe(2);
    await db.query("delete from documents where id = $1", [tmp]);
    expect((await db.query<{ df: number }>("select df from search_term_df where deal_id = $1 and term = 'zyntrix'", [deal])).rows[0].df).toBe(1);
    const stats = await db.query<{ chunk_count: string; n: number }>(
      "select s.chunk_count::text, (select count(*)::int from search_chunk_terms where deal_id = $1) as n from search_deal_stats s where s.deal_id = $1", [deal]);
    expect(Number(stats.rows[0].chunk_count)).toBe(stats.rows[0].n);
  });

  /** Every (chunk, term, tf) of search_chunk_terms appears exactly once among the live (not tombstoned) segment postings. */
  const postingsDiff = async (dealId: string) => (await db.query<{ n: number }>(`
      with a as (select c.chunk_id, c.document_id, c.page, c.len, t.term, t.tf
                 from search_chunk_terms c cross join lateral unnest(c.terms, c.tfs) as t(term, tf) where c.deal_id = $1),
           b as (select x.chunk_id, x.document_id, x.page, x.len, p.term, x.tf
                 from search_segment_postings p
                 cross join lateral unnest(p.chunk_ids, p.document_ids, p.pages, p.tfs, p.lens) as x(chunk_id, document_id, page, tf, len)
                 where p.deal_id = $1
                   and not exists (select 1 from search_segment_tombstones z where z.segment_id = p.segment_id and z.document_id = x.document_id))
      select ((select count(*) from (select * from a except all select * from b) d) + (select count(*) from (select * from b except all select * from a) e))::int as n`, [dealId])).rows[0].n;

  it("keeps the segment postings in step with search_chunk_terms through re-indexing and deletion", async () => {
    expect(await postingsDiff(deal)).toBe(0);
    const tmp = await addDocument(db, deal, "tmp2.pdf", ["Quorvex quorvex alpha.", "Beta quorvex."]);
    expect(await postingsDiff(deal)).toBe(0);
    const kw = async () => (await db.query<{ n: number }>("select count(*)::int as n from search_keyword_chunks($1, array['quorvex'], array[1]::real[])", [deal])).rows[0].n;
    expect(await kw()).toBe(2);
    await db.query("delete from chunks where document_id = $1", [tmp]); // re-index path
    expect(await postingsDiff(deal)).toBe(0);
    expect(await kw()).toBe(0);
    // re-indexed under the same document id: the new postings are live, the old ones stay dead
    await indexChunks({ db, dealId: deal, documentId: tmp, chunks: chunkPage(1, "Quorvex once more.", 0), space: getEmbeddingSpace() });
    expect(await postingsDiff(deal)).toBe(0);
    expect(await kw()).toBe(1);
    await db.query("delete from documents where id = $1", [tmp]);
    expect(await postingsDiff(deal)).toBe(0);
    expect(await kw()).toBe(0);
  });

  it("keeps segment postings in impact order, so an over-budget term is read as its best postings", async () => {
    const d = (await createDeal({ db, slug: "impact" })).id;
    const pages = Array.from({ length: 40 }, (_, i) => `Page ${i} notes quillon once among other words about the business and its markets.`);
    pages[17] = "Quillon quillon quillon quillon: the quillon page.";
    await addDocument(db, d, "q.pdf", pages);
    const { rows } = await db.query<{ tfs: number[]; lens: number[]; avgdl: number }>(
      `select p.tfs, p.lens, s.total_length::float8 / s.chunk_count as avgdl
       from search_segment_postings p join search_deal_stats s on s.deal_id = p.deal_id where p.deal_id = $1 and p.term = 'quillon'`, [d]);
    expect(rows.length).toBe(1);
    const impact = (tf: number, len: number) => tf / (tf + 1.2 * (0.25 + (0.75 * len) / Number(rows[0].avgdl)));
    const impacts = rows[0].tfs.map((tf, i) => impact(Number(tf), Number(rows[0].lens[i])));
    expect(impacts.every((x, i) => i === 0 || impacts[i - 1] >= x)).toBe(true);
    // a budget of one posting: only a prefix of the row is read, and it holds the best page
    const { keywordChunks } = await import("@/lib/search/retrievers");
    const bounded = await keywordChunks(db, { dealId: d }, [{ term: "quillon", weight: 1 }], 100, 1);
    const exact = await keywordChunks(db, { dealId: d }, [{ term: "quillon", weight: 1 }], 100, 1_000);
    expect(exact.length).toBe(40);
    expect(bounded.length).toBeLessThan(exact.length);
    expect(bounded[0]).toEqual(exact[0]);
    expect(bounded[0].page).toBe(18);
  });

  it("merges segments level by level, purging deleted documents' postings", async () => {
    const d = (await createDeal({ db, slug: "segments" })).id;
    const fanout = (await db.query<{ f: number }>("select search_segment_fanout() as f")).rows[0].f;
    const ids: string[] = [];
    for (let i = 0; i < fanout * 2 + 3; i++) {
      ids.push(await addDocument(db, d, `s${i}.pdf`, [`Segment test page ${i} about zentrobax and item${i}.`]));
      if (i === 4) await db.query("delete from documents where id = $1", [ids[2]]);
    }
    const levels = (await db.query<{ level: number; n: number }>(
      "select level, count(*)::int as n from search_segments where deal_id = $1 group by level order by level", [d])).rows;
    // every level holds fewer than fanout segments, and merging happened (there is a level above 0)
    expect(levels.every((l) => l.n < fanout)).toBe(true);
    expect(levels.some((l) => l.level > 0)).toBe(true);
    expect(await postingsDiff(d)).toBe(0);
    // the deleted document's tombstone went away with the merge that dropped its postings
    const dead = (await db.query<{ n: number }>(
      `select count(*)::int as n from search_segment_postings p cross join lateral unnest(p.document_ids) as x(id) where p.deal_id = $1 and x.id = $2`, [d, ids[2]])).rows[0].n;
    expect(dead).toBe(0);
    expect((await db.query<{ n: number }>("select count(*)::int as n from search_segment_tombstones where deal_id = $1", [d])).rows[0].n).toBe(0);
    const hits = (await db.query<{ n: number }>("select count(*)::int as n from search_keyword_chunks($1, array['zentrobax'], array[1]::real[], 100)", [d])).rows[0].n;
    expect(hits).toBe(ids.length - 1);
    // a term is a handful of rows, not one per document
    const rows = (await db.query<{ n: number }>("select count(*)::int as n from search_segment_postings where deal_id = $1 and term = 'zentrobax'", [d])).rows[0].n;
    expect(rows).toBeLessThanOrEqual(levels.reduce((s, l) => s + l.n, 0));
    expect(rows).toBeLessThan(ids.length / 2);
    // merged rows are dead rows: counted, and vacuumed when asked (ingestion asks once they outnumber the live ones)
    const stats = async () => (await db.query<{ garbage: number; live: number; actual: number }>(
      `select segment_garbage::int as garbage, segment_rows::int as live,
              (select count(*)::int from search_segment_postings where deal_id = $1) as actual
       from search_deal_stats where deal_id = $1`, [d])).rows[0];
    const before = await stats();
    expect(before.garbage).toBeGreaterThan(0);
    expect(before.live).toBe(before.actual);
    expect(await vacuumSearchIndexIfNeeded({ db })).toBe(false); // far below the threshold
    expect(await vacuumSearchIndexIfNeeded({ db, force: true })).toBe(true);
    expect((await stats()).garbage).toBe(0);
    expect(await postingsDiff(d)).toBe(0);
    // postings leave with their segments when the deal goes
    await db.query("delete from deals where id = $1", [d]);
    for (const table of ["search_segments", "search_segment_postings", "search_segment_tombstones"]) {
      expect((await db.query<{ n: number }>(`select count(*)::int as n from ${table} where deal_id = $1`, [d])).rows[0].n).toBe(0);
    }
  });
});
