/**
 * Dates as written, English and Swedish, with their precision: "1 December 2024", "den 1 december
 * 2024", "i december 2024", "Stockholm i juni 1972", "December 31, 2018", "2024-09-30", "1972".
 * A partial date keeps its precision (month/year) and its ISO date is the first day of the
 * month/year — never an invented day.
 */
import { monthNumber, monthWords } from "@/lib/periods/months";
import type { DatePrecision } from "../types";

/** Full month names, English and Swedish: the patterns below match only these, so monthNumber reads each. */
const MONTH_WORDS = monthWords({ swedish: true });

export interface ParsedDate {
  date: string;
  precision: DatePrecision;
  start: number;
  end: number;
  text: string;
}

const pad = (n: number) => String(n).padStart(2, "0");
function valid(y: number, m: number, d: number) {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d && y >= 1800 && y <= 2100;
}

// Whitespace in the patterns tolerates line breaks ("den 8 de-\ncember 1970" handled by the caller's canonical text).
export const DATE_RE = new RegExp(
  [
    // (a day printed letter-spaced after "den" or a range's dash: "den 2 0 april 2031", "1 3 - 1 5 mars 1990")
    `(?<dmy>(?:\\b(?<d1>\\d{1,2})|(?<=\\bden |[-–—] ?)(?<d1s>\\d \\d))\\s+(?<m1>${MONTH_WORDS})\\s+(?<y1>(?:18|19|20)\\d\\d)\\b)`,
    `(?<mdy>\\b(?<m2>${monthWords()})\\s+(?<d2>\\d{1,2}),\\s*(?<y2>(?:18|19|20)\\d\\d)\\b)`,
    `(?<isod>\\b(?<y3>(?:19|20)\\d\\d)-(?<m3>\\d\\d)-(?<d3>\\d\\d)\\b)`,
    `(?<my>\\b(?<m4>${MONTH_WORDS})\\s+(?<y4>(?:18|19|20)\\d\\d)\\b)`,
  ].join("|"),
  "gi",
);

export function findDates(text: string): ParsedDate[] {
  const out: ParsedDate[] = [];
  for (const m of text.matchAll(DATE_RE)) {
    const g = m.groups!;
    let y = 0, mo = 0, d = 0;
    let precision: DatePrecision = "day";
    let start = m.index!;
    if (g.dmy) {
      y = +g.y1!; mo = monthNumber(g.m1!); d = +(g.d1 ?? g.d1s!.replace(" ", ""));
      // a range of days ("13–15 mars 1990", "den 1 3 - 1 5 mars 1990") is dated from its first day
      const range = /(?<![\d])(\d{1,2}|\d \d) ?[-–—] ?$/.exec(text.slice(Math.max(0, start - 8), start));
      const first = range ? +range[1]!.replace(" ", "") : 0;
      if (range && first >= 1 && first < d) { d = first; start -= range[0].length; }
    }
    else if (g.mdy) { y = +g.y2!; mo = monthNumber(g.m2!); d = +g.d2!; }
    else if (g.isod) { y = +g.y3!; mo = +g.m3!; d = +g.d3!; }
    else if (g.my) { y = +g.y4!; mo = monthNumber(g.m4!); d = 1; precision = "month"; }
    if (!mo || !valid(y, mo, d)) continue;
    const end = m.index! + m[0].length;
    out.push({ date: `${y}-${pad(mo)}-${pad(d)}`, precision, start, end, text: text.slice(start, end) });
  }
  return out;
}

/** One date phrase → date + precision; a bare year is year precision. */
export function parseDateText(s: string): { date: string; precision: DatePrecision } | null {
  const d = findDates(s)[0];
  if (d) return { date: d.date, precision: d.precision };
  const y = /\b((?:18|19|20)\d\d)\b/.exec(s);
  return y ? { date: `${y[1]}-01-01`, precision: "year" } : null;
}
