/**
 * Where a highlight (an excerpt from a source link or a search) sits on a page, and the boxes
 * to draw over a PDF page for it. Pure functions: used by the viewer's page route and tests.
 *
 * Matching is tolerant of whitespace, line breaks and end-of-line hyphenation (the same rules
 * as citation verification, lib/extraction/citation.ts), then falls back to case-insensitive,
 * then to the longest run of the excerpt's opening words found on the page (source links carry
 * the excerpt's opening words only).
 */
import { canonicalize, locateExcerpt } from "@/lib/extraction/citation";
import { parseCellRef } from "@/lib/ingest/parsers/cell-ref";
import type { TextSpan } from "@/lib/ingest/types";

export interface Range {
  start: number;
  end: number;
}

/** A positioned run of PDF text, as stored on document_pages.spans. */
export type Span = TextSpan;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Cell {
  ref: string;
  value: string;
  num?: number;
  start: number;
}

/** The highlight text without the ellipses and quotes search excerpts and links wrap it in. */
export function cleanHighlight(h: string): string {
  return h.replace(/^[\s…"“”«»'.]+|[\s…"“”«»']+$/g, "").replace(/\s*…\s*/g, " … ").replace(/\s+/g, " ").trim();
}

function locateInsensitive(text: string, excerpt: string): Range | null {
  const pc = canonicalize(text);
  const ex = canonicalize(excerpt).text.trim().toLowerCase();
  if (!ex) return null;
  const idx = pc.text.toLowerCase().indexOf(ex);
  if (idx < 0) return null;
  return { start: pc.map[idx]!, end: pc.map[idx + ex.length - 1]! + 1 };
}

function locateOne(text: string, excerpt: string): Range | null {
  return locateExcerpt(text, excerpt) ?? locateInsensitive(text, excerpt);
}

/** All case-insensitive occurrences of a short query (search inside a document). */
export function findAll(text: string, query: string, max = 50): Range[] {
  const pc = canonicalize(text);
  const q = canonicalize(query).text.trim().toLowerCase();
  if (!q) return [];
  const hay = pc.text.toLowerCase();
  const out: Range[] = [];
  let i = hay.indexOf(q);
  while (i >= 0 && out.length < max) {
    out.push({ start: pc.map[i]!, end: pc.map[i + q.length - 1]! + 1 });
    i = hay.indexOf(q, i + q.length);
  }
  return out;
}

/**
 * The ranges of the page text to highlight for `highlight`. An excerpt split by "…" is matched
 * piece by piece. Short queries (a few words) highlight every occurrence.
 */
export function locateHighlight(text: string, highlight: string | null | undefined): Range[] {
  if (!highlight) return [];
  const clean = cleanHighlight(highlight);
  if (!clean) return [];
  const pieces = clean.split(" … ").map((p) => p.trim()).filter((p) => p.length > 0);
  const out: Range[] = [];
  for (const piece of pieces) {
    const words = piece.split(" ");
    if (words.length <= 3 && piece.length <= 40) {
      out.push(...findAll(text, piece));
      continue;
    }
    const hit = locateOne(text, piece);
    if (hit) {
      out.push(hit);
      continue;
    }
    // Longest prefix of words found on the page (at least 3 words), then longest suffix.
    let found: Range | null = null;
    for (let n = words.length - 1; n >= 3 && !found; n--) found = locateOne(text, words.slice(0, n).join(" "));
    for (let n = words.length - 1; n >= 3 && !found; n--) found = locateOne(text, words.slice(words.length - n).join(" "));
    if (found) out.push(found);
  }
  return mergeRanges(out);
}

export function mergeRanges(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const out: Range[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

/**
 * Boxes (PDF user space, origin top-left) covering `ranges` on a page with these text spans.
 * A span partly inside a range is cut proportionally to its characters.
 */
export function boxesForRanges(spans: Span[] | null | undefined, ranges: Range[]): Box[] {
  if (!spans || spans.length === 0 || ranges.length === 0) return [];
  const boxes: Box[] = [];
  for (const s of spans) {
    if (!(s.length > 0) || !(s.width >= 0)) continue;
    const sEnd = s.start + s.length;
    for (const r of ranges) {
      const a = Math.max(r.start, s.start);
      const b = Math.min(r.end, sEnd);
      if (b <= a) continue;
      const x0 = s.x + (s.width * (a - s.start)) / s.length;
      const x1 = s.x + (s.width * (b - s.start)) / s.length;
      boxes.push({ x: x0, y: s.y, width: Math.max(1, x1 - x0), height: s.height });
    }
  }
  return mergeBoxes(boxes);
}

/** Joins boxes on the same line that touch, so a highlighted line is one rectangle. */
function mergeBoxes(boxes: Box[]): Box[] {
  const out: Box[] = [];
  for (const b of boxes) {
    const last = out[out.length - 1];
    if (last && Math.abs(last.y - b.y) < 0.5 && Math.abs(last.height - b.height) < 0.5 && b.x <= last.x + last.width + 3 && b.x >= last.x) {
      last.width = Math.max(last.width, b.x + b.width - last.x);
    } else out.push({ ...b });
  }
  return out;
}

/** Where a cell sits in the viewer's sheet grid: "Sheet1!B15" → {sheet, col: 1, row: 14} (0-based). */
export function cellGridPosition(ref: string): { sheet: string | null; col: number; row: number } | null {
  const p = parseCellRef(ref);
  return p && { sheet: p.sheet, col: p.col - 1, row: p.row - 1 };
}

/** The grid's column heading: 0 → "A", 26 → "AA". */
export function columnName(col: number): string {
  let s = "";
  let n = col + 1;
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** Cells to highlight on a sheet: the named cell, else cells inside the highlighted ranges. */
export function highlightedCells(cells: Cell[] | null | undefined, cell: string | null | undefined, ranges: Range[], sheetLabel?: string | null): string[] {
  if (!cells) return [];
  if (cell) {
    const want = parseCellRef(cell);
    const exact = cells.find((c) => c.ref.toLowerCase() === cell.toLowerCase());
    if (exact) return [exact.ref];
    // Same position when the link names no sheet, or names this page's sheet.
    if (!want || (want.sheet && sheetLabel && want.sheet.toLowerCase() !== sheetLabel.toLowerCase())) return [];
    const hit = cells.find((c) => {
      const p = parseCellRef(c.ref);
      return p && p.col === want.col && p.row === want.row;
    });
    return hit ? [hit.ref] : [];
  }
  return cells.filter((c) => ranges.some((r) => c.start < r.end && c.start + Math.max(1, c.value.length) > r.start)).map((c) => c.ref);
}
