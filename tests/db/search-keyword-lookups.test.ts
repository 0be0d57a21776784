import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { deleteDocument } from "@/lib/db/queries/documents";
import { MIGRATIONS_DIR } from "@/lib/db/migrate";
import { understandQuery } from "@/lib/search/query-understanding";
import { queryLanguages, withOtherLanguageStems } from "@/lib/search/rerank";
import { termStats } from "@/lib/search/tokenize";
import { openTestDb } from "../helpers/db";
import { addIndexedDocument } from "../helpers/documents";

setConfigForProcess({ MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

/**
 * search_keyword_chunks reads postings document-first and finds the commoner terms in a
 * candidate's sorted term array by binary search (20261129000300_search_keyword_lookups.sql).
 * Both change how the work is done, not what it computes: the previous definition, loaded from
 * its migration under another name, is the reference.
 */

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  "revenue operating income gross margin capital expenditure cash flow dividends inventory receivables payables goodwill impairment " +
  "segment growth pension obligations lease liabilities debt maturity interest expense tax rate deferred acquisition restructuring " +
  "litigation proceedings customers suppliers backlog headcount employees research development marketing depreciation amortization " +
  "working capital liquidity covenant credit facility share repurchase guidance outlook risk factors currency hedging total net"
).split(" ");

function page(rnd: () => number, sentences: number): string {
  const out: string[] = [];
  for (let s = 0; s < sentences; s++) {
    // Zipf-like: early words of the list are much commoner, as in filings
    const n = 8 + Math.floor(rnd() * 10);
    const words = Array.from({ length: n }, () => WORDS[Math.floor(WORDS.length * rnd() ** 2)]);
    out.push(`The ${words.join(" ")} was reviewed in ${2016 + Math.floor(rnd() * 4)}.`);
  }
  return out.join(" ");
}

const QUERIES = [
  "What was total revenue and operating income in 2018?",
  "capital expenditure cash flow dividends",
  "inventories accounts payable working capital",
  "Has the company reported any material litigation proceedings?",
  "goodwill impairment restructuring acquisition",
  "pension obligations interest expense tax rate deferred",
  "currency hedging covenant credit facility liquidity",
];

/** The definition of search_keyword_chunks before this change, as search_keyword_chunks_before. */
function previousDefinition(): string {
  const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, "20261125000200_search.sql"), "utf8");
  const from = sql.indexOf("create or replace function search_keyword_chunks(");
  const to = sql.indexOf("$$;", sql.indexOf("as $$", from)) + 3;
  expect(from).toBeGreaterThan(0);
  return sql.slice(from, to).replace("function search_keyword_chunks(", "function search_keyword_chunks_before(");
}

interface Row { chunk_id: string; document_id: string; page: number; score: number }

async function keyword(db: Db, fn: string, dealId: string, terms: Array<{ term: string; weight: number }>, opts: { k?: number; documentIds?: string[]; from?: number; to?: number; budget: number }): Promise<Row[]> {
  const { rows } = await db.query<Row>(
    `select chunk_id, document_id, page, score from ${fn}($1::uuid, $2::text[], $3::real[], $4::int, $5::uuid[], $6::int, $7::int, $8::int)`,
    [dealId, terms.map((t) => t.term), terms.map((t) => t.weight), opts.k ?? 60, opts.documentIds ?? null, opts.from ?? null, opts.to ?? null, opts.budget],
  );
  return rows;
}

const termsOf = (query: string) => {
  const q = understandQuery(query);
  return withOtherLanguageStems(q, queryLanguages(q.rankingText));
};

