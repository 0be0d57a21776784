/**
 * A user's formula over rows of the filings' tables ("International net sales / Total net sales",
 * "Backlog / Revenue", "(Americas + Europe) / Total"): each operand is a row as get_line_items finds
 * it (a statement line, or a row of a segment, geographic or operating table whose own label names
 * the operand), read per period, and the arithmetic is done here. Used when a formula is not over the
 * metric engine's line items. A row label holding an operator or a bracket is written in quotes.
 */
import { spellWordOperators } from "@/lib/metrics/definition";
import type { Queryable } from "@/lib/db";
import type { MetricUnit } from "@/lib/metrics";
import { formatValue, groupDigits } from "@/lib/metrics/numbers";
import type { SourceRegistry } from "../sources";
import { runLineItems, type LineItemRow } from "./line-items";

export type RowExpr =
  | { kind: "num"; value: number; unit?: LiteralUnit }
  | { kind: "row"; label: string }
  | { kind: "op"; op: "+" | "-" | "*" | "/"; left: RowExpr; right: RowExpr };

/** What a number written in a formula says of itself: "$10,303 million" (a currency and a scale), "41.2%" (a percent). */
export interface LiteralUnit {
  currency?: string;
  scale?: number;
  percent?: boolean;
}

type Token = { t: "num"; v: number; unit?: LiteralUnit } | { t: "row"; v: string } | { t: "op"; v: "+" | "-" | "*" | "/" } | { t: "(" } | { t: ")" };

const CURRENCY: Record<string, string> = { $: "USD", "€": "EUR", "£": "GBP" };
const SCALE_SUFFIX: Record<string, number> = { k: 1e3, thousand: 1e3, thousands: 1e3, m: 1e6, mm: 1e6, mn: 1e6, million: 1e6, millions: 1e6, b: 1e9, bn: 1e9, billion: 1e9, billions: 1e9 };

/**
 * A number as written in a formula: "6625", "10,303", "$10,303 million", "3.00bn", "41.2%"; its value
 * as written (a percent as its fraction) and the unit it states. Undefined when the text is no number.
 */
function literal(text: string): { value: number; unit?: LiteralUnit } | undefined {
  // a negative number written with its sign ("-88", "−$88", "$-88")
  const sign = /^[-−]\s*(?=[$€£]?\s*[\d.])|^(?=[$€£]\s*[-−])/.exec(text);
  if (sign) {
    const rest = literal(text.replace(/^[-−]\s*/, "").replace(/^([$€£])\s*[-−]/, "$1"));
    return rest ? { ...rest, value: -rest.value } : undefined;
  }
  const m = /^([$€£])?\s*(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)\s*(%|[a-z]+)?$/i.exec(text);
  if (!m) return undefined;
  const suffix = m[3]?.toLowerCase();
  if (suffix && suffix !== "%" && !SCALE_SUFFIX[suffix]) return undefined;
  const value = Number(m[2]!.replace(/,/g, ""));
  const unit: LiteralUnit = { ...(m[1] ? { currency: CURRENCY[m[1]] } : {}), ...(suffix === "%" ? { percent: true } : suffix ? { scale: SCALE_SUFFIX[suffix] } : {}) };
  return { value: suffix === "%" ? value / 100 : value * (unit.scale ?? 1), ...(Object.keys(unit).length ? { unit } : {}) };
}

