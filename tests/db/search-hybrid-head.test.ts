import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { hybridSearchHead } from "@/lib/db/queries/search";
import { embedTexts, getEmbeddingSpace, toVectorLiteral } from "@/lib/models/embeddings";
import { chunksToPages, pageKey, PAGE_SECOND_SHARE, reciprocalRankFusion, type RankedPage } from "@/lib/search/fusion";
import { understandQuery } from "@/lib/search/query-understanding";
import { queryLanguages, withOtherLanguageStems } from "@/lib/search/rerank";
import { keywordChunks, statementPages, vectorChunks, type RetrievalScope } from "@/lib/search/retrievers";
import { routeDocuments } from "@/lib/search/routing";
import { loadRoutableScope } from "@/lib/search/routing-cache";
import { RANKING, searchPages } from "@/lib/search/search";
import { openTestDb } from "../helpers/db";
import { addIndexedDocument } from "../helpers/documents";

setConfigForProcess({ MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

/**
 * Hybrid search fuses its two halves in SQL (search_hybrid_head) instead of in JavaScript. On a
 * seeded corpus, the fused head must be the pages the JavaScript fusion ranked, in its order and
 * with its scores: the reference below is the JavaScript path as it was (retrievers, page
 * grouping, reciprocal rank fusion, routing prior, statement boost).
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
  "working capital liquidity covenant credit facility share repurchase guidance outlook risk factors currency hedging"
).split(" ");

const STATEMENTS = [
  "Consolidated Statements of Cash Flows\n(In millions) 2019 2018\nNet income 1,200 1,100\nDepreciation and amortization 300 290\nNet cash provided by operating activities 1,650 1,520\nPurchases of property, plant and equipment (577) (533)\nDividends paid (400) (380)",
  "Consolidated Balance Sheets\n(In millions) 2019 2018\nCash and equivalents 900 850\nInventories 410 395\nAccounts receivable 610 580\nTotal current assets 2,100 1,990\nAccounts payable 330 310\nTotal current liabilities 1,200 1,150",
  "Consolidated Statements of Operations\n(In millions) 2019 2018\nNet sales 9,100 8,700\nCost of sales 5,400 5,200\nGross margin 3,700 3,500\nOperating income 1,500 1,390\nNet income 1,200 1,100",
];

function page(rnd: () => number, sentences: number): string {
  const out: string[] = [];
  for (let s = 0; s < sentences; s++) {
    const n = 8 + Math.floor(rnd() * 10);
    const words = Array.from({ length: n }, () => WORDS[Math.floor(rnd() * WORDS.length)]);
    out.push(`The ${words.join(" ")} was reviewed in ${2016 + Math.floor(rnd() * 4)}.`);
  }
  return out.join(" ");
}

const QUESTIONS = [
  "What was Aurora's total revenue in 2018?",
  "What is the FY2019 capital expenditure amount for Borealis? Use the cash flow statement.",
  "What is the year end FY2018 total current liabilities for Cobalt?",
  "How did operating income change for Aurora between FY2018 and FY2019?",
  "goodwill impairment and restructuring",
  "Which segment grew fastest and why?",
  "lease liabilities debt maturity",
  "Has Borealis reported any material litigation proceedings?",
  "dividends share repurchase",
  "inventories accounts payable working capital",
  "What drove gross margin in 2019?",
  "pension obligations interest expense tax rate",
];

/** The fused head as the JavaScript fusion made it (lib/search/search.ts before the SQL function). */
async function jsFusedHead(db: Db, dealId: string, query: string, head: number): Promise<RankedPage[]> {
  const q = understandQuery(query);
  const terms = withOtherLanguageStems(q, queryLanguages(q.rankingText));
  const { docs } = await loadRoutableScope(db, dealId);
  const routing = routeDocuments(docs, q, undefined);
  const scope: RetrievalScope = { dealId, documentIds: routing.documentIds };
  const named: string[] = [...q.statements];
  const implied: string[] = [...q.impliedStatements].filter((s) => !q.statements.has(s));
  const keyword = await keywordChunks(db, scope, terms, RANKING.keywordChunks, RANKING.candidateBudget);
  const vector = q.terms.length > 0 ? await vectorChunks(db, scope, getEmbeddingSpace(), q.rankingText, RANKING.vectorChunks) : [];
  const statements = await statementPages(db, scope, [...named, ...implied]);
  const keywordPages = chunksToPages(keyword);
  const vectorPages = chunksToPages(vector.filter((h) => h.score >= RANKING.vectorMinSimilarity));
  const prior = (documentId: string) => routing.prior.get(documentId) ?? 1;
  const kwRank = new Map(keywordPages.map((p, i) => [p.key, i]));
  const kindOf = new Map(statements.map((s) => [pageKey(s.documentId, s.page), s.statement]));
  const statementList = (kinds: string[]): RankedPage[] =>
    statements
      .filter((s) => kinds.includes(s.statement))
      .map((s) => ({ key: pageKey(s.documentId, s.page), documentId: s.documentId, page: s.page, score: prior(s.documentId) }))
      .sort((a, b) => b.score - a.score || (kwRank.get(a.key) ?? 1e9) - (kwRank.get(b.key) ?? 1e9));
  const fused = reciprocalRankFusion([
    { name: "keyword", weight: RANKING.keywordWeight, pages: keywordPages },
    { name: "vector", weight: RANKING.vectorWeight, pages: vectorPages },
    { name: "statement", weight: RANKING.statementWeight, pages: statementList(named) },
    { name: "implied", weight: RANKING.impliedStatementWeight, pages: statementList(implied) },
  ], RANKING.rrfK).map((p) => {
    const kind = kindOf.get(p.key);
    const boost = kind && named.includes(kind) ? RANKING.namedStatementBoost : kind && implied.includes(kind) ? RANKING.impliedStatementBoost : 1;
    return { key: p.key, documentId: p.documentId, page: p.page, score: p.score * prior(p.documentId) * boost };
  });
  fused.sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
  return fused.slice(0, head);
}

/** The same head from the SQL function, given the same inputs. */
async function sqlFusedHead(db: Db, dealId: string, query: string, head: number): Promise<RankedPage[]> {
  const q = understandQuery(query);
  const terms = withOtherLanguageStems(q, queryLanguages(q.rankingText));
  const { docs } = await loadRoutableScope(db, dealId);
  const routing = routeDocuments(docs, q, undefined);
  const space = getEmbeddingSpace();
  const [vec] = q.terms.length > 0 ? await embedTexts(space, [q.rankingText]) : [];
  const rows = await hybridSearchHead({
    db,
    request: {
      dealId, terms, keywordK: RANKING.keywordChunks, candidateBudget: RANKING.candidateBudget,
      embedding: vec && !vec.every((x) => x === 0) ? toVectorLiteral(vec) : null, embeddingModel: space.id, vectorK: RANKING.vectorChunks,
      vectorMinSimilarity: RANKING.vectorMinSimilarity, named: [...q.statements], implied: [...q.impliedStatements].filter((s) => !q.statements.has(s)),
      priors: routing.prior, documentIds: routing.documentIds, rrfK: RANKING.rrfK,
      weights: [RANKING.keywordWeight, RANKING.vectorWeight, RANKING.statementWeight, RANKING.impliedStatementWeight],
      namedBoost: RANKING.namedStatementBoost, impliedBoost: RANKING.impliedStatementBoost, secondShare: PAGE_SECOND_SHARE, head,
    },
  });
  return rows.map((r) => ({ key: pageKey(r.documentId, r.page), documentId: r.documentId, page: r.page, score: r.score }));
}

describe("hybrid search fused in one SQL round trip", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let deal: string;

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    deal = (await createDeal({ db, slug: "fusion" })).id;
    const rnd = rng(20261129);
    for (const company of ["Aurora", "Borealis", "Cobalt"]) {
      for (const year of [2018, 2019]) {
        // long pages make several chunks each, so pages group more than one hit
        const pages = Array.from({ length: 14 }, (_, i) => (i % 5 === 3 ? STATEMENTS[Math.floor(rnd() * STATEMENTS.length)] : page(rnd, 6 + Math.floor(rnd() * 70))));
        await addIndexedDocument(db, deal, `${company}_${year}_10K.pdf`, pages, { company, fiscal_year: year, fiscal_period: "FY", kind: "annual report" });
      }
    }
  }, 120_000);
  afterAll(() => cleanup());

  it("returns the JavaScript fusion's head: the same pages, in the same order, with the same scores", async () => {
    let compared = 0;
    for (const query of QUESTIONS) {
      const js = await jsFusedHead(db, deal, query, 40);
      const sql = await sqlFusedHead(db, deal, query, 40);
      expect(sql.map((p) => p.key), query).toEqual(js.map((p) => p.key));
      expect(sql.map((p) => p.score), query).toEqual(js.map((p) => p.score));
      compared += js.length;
    }
    expect(compared).toBeGreaterThan(QUESTIONS.length * 20); // heads are full, not trivially empty
  });

  it("groups a page's chunks, ranks statement pages and applies the routing prior as the JavaScript fusion did", async () => {
    // a question naming a company and a statement exercises every list and the prior
    const query = "What is the FY2019 capital expenditure amount for Borealis? Use the cash flow statement.";
    const js = await jsFusedHead(db, deal, query, 20);
    expect(new Set(js.map((p) => p.score)).size).toBeGreaterThan(10);
    expect(await sqlFusedHead(db, deal, query, 20)).toEqual(js);
  });

  it("searchPages returns pages with texts from the fused head, best first", async () => {
    const hits = await searchPages({ db, dealId: deal, query: "Consolidated Statements of Cash Flows for Cobalt 2019", k: 5 });
    expect(hits.length).toBe(5);
    expect(hits[0]!.document).toBe("Cobalt_2019_10K.pdf");
    expect(hits.every((h) => h.excerpt.length > 0)).toBe(true);
    expect(hits.map((h) => h.rank)).toEqual([...hits.map((h) => h.rank)].sort((a, b) => b - a));
  });
});
