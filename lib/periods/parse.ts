/**
 * Reads a period label as findings, tables and analysts write it: "FY2023", "FY 2023", "fy23",
 * "FY'23", "Fiscal 2023", "financial year 2023", "2023", "FY2023A", "FY2024 (ending Jun)",
 * "Q3 2024", "3Q24", "2024 Q3", "Q3-2024", "third quarter of 2024", "H1 2024", "1H 2024",
 * "9M 2024", "nine months 2024", "30 September 2024", "September 30, 2024", "as of 31 Dec 2023",
 * "2024-09-30", "September 2024", "2024-09", Swedish "helåret 2023", "räkenskapsåret 2023",
 * "tredje kvartalet 2024", "första halvåret 2024", "30 september 2024", and a date range of a
 * whole year, half, nine months or quarter ("2023-01-01 – 2023-12-31").
 */
import { makePeriod, type Period } from "./period";
import { lastDayOfMonth, MONTH, monthNumber, year4 } from "./months";
import { parseEndedLabel } from "./ended";

const YEAR = "((?:19|20)\\d\\d)";
const ORDINALS: Record<string, number> = {
  first: 1, second: 2, third: 3, fourth: 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4,
  första: 1, andra: 2, tredje: 3, fjärde: 4,
};
const ORDINAL = `(${Object.keys(ORDINALS).join("|")})`;

/** Words after a label that make it another span than the label's own ("Q3 2024 YTD" is nine months). */
const OTHER_SPAN = /\b(?:ytd|year[- ]to[- ]date|ltm|ttm|trailing|rolling|cumulative|last twelve)\b/;

type Reader = [RegExp, (m: RegExpMatchArray, yearEndMonth?: number) => Period | undefined];