/** Operators need blanks around them except "/" and "*"; a hyphen inside a word is part of a label ("Long-term debt"). */
function lex(written: string): Token[] | null {
  // (outside a quoted label: "'Property and equipment, less accumulated depreciation'" is one row's name)
  // ("net revenues divided by gmv": operators written as words are signs)
  const formula = written.split(/("[^"]*"|“[^”]*”)/).map((part, i) => (i % 2 ? part : spellWordOperators(part))).join("");
  const out: Token[] = [];
  let label = "";
  const flush = () => {
    const l = label.trim();
    const n = l ? literal(l) : undefined;
    if (l) out.push(n ? { t: "num", v: n.value, ...(n.unit ? { unit: n.unit } : {}) } : { t: "row", v: l });
    label = "";
  };
  for (let i = 0; i < formula.length; i++) {
    const c = formula[i]!;
    const q = c === '"' ? '"' : c === "“" ? "”" : c === "'" && /(?:^|[\s(+*/-])$/.test(formula.slice(0, i)) ? "'" : null;
    if (q) {
      const end = formula.indexOf(q, i + 1);
      if (end < 0) return null;
      flush();
      out.push({ t: "row", v: formula.slice(i + 1, end).trim() });
      i = end;
      continue;
    }
    const spaced = (i === 0 || /\s/.test(formula[i - 1]!)) && (i === formula.length - 1 || /\s/.test(formula[i + 1]!));
    if (c === "/" || c === "*" || c === "×" || c === "÷" || ((c === "+" || c === "-" || c === "−") && spaced)) {
      flush();
      out.push({ t: "op", v: c === "×" ? "*" : c === "÷" ? "/" : c === "−" ? "-" : (c as "+" | "-" | "*" | "/") });
    } else if (c === "(" || c === ")") {
      flush();
      out.push({ t: c });
    } else label += c;
  }
  flush();
  return out;
}

/** The formula as an expression over row labels and numbers, or null when it does not read. */
export function parseRowFormula(formula: string): RowExpr | null {
  const toks = lex(formula);
  if (!toks?.length) return null;
  let at = 0;
  const factor = (): RowExpr | null => {
    const t = toks[at++];
    if (!t) return null;
    if (t.t === "num") return { kind: "num", value: t.v, ...(t.unit ? { unit: t.unit } : {}) };
    if (t.t === "row") return { kind: "row", label: t.v };
    if (t.t === "(") {
      const e = expr();
      return toks[at++]?.t === ")" ? e : null;
    }
    return null;
  };
  const binary = (next: () => RowExpr | null, ops: string[]) => (): RowExpr | null => {
    let left = next();
    while (left && toks[at]?.t === "op" && ops.includes((toks[at] as { v: string }).v)) {
      const op = (toks[at++] as { v: "+" | "-" | "*" | "/" }).v;
      const right = next();
      if (!right) return null;
      left = { kind: "op", op, left, right };
    }
    return left;
  };
  const term = binary(factor, ["*", "/"]);
  const expr = binary(term, ["+", "-"]);
  const e = expr();
  return e && at === toks.length ? e : null;
}

export function labelsOf(e: RowExpr): string[] {
  return e.kind === "row" ? [e.label] : e.kind === "op" ? [...labelsOf(e.left), ...labelsOf(e.right)] : [];
}

export function evaluate(e: RowExpr, value: (label: string) => number | undefined): number | undefined {
  if (e.kind === "num") return e.value;
  if (e.kind === "row") return value(e.label);
  const a = evaluate(e.left, value);
  const b = evaluate(e.right, value);
  if (a === undefined || b === undefined) return undefined;
  if (e.op === "/") return b === 0 ? undefined : a / b;
  return e.op === "+" ? a + b : e.op === "-" ? a - b : a * b;
}

export interface RowFormulaInput {
  row: { label: string; period: string; periodEnd: string; value: number; scale: number; currency?: string; document: string; page: number; row: string; citation: string; item: string };
}

export interface RowFormulaResult {
  value?: number;
  formatted?: string;
  unit: MetricUnit;
  formula: string;
  periods: string[];
  series: Array<{ period: string; value?: number; formatted?: string }>;
  inputs: Array<RowFormulaInput["row"]>;
  missing: Array<{ item: string; label: string; period: string }>;
  notes: string[];
}

/** The row an operand names: a statement line or a table row whose own label names it (never one only the table's title names). */
function rowOf(rows: LineItemRow[], label: string): LineItemRow | undefined {
  return rows.find((r) => r.item === label && r.match === "label");
}

/**
 * Computes `formula` over table rows for each of `periods` (canonical labels; empty: the latest period every operand
 * prints). Inputs are the rows read, with their citations; an operand no row names is missing, by name.
 */
export async function computeRowFormula(
  deps: { db: Queryable; dealId: string; sources: SourceRegistry },
  input: { company?: string; document?: string; formula: string; periods: string[]; unit?: MetricUnit; decimals?: number; percent?: boolean },
): Promise<RowFormulaResult | null> {
  const expr = parseRowFormula(input.formula);
  if (!expr) return null;
  const labels = [...new Set(labelsOf(expr))];
  if (!labels.length) return null;
  const found = await runLineItems(deps, { ...(input.company ? { company: input.company } : {}), ...(input.document ? { document: input.document } : {}), items: labels, ...(input.periods.length ? { periods: input.periods } : {}), limit: 8 });
  const rows = new Map(labels.map((l) => [l, rowOf(found.rows, l)]));
  // no period asked: the latest one the first operand's row prints
  const periods = input.periods.length ? input.periods : [...rows.values()].find(Boolean)?.columns.filter((c) => c.months === 12 || c.months === 0).map((c) => c.period).slice(0, 1) ?? [];
  // (a ratio asked as a percent, "… as a % of revenue": 7.0%, not 0.070)
  const ratio = expr.kind === "op" && expr.op === "/";
  const unit: MetricUnit = input.unit ?? (ratio ? (input.percent ? "percent" : "ratio") : "amount");
  const first = [...rows.values()].find(Boolean);
  // ("total debt / total assets": one amount row over another is a share of it)
  const share = ratio && [...rows.values()].every((r) => !!r?.currency && r.unit !== "%");
  const style = { format: input.decimals !== undefined ? { decimals: input.decimals } : {}, filingScale: first?.scale ?? 1, ...(first?.currency ? { currency: first.currency } : {}), ...(share ? { share } : {}) };
  const inputs: RowFormulaResult["inputs"] = [];
  const missing: RowFormulaResult["missing"] = [];
  const series = periods.map((period) => {
    const value = evaluate(expr, (label) => {
      const row = rows.get(label);
      const col = row?.columns.find((c) => c.period === period && c.value !== null);
      if (!row || !col) {
        if (!missing.some((m) => m.item === label && m.period === period)) missing.push({ item: label, label, period });
        return undefined;
      }
      if (!inputs.some((i) => i.item === label && i.period === period)) {
        inputs.push({ item: label, label: row.label, period, periodEnd: col.periodEnd ?? "", value: col.value!, scale: row.scale, ...(row.currency ? { currency: row.currency } : {}), document: row.document, page: row.page, row: row.row, citation: row.citation });
      }
      return col.value!;
    });
    return { period, ...(value !== undefined ? { value, formatted: formatValue(value, unit, style) } : {}) };
  });
  const last = series[series.length - 1];
  return {
    ...(last?.value !== undefined ? { value: last.value, formatted: last.formatted } : {}),
    unit,
    formula: input.formula,
    periods,
    series,
    inputs,
    missing,
    notes: ["Computed over the rows of the filings' tables named in the formula (each input's row and citation below)."],
  };
}

type Dimension = "plain" | "amount" | "percent" | "ratio";

/** What a literal expression's value is: an amount when its numbers state a currency or scale, a percent, a ratio of like to like, else a plain number. */
function dimensionOf(e: RowExpr): Dimension {
  if (e.kind === "row") return "plain";
  if (e.kind === "num") return e.unit?.percent ? "percent" : e.unit?.currency || e.unit?.scale ? "amount" : "plain";
  const [a, b] = [dimensionOf(e.left), dimensionOf(e.right)];
  if (e.op === "+" || e.op === "-") return a === b ? a : a === "plain" ? b : b === "plain" ? a : "plain";
  if (e.op === "*") return a === "plain" ? b : b === "plain" ? a : "plain";
  // a ratio of like to like, or an amount shared out by a plain number
  return a === b && a !== "plain" ? "ratio" : b === "plain" ? a : "plain";
}

function numbersOf(e: RowExpr): Array<Extract<RowExpr, { kind: "num" }>> {
  return e.kind === "num" ? [e] : e.kind === "op" ? [...numbersOf(e.left), ...numbersOf(e.right)] : [];
}

const hasDifference = (e: RowExpr): boolean => e.kind === "op" && (e.op === "-" || hasDifference(e.left) || hasDifference(e.right));

export interface LiteralResult {
  value: number;
  formatted: string;
  unit: MetricUnit;
  formula: string;
  notes: string[];
}

/**
 * A formula of numbers only ("10303 - 6625", "($3.00bn - $1.88bn) / $1.88bn"): computed as written,
 * no filing read. The value keeps the unit its numbers state: plain numbers stay plain ("3,678"),
 * amounts written with a currency or scale stay amounts in it, a ratio of like to like is a ratio (or
 * a percent when one is asked). Undefined when the formula names a row or does not read.
 */
export function computeLiteral(formula: string, ask: { unit?: MetricUnit; percent?: boolean; decimals?: number; scale?: number } = {}): LiteralResult | undefined {
  const expr = parseRowFormula(formula);
  if (!expr || labelsOf(expr).length) return undefined;
  const value = evaluate(expr, () => undefined);
  if (value === undefined || !Number.isFinite(value)) return undefined;
  const dim = dimensionOf(expr);
  const nums = numbersOf(expr);
  const one = <T>(xs: Array<T | undefined>): T | undefined => (new Set(xs.filter((x) => x !== undefined)).size === 1 ? xs.find((x) => x !== undefined) : undefined);
  const currency = one(nums.map((n) => n.unit?.currency));
  const scale = ask.scale ?? one(nums.map((n) => n.unit?.scale)) ?? Math.max(1, ...nums.map((n) => n.unit?.scale ?? 1));
  const style = { format: { ...(ask.decimals !== undefined ? { decimals: ask.decimals } : {}), scale }, filingScale: scale, ...(currency ? { currency } : {}) };
  // a ratio asked as a percent ("as a % of"), or a unit the caller states
  const unit: MetricUnit = ask.unit && ask.unit !== "amount" ? ask.unit : (dim === "ratio" || dim === "plain") && ask.percent && expr.kind === "op" && expr.op === "/" ? "percent" : dim === "amount" ? "amount" : dim === "percent" ? "percent" : "ratio";
  let formatted: string;
  if (unit === "percent" && dim === "percent" && hasDifference(expr)) formatted = `${value < 0 ? "−" : ""}${groupDigits(Math.abs(value) * 100, ask.decimals ?? 1)} percentage points`;
  else if (unit === "ratio" && dim === "plain") formatted = Number.isInteger(value) && ask.decimals === undefined ? groupDigits(value, 0) : formatValue(value, "ratio", style);
  else formatted = formatValue(value, unit, style);
  return {
    value,
    formatted,
    // (a plain number's unit: a whole one counts, a fraction is a ratio)
    unit: dim === "plain" && unit === "ratio" && Number.isInteger(value) ? "count" : unit,
    formula,
    notes: ["Computed from the numbers written in the formula; no filing was read, so no input is cited: cite the pages those numbers come from."],
  };
}
