import type { Queryable } from "@/lib/db";
import { MandaError } from "@/lib/errors";
import { hybridSearchHead, type HybridHeadPage } from "@/lib/db/queries/search";
import { embedTexts, getEmbeddingSpace, toVectorLiteral, type EmbeddingSpace } from "@/lib/models/embeddings";
import { bestExcerpt } from "./excerpt";
import { pageKey, PAGE_SECOND_SHARE, type RankedPage } from "./fusion";
import type { Language } from "./language";
import { understandQuery, type QueryTerm, type UnderstoodQuery } from "./query-understanding";
import { pairsByLanguage, queryLanguages, rerank, withOtherLanguageStems } from "./rerank";
import type { CandidatePage } from "./retrievers";
import { routeDocuments, type RoutedDocument } from "./routing";
import { loadRoutableScope } from "./routing-cache";
import { sectionIntent } from "./section-intent";
import { tokenize } from "./tokenize";
import type { PageHit, SearchOptions } from "./types";
import { ensureDealSearchIndexCurrent } from "./upgrade";

/** Ranking knobs, measured with bench/retrieval.ts. */
export const RANKING = {
  keywordChunks: 60,
  vectorChunks: 60,
  rrfK: 20,
  keywordWeight: 1,
  vectorWeight: 0.5,
  statementWeight: 1,
  impliedStatementWeight: 0.5,
  /** Multiplier for a page that IS a statement the question names / implies. */
  namedStatementBoost: 1.6,
  impliedStatementBoost: 1.25,
  /**
   * Postings (chunk-term pairs) the keyword half may read for candidate generation; rarer
   * terms first, the commoner ones only re-score the best candidates (search_keyword_chunks,
   * supabase/migrations/20261125000200_search.sql). Recall on the bench is the same from 2k to
   * 20k; keyword p95 at 100k chunks (PGlite) falls from ~120 ms at 20k to ~35 ms at 3k.
   */
  candidateBudget: 3_000,
  /** Vector hits below this cosine similarity are dropped (unrelated pages are not results). */
  vectorMinSimilarity: 0.1,
  /** Fused pages re-ranked with phrase/proximity and section evidence (their texts are read). */
  rerankDepth: 20,
  /** Multiplier 1 + phraseBoost × (share of the question's adjacent term pairs found close together). */
  phraseBoost: 0.5,
  /** Multiplier 1 + sectionBoost × strength for a page in a section the question points to. */
  sectionBoost: 0.4,
  /** Multiplier 1 + rowLabelBoost × score for a page with a row of figures labelled with the question's words (table-rows.ts). */
  rowLabelBoost: 0.3,
  /** Multiplier 1 + conceptRowBoost for a page with a row labelled with a whole wording of the concept the caller names (`concepts`). */
  conceptRowBoost: 1,
};

export interface SearchDebug {
  understood: UnderstoodQuery;
  routing: { documentIds?: string[]; companies: string[] };
}

/**
 * Hybrid page search: BM25 keywords (with financial synonyms) + vector similarity, fused
 * with reciprocal rank fusion at page level, routed to the documents the question names
 * (company, fiscal period, kind) and boosted for pages that are the statement it asks
 * about; the head is re-ranked by phrase/proximity and report-section evidence
 * (lib/search/rerank.ts). Query words are stemmed in the question's language, or in both
 * English and Swedish when it is unclear. Returns pages best first, each with its
 * best-matching passage.
 */
