import { detectLanguage, languageEvidence, languageOf, type Language, type LanguageEvidence } from "./language";
import { classifyStatementPage, type StatementKind } from "./page-classifier";
import { initialSectionState, sectionsOfPages, type SectionKind, type SectionState } from "./sections";

/**
 * What indexing records about each page besides its terms: the statement it is (if any), its
 * language (which stemmer indexes it) and its report section. Language and section depend on
 * the pages before (a table page has no words to judge by and inherits the document's
 * language; a page inherits the last heading's section), so the indexer, which receives a
 * document in batches of pages, carries a DocumentReading from batch to batch.
 */
export interface PageAnnotation {
  page: number;
  statement: StatementKind | null;
  numberRatio: number;
  language: Language;
  section: SectionKind | null;
  sections: SectionKind[];
}

export interface DocumentReading {
  /** Last page annotated; the next batch continues after it. */
  lastPage: number;
  sections: SectionState;
  evidence: LanguageEvidence;
}

export const newDocumentReading = (): DocumentReading => ({ lastPage: 0, sections: initialSectionState(), evidence: { en: 0, sv: 0 } });

/** Annotates consecutive pages (in page order), updating `reading`. */
export function annotatePages(pages: Array<{ page: number; text: string }>, reading: DocumentReading): PageAnnotation[] {
  const ordered = [...pages].sort((a, b) => a.page - b.page);
  for (const p of ordered) {
    const e = languageEvidence(p.text);
    reading.evidence.en += e.en;
    reading.evidence.sv += e.sv;
  }
  const documentLanguage = languageOf(reading.evidence);
  const sections = sectionsOfPages(ordered.map((p) => p.text), reading.sections);
  if (ordered.length > 0) reading.lastPage = ordered[ordered.length - 1].page;
  return ordered.map((p, i) => {
    const { statement, numberRatio } = classifyStatementPage(p.text);
    return { page: p.page, statement, numberRatio, language: detectLanguage(p.text, documentLanguage), ...sections[i] };
  });
}
