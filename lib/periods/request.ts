/**
 * What a question says about time ("Q3", "last year", "FY23", "third quarter of 2024", "2024 so
 * far", "tredje kvartalet 2024"), and how that request resolves against the periods the data has.
 */
import { readEndedPeriod } from "./ended";
import { lastDayOfMonth, MONTH, monthNumber, year4 } from "./months";
import { parsePeriod } from "./parse";
import { makePeriod, type Period } from "./period";

const MONTH_G = `(${MONTH})`;
/** "30 September 2024", "September 30, 2024": a day. */
const DAY_MONTH_YEAR = new RegExp(`\\b(\\d{1,2})\\s+${MONTH_G}\\.?\\s+((?:19|20)\\d\\d)\\b`, "i");
const MONTH_DAY_YEAR = new RegExp(`\\b${MONTH_G}\\.?\\s+(\\d{1,2}),?\\s+((?:19|20)\\d\\d)\\b`, "i");
/** "as of June 2023", "at the end of March 2023", "end of sept '22": a balance at the month's last day. */
const AT_MONTH_END = new RegExp(`\\b(?:as (?:of|at)|at(?: the)? end of|end of|at)\\s+${MONTH_G}\\.?,?\\s+'?((?:19|20)\\d\\d|\\d\\d)\\b`, "i");
const ORD: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4 };
const SV_ORD: Record<string, number> = { första: 1, andra: 2, tredje: 3, fjärde: 4 };

/** What the question says about time, before looking at the data. */
export interface PeriodRequest {
  /** A fully specified period ("Q3 2024", "FY2023"). */
  exact?: Period;
  /** A quarter/half without a year ("Q3") → the latest one available. */
  partial?: { kind: "Q" | "H"; n: number };
  /** Relative words. */
  relative?: "last_year" | "this_year" | "latest_quarter" | "previous_quarter" | "same_quarter_last_year" | "year_to_date";
  /** The year of a "2024 so far" / "2024 year to date" request. */
  year?: number;
  /** The raw words that expressed it. */
  phrase?: string;
}

