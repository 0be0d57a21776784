/**
 * Statement rows of one page segment: label (continuation lines joined), one value per column,
 * the exact excerpt and row index, and the heading above it (its section). Values go to columns
 * by count when a row fills every column, else by position on the page (spans), else right-aligned.
 */
import { MONTH } from "@/lib/periods";
import { assignByPosition, columnEdges, rightEdge } from "./positions";
import { stripFootnotes, type PageLine } from "./text";
import type { Span } from "./types";
import { trailingValues, type ValueToken } from "./values";
import { isYearWord } from "@/lib/periods/years";

export interface RawRow {
  label: string;
  section: string;
  /** The heading the row sits under as a reader sees it: the section until a total closes it ("Total cost of sales" closes "Cost of sales:"). */
  heading: string;
  values: Array<number | null>;
  excerptStart: number;
  excerptEnd: number;
  row: number;
}

interface Tokenised { line: PageLine; labelEnd: number; tokens: ValueToken[]; xs: Array<number | undefined> }

const LETTER = /\p{L}/u;
const MAX_ROW = 400;
const MONTH_END = new RegExp(`\\b(?:${MONTH})\\.?,?\\s*$`, "i");
/** Words a wrapped label line ends with, so the next line continues it. */
const DANGLING = /(?:\b(?:and|of|or|to|in|for|from|the|net|on|by|at|with|including|excluding|less|plus)|[,&(-])\s*$/i;
/** Two lines of one label: a word broken at a hyphen is joined without a blank ("available-" + "for-sale"). */
const joinLines = (a: string, b: string) => (/\p{L}-$/u.test(a) ? `${a}${b}` : `${a} ${b}`);

export function tokenise(lines: PageLine[], spans: Span[] | null | undefined): Tokenised[] {
  // spans are aligned to the page text once per page (see alignSpans); lines carry page offsets
  return lines.map((line) => {
    // a statement row is short; a long line is prose (and would only cost time)
    const { labelEnd, tokens } = line.text.length > MAX_ROW ? { labelEnd: line.text.length, tokens: [] } : trailingValues(line.text);
    return { line, labelEnd, tokens, xs: tokens.map((t) => rightEdge(spans, line.start + t.end)) };
  });
}

/** Value-column edges learned from rows that fill all `n` columns. */
export function learnEdges(rows: Tokenised[], n: number): number[] | undefined {
  return columnEdges(rows.filter((r) => r.tokens.length >= n && LETTER.test(r.line.text.slice(0, r.labelEnd))).map((r) => r.xs), n);
}

/** Which tokens are values of which column; the rest stay in the label. */
function place(r: Tokenised, n: number, edges: number[] | undefined): { values: Array<number | null>; firstUsed: number } | undefined {
  const k = r.tokens.length;
  const values: Array<number | null> = new Array(n).fill(null);
  if (edges && r.xs.every((x) => x !== undefined)) {
    const cols = assignByPosition(r.xs as number[], edges);
    if (cols && cols.some((c) => c >= 0)) {
      const firstUsed = cols.findIndex((c) => c >= 0);
      // a token outside every column after a placed one: positions disagree with the text, fall back
      if (cols.slice(firstUsed).every((c) => c >= 0)) {
        cols.forEach((c, i) => c >= 0 && (values[c] = r.tokens[i]!.value));
        return { values, firstUsed };
      }
    }
    if (cols && cols.every((c) => c < 0)) return undefined;
  }
  if (k >= n) {
    r.tokens.slice(k - n).forEach((t, i) => (values[i] = t.value));
    return { values, firstUsed: k - n };
  }
  r.tokens.forEach((t, i) => (values[n - k + i] = t.value));
  return { values, firstUsed: 0 };
}

const words = (t: string) => t.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1);

/** "Total cost of sales" closes "Cost of sales:": a total naming every word of the heading. */
function closes(label: string, heading: string): boolean {
  const have = words(label);
  return /^total\b/i.test(label) && words(heading).length > 0 && words(heading).every((w) => have.includes(w));
}

/** Rows of a segment after its header; `sectionAbove` (and `headingAbove`) is the heading carried from the previous page. */
export function readRows(text: string, rows: Tokenised[], n: number, edges: number[] | undefined, sectionAbove = "", headingAbove = sectionAbove): RawRow[] {
  const out: RawRow[] = [];
  let pending: { text: string; start: number } | undefined;
  let section = sectionAbove;
  let heading = headingAbove;
  for (const r of rows) {
    const raw = r.line.text;
    const placed = r.tokens.length > 0 ? place(r, n, edges) : undefined;
    if (!placed) {
      const t = raw.trim();
      if (!t) continue;
      if (pending && !/:\s*$/.test(pending.text) && (/^\p{Ll}/u.test(t) || DANGLING.test(pending.text))) pending = { text: joinLines(pending.text, t), start: pending.start };
      else {
        if (pending) section = heading = pending.text;
        pending = { text: t, start: r.line.start + raw.indexOf(t) };
      }
      continue;
    }
    const labelEnd = r.tokens[placed.firstUsed]!.start;
    let label = stripFootnotes(raw.slice(0, labelEnd).replace(/[\s$]+$/, "").trim());
    let start = r.line.start + (raw.length - raw.trimStart().length);
    const joins = pending && !/:\s*$/.test(pending.text) && (!LETTER.test(label) || /^\p{Ll}/u.test(label) || DANGLING.test(pending.text));
    if (joins) {
      label = joinLines(pending!.text, label).trim();
      start = pending!.start;
    } else if (pending) section = heading = pending.text;
    pending = undefined;
    if (!LETTER.test(label)) continue;
    const tidy = label.replace(/\s+/g, " ");
    out.push({ label: tidy, section, heading, values: placed.values, excerptStart: start, excerptEnd: r.line.start + raw.trimEnd().length, row: r.line.row });
    if (closes(tidy, heading)) heading = "";
  }
  return out;
}

/** A row's tokens without the day of a date in its label ("Cash at January 1 307 627" → 307, 627) or footnote marks. */
export function amountTokens(r: Tokenised): ValueToken[] {
  const dayAfterMonth = r.tokens.length > 0 && MONTH_END.test(r.line.text.slice(0, r.labelEnd)) && /^\d{1,2}$/.test(r.tokens[0]!.raw);
  return r.tokens.filter((t, k) => !(k === 0 && dayAfterMonth) && !/^\(\d\)$/.test(t.raw));
}

/** Lines from the top of a segment that are its column header (before the first row with a label and amounts). */
export function headerEnd(rows: Tokenised[]): number {
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    if (r.tokens.length === 0) continue;
    const label = r.line.text.slice(0, r.labelEnd);
    // "Years ended December 31", "2018 2017 2016", "July 29, 2023 July 30, 2022": dates and years, no amounts
    if (amountTokens(r).filter((t) => !isYearWord(t.raw)).length === 0) continue;
    if (LETTER.test(label) && !/^\s*(?:\(?(?:in|dollars|amounts|unaudited|\$)\b)/i.test(label)) return i;
  }
  return rows.length;
}
