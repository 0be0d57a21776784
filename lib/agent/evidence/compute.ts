/**
 * compute_metric as typed evidence: a metric (a concept of the catalog, a metric engine id or a
 * line item) or a formula the user defined, for a company and periods, computed by the metric
 * engine (lib/metrics) from the company's statement lines. Returns data: the value as formatted,
 * the formula in words, every input with its document, page, row and citation, and every input
 * that is missing by name. Nothing is parsed from the user's English here: the caller (a remote
 * model or the offline reader) states what to compute.
 */
import escapeStringRegexp from "escape-string-regexp";
import type { Queryable } from "@/lib/db";
import { formatChange } from "@/lib/metrics/compute";
import { CATALOG, computeMetric, type Aggregate, type MetricFormula, type MetricRequest, type MetricResult, type MetricUnit } from "@/lib/metrics";
import type { Expr } from "@/lib/metrics/types";
import { parseDefinition } from "@/lib/metrics/definition";
import { inferUnit } from "@/lib/metrics/pick";
import { formatValue, groupDigits } from "@/lib/metrics/numbers";
import { item, itemsOf, num } from "@/lib/metrics/expr";
import { formulaWords } from "@/lib/metrics/words";
import { normalise } from "@/lib/metrics/terms";
import { LINE_ITEMS, type LineItemKey, type LineItemSource, type LineItemValue } from "@/lib/statements/types";
import { conceptById, CONCEPTS, type Concept } from "../concepts/catalog";
import { findConcepts } from "../concepts/match";
import { statementLineItems } from "../knowledge/line-items";
import type { SourceRegistry } from "../sources";
import { runLineItems, type LineItemRow } from "./line-items";
import { comparePeriods, shiftLabelYear, withYearBefore } from "@/lib/periods";
import { resolvePeriods } from "./periods";
import { computeLiteral, computeRowFormula } from "./row-formula";
import { isScopeError, registrantNote, resolveScope } from "./scope";

export interface ComputeInput {
  company?: string;
  /** A concept id ("capital_expenditure"), a metric id ("operating_margin"), a line item, or its name ("capex"). */
  metric?: string;
  /** A definition: "operating_income / revenue", "(long_term_debt + short_term_debt - cash) / ebitda". */
  formula?: string;
  periods?: string[];
  aggregate?: Aggregate;
  unit?: "amount" | "percent" | "ratio" | "days" | "per_share" | "count";
  decimals?: number;
  scale?: "units" | "thousands" | "millions" | "billions";
  document?: string;
}

/** An input as the metric engine read it (lib/statements LineItemValue), with its row as printed and its citation. */
export interface ComputeInputRow extends Pick<LineItemValue, "label" | "period" | "periodEnd" | "value" | "scale" | "currency" | "document" | "page"> {
  item: string;
  row: string;
  citation: string;
  /** From a statement whose totals did not reconcile (it waits in review). */
  inReview?: boolean;
}

export interface ComputeOutput {
  status: "answered" | "incomplete" | "unknown_metric" | "no_statements" | "unknown_company";
  company?: string;
  metric?: { id: string; name: string; unit: MetricUnit };
  formula?: string;
  value?: number;
  formatted?: string;
  periods: string[];
  series: Array<{ period: string; value?: number; formatted?: string }>;
  /** For growth and CAGR: each period's growth over the one before it (value a fraction: 0.071 is 7.1%). */
  growthByPeriod?: Array<{ from: string; to: string; value: number; formatted: string }>;
  inputs: ComputeInputRow[];
  missing: Array<{ item: string; label: string; period: string }>;
  judgement?: string;
  /** The company's own figure for this metric, as its tables print it (its definition may differ from the formula). */
  stated?: Array<{ label: string; period: string; value: number | null; citation: string }>;
  notes: string[];
  /** What the caller may do next, in words. */
  hint?: string;
}

const SCALE: Record<NonNullable<ComputeInput["scale"]>, number> = { units: 1, thousands: 1e3, millions: 1e6, billions: 1e9 };

const isLineItem = (k: string): k is LineItemKey => Object.hasOwn(LINE_ITEMS, k);
const lineFormula = (key: LineItemKey, name: string): MetricFormula => ({ id: key, name, unit: /^eps_/.test(key) ? "per_share" : key === "shares_diluted" ? "count" : "amount", formula: item(key), better: "higher" });

