/**
 * The data room's and the document viewer's shapes, shared by the server reads
 * (lib/ui/server/documents.ts) and the client components. No I/O here: safe in the browser.
 */
import type { DocumentRow } from "@/lib/db/queries/documents";
import type { Box, Cell, Range } from "./highlight";


/** The public shape of a document in the data room (no storage path). */
export interface DocumentView {
  id: string;
  filename: string;
  format: string | null;
  kind: string | null;
  status: DocumentRow["status"];
  error: string | null;
  errorCode: string | null;
  pageCount: number | null;
  bytes: number;
  sha256: string;
  documentDate: string | null;
  fiscalYear: number | null;
  fiscalPeriod: string | null;
  versionGroup: string | null;
  createdAt: string;
  indexedAt: string | null;
  /** Documents this one supersedes / is superseded by (ids). */
  supersedes: string[];
  supersededBy: string[];
  /** Where the version order came from: detected relations, or only the filenames. */
  versionSource: "relations" | "filename" | null;
  /** Extraction tasks for this document, by status (empty before the pipeline ran). */
  tasks: { pending: number; running: number; completed: number; failed: number };
}

/** Failures of the file itself: the same bytes fail the same way every time. */
const FILE_FAILURES = /^(?:unsupported:|too_large:|bad_request:(?:corrupt_file|encrypted|empty_file|zip_bomb|no_pages|format)$)/;

/**
 * Whether retrying a failed document or upload can help: a failure of the server or the network
 * (internal, unavailable, a cut-off upload, or no code) may pass; one of the file itself (not a
 * supported format, corrupt, encrypted, empty, over the limit) will fail the same way every time.
 */
export function canRetry(errorCode: string | null | undefined): boolean {
  return !errorCode || !FILE_FAILURES.test(errorCode);
}

export interface PageData {
  documentId: string;
  page: number;
  pageCount: number;
  label: string | null;
  text: string;
  width: number | null;
  height: number | null;
  cells: Cell[] | null;
  hasSpans: boolean;
  /** Highlighted character ranges of `text`. */
  ranges: Range[];
  /** PDF: boxes to draw (user space, origin top-left). */
  boxes: Box[];
  /** Sheets: highlighted cell refs. */
  highlightedCells: string[];
  /** True when a highlight was asked for and found. */
  found: boolean;
}

export interface InDocumentHit {
  page: number;
  label: string | null;
  count: number;
  snippet: string;
}
