/**
 * Period columns of tables and sheets: "2018", "FISCAL 2019", "Q3 2024", "9M 2024", "FY2024F",
 * "Budget 2024", "February 2, 2019" — read from header lines and named as findings record them.
 */
import { isoDate, MONTH, monthNumber } from "./months";
import { makePeriod, type PeriodLabel } from "./period";

const MON = `${MONTH}\\.?`;

export type Duration = "FY" | "Q" | "H" | "9M" | "point";

export interface PeriodColumn {
  raw: string;
  year: number;
  kind?: "FY" | "Q" | "H" | "9M";
  q?: number; // quarter or half number
  month?: number;
  day?: number;
  flag?: "A" | "F" | "E" | "B";
}

const COLUMN_TOKEN = new RegExp(
  [
    `(?<date>\\b${MON}\\s+(?<d>\\d{1,2}),?\\s+(?<dy>(?:19|20)\\d\\d)\\b)`,
    `(?<per>\\b(?<pk>Q[1-4]|H[12]|6M|9M|FY|fiscal(?:\\s+year)?)\\s?(?<py>(?:19|20)\\d\\d)(?<pf>[AFEB])?\\b)`,
    `(?<yr>\\b(?<yy>(?:19|20)\\d\\d)(?<yf>[AFEB])?\\b)`,
  ].join("|"),
  "gi",
);

/** Words that make a column a forecast or an actual: "Budget 2024", "2025 Forecast", "Outcome 2023", "Utfall 2023". */
const FORECAST_WORD = /^(?:budget(?:ed)?|forecast|fcst|fc|plan|outlook|guidance|projected|projection|estimate[ds]?|prognos|target)$/i;
const ACTUAL_WORD = /^(?:actuals?|outcome|reported|audited|utfall)$/i;

