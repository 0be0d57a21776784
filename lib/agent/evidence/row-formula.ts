/**
 * A user's formula over rows of the filings' tables ("International net sales / Total net sales",
 * "Backlog / Revenue", "(Americas + Europe) / Total"): each operand is a row as get_line_items finds
 * it (a statement line, or a row of a segment, geographic or operating table whose own label names
 * the operand), read per period, and the arithmetic is done here. Used when a formula is not over the
 * metric engine's line items. A row label holding an operator or a bracket is written in quotes.
 */
import type { Queryable } from "@/lib/db";
import type { MetricUnit } from "@/lib/metrics";
import { formatValue } from "@/lib/metrics/numbers";
import type { SourceRegistry } from "../sources";
import { runLineItems, type LineItemRow } from "./line-items";

export type RowExpr =
  | { kind: "num"; value: number }
  | { kind: "row"; label: string }
  | { kind: "op"; op: "+" | "-" | "*" | "/"; left: RowExpr; right: RowExpr };

type Token = { t: "num"; v: number } | { t: "row"; v: string } | { t: "op"; v: "+" | "-" | "*" | "/" } | { t: "(" } | { t: ")" };

/** Operators need blanks around them except "/" and "*"; a hyphen inside a word is part of a label ("Long-term debt"). */
function lex(formula: string): Token[] | null {
  const out: Token[] = [];
  let label = "";
  const flush = () => {
    const l = label.trim();
    if (l) out.push(/^\d+(?:\.\d+)?$/.test(l) ? { t: "num", v: Number(l) } : { t: "row", v: l });
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
    if (t.t === "num") return { kind: "num", value: t.v };
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

function labelsOf(e: RowExpr): string[] {
  return e.kind === "row" ? [e.label] : e.kind === "op" ? [...labelsOf(e.left), ...labelsOf(e.right)] : [];
}

function evaluate(e: RowExpr, value: (label: string) => number | undefined): number | undefined {
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
  input: { company?: string; document?: string; formula: string; periods: string[]; unit?: MetricUnit; decimals?: number },
): Promise<RowFormulaResult | null> {
  const expr = parseRowFormula(input.formula);
  if (!expr) return null;
  const labels = [...new Set(labelsOf(expr))];
  if (!labels.length) return null;
  const found = await runLineItems(deps, { ...(input.company ? { company: input.company } : {}), ...(input.document ? { document: input.document } : {}), items: labels, ...(input.periods.length ? { periods: input.periods } : {}), limit: 8 });
  const rows = new Map(labels.map((l) => [l, rowOf(found.rows, l)]));
  // no period asked: the latest one the first operand's row prints
  const periods = input.periods.length ? input.periods : [...rows.values()].find(Boolean)?.columns.filter((c) => c.months === 12 || c.months === 0).map((c) => c.period).slice(0, 1) ?? [];
  const unit: MetricUnit = input.unit ?? (expr.kind === "op" && expr.op === "/" ? "ratio" : "amount");
  const first = [...rows.values()].find(Boolean);
  const style = { format: input.decimals !== undefined ? { decimals: input.decimals } : {}, filingScale: first?.scale ?? 1, ...(first?.currency ? { currency: first.currency } : {}) };
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
