/**
 * The sentence a date stands in, and an event's description read from it.
 *
 * Sentences are split by the shared sentence reader (../sentences: the narrative reader's
 * `splitSentences`, one abbreviation list for the whole product, bullets starting a sentence),
 * inside one paragraph of the page (a blank line ends it) and one cell (CELL_BREAK from the
 * layout reading), so a heading printed on its own line or the next cell of a table is no part of
 * the sentence. The description then starts where the sentence starts — never inside it, which
 * lost the subject ("…appointed Executive Vice President in September 2014": who?) — and only a
 * sentence too long to show is cut, at a clause boundary that keeps the date's clause whole.
 */
import { canonicalize, EXCERPT_MAX, EXCERPT_MIN, locateExcerpt } from "../citation";
import type { TextSpan } from "@/lib/ingest/types";
import type { ExtractionPage } from "../types";
import { CELL_BREAK } from "../entities/layout";
import { sentencesWithOffsets } from "../sentences";

/** Longest description shown whole; a longer sentence is cut around the date's clause. */
export const DESCRIPTION_MAX = 200;

export interface Sentence {
  /** The sentence, whitespace collapsed. */
  text: string;
  /** Offsets of its first and last character in the page text. */
  start: number;
  end: number;
  /** Where the date stands in `text`. */
  dateAt: number;
  dateEnd: number;
  /** The paragraph (and cell) the sentence stands in, whitespace collapsed. */
  paragraph: string;
}

/** A paragraph's sentences, split once however many dates it holds (keyed by the paragraph's bounds). */
export type ParagraphCache = Map<string, { text: string; map: number[]; sentences: Array<{ text: string; start: number }> }>;

/**
 * The sentence of `text` (a page's layout text: same offsets as the page) holding [s, e), read
 * within its paragraph and cell. Null when the date is not found whole in one sentence.
 */
export function sentenceAt(text: string, s: number, e: number, cache: ParagraphCache = new Map()): Sentence | null {
  const para = paragraphBounds(text, s, e);
  const k = `${para[0]}:${para[1]}`;
  let p = cache.get(k);
  if (!p) {
    const c = canonicalize(text.slice(para[0], para[1]));
    p = { text: c.text, map: c.map, sentences: sentencesWithOffsets(c.text) };
    cache.set(k, p);
  }
  const { map } = p;
  const offset = (i: number) => para[0] + map[i]!;
  for (const { text: piece, start: at } of p.sentences) {
    const start = offset(at);
    const end = offset(at + piece.length - 1) + 1;
    if (end < e) continue;
    if (start > s) return null;
    const dateAt = map.findIndex((o) => para[0] + o >= s) - at;
    const dateEnd = map.findIndex((o) => para[0] + o >= e) - at;
    return { text: piece, start, end, dateAt, dateEnd: dateEnd < 0 ? piece.length : dateEnd, paragraph: p.text };
  }
  return null;
}

/**
 * A paragraph's end: a blank line, a markdown code fence on its own line ("```", as text converted from a PDF to
 * markdown fences its body blocks), or the start of a footnote line ("(^12) Den 19 mars 2030 …").
 */
