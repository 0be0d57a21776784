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
  /**
   * Wordings of what the question asks for, as the caller's vocabulary names it ("short-term debt",
   * "debt maturing within one year" for "how much debt is due next year"): their words also find
   * pages, more lightly than the typed ones, and a row of figures labelled with one of them whole is
   * the table that answers.
   */
  concepts?: string[];
}
