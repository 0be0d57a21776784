/**
 * A period's type: how long it runs, as a finding stores it (findings.period_type): a year, a
 * quarter, a year-to-date span (six or nine months to a date), or an instant (a balance at a
 * date). A quarter and the year that end on the same day are different periods, and so are the
 * nine months and the quarter ending that day.
 */
import { parsePeriod } from "./parse";

export type PeriodType = "year" | "quarter" | "ytd" | "instant";

export const PERIOD_TYPES: readonly PeriodType[] = ["year", "quarter", "ytd", "instant"];

/** The type of a span of `months` (12, 3, 6, 9; 0 = an instant); undefined for another length. */
export function periodTypeOfMonths(months: number | null | undefined): PeriodType | undefined {
  if (months === 12) return "year";
  if (months === 3) return "quarter";
  if (months === 6 || months === 9) return "ytd";
  if (months === 0) return "instant";
  return undefined;
}

const MONTHS: Record<PeriodType, number | undefined> = { year: 12, quarter: 3, ytd: undefined, instant: 0 };

/** The type and length a period label names ("FY2023" → year 12; "Q3 2024" → quarter 3; "9M 2024" → ytd 9; "30 June 2024" → instant 0). */
export function periodTypeOfLabel(label: string | null | undefined): { type: PeriodType; months: number | undefined } | undefined {
  const p = parsePeriod(label);
  if (!p) return undefined;
  switch (p.kind) {
    case "FY":
      return { type: "year", months: 12 };
    case "Q":
      return { type: "quarter", months: 3 };
    case "H":
      return { type: "ytd", months: 6 };
    case "9M":
      return { type: "ytd", months: 9 };
    case "point":
      return { type: "instant", months: 0 };
  }
}

/**
 * A finding's period type: its own span in months when the extractor knows it (a table column's
 * length), else what its label names. Undefined when neither tells.
 */
export function periodTypeOf(o: { period?: string | null; months?: number | null }): { type: PeriodType; months: number | undefined } | undefined {
  const byMonths = periodTypeOfMonths(o.months);
  if (byMonths) return { type: byMonths, months: o.months ?? MONTHS[byMonths] };
  return periodTypeOfLabel(o.period);
}

/**
 * A period that is still to come for a document of `fiscalYear`: it falls in a later year
 * ("FY2019" or "Q1 2019" in a 2017 annual report). A report's figure for such a period is a plan,
 * an estimate or guidance, never an actual.
 */
export function isLaterPeriod(label: string | null | undefined, fiscalYear: number | null | undefined): boolean {
  if (!fiscalYear) return false;
  const p = parsePeriod(label);
  return Boolean(p && p.year > fiscalYear);
}