/** The metric a call names, by id or by its words (matched against the concept catalog). */
export function metricFormula(name: string): MetricFormula | undefined {
  const id = name.trim().toLowerCase().replace(/[\s-]+/g, "_");
  const fromCatalog = (mid: string) => CATALOG.find((c) => c.id === mid);
  const concept = conceptById(id) ?? findConcepts(name).map((h) => h.concept).find((c) => c.metric || c.lineItems?.length);
  if (concept?.metric) return fromCatalog(concept.metric);
  if (concept?.lineItems?.[0]) return lineFormula(concept.lineItems[0], concept.label);
  if (fromCatalog(id)) return fromCatalog(id);
  if (isLineItem(id)) return lineFormula(id, CONCEPTS.find((c) => c.lineItems?.[0] === id)?.label ?? id.replace(/_/g, " "));
  return undefined;
}

/** A user's definition as a formula over line items; the concept ids and names both read. */
function definedFormula(formula: string, name: string | undefined, unit: MetricUnit | undefined): MetricFormula | undefined {
  const text = normalise(formula.replace(/\b([a-z]+(?:_[a-z]+)+)\b/g, (w) => conceptById(w)?.terms[0] ?? w.replace(/_/g, " ")));
  const expr = parseDefinition(text);
  if (!expr) return undefined;
  return { id: "defined", name: name?.trim() || "Defined metric", unit: unit ?? inferUnit(name ?? "", expr, {}), formula: expr, better: "higher" };
}

function request(input: ComputeInput, metric: MetricFormula, periods: string[]): MetricRequest {
  // "percent" or "ratio" asked re-reads a rate (a margin as 0.26 or 26%); an amount's growth is a percent by itself,
  // and its yearly amounts stay amounts (they were formatted as percents of the raw amount)
  const rate = (u: string) => u === "percent" || u === "ratio";
  const unit = input.unit && input.unit !== metric.unit && rate(input.unit) && (rate(metric.unit) || metric.id === "defined") ? input.unit : undefined;
  return {
    question: "",
    metric: unit ? { ...metric, unit } : metric,
    periods,
    aggregate: input.aggregate ?? (periods.length > 1 ? "series" : "value"),
    format: {
      ...(input.decimals !== undefined ? { decimals: input.decimals } : {}),
      ...(input.scale ? { scale: SCALE[input.scale] } : {}),
      ...(input.unit === "percent" ? { percent: true } : {}),
    },
    ...(metric.id === "defined" && input.formula ? { definition: input.formula } : {}),
  };
}

function inputsOf(r: MetricResult): ComputeInputRow[] {
  return r.inputs.map((i) => ({
    item: i.key,
    label: i.label,
    period: i.period,
    periodEnd: i.periodEnd,
    value: i.value,
    scale: i.scale,
    ...(i.currency ? { currency: i.currency } : {}),
    document: i.document,
    page: i.page,
    row: i.excerpt,
    citation: `(source: ${i.document}, p.${i.page})`,
    ...((i as { inReview?: boolean }).inReview ? { inReview: true } : {}),
  }));
}

/** Rows naming the metric in their own label, for a metric companies often state themselves (FCF, net debt). */
async function statedRows(deps: Deps, input: ComputeInput, company: string | undefined, periods: string[]): Promise<NonNullable<ComputeOutput["stated"]>> {
  const concept = input.metric ? (conceptById(input.metric) ?? findConcepts(input.metric)[0]?.concept) : undefined;
  if (!concept?.rowWords?.length || input.formula) return [];
  const out = await runLineItems(deps, { ...(company ? { company } : {}), items: [concept.id], ...(periods.length ? { periods } : {}), limit: 3 });
  return out.rows.filter((r) => r.match === "label" && r.source === "table").flatMap((r) => r.columns.slice(0, 3).map((c) => ({ label: r.label, period: c.period, value: c.value, citation: r.citation })));
}

type Deps = { db: Queryable; dealId: string; sources: SourceRegistry };

const sameExpr = (a: Expr, b: Expr) => JSON.stringify(a) === JSON.stringify(b);
const holdsExpr = (e: Expr, part: Expr): boolean =>
  sameExpr(e, part) || (e.kind === "op" ? holdsExpr(e.left, part) || holdsExpr(e.right, part) : e.kind === "at" || e.kind === "avg" ? holdsExpr(e.arg, part) : false);
