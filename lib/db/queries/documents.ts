import type { ErrorCode } from "@/lib/errors";
import type { Queryable } from "../types";

export type DocumentStatus = "uploaded" | "parsing" | "indexed" | "failed";

export interface DocumentRow {
  id: string;
  deal_id: string;
  filename: string;
  mime: string | null;
  format: string | null;
  sha256: string;
  bytes: number;
  storage_path: string;
  status: DocumentStatus;
  error_code: string | null;
  error: string | null;
  page_count: number | null;
  page_labelling: string | null;
  title: string | null;
  kind: string | null;
  company: string | null;
  /** Company identity read from the document (lib/ingest/metadata-cover.ts). */
  company_key: string | null;
  company_name: string | null;
  ticker: string | null;
  sec_file_number: string | null;
  cik: string | null;
  fiscal_year_end_month: number | null;
  fiscal_year: number | null;
  fiscal_period: string | null;
  document_date: Date | string | null;
  version_group: string | null;
  embedding_model: string | null;
  created_at: Date;
  indexed_at: Date | null;
}

/** What an answer cites a page with: kind, date and the company that wrote the document. */
export interface DocumentCitationMeta {
  id: string;
  kind: string | null;
  document_date: string | null;
  company: string | null;
  ticker: string | null;
}

export async function listDocumentCitationMeta({ db, dealId, documentIds }: { db: Queryable; dealId: string; documentIds: string[] }): Promise<DocumentCitationMeta[]> {
  const { rows } = await db.query<DocumentCitationMeta>(
    "select id, kind, to_char(document_date, 'YYYY-MM-DD') as document_date, coalesce(company_name, company) as company, ticker from documents where deal_id = $1 and id = any($2::uuid[])",
    [dealId, documentIds],
  );
  return rows;
}

export async function getDocumentBySha({ db, dealId, sha256 }: { db: Queryable; dealId: string; sha256: string }) {
  return (await db.query<DocumentRow>("select * from documents where deal_id = $1 and sha256 = $2", [dealId, sha256])).rows[0];
}

export async function getDocumentById({ db, dealId, documentId }: { db: Queryable; dealId: string; documentId: string }) {
  return (await db.query<DocumentRow>("select * from documents where deal_id = $1 and id = $2", [dealId, documentId])).rows[0];
}

export async function listDocumentsByDeal({ db, dealId }: { db: Queryable; dealId: string }): Promise<DocumentRow[]> {
  return (await db.query<DocumentRow>("select * from documents where deal_id = $1 order by created_at, filename", [dealId])).rows;
}

export async function insertDocument(
  { db, doc }: { db: Queryable; doc: Pick<DocumentRow, "id" | "deal_id" | "filename" | "mime" | "sha256" | "bytes" | "storage_path"> },
): Promise<{ row: DocumentRow; created: boolean }> {
  const { rows } = await db.query<DocumentRow>(
    `insert into documents (id, deal_id, filename, mime, sha256, bytes, storage_path, status)
     values ($1, $2, $3, $4, $5, $6, $7, 'uploaded')
     on conflict (deal_id, sha256) do nothing returning *`,
    [doc.id, doc.deal_id, doc.filename, doc.mime, doc.sha256, doc.bytes, doc.storage_path],
  );
  if (rows[0]) return { row: rows[0], created: true };
  const existing = await getDocumentBySha({ db, dealId: doc.deal_id, sha256: doc.sha256 });
  return { row: existing!, created: false };
}

export async function updateDocument({ db, dealId, documentId, patch }: { db: Queryable; dealId: string; documentId: string; patch: Partial<DocumentRow> }) {
  const keys = Object.keys(patch) as (keyof DocumentRow)[];
  if (keys.length === 0) return;
  const sets = keys.map((k, i) => `${k} = $${i + 3}`).join(", ");
  await db.query(`update documents set ${sets} where deal_id = $1 and id = $2`, [dealId, documentId, ...keys.map((k) => patch[k])]);
}

/** Failed documents keep their row (and reason) until retried or removed. */
export async function markDocumentFailed({ db, dealId, documentId, code, message }: { db: Queryable; dealId: string; documentId: string; code: ErrorCode; message: string }) {
  await db.query("delete from document_pages where document_id = $1", [documentId]);
  await db.query("delete from chunks where document_id = $1", [documentId]);
  await updateDocument({ db, dealId, documentId, patch: { status: "failed", error_code: code, error: message } });
}

/** Deletes a document of the deal; its pages, chunks and ingest task go with it (foreign keys cascade). */
export async function deleteDocument({ db, dealId, documentId }: { db: Queryable; dealId: string; documentId: string }): Promise<void> {
  await db.query("delete from documents where deal_id = $1 and id = $2", [dealId, documentId]);
}

/** A document of the deal by its filename (case-insensitive), or null. */
export async function getDocumentByFilename({ db, dealId, filename }: { db: Queryable; dealId: string; filename: string }): Promise<{ id: string; filename: string } | null> {
  const { rows } = await db.query<{ id: string; filename: string }>("select id, filename from documents where deal_id = $1 and lower(filename) = lower($2)", [dealId, filename]);
  return rows[0] ?? null;
}

/** A document as the agent lists it: its metadata and how many active findings it holds. */
export interface DocumentSummaryRow {
  id: string;
  filename: string;
  format: string | null;
  status: string;
  kind: string | null;
  title: string | null;
  page_count: number | null;
  document_date: string | null;
  error: string | null;
  findings: number;
}

/** The deal's documents by date (undated last), then filename, each with its active finding count. */
export async function listDocumentSummaries({ db, dealId }: { db: Queryable; dealId: string }): Promise<DocumentSummaryRow[]> {
  const { rows } = await db.query<DocumentSummaryRow>(
    `select d.id, d.filename, d.format, d.status, d.kind, d.title, d.page_count, to_char(d.document_date, 'YYYY-MM-DD') as document_date, d.error,
            (select count(*)::int from findings f where f.document_id = d.id and f.status = 'active') as findings
     from documents d where d.deal_id = $1 order by d.document_date nulls last, d.filename`,
    [dealId],
  );
  return rows;
}

/**
 * IRL template candidates of the deal, by filename: the named document (`filename`), or else
 * those recorded as an information request list or whose filename says IRL / information request.
 */
export async function findIrlTemplateDocuments({ db, dealId, filename = null, indexedOnly }: { db: Queryable; dealId: string; filename?: string | null; indexedOnly: boolean }): Promise<{ id: string; filename: string }[]> {
  const { rows } = await db.query<{ id: string; filename: string }>(
    `select id, filename from documents where deal_id = $1 and (not $3::boolean or status = 'indexed')
       and (($2::text is not null and lower(filename) = lower($2)) or ($2::text is null and (kind = 'information request list' or filename ~* '(^|[^a-z])irl([^a-z]|$)|information.request')))
     order by filename`,
    [dealId, filename, indexedOnly],
  );
  return rows;
}
