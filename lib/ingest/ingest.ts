import fs from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db";
import { getConfig } from "@/lib/config";
import { MandaError, isMandaError } from "@/lib/errors";
import { log } from "@/lib/log";
import { getEmbeddingSpace, type EmbeddingSpace } from "@/lib/models/embeddings";
import { indexChunks } from "@/lib/search/indexer";
import { getDocumentBySha, insertDocument, markDocumentFailed, updateDocument } from "@/lib/db/queries/documents";
import { chunkPage, type ChunkDraft } from "./chunk";
import { inferMetadata } from "./metadata";
import { parseDocument } from "./parsers";
import { sha256File, storeFile } from "./storage";
import type { ParsedPage } from "./types";

export type IngestStatus = "indexed" | "failed" | "duplicate";

export interface IngestResult {
  documentId?: string;
  filename: string;
  status: IngestStatus;
  pageCount?: number;
  chunkCount?: number;
  error?: { code: string; message: string };
}

export type IngestProgress = { phase: "stored" | "parsing" | "pages" | "indexed" | "failed"; pages?: number; pageCount?: number };

const PAGE_BATCH = 16;

/**
 * One file → document → pages → chunks → embeddings, with status `uploaded → parsing →
 * indexed | failed`. A bad file fails alone: its reason is stored on its document row and
 * returned; nothing else is touched. The same bytes twice in a deal is a no-op.
 */
export async function ingestFile({ db, dealId, filePath, filename, space = getEmbeddingSpace(), onProgress }: {
  db: Db;
  dealId: string;
  filePath: string;
  filename?: string;
  space?: EmbeddingSpace;
  onProgress?: (p: IngestProgress) => void;
}): Promise<IngestResult> {
  const name = filename ?? path.basename(filePath);
  const stat = fs.statSync(filePath);
  const sha256 = await sha256File(filePath);
  const existing = await getDocumentBySha({ db, dealId, sha256 });
  if (existing && existing.status !== "failed") {
    return { documentId: existing.id, filename: existing.filename, status: "duplicate", pageCount: existing.page_count ?? undefined };
  }
  const tooBig = stat.size > getConfig().maxUploadBytes;
  const storagePath = tooBig || stat.size === 0 ? "" : await storeFile({ dealId, sourcePath: filePath, sha256 });
  const { row } = existing
    ? { row: existing }
    : await insertDocument({ db, doc: { id: crypto.randomUUID(), deal_id: dealId, filename: name, mime: null, sha256, bytes: stat.size, storage_path: storagePath } });
  onProgress?.({ phase: "stored" });
  try {
    if (stat.size === 0) throw new MandaError("bad_request:empty_file", "The file is empty (0 bytes).");
    if (tooBig) {
      throw new MandaError("too_large:file", `The file is ${(stat.size / 1e6).toFixed(1)} MB; the limit is ${(getConfig().maxUploadBytes / 1e6).toFixed(0)} MB (MANDA_MAX_UPLOAD_BYTES).`);
    }
    return await parseAndIndex({ db, dealId, documentId: row.id, filename: name, storagePath: row.storage_path || storagePath, bytes: stat.size, space, onProgress });
  } catch (e) {
    const err = isMandaError(e) ? e : new MandaError("internal:ingest", "An unexpected error occurred while reading this file.", { cause: e });
    if (!isMandaError(e)) log.error("ingest failed", { filename: name, error: e });
    await markDocumentFailed({ db, dealId, documentId: row.id, code: err.code, message: err.message });
    onProgress?.({ phase: "failed" });
    return { documentId: row.id, filename: name, status: "failed", error: { code: err.code, message: err.message } };
  }
}

async function parseAndIndex({ db, dealId, documentId, filename, storagePath, bytes, space, onProgress }: {
  db: Db; dealId: string; documentId: string; filename: string; storagePath: string; bytes: number; space: EmbeddingSpace;
  onProgress?: (p: IngestProgress) => void;
}): Promise<IngestResult> {
  await db.query("delete from document_pages where document_id = $1", [documentId]); // a retry starts clean
  await db.query("delete from chunks where document_id = $1", [documentId]);
  await updateDocument({ db, dealId, documentId, patch: { status: "parsing", error: null, error_code: null } });
  onProgress?.({ phase: "parsing" });
  const parsed = await parseDocument({ path: storagePath, bytes, filename });
  let pageCount = 0;
  let chunkCount = 0;
  let head = "";
  let pages: ParsedPage[] = [];
  const flush = async () => {
    if (pages.length === 0) return;
    const chunks: ChunkDraft[] = [];
    for (const p of pages) {
      const c = chunkPage(p.pageNumber, p.text, chunkCount + chunks.length);
      chunks.push(...c);
    }
    await insertPages(db, dealId, documentId, pages);
    await indexChunks({ db, dealId, documentId, chunks, space });
    chunkCount += chunks.length;
    pages = [];
    onProgress?.({ phase: "pages", pages: pageCount, pageCount: parsed.pageCount });
  };
  for await (const page of parsed.pages) {
    pageCount++;
    if (head.length < 6000) head += `${page.text}\n`;
    pages.push(page);
    if (pages.length >= PAGE_BATCH) await flush();
  }
  await flush();
  if (pageCount === 0) throw new MandaError("bad_request:no_pages", "The document has no pages.");
  const meta = inferMetadata(filename, head);
  await updateDocument({
    db, dealId, documentId,
    patch: {
      status: "indexed", format: parsed.format, page_count: pageCount, page_labelling: parsed.labelling, title: parsed.title ?? null,
      kind: meta.kind ?? null, company: meta.company ?? null, fiscal_year: meta.fiscalYear ?? null, fiscal_period: meta.fiscalPeriod ?? null,
      document_date: meta.documentDate ?? null, version_group: meta.versionGroup, embedding_model: space.id, indexed_at: new Date(),
    },
  });
  onProgress?.({ phase: "indexed", pages: pageCount, pageCount });
  return { documentId, filename, status: "indexed", pageCount, chunkCount };
}

async function insertPages(db: Db, dealId: string, documentId: string, pages: ParsedPage[]) {
  const params: unknown[] = [];
  const values = pages.map((p) => {
    const b = params.length;
    params.push(documentId, dealId, p.pageNumber, p.label ?? null, p.text.replace(/\u0000/g, ""), p.spans ? JSON.stringify(p.spans) : null,
      p.cells ? JSON.stringify(p.cells) : null, p.width ?? null, p.height ?? null);
    return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}::jsonb, $${b + 7}::jsonb, $${b + 8}, $${b + 9})`;
  });
  await db.query(
    `insert into document_pages (document_id, deal_id, page_number, label, text, spans, cells, width, height) values ${values.join(", ")}`,
    params,
  );
}
