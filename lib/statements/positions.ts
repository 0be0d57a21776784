/**
 * Where printed values sit across the page, from the PDF text spans (document_pages.spans): the
 * right edge of a value token, and the right edge of each value column learned from the rows that
 * fill every column. Line text alone cannot tell which column a lone value belongs to when a cell
 * is blank; its position can.
 */
import type { Span } from "./types";

/**
 * Spans whose offsets drift behind the page text. The PDF text assembler trims whitespace before
 * line breaks after it has recorded span offsets, so on some pages (about 8% of the filings'
 * pages) every span after such a line sits a few characters late. The drift only grows at line
 * starts, so each line's shift is the smallest one (no less than the previous line's) that puts a
 * span exactly at the line start and keeps the line's spans inside it.
 */
export function alignSpans(text: string, spans: Span[]): Span[] {
  const lines: Array<{ o: number; len: number }> = [];
  let o = 0;
  for (const l of text.split("\n")) {
    if (l.trim()) lines.push({ o, len: l.length });
    o += l.length + 1;
  }
  const starts = new Set(spans.map((sp) => sp.start));
  if (lines.every((l) => starts.has(l.o))) return spans;
  const firstAtOrAfter = (at: number) => {
    let lo = 0, hi = spans.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (spans[mid]!.start < at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const shifts: number[] = [];
  let shift = 0;
  for (const l of lines) {
    for (let cand = shift; cand <= shift + 8; cand++) {
      const j = firstAtOrAfter(l.o + cand);
      if (spans[j]?.start !== l.o + cand) continue;
      let fits = true;
      for (let k = j; k < spans.length && spans[k]!.start < l.o + l.len + cand; k++) if (spans[k]!.start - cand + spans[k]!.length > l.o + l.len + 1) fits = false;
      if (fits) {
        shift = cand;
        break;
      }
    }
    shifts.push(shift);
  }
  const out: Span[] = [];
  let li = 0;
  for (const sp of spans) {
    while (li + 1 < lines.length && sp.start >= lines[li + 1]!.o + shifts[li + 1]!) li++;
    out.push({ ...sp, start: sp.start - (shifts[li] ?? 0) });
  }
  return out;
}

/** Index of the span holding page-text offset `at`, by binary search over spans sorted by start. */
function spanAt(spans: Span[], at: number): Span | undefined {
  let lo = 0, hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = spans[mid]!;
    if (at < s.start) hi = mid - 1;
    else if (at >= s.start + s.length) lo = mid + 1;
    else return s;
  }
  return undefined;
}

/** Right edge (x) of the text ending at page offset `end` (exclusive); undefined without spans. */
export function rightEdge(spans: Span[] | null | undefined, end: number): number | undefined {
  if (!spans || spans.length === 0) return undefined;
  const s = spanAt(spans, end - 1);
  if (!s || s.length === 0) return undefined;
  return s.x + (s.width * (end - s.start)) / s.length;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

/** Right edge of each of `n` columns: the median over rows whose last `n` tokens all have a position. */
export function columnEdges(rows: Array<Array<number | undefined>>, n: number): number[] | undefined {
  const per: number[][] = Array.from({ length: n }, () => []);
  for (const xs of rows) {
    if (xs.length < n) continue;
    const last = xs.slice(xs.length - n);
    if (last.some((x) => x === undefined)) continue;
    last.forEach((x, i) => per[i]!.push(x!));
  }
  if (per[0]!.length < 2) return undefined;
  const edges = per.map(median);
  for (let i = 1; i < n; i++) if (!(edges[i]! > edges[i - 1]! + 4)) return undefined;
  return edges;
}

/**
 * Columns of the tokens of a row with fewer values than columns (or with label numbers before
 * them), by the nearest column edge; -1 for a token that sits in no column (part of the label).
 * Undefined when positions cannot decide (two tokens in one column).
 */
export function assignByPosition(xs: number[], edges: number[]): number[] | undefined {
  const gap = edges.length > 1 ? Math.min(...edges.slice(1).map((e, i) => e - edges[i]!)) : 60;
  const tol = Math.max(8, gap * 0.45);
  const out = xs.map((x) => {
    let best = -1, dist = Infinity;
    edges.forEach((e, j) => {
      const d = Math.abs(x - e);
      if (d < dist) {
        dist = d;
        best = j;
      }
    });
    return dist <= tol ? best : -1;
  });
  const used = out.filter((j) => j >= 0);
  if (new Set(used).size !== used.length) return undefined;
  for (let i = 1; i < used.length; i++) if (used[i]! < used[i - 1]!) return undefined;
  return out;
}
