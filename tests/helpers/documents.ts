/** Stores a document with the given page texts the way ingestion does: a document row, its pages, then indexChunks. */
import type { Db } from "@/lib/db";
import { chunkPage, type ChunkDraft } from "@/lib/ingest/chunk";
import { getEmbeddingSpace } from "@/lib/models/embeddings";
import { indexChunks } from "@/lib/search/indexer";

export interface DocumentMeta {
  company?: string;
  kind?: string;
  /** document_date, ISO yyyy-mm-dd */
  date?: string;
  fiscal_year?: number;
  fiscal_period?: string;
}

const formatOf = (filename: string) => (filename.endsWith(".xlsx") ? "xlsx" : filename.endsWith(".docx") ? "docx" : "pdf");

export async function addIndexedDocument(db: Db, dealId: string, filename: string, pages: string[], meta: DocumentMeta = {}): Promise<string> {
  const id = crypto.randomUUID();
  await db.query(
    `insert into documents (id, deal_id, filename, format, sha256, bytes, storage_path, status, company, kind, document_date, fiscal_year, fiscal_period, page_count)
     values ($1, $2, $3, $4, $5, 1, '', 'indexed', $6, $7, $8::date, $9, $10, $11)`,
    [id, dealId, filename, formatOf(filename), id, meta.company ?? null, meta.kind ?? null, meta.date ?? null, meta.fiscal_year ?? null, meta.fiscal_period ?? null, pages.length],
  );
  const chunks: ChunkDraft[] = [];
  for (const [i, text] of pages.entries()) {
    await db.query("insert into document_pages (document_id, deal_id, page_number, text) values ($1, $2, $3, $4)", [id, dealId, i + 1, text]);
    chunks.push(...chunkPage(i + 1, text, chunks.length));
  }
  await indexChunks({ db, dealId, documentId: id, chunks, space: getEmbeddingSpace() });
  return id;
}
