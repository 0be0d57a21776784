/**
 * Shared pagination for formats without real pages (text, Markdown, DOCX).
 * Pages are always exact slices of the source text (only blank lines at the
 * edges are dropped), so citations stay verbatim.
 */

/** Size pagination aims for pages of about this many characters… */
export const PAGE_TARGET_CHARS = 3_000;
/** …and never exceeds this unless a single unbreakable run is longer. */
export const PAGE_MAX_CHARS = 4_500;
/** A heading section longer than this is split further by size. */
export const SECTION_MAX_CHARS = 9_000;

export interface PageSlice {
  start: number;
  end: number;
  label?: string;
}

export interface Heading {
  /** Offset of the heading's first character (its line start). */
  offset: number;
  /** Offset just after the heading line (where its body starts). */
  bodyStart: number;
  level: number;
  title: string;
}

export interface SizeOptions {
  target?: number;
  max?: number;
}

/** Offsets where a paragraph starts after one or more blank lines. */
export function paragraphStarts(text: string, from = 0, to = text.length): number[] {
  const out: number[] = [];
  let blankBefore = false;
  let pos = from;
  while (pos < to) {
    let nl = text.indexOf("\n", pos);
    if (nl < 0 || nl >= to) nl = to;
    const line = text.slice(pos, nl);
    const blank = line.trim() === "";
    if (!blank && blankBefore && pos > from) out.push(pos);
    blankBefore = blank;
    pos = nl + 1;
  }
  return out;
}

/** Offsets of every line start after the first. */
export function lineStarts(text: string, from = 0, to = text.length): number[] {
  const out: number[] = [];
  let i = text.indexOf("\n", from);
  while (i >= 0 && i + 1 < to) {
    out.push(i + 1);
    i = text.indexOf("\n", i + 1);
  }
  return out;
}

function lowerBound(arr: number[], x: number): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (arr[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function isLowSurrogate(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c >= 0xdc00 && c <= 0xdfff;
}

/** Best cut in (lo, hi] closest to `t`, from sorted candidates; -1 if none. */
function closestCandidate(cands: number[], lo: number, hi: number, t: number): number {
  let best = -1;
  for (let k = lowerBound(cands, lo + 1); k < cands.length && cands[k]! <= hi; k++) {
    const c = cands[k]!;
    if (best < 0 || Math.abs(c - t) < Math.abs(best - t)) best = c;
  }
  return best;
}

/**
 * Splits [start, end) into pieces of about `target` characters, cutting at the
 * given paragraph starts when possible, else at a line break, else at a space,
 * else anywhere (never inside a surrogate pair).
 */
export function splitBySize(
  text: string,
  start: number,
  end: number,
  breaks: number[],
  opts: SizeOptions = {},
): Array<[number, number]> {
  const target = opts.target ?? PAGE_TARGET_CHARS;
  const max = Math.max(opts.max ?? PAGE_MAX_CHARS, target);
  const min = Math.floor(target / 3);
  const out: Array<[number, number]> = [];
  let pos = start;
  while (end - pos > max) {
    const t = pos + target;
    let cut = closestCandidate(breaks, pos + min, pos + max, t);
    if (cut < 0) {
      const back = text.lastIndexOf("\n", t);
      const fwd = text.indexOf("\n", t);
      if (back >= pos + min) cut = back + 1;
      else if (fwd >= 0 && fwd + 1 <= pos + max) cut = fwd + 1;
    }
    if (cut < 0) {
      const back = text.lastIndexOf(" ", t);
      if (back >= pos + min) cut = back + 1;
    }
    if (cut < 0) {
      cut = t;
      if (isLowSurrogate(text, cut)) cut--;
    }
    out.push([pos, cut]);
    pos = cut;
  }
  if (pos < end) out.push([pos, end]);
  return out;
}

/**
 * Splits at headings (already filtered to the levels that should start a page).
 * Text before the first heading is its own page; a heading with no body of its
 * own is kept together with what follows; sections longer than
 * `SECTION_MAX_CHARS` are split by size ("Title (cont.)").
 */
export function splitByHeadings(
  text: string,
  headings: Heading[],
  breaks: number[],
  opts: SizeOptions & { sectionMax?: number } = {},
): PageSlice[] {
  const sectionMax = opts.sectionMax ?? SECTION_MAX_CHARS;
  const hs = [...headings].sort((a, b) => a.offset - b.offset);
  type Section = PageSlice & { bodyEmpty: boolean };
  const sections: Section[] = [];
  if (hs.length === 0 || hs[0]!.offset > 0) sections.push({ start: 0, end: hs[0]?.offset ?? text.length, bodyEmpty: false });
  for (let i = 0; i < hs.length; i++) {
    const h = hs[i]!;
    const end = i + 1 < hs.length ? hs[i + 1]!.offset : text.length;
    const bodyEmpty = text.slice(h.bodyStart, end).trim() === "";
    const prev = sections[sections.length - 1];
    if (prev && prev.label !== undefined && prev.bodyEmpty) {
      // The previous heading had nothing under it: keep it with this section.
      prev.end = end;
      prev.bodyEmpty = bodyEmpty;
      continue;
    }
    sections.push({ start: h.offset, end, label: h.title, bodyEmpty });
  }
  const out: PageSlice[] = [];
  for (const s of sections) {
    if (text.slice(s.start, s.end).trim() === "") continue;
    if (s.end - s.start <= sectionMax) {
      out.push({ start: s.start, end: s.end, label: s.label });
      continue;
    }
    const parts = splitBySize(text, s.start, s.end, breaks, opts);
    parts.forEach(([a, b], k) => {
      out.push({ start: a, end: b, label: s.label === undefined ? undefined : k === 0 ? s.label : `${s.label} (cont.)` });
    });
  }
  return out;
}

/** Page text for a slice: exact source characters, minus blank lines and trailing whitespace at the edges. */
export function sliceText(text: string, start: number, end: number): string {
  let a = start;
  // Drop whole blank lines at the top, but keep a first line's indentation.
  for (;;) {
    const nl = text.indexOf("\n", a);
    if (nl < 0 || nl >= end) break;
    if (text.slice(a, nl).trim() !== "") break;
    a = nl + 1;
  }
  let b = end;
  while (b > a && /\s/.test(text[b - 1]!)) b--;
  return text.slice(a, b);
}
