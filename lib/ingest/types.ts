/**
 * Shapes shared by every parser. A parser turns bytes into pages (1-based) and
 * never touches the database; the ingest pipeline stores what it yields.
 */

/** How page boundaries were decided, so the UI and answers can say so honestly. */
export type PageLabelling =
  | "native" // the format has pages (PDF)
  | "sheet" // one page per worksheet (XLSX, CSV)
  | "form-feed" // text split on \f (SOU convention: block N is PDF page N)
  | "headings" // no page breaks: split at headings
  | "size"; // no page breaks, no headings: split by size

export type DocumentFormat = "pdf" | "xlsx" | "csv" | "docx" | "text";

/** A positioned run of text on a PDF page (PDF user-space units, origin top-left). */
export interface TextSpan {
  /** Character offset of this span inside the page text. */
  start: number;
  /** Length in characters inside the page text. */
  length: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A spreadsheet cell kept with its reference, value (never its formula). */
export interface SheetCell {
  /** "Sheet1!B15" */
  ref: string;
  /** The displayed/calculated value as text. */
  value: string;
  /** Numeric value when the cell holds a number (or a formula result that is a number). */
  num?: number;
  /** Character offset of the value inside the page text, for highlighting. */
  start: number;
}

export interface ParsedPage {
  /** 1-based. */
  pageNumber: number;
  text: string;
  /** Optional page label (sheet name, heading) shown in the UI. */
  label?: string;
  /** PDF only: positions of text runs for the viewer's highlight. */
  spans?: TextSpan[];
  /** PDF only: page size in user-space units. */
  width?: number;
  height?: number;
  /** Sheets only. */
  cells?: SheetCell[];
}

export interface ParseResult {
  format: DocumentFormat;
  labelling: PageLabelling;
  /** Pages are yielded lazily so a 1,600-page PDF never sits in memory at once. */
  pages: AsyncIterable<ParsedPage>;
  /** Known when cheap to learn up front (PDF page count), otherwise undefined. */
  pageCount?: number;
  /** Title or other metadata found by the parser, if any. */
  title?: string;
}

export interface ParseInput {
  /** Absolute path of the stored file. Parsers read from disk, never from the request body. */
  path: string;
  bytes: number;
  filename: string;
}

export type Parser = (input: ParseInput) => Promise<ParseResult>;