/** Column tokens in a header line, in order. */
export function headerColumns(line: string): PeriodColumn[] {
  const out: PeriodColumn[] = [];
  for (const m of line.matchAll(COLUMN_TOKEN)) {
    const g = m.groups!;
    const prevWord = /([\p{L}]+)[\s:(-]*$/u.exec(line.slice(Math.max(0, m.index - 16), m.index))?.[1] ?? "";
    const nextWord = /^[\s:(-]*([\p{L}]+)/u.exec(line.slice(m.index + m[0].length, m.index + m[0].length + 16))?.[1] ?? "";
    const wordFlag = (w: string) => (FORECAST_WORD.test(w) ? "F" : ACTUAL_WORD.test(w) ? "A" : undefined);
    const flagOf = (explicit?: string): PeriodColumn["flag"] => (explicit?.toUpperCase() as PeriodColumn["flag"]) ?? wordFlag(prevWord) ?? wordFlag(nextWord);
    if (g.date) {
      out.push({ raw: m[0], year: Number(g.dy), month: monthNumber(m[0].trim().split(/\s+/)[0]!), day: Number(g.d) });
    } else if (g.per) {
      const k = g.pk!.toUpperCase();
      const kind = k.startsWith("Q") ? "Q" : k.startsWith("H") || k === "6M" ? "H" : k === "9M" ? "9M" : "FY";
      out.push({ raw: m[0], year: Number(g.py), kind, q: /^[QH]/.test(k) ? Number(k[1]) : k === "6M" ? 1 : undefined, flag: flagOf(g.pf) });
    } else if (g.yr) {
      out.push({ raw: m[0], year: Number(g.yy), flag: flagOf(g.yf) });
    }
  }
  return out;
}

/**
 * Names a column's period. `duration` comes from the header context ("Three Months Ended",
 * "Years Ended"); `fiscalEnd` is the month/day of a fiscal year end read from the header text
 * ("Year Ended June 30," → June 30); `doc` gives the document's own fiscal period (10-Q quarter).
 */
export function labelColumn(col: PeriodColumn, duration: Duration | undefined, fiscalEnd: { month: number; day: number } | undefined,
  doc: { fiscalYear?: number | null; fiscalPeriod?: string | null; latestYear?: number }): PeriodLabel {
  const isForecast = col.flag === "F" || col.flag === "E" || col.flag === "B" ? true : col.flag === "A" ? false : undefined;
  if (col.kind === "Q" || col.kind === "H" || col.kind === "9M") {
    const p = makePeriod(col.kind, col.year, col.q);
    return { period: p.label, isForecast, periodEnd: p.end };
  }
  const month = col.month ?? fiscalEnd?.month;
  const day = col.day ?? fiscalEnd?.day;
  const end = month && day ? isoDate(col.year, month, day) : undefined;
  const d = duration ?? "FY";
  const named = (kind: "FY" | "Q" | "H" | "9M", year: number, n?: number): PeriodLabel => ({ period: makePeriod(kind, year, n).label, periodEnd: end, isForecast });
  if (d === "FY" || d === "point" || col.kind === "FY") return named("FY", col.year);
  // interim columns of a 10-Q: name them by the document's fiscal quarter when we know it
  const shift = doc.latestYear !== undefined ? doc.latestYear - col.year : 0;
  const fp = doc.fiscalPeriod ?? "";
  if (d === "Q") {
    if (/^Q[1-4]$/.test(fp) && doc.fiscalYear) return named("Q", doc.fiscalYear - shift, Number(fp[1]));
    const q = month ? Math.ceil(month / 3) : undefined;
    return q ? named("Q", col.year, q) : { period: `Q? ${col.year}`, periodEnd: end, isForecast };
  }
  if (d === "H") {
    if (/^Q2$|^H1$/.test(fp) && doc.fiscalYear) return named("H", doc.fiscalYear - shift, 1);
    return named("H", col.year, month && month > 6 ? 2 : 1);
  }
  if (d === "9M") return named("9M", /^Q3$/.test(fp) && doc.fiscalYear ? doc.fiscalYear - shift : col.year);
  return named("FY", col.year);
}

/** Duration groups named in a header ("Three Months Ended … Six Months Ended"). */
export function durationGroups(text: string): Duration[] {
  const out: Duration[] = [];
  for (const m of text.matchAll(/\b(three|six|nine|twelve|3|6|9|12)[ -]months?\b|\b(quarter)s? ended\b|\b(years?|fiscal years?) ended\b/gi)) {
    const w = (m[1] ?? m[2] ?? m[3] ?? "").toLowerCase();
    out.push(w === "three" || w === "3" || w === "quarter" ? "Q" : w === "six" || w === "6" ? "H" : w === "nine" || w === "9" ? "9M" : "FY");
  }
  return out;
}

/**
 * The durations of a header's column groups, read from the nearest header block that names any (the
 * header line, then the lines above it, nearest first), else from the whole text: "Three Months
 * Ended Nine Months Ended" right above the dates decides, not a sentence further up about "the
 * three- and nine-month periods". A header printed a group per line ("Three Months Ended" / "June
 * 30," / "Six Months Ended" / "June 30,") is read whole, top group first.
 */
export function nearestDurations(text: string): Duration[] {
  const lines = text.split("\n");
  let found: Duration[] = [];
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!.trim();
    if (!line || line.length > 100) {
      if (found.length) break;
      continue;
    }
    const d = durationGroups(line);
    if (d.length) found = [...d, ...found];
    // above the first group, only its own day lines ("June 30,") belong to the header
    else if (found.length && !HEADER_DAY.test(line)) break;
  }
  return found.length ? found : durationGroups(text);
}

/** The words of a duration group heading ("Three Months Ended", "Quarters Ended", "Fiscal Years Ended"). */
const GROUP_WORDS = new RegExp(`\\b(?:(?:three|six|nine|twelve|3|6|9|12)[ -]months?|quarters?|(?:fiscal\\s+)?years?)\\s+(?:ended|ending)(?:\\s+${MON}\\s+\\d{1,2},?)?`, "gi");

/** The header's columns are `k` runs of the same dates ("Dec 30, 2023 Dec 31, 2022 Dec 30, 2023 Dec 31, 2022"). */
function sameRuns(cols: PeriodColumn[], k: number): boolean {
  if (k < 2 || cols.length % k) return false;
  const w = cols.length / k;
  const run = (g: number) => cols.slice(g * w, (g + 1) * w).map((c) => `${c.year}-${c.month}-${c.day}-${c.kind}`).join("|");
  for (let g = 1; g < k; g++) if (run(g) !== run(0)) return false;
  return true;
}

/**
 * The duration groups of a line that names nothing else ("Three Months Ended Twelve Months Ended"),
 * anywhere on the page, for a header whose own lines name none: PDF text may set a header's group
 * line apart from its dates (after the table). Only for a header printing its dates once per group
 * (the same run repeated), which no other reading explains; the first such line on the page.
 */
export function durationLineOf(text: string, cols: PeriodColumn[]): Duration[] {
  for (const line of text.split("\n")) {
    const t = line.trim();
    if (!t || t.length > 100 || /\p{L}/u.test(t.replace(GROUP_WORDS, ""))) continue;
    const d = durationGroups(t);
    if (sameRuns(cols, d.length)) return d;
  }
  return [];
}

/** A header line naming only a day ("June 30,", "December 31", "(Unaudited)"). */
const HEADER_DAY = new RegExp(`^(?:(?:${MON})\\.?\\s+\\d{1,2},?|\\(unaudited\\))$`, "i");

/** "Year Ended June 30," / "Years ended December 31" → month/day of the fiscal year end. */
export function fiscalEndOf(text: string): { month: number; day: number } | undefined {
  const m = new RegExp(`(?:years?|fiscal years?|period)\\s+ended\\s+(${MON})\\s+(\\d{1,2})\\b(?!,?\\s*(?:19|20)\\d\\d)`, "i").exec(text)
    ?? new RegExp(`^\\s*(${MON})\\s+(\\d{1,2}),?\\s*$`, "im").exec(text);
  if (!m) return undefined;
  const month = monthNumber(m[1]!);
  return month ? { month, day: Number(m[2]) } : undefined;
}

/**
 * "Quarters Ended March 31," / "Three months ending June 30" closing a header line (no year):
 * the month and day every year column of the header ends on.
 */
export function endedOnDayOf(text: string): { month: number; day: number } | undefined {
  const m = new RegExp(`\\b(?:ended|ending)\\s+(${MON})\\s+(\\d{1,2}),?\\s*(?:\\n|$|(?=[A-Z]))`, "im").exec(text);
  const month = m ? monthNumber(m[1]!) : 0;
  return month ? { month, day: Number(m![2]) } : undefined;
}

const DATE_OR_PERIOD_TOKEN = new RegExp(`\\b${MON}\\s+\\d{1,2},?|\\b(?:Q[1-4]|H[12]|6M|9M|FY|fiscal(?:\\s+year)?)?\\s?(?:19|20)\\d\\d[AFEB]?\\b`, "gi");

/** A header line without its dates ("Dec 31,") and period tokens ("2023", "Q3 2024", "FY2024F"): what else it says. */
export function withoutColumnTokens(line: string): string {
  return line.replace(DATE_OR_PERIOD_TOKEN, "");
}