const replaceExpr = (e: Expr, part: Expr, by: Expr): Expr =>
  sameExpr(e, part) ? by : e.kind === "op" ? { ...e, left: replaceExpr(e.left, part, by), right: replaceExpr(e.right, part, by) } : e;
/** Months a period label spans ("FY2022" 12, "Q3 2023" 3, "H1 2024" 6, "9M 2023" 9). */
const monthsOfPeriod = (p: string) => (/^Q\d/i.test(p) ? 3 : /^H\d/i.test(p) ? 6 : /^9M/i.test(p) ? 9 : 12);

/**
 * A figure companies often state themselves (free cash flow, net debt) that the metric is built on, and the
 * company's own row for it in every period asked: the row whose label is the figure's name, no more
 * ("Free cash flow", not "Free cash flow less lease repayments"). A formula builds on it only by naming it
 * ("free_cash_flow / revenue"), not by spelling out its parts ("(operating_cash_flow - capital_expenditure) / revenue").
 */
async function statedOperand(deps: Deps, input: ComputeInput, metric: MetricFormula, company: string | undefined, periods: string[]): Promise<{ concept: Concept; own: MetricFormula; row: LineItemRow; values: number[] } | undefined> {
  if (!periods.length) return undefined;
  // (a growth or a change of a figure the company states, "fcf 2017 vs 2015", reads its own figure at each end; of a metric built on one, the statement lines)
  const moves = !!input.aggregate && input.aggregate !== "value" && input.aggregate !== "series";
  for (const concept of CONCEPTS) {
    const own = concept.rowWords?.length && concept.metric ? CATALOG.find((m) => m.id === concept.metric) : undefined;
    if (!own || !holdsExpr(metric.formula, own.formula) || (moves && !sameExpr(metric.formula, own.formula))) continue;
    if (input.formula && !new RegExp(`(?<![\\p{L}_])(?:${[concept.id, ...concept.terms].map(escapeStringRegexp).join("|")})(?![\\p{L}_])`, "iu").test(input.formula)) continue;
    const out = await runLineItems(deps, { ...(company ? { company } : {}), items: [concept.id], periods, limit: 6 });
    const bare = (l: string) => l.toLowerCase().replace(/\s*\((?:\d|[a-z])\)/g, "").replace(/[:\s]+$/, "").trim();
    const valuesOf = (row: LineItemRow) => periods.map((p) => row.columns.find((c) => c.period === p && c.value !== null && c.months === (concept.balance ? 0 : monthsOfPeriod(p)))?.value);
    // (the row printing every period asked: a five-year table prints both ends of a span)
    const row = out.rows.find((r) => r.match === "label" && r.source === "table" && r.unit !== "%" && concept.rowWords!.includes(bare(r.label)) && valuesOf(r).every((v) => v !== undefined && v !== null));
    if (!row) continue;
    return { concept, own, row, values: valuesOf(row) as number[] };
  }
  return undefined;
}

/** The formula in words with the company's own figure in place of its parts: "Free cash flow margin = Free cash flow (the company's own) / Revenue". */
function statedWords(name: string, metric: MetricFormula, found: NonNullable<Awaited<ReturnType<typeof statedOperand>>>, periods: string[]): string {
  const mark = 1.2345e-300;
  const words = formulaWords(replaceExpr(metric.formula, found.own.formula, num(mark))).replace(String(mark), `${found.row.label} (the company's own, as its table states it)`);
  return `${name} = ${words}${periods.length > 1 ? `, each year ${periods[0]}–${periods.at(-1)}` : ""}`;
}

