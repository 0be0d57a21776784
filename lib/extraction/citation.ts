/**
 * Citation verification: an excerpt is accepted only if it is found on that page (or in that
 * cell's row) of that document. Tolerated: runs of whitespace and line breaks (any run equals
 * one space) and end-of-line hyphenation ("verkstäl-\nlande" ≡ "verkställande"; a soft hyphen
 * counts the same). Nothing else: no case folding, no punctuation or quote normalisation, no
 * paraphrase.
 */
import type { ExtractionPage } from "./types";

export const EXCERPT_MIN = 50;
export const EXCERPT_MAX = 200;

export interface Canonical {
  text: string;
  /** map[i] = offset in the original of canonical character i; map[text.length] = original length. */
  map: number[];
}

const HYPHENS = new Set(["-", "\u00ad", "\u2010"]);
/** `\s` at s[i], with ASCII answered without a regular expression (canonicalize asks for every character of a page). */
const wsAt = (s: string, i: number) => {
  const k = s.charCodeAt(i);
  return k < 128 ? k === 32 || (k >= 9 && k <= 13) : /\s/u.test(s[i]!);
};
/** `\p{L}`, ASCII likewise. */
const isLetter = (c: string | undefined) => {
  if (!c) return false;
  const k = c.charCodeAt(0);
  return k < 128 ? (k | 32) >= 97 && (k | 32) <= 122 : /\p{L}/u.test(c);
};

/**
 * End-of-line hyphenation at s[i] (a hyphen after a letter): "-" [spaces] newline [spaces] and a
 * lower-case letter; where that letter is, to join the word there, or -1.
 */
function hyphenJoin(s: string, i: number): number {
  let j = i + 1;
  while (j < s.length && (s[j] === " " || s[j] === "\t")) j++;
  if (s[j] !== "\n" && s[j] !== "\r") return -1;
  while (j < s.length && wsAt(s, j)) j++;
  return isLetter(s[j]) && s[j] === s[j]!.toLowerCase() ? j : -1;
}

/**
 * Canonical form used on both sides of a comparison, with a map back to original offsets.
 * Characters kept as they are go out as runs (s.slice(from, i)), the rest one by one.
 */
export function canonicalize(input: string): Canonical {
  const s = input.normalize("NFC");
  const out: string[] = [];
  const map: number[] = [];
  let last: string | undefined; // the last character put out
  let from = 0;
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    const ws = wsAt(s, i);
    const join = !ws && HYPHENS.has(c) && c !== "\u00ad" && isLetter(last) ? hyphenJoin(s, i) : -1;
    if (!ws && c !== "\u00ad" && join < 0) {
      map.push(i);
      last = c;
      i++;
      continue;
    }
    if (i > from) out.push(s.slice(from, i));
    if (c === "\u00ad") {
      // soft hyphen: invisible, with any line break after it
      i++;
      while (i < s.length && wsAt(s, i)) i++;
    } else if (join >= 0) {
      // end-of-line hyphenation: letter + "-" + [spaces] newline [spaces] + letter → joined
      i = join;
    } else {
      let j = i;
      while (j < s.length && wsAt(s, j)) j++;
      if (map.length > 0 && j < s.length) {
        out.push(" ");
        map.push(i);
        last = " ";
      }
      i = j;
    }
    from = i;
  }
  if (s.length > from) out.push(s.slice(from));
  map.push(s.length);
  return { text: out.join(""), map };
}

/** The canonical text of an excerpt (what we store: whitespace collapsed, hyphenation joined). */
export function cleanExcerpt(s: string): string {
  return canonicalize(s).text.trim();
}

export interface VerifyResult {
  ok: boolean;
  reason?: string;
  /** Original offsets of the match on the page. */
  start?: number;
  end?: number;
}

/**
 * The canonical form of a text passed as a string, for the last few texts: an extractor picks
 * many excerpts on one page and pickExcerpt checks each against the whole page text.
 */
const textCanon = new Map<string, Canonical>();
const TEXT_CANON_KEEP = 8;