describe("keyword half: document-first postings and binary-searched re-scoring", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let deal: string;
  const docs: string[] = [];

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    deal = (await createDeal({ db, slug: "keyword-lookups" })).id;
    const rnd = rng(20261129);
    for (const company of ["Aurora", "Borealis", "Cobalt", "Delta"]) {
      for (const year of [2018, 2019]) {
        const pages = Array.from({ length: 12 }, () => page(rnd, 6 + Math.floor(rnd() * 40)));
        docs.push(await addIndexedDocument(db, deal, `${company}_${year}_10K.pdf`, pages, { company, fiscal_year: year, fiscal_period: "FY", kind: "annual report" }));
      }
    }
    // a deleted document leaves tombstoned postings in the merged segments
    await deleteDocument({ db, dealId: deal, documentId: docs.pop()! });
    await db.exec(previousDefinition());
  }, 120_000);
  afterAll(() => cleanup());

  it("returns the chunks and scores the previous definition returned, with and without document and page filters", async () => {
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from search_segment_tombstones where deal_id = $1", [deal]);
    expect(rows[0].n).toBeGreaterThan(0);
    const scopes = [{}, { documentIds: docs.slice(0, 2) }, { documentIds: [docs[3]], from: 3, to: 9 }, { from: 5 }];
    let compared = 0;
    let rescored = 0;
    for (const query of QUERIES) {
      const terms = termsOf(query);
      for (const scope of scopes) {
        // a small budget leaves most terms to re-scoring; a large one scores every term from postings
        for (const budget of [40, 400, 100_000]) {
          const before = await keyword(db, "search_keyword_chunks_before", deal, terms, { ...scope, budget });
          const after = await keyword(db, "search_keyword_chunks", deal, terms, { ...scope, budget });
          expect(after, `${query} ${JSON.stringify(scope)} budget ${budget}`).toEqual(before);
          compared += after.length;
          if (budget === 40) rescored += after.length;
        }
      }
    }
    expect(rescored).toBeGreaterThan(QUERIES.length * 20); // the re-scoring path ran on real candidates
    expect(compared).toBeGreaterThan(QUERIES.length * scopes.length * 20);
  });

  it("gives a re-scored candidate its full BM25 score, wherever the common terms sort in its term array", async () => {
    // every word of the text: the first and last terms of a chunk's sorted array (a year, a word) are among them
    const words = [...WORDS, "the", "was", "reviewed", "2016", "2017", "2018", "2019"];
    const terms = [...new Set(words.flatMap((w) => termStats(w, "en").terms))].map((term) => ({ term, weight: 1 }));
    const rescored = await keyword(db, "search_keyword_chunks", deal, terms, { budget: 1, k: 30 }); // one rare term's postings, the rest re-scored
    const exact = new Map((await keyword(db, "search_keyword_chunks", deal, terms, { budget: 1_000_000, k: 10_000 })).map((r) => [r.chunk_id, r.score]));
    expect(rescored.length).toBe(30);
    for (const r of rescored) expect(r.score).toBeCloseTo(exact.get(r.chunk_id)!, 3);
  });

  it("finds a common term whose characters sort differently in JavaScript's order and in byte order", async () => {
    // U+2000B (beyond the BMP) sorts before U+FA0E in UTF-16 code units, after it in UTF-8 bytes
    const astral = "\u{2000B}\u{2000B}";
    const compat = "\uFA0E\uFA0E";
    const stats = termStats(`${compat} ${astral} quarterly backlog`, "en");
    expect(stats.terms).toEqual(expect.arrayContaining([astral, compat]));
    expect(stats.terms.indexOf(astral)).toBeLessThan(stats.terms.indexOf(compat));
    const doc = await addIndexedDocument(db, deal, "Script_2019.pdf", [
      `${compat} ${astral} quarterly backlog zeppelin`,
      `${compat} ${astral} quarterly backlog`,
      `${astral} quarterly`,
    ]);
    const terms = [{ term: "zeppelin", weight: 1 }, { term: astral, weight: 1 }];
    const [rescored] = await keyword(db, "search_keyword_chunks", deal, terms, { budget: 1 }); // the rare word's postings, the other term re-scored
    const [exact] = await keyword(db, "search_keyword_chunks", deal, terms, { budget: 1_000 });
    const [alone] = await keyword(db, "search_keyword_chunks", deal, [terms[0]], { budget: 1_000 });
    expect(rescored.document_id).toBe(doc);
    expect(rescored.chunk_id).toBe(exact.chunk_id);
    expect(rescored.score).toBeGreaterThan(alone.score);
    expect(rescored.score).toBeCloseTo(exact.score, 4);
  });
});
