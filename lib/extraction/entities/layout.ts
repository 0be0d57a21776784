/**
 * Layout-aware reading of a page for the entity and timeline rules: the text positions kept for
 * highlighting (PDF text runs, `TextSpan`) show where a line holds several cells (a list or a
 * table printed in columns: "Accelerator Studio LLC        Delaware"). The page text joins those
 * cells with a blank, and a line ends with a newline that the rules read as a space, so a name
 * could run from one cell into the next or from one row into the next ("Delaware Air …").
 *
 * `layoutText` returns the page text with the same length (every offset still points at the same
 * character, so excerpts and highlights are unchanged) where the blanks between cells, and the
 * line breaks around a row of cells, are replaced by CELL_BREAK, which no name pattern crosses.
 */
import type { TextSpan } from "@/lib/ingest/types";

export const CELL_BREAK = "|";

/** A gap wider than this many times the text height between two runs on one line separates cells. */
const GAP_HEIGHTS = 1.6;
/** Runs wider than this (points) are measurement noise of pdfjs (blank runs thousands of points wide). */
const MAX_RUN_WIDTH = 2000;

interface Run { start: number; end: number; x: number; right: number; y: number; h: number }

function runsOf(text: string, spans: TextSpan[]): Run[] {
  return spans
    .filter((s) => s.length > 0 && s.width < MAX_RUN_WIDTH && text.slice(s.start, s.start + s.length).trim() !== "")
    .map((s) => ({ start: s.start, end: s.start + s.length, x: s.x, right: s.x + s.width, y: s.y, h: s.height || 8 }))
    .sort((a, b) => a.start - b.start);
}

/** Offsets [from, to) of the blanks between cells on each line, and the lines that hold several cells. */
export function cellGaps(text: string, spans: TextSpan[] | null | undefined): { gaps: Array<[number, number]>; rowLines: Set<number>; wrapped: Set<number> } {
  const gaps: Array<[number, number]> = [];
  const rowLines = new Set<number>();
  const wrapped = new Set<number>();
  if (!spans?.length) return { gaps, rowLines, wrapped };
  const runs = runsOf(text, spans);
  const lastCellX = new Map<number, number>();
  for (let i = 1; i < runs.length; i++) {
    const a = runs[i - 1]!;
    const b = runs[i]!;
    const between = text.slice(a.end, b.start);
    if (between.includes("\n") || !/^\s*$/.test(between)) continue;
    if (Math.abs(a.y - b.y) > Math.max(a.h, b.h) * 0.6) continue;
    const gap = b.x - a.right;
    if (gap < Math.max(a.h, b.h) * GAP_HEIGHTS) continue;
    if (between.length) gaps.push([a.end, b.start]);
    const lineStart = text.lastIndexOf("\n", a.end - 1) + 1;
    rowLines.add(lineStart);
    lastCellX.set(lineStart, b.x);
  }
  for (const [start, x] of lastCellX) if (wrapsIntoNextLine(text, runs, start, x, rowLines)) wrapped.add(start);
  return { gaps, rowLines, wrapped };
}

/**
 * A row's last cell that runs on to the next line ("10.2 | Credit Agreement … among the Lenders, Westbrook" then
 * "Global Markets Inc. …" printed under the description, not under the exhibit number): the next line holds one
 * cell that starts where the row's last cell starts.
 */
function wrapsIntoNextLine(text: string, runs: Run[], start: number, lastX: number, rowLines: Set<number>): boolean {
  const end = text.indexOf("\n", start);
  if (end < 0 || rowLines.has(end + 1)) return false;
  const next = runs.find((r) => r.start > end);
  if (!next || text.lastIndexOf("\n", next.start - 1) !== end) return false;
  return Math.abs(next.x - lastX) <= next.h;
}

/** The page text, same length, with cell gaps and the line breaks around rows of cells made hard breaks. */
export function layoutText(page: { text: string; spans?: TextSpan[] | null }): string {
  const { gaps, rowLines, wrapped } = cellGaps(page.text, page.spans);
  if (!gaps.length && !rowLines.size) return page.text;
  const text = page.text;
  const out = text.split(""); // UTF-16 units, so offsets stay those of the page text
  for (const [a, b] of gaps) for (let i = a; i < b; i++) out[i] = CELL_BREAK;
  for (const start of rowLines) {
    if (start > 0 && text[start - 1] === "\n") out[start - 1] = CELL_BREAK;
    const end = text.indexOf("\n", start);
    if (end >= 0 && !wrapped.has(start)) out[end] = CELL_BREAK;
  }
  return out.join("");
}

/** The cells of each line of the page (text and offset in the page text), read from its layout text. */
export function cellsOfLines(text: string, layout: string): Array<Array<{ text: string; start: number }>> {
  const out: Array<Array<{ text: string; start: number }>> = [];
  let pos = 0;
  for (const line of text.split("\n")) {
    const cells: Array<{ text: string; start: number }> = [];
    let at = 0;
    for (const part of layout.slice(pos, pos + line.length).split(CELL_BREAK)) {
      const lead = part.length - part.trimStart().length;
      if (part.trim()) cells.push({ text: part.trim(), start: pos + at + lead });
      at += part.length + 1;
    }
    out.push(cells);
    pos += line.length + 1;
  }
  return out;
}
