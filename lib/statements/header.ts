/**
 * The column header of a statement: which periods its value columns are ("2018 2017 2016",
 * "Year Ended May 31, 2019 2018 2017", "Three Months Ended … Six Months Ended" over
 * "July 29, 2023 July 30, 2022 …", "December 31," over "2018 2017"), and whether change columns
 * follow them. Its unit scale and currency are read by ./scale.ts, the reader every table shares.
 * Year tokens come from lib/periods' headerColumns; durations are read here because statements
 * also count weeks ("52 weeks ended", "13 Weeks Ended").
 */
import { fiscalEndOf, headerColumns, MONTH, monthNumber, type PeriodColumn } from "@/lib/periods";
import type { ColumnDate, ColumnDuration } from "./periods";
import type { StatementKind } from "./types";

const DURATION = /\b(three|six|nine|twelve|3|6|9|12)[ -]months?\b|\b(1[234]|2[4-7]|3[89]|40|5[23])[ -]weeks?\b|\b(quarters?) ended\b|\b(years?|fiscal years?|fiscal) ended\b|\b(first|second|third|fourth) quarter\b/gi;

/** Durations named in the header, in order ("Three Months Ended … Six Months Ended" → Q, H). */
export function durationsOf(text: string): Exclude<ColumnDuration, "point">[] {
  const out: Exclude<ColumnDuration, "point">[] = [];
  for (const m of text.matchAll(DURATION)) {
    const w = (m[1] ?? "").toLowerCase();
    const weeks = m[2] ? Number(m[2]) : 0;
    if (m[5]) out.push("Q");
    else if (m[3] || w === "three" || w === "3" || (weeks >= 12 && weeks <= 14)) out.push("Q");
    else if (w === "six" || w === "6" || (weeks >= 24 && weeks <= 27)) out.push("H");
    else if (w === "nine" || w === "9" || (weeks >= 38 && weeks <= 40)) out.push("9M");
    else out.push("FY");
  }
  // "For the Years Ended …" above "Year Ended May 31,": one group, said twice
  return out.every((d) => d === out[0]) ? out.slice(0, 1) : out;
}

// a year on the next line does not belong to the date ("Years ended May 31," over "2023 2022 2021")
const BARE_DATE = new RegExp(`\\b(${MONTH})\\.?[ \\t]+(\\d{1,2})\\b(?!,?[ \\t]*(?:19|20)\\d\\d)`, "gi");

/** "December 31," / "July 29, July 30," without years: month and day, in order. */
function bareDates(text: string): Array<{ month: number; day: number }> {
  const out: Array<{ month: number; day: number }> = [];
  for (const m of text.matchAll(BARE_DATE)) {
    const month = monthNumber(m[1]!);
    const day = Number(m[2]);
    if (month && day >= 1 && day <= 31) out.push({ month, day });
  }
  return out;
}

function yearTokens(line: string): PeriodColumn[] {
  return headerColumns(line).filter((c) => c.year >= 1990 && c.year <= 2100 && !c.kind);
}

/** The year tokens naming the value columns: the header line with `n` of them, else all header lines' tokens in order. */
function pickYears(lines: string[], n: number): PeriodColumn[] | undefined {
  const per = lines.map(yearTokens);
  for (let i = per.length - 1; i >= 0; i--) if (per[i]!.length === n) return per[i];
  const all = per.flat();
  if (all.length === n) return all;
  const most = per.reduce((a, b) => (b.length > a.length ? b : a), [] as PeriodColumn[]);
  if (most.length > n && n > 0) return most.slice(most.length - n);
  return undefined;
}

/**
 * Period columns of a statement header. `n` is the number of value columns read from its rows;
 * `fyEnd` the fiscal year end month when known (cover page). Undefined when the header names no
 * periods for `n` columns.
 */
export function readColumns(headerLines: string[], kind: StatementKind, n: number, fyEnd?: number): ColumnDate[] | undefined {
  const years = pickYears(headerLines, n);
  if (!years) return undefined;
  const text = headerLines.join("\n");
  const groups = kind === "balance" ? [] : durationsOf(text);
  let dates = bareDates(text);
  // "Nine Months Ended September 30, 2022" over "2022 2021": the one dated header names the month and day of all
  if (dates.length === 0) {
    const dated = headerLines.flatMap(yearTokens).filter((c) => c.month && c.day);
    if (dated.length > 0 && dated.every((c) => c.month === dated[0]!.month && c.day === dated[0]!.day)) dates = [{ month: dated[0]!.month!, day: dated[0]!.day! }];
  }
  const fiscalEnd = fiscalEndOf(text);
  const out: ColumnDate[] = [];
  let carry: { month: number; day: number } | undefined;
  years.forEach((y, i) => {
    const group = groups.length > 0 && n % groups.length === 0 ? Math.floor(i / (n / groups.length)) : 0;
    let md: { month: number; day: number } | undefined = y.month && y.day ? { month: y.month, day: y.day } : undefined;
    md ??= dates.length === n ? dates[i] : dates.length === groups.length && dates.length > 0 ? dates[group] : dates.length > 0 && dates.every((d) => d.month === dates[0]!.month && d.day === dates[0]!.day) ? dates[0] : undefined;
    md ??= carry ?? fiscalEnd;
    md ??= fyEnd ? { month: fyEnd, day: new Date(Date.UTC(y.year, fyEnd, 0)).getUTCDate() } : { month: 12, day: 31 };
    if (y.month && y.day) carry = md;
    const duration: ColumnDuration = kind === "balance" ? "point" : groups[group] ?? "FY";
    out.push({ year: y.year, month: md.month, day: md.day, duration, header: y.raw });
  });
  return out;
}

/** Year columns named in the header (the most on one line): fewer than the row values when change columns follow. */
export function headerYearCount(headerLines: string[]): number {
  return Math.max(0, ...headerLines.map((l) => yearTokens(l).length));
}

/** The header announces change columns after the periods ("Inc/ (Dec)", "% Change", "Variance"). */
export function hasChangeColumns(text: string): boolean {
  return /\binc(?:rease)?\.?\s*\/\s*\(?dec|\b(?:%|percent(?:age)?)\s*change\b|\bchange\b|\bvariance\b|\bfav(?:orable)?\s*\/\s*\(?unfav/i.test(text);
}
