import type { Queryable } from "../types";

/** What one hybrid search fuses, and how (lib/search/search.ts fills it from RANKING). */
export interface HybridHeadRequest {
  dealId: string;
  /** Keyword half: stemmed terms and their weights, chunks wanted, postings budget. */
  terms: Array<{ term: string; weight: number }>;
  keywordK: number;
  candidateBudget: number;
  /** Vector half: the query embedding as a vector literal, or null for none. */
  embedding: string | null;
  embeddingModel: string;
  vectorK: number;
  vectorMinSimilarity: number;
  /** Statements the question names, and those it implies (none of the named). */
  named: string[];
  implied: string[];
  /** Routing prior per document (1 when absent). */
  priors: Map<string, number>;
  documentIds?: string[];
  pageFrom?: number;
  pageTo?: number;
  rrfK: number;
  /** List weights: keyword, vector, statement, implied. */
  weights: [number, number, number, number];
  namedBoost: number;
  impliedBoost: number;
  /** A page's other chunks count this share of their score (its best counts whole). */
  secondShare: number;
  /** Pages returned, best first. */
  head: number;
}

export interface HybridHeadPage {
  documentId: string;
  page: number;
  score: number;
  /** Null when the page row is gone (a document deleted while searching). */
  text: string | null;
  label: string | null;
  filename: string | null;
  language: string | null;
  section: string | null;
  sections: string[] | null;
}

/**
 * The fused head of a hybrid search in one round trip: both halves, the statement pages, page
 * grouping, reciprocal rank fusion, prior and boosts, and the head pages' texts (SQL function
 * search_hybrid_head, supabase/migrations/20261129000200_search_hybrid_head.sql).
 */
export async function hybridSearchHead({ db, request: r }: { db: Queryable; request: HybridHeadRequest }): Promise<HybridHeadPage[]> {
  const { rows } = await db.query<{ document_id: string; page: number; score: number; text: string | null; label: string | null; filename: string | null; language: string | null; section: string | null; sections: string[] | null }>(
    `select document_id, page, score, text, label, filename, language, section, sections from search_hybrid_head(
       $1::uuid, $2::text[], $3::real[], $4::int, $5::int, $6::halfvec, $7::text, $8::int, $9::float8, $10::text[], $11::text[],
       $12::uuid[], $13::float8[], $14::uuid[], $15::int, $16::int, $17::float8, $18::float8[], $19::float8, $20::float8, $21::float8, $22::int)`,
    [
      r.dealId, r.terms.map((t) => t.term), r.terms.map((t) => t.weight), r.keywordK, r.candidateBudget,
      r.embedding, r.embeddingModel, r.vectorK, r.vectorMinSimilarity, r.named, r.implied,
      [...r.priors.keys()], [...r.priors.values()], r.documentIds ?? null, r.pageFrom ?? null, r.pageTo ?? null,
      r.rrfK, r.weights, r.namedBoost, r.impliedBoost, r.secondShare, r.head,
    ],
  );
  return rows.map((x) => ({ documentId: x.document_id, page: x.page, score: Number(x.score), text: x.text, label: x.label, filename: x.filename, language: x.language, section: x.section, sections: x.sections }));
}

/** How many of a deal's chunks hold each index term, and how many chunks it has: how rarely the deal uses a word. */
export async function termChunkCounts({ db, dealId, terms }: { db: Queryable; dealId: string; terms: string[] }): Promise<{ chunks: number; df: Map<string, number> }> {
  if (!terms.length) return { chunks: 0, df: new Map() };
  const { rows } = await db.query<{ term: string | null; df: number }>(
    `select null as term, chunk_count::int as df from search_deal_stats where deal_id = $1
     union all select term, df from search_term_df where deal_id = $1 and term = any($2::text[])`,
    [dealId, terms],
  );
  const chunks = Number(rows.find((r) => r.term === null)?.df ?? 0);
  return { chunks, df: new Map(rows.filter((r) => r.term !== null).map((r) => [r.term!, Number(r.df)])) };
}
