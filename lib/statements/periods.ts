/**
 * Canonical periods of statement columns. A fiscal year is named by the calendar year its period
 * ends in; a 52/53-week period ending in the first week of a month belongs to the month before
 * ("February 2, 2019" ends the January year, "January 3, 2021" ends calendar 2020). Quarters, halves
 * and nine months are fiscal: counted from the fiscal year end month. A balance-sheet date that is a
 * fiscal year end gets that fiscal year's label (months = 0), so "the balance sheet at the end of
 * FY2019" is asked as period "FY2019"; any other date is a point ("29 July 2023").
 */
import { effectiveMonth, isoDate, makePeriod } from "@/lib/periods";
import type { StatementColumn } from "./types";

export type ColumnDuration = "FY" | "Q" | "H" | "9M" | "point";

export interface ColumnDate {
  year: number;
  month: number;
  day: number;
  duration: ColumnDuration;
  header: string;
}


const MONTHS: Record<Exclude<ColumnDuration, "point">, number> = { FY: 12, Q: 3, H: 6, "9M": 9 };

/** Fiscal quarter/half/nine months ending on (year, month) of a fiscal year ending in `fyEnd`. */
function interimLabel(duration: "Q" | "H" | "9M", year: number, month: number, fyEnd: number): string | undefined {
  const into = ((month - fyEnd + 12) % 12) || 12;
  const fiscalYear = month > fyEnd ? year + 1 : year;
  if (duration === "Q" && into % 3 === 0) return makePeriod("Q", fiscalYear, into / 3).label;
  if (duration === "H" && into % 6 === 0) return makePeriod("H", fiscalYear, into / 6).label;
  if (duration === "9M" && into === 9) return makePeriod("9M", fiscalYear).label;
  return undefined;
}

/** A statement column from its printed date and duration; `fyEnd` is the fiscal year's end month (effective). */
export function columnOf(c: ColumnDate, fyEnd: number | undefined): StatementColumn {
  const periodEnd = isoDate(c.year, c.month, c.day);
  const eff = effectiveMonth(c.year, c.month, c.day);
  const fyLabel = makePeriod("FY", eff.year, undefined, eff.month).label;
  if (c.duration === "point") {
    const isYearEnd = eff.month === (fyEnd ?? 12) || (fyEnd !== undefined && c.month === fyEnd && c.day <= 7);
    const period = isYearEnd ? fyLabel : makePeriod("point", c.year, undefined, c.month, c.day).label;
    return { period, periodEnd, months: 0, header: c.header };
  }
  if (c.duration === "FY") return { period: fyLabel, periodEnd, months: 12, header: c.header };
  const period = interimLabel(c.duration, eff.year, eff.month, fyEnd ?? 12) ?? interimLabel(c.duration, eff.year, eff.month, 12);
  return { period: period ?? `${c.duration} ${eff.year}`, periodEnd, months: MONTHS[c.duration], header: c.header };
}