const PARAGRAPH_BREAK = /\n[ \t]*(?:`{3}[^\n]*)?\n|\n(?=[ \t]*\(\^\d+\))/g;

/** The paragraph (between blank lines) and cell (between CELL_BREAKs) around [s, e). */
function paragraphBounds(text: string, s: number, e: number): [number, number] {
  const before = text.slice(Math.max(0, s - 3000), s);
  const blank = [...before.matchAll(PARAGRAPH_BREAK)].pop();
  let a = blank ? s - before.length + blank.index! + blank[0].length : Math.max(0, s - 3000);
  const cell = text.lastIndexOf(CELL_BREAK, s - 1);
  if (cell + 1 > a) a = cell + 1;
  const after = text.slice(e, e + 3000);
  const nextBlank = after.search(new RegExp(PARAGRAPH_BREAK.source));
  let b = nextBlank >= 0 ? e + nextBlank : Math.min(text.length, e + 3000);
  const nextCell = text.indexOf(CELL_BREAK, e);
  if (nextCell >= 0 && nextCell < b) b = nextCell;
  return [a, b];
}

/**
 * Where the sentence proper starts, past what the page glued in front of it without a stop:
 * a page number ("88 On January 24, 2014, …"), a heading ("Deferred Compensation Plan On
 * September 21, 2006, …"), or a people table's row heading a biography ("Dana Whitfield 52
 * Executive Vice President, Finance Ms. Whitfield joined …").
 */
export function gluedHeadEnd(sentence: string, dateAt: number): number {
  let from = /^[•●▪◦]\s+/u.exec(sentence)?.[0].length ?? 0;
  const page = /^\d{1,3}\s+(?=\p{Lu})/u.exec(sentence.slice(from));
  if (page) from += page[0].length;
  // a capitalised opener after a capitalised word with no stop between ("… Plan On September 21, 2006, the Board …",
  // "… Company Ltd. In July 2004, he was …": an abbreviation's stop that also ends the sentence)
  for (const m of sentence.matchAll(/(?<=\p{Lu}[\p{L}'’&.-]*\s)(?:On|In|As of|Effective|During|Beginning|Since|At)\s+(?=(?:\p{Lu}\p{Ll}+\.?\s+\d|\d))/gu)) {
    if (m.index! > from && m.index! <= dateAt) from = m.index!;
  }
  // a stop before a parenthesis that opens the next line ("… (COSO). (signed) KPMG LLP …"): splitSentences waits for a capital
  for (const m of sentence.slice(0, dateAt).matchAll(/[.!?]["”’)]?\s+(?=\(\p{Ll}+\)\s)/gu)) {
    const at = m.index! + m[0].length;
    if (at > from) from = at;
  }
  // an honorific opening a biography after a capitalised word ("… Chief Financial Officer Ms. Whitfield joined …", "… Inc. Mr. Smith was …")
  for (const m of sentence.slice(0, dateAt).matchAll(/(?<=\p{Lu}[\p{L}'’&.-]+\s)(?:Mr|Ms|Mrs|Dr)\.\s+\p{Lu}/gu)) {
    if (m.index! > from) from = m.index!;
  }
  return from;
}

/**
 * The sentence cut where a new one opens after the date behind an abbreviation's stop, which the
 * splitter reads as no end ("… Halvard (Suzhou) Company Ltd. In 2007, he …").
 */
function sentenceTail(text: string, dateEnd: number): string {
  const next = /[.]\s+(?=(?:On|In|As of|During|Beginning|Since|At)\s+(?:\p{Lu}\p{Ll}+\.?\s+\d|\d))/u.exec(text.slice(dateEnd));
  return next ? text.slice(0, dateEnd + next.index + 1) : text;
}

/**
 * The description of a date's event from its sentence: the whole sentence (from its start, past
 * anything glued before it) when it fits; else from its start through the date's clause when the
 * date comes early; else from the earliest clause boundary (",", ";", ":", a dash) close enough
 * to the date, so the clause holding the date keeps its subject or its noun ("…associated with the
 * settlement agreement … that was approved by the court on July 18, 2017").
 */
export function describeFromSentence(sent: Sentence): string {
  const from = gluedHeadEnd(sent.text, sent.dateAt);
  const text = sentenceTail(sent.text.slice(from), sent.dateEnd - from);
  const dateAt = sent.dateAt - from;
  const dateEnd = sent.dateEnd - from;
  if (text.length <= DESCRIPTION_MAX) return text;
  const cutAfter = (s: string, min: number) => {
    if (s.length <= DESCRIPTION_MAX) return s;
    const room = s.slice(0, DESCRIPTION_MAX - 1);
    const sp = room.lastIndexOf(" ");
    return `${(sp > min ? room.slice(0, sp) : room).replace(/[,;:\s]+$/, "")}…`;
  };
  if (dateEnd <= DESCRIPTION_MAX - 30) return cutAfter(text, dateEnd);
  // clause starts close enough to the date; one opening a relative clause or "dated" tells of a noun before it
  const starts: number[] = [];
  for (const m of text.slice(0, dateAt).matchAll(/[,;:]\s+|\s+[—–]\s+/g)) {
    const at = m.index! + m[0].length;
    // the comma inside a date ("December 31, 2018") is no clause start
    if (/^\d{4}\b/.test(text.slice(at))) continue;
    if (dateEnd - at <= DESCRIPTION_MAX - 40) starts.push(at);
  }
  const dependent = (at: number) => /^(?:which|who|whom|whose|that|dated)\b/.test(text.slice(at));
  let start = starts.find((at) => !dependent(at)) ?? starts[0] ?? -1;
  if (start < 0) start = Math.max(0, text.lastIndexOf(" ", Math.max(0, dateAt - 80)) + 1);
  // a relative clause or a participle keeps the noun it tells of ("… Jobs Act of 2017 (the Tax Act), which was signed into law …",
  // "… Revenue Bonds 1997 Series B, dated December 1, 2015")
  else if (dependent(start)) {
    // a list's item ("(c) Reimbursement Agreement between … 1997 Series B, dated December 1, 2015") too long to show whole:
    // its head (what is dated) and the date's clause, the middle left out
    const item = [...text.slice(0, start).matchAll(/(?:^|\s)(\([a-z0-9]{1,3}\)\s+)/g)].pop();
    const itemAt = item ? item.index! + item[0].length - item[1]!.length : -1;
    if (item && start - itemAt > 60) {
      const headRoom = text.slice(itemAt, itemAt + 90);
      const head = headRoom.slice(0, Math.max(headRoom.lastIndexOf(" "), 20)).replace(/[,;:\s]+$/, "");
      const tailRoom = DESCRIPTION_MAX - head.length - 3;
      const tailFrom = text.indexOf(" ", Math.max(itemAt + head.length, dateEnd - tailRoom) - 1) + 1;
      if (tailRoom > dateEnd - start && tailFrom > itemAt + head.length && tailFrom <= start) return `${head} … ${text.slice(tailFrom, dateEnd)}`;
    }
    const room = Math.min(60, DESCRIPTION_MAX - 10 - (dateEnd - start));
    if (room > 10) start = Math.max(0, text.lastIndexOf(" ", Math.max(0, start - room)) + 1);
  }
  return `…${cutAfter(text.slice(start), dateEnd - start)}`;
}

/** Runs wider than this (points) are measurement noise of pdfjs (blank runs thousands of points wide). */
const MAX_RUN_WIDTH = 2000;

/** A table row read back from a date in one of its cells, and the group heading it stands under (or null). */
export interface Row { text: string; group: string | null }

/**
 * A date standing in a table's cell ("Xtandi (enzalutamide) | mCSPC | Approved | April 2021", each cell
 * on its own line of the text layer): the row it belongs to is the text on the same height of the page,
 * read back from the date to the row's first cell — not the next row, which the text layer prints
 * right after it and a sentence reading would run into ("April 2021 Cibinqo …"). Null when the date
 * is not alone in its line (prose) or the page has no text positions.
 */
export function rowBefore(page: ExtractionPage, os: number, oe: number): Row | null {
  // a cell: a blank line before the date and after it (or the page's end), nothing else between ("Approved\n\nApril\n2021\n\n");
  // a date ending a wrapped line of prose ("… approved by the CPUC on\nJanuary 21, 2022.") is none
  if (!/\n[ \t]*\n[ \t]*$/.test(page.text.slice(Math.max(0, os - 8), os)) || !/^[ \t]*(?:\n[ \t]*\n|\s*$)/.test(page.text.slice(oe, oe + 8)) || !page.spans?.length) return null;
  const runs = page.spans
    .filter((r) => r.length > 0 && r.width < MAX_RUN_WIDTH && page.text.slice(r.start, r.start + r.length).trim() !== "")
    .sort((a, b) => a.start - b.start);
  const mine = runs.filter((r) => r.start < oe && r.start + r.length > os);
  if (!mine.length) return null;
  const top = Math.min(...mine.map((r) => r.y));
  const bottom = Math.max(...mine.map((r) => r.y));
  const h = Math.max(...mine.map((r) => r.height || 8));
  let i = runs.indexOf(mine[0]!);
  while (i > 0) {
    const r = runs[i - 1]!;
    if (r.y < top - 1.5 * h || r.y > bottom + 1.5 * h) break;
    i--;
  }
  const row = canonicalize(page.text.slice(runs[i]!.start, oe)).text.trim();
  const group = groupCellOf(page, runs, runs[i]!);
  // a row that is the date alone (or with its cue word) says nothing of what happened
  const words = (t: string | null) => (t ? t.split(/\s+/).length : 0);
  return words(row) + words(group) - words(page.text.slice(os, oe)) >= 3 ? { text: row, group } : null;
}

/**
 * The group heading a table row stands under, printed in a column left of the row's first cell and
 * spanning several rows ("Harbour Vaccine" beside its "Primary" and "Booster" rows): the cell of
 * short lines there whose height is nearest the row's, within a few lines. It names what the row
 * is about ("Booster | Approved | September 2022" says nothing of which product). Null when the row
 * starts in the table's first column or no such cell stands beside it.
 */
function groupCellOf(page: ExtractionPage, runs: TextSpan[], head: TextSpan): string | null {
  const h = head.height || 8;
  // lines of the column left of the row's first cell, near its height (footnote marks, "(b)", are none)
  const left = runs
    .filter((r) => r.x + r.width < head.x - h && Math.abs(r.y - head.y) <= 8 * h && /\p{L}{3}/u.test(page.text.slice(r.start, r.start + r.length)))
    .sort((a, b) => a.y - b.y);
  // consecutive lines (no more than a line and a half apart) make one cell
  const cells: Array<{ top: number; bottom: number; text: string[]; runs: TextSpan[] }> = [];
  for (const r of left) {
    const t = page.text.slice(r.start, r.start + r.length).trim();
    const last = cells[cells.length - 1];
    if (last && r.y - last.bottom <= 1.6 * h) { last.bottom = r.y; last.text.push(t); last.runs.push(r); } else cells.push({ top: r.y, bottom: r.y, text: [t], runs: [r] });
  }
  // a group heading stands alone on its lines of the text layer: one that goes on into the row's columns
  // ("Paxlovid (…) COVID-19 in high-risk adults") is another row's first cell
  const lineOf = (at: number) => [page.text.lastIndexOf("\n", at) + 1, (page.text.indexOf("\n", at) + 1 || page.text.length + 1) - 1];
  const rowOfItsOwn = (c: { runs: TextSpan[] }) => c.runs.some((g) => {
    const [a, b] = lineOf(g.start);
    return runs.some((r) => r.start >= a && r.start < b && r.x >= head.x - h);
  });
  const dist = (c: { top: number; bottom: number }) => (head.y < c.top ? c.top - head.y : head.y > c.bottom ? head.y - c.bottom : 0);
  const near = cells.filter((c) => dist(c) <= 5 * h && c.text.length <= 4 && c.text.every((t) => t.length <= 40) && !/\b(?:19|20)\d\d\b/.test(c.text.join(" ")) && !rowOfItsOwn(c));
  if (!near.length) return null;
  return near.reduce((a, b) => (dist(b) < dist(a) ? b : a)).text.join(" ");
}

/**
 * The citation of a date's event from the start of its sentence (past a glued head), as the
 * description reads: the whole sentence when it fits the excerpt's bounds, else its start through
 * the date cut at a word. Null when the date stands too far into the sentence or the text is not
 * found on the page as cited (the caller then picks an excerpt around the date).
 */
export function excerptFromSentence(pageText: string, sent: Sentence): string | null {
  const from = gluedHeadEnd(sent.text, sent.dateAt);
  let ex = sent.text.slice(from);
  const dateEnd = sent.dateEnd - from;
  if (ex.length > EXCERPT_MAX) {
    if (dateEnd > EXCERPT_MAX) return null;
    const room = ex.slice(0, EXCERPT_MAX);
    const sp = room.lastIndexOf(" ");
    ex = sp >= dateEnd ? room.slice(0, sp) : room;
  }
  ex = ex.trim();
  if (ex.length < EXCERPT_MIN) return null;
  return locateExcerpt(pageText, ex) ? ex : null;
}
