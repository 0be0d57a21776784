import type { Queryable } from "../types";

/** The page of a spreadsheet document that holds the named sheet (labels compared case-insensitively). */
export async function pageNumberOfSheet({ db, documentId, sheet }: { db: Queryable; documentId: string; sheet: string }): Promise<number | null> {
  const { rows } = await db.query<{ page_number: number }>("select page_number from document_pages where document_id = $1 and lower(label) = lower($2) limit 1", [documentId, sheet]);
  return rows[0]?.page_number ?? null;
}
