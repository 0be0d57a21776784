/** A search result: a page of a document, best first, with an excerpt. Never a score for users. */
export interface PageHit {
  documentId: string;
  document: string; // filename
  page: number; // 1-based
  excerpt: string;
  label?: string | null; // sheet name or heading
  /** Internal ranking value, for benches and fusion; never shown to analysts. */
  rank: number;
}

export interface SearchOptions {
  dealId: string;
  query: string;
  k?: number;
  /** Restrict to one document (by id or filename). */
  documentIds?: string[];
  pageRange?: { from?: number; to?: number };
}
