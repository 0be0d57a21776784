/**
 * Periods of table columns printed with their day ("April 30, 2023", "Three Months Ended September 30,
 * 2022"), named as the statements reader names its columns (lib/statements/periods): balances at a
 * date, and interim periods by the day they end once the fiscal year's end month is known.
 */
import { effectiveMonth, type Duration, type PeriodColumn, type PeriodLabel } from "@/lib/periods";
import { columnOf } from "@/lib/statements/periods";

/**
 * Full dates with no duration named, in more than one month ("April 30, 2023 January 31, 2023
 * October 31, 2022 …"): balances at each date, not fiscal years; one fiscal year ends on one day.
 */
export function asOfDates(cols: PeriodColumn[]): boolean {
  // (months as 52/53-week years count them: "July 2, 2023" and "June 26, 2022" both end a June)
  return cols.every((c) => c.month !== undefined && c.day !== undefined && !c.kind) && new Set(cols.map((c) => effectiveMonth(c.year, c.month!, c.day!).month)).size > 1;
}

/** A column at a date: the fiscal year's label at a fiscal year end, else the date ("30 April 2023"). */
export function pointLabel(col: PeriodColumn, fyEnd: number | undefined): { period: string; periodEnd: string } {
  const c = columnOf({ year: col.year, month: col.month!, day: col.day!, duration: "point", header: col.raw }, fyEnd);
  return { period: c.period, periodEnd: c.periodEnd! };
}

/**
 * An interim column printed with its last day ("Three Months Ended … September 30, 2022"), when the fiscal
 * year's end month is known: the fiscal quarter, half or nine months that day ends, as the statements name
 * it, whatever year the document's name gives.
 */
export function interimOn(col: PeriodColumn, dur: Duration | undefined, fyEnd: number | undefined): PeriodLabel | undefined {
  if (!fyEnd || col.kind || col.month === undefined || col.day === undefined || (dur !== "Q" && dur !== "H" && dur !== "9M")) return undefined;
  const c = columnOf({ year: col.year, month: col.month, day: col.day, duration: dur, header: col.raw }, fyEnd);
  return /^(?:Q[1-4]|H[12]|9M) \d{4}$/.test(c.period) ? { period: c.period, periodEnd: c.periodEnd } : undefined;
}
