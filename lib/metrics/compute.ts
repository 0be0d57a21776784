/**
 * computeMetric: a request evaluated against a company's line items. One value, an average over
 * years, growth, CAGR or a change; or a judgement (trend, sign, stability, comparison, largest of
 * candidates) decided by the computed figures. Inputs carry their citations; missing inputs are
 * named and leave the value undefined.
 */
import type { LineItemSource } from "@/lib/statements/types";
import { CATALOG } from "./catalog";
import { Evaluation } from "./evaluate";
import { lineItemLabel, MAGNITUDE } from "./line-items";
import { formatValue, groupDigits, type ValueStyle } from "./numbers";
import { shiftYears, sortLabels, yearsBetween } from "./periods";
import type { MetricRequest, MetricResult, MetricUnit, PeriodValue } from "./types";
import { aggregateWords, formulaWords, inSentence } from "./words";
import { judge } from "./judge";

/** The periods to compute: as asked, else the latest fiscal year(s) the statements hold. */
async function resolvePeriods(req: MetricRequest, source: LineItemSource): Promise<{ periods: string[]; note?: string }> {
  const j = req.judgement?.kind;
  if (j === "stable") {
    if (req.periods.length > 1) return { periods: req.periods };
    const years = sortLabels(await source.fiscalYears());
    const upTo = req.periods[0] ? years.filter((y) => sortLabels([y, req.periods[0]!])[0] === y) : years;
    const last5 = upTo.slice(-5);
    const periods = last5.length > 1 ? yearsBetween(last5[0]!, last5[last5.length - 1]!) : last5;
    return { periods, note: "Over the fiscal years the statements hold." };
  }
  if (req.periods.length) return { periods: req.periods };
  const years = await source.fiscalYears();
  const latest = years[0];
  if (latest && req.span) {
    const note = `The last ${req.span} fiscal years in the statements, to ${latest}.`;
    if (req.aggregate === "cagr") return { periods: [shiftYears(latest, -req.span), latest], note };
    return { periods: yearsBetween(shiftYears(latest, -(req.span - 1)), latest), note };
  }
  if (!latest) return { periods: [] };
  const two = j === "trend" || j === "compare" || req.aggregate === "growth" || req.aggregate === "change";
  return { periods: two ? [shiftYears(latest, -1), latest] : [latest], note: `No period was named: ${latest}, the latest fiscal year in the statements.` };
}

function wordsOf(req: MetricRequest, periods: string[]): string {
  const entry = CATALOG.find((c) => c.id === req.metric.id);
  const f = req.metric.formula;
  const body = f.kind === "item" ? `the ${lineItemLabel(f.key)} line as reported${MAGNITUDE.has(f.key) ? " (its amount; outflows are printed negative)" : ""}` : (entry?.words ?? formulaWords(f));
  return `${req.metric.name} = ${body}${aggregateWords(req.aggregate, periods)}`;
}

function styleOf(req: MetricRequest, ev: Evaluation): ValueStyle {
  const first = [...ev.inputs.values()][0];
  const f = req.format;
  const fraction = req.aggregate === "value" && !f.percent && f.decimals !== undefined && /\bratio\b|\breturn on\b/i.test(req.metric.name);
  // ("debt to assets", "cash / total debt": a quotient the catalog does not name, of two amounts)
  const m = req.metric;
  const share = m.unit === "ratio" && m.formula.kind === "op" && m.formula.op === "/" && !CATALOG.some((c) => c.id === m.id);
  return { format: f, filingScale: first?.scale ?? 1e6, currency: first?.currency ?? f.currency, ...(fraction ? { fraction } : {}), ...(share ? { share } : {}) };
}

/** Aggregates read from the series' two ends: a growth, a CAGR, a change. */
const FROM_ENDS = new Set<MetricRequest["aggregate"]>(["growth", "cagr", "change"]);

/**
 * The formula's value at each period. A move across a span needs its two ends only: a year between
 * them is shown when the statements print it, and one they skip ("2018 to 2022" in a deal of those
 * two 10-Ks) leaves no input missing.
 */
async function seriesOf(req: MetricRequest, ev: Evaluation, periods: string[], source: LineItemSource): Promise<PeriodValue[]> {
  const aside = FROM_ENDS.has(req.aggregate) && periods.length > 2 ? new Evaluation(source) : undefined;
  const series = await Promise.all(periods.map(async (period, i) => {
    const between = aside && i > 0 && i < periods.length - 1;
    return { period, value: await (between ? aside : ev).value(req.metric.formula, period) };
  }));
  for (const [k, input] of aside?.inputs ?? []) if (series.some((s) => s.period === input.period && s.value !== undefined)) ev.inputs.set(k, input);
  return series;
}