/** The metric computed with the company's own figure in place of the one computed from statement lines, period by period. */
async function withStatedFigure(input: ComputeInput, metric: MetricFormula, periods: string[], source: LineItemSource, found: NonNullable<Awaited<ReturnType<typeof statedOperand>>>): Promise<MetricResult | undefined> {
  const per: MetricResult[] = [];
  for (const [i, p] of periods.entries()) {
    const r = await computeMetric(request({ ...input, aggregate: "value" }, { ...metric, formula: replaceExpr(metric.formula, found.own.formula, num(found.values[i]!)) }, [p]), source);
    if (r.value === undefined) return undefined;
    per.push(r);
  }
  // the figure itself: formatted as its row prints it (its currency and scale), no other input to say them
  if (sameExpr(metric.formula, found.own.formula)) {
    const style = { format: { ...(input.decimals !== undefined ? { decimals: input.decimals } : {}), ...(input.scale ? { scale: SCALE[input.scale] } : {}) }, filingScale: found.row.scale, ...(found.row.currency ? { currency: found.row.currency } : {}) };
    for (const r of per) r.formatted = formatValue(r.value!, r.unit, style);
  }
  const last = per.at(-1)!;
  return { ...last, periods, series: per.map((r, i) => ({ period: periods[i]!, value: r.value!, formatted: r.formatted! })), inputs: per.flatMap((r) => r.inputs), missing: [] };
}

/** The aggregate a metric's name asks for: "… growth" / "… growth rate", "… CAGR". */
function growthNamed(metric: string | undefined): "growth" | "cagr" | undefined {
  const words = (metric ?? "").toLowerCase().split(/[^a-z]+/);
  return words.includes("cagr") ? "cagr" : words.includes("growth") ? "growth" : undefined;
}

/** A metric named as a percentage ("… as % of revenue", "… as a percentage of sales", "margin percent"): a ratio reads as a percent. */
/** A figure named as a percentage, or by a name for a share of one amount in another ("fcf conversion", "payout", "take rate"). */
export function percentNamed(metric: string | undefined): boolean {
  return /%|\bper ?cent(?:age)?s?\b|\bpct\b|\b(?:conversion|payout|yield|take rate|attrition|churn|retention)\b/i.test(metric ?? "");
}

/** Each period's growth over the period before it (a fraction, and formatted as a percent), in period order. */
function yearOnYear(series: MetricResult["series"], decimals = 1): NonNullable<ComputeOutput["growthByPeriod"]> {
  const out: NonNullable<ComputeOutput["growthByPeriod"]> = [];
  for (let i = 1; i < series.length; i++) {
    const a = series[i - 1]!.value;
    const b = series[i]!.value;
    if (a === undefined || b === undefined || a === 0) continue;
    const g = (b - a) / Math.abs(a);
    out.push({ from: series[i - 1]!.period, to: series[i]!.period, value: g, formatted: `${g < 0 ? "−" : ""}${groupDigits(Math.abs(g) * 100, decimals)}%` });
  }
  return out;
}

/**
 * A formula over rows of the filings' tables (a segment's or a region's row, a backlog or headcount row): each operand
 * the row get_line_items finds for it. Undefined when the formula does not read, or no operand names any row.
 */
async function overTableRows(deps: Deps, input: ComputeInput, company: string | undefined, periods: string[]): Promise<ComputeOutput | undefined> {
  // a growth or a change asked for one year runs from the year before it
  const moves = input.aggregate === "growth" || input.aggregate === "cagr";
  const spans = moves || input.aggregate === "change";
  const asked = spans ? withYearAgo(periods) : periods;
  const r = await computeRowFormula(deps, { formula: input.formula!, periods: asked, ...(company ? { company } : {}), ...(input.document ? { document: input.document } : {}), ...(input.unit ? { unit: input.unit } : {}), ...(input.decimals !== undefined ? { decimals: input.decimals } : {}), ...(percentNamed(input.metric) ? { percent: true } : {}) });
  if (!r || !r.inputs.length) return undefined;
  const steps = input.aggregate === "growth" || input.aggregate === "cagr" ? yearOnYear(r.series, input.decimals) : [];
  const moved = movedValue(input, r.series, steps);
  // the aggregate asked of the series: its growth, its change (last − first), its average, else the latest value
  const over = input.aggregate === "change" || input.aggregate === "average" ? aggregated(input, r) : undefined;
  const value = moves ? moved : input.aggregate === "change" || input.aggregate === "average" ? over : r.value !== undefined ? { value: r.value, formatted: r.formatted! } : undefined;
  const name = input.metric?.trim() || "Defined metric";
  return {
    status: value ? "answered" : "incomplete",
    ...(company ? { company } : {}),
    metric: { id: "defined", name: input.aggregate === "change" && !input.metric ? `Change in ${r.formula}` : name, unit: moves ? "percent" : r.unit },
    formula: r.formula,
    ...(value ?? {}),
    periods: r.periods,
    series: r.series,
    ...(steps.length ? { growthByPeriod: steps } : {}),
    inputs: r.inputs,
    missing: r.missing,
    notes: r.notes,
  };
}

