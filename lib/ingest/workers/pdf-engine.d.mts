import type { ParsedPage } from "../types";

export declare function loadPdfjs(): Promise<typeof import("pdfjs-dist/legacy/build/pdf.mjs")>;

export interface OpenedPdf {
  pageCount: number;
  title?: string;
  pages: AsyncGenerator<ParsedPage>;
  destroy(): Promise<void>;
}

/** Opens a PDF file; errors keep pdfjs's exception names for the caller to classify. */
export declare function openPdf(path: string): Promise<OpenedPdf>;