const pageCanon = new WeakMap<object, Canonical>();
function canonOfPage(page: { text: string }): Canonical {
  let c = pageCanon.get(page);
  if (!c) {
    c = textCanon.get(page.text) ?? canonicalize(page.text);
    pageCanon.set(page, c);
  }
  return c;
}

function canonOfText(text: string): Canonical {
  const known = textCanon.get(text);
  if (known) return known;
  const c = canonicalize(text);
  textCanon.set(text, c);
  if (textCanon.size > TEXT_CANON_KEEP) textCanon.delete(textCanon.keys().next().value!);
  return c;
}

/** Where `excerpt` occurs in `pageText` (tolerant as described above), or null. */
export function locateExcerpt(pageText: string | { text: string }, excerpt: string): { start: number; end: number } | null {
  const pc = typeof pageText === "string" ? canonOfText(pageText) : canonOfPage(pageText);
  const ex = canonicalize(excerpt).text.trim();
  if (!ex) return null;
  let idx = pc.text.indexOf(ex);
  let len = ex.length;
  if (idx < 0) {
    // The excerpt may keep a hyphenation the page shows across a line break ("tillsyns- och"
    // written for "tillsyns-\noch"): also accept it with "letter- letter" joined.
    const loose = ex.replace(/(\p{L})[-\u2010] (\p{Ll})/gu, "$1$2");
    if (loose !== ex) {
      idx = pc.text.indexOf(loose);
      len = loose.length;
    }
  }
  if (idx < 0) return null;
  return { start: pc.map[idx]!, end: pc.map[idx + len - 1]! + 1 };
}

/**
 * Verifies an excerpt against a page (and, for spreadsheets, a cell): found on the page, and for
 * a cell the match must cover the cell's value. Length 50–200 is checked by the validator, not here.
 */
export function verifyExcerpt(page: ExtractionPage | undefined, excerpt: string, cell?: string): VerifyResult {
  if (!page) return { ok: false, reason: "page not found in the document" };
  if (!excerpt || !excerpt.trim()) return { ok: false, reason: "empty excerpt" };
  const hit = locateExcerpt(page, excerpt);
  if (!hit) return { ok: false, reason: `excerpt not found on page ${page.pageNumber}` };
  if (cell) {
    const c = page.cells?.find((x) => x.ref === cell);
    if (!c) return { ok: false, reason: `cell ${cell} not found on page ${page.pageNumber}` };
    const cs = c.start;
    const ce = c.start + c.value.length;
    if (hit.end <= cs || hit.start >= ce) {
      // the excerpt may occur more than once on the sheet: look for an occurrence covering the cell
      const lineStart = page.text.lastIndexOf("\n", cs - 1) + 1;
      const lineEnd = page.text.indexOf("\n", ce);
      const region = page.text.slice(Math.max(0, lineStart - 400), lineEnd < 0 ? undefined : lineEnd + 400);
      const again = locateExcerpt(region, excerpt);
      const off = Math.max(0, lineStart - 400);
      if (!again || again.end + off <= cs || again.start + off >= ce) return { ok: false, reason: `excerpt does not cover cell ${cell}` };
      return { ok: true, start: again.start + off, end: again.end + off };
    }
  }
  return { ok: true, start: hit.start, end: hit.end };
}

function sentenceBounds(text: string, s: number, e: number): [number, number] {
  let a = s;
  while (a > 0) {
    const prev = text[a - 1]!;
    if (/[.!?;:]/.test(prev) && /\s/.test(text[a] ?? "") && !/\b(?:bl|m|t|f|n|dvs|s|nr|ca|jfr|fr|o|Mr|Ms|Dr|Inc|No|resp|t\.ex|p)\.$/i.test(text.slice(Math.max(0, a - 6), a))) break;
    if (text[a - 1] === "\n" && text[a - 2] === "\n") break;
    a--;
  }
  let b = e;
  while (b < text.length) {
    const c = text[b]!;
    if (/[.!?]/.test(c) && (b + 1 >= text.length || /\s/.test(text[b + 1]!)) && !/\b(?:bl|m|t|f|n|dvs|s|nr|ca|jfr|fr|o|Mr|Ms|Dr|Inc|No|resp|p)$/i.test(text.slice(Math.max(0, b - 5), b)) && !/\d$/.test(text.slice(b - 1, b)) ) {
      b++;
      break;
    }
    if (c === "\n" && text[b + 1] === "\n") break;
    b++;
  }
  return [a, b];
}

