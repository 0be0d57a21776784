import type { Queryable } from "../types";

/** The page of a spreadsheet document that holds the named sheet (labels compared case-insensitively). */
export async function pageNumberOfSheet({ db, documentId, sheet }: { db: Queryable; documentId: string; sheet: string }): Promise<number | null> {
  const { rows } = await db.query<{ page_number: number }>("select page_number from document_pages where document_id = $1 and lower(label) = lower($2) limit 1", [documentId, sheet]);
  return rows[0]?.page_number ?? null;
}

/** The text of one page of a document, or null when the page does not exist. */
export async function getPageText({ db, documentId, page }: { db: Queryable; documentId: string; page: number }): Promise<string | null> {
  const { rows } = await db.query<{ text: string }>("select text from document_pages where document_id = $1 and page_number = $2", [documentId, page]);
  return rows[0]?.text ?? null;
}

/** The first `limit` pages of a document, each with the first `chars` characters of its text. */
export async function listPageOpenings({ db, documentId, limit, chars }: { db: Queryable; documentId: string; limit: number; chars: number }): Promise<{ page_number: number; label: string | null; text: string }[]> {
  const { rows } = await db.query<{ page_number: number; label: string | null; text: string }>(
    "select page_number, label, left(text, $3) as text from document_pages where document_id = $1 order by page_number limit $2",
    [documentId, limit, chars],
  );
  return rows;
}

/** One stored page as the viewer draws it (text, PDF spans, sheet cells, size), or null. */
export interface PageRow { page_number: number; label: string | null; text: string; spans: unknown; cells: unknown; width: number | null; height: number | null }

export async function getPageRow({ db, dealId, documentId, page }: { db: Queryable; dealId: string; documentId: string; page: number }): Promise<PageRow | null> {
  const { rows } = await db.query<PageRow>(
    "select page_number, label, text, spans, cells, width, height from document_pages where deal_id = $1 and document_id = $2 and page_number = $3",
    [dealId, documentId, page],
  );
  return rows[0] ?? null;
}

/** Pages of a document whose whitespace-collapsed text matches an ILIKE `pattern`, in page order (at most 200). */
export async function findPagesMatching({ db, dealId, documentId, pattern }: { db: Queryable; dealId: string; documentId: string; pattern: string }): Promise<{ page_number: number; label: string | null; text: string }[]> {
  const { rows } = await db.query<{ page_number: number; label: string | null; text: string }>(
    `select page_number, label, text from document_pages
     where deal_id = $1 and document_id = $2 and regexp_replace(text, '\\s+', ' ', 'g') ilike $3
     order by page_number limit 200`,
    [dealId, documentId, pattern],
  );
  return rows;
}

/** The pages of a document that indexing placed in one report section (search_page_features.section), in page order. */
export async function listSectionPages({ db, documentId, section }: { db: Queryable; documentId: string; section: string }): Promise<{ page_number: number; text: string }[]> {
  const { rows } = await db.query<{ page_number: number; text: string }>(
    `select p.page_number, p.text from document_pages p
     join search_page_features f on f.document_id = p.document_id and f.page_number = p.page_number
     where p.document_id = $1 and f.section = $2
     order by p.page_number`,
    [documentId, section],
  );
  return rows;
}

/** Every page of a document with its text, in page order (at most `limit`). */
export async function listDocumentPages({ db, documentId, limit }: { db: Queryable; documentId: string; limit: number }): Promise<{ page_number: number; text: string }[]> {
  const { rows } = await db.query<{ page_number: number; text: string }>("select page_number, text from document_pages where document_id = $1 order by page_number limit $2", [documentId, limit]);
  return rows;
}

/** Pages whose text matches `pattern` (a POSIX regular expression: where a term is defined), first five in page order. */
export async function findPagesDefining({ db, dealId, documentIds, pattern }: { db: Queryable; dealId: string; documentIds: string[]; pattern: string }): Promise<{ text: string }[]> {
  const { rows } = await db.query<{ text: string }>(
    "select text from document_pages where deal_id = $1 and document_id = any($2::uuid[]) and text ~ $3 order by document_id, page_number limit 5",
    [dealId, documentIds, pattern],
  );
  return rows;
}
