/**
 * A period as Manda names it: FY2023 | Q3 2024 | H1 2024 | 9M 2024 | 30 September 2024 |
 * September 2024. Extraction writes these labels, the graph compares them and the agent asks for
 * them; this is the one definition of each label, its last day and its comparison key.
 */
import { isoDate, lastDayOfMonth, monthEnd, monthName } from "./months";

export type PeriodKind = "FY" | "Q" | "H" | "9M" | "point";

export interface Period {
  /** Canonical label: FY2023 | FY2024 (ending June) | Q3 2024 | H1 2024 | 9M 2024 | 30 September 2024 | September 2024. */
  label: string;
  kind: PeriodKind;
  year: number;
  /** Quarter or half number. */
  n?: number;
  /** Last day of the period (ISO), for ordering and comparison. */
  end: string;
  /** The month a fiscal year ends in, when it is not December. */
  yearEndMonth?: number;
  /**
   * A month widened to its last day ("September 2024" → 2024-09-30): close enough to find the
   * figure, never enough to call a conflict.
   */
  approximate?: boolean;
  /**
   * Named by its length and last day ("the three months ended October 31, 2022", see ended.ts):
   * which fiscal quarter it is depends on the company, so it compares by `end`, not by `n`.
   */
  endedOn?: boolean;
}

/** A period as extraction records it on a finding: the label, its last day when known, forecast or actual. */
export interface PeriodLabel {
  period: string;
  periodEnd?: string;
  isForecast?: boolean;
}

/**
 * Builds a period. For "point", `month`/`day` give the date (no day: the month end, approximate);
 * for "FY", `month` is the month the fiscal year ends in (default December).
 */
export function makePeriod(kind: PeriodKind, year: number, n?: number, month?: number, day?: number): Period {
  switch (kind) {
    case "FY": {
      if (!month || month === 12) return { label: `FY${year}`, kind, year, end: `${year}-12-31` };
      return { label: `FY${year} (ending ${monthName(month)})`, kind, year, end: monthEnd(year, month), yearEndMonth: month };
    }
    case "Q":
      return { label: `Q${n} ${year}`, kind, year, n, end: monthEnd(year, (n ?? 4) * 3) };
    case "H":
      return { label: `H${n} ${year}`, kind, year, n, end: monthEnd(year, (n ?? 2) * 6) };
    case "9M":
      return { label: `9M ${year}`, kind, year, end: `${year}-09-30` };
    case "point": {
      const m = month ?? 12;
      if (!day) return { label: `${monthName(m)} ${year}`, kind, year, end: monthEnd(year, m), approximate: true };
      return { label: `${day} ${monthName(m)} ${year}`, kind, year, end: isoDate(year, m, day) };
    }
  }
}

/**
 * The comparison key: FY2023 | FY2024-06 (a June year end) | Q3 2024 | H1 2024 | 9M 2024 |
 * 2024-09-30 (a point in time). Two periods are the same when their keys are.
 */
export function periodKey(p: Period): string {
  if (p.endedOn) return p.label;
  switch (p.kind) {
    case "FY":
      return p.yearEndMonth ? `FY${p.year}-${String(p.yearEndMonth).padStart(2, "0")}` : `FY${p.year}`;
    case "Q":
    case "H":
      return `${p.kind}${p.n} ${p.year}`;
    case "9M":
      return `9M ${p.year}`;
    case "point":
      return p.end;
  }
}

/**
 * The same quarter, half, year or day whole years earlier (Q3 2024 → Q3 2023; FY → previous FY;
 * 30 June 2023 → 30 June 2022; 29 February 2024 → 28 February 2023). A month widened to its end stays one.
 */
export function yearsEarlier(p: Period, years = 1): Period {
  const year = p.year - years;
  if (p.kind !== "point") return makePeriod(p.kind, year, p.n, p.kind === "FY" ? p.yearEndMonth : undefined);
  const [, month, day] = p.end.split("-").map(Number) as [number, number, number];
  return makePeriod("point", year, undefined, month, p.approximate ? undefined : Math.min(day, lastDayOfMonth(year, month)));
}

/**
 * A label moved by whole years, written as it was ("Q3 2024" → "Q3 2023", "2024-09-30" →
 * "2023-09-30", "2024-09" → "2023-09"); null for a label in another form.
 */
/** "Growth in FY2022": one fiscal year asked runs from the year before it (FY2021, FY2022); other periods as asked. */
export function withYearBefore(periods: string[]): string[] {
  const only = periods.length === 1 && /^FY(?:19|20)\d\d$/.test(periods[0]!) ? periods[0]! : undefined;
  return only ? [shiftLabelYear(only, -1)!, only] : periods;
}

export function shiftLabelYear(label: string, by: number): string | null {
  if (/^\d{4}-\d{2}(-\d{2})?$/.test(label)) return `${Number(label.slice(0, 4)) + by}${label.slice(4)}`;
  const m = /^(FY|Q[1-4] |H[12] |9M )((?:19|20)\d\d)$/.exec(label);
  return m ? `${m[1]}${Number(m[2]) + by}` : null;
}

/** A period label naming a day ("31 December 2022"): a balance's date, not a span. */
export const isDayLabel = (label: string): boolean => /^\d{1,2} \p{L}+ \d{4}$/u.test(label);
