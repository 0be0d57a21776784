/** Comparisons as tables: forecast vs actual with variances, or one metric across periods. */
import { formatDelta, formatPct } from "@/lib/agent/knowledge/describe";
import type { KbForecastVsActual, KbResult } from "@/lib/agent/knowledge/query";
import { cap, conflictNote, factSentence, metricName, noData } from "./phrasing";
import { changeText, kindOf, seriesOf } from "./series";
import { isError, outputs } from "./tool-outputs";
import type { ToolExchange } from "../conversation";
import type { Plan } from "../intent";

function varianceOf(p: KbForecastVsActual): string {
  const ff = p.forecast;
  const aa = p.actual;
  if (ff.valueNum == null || aa.valueNum == null) return "–";
  if (aa.unit === "percent") return formatDelta(aa.valueNum - ff.valueNum, "percent", null);
  return `${formatDelta(aa.valueNum - ff.valueNum, aa.unit, aa.currency)} (${formatPct(((aa.valueNum - ff.valueNum) / Math.abs(ff.valueNum)) * 100)})`;
}

export function writeComparison(plan: Plan, done: ToolExchange[]): string {
  const results = outputs<KbResult | { error: string }>(done, "query_knowledge_base").filter((x): x is KbResult => !isError(x));
  const r = results[0];
  if (!r) return noData(plan.question);
  const forecastVsActual = /\b(?:forecast|budget|plan|guidance|expected|projection)/i.test(plan.question);
  // forecast vs actual: one row per metric and period, the named document's forecast first
  const pairs: KbForecastVsActual[] = [];
  for (const x of results) {
    for (const p of x.forecastVsActual) {
      if (pairs.some((q) => q.metric.toLowerCase() === p.metric.toLowerCase() && q.period === p.period)) continue;
      pairs.push(p);
    }
  }
  if (pairs.length) {
    const periods = [...new Set(pairs.map((p) => p.period))];
    const rows = pairs.map((p) => `| ${cap(p.metric)}${periods.length > 1 ? ` ${p.period}` : ""} | ${p.forecast.value} ${p.forecast.citation} | ${p.actual.value} ${p.actual.citation} | ${varianceOf(p)} |`);
    const lead = pairs[0]!;
    const beat = lead.actual.valueNum != null && lead.forecast.valueNum != null ? (lead.actual.valueNum > lead.forecast.valueNum ? "came in above" : lead.actual.valueNum < lead.forecast.valueNum ? "came in below" : "matched") : "compare with";
    const sources = [...new Set(pairs.map((p) => `${p.forecast.documentKind}${p.forecast.documentDate ? ` dated ${p.forecast.documentDate}` : ""}`))].join(" and ");
    const missing = ["revenue", "EBITDA", "gross margin"].filter((m) => !plan.metrics.length && !pairs.some((p) => p.metric.toLowerCase().includes(m.toLowerCase())));
    const out = [
      `**Forecast vs. Actual${periods.length === 1 ? ` (${periods[0]})` : ""}**`,
      "",
      "| Metric | Forecast | Actual | Variance |",
      "|--------|----------|--------|----------|",
      ...rows,
      "",
      `${cap(lead.metric)} actuals ${beat} the forecast for ${lead.period}. The forecast${pairs.length > 1 ? "s" : ""} came from ${sources}, made before the period's actuals were reported — a forecast vs actual difference, not a conflict between sources.`,
    ];
    if (missing.length) out.push(`No forecast for the same period as an actual was found for ${missing.join(" or ")}, so ${missing.length > 1 ? "they are" : "it is"} not compared.`);
    return out.join("\n");
  }
  if (forecastVsActual) {
    // say why there is nothing to compare: forecasts and actuals cover different periods
    const fc = results.flatMap((x) => x.findings.filter((f) => f.isForecast));
    const act = results.flatMap((x) => x.findings.filter((f) => !f.isForecast));
    const fcPeriods = [...new Set(fc.map((f) => f.period).filter(Boolean))];
    const actPeriods = [...new Set(act.map((f) => f.period).filter(Boolean))];
    const why = fc.length === 0
      ? "no forecast figures were found in the documents"
      : act.length === 0
        ? "no reported actuals were found for the forecast periods"
        : `the forecasts cover ${fcPeriods.slice(-4).join(", ")} while the reported actuals cover ${actPeriods.slice(-4).join(", ")} — no period has both`;
    const example = fc[0];
    return [
      `I couldn't line up a forecast against an actual${plan.periodLabel ? ` for ${plan.periodLabel}` : ""}: ${why}.`,
      ...(example ? [`The nearest forecast is ${metricName(example)} of ${example.value} for ${example.period} ${example.source.citation}.`] : []),
      "Would you like me to add a question to the Q&A list asking the target for its forecast-vs-actual bridge?",
    ].join("\n\n");
  }
  const series = seriesOf(r);
  if (series.length >= 2) {
    const rows: string[] = [];
    for (let i = 0; i < series.length; i++) {
      const f = series[i]!;
      const prev = i > 0 ? series[i - 1] : undefined;
      const change = prev && kindOf(prev.period) === kindOf(f.period) ? changeText(f, prev) ?? "–" : "–";
      rows.push(`| ${f.period} | ${f.value} | ${change} | ${f.source.citation} |`);
    }
    const notes = r.conflicts.map(conflictNote);
    return [`**${cap(metricName(series[0]!, r.understood.metrics[0]))} by period**`, "", "| Period | Value | Change | Source |", "|--------|-------|--------|--------|", ...rows, ...(notes.length ? ["", ...notes] : [])].join("\n");
  }
  if (r.conflicts.length) return conflictNote(r.conflicts[0]!);
  if (r.answer) return `${factSentence(r.answer)} I found nothing to compare it with for another period or source. Would you like me to add a question to the Q&A list?`;
  return noData(plan.question, r.notes);
}
