/**
 * A page's text as answerable units: sentences, table rows, headings and noise.
 *
 * Filing text from PDFs wraps sentences across lines, repeats running headers ("Table of
 * Contents", page numbers), and lays tables out one row (or one cell) per line. Only sentences,
 * and the rows of a people table ("Name Age Position"), can answer a narrative question;
 * headings, page furniture and figure rows never do. Each unit's text is the page's own words
 * with whitespace collapsed, so the document viewer can find and highlight it.
 */

import { splitSentences } from "@/lib/extraction/sentences";
import { withoutYearWords } from "@/lib/periods/years";

export type UnitKind = "sentence" | "row" | "person_row" | "heading" | "noise";

export interface Unit {
  text: string;
  kind: UnitKind;
  /** Order on the page. */
  index: number;
  /** Starts in the middle of a sentence (continued from the previous page or column). */
  fragment?: boolean;
  /** Breaks off without ending (continued on the next page). */
  cut?: boolean;
}

type LineKind = "blank" | "noise" | "heading" | "row" | "text" | "bullet";

const NOISE = /^\s*(?:table of contents|index to (?:consolidated )?financial statements|innehållsförteckning|page \d+|sida \d+|\d{1,4}|[ivxlc]{1,6}|part\s+[ivx]+|del\s+\d+)\s*$/i;
const ITEM_HEADING = /^\s*(?:item\s+\d{1,2}[a-c]?\b|note\s+\d{1,2}\b|kapitel\s+\d+|bilaga\s+\d+)/i;
const TERMINAL = /[.!?:;]["”’)]?\s*$/;
const NAME = String.raw`\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){1,4}`;
const ROLE = String.raw`(?:officer|president|chair(?:man|woman|person)?|director|secretary|treasurer|controller|counsel|partner|founder|direktör|ordförande|utredare|sekreterare)`;
const TITLE_START = String.raw`(?:President|Chief|Chair(?:man|woman|person)?|Executive|Senior|Vice|General|Director|Secretary|Treasurer|Controller|Founder|Managing|Verkställande|Ordförande|Särskild)`;
/** People-table rows: "Name 63 Title", "Name Title 63 Experience …", and "Name Title" (signatures). */
const PERSON_ROWS = [
  new RegExp(String.raw`^${NAME}[,\s]+\d{2}[,\s]+\p{Lu}.*$`, "u"),
  new RegExp(String.raw`^${NAME}\s+${TITLE_START}\b(?=[^\d]*\b${ROLE}\b)[^\d]{0,150}?\s\d{2}\s+\p{Lu}.*$`, "iu"),
  new RegExp(String.raw`^${NAME}\s+${TITLE_START}\b[^\d.;:]{0,120}\b${ROLE}\b[^\d.;:]{0,60}$`, "iu"),
];
const isPersonRow = (line: string) => PERSON_ROWS.some((re) => re.test(line.trim()));
const AGE_LINE = /^\s*\d{2}\s*$/;
const NAME_LINE = new RegExp(String.raw`^\s*${NAME}\s*$`, "u");

function numberTokens(line: string): number {
  return (withoutYearWords(line).match(/\(?\$?\d[\d,.]*%?\)?/g) ?? []).length;
}

function upperShare(line: string): number {
  const letters = line.match(/\p{L}/gu) ?? [];
  if (letters.length === 0) return 0;
  return letters.filter((c) => c === c.toUpperCase() && c !== c.toLowerCase()).length / letters.length;
}

function lineKind(line: string, atParagraphStart: boolean, next: string | undefined): LineKind {
  const t = line.trim();
  if (!t) return "blank";
  if (NOISE.test(t) || /^[\W\d_]+$/u.test(t)) return "noise";
  if (/\.{4,}|…{2,}/.test(t) || (/\s\d{1,3}$/.test(t) && !TERMINAL.test(t) && t.length < 100 && atParagraphStart)) return "noise"; // contents lines: "Legal Proceedings .... 108"
  if (isPersonRow(t)) return "row";
  // a figure row: mostly numbers (a wrapped sentence with a few figures is not one)
  const numbers = numberTokens(t);
  if (/\|/.test(t) || (numbers >= 3 && numbers / t.split(/\s+/).length >= 0.3) || (numbers >= 2 && !/\p{Ll}{3,}/u.test(t)) || /\S\s{3,}\S.*\s{3,}\S/.test(t)) return "row";
  if (/^[•●▪◦∙·\-–]\s*/.test(t) && t.length > 2) return "bullet";
  if (ITEM_HEADING.test(t) && t.length < 120 && !/[a-z]{3,}.*\.\s+\p{Lu}/u.test(t.slice(20))) return "heading";
  if (upperShare(t) > 0.8 && (t.match(/\p{L}/gu) ?? []).length >= 3 && t.length < 160) return "heading";
  const nextStartsNew = !next || !next.trim() || /^\s*[\p{Lu}•●▪\d]/u.test(next);
  if (atParagraphStart && t.length < 80 && !TERMINAL.test(t) && !/,$/.test(t) && nextStartsNew) return "heading";
  return "text";
}

/** Marks a merged people-table row so the segmenter keeps it whole (stripped before use). */
const ROW_MARK = "\u0000";
const TITLE_LINE = /^\s*\p{Lu}[^\d]{2,80}$/u;
const TITLE_MORE = /^\s*[^\d\s][^\d]{1,80}$/u;
const ROLE_WORD = /\b(?:officer|president|chair(?:man|woman|person)?|director|secretary|treasurer|controller|counsel|partner|founder|direktör|ordförande|utredare|sekreterare)\b/i;
const AGE_FIRST = /^\s*\d{2}\s+\p{Lu}/u;

/**
 * People tables laid out one cell per line become one row: "Name", "63", "Chief Executive Officer",
 * or "Name", a title wrapped over lines, then "63 Chief Executive Officer since …" (the age opens
 * the experience column).
 */
function mergePersonCells(lines: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const a = lines[i]!;
    if (!NAME_LINE.test(a)) {
      out.push(a);
      continue;
    }
    const [b, c] = [lines[i + 1], lines[i + 2]];
    if (b !== undefined && c !== undefined && AGE_LINE.test(b) && /\p{Lu}/u.test(c) && c.trim().length < 120) {
      out.push(`${ROW_MARK}${a.trim()} ${b.trim()} ${c.trim()}`);
      i += 2;
      continue;
    }
    let j = i + 1;
    while (j < lines.length && !lines[j]!.trim()) j++;
    const title: string[] = [];
    while (j < lines.length && title.length < 3 && (title.length ? TITLE_MORE : TITLE_LINE).test(lines[j]!) && !AGE_FIRST.test(lines[j]!)) title.push(lines[j++]!.trim());
    if (title.length && j < lines.length && AGE_FIRST.test(lines[j]!)) {
      out.push(`${ROW_MARK}${a.trim()} ${title.join(" ")} ${lines[j]!.trim()}`);
      i = j;
      continue;
    }
    // a signature block or a name over its title: "Jane Doe" / "President and Chief Executive Officer"
    if (title.length === 1 && ROLE_WORD.test(title[0]!) && (j >= lines.length || !lines[j]!.trim() || NAME_LINE.test(lines[j]!) || /^\s*\/s\//.test(lines[j]!))) {
      out.push(`${ROW_MARK}${a.trim()} ${title[0]}`);
      i = j - 1;
      continue;
    }
    out.push(a);
  }
  return out;
}

const collapse = (s: string) => s.replace(/\s+/g, " ").trim();

/** The page's units in order. */
/** A sentence whose subject is the previous sentence's change: "The increase was …", "This decline reflects …". */
const POINTS_TO_PREVIOUS = /^(?:The|This|These|Such|That)\s+(?:\p{Ll}+\s+)?(?:increases?|decreases?|declines?|changes?|improvements?|growth|reductions?|rises?|drops?|shortfall|variances?|differences?)\b/u;

export function segmentPage(text: string): Unit[] {
  const lines = mergePersonCells(text.replace(/\r/g, "").split("\n"));
  const units: Unit[] = [];
  const push = (t: string, kind: UnitKind, fragment = false) => {
    const c = collapse(t);
    if (c) units.push({ text: c, kind, index: units.length, ...(fragment ? { fragment } : {}) });
  };
  let para: string[] = [];
  const flush = () => {
    if (!para.length) return;
    const joined = collapse(para.join(" "));
    para = [];
    const sentences = splitSentences(joined);
    sentences.forEach((s, i) => {
      // "… an increase of $1.0 billion. The increase was primarily due to …": a sentence naming its
      // subject only as "the increase" stays with the sentence that names it
      const last = units[units.length - 1];
      if (i > 0 && last?.kind === "sentence" && POINTS_TO_PREVIOUS.test(s)) {
        last.text = `${last.text} ${s}`;
        if (i === sentences.length - 1 && !/[.!?:;]["”’)]?$/.test(s)) last.cut = true;
        return;
      }
      const words = s.split(/\s+/);
      const titleCase = words.length < 10 && words.every((w) => /^[\p{Lu}\d("“&—–-]/u.test(w) || /^(?:of|and|the|for|in|on|to|a|an|or|och|i|av)$/.test(w));
      const kind: UnitKind = words.length >= 4 && /\p{Ll}/u.test(s) && !titleCase ? "sentence" : "heading";
      push(s, kind, i === 0 && /^[\p{Ll}(,;]/u.test(s));
      if (i === sentences.length - 1 && kind === "sentence" && !/[.!?:;]["”’)]?$/.test(s)) units[units.length - 1]!.cut = true;
    });
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith(ROW_MARK)) {
      flush();
      push(line.slice(1), "person_row");
      continue;
    }
    const kind = lineKind(line, para.length === 0, lines[i + 1]);
    if (kind === "text") {
      para.push(line);
      continue;
    }
    flush();
    if (kind === "bullet") para.push(line.trim().replace(/^[•●▪◦∙·\-–]\s*/, ""));
    else if (kind === "row") push(line, isPersonRow(line) ? "person_row" : "row");
    else if (kind === "heading" || kind === "noise") push(line, kind);
  }
  flush();
  return units;
}
