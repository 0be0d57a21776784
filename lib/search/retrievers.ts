import type { Queryable } from "@/lib/db";
import { embedTexts, toVectorLiteral, type EmbeddingSpace } from "@/lib/models/embeddings";
import { pageKey, type PageRef } from "./fusion";
import type { Language } from "./language";
import type { QueryTerm } from "./query-understanding";

/** A chunk found by one retriever, with that retriever's score (higher is better). */
export interface ChunkHit {
  chunkId: string;
  documentId: string;
  page: number;
  score: number;
}

export interface RetrievalScope {
  dealId: string;
  documentIds?: string[];
  pageFrom?: number;
  pageTo?: number;
}

/** BM25 over the deal's chunks (SQL function search_keyword_chunks; budget: see RANKING.candidateBudget). */
export async function keywordChunks(db: Queryable, scope: RetrievalScope, terms: QueryTerm[], k: number, budget = 3_000): Promise<ChunkHit[]> {
  if (terms.length === 0) return [];
  const { rows } = await db.query<{ chunk_id: string; document_id: string; page: number; score: number }>(
    `select chunk_id, document_id, page, score from search_keyword_chunks($1::uuid, $2::text[], $3::real[], $4::int, $5::uuid[], $6::int, $7::int, $8::int)`,
    [scope.dealId, terms.map((t) => t.term), terms.map((t) => t.weight), k, scope.documentIds ?? null, scope.pageFrom ?? null, scope.pageTo ?? null, budget],
  );
  return rows.map((r) => ({ chunkId: r.chunk_id, documentId: r.document_id, page: r.page, score: Number(r.score) }));
}

/** Nearest chunks to the query embedding through the model's HNSW index (SQL function match_chunks). */
export async function vectorChunks(db: Queryable, scope: RetrievalScope, space: EmbeddingSpace, text: string, k: number): Promise<ChunkHit[]> {
  const [vec] = await embedTexts(space, [text]);
  if (!vec || vec.every((x) => x === 0)) return [];
  const { rows } = await db.query<{ chunk_id: string; document_id: string; page: number; distance: number }>(
    `select chunk_id, document_id, page, distance from match_chunks($1::uuid, $2::halfvec, $3::text, $4::int, $5::uuid[], $6::int, $7::int)`,
    [scope.dealId, toVectorLiteral(vec), space.id, k, scope.documentIds ?? null, scope.pageFrom ?? null, scope.pageTo ?? null],
  );
  return rows.map((r) => ({ chunkId: r.chunk_id, documentId: r.document_id, page: r.page, score: 1 - Number(r.distance) }));
}

/** Pages classified as one of the given statements (lib/search/page-classifier.ts). */
export async function statementPages(db: Queryable, scope: RetrievalScope, statements: string[]): Promise<Array<{ documentId: string; page: number; statement: string; numberRatio: number }>> {
  if (statements.length === 0) return [];
  const { rows } = await db.query<{ document_id: string; page_number: number; statement: string; number_ratio: number }>(
    `select document_id, page_number, statement, number_ratio from search_page_features
     where deal_id = $1 and statement = any($2::text[]) and ($3::uuid[] is null or document_id = any($3::uuid[]))
       and ($4::int is null or page_number >= $4) and ($5::int is null or page_number <= $5)
     order by document_id, page_number limit 500`,
    [scope.dealId, statements, scope.documentIds ?? null, scope.pageFrom ?? null, scope.pageTo ?? null],
  );
  return rows.map((r) => ({ documentId: r.document_id, page: r.page_number, statement: r.statement, numberRatio: Number(r.number_ratio) }));
}

export interface CandidatePage {
  filename: string;
  text: string;
  label: string | null;
  language: Language | null;
  section: string | null;
  sections: string[];
}

/** Texts, labels and features (language, sections) of some pages, by page key. */
export async function candidatePages(db: Queryable, dealId: string, refs: PageRef[]): Promise<Map<string, CandidatePage>> {
  const { rows } = await db.query<{ document_id: string; page_number: number; text: string; label: string | null; filename: string; language: Language | null; section: string | null; sections: string[] | null }>(
    `select p.document_id, p.page_number, p.text, p.label, d.filename, f.language, f.section, f.sections
     from document_pages p join documents d on d.id = p.document_id
     left join search_page_features f on f.document_id = p.document_id and f.page_number = p.page_number
     where p.deal_id = $1 and (p.document_id, p.page_number) in (select * from unnest($2::uuid[], $3::int[]))`,
    [dealId, refs.map((t) => t.documentId), refs.map((t) => t.page)],
  );
  return new Map(rows.map((r) => [pageKey(r.document_id, r.page_number), { filename: r.filename, text: r.text, label: r.label, language: r.language, section: r.section, sections: r.sections ?? [] }]));
}