export async function searchPages({ db, space, debug, ...opts }: SearchOptions & {
  db: Queryable;
  space?: EmbeddingSpace;
  debug?: (d: SearchDebug) => void;
}): Promise<PageHit[]> {
  if (typeof opts.query !== "string" || opts.query.trim().length === 0) {
    throw new MandaError("bad_request:query", "The query is empty; type a question or some words to look for.");
  }
  const k = opts.k ?? 10;
  if (!Number.isInteger(k) || k < 1 || k > 100) throw new MandaError("bad_request:k", "k must be a whole number from 1 to 100.");
  await ensureDealSearchIndexCurrent(db, opts.dealId);
  const q = understandQuery(opts.query);
  const languages = queryLanguages(q.rankingText);
  const wordings = conceptWordings(opts.concepts);
  const terms = withConceptTerms(withOtherLanguageStems(q, languages), wordings);
  // Only indexed documents: one being ingested (or half-done after a crash) has part of its chunks.
  const { docs, complete } = await loadRoutableScope(db, opts.dealId);
  let restrict: string[] | undefined;
  if (opts.documentIds) {
    const wanted = new Set(opts.documentIds);
    restrict = docs.filter((d) => wanted.has(d.id) || wanted.has(d.filename)).map((d) => d.id);
  }
  const routing = routeDocuments(docs, q, restrict);
  debug?.({ understood: q, routing: { documentIds: routing.documentIds, companies: routing.companies } });
  const documentIds = routing.documentIds ?? (complete ? undefined : docs.map((d) => d.id));
  if (documentIds && documentIds.length === 0) return [];

  const named = [...q.statements];
  const implied = [...q.impliedStatements].filter((s) => !q.statements.has(s));
  const embeddingSpace = space ?? getEmbeddingSpace();
  const embedding = q.terms.length > 0 ? await queryEmbedding(embeddingSpace, q.rankingText) : null;
  // Both halves, the statement pages, page grouping and fusion in one round trip (the SQL
  // function computes what lib/search/fusion.ts did in JavaScript, to the same order).
  const rows = await hybridSearchHead({
    db,
    request: {
      dealId: opts.dealId, terms, keywordK: RANKING.keywordChunks, candidateBudget: RANKING.candidateBudget,
      embedding, embeddingModel: embeddingSpace.id, vectorK: RANKING.vectorChunks, vectorMinSimilarity: RANKING.vectorMinSimilarity,
      named, implied, priors: routing.prior, documentIds, pageFrom: opts.pageRange?.from, pageTo: opts.pageRange?.to,
      rrfK: RANKING.rrfK, weights: [RANKING.keywordWeight, RANKING.vectorWeight, RANKING.statementWeight, RANKING.impliedStatementWeight],
      namedBoost: RANKING.namedStatementBoost, impliedBoost: RANKING.impliedStatementBoost, secondShare: PAGE_SECOND_SHARE,
      head: Math.max(k, RANKING.rerankDepth),
    },
  });
  if (rows.length === 0) return [];
  const head: RankedPage[] = rows.map((r) => ({ key: pageKey(r.documentId, r.page), documentId: r.documentId, page: r.page, score: r.score }));
  const pages = headPages(rows);
  // the company's own name labels no row a question asks for ("Best Buy Co., Inc. shareholders' equity")
  const stemsOf = nameStemsByDocument(docs);
  const nameStems = new Set((documentIds ?? docs.map((d) => d.id)).flatMap((id) => stemsOf.get(id) ?? []));
  const rowTerms = terms.filter((t) => !nameStems.has(t.term));
  const reranked = rerank(head, pages, { pairs: pairsByLanguage(q), intent: sectionIntent(q.rankingText), terms: rowTerms, wordings }, RANKING);
  return toHits(reranked.slice(0, k), pages, terms);
}

/**
 * Each document's company name stems, per list of documents (the routing cache hands out the same
 * array until the deal's documents change): tokenising ~800 names cost every search at 100k chunks.
 */
const nameStemsByDocs = new WeakMap<readonly RoutedDocument[], Map<string, string[]>>();

function nameStemsByDocument(docs: readonly RoutedDocument[]): Map<string, string[]> {
  let stems = nameStemsByDocs.get(docs);
  if (!stems) {
    stems = new Map(docs.map((d) => [d.id, tokenize(`${d.company_name ?? ""} ${d.company ?? ""}`)]));
    nameStemsByDocs.set(docs, stems);
  }
  return stems;
}

/** The query's embedding as a vector literal, or null when it has none (no known words). */
async function queryEmbedding(space: EmbeddingSpace, text: string): Promise<string | null> {
  const [vec] = await embedTexts(space, [text]);
  return vec && !vec.every((x) => x === 0) ? toVectorLiteral(vec) : null;
}

/** The head's texts, labels and features by page key (rows whose page is gone are left out). */
function headPages(rows: HybridHeadPage[]): Map<string, CandidatePage> {
  const pages = new Map<string, CandidatePage>();
  for (const r of rows) {
    if (r.text === null || r.filename === null) continue;
    pages.set(pageKey(r.documentId, r.page), { filename: r.filename, text: r.text, label: r.label, language: r.language as Language | null, section: r.section, sections: r.sections ?? [] });
  }
  return pages;
}

/** A word of the asked concept's wordings weighs as a synonym expansion does. */
const CONCEPT_TERM_WEIGHT = 0.5;

/** The asked concept's wordings as stems (English, the catalog's language). */
function conceptWordings(concepts: string[] | undefined): string[][] {
  return (concepts ?? []).slice(0, 24).map((c) => tokenize(c, "en")).filter((w) => w.length > 0);
}

/** The wordings' words as expansion terms (half a typed word's weight), after the question's own. */
function withConceptTerms(terms: QueryTerm[], wordings: string[][]): QueryTerm[] {
  const have = new Set(terms.map((t) => t.term));
  const out = [...terms];
  for (const w of wordings) for (const t of w) if (!have.has(t)) { have.add(t); out.push({ term: t, weight: CONCEPT_TERM_WEIGHT }); }
  return out;
}

/** Ranked pages → hits with excerpts; filenames and labels for display. */
function toHits(top: RankedPage[], pages: Map<string, CandidatePage>, terms: QueryTerm[]): PageHit[] {
  const weights = new Map(terms.map((t) => [t.term, t.weight]));
  const hits: PageHit[] = [];
  for (const t of top) {
    const r = pages.get(t.key);
    if (!r) continue;
    hits.push({ documentId: t.documentId, document: r.filename, page: t.page, excerpt: bestExcerpt(r.text, weights), label: r.label, rank: t.score });
  }
  return hits;
}
