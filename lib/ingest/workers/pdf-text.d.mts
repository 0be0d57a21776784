import type { TextSpan } from "../types";

export interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
}

export declare const round: (n: number) => number;

/** Builds page text in reading order and keeps a span per text run for highlighting. */
export declare function assemblePageText(items: PdfTextItem[], pageHeight: number): { text: string; spans: TextSpan[] };
