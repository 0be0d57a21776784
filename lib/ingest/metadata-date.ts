/**
 * A document's date from its first pages: the day it was issued, signed or published when the
 * text says so ("Stockholm, 14 March 2024", "Date: 2024-03-14", "Published 14 March 2024",
 * "Stockholm i mars 2024", "Stockholm den 14 mars 2024"), else a date standing alone on a cover
 * line, else the end of the period it reports on ("For the fiscal year ended December 31, 2018",
 * "Financial year 1 January – 31 December 2023"), else an "as of" date. Dates that refer to
 * something else ("supersedes the annual report dated 15 March 2024", "to be held on May 14,
 * 2019", "Regeringen beslutade den 29 augusti 2013") never date the document.
 */
import { MONTH, monthNumber } from "@/lib/periods";
import { sheetCells } from "./sheet-cells";

export type DateBasis = "issued" | "cover" | "period_end" | "as_of";
export interface InferredDate {
  date: string; // ISO yyyy-mm-dd (a month-only issue date is the 1st of that month)
  basis: DateBasis;
  precision: "day" | "month";
}

/** Month names, English and Swedish, full and abbreviated (lib/periods/months.ts). */
const MON = MONTH;
const monthOf = (name: string) => monthNumber(name) || undefined;
const YEAR = String.raw`((?:19|20)\d\d)`;
const DAY = String.raw`(\d{1,2})(?:st|nd|rd|th)?`;
const WEEKDAY = String.raw`(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|måndag|tisdag|onsdag|torsdag|fredag|lördag|söndag)(?:,\s*|\s+(?:the\s+)?))?`;
/** 14 March 2024 | March 14, 2024 | 2024-03-14 | March 2024 (month precision), each optionally after a weekday. */
const DATE = new RegExp(
  String.raw`${WEEKDAY}(?:\b${DAY}\.?\s+(${MON})\.?,?\s+${YEAR}\b|\b(${MON})\.?\s+${DAY},?\s+${YEAR}\b|\b${YEAR}-(\d\d)-(\d\d)\b|\b(${MON})\.?\s+${YEAR}\b)`,
  "giu",
);

interface Found { iso: string; precision: "day" | "month"; index: number; end: number }

