import type { Queryable } from "@/lib/db";
import { toExactVectorLiteral } from "@/lib/db/vector-param";
import { embedTexts, type EmbeddingSpace } from "@/lib/models/embeddings";
import type { ChunkDraft } from "@/lib/ingest/chunk";
import type { Language } from "./language";
import { annotatePages, newDocumentReading, type DocumentReading, type PageAnnotation } from "./page-annotations";
import { pagesFromChunks } from "./page-classifier";
import { termStats } from "./tokenize";

const BATCH = 128;

/**
 * Bumped whenever what indexing stores changes (tokeniser, page features, embedder, chunk sizes).
 * Each deal records the version its keyword index was built with (search_index_versions);
 * lib/search/upgrade.ts rebuilds deals built with another version, and benches re-ingest.
 * 9: Porter/Snowball stemming per page language; page language and report sections.
 * 10: a contents entry ("Title 68") opens no section; unnumbered part titles (MD&A, risk factors) do.
 * 11: a cross-reference ("Note 13C for additional information …") or a note heading past Note 1 inside another part opens no note.
 */
export const SEARCH_INDEX_VERSION = 11;

/**
 * Stores a document's chunks with their embeddings (in the given embedding space), their
 * BM25 terms (search_chunk_terms; statement triggers keep per-deal df and length stats and
 * add the batch as a new keyword segment, merging full levels: see supabase/migrations/20261125000200_search.sql) and the
 * features of the pages they cover (statement, language, section). Called by ingestion per
 * batch of pages, in page order, so memory stays bounded on big documents; every page's
 * chunks arrive in one call.
 */
export async function indexChunks({ db, dealId, documentId, chunks, space, vectors: given }: {
  db: Queryable;
  dealId: string;
  documentId: string;
  chunks: ChunkDraft[];
  space: EmbeddingSpace;
  /** The chunks' embeddings, computed before a transaction began (embedChunks), so it is not held meanwhile. */
  vectors?: number[][];
}): Promise<void> {
  const annotations = annotatePages([...pagesFromChunks(chunks)].map(([page, text]) => ({ page, text })), await readingFor(db, documentId, chunks));
  const languageOf = new Map(annotations.map((a) => [a.page, a.language]));
  for (let i = 0; i < chunks.length; i += BATCH) {
    const batch = chunks.slice(i, i + BATCH);
    const vectors = given ? given.slice(i, i + BATCH) : await embedTexts(space, batch.map((c) => c.text));
    const ids = batch.map(() => crypto.randomUUID());
    const params: unknown[] = [];
    const values = batch.map((c, j) => {
      const p = params.length;
      params.push(ids[j], dealId, documentId, c.chunkIndex, c.pageStart, c.pageEnd, c.charStart, c.charEnd, c.text, toExactVectorLiteral(vectors[j]), space.id);
      return `($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}, $${p + 6}, $${p + 7}, $${p + 8}, $${p + 9}, $${p + 10}::vector, $${p + 11})`;
    });
    await db.query(
      `insert into chunks (id, deal_id, document_id, chunk_index, page_start, page_end, char_start, char_end, text, embedding, embedding_model)
       values ${values.join(", ")}`,
      params,
    );
    await insertChunkTerms(db, dealId, documentId, batch.map((c, j) => ({ id: ids[j], page: c.pageStart, text: c.text, language: languageOf.get(c.pageStart) })));
  }
  await upsertPageFeatures(db, dealId, documentId, annotations);
  // A deal's first index records the version it is built with; an older deal keeps its older
  // version until lib/search/upgrade.ts has rebuilt all of it.
  await db.query("insert into search_index_versions (deal_id, version) values ($1, $2) on conflict (deal_id) do nothing", [dealId, SEARCH_INDEX_VERSION]);
}

/** The embeddings indexChunks would compute, in its batches: for callers that index inside a transaction. */
export async function embedChunks(space: EmbeddingSpace, chunks: ChunkDraft[]): Promise<number[][]> {
  const out: number[][] = [];
  for (let i = 0; i < chunks.length; i += BATCH) out.push(...(await embedTexts(space, chunks.slice(i, i + BATCH).map((c) => c.text))));
  return out;
}

// The section in effect and the language evidence continue from one batch of pages to the
// next. Ingestion indexes one document at a time per process, so a few readings suffice; a
// batch that does not continue the last one (a retry, another process) re-reads the
// document's earlier pages.
const readings = new Map<string, DocumentReading>();
const MAX_READINGS = 8;

async function readingFor(db: Queryable, documentId: string, chunks: ChunkDraft[]): Promise<DocumentReading> {
  const first = chunks.reduce((m, c) => Math.min(m, c.pageStart), Number.POSITIVE_INFINITY);
  let reading = readings.get(documentId);
  if (!reading || reading.lastPage >= first || reading.lastPage < first - 1) {
    reading = newDocumentReading();
    if (Number.isFinite(first) && first > 1) {
      const { rows } = await db.query<{ page_number: number; text: string }>(
        "select page_number, text from document_pages where document_id = $1 and page_number < $2 order by page_number",
        [documentId, first],
      );
      annotatePages(rows.map((r) => ({ page: r.page_number, text: r.text })), reading);
      reading.lastPage = first - 1;
    }
  }
  readings.delete(documentId);
  readings.set(documentId, reading);
  if (readings.size > MAX_READINGS) readings.delete(readings.keys().next().value!);
  return reading;
}

/** Stores chunks' BM25 terms, each chunk stemmed in its page's language. */
export async function insertChunkTerms(db: Queryable, dealId: string, documentId: string, chunks: Array<{ id: string; page: number; text: string; language?: Language }>) {
  // Three parallel arrays per row would need array-of-array parameters; JSON keeps one
  // parameter for the whole batch and works the same on PGlite and postgres.js.
  const rows = chunks
    .map((c) => ({ id: c.id, page: c.page, ...termStats(c.text, c.language) }))
    .filter((r) => r.terms.length > 0)
    .map((r) => ({ c: r.id, p: r.page, t: r.terms, f: r.tfs, l: r.length }));
  if (rows.length === 0) return;
  await db.query(
    `insert into search_chunk_terms (chunk_id, deal_id, document_id, page, terms, tfs, len)
     select (r->>'c')::uuid, $1::uuid, $2::uuid, (r->>'p')::int,
            array(select jsonb_array_elements_text(r->'t')),
            array(select (jsonb_array_elements_text(r->'f'))::int2),
            (r->>'l')::int
     from jsonb_array_elements($3::text::jsonb) as r`,
    [dealId, documentId, JSON.stringify(rows)],
  );
}

export async function upsertPageFeatures(db: Queryable, dealId: string, documentId: string, annotations: PageAnnotation[]) {
  if (annotations.length === 0) return;
  const rows = annotations.map((a) => ({ p: a.page, s: a.statement, r: Math.round(a.numberRatio * 1000) / 1000, l: a.language, x: a.section, xs: a.sections }));
  await db.query(
    `insert into search_page_features (document_id, page_number, deal_id, statement, number_ratio, language, section, sections)
     select $1::uuid, (r->>'p')::int, $2::uuid, r->>'s', (r->>'r')::real, r->>'l', r->>'x', array(select jsonb_array_elements_text(r->'xs'))
     from jsonb_array_elements($3::text::jsonb) as r
     on conflict (document_id, page_number) do update
       set statement = excluded.statement, number_ratio = excluded.number_ratio, language = excluded.language,
           section = excluded.section, sections = excluded.sections`,
    [documentId, dealId, JSON.stringify(rows)],
  );
}
