import fs from "node:fs";
import path from "node:path";
import type { Db, Queryable } from "@/lib/db";
import { getConfig } from "@/lib/config";
import { MandaError, isMandaError } from "@/lib/errors";
import { unreadableDocument, unreadablePage } from "./text-layer";
import { log } from "@/lib/log";
import { getEmbeddingSpace, type EmbeddingSpace } from "@/lib/models/embeddings";
import { embedChunks, indexChunks } from "@/lib/search/indexer";
import { vacuumSearchIndexIfNeeded } from "@/lib/db/maintenance";
import { getDocumentById, getDocumentBySha, insertDocument, markDocumentFailed, updateDocument } from "@/lib/db/queries/documents";
import type { AgentTask } from "@/lib/pipeline/types";
import { chunkPage, type ChunkDraft } from "./chunk";
import { inferMetadata } from "./metadata";
import { newDocumentGlyphs, repairPage } from "./glyphs";
import { tickerListedIn } from "./metadata-cover";
import { parseDocument } from "./parsers";
import { getFileStore, localFileFor } from "@/lib/storage";
import { sha256File } from "./storage";
import { closeIngestTaskOfIndexed, endHeldIngestTask, holdIngestTask } from "./tasks";
import type { ParseResult, ParsedPage } from "./types";
import { addStageTime, timedStage } from "./stage-times";

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

/** Pages per indexing transaction (and per level-0 keyword segment): fewer, larger segments mean less merging. */
export const PAGE_BATCH = 64;

export interface IngestFileInput {
  filePath: string;
  filename?: string;
}