function toIso(y: number, m: number | undefined, d: number): string | null {
  if (!m || m < 1 || m > 12 || d < 1 || d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return null;
  return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

function datesIn(line: string): Found[] {
  const out: Found[] = [];
  for (const m of line.matchAll(DATE)) {
    const [, d1, m1, y1, m2, d2, y2, y3, m3, d3, m4, y4] = m;
    let iso: string | null = null;
    let precision: Found["precision"] = "day";
    if (y1) iso = toIso(+y1, monthOf(m1!), +d1!);
    else if (y2) iso = toIso(+y2, monthOf(m2!), +d2!);
    else if (y3) iso = toIso(+y3, +m3!, +d3!);
    else if (y4) {
      iso = toIso(+y4, monthOf(m4!), 1);
      precision = "month";
    }
    if (iso) out.push({ iso, precision, index: m.index!, end: m.index! + m[0].length });
  }
  return out;
}

/** Words that never make a "<Place>, <date>" (a month, a label, a statement's title: "Balance Sheet, 31 December 2023"). */
const NOT_PLACE = new RegExp(
  `^(?:${MON}|as|at|on|of|per|date|dated|datum|the|and|or|version|report|rapport|sheet|sheets|statement|statements|position|income|accounts|balance|year|quarter|period|total|note)$`, "i",
);
const isPlace = (name: string | undefined) => !!name && !name.split(/[\s-]+/).some((w) => NOT_PLACE.test(w.replace(/\.$/, "")));
/** "Stockholm, " / "Redmond, Washington, " / "Corrected version, Stockholm, " / Swedish "Stockholm den " / "Stockholm i ". */
const PLACE_TAIL = /(?:^|[|,;:•·–—(]\s*|\s)(\p{Lu}[\p{L}'’.-]+(?:[ -]\p{Lu}[\p{L}'’.-]+){0,2})(?:,\s*(\p{Lu}[\p{L}. ]+))?(,|\s+den|\s+i)\s*$/u;
/** A label right before the date: "Date:", "Dated", "Datum |" at a line's or a cell's start … */
const LABEL_AT_START = /(?:^|[|•·:;]\s*)(?:date|dated|datum|daterad|report date|date of (?:issue|publication|signing|report))\s*[:|.–—-]?\s*(?:the\s+)?$/i;
/** … or a verb of issuing, possibly with its clause ("Issued by X to Y on 14 October 2024"). */
const ISSUE_VERB = /\b(?:published|issued|released|signed|prepared|approved(?: for (?:issue|publication))?|publicerad|publicerades|utfärdad|undertecknad|undertecknades|upprättad|avgiven|avgivet)\b(?:[^.\n|]{0,80}?\b(?:on|den))?\s*[:|–—-]?\s*(?:the\s+)?$/i;
/** The sentence talks about another document: its dates are not this one's. */
const OTHER_DOCUMENT = /\b(?:supersed\w*|replac\w*|correct(?:s|ed|ing)?\b(?! version)|amend\w*|restat\w*|ersätt\w*|rättar|previous|earlier|original|föregående|tidigare|see|se)\b/i;
const RANGE_END = new RegExp(String.raw`(?:\b(?:${MON})\.?\s*|\d)\s*[–—-]\s*$|\b(?:to|through|till|t\.o\.m\.)\s*$`, "i");
const PERIOD_CUE = /(?:\b(?:ended|ending|end of|year-end of|year end(?:ed)?|closing date|balansdagen|räkenskapsåret|räkenskapsår)\s*(?:the\s+)?$)/i;
const AS_OF_CUE = /\b(?:as of|as at|at|per|per den|pr\.?)\s*$/i;
/** The previous line ends mid-sentence: a date at the next line's start continues it. */
const CONTINUES = /(?:\b(?:the|its|his|her|their|our|a|an|of|on|at|as|for|to|in|by|from|with|dated|ended|ending|and|or|per|den|i|av|till|från|för|held|be|was|is|were|will|before|after|since|until|between)|[,(])\s*$/i;
const SEPARATOR_TAIL = /(?:^|[|•·–—:])\s*(?:den\s+)?$/i;

type Tier = 0 | 1 | 2 | 3 | null;
const BASIS: DateBasis[] = ["issued", "cover", "period_end", "as_of"];

function classify(before: string, prevLine: string, after: string, alone: boolean): Tier {
  const own = before.trim() === "";
  const ctx = own ? (prevLine.trim() ? `${prevLine.trim()} ` : "") : before;
  if (/^\s*[–—-]\s*(?:\d|\p{L})/u.test(after) || /^\s*(?:to|till|through|t\.o\.m\.)\s/i.test(after)) return null; // a range's start
  const place = ctx.match(PLACE_TAIL);
  if (place && isPlace(place[1]) && (!place[2] || isPlace(place[2].trim())) && (!own || place[3] !== ",")) return 0;
  if (OTHER_DOCUMENT.test(ctx.split(/[.|]\s/).pop() ?? "")) return null;
  if (LABEL_AT_START.test(ctx) || ISSUE_VERB.test(ctx)) return 0;
  if (/\bmeeting\s+(?:held\s+)?(?:on|of)\s*(?:the\s+)?$|\b(?:sammanträde|möte|stämma)\s+(?:den\s+)?$/i.test(ctx)) return 1;
  if (RANGE_END.test(ctx) || PERIOD_CUE.test(ctx)) return 2;
  if (AS_OF_CUE.test(ctx)) return 3;
  if (!alone) return null; // "July 29, 2023 January 28, 2023 July 30, 2022": a table's column heads
  if (!own) return SEPARATOR_TAIL.test(before) ? 1 : null;
  return CONTINUES.test(prevLine) ? null : 1;
}

/** Plain text of a sheet line ("A5: Date | B5: 8 November 2024" → "Date | 8 November 2024"); table rows (3+ cells) are data. */
function lineText(line: string): string | null {
  const cells = sheetCells(line);
  if (!cells) return line;
  const filled = cells.filter(Boolean);
  return filled.length >= 3 ? null : filled.join(" | ");
}

/** The document's date from its first pages' text (see the file comment for the order of preference). */
export function inferDocumentDate(head: string): InferredDate | undefined {
  const best: Array<InferredDate | undefined> = [];
  let prev = "";
  for (const raw of head.split("\n")) {
    const line = lineText(raw.replace(/\s+/g, " ").trim());
    if (line === null) {
      prev = "";
      continue;
    }
    const found = datesIn(line);
    for (const f of found) {
      const tier = classify(line.slice(0, f.index), prev, line.slice(f.end), found.length === 1);
      if (tier === null || best[tier]) continue;
      if (f.precision === "month" && tier !== 0) continue; // "as of September 2024" is too vague to date a document
      best[tier] = { date: f.iso, basis: BASIS[tier]!, precision: f.precision };
    }
    prev = line;
  }
  return best.find(Boolean);
}