/** One period asked for a move: the same period a year before it, then it ("Q4 2022" → Q4 2021, Q4 2022). */
function withYearAgo(periods: string[]): string[] {
  const before = periods.length === 1 ? shiftLabelYear(periods[0]!, -1) : null;
  return before && !/^\d{4}-/.test(periods[0]!) ? [before, periods[0]!] : withYearBefore(periods);
}

/** A row formula's change (last − first period, signed) or average over its series; undefined when a period is missing. */
function aggregated(input: ComputeInput, r: { series: Array<{ period: string; value?: number }>; unit: MetricUnit; inputs: Array<{ scale: number; currency?: string }> }): { value: number; formatted: string } | undefined {
  const vals = r.series.map((s) => s.value);
  if (vals.length < (input.aggregate === "change" ? 2 : 1) || vals.some((v) => v === undefined)) return undefined;
  const first = r.inputs[0];
  const style = { format: { ...(input.decimals !== undefined ? { decimals: input.decimals } : {}), ...(input.scale ? { scale: SCALE[input.scale] } : {}) }, filingScale: first?.scale ?? 1, ...(first?.currency ? { currency: first.currency } : {}) };
  if (input.aggregate === "change") {
    const value = vals.at(-1)! - vals[0]!;
    return { value, formatted: formatChange(value, r.unit, style) };
  }
  const value = (vals as number[]).reduce((a, b) => a + b, 0) / vals.length;
  return { value, formatted: formatValue(value, r.unit, style) };
}

/** Every line item of the formula is a balance-sheet line (inventories, current ratio): a balance at a date. */
function isBalance(e: Expr): boolean {
  const items = itemsOf(e);
  return items.length > 0 && items.every((k) => LINE_ITEMS[k] === "balance");
}

/** The growth asked of a row formula's series: from its first end to its last, or compounded a year over the span (CAGR). */
function movedValue(input: ComputeInput, series: Array<{ period: string; value?: number; formatted?: string }>, steps: NonNullable<ComputeOutput["growthByPeriod"]>): { value: number; formatted: string } | undefined {
  const valued = series.filter((x) => x.value !== undefined);
  const [a, b] = [valued[0], valued.at(-1)];
  if (!a || !b || a === b) return undefined;
  // (a growth across a span runs from its first end to its last, as the metric engine reads one)
  if (input.aggregate === "growth") {
    if (!steps.length || a.value === 0) return undefined;
    const g = (b.value! - a.value!) / Math.abs(a.value!);
    return { value: g, formatted: `${g < 0 ? "−" : ""}${groupDigits(Math.abs(g) * 100, input.decimals ?? 1)}%` };
  }
  const years = valued.length - 1;
  if (!(a.value! > 0 && b.value! > 0)) return undefined;
  const g = (b.value! / a.value!) ** (1 / years) - 1;
  return { value: g, formatted: `${g < 0 ? "−" : ""}${groupDigits(Math.abs(g) * 100, input.decimals ?? 1)}%` };
}