/** An aggregate over the series: the value and the unit it reads in. */
function aggregate(req: MetricRequest, series: PeriodValue[], notes: string[]): { value?: number; unit: MetricUnit; name: string } {
  const m = req.metric;
  const vals = series.map((s) => s.value);
  const first = vals[0];
  const last = vals[vals.length - 1];
  const complete = vals.length > 0 && vals.every((v) => v !== undefined);
  // a move across a span is read from its two ends: a year between them the filings skip ("2018 to 2022" in a deal of those two 10-Ks) is not needed
  const ends = vals.length >= 2 && first !== undefined && last !== undefined;
  switch (req.aggregate) {
    case "value":
    case "series":
      return { value: last, unit: m.unit, name: m.name };
    case "average":
      return { value: complete ? (vals as number[]).reduce((a, b) => a + b, 0) / vals.length : undefined, unit: m.unit, name: `Average ${inSentence(m.name)}` };
    case "growth":
      if (ends && first === 0) notes.push("Growth from zero is undefined.");
      return { value: ends && first !== 0 ? (last! - first!) / Math.abs(first!) : undefined, unit: "percent", name: `${m.name} growth` };
    case "cagr": {
      const years = series.length >= 2 ? yearsOf(series) : 0;
      const ok = ends && years > 0 && first! > 0 && last! > 0;
      if (ends && !ok) notes.push("CAGR needs positive values at both ends.");
      return { value: ok ? (last! / first!) ** (1 / years) - 1 : undefined, unit: "percent", name: `${m.name} CAGR` };
    }
    case "change":
      return { value: ends ? last! - first! : undefined, unit: m.unit, name: `Change in ${inSentence(m.name)}` };
  }
}

function yearsOf(series: PeriodValue[]): number {
  const y = (p: string) => Number(p.match(/\d{4}/)?.[0] ?? 0);
  return y(series[series.length - 1]!.period) - y(series[0]!.period);
}

/** A change reads in points for a percent metric, signed otherwise. */
export function formatChange(value: number, unit: MetricUnit, style: ValueStyle): string {
  const sign = value > 0 ? "+" : value < 0 ? "−" : "";
  if (unit === "percent") return `${sign}${groupDigits(Math.abs(value) * 100, style.format.decimals ?? 1)} percentage points`;
  return `${sign}${formatValue(Math.abs(value), unit, { ...style, format: { ...style.format, percent: false } })}`;
}

export async function computeMetric(req: MetricRequest, source: LineItemSource): Promise<MetricResult> {
  const out = await computeAt(req, source);
  // no period named, and the newest fiscal year prints no line for it: the newest quarter a later interim report prints
  // ("are they buying back stock" in a deal whose newest report is a quarter's)
  if (out.value !== undefined || out.judgement || req.periods.length || req.span || req.judgement || req.aggregate !== "value" || !source.newerQuarter) return out;
  const quarter = await source.newerQuarter();
  if (!quarter) return out;
  const again = await computeAt({ ...req, periods: [quarter] }, source);
  return again.value === undefined ? out : { ...again, notes: [`No period was named: ${quarter}, the latest period the statements report (${out.periods[0] ?? "the newest fiscal year"} prints no line for it).`, ...again.notes] };
}

async function computeAt(req: MetricRequest, source: LineItemSource): Promise<MetricResult> {
  const ev = new Evaluation(source);
  const { periods, note } = await resolvePeriods(req, source);
  const notes = [...(req.notes ?? []), ...(note ? [note] : []), ...(periods.length ? [] : ["The statements hold no fiscal year to compute for."])];
  const base = { request: req, periods, inputs: [], missing: [], notes, formula: wordsOf(req, periods) };
  if (req.judgement) {
    const out = await judge(req, req.judgement, ev, periods);
    const style = styleOf(req, ev);
    const series = out.series.map((s) => ({ ...s, ...(s.value !== undefined ? { formatted: formatValue(s.value, out.unit, style) } : {}) }));
    return finish({ ...base, name: req.metric.name, unit: out.unit, series, ...valueFields(out.value, out.unit, style, out.isChange), ...(out.verdict ? { judgement: out.verdict(series) } : {}) }, ev);
  }
  const series = await seriesOf(req, ev, periods.length ? periods : [], source);
  const agg = aggregate(req, series, notes);
  const style = styleOf(req, ev);
  // the rounding asked is the result's: a growth's yearly amounts show in the filing's precision
  const seriesStyle = agg.unit === req.metric.unit ? style : { ...style, format: { ...style.format, decimals: undefined, percent: undefined } };
  const formatted = series.map((s) => ({ ...s, ...(s.value !== undefined ? { formatted: formatValue(s.value, req.metric.unit, seriesStyle) } : {}) }));
  return finish({ ...base, name: agg.name, unit: agg.unit, series: formatted, ...valueFields(agg.value, agg.unit, style, req.aggregate === "change") }, ev);
}

function valueFields(value: number | undefined, unit: MetricUnit, style: ValueStyle, isChange: boolean): Pick<MetricResult, "value" | "formatted"> {
  if (value === undefined || !Number.isFinite(value)) return {};
  return { value, formatted: isChange ? formatChange(value, unit, style) : formatValue(value, unit, style) };
}

function finish(r: MetricResult, ev: Evaluation): MetricResult {
  const missing = [...ev.missing.values()];
  const complete = missing.length === 0;
  return {
    ...r,
    ...(complete ? {} : { value: undefined, formatted: undefined, judgement: undefined }),
    inputs: [...ev.inputs.values()],
    missing,
    notes: [...new Set([...r.notes, ...ev.notes])],
  };
}