/** Whole-label forms, tried on the lower-cased label without its parenthetical. */
const WHOLE: Reader[] = [
  [/^(?:iso\s*)?(\d{4})-(\d{2})-(\d{2})$/, (m) => isoPoint(+m[1]!, +m[2]!, +m[3]!)],
  [/^(\d{4})-(\d{2})$/, (m) => isoPoint(+m[1]!, +m[2]!)],
  [/^(?:(?:räkenskapsåret|räkenskapsår|fiscal year|financial year|period)\s+)?(\d{4})-(\d{2})-(\d{2})\s*(?:-|–|—|to)\s*(\d{4})-(\d{2})-(\d{2})$/, (m) => fromRange(m)],
  [/^(?:q([1-4])|([1-4])q)[\s_-]*(?:fy[\s_-]*)?'?((?:19|20)?\d\d)$/, (m) => makePeriod("Q", year4(m[3]!), Number(m[1] ?? m[2]))],
  [new RegExp(`^(?:fy[\\s_-]*)?${YEAR}[\\s_-]*q([1-4])$`), (m) => makePeriod("Q", +m[1]!, Number(m[2]))],
  [new RegExp(`^${ORDINAL} (?:quarter|kvartalet)(?: of)? ${YEAR}$`), (m) => makePeriod("Q", +m[2]!, ORDINALS[m[1]!])],
  [/^(?:h([12])|([12])h)[\s_-]*(?:fy[\s_-]*)?'?((?:19|20)?\d\d)$/, (m) => makePeriod("H", year4(m[3]!), Number(m[1] ?? m[2]))],
  [new RegExp(`^${YEAR}[\\s_-]*h([12])$`), (m) => makePeriod("H", +m[1]!, Number(m[2]))],
  [new RegExp(`^(first|second|första|andra) (?:half|halvåret)(?: of)?(?: the year)? ${YEAR}$`), (m) => makePeriod("H", +m[2]!, ORDINALS[m[1]!])],
  [new RegExp(`^(?:9m|nine months|9 months|ytd q3|first nine months(?: of)?|(?:de )?första nio månaderna)[\\s_-]*'?${YEAR}$`), (m) => makePeriod("9M", +m[1]!)],
  // "FY2023", "FY23", "FY'23", "fiscal 2023", "full-year 2023", "2023", "2023A"; a bare two digits needs a prefix
  [/^(fy|fiscal(?: year)?|financial year|full[- ]year|year)?[\s_-]*'?((?:19|20)\d\d|\d\d)[abef]?$/, (m, end) =>
    m[2]!.length === 2 && !/^(?:fy|fiscal)/.test(m[1] ?? "") ? undefined : makePeriod("FY", year4(m[2]!), undefined, end)],
  [new RegExp(`^(?:helåret|helår|räkenskapsåret|räkenskapsår|verksamhetsåret|verksamhetsår|året)\\s+${YEAR}$`), (m, end) => makePeriod("FY", +m[1]!, undefined, end)],
  [new RegExp(`^(\\d{1,2})(?:st|nd|rd|th)?\\s+(${MONTH})\\.?,?\\s+(\\d{4})$`), (m) => point(+m[3]!, m[2]!, +m[1]!)],
  [new RegExp(`^(${MONTH})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})$`), (m) => point(+m[3]!, m[1]!, +m[2]!)],
  [new RegExp(`^(?:end of\\s+)?(${MONTH})\\.?\\s+(\\d{4})$`), (m) => point(+m[2]!, m[1]!)],
];

/** Label heads read even with words after them ("FY2023 restated", "Q3 2024 unaudited"). */
const HEAD = /^((?:fy|fiscal(?:\s+year)?)\s*'?(?:\d{4}|\d\d)|[qh][1-4]\s*'?(?:\d{4}|\d\d)|9m\s*'?(?:\d{4}|\d\d))\b(.*)$/;

function isoPoint(year: number, month: number, day?: number): Period | undefined {
  if (month < 1 || month > 12 || (day !== undefined && (day < 1 || day > lastDayOfMonth(year, month)))) return undefined;
  return makePeriod("point", year, undefined, month, day);
}

function point(year: number, month: string, day?: number): Period | undefined {
  return isoPoint(year, monthNumber(month), day);
}

/** "2023-01-01 – 2023-12-31" → FY2023; "2024-07-01 – 2024-09-30" → Q3 2024; other spans: none. */
function fromRange(m: RegExpMatchArray): Period | undefined {
  const [sy, sm, sd, ey, em, ed] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (sd !== 1 || ed !== lastDayOfMonth(ey, em)) return undefined;
  const months = (ey - sy) * 12 + (em - sm) + 1;
  if (months === 12) return makePeriod("FY", ey, undefined, em);
  if (months === 3 && em % 3 === 0) return makePeriod("Q", ey, em / 3);
  if (months === 6 && em % 6 === 0) return makePeriod("H", ey, em / 6);
  if (months === 9 && em === 9) return makePeriod("9M", ey);
  return undefined;
}

function readWhole(core: string, yearEndMonth?: number): Period | undefined {
  for (const [re, read] of WHOLE) {
    const m = core.match(re);
    if (m) return read(m, yearEndMonth);
  }
  return undefined;
}

/** A stored or written period label → Period; undefined when it names no period Manda can read. */
export function parsePeriod(label: string | null | undefined): Period | undefined {
  if (!label) return undefined;
  const text = label.trim().replace(/\s+/g, " ").replace(/[’‘]/g, "'").toLowerCase();
  if (!text) return undefined;
  const ended = parseEndedLabel(text);
  if (ended) return ended;
  // "FY2024 (ending Jun)", "fiscal year ended 30 June": a year-end qualifier for fiscal years
  const ending = text.match(new RegExp(`end(?:ing|ed|s)?\\s+(?:\\d{1,2}\\s+)?(${MONTH})\\b`));
  const yearEndMonth = ending ? monthNumber(ending[1]!) : undefined;
  const core = text
    .replace(/^(?:as (?:of|at)|at|per)\s+/, "")
    .replace(/\s*\(.*\)\s*$/, "")
    .trim();
  const whole = readWhole(core, yearEndMonth);
  if (whole) return whole;
  const head = core.match(HEAD);
  if (head && !OTHER_SPAN.test(head[2]!)) return readWhole(head[1]!.replace(/\s+/g, " "), yearEndMonth);
  return undefined;
}