export async function runCompute(deps: Deps, input: ComputeInput): Promise<ComputeOutput> {
  const empty = { periods: [], series: [], inputs: [], missing: [], notes: [] };
  const scope = await resolveScope(deps.db, deps.dealId, { company: input.company, document: input.document });
  if (isScopeError(scope)) return { ...empty, status: "unknown_company", notes: [scope.error], hint: `The deal holds: ${scope.companies.join("; ") || "no company's documents"}.` };
  // numbers only ("10303 - 6625"): computed as written, in the unit its numbers state
  const literal = input.formula ? computeLiteral(input.formula, { ...(input.unit ? { unit: input.unit } : {}), percent: percentNamed(input.metric), ...(input.decimals !== undefined ? { decimals: input.decimals } : {}), ...(input.scale ? { scale: SCALE[input.scale] } : {}) }) : undefined;
  if (literal) {
    const aggregateNote = input.aggregate && input.aggregate !== "value" ? [`The aggregate "${input.aggregate}" does not apply to numbers written in the formula: the formula's own arithmetic is the result.`] : [];
    return { ...empty, status: "answered", ...(scope.company ? { company: scope.company } : {}), metric: { id: "defined", name: input.metric?.trim() || "Defined metric", unit: literal.unit }, formula: literal.formula, value: literal.value, formatted: literal.formatted, notes: [...literal.notes, ...aggregateNote] };
  }
  // a formula that is one line item or metric id alone ("net_income_including_nci"): that metric
  const bareId = input.formula?.trim().toLowerCase();
  // (only an id the engine reads as itself, never one it would take for another line)
  if (bareId && /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/.test(bareId) && metricFormula(bareId)?.id === bareId) input = { ...input, metric: bareId, formula: undefined };
  const metric = input.formula ? definedFormula(input.formula, input.metric, input.unit) : input.metric ? metricFormula(input.metric) : undefined;
  // a ratio named as a percentage ("… as % of revenue") reads as a percent, unless another unit is asked
  if (metric && !input.unit && metric.unit === "ratio" && percentNamed(input.metric)) input = { ...input, unit: "percent" };
  if (!metric && input.formula) {
    const rows = await overTableRows(deps, input, scope.company, resolvePeriods(input.periods, scope.documents).labels.sort(comparePeriods));
    if (rows) return { ...rows, notes: [...registrantNote(scope), ...rows.notes] };
  }
  if (!metric) {
    return {
      ...empty,
      status: "unknown_metric",
      company: scope.company,
      notes: [input.formula ? `The formula "${input.formula}" could not be read.` : `"${input.metric ?? ""}" is not a metric or statement line the engine knows.`],
      hint: `Pass \`formula\` over line items (e.g. "(long_term_debt + short_term_debt - cash) / ebitda"; line items: ${Object.keys(LINE_ITEMS).join(", ")}), or use get_line_items / search_documents for a figure the company states itself.`,
    };
  }
  // (a balance, "inventory now", is read at the newest balance sheet)
  const periods = resolvePeriods(input.periods, scope.documents, { balance: isBalance(metric.formula) });
  // chronological: the value of a series is its latest period, whatever order the call listed them in
  periods.labels.sort(comparePeriods);
  // a metric named as a growth ("revenue growth", "capex CAGR") is that aggregate of the metric, over the year before when one year is asked
  const named = input.aggregate || input.formula || findConcepts(input.metric ?? "")[0]?.concept.isChange ? undefined : growthNamed(input.metric);
  if (named) {
    input = { ...input, aggregate: named };
    periods.labels = withYearBefore(periods.labels);
  } else if (input.aggregate === "growth" || input.aggregate === "change") {
    // a move asked over one period runs from the same period a year before
    periods.labels = withYearAgo(periods.labels);
  }
  // (a change is read on one filing's basis where one prints every period compared)
  const compared = input.aggregate === "growth" || input.aggregate === "change" ? periods.labels : undefined;
  const source = statementLineItems(deps.db, { dealId: deps.dealId, documentIds: scope.documents.map((d) => d.id), question: input.metric ?? "", ...(compared ? { compared } : {}) });
  if (await source.isEmpty()) return { ...empty, status: "no_statements", company: scope.company, notes: ["No financial statement of this company has been read in the deal."], hint: "Use get_line_items or search_documents." };
  const result = await computeMetric(request(input, metric, periods.labels), source);
  for (const i of result.inputs) deps.sources.add({ documentId: i.documentId, document: i.document, page: i.page, excerpt: i.excerpt });
  const complete = result.value !== undefined || !!result.judgement;
  // a formula the statement lines cannot complete may name rows of other tables
  if (!complete && input.formula) {
    const rows = await overTableRows(deps, input, scope.company, periods.labels);
    if (rows?.status === "answered") return { ...rows, notes: [...registrantNote(scope), ...rows.notes] };
  }
  // a metric built on a figure the company states itself (its free cash flow, its net debt): computed with the company's figure
  const found = complete && !result.judgement ? await statedOperand(deps, input, metric, scope.company, result.periods) : undefined;
  const withOwn = found ? await withStatedFigure(input, metric, result.periods, source, found) : undefined;
  // (the company's figure the same as the statement lines give: the result as computed, its own figure flagged below)
  const differs = !!withOwn && withOwn.series.some((x, i) => x.value !== undefined && result.series[i]?.value !== undefined && Math.abs(x.value - result.series[i]!.value!) > 1e-9 * Math.max(1, Math.abs(x.value)));
  if (found && withOwn && differs) {
    const computed = result;
    const cite = { item: found.concept.id, label: found.row.label, scale: found.row.scale, ...(found.row.currency ? { currency: found.row.currency } : {}), document: found.row.document, page: found.row.page, row: found.row.row, citation: found.row.citation };
    const ownInputs: ComputeInputRow[] = result.periods.map((p, i) => ({ ...cite, period: p, periodEnd: found.row.columns.find((c) => c.period === p)?.periodEnd ?? "", value: found.values[i]! }));
    const others = inputsOf(withOwn).filter((i) => i.item !== found.concept.id);
    const stated = result.periods.map((p, i) => ({ label: found.row.label, period: p, value: found.values[i]!, citation: found.row.citation }));
    // (a move asked of the company's figure: its growth, change or average over the stated series)
    const ownSteps = input.aggregate === "growth" || input.aggregate === "cagr" ? yearOnYear(withOwn.series, input.decimals) : [];
    const cite1 = { scale: found.row.scale, ...(found.row.currency ? { currency: found.row.currency } : {}) };
    const moved = ownSteps.length ? movedValue(input, withOwn.series, ownSteps) : input.aggregate === "change" || input.aggregate === "average" ? aggregated(input, { series: withOwn.series, unit: withOwn.unit, inputs: [cite1] }) : undefined;
    if (input.aggregate && input.aggregate !== "value" && input.aggregate !== "series" && !moved) return { ...empty, status: "incomplete", company: scope.company, notes: [`The company's own ${found.row.label} does not give the ${input.aggregate} asked.`] };
    return {
      status: "answered",
      ...(scope.company ? { company: scope.company } : {}),
      metric: { id: metric.id, name: computed.name, unit: ownSteps.length ? "percent" : withOwn.unit },
      formula: statedWords(computed.name, metric, found, result.periods),
      value: moved?.value ?? withOwn.value,
      formatted: moved?.formatted ?? withOwn.formatted,
      ...(ownSteps.length ? { growthByPeriod: ownSteps } : {}),
      periods: withOwn.periods,
      series: withOwn.series.map((s) => ({ period: s.period, ...(s.value !== undefined ? { value: s.value, formatted: s.formatted } : {}) })),
      inputs: [...ownInputs, ...others],
      missing: [],
      stated,
      notes: [
        ...registrantNote(scope),
        `Uses the company's own ${found.row.label} as it states it (see \`stated\`), as analysts quote it; computed from statement lines instead (${computed.formula.replace(/^[^=]*=\s*/, "")}) it would be ${computed.formatted}.`,
        ...periods.notes,
        ...(periods.unread.length ? [`Periods not read: ${periods.unread.join(", ")}.`] : []),
        ...withOwn.notes.filter((n) => !computed.notes.includes(n)),
        ...computed.notes,
      ],
    };
  }
  const stated = await statedRows(deps, input, scope.company, periods.labels);
  const steps = input.aggregate === "growth" || input.aggregate === "cagr" ? yearOnYear(result.series, input.decimals) : [];
  return {
    status: complete ? "answered" : "incomplete",
    ...(scope.company ? { company: scope.company } : {}),
    metric: { id: metric.id, name: result.name, unit: result.unit },
    formula: result.formula,
    ...(result.value !== undefined ? { value: result.value, formatted: result.formatted } : {}),
    periods: result.periods,
    series: result.series.map((s) => ({ period: s.period, ...(s.value !== undefined ? { value: s.value, formatted: s.formatted } : {}) })),
    ...(steps.length ? { growthByPeriod: steps } : {}),
    inputs: inputsOf(result),
    missing: result.missing.map((m) => ({ item: m.key, label: m.label, period: m.period })),
    ...(result.judgement ? { judgement: result.judgement.statement } : {}),
    ...(stated.length ? { stated } : {}),
    notes: [...registrantNote(scope), ...(stated.length ? [`The company states its own ${stated[0]!.label} (see \`stated\`); its definition may differ from this formula, and analysts usually quote the company's.`] : []), ...periods.notes, ...(periods.unread.length ? [`Periods not read: ${periods.unread.join(", ")}.`] : []), ...result.notes],
  };
}