export function readPeriodRequest(text: string): PeriodRequest {
  const t = text.replace(/[’‘]/g, "'");
  let m = t.match(/\b(?:Q([1-4])\s*(?:of\s+)?(?:FY\s*)?'?((?:19|20)\d\d|\d\d)\b|Q([1-4])((?:19|20)\d\d)\b)/i);
  if (m) return { exact: makePeriod("Q", year4(m[2] ?? m[4]!), Number(m[1] ?? m[3])), phrase: m[0] };
  m = t.match(/\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter(?:\s+of)?\s+((?:19|20)\d\d)\b/i);
  if (m) return { exact: makePeriod("Q", Number(m[2]), ORD[m[1]!.toLowerCase()]), phrase: m[0] };
  m = t.match(/\bH([12])\s*'?((?:19|20)\d\d|\d\d)\b/i) ?? null;
  if (m) return { exact: makePeriod("H", year4(m[2]!), Number(m[1])), phrase: m[0] };
  m = t.match(/\b(first|second)\s+half(?:\s+of)?\s+((?:19|20)\d\d)\b/i);
  if (m) return { exact: makePeriod("H", Number(m[2]), m[1]!.toLowerCase() === "first" ? 1 : 2), phrase: m[0] };
  m = t.match(/\b(?:9M|nine months(?: of| ended)?)\s*((?:19|20)\d\d)\b/i);
  if (m) return { exact: makePeriod("9M", Number(m[1])), phrase: m[0] };
  m = t.match(/\b(?:FY|fiscal(?:\s+year)?|full[- ]year|financial year)\s*'?((?:19|20)\d\d|\d\d)\b/i);
  if (m) return { exact: makePeriod("FY", year4(m[1]!)), phrase: m[0] };
  // Swedish: "helåret 2023", "tredje kvartalet 2024", "första halvåret 2024"
  m = t.match(/(?:^|[^\p{L}])((?:första|andra|tredje|fjärde)\s+kvartalet(?:\s+år)?\s+((?:19|20)\d\d))\b/iu);
  if (m) return { exact: makePeriod("Q", Number(m[2]), SV_ORD[m[1]!.split(/\s+/)[0]!.toLowerCase()]), phrase: m[1] };
  m = t.match(/(?:^|[^\p{L}])((första|andra)\s+halvåret(?:\s+år)?\s+((?:19|20)\d\d))\b/iu);
  if (m) return { exact: makePeriod("H", Number(m[3]), m[2]!.toLowerCase() === "första" ? 1 : 2), phrase: m[1] };
  m = t.match(/(?:^|[^\p{L}])((?:helåret|räkenskapsåret|verksamhetsåret)\s+((?:19|20)\d\d))\b/iu);
  if (m) return { exact: makePeriod("FY", Number(m[2])), phrase: m[1] };
  // A quarter, half or nine months named by its last day ("three months ended October 31, 2022"):
  // the fiscal quarter it is depends on the company, so it stays a length and an end date.
  const ended = readEndedPeriod(t);
  if (ended) return { exact: ended.period, phrase: ended.phrase };
  // A date ("30 September 2024", "September 30, 2024", "2024-09-30"): a point in time, not the year.
  m = t.match(DAY_MONTH_YEAR);
  if (m) return { exact: makePeriod("point", Number(m[3]), undefined, monthNumber(m[2]!), Number(m[1])), phrase: m[0] };
  m = t.match(MONTH_DAY_YEAR);
  if (m) return { exact: makePeriod("point", Number(m[3]), undefined, monthNumber(m[1]!), Number(m[2])), phrase: m[0] };
  m = t.match(/\b((?:19|20)\d\d)-(\d\d)-(\d\d)\b/);
  if (m) return { exact: makePeriod("point", Number(m[1]), undefined, Number(m[2]), Number(m[3])), phrase: m[0] };
  // "12/31/22", "4/30/2023": month first, as US filings and analysts write dates
  m = t.match(/(?<![\d/])(\d{1,2})\/(\d{1,2})\/((?:19|20)\d\d|\d\d)(?![\d/])/);
  if (m && Number(m[1]) >= 1 && Number(m[1]) <= 12 && Number(m[2]) >= 1 && Number(m[2]) <= lastDayOfMonth(year4(m[3]!), Number(m[1]))) {
    return { exact: makePeriod("point", year4(m[3]!), undefined, Number(m[1]), Number(m[2])), phrase: m[0] };
  }
  m = t.match(AT_MONTH_END);
  if (m) {
    const [year, month] = [year4(m[2]!), monthNumber(m[1]!)];
    return { exact: makePeriod("point", year, undefined, month, lastDayOfMonth(year, month)), phrase: m[0] };
  }
  // "2024 so far", "2024 year to date", "YTD 2024": the latest cumulative period of that year
  m = t.match(/\b((?:19|20)\d\d)\s+(?:so far|to date|year[- ]to[- ]date|ytd)\b|\b(?:ytd|year[- ]to[- ]date)\s+((?:19|20)\d\d)\b|\bso far (?:in|this year,?)\s+((?:19|20)\d\d)\b/i);
  if (m) return { relative: "year_to_date", year: Number(m[1] ?? m[2] ?? m[3]), phrase: m[0] };
  if (/\bsame quarter (?:last|previous|prior) year\b|\bprior[- ]year quarter\b/i.test(t)) return { relative: "same_quarter_last_year", phrase: "same quarter last year" };
  if (/\b(?:last|previous|prior) quarter\b/i.test(t)) return { relative: "previous_quarter", phrase: "last quarter" };
  if (/\b(?:latest|most recent|current) quarter\b/i.test(t)) return { relative: "latest_quarter", phrase: "latest quarter" };
  if (/\b(?:last|previous|prior) year\b/i.test(t)) return { relative: "last_year", phrase: "last year" };
  if (/\b(?:this year|year to date|ytd)\b/i.test(t)) return { relative: "this_year", phrase: "this year" };
  m = t.match(/\b(?:Q([1-4])|(first|second|third|fourth) quarter)\b/i);
  if (m) return { partial: { kind: "Q", n: m[1] ? Number(m[1]) : ORD[m[2]!.toLowerCase()]! }, phrase: m[0] };
  m = t.match(/(?:^|[^\p{L}])(första|andra|tredje|fjärde)\s+kvartalet(?![\p{L}])/iu);
  if (m) return { partial: { kind: "Q", n: SV_ORD[m[1]!.toLowerCase()]! }, phrase: m[0].trim() };
  m = t.match(/\bH([12])\b|\b(first|second) half\b/i);
  if (m) return { partial: { kind: "H", n: m[1] ? Number(m[1]) : m[2]!.toLowerCase() === "first" ? 1 : 2 }, phrase: m[0] };
  m = t.match(/(?:^|[^\w.])((?:19|20)\d\d)(?![\w.])/);
  if (m) return { exact: makePeriod("FY", Number(m[1])), phrase: m[1] };
  return {};
}

export interface ResolvedPeriod {
  period?: Period;
  /** How the period was chosen when the question did not say it outright. */
  note?: string;
}

/**
 * Resolves a request against the periods the data actually has: "Q3" → the latest Q3,
 * "last year" → the full year before the latest reported period, "latest quarter" → the latest quarter.
 */
export function resolvePeriod(req: PeriodRequest, available: string[]): ResolvedPeriod {
  if (req.exact) return { period: req.exact };
  const periods = available.map(parsePeriod).filter((p): p is Period => !!p).sort((a, b) => (a.end < b.end ? 1 : a.end > b.end ? -1 : 0));
  if (req.partial) {
    const hit = periods.find((p) => p.kind === req.partial!.kind && p.n === req.partial!.n);
    if (hit) return { period: hit, note: `${hit.label} (the latest ${req.partial.kind}${req.partial.n} in the data room)` };
    return {};
  }
  const latestFlow = periods.find((p) => p.kind === "Q") ?? periods.find((p) => p.kind !== "point");
  const latestYear = latestFlow?.year ?? periods[0]?.year;
  switch (req.relative) {
    case "last_year":
      if (latestYear === undefined) return {};
      return { period: makePeriod("FY", latestYear - 1), note: `FY${latestYear - 1}, the last full year reported` };
    case "this_year":
      if (latestYear === undefined) return {};
      return { period: makePeriod("FY", latestYear), note: `FY${latestYear} (the year in progress)` };
    case "latest_quarter": {
      const q = periods.find((p) => p.kind === "Q");
      return q ? { period: q, note: `${q.label}, the latest quarter reported` } : {};
    }
    case "year_to_date": {
      // the latest cumulative period of the year: 9M, H1 or Q1 (a single later quarter is not year to date)
      const y = req.year ?? latestYear;
      const ytd = periods.find((p) => p.year === y && (p.kind === "9M" || (p.kind === "H" && p.n === 1) || (p.kind === "Q" && p.n === 1)));
      if (ytd) return { period: ytd, note: `${ytd.label}, ${y} year to date as reported` };
      return y ? { period: makePeriod("FY", y), note: `FY${y} (the year in progress)` } : {};
    }
    case "previous_quarter": {
      const qs = periods.filter((p) => p.kind === "Q");
      return qs[0] ? { period: qs[0], note: `${qs[0].label}, the latest quarter reported` } : {};
    }
    default:
      return {};
  }
}

/**
 * A range of quarters or halves in a question: "from Q1 to Q3 2024", "Q1 2024–Q3 2024",
 * "between Q2 and Q4 2023". The first year defaults to the last one.
 */
export function readPeriodRange(text: string): { from: Period; to: Period } | undefined {
  const m = text.match(/\b(?:from\s+|between\s+)?(Q|H)([1-4])\s*'?((?:19|20)\d\d)?\s*(?:to|until|through|and|-|–)\s*(Q|H)([1-4])\s*'?((?:19|20)\d\d)\b/i);
  if (!m || m[1]!.toUpperCase() !== m[4]!.toUpperCase()) return undefined;
  const kind = m[1]!.toUpperCase() as "Q" | "H";
  const toYear = Number(m[6]);
  const fromYear = m[3] ? Number(m[3]) : toYear;
  const from = makePeriod(kind, fromYear, Number(m[2]));
  const to = makePeriod(kind, toYear, Number(m[5]));
  return from.end <= to.end ? { from, to } : undefined;
}
