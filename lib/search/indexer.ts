import type { Queryable } from "@/lib/db";
import { embedTexts, toVectorLiteral, type EmbeddingSpace } from "@/lib/models/embeddings";
import type { ChunkDraft } from "@/lib/ingest/chunk";
import { classifyStatementPage, pagesFromChunks } from "./page-classifier";
import { termStats } from "./tokenize";

const BATCH = 128;

/**
 * Bumped whenever what indexing stores changes (tokeniser, page features, embedder, chunk sizes), so
 * caches such as the retrieval bench's ingested corpus know to re-ingest.
 */
export const SEARCH_INDEX_VERSION = 8;

/**
 * Stores a document's chunks with their embeddings (in the given embedding space), their
 * BM25 terms (search_chunk_terms; statement triggers keep per-deal df and length stats and
 * add the batch as a new keyword segment, merging full levels: see the 0800 migration) and the
 * statement classification of the pages they cover. Called by ingestion per batch of
 * pages, so memory stays bounded on big documents; every page's chunks arrive in one call.
 */
export async function indexChunks({ db, dealId, documentId, chunks, space }: {
  db: Queryable;
  dealId: string;
  documentId: string;
  chunks: ChunkDraft[];
  space: EmbeddingSpace;
}): Promise<void> {
  for (let i = 0; i < chunks.length; i += BATCH) {
    const batch = chunks.slice(i, i + BATCH);
    const vectors = await embedTexts(space, batch.map((c) => c.text));
    const ids = batch.map(() => crypto.randomUUID());
    const params: unknown[] = [];
    const values = batch.map((c, j) => {
      const p = params.length;
      params.push(ids[j], dealId, documentId, c.chunkIndex, c.pageStart, c.pageEnd, c.charStart, c.charEnd, c.text, toVectorLiteral(vectors[j]), space.id);
      return `($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}, $${p + 6}, $${p + 7}, $${p + 8}, $${p + 9}, $${p + 10}::vector, $${p + 11})`;
    });
    await db.query(
      `insert into chunks (id, deal_id, document_id, chunk_index, page_start, page_end, char_start, char_end, text, embedding, embedding_model)
       values ${values.join(", ")}`,
      params,
    );
    await insertTerms(db, dealId, documentId, batch, ids);
  }
  await upsertPageFeatures(db, dealId, documentId, chunks);
}

async function insertTerms(db: Queryable, dealId: string, documentId: string, batch: ChunkDraft[], ids: string[]) {
  // Three parallel arrays per row would need array-of-array parameters; JSON keeps one
  // parameter for the whole batch and works the same on PGlite and postgres.js.
  const rows = batch
    .map((c, j) => ({ id: ids[j], page: c.pageStart, ...termStats(c.text) }))
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

async function upsertPageFeatures(db: Queryable, dealId: string, documentId: string, chunks: ChunkDraft[]) {
  const pages = pagesFromChunks(chunks);
  if (pages.size === 0) return;
  const rows = [...pages].map(([page, text]) => {
    const { statement, numberRatio } = classifyStatementPage(text);
    return { p: page, s: statement, r: Math.round(numberRatio * 1000) / 1000 };
  });
  await db.query(
    `insert into search_page_features (document_id, page_number, deal_id, statement, number_ratio)
     select $1::uuid, (r->>'p')::int, $2::uuid, r->>'s', (r->>'r')::real from jsonb_array_elements($3::text::jsonb) as r
     on conflict (document_id, page_number) do update set statement = excluded.statement, number_ratio = excluded.number_ratio`,
    [documentId, dealId, JSON.stringify(rows)],
  );
}