/** Who holds the ingest tasks of this process's foreground ingests (lib/ingest/tasks.ts). */
const FOREGROUND_WORKER = `ingest-${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
/** Pages read for a stock symbol stated in the text: an annual report's market section (Item 5) comes early. */
const LISTING_PAGES = 80;

/**
 * One file → document → pages → chunks → embeddings, with status `uploaded → parsing →
 * indexed | failed`. A bad file fails alone: its reason is stored on its document row and
 * returned; nothing else is touched. The same bytes twice in a deal is a no-op once indexed; a
 * document of the same bytes that is not indexed (failed, or left half-done by a crash) is
 * ingested again from the start. While it works on a document it holds the document's ingest
 * task, so a crash leaves a task that recovery re-queues (lib/ingest/recovery.ts).
 */
export async function ingestFile({ db, dealId, filePath, filename, space = getEmbeddingSpace(), onProgress }: {
  db: Db;
  dealId: string;
  filePath: string;
  filename?: string;
  space?: EmbeddingSpace;
  onProgress?: (p: IngestProgress) => void;
}): Promise<IngestResult> {
  const prepared = await prepareFile({ db, dealId, filePath, filename, onProgress });
  return finishFile({ db, dealId, space, prepared, onProgress });
}

/**
 * A batch of files, in order, with the same per-file contract and results as ingestFile.
 * Faster than a loop over ingestFile: while one file is chunked, embedded and written to the
 * database, the next `lookahead` files are hashed, stored and already being parsed (PDFs
 * on the parser thread pool, see lib/ingest/pdf-pool.ts), with bounded page buffers.
 */
export async function ingestFiles({ db, dealId, files, space = getEmbeddingSpace(), lookahead = 1, onFileStart, onProgress, onResult }: {
  db: Db;
  dealId: string;
  files: IngestFileInput[];
  space?: EmbeddingSpace;
  /** Files prepared and parsing ahead of the one being indexed. */
  lookahead?: number;
  onFileStart?: (index: number, file: IngestFileInput) => void;
  onProgress?: (index: number, p: IngestProgress) => void;
  onResult?: (index: number, r: IngestResult) => void;
}): Promise<IngestResult[]> {
  const results: IngestResult[] = [];
  const pending: Array<Promise<Prepared>> = [];
  // Files of this batch with the same bytes wait for the earlier one, as they would in a loop.
  const bySha = new Map<string, Promise<unknown>>();
  const finished: Array<Promise<unknown>> = [];
  const start = (i: number) => {
    const f = files[i];
    const p = prepareFile({
      db, dealId, filePath: f.filePath, filename: f.filename, onProgress: (x) => onProgress?.(i, x),
      beforeLookup: async (sha) => {
        const prior = bySha.get(sha);
        bySha.set(sha, finished[i]);
        await prior;
      },
    });
    p.catch(() => {}); // awaited in order below; keeps a failure from being "unhandled" meanwhile
    pending[i] = p;
  };
  const resolvers: Array<() => void> = [];
  for (let i = 0; i < files.length; i++) finished[i] = new Promise<void>((r) => (resolvers[i] = r));
  try {
    for (let i = 0; i < files.length; i++) {
      for (let j = i; j < Math.min(files.length, i + 1 + Math.max(0, lookahead)); j++) if (pending[j] === undefined) start(j);
      onFileStart?.(i, files[i]);
      const r = await finishFile({ db, dealId, space, prepared: await pending[i], onProgress: (x) => onProgress?.(i, x) });
      resolvers[i]();
      results.push(r);
      onResult?.(i, r);
    }
  } finally {
    // After an unexpected error, stop the parses already started for files not reached.
    for (let j = results.length; j < pending.length; j++) {
      void pending[j]?.then((p) => (p.kind === "parse" ? p.parsed.then((x) => cancel(x.pages)) : undefined), () => {}).catch(() => {});
    }
    resolvers.forEach((r) => r());
  }
  return results;
}

type Prepared =
  | { kind: "result"; result: IngestResult }
  | { kind: "fail"; documentId: string; filename: string; error: unknown; task?: AgentTask }
  | { kind: "parse"; documentId: string; filename: string; parsed: Promise<ParseResult>; task?: AgentTask };

/** Why a file of this size is not read (empty, or over MANDA_MAX_UPLOAD_BYTES), or null. */
export function sizeProblem(bytes: number): MandaError | null {
  if (bytes === 0) return new MandaError("bad_request:empty_file", "The file is empty (0 bytes).");
  const max = getConfig().maxUploadBytes;
  if (bytes > max) {
    return new MandaError("too_large:file", `The file is ${(bytes / 1e6).toFixed(1)} MB; the limit is ${(max / 1e6).toFixed(0)} MB (MANDA_MAX_UPLOAD_BYTES).`);
  }
  return null;
}

/**
 * Ingests a document from its stored bytes (the `ingest` task's work): from the start, whatever
 * an earlier attempt left. The result is also written to the document row.
 */
export async function ingestStoredDocument({ db, dealId, documentId, space = getEmbeddingSpace() }: {
  db: Db; dealId: string; documentId: string; space?: EmbeddingSpace;
}): Promise<IngestResult> {
  const doc = await getDocumentById({ db, dealId, documentId });
  if (!doc) throw new MandaError("not_found:document", "No such document in this deal.");
  const { filename } = doc;
  const problem = sizeProblem(Number(doc.bytes)) ?? (doc.storage_path ? null : new MandaError("not_found:document_file", "The file of this document was not kept; upload it again."));
  const prepared: Prepared = problem
    ? { kind: "fail", documentId, filename, error: problem }
    : { kind: "parse", documentId, filename, parsed: storedFile(doc.storage_path).then((p) => parseDocument({ path: p, bytes: Number(doc.bytes), filename })) };
  if (prepared.kind === "parse") prepared.parsed.catch(() => {}); // handled in finishFile
  return finishFile({ db, dealId, space, prepared });
}

async function storedFile(storagePath: string): Promise<string> {
  const p = await localFileFor(storagePath);
  if (!fs.existsSync(p)) throw new MandaError("not_found:document_file", "The file of this document is not stored any more; upload it again.");
  return p;
}

/** Hashes, de-duplicates, stores and registers the file, then starts parsing it. */
async function prepareFile({ db, dealId, filePath, filename, onProgress, beforeLookup }: {
  db: Db;
  dealId: string;
  filePath: string;
  filename?: string;
  onProgress?: (p: IngestProgress) => void;
  beforeLookup?: (sha256: string) => Promise<void>;
}): Promise<Prepared> {
  const name = filename ?? path.basename(filePath);
  const stat = fs.statSync(filePath);
  const sha256 = await sha256File(filePath);
  await beforeLookup?.(sha256);
  const existing = await getDocumentBySha({ db, dealId, sha256 });
  if (existing && existing.status === "indexed") {
    await closeIngestTaskOfIndexed({ db, documentId: existing.id });
    return { kind: "result", result: { documentId: existing.id, filename: existing.filename, status: "duplicate", pageCount: existing.page_count ?? undefined } };
  }
  const problem = sizeProblem(stat.size);
  const storagePath = problem ? "" : await getFileStore().put(dealId, sha256, filePath);
  const { row } = existing
    ? { row: existing }
    : await insertDocument({ db, doc: { id: crypto.randomUUID(), deal_id: dealId, filename: name, mime: null, sha256, bytes: stat.size, storage_path: storagePath } });
  if (storagePath && !row.storage_path) await updateDocument({ db, dealId, documentId: row.id, patch: { storage_path: storagePath } });
  const task = await holdIngestTask({ db, dealId, documentId: row.id, workerId: FOREGROUND_WORKER });
  if (!task) {
    // Another live process is ingesting these bytes right now (a server database shared by workers).
    return { kind: "result", result: { documentId: row.id, filename: row.filename, status: "duplicate", pageCount: row.page_count ?? undefined } };
  }
  onProgress?.({ phase: "stored" });
  if (problem) return { kind: "fail", documentId: row.id, filename: name, error: problem, task };
  // Parsing starts now (PDFs on the worker pool) and runs ahead while earlier files index.
  // Parsers read a local file: the stored path itself, or Supabase Storage's local copy.
  const parsed = localFileFor(row.storage_path || storagePath).then((p) => parseDocument({ path: p, bytes: stat.size, filename: name }));
  parsed.catch(() => {}); // handled when the file's turn comes
  return { kind: "parse", documentId: row.id, filename: name, parsed, task };
}

async function finishFile({ db, dealId, space, prepared, onProgress }: {
  db: Db; dealId: string; space: EmbeddingSpace; prepared: Prepared; onProgress?: (p: IngestProgress) => void;
}): Promise<IngestResult> {
  if (prepared.kind === "result") return prepared.result;
  const r = await finishPrepared({ db, dealId, space, prepared, onProgress });
  if (prepared.task) {
    await endHeldIngestTask({ db, task: prepared.task, workerId: FOREGROUND_WORKER, summary: { status: r.status, pageCount: r.pageCount, chunkCount: r.chunkCount, error: r.error } });
  }
  return r;
}

async function finishPrepared({ db, dealId, space, prepared, onProgress }: {
  db: Db; dealId: string; space: EmbeddingSpace; prepared: Exclude<Prepared, { kind: "result" }>; onProgress?: (p: IngestProgress) => void;
}): Promise<IngestResult> {
  const { documentId, filename } = prepared;
  try {
    if (prepared.kind === "fail") throw prepared.error;
    return await parseAndIndex({ db, dealId, documentId, filename, parsed: prepared.parsed, space, onProgress });
  } catch (e) {
    if (prepared.kind === "parse") void prepared.parsed.then((p) => cancel(p.pages), () => {});
    const err = isMandaError(e) ? e : new MandaError("internal:ingest", "An unexpected error occurred while reading this file.", { cause: e });
    if (!isMandaError(e)) log.error("ingest failed", { filename, error: e });
    await markDocumentFailed({ db, dealId, documentId, code: err.code, message: err.message });
    onProgress?.({ phase: "failed" });
    return { documentId, filename, status: "failed", error: { code: err.code, message: err.message } };
  }
}

/** Stops a page stream that will not be read to the end (frees its parser). */
async function cancel(pages: AsyncIterable<ParsedPage>) {
  const it = pages as Partial<AsyncGenerator<ParsedPage>>;
  await it.return?.(undefined)?.catch(() => {});
}

async function parseAndIndex({ db, dealId, documentId, filename, parsed: parsing, space, onProgress }: {
  db: Db; dealId: string; documentId: string; filename: string; parsed: Promise<ParseResult>; space: EmbeddingSpace;
  onProgress?: (p: IngestProgress) => void;
}): Promise<IngestResult> {
  await db.query("delete from document_pages where document_id = $1", [documentId]); // a retry starts clean
  await db.query("delete from chunks where document_id = $1", [documentId]);
  await updateDocument({ db, dealId, documentId, patch: { status: "parsing", error: null, error_code: null } });
  onProgress?.({ phase: "parsing" });
  const parsed = await timedStage("parse", () => parsing);
  let pageCount = 0;
  let chunkCount = 0;
  let head = "";
  // older SEC filings state their symbol in the market section (Item 5), not on the cover
  let listed: string | undefined;
  let pages: ParsedPage[] = [];
  let unreadable = 0;
  const glyphs = newDocumentGlyphs();
  const flush = async () => {
    if (pages.length === 0) return;
    const chunks: ChunkDraft[] = [];
    const c0 = performance.now();
    for (const p of pages) {
      const c = chunkPage(p.pageNumber, p.text, chunkCount + chunks.length);
      for (const x of c) chunks.push(x);
    }
    addStageTime("chunk", performance.now() - c0);
    const batch = pages;
    pages = [];
    // Embedded first: the transaction holds the database (the web server's requests wait on it,
    // lib/db/thread.ts), so it holds it only for the writes. One transaction per batch: one commit.
    const vectors = await timedStage("embed", () => embedChunks(space, chunks));
    await timedStage("index", () => db.transaction(async (tx) => {
      await insertPages(tx, dealId, documentId, batch);
      await indexChunks({ db: tx, dealId, documentId, chunks, space, vectors });
    }));
    chunkCount += chunks.length;
    onProgress?.({ phase: "pages", pages: pageCount, pageCount: parsed.pageCount });
  };
  try {
    let waited = performance.now();
    for await (const parsedPage of parsed.pages) {
      addStageTime("parse", performance.now() - waited);
      // lost ligatures put back once, here: every reader (chunks, search, extraction) sees whole words
      const page = await repairPage(parsedPage, glyphs);
      pageCount++;
      if (unreadablePage(page.text)) unreadable++;
      if (head.length < 6000) head += `${page.text}\n`;
      if (!listed && pageCount <= LISTING_PAGES) listed = tickerListedIn(page.text);
      pages.push(page);
      if (pages.length >= PAGE_BATCH) await flush();
      waited = performance.now();
    }
    await flush();
  } finally {
    await cancel(parsed.pages); // no-op when read to the end
  }
  if (pageCount === 0) throw new MandaError("bad_request:no_pages", "The document has no pages.");
  if (unreadableDocument(pageCount, unreadable)) {
    throw new MandaError("unsupported:unreadable_text", `The PDF's text cannot be read on ${unreadable} of ${pageCount} pages: its fonts map no letters, and Manda does not run OCR. Export the file again with its text (or OCR it) and upload that.`);
  }
  const f0 = performance.now();
  const meta = inferMetadata(filename, head);
  await updateDocument({
    db, dealId, documentId,
    patch: {
      status: "indexed", format: parsed.format, page_count: pageCount, page_labelling: parsed.labelling, title: parsed.title ?? null,
      kind: meta.kind ?? null, company: meta.company ?? null, fiscal_year: meta.fiscalYear ?? null, fiscal_period: meta.fiscalPeriod ?? null,
      company_key: meta.companyKey ?? null, company_name: meta.companyName ?? null, ticker: meta.ticker ?? (meta.secFileNumber ? listed : undefined) ?? null,
      sec_file_number: meta.secFileNumber ?? null, cik: meta.cik ?? null, fiscal_year_end_month: meta.fiscalYearEndMonth ?? null,
      document_date: meta.documentDate ?? null, version_group: meta.versionGroup, embedding_model: space.id, indexed_at: new Date(),
    },
  });
  await vacuumSearchIndexIfNeeded({ db });
  addStageTime("finish", performance.now() - f0);
  onProgress?.({ phase: "indexed", pages: pageCount, pageCount });
  return { documentId, filename, status: "indexed", pageCount, chunkCount };
}

async function insertPages(db: Queryable, dealId: string, documentId: string, pages: ParsedPage[]) {
  const params: unknown[] = [];
  const values = pages.map((p) => {
    const b = params.length;
    params.push(documentId, dealId, p.pageNumber, p.label ?? null, p.text, p.spans ? JSON.stringify(p.spans) : null,
      p.cells ? JSON.stringify(p.cells) : null, p.width ?? null, p.height ?? null);
    return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}::jsonb, $${b + 7}::jsonb, $${b + 8}, $${b + 9})`;
  });
  await db.query(
    `insert into document_pages (document_id, deal_id, page_number, label, text, spans, cells, width, height) values ${values.join(", ")}`,
    params,
  );
}
