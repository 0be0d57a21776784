/**
 * Where a highlight (an excerpt from a source link or a search) sits on a page, and the boxes
 * to draw over a PDF page for it. Pure functions: used by the viewer's page route and tests.
 *
 * Matching is tolerant of whitespace, line breaks and end-of-line hyphenation (the same rules
 * as citation verification, lib/extraction/citation.ts), then falls back to case-insensitive,
 * then to the longest run of the excerpt's opening words found on the page (source links carry
 * the excerpt's opening words only).
 */
import { canonicalize, locateExcerpt, type Canonical } from "@/lib/extraction/citation";
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

/** Longest highlight read (characters) and pieces matched: a link's excerpt is ~200 chars, a query a few words. */
export const MAX_HIGHLIGHT_CHARS = 2000;
const MAX_PIECES = 20;

/** A page prepared once per request: its canonical text, and that text lower-cased char by char. */
interface PageIndex {
  page: { text: string };
  canon: Canonical;
  lower: string;
}

/** Lower case that keeps every UTF-16 unit in place (offsets map back through `canon.map`). */
function lowerSameLength(s: string): string {
  const lower = s.toLowerCase();
  if (lower.length === s.length) return lower;
  let out = "";
  for (const c of s) {
    const l = c.toLowerCase();
    out += l.length === c.length ? l : c;
  }
  return out;
}

function indexPage(text: string): PageIndex {
  const canon = canonicalize(text);
  return { page: { text }, canon, lower: lowerSameLength(canon.text) };
}

function rangeAt(ix: PageIndex, idx: number, len: number): Range {
  return { start: ix.canon.map[idx]!, end: ix.canon.map[idx + len - 1]! + 1 };
}

function canonLower(s: string): string {
  return lowerSameLength(canonicalize(s).text.trim());
}

function locateInsensitive(ix: PageIndex, excerpt: string): Range | null {
  const ex = canonLower(excerpt);
  if (!ex) return null;
  const idx = ix.lower.indexOf(ex);
  return idx < 0 ? null : rangeAt(ix, idx, ex.length);
}

/** Exact (whitespace- and hyphenation-tolerant) first, then case-insensitive. */
function locateOne(ix: PageIndex, excerpt: string): Range | null {
  return locateExcerpt(ix.page, excerpt) ?? locateInsensitive(ix, excerpt);
}

/** All case-insensitive occurrences of a short query (search inside a document). */
export function findAll(text: string, query: string, max = 50): Range[] {
  return findAllIn(indexPage(text), query, max);
}

function findAllIn(ix: PageIndex, query: string, max = 50): Range[] {
  const q = canonLower(query);
  if (!q) return [];
  const out: Range[] = [];
  let i = ix.lower.indexOf(q);
  while (i >= 0 && out.length < max) {
    out.push(rangeAt(ix, i, q.length));
    i = ix.lower.indexOf(q, i + q.length);
  }
  return out;
}

/**
 * The length of the longest prefix of `pattern` that occurs anywhere in `text`, in
 * O(|pattern| + |text|): the Z-function of pattern ⧺ separator ⧺ text (the separator, -1,
 * is no UTF-16 unit, so no match runs across it).
 */
export function longestPrefixIn(pattern: ArrayLike<number>, text: ArrayLike<number>): number {
  const n = pattern.length + 1 + text.length;
  const s = new Int32Array(n);
  for (let i = 0; i < pattern.length; i++) s[i] = pattern[i]!;
  s[pattern.length] = -1;
  for (let i = 0; i < text.length; i++) s[pattern.length + 1 + i] = text[i]!;
  const z = new Int32Array(n);
  let best = 0;
  for (let i = 1, l = 0, r = 0; i < n; i++) {
    let k = i < r ? Math.min(r - i, z[i - l]!) : 0;
    while (i + k < n && s[k] === s[i + k]) k++;
    z[i] = k;
    if (i + k > r) [l, r] = [i, i + k];
    if (i > pattern.length && k > best) best = k;
  }
  return best;
}

const codes = (s: string) => Array.from({ length: s.length }, (_, i) => s.charCodeAt(i));

/**
 * The longest run of the piece's opening words (at least 3, fewer than all) found on the page,
 * else the longest run of its closing words. One linear pass per direction instead of a search
 * per word count.
 */
function locateWordRun(ix: PageIndex, piece: string): Range | null {
  const p = canonLower(piece);
  const words = p.split(" ");
  if (words.length < 4) return null;
  const prefixLen = (n: number) => words.slice(0, n).join(" ").length;
  const suffixLen = (n: number) => words.slice(words.length - n).join(" ").length;
  const pick = (longest: number, len: (n: number) => number) => {
    for (let n = words.length - 1; n >= 3; n--) if (len(n) <= longest) return n;
    return 0;
  };
  const pc = codes(p);
  const tc = codes(ix.lower);
  const head = pick(longestPrefixIn(pc, tc), prefixLen);
  const originalWords = canonicalize(piece).text.trim().split(" ");
  if (head > 0) return locateOne(ix, originalWords.slice(0, head).join(" "));
  const tail = pick(longestPrefixIn(pc.reverse(), tc.reverse()), suffixLen);
  if (tail > 0) return locateOne(ix, originalWords.slice(originalWords.length - tail).join(" "));
  return null;
}

/**
 * The ranges of the page text to highlight for `highlight`. An excerpt split by "…" is matched
 * piece by piece. Short queries (a few words) highlight every occurrence. Linear in the page
 * and the highlight, which is read up to MAX_HIGHLIGHT_CHARS.
 */
export function locateHighlight(text: string, highlight: string | null | undefined): Range[] {
  if (!highlight) return [];
  const clean = cleanHighlight(highlight.slice(0, MAX_HIGHLIGHT_CHARS));
  if (!clean) return [];
  const pieces = clean.split(" … ").map((p) => p.trim()).filter((p) => p.length > 0).slice(0, MAX_PIECES);
  const ix = indexPage(text);
  const out: Range[] = [];
  for (const piece of pieces) {
    const words = piece.split(" ");
    if (words.length <= 3 && piece.length <= 40) {
      out.push(...findAllIn(ix, piece));
      continue;
    }
    const hit = locateOne(ix, piece) ?? locateWordRun(ix, piece);
    if (hit) out.push(hit);
  }
  return mergeRanges(out.map((r) => toWordBoundaries(text, r)));
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * A range widened to whole words: an excerpt cut mid-word ("…increased substan") highlighted up to
 * the cut, so the highlight ended mid-word. Linear in the words it widens over.
 */
export function toWordBoundaries(text: string, r: Range): Range {
  let { start, end } = r;
  while (start > 0 && WORD_CHAR.test(text[start - 1]!) && WORD_CHAR.test(text[start] ?? "")) start--;
  while (end < text.length && WORD_CHAR.test(text[end]!) && WORD_CHAR.test(text[end - 1] ?? "")) end++;
  return { ...r, start, end };
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
