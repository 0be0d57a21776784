import type { Queryable } from "@/lib/db";
import type { Language } from "./language";
import type { SectionKind } from "./sections";

/**
 * The report section a stored page lies in, as indexing recorded it in search_page_features
 * (lib/search/sections.ts): `section` is the part covering most of the page ("legal_proceedings",
 * "risk_factors", "mdna", "executive_officers", "segments", Swedish "background" …; null before
 * the first heading), `sections` every part in effect somewhere on it, `language` the stemmer
 * that indexed it. Null when the page has no features (not indexed).
 */
export interface PageSectionInfo {
  section: SectionKind | null;
  sections: SectionKind[];
  language: Language | null;
}

export async function sectionOfPage(db: Queryable, documentId: string, page: number): Promise<PageSectionInfo | null> {
  const map = await sectionsOfStoredPages(db, [{ documentId, page }]);
  return map.get(`${documentId}:${page}`) ?? null;
}

/** Sections of several pages at once, keyed "documentId:page". */
export async function sectionsOfStoredPages(db: Queryable, pages: Array<{ documentId: string; page: number }>): Promise<Map<string, PageSectionInfo>> {
  if (pages.length === 0) return new Map();
  const { rows } = await db.query<{ document_id: string; page_number: number; section: SectionKind | null; sections: SectionKind[] | null; language: Language | null }>(
    `select document_id, page_number, section, sections, language from search_page_features
     where (document_id, page_number) in (select * from unnest($1::uuid[], $2::int[]))`,
    [pages.map((p) => p.documentId), pages.map((p) => p.page)],
  );
  return new Map(rows.map((r) => [`${r.document_id}:${r.page_number}`, { section: r.section, sections: r.sections ?? [], language: r.language }]));
}
