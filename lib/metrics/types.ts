/**
 * The metric engine's contract: a request read from a question (what to compute, for which
 * periods, how to show it, and the yes/no test when the question is a judgement), and the result
 * (the value, every input with its citation, and the inputs that were not found).
 */
import type { LineItemKey, LineItemValue } from "@/lib/statements/types";

/** A period in a formula: an offset in years from the period being computed, or a named period ("FY2017"). */
export type PeriodRef = { offset: number } | { label: string };

/** A formula over line items. */
export type Expr =
  /**
   * A line item. `zeroWithout`: a line a statement leaves out when there is nothing to report
   * (short-term debt, dividends): counted as zero when that statement was read for the period
   * (the `zeroWithout` line is there), with a note; otherwise missing.
   */
  | { kind: "item"; key: LineItemKey; zeroWithout?: LineItemKey }
  | { kind: "num"; value: number }
  | { kind: "op"; op: "+" | "-" | "*" | "/"; left: Expr; right: Expr }
  /** `arg` evaluated at another period. */
  | { kind: "at"; period: PeriodRef; arg: Expr }
  /** The mean of `arg` over periods (an average balance). */
  | { kind: "avg"; periods: PeriodRef[]; arg: Expr };

/** How a metric's value reads: a currency amount, a share of 1 shown as %, a multiple, days, per share, a count (shares). */
export type MetricUnit = "amount" | "percent" | "ratio" | "days" | "per_share" | "count";

export interface MetricFormula {
  /** Catalog id ("operating_margin", a line item key, "defined" for a definition from the question). */
  id: string;
  /** Display name ("Operating margin"). */
  name: string;
  unit: MetricUnit;
  formula: Expr;
  /** Which way is better, for "improving" questions. */
  better: "higher" | "lower";
}

/**
 * value: the metric at the (last) period; series: each period's value ("the trend from 2019 to
 * 2021"), the last as the value; average: the mean over the periods; growth: relative
 * change first → last period; cagr: compound annual growth first → last; change: last − first
 * (percentage points for a percent metric).
 */
export type Aggregate = "value" | "series" | "average" | "growth" | "cagr" | "change";

export interface AnswerFormat {
  /** Show amounts in this scale (1e3, 1e6, 1e9); default: the filing's. */
  scale?: number;
  /** Decimal places asked. */
  decimals?: number;
  /** Asked as a percentage ("in units of percents", "as a %"). */
  percent?: boolean;
  /** Currency named in the question ("USD"). */
  currency?: string;
}

/**
 * A yes/no or which-one question decided by computed figures.
 * trend: the metric went up / down / improved (by its `better` side) / changed at all, last period vs the one before;
 * sign: the metric is positive (or negative); stable: no year-on-year move larger than `threshold`
 * (a fraction: 0.02 = 2 points for a percent metric); compare: two periods side by side (no polarity);
 * extreme: which candidate is largest (most) or smallest.
 */
export type Judgement =
  | { kind: "trend"; direction: "up" | "down" | "improve" | "worsen" | "any" }
  | { kind: "sign"; positive: boolean }
  /** threshold: the largest year-on-year move the question allows; undefined when it states none (no verdict is drawn). */
  | { kind: "stable"; threshold?: number; askedStable: boolean }
  | { kind: "compare" }
  | { kind: "extreme"; most: boolean; candidates: MetricFormula[] };

export interface MetricRequest {
  question: string;
  metric: MetricFormula;
  /** Canonical period labels named by the question (chronological); empty: the latest fiscal year. */
  periods: string[];
  /** For an average or CAGR over "the last N years" with no year named: N (the latest N fiscal years). */
  span?: number;
  aggregate: Aggregate;
  format: AnswerFormat;
  judgement?: Judgement;
  /** The definition's text, when the question gave one (it overrides the catalog). */
  definition?: string;
  /** Assumptions made while reading the question (a default threshold). */
  notes?: string[];
}

/** A line item used in the result, with its citation `(source: FILE.pdf, p.N)`. */
export interface MetricInput extends LineItemValue {
  /** The value as the formula used it (a magnitude for outflow lines; an expense sign for tax). */
  used: number;
  citation: string;
}

export interface MissingInput {
  key: LineItemKey;
  period: string;
  /** "inventories" */
  label: string;
}

/** The metric at one period (a row of an average, a trend or a comparison). */
export interface PeriodValue {
  period: string;
  value?: number;
  formatted?: string;
  /** For extreme judgements: the candidate's name. */
  name?: string;
}

export interface MetricResult {
  request: MetricRequest;
  /** "Operating margin", or for a growth "Revenue growth". */
  name: string;
  /** The unit of `value` (growth and CAGR are percent). */
  unit: MetricUnit;
  /** In units (amounts in currency units, percents as a fraction); undefined when an input is missing. */
  value?: number;
  /** The value as asked ("USD 1,577 million", "2.8%", "0.66", "93.86 days"). */
  formatted?: string;
  /** The periods the value covers (chronological). */
  periods: string[];
  /** Per-period values behind an average, growth, trend or comparison. */
  series: PeriodValue[];
  /** "Capital expenditure / Revenue, averaged over FY2015–FY2017". */
  formula: string;
  inputs: MetricInput[];
  missing: MissingInput[];
  /** Yes/no for polar judgements; the chosen candidate for extreme ones. */
  judgement?: { polarity?: "yes" | "no"; choice?: string; statement: string };
  /** Things the reader should know (a division by zero, a default threshold, a default period). */
  notes: string[];
}
