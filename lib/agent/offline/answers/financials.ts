/** Financial walk-throughs: the P&L deep dive around a focus period, and a metric's trend as prose. */
import type { KbResult } from "@/lib/agent/knowledge/query";
import { bestFactSentence, usablePages } from "./excerpts";
import { cap, conflictNote, factSentence, fvaNote, metricName, noData } from "./phrasing";
import { changeText, endOf, focusOf, priorLabel, seriesOf, trendWord } from "./series";
import { yearOfLabel } from "@/lib/periods/years";
import { isError, outputs } from "./tool-outputs";
import type { ToolExchange } from "../conversation";
import type { Plan } from "../intent";

export function writeDeepDive(plan: Plan, done: ToolExchange[]): string {
  const results = outputs<KbResult | { error: string }>(done, "query_knowledge_base").filter((r): r is KbResult => !isError(r));
  const sections: string[] = [];
  const flags: string[] = [];
  const focusPeriods = new Set<string>();
  for (const r of results) {
    const isUnusual = /restructuring/i.test(r.query);
    const series = seriesOf(r);
    if (isUnusual) {
      for (const f of series.length ? series : r.findings) flags.push(`- One-time ${metricName(f)} of ${f.value} in ${f.period ?? "the period"} ${f.source.citation}`);
      if (!r.findings.length) {
        const hit = bestFactSentence(usablePages(r.pages), r.query, ["restructuring"]);
        if (hit) flags.push(`- ${hit.sentence.replace(/[.!]\s*$/, "")} ${hit.page.citation}`);
      }
      continue;
    }
    const cur = focusOf(series, plan);
    if (!cur) {
      const hit = r.coverage === "pages" ? bestFactSentence(usablePages(r.pages), r.query, r.understood.metrics[0] ? [r.understood.metrics[0].toLowerCase()] : []) : undefined;
      if (hit) sections.push(`**${cap(r.understood.metrics[0] ?? "")}:** ${hit.sentence.replace(/[.!]\s*$/, "")} ${hit.page.citation}`);
      continue;
    }
    focusPeriods.add(cur.period ?? "");
    const name = cap(metricName(cur, r.understood.metrics[0]));
    const yoy = series.find((f) => f.period === priorLabel(cur.period ?? ""));
    const bullets: string[] = [];
    const change = yoy && changeText(cur, yoy);
    if (yoy && change) bullets.push(`- ${change} YoY, ${trendWord(cur, yoy)} ${yoy.value} in ${yoy.period} ${yoy.source.citation}`);
    // the quarters of the focus year, for the run-rate
    const quarters = series.filter((f) => /^Q[1-4] /.test(f.period ?? "") && yearOfLabel(f.period) === yearOfLabel(cur.period) && f.id !== cur.id);
    if (quarters.length) bullets.push(`- By quarter: ${quarters.map((f) => `${f.period} ${f.value} ${f.source.citation}`).join("; ")}`);
    const fy = series.filter((f) => /^FY/.test(f.period ?? "") && yearOfLabel(f.period) < yearOfLabel(cur.period)).slice(-1)[0];
    if (fy) bullets.push(`- Full year ${fy.period}: ${fy.value} ${fy.source.citation}`);
    const shown = new Set([cur.period, yoy?.period, fy?.period, ...quarters.map((q) => q.period)]);
    for (const c of r.corrections.filter((x) => shown.has(x.period))) bullets.push(`- Note: ${c.period} was restated from ${c.previous.value} to ${c.current.value} ${c.current.citation}`);
    for (const c of r.conflicts.filter((x) => shown.has(x.period))) bullets.push(`- ⚠️ ${conflictNote(c)}`);
    sections.push([`**${name}:** ${cur.value} in ${cur.period} ${cur.source.citation}`, ...bullets.filter((b) => !b.includes("undefined"))].join("\n"));
  }
  if (sections.length === 0) return noData(plan.question, [], "P&L line items (revenue, margins, EBITDA, net income)");
  const focus = [...focusPeriods].filter(Boolean);
  const out = [`Here's the P&L breakdown${focus.length === 1 ? ` for ${focus[0]}` : focus.length ? ` (latest: ${focus.join(", ")})` : ""}:`, ...sections];
  if (flags.length) out.push(["**Items needing attention:**", ...flags].join("\n"));
  return out.join("\n\n");
}

/** "Revenue grew from EUR 4.5 million in Q1 2024 (…) to EUR 4.8 million in Q2 2024 (+6.7%, …)…" (P2: trend → prose). */
export function writeTrend(plan: Plan, done: ToolExchange[]): string {
  const results = outputs<KbResult | { error: string }>(done, "query_knowledge_base").filter((r): r is KbResult => !isError(r));
  const paras: string[] = [];
  for (const r of results) {
    let series = seriesOf(r);
    const quarterly = series.filter((f) => /^Q[1-4] /.test(f.period ?? ""));
    if (plan.range) {
      const kind = plan.range.from.slice(0, 1);
      const from = endOf(plan.range.from);
      const to = endOf(plan.range.to);
      series = series.filter((f) => (f.period ?? "").startsWith(kind) && endOf(f.period ?? "") >= from && endOf(f.period ?? "") <= to);
    } else if (quarterly.length >= 2) {
      const lastYear = yearOfLabel(quarterly[quarterly.length - 1]!.period);
      series = quarterly.filter((f) => yearOfLabel(f.period) === lastYear);
      if (series.length < 2) series = quarterly.slice(-4);
    } else {
      series = series.filter((f) => /^FY/.test(f.period ?? "")).slice(-4);
    }
    const name = metricName(series[0] ?? { metric: r.understood.metrics[0] ?? "", metricKey: "" }, r.understood.metrics[0]);
    if (series.length < 2) {
      if (series.length === 1) paras.push(`${factSentence(series[0]!)} I found no other ${plan.range ? "period in that range" : "period"} to show a trend against.`);
      continue;
    }
    const first = series[0]!;
    const last = series[series.length - 1]!;
    const steps = series.slice(1).map((f, i) => {
      const ch = changeText(f, series[i]!);
      return `${f.value} in ${f.period}${ch ? ` (${ch} on ${series[i]!.period})` : ""} ${f.source.citation}`;
    });
    const verb = last.valueNum !== null && first.valueNum !== null ? (last.valueNum > first.valueNum ? "grew" : last.valueNum < first.valueNum ? "declined" : "was flat") : "moved";
    const total = changeText(last, first);
    paras.push(`${cap(name)} ${verb} from ${first.value} in ${first.period} ${first.source.citation} to ${steps.join(", then ")}${total ? ` — ${total} over the span` : ""}.`);
    const lastYoy = seriesOf(r).find((f) => f.period === priorLabel(last.period ?? ""));
    const yoy = lastYoy && changeText(last, lastYoy);
    if (lastYoy && yoy) paras.push(`Year on year, ${last.period} was ${yoy}, ${trendWord(last, lastYoy)} ${lastYoy.value} in ${lastYoy.period} ${lastYoy.source.citation}.`);
    for (const x of r.forecastVsActual.filter((y) => series.some((f) => f.id === y.actual.findingId))) paras.push(fvaNote(x));
  }
  if (!paras.length) return noData(plan.question);
  return paras.join("\n\n");
}