function lineBounds(text: string, s: number, e: number): [number, number] {
  const a = text.lastIndexOf("\n", Math.max(0, s - 1)) + 1;
  let b = text.indexOf("\n", e);
  if (b < 0) b = text.length;
  return [s === 0 ? 0 : a, b];
}

/**
 * Picks an excerpt of 50–200 characters (canonical form) around [s, e) of the page text:
 * the enclosing line (tables, sheets) or sentence (prose), widened to neighbouring lines when
 * too short and trimmed at word boundaries around the fact when too long. Always verifiable.
 */
export function pickExcerpt(text: string, s: number, e: number, mode: "line" | "sentence" = "sentence"): string | null {
  if (s < 0 || e > text.length || e <= s) return null;
  let [a, b] = mode === "line" ? lineBounds(text, s, e) : sentenceBounds(text, s, e);
  if (a > s) a = s;
  if (b < e) b = e;
  // widen while too short: next line, then previous line
  let guard = 0;
  while (canonicalize(text.slice(a, b)).text.trim().length < EXCERPT_MIN && guard++ < 20) {
    const nb = text.indexOf("\n", b + 1);
    const canNext = b < text.length;
    const canPrev = a > 0;
    if (!canNext && !canPrev) break;
    if (canNext && (guard % 2 === 1 || !canPrev)) b = nb < 0 ? text.length : nb;
    else a = text.lastIndexOf("\n", Math.max(0, a - 2)) + 1;
  }
  const c = canonicalize(text.slice(a, b));
  let ex = c.text.trim();
  if (ex.length > EXCERPT_MAX) {
    // keep the fact, trim both sides at word boundaries
    const lead = c.text.length - c.text.trimStart().length;
    const fs = Math.max(0, c.map.findIndex((o) => o >= s - a) - lead);
    let fe = c.map.findIndex((o) => o >= e - a);
    fe = (fe < 0 ? ex.length : fe) - lead;
    const factLen = Math.max(1, fe - fs);
    if (factLen >= EXCERPT_MAX) {
      ex = ex.slice(fs, fs + EXCERPT_MAX);
    } else {
      const room = EXCERPT_MAX - factLen;
      let from = Math.max(0, fs - Math.floor(room / 3));
      const to = Math.min(ex.length, from + EXCERPT_MAX);
      from = Math.max(0, to - EXCERPT_MAX);
      let piece = ex.slice(from, to);
      // word boundaries
      if (from > 0) {
        const sp = piece.indexOf(" ");
        if (sp >= 0 && sp < fs - from) piece = piece.slice(sp + 1);
      }
      if (to < ex.length) {
        const sp = piece.lastIndexOf(" ");
        const keepTo = piece.length - (to - fe);
        if (sp > keepTo) piece = piece.slice(0, sp);
      }
      ex = piece.trim();
    }
  }
  ex = ex.trim();
  if (ex.length < EXCERPT_MIN) {
    // whole page shorter than the minimum: the page itself is the excerpt
    const whole = canonicalize(text).text.trim();
    if (whole.length <= EXCERPT_MAX) ex = whole;
  }
  return locateExcerpt(text, ex) ? ex : null;
}

/** Excerpt for a spreadsheet cell: its row line (with neighbours when short). */
export function pickCellExcerpt(page: ExtractionPage, cellRef: string): string | null {
  const c = page.cells?.find((x) => x.ref === cellRef);
  if (!c) return null;
  return pickExcerpt(page.text, c.start, c.start + Math.max(1, c.value.length), "line");
}
