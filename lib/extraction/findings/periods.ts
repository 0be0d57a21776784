/** Period columns of tables and sheets: "2018", "FISCAL 2019", "Q3 2024", "9M 2024", "FY2024F", "February 2, 2019". */
export const MONTHS_EN = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const MON = "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";

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

export const COLUMN_TOKEN = new RegExp(
  [
    `(?<date>\\b${MON}\\s+(?<d>\\d{1,2}),?\\s+(?<dy>(?:19|20)\\d\\d)\\b)`,
    `(?<per>\\b(?<pk>Q[1-4]|H[12]|6M|9M|FY|fiscal(?:\\s+year)?)\\s?(?<py>(?:19|20)\\d\\d)(?<pf>[AFEB])?\\b)`,
    `(?<yr>\\b(?<yy>(?:19|20)\\d\\d)(?<yf>[AFEB])?\\b)`,
  ].join("|"),
  "gi",
);

export function monthIndex(s: string): number {
  const k = s.toLowerCase().replace(/\.$/, "").slice(0, 3);
  return MONTHS_EN.findIndex((m) => m.startsWith(k)) + 1;
}

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
      out.push({ raw: m[0], year: Number(g.dy), month: monthIndex(m[0].trim().split(/\s+/)[0]!), day: Number(g.d) });
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

const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
function lastDay(y: number, m: number) {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export interface PeriodLabel {
  period: string;
  periodEnd?: string;
  isForecast?: boolean;
}

/**
 * Names a column's period. `duration` comes from the header context ("Three Months Ended",
 * "Years Ended"); `fiscalEnd` is the month/day of a fiscal year end read from the header text
 * ("Year Ended June 30," → June 30); `doc` gives the document's own fiscal period (10-Q quarter).
 */
export function labelColumn(col: PeriodColumn, duration: Duration | undefined, fiscalEnd: { month: number; day: number } | undefined,
  doc: { fiscalYear?: number | null; fiscalPeriod?: string | null; latestYear?: number }): PeriodLabel {
  const isForecast = col.flag === "F" || col.flag === "E" || col.flag === "B" ? true : col.flag === "A" ? false : undefined;
  if (col.kind === "Q") return { period: `Q${col.q} ${col.year}`, isForecast, periodEnd: iso(col.year, col.q! * 3, lastDay(col.year, col.q! * 3)) };
  if (col.kind === "H") return { period: `H${col.q} ${col.year}`, isForecast, periodEnd: iso(col.year, col.q! * 6, lastDay(col.year, col.q! * 6)) };
  if (col.kind === "9M") return { period: `9M ${col.year}`, isForecast, periodEnd: iso(col.year, 9, 30) };
  const month = col.month ?? fiscalEnd?.month;
  const day = col.day ?? fiscalEnd?.day;
  const end = month && day ? iso(col.year, month, day) : undefined;
  const d = duration ?? "FY";
  if (d === "FY" || d === "point" || col.kind === "FY") {
    return { period: `FY${col.year}`, periodEnd: end, isForecast };
  }
  // interim columns of a 10-Q: name them by the document's fiscal quarter when we know it
  const shift = doc.latestYear !== undefined ? doc.latestYear - col.year : 0;
  const fp = doc.fiscalPeriod ?? "";
  if (d === "Q") {
    if (/^Q[1-4]$/.test(fp) && doc.fiscalYear) return { period: `${fp} ${doc.fiscalYear - shift}`, periodEnd: end, isForecast };
    const q = month ? Math.ceil(month / 3) : undefined;
    return { period: q ? `Q${q} ${col.year}` : `Q? ${col.year}`, periodEnd: end, isForecast };
  }
  if (d === "H") {
    if (/^Q2$|^H1$/.test(fp) && doc.fiscalYear) return { period: `H1 ${doc.fiscalYear - shift}`, periodEnd: end, isForecast };
    return { period: `H${month && month > 6 ? 2 : 1} ${col.year}`, periodEnd: end, isForecast };
  }
  if (d === "9M") {
    if (/^Q3$/.test(fp) && doc.fiscalYear) return { period: `9M ${doc.fiscalYear - shift}`, periodEnd: end, isForecast };
    return { period: `9M ${col.year}`, periodEnd: end, isForecast };
  }
  return { period: `FY${col.year}`, periodEnd: end, isForecast };
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

/** "Year Ended June 30," / "Years ended December 31" → month/day of the fiscal year end. */
export function fiscalEndOf(text: string): { month: number; day: number } | undefined {
  const m = new RegExp(`(?:years?|fiscal years?|period)\\s+ended\\s+(${MON})\\s+(\\d{1,2})\\b(?!,?\\s*(?:19|20)\\d\\d)`, "i").exec(text)
    ?? new RegExp(`^\\s*(${MON})\\s+(\\d{1,2}),?\\s*$`, "im").exec(text);
  if (!m) return undefined;
  const month = monthIndex(m[1]!);
  return month ? { month, day: Number(m[2]) } : undefined;
}

/** Period named in a sentence: "third quarter of 2024", "first nine months of 2024", "financial year 2023", "FY2024". */
export function periodInSentence(s: string): PeriodLabel | null {
  const ORD: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4 };
  let m = /\b(first|second|third|fourth) quarter (?:of )?((?:19|20)\d\d)\b/i.exec(s);
  if (m) return { period: `Q${ORD[m[1]!.toLowerCase()]} ${m[2]}` };
  m = /\b(Q[1-4]) ?((?:19|20)\d\d)\b/.exec(s);
  if (m) return { period: `${m[1]} ${m[2]}` };
  m = /\bfirst nine months (?:of )?((?:19|20)\d\d)\b/i.exec(s);
  if (m) return { period: `9M ${m[1]}` };
  m = /\b(first|second) half (?:of )?(?:the year )?((?:19|20)\d\d)\b/i.exec(s);
  if (m) return { period: `H${m[1]!.toLowerCase() === "first" ? 1 : 2} ${m[2]}` };
  m = /\b(?:FY ?|fiscal (?:year )?|financial year |full[- ]year |full year )((?:19|20)\d\d)\b/i.exec(s);
  if (m) return { period: `FY${m[1]}` };
  return null;
}
