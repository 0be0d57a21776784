/** A metric's findings as a series of periods: which periods, their order, and the change between two. */
import { formatDelta, formatPct } from "@/lib/agent/knowledge/describe";
import type { KbFinding, KbResult } from "@/lib/agent/knowledge/query";
import type { Plan } from "../intent";
import { yearOfLabel } from "@/lib/periods/years";

/** The actual (non-forecast) series of one metric key, one finding per period, oldest first. */
export function seriesOf(r: KbResult, key?: string): KbFinding[] {
  const byId = new Map(r.findings.map((f) => [f.id, f]));
  const all = r.timeline.map((t) => byId.get(t.findingId)).filter((f): f is KbFinding => !!f && !f.isForecast);
  const k = key ?? mainKey(all, r.understood.metrics[0]);
  return all.filter((f) => !k || f.metricKey === k);
}

/** The metric key a result is about: the one named like the asked metric, else the most frequent. */
function mainKey(fs: KbFinding[], asked?: string): string | undefined {
  if (!fs.length) return undefined;
  const want = asked?.toLowerCase().replace(/\s+/g, "_");
  if (want && fs.some((f) => f.metricKey === want)) return want;
  const n = new Map<string, number>();
  for (const f of fs) n.set(f.metricKey, (n.get(f.metricKey) ?? 0) + 1);
  return [...n.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
}

export const kindOf = (p: string | null) => (p ?? "").match(/^(Q[1-4]|H[12]|9M|FY)/)?.[1]?.replace(/[1-4]$/, (d) => (p!.startsWith("Q") || p!.startsWith("H") ? "" : d)) ?? "point";


export const priorLabel = (p: string) => p.replace(/(\d{4})/, (y) => String(Number(y) - 1));

/** "+12.1% vs Q3 2023 (EUR 4.64 million …)" for amounts, "-3.0pp" for margins. */
export function changeText(cur: KbFinding, prev: KbFinding): string | undefined {
  if (cur.valueNum === null || prev.valueNum === null || prev.valueNum === 0) return undefined;
  if (cur.unit === "percent" || prev.unit === "percent") return formatDelta(cur.valueNum - prev.valueNum, "percent", null);
  return formatPct(((cur.valueNum - prev.valueNum) / Math.abs(prev.valueNum)) * 100);
}

export function trendWord(cur: KbFinding, prev: KbFinding): string {
  if (cur.valueNum === null || prev.valueNum === null) return "compared with";
  return cur.valueNum > prev.valueNum ? "up from" : cur.valueNum < prev.valueNum ? "down from" : "unchanged from";
}

/** The period a deep dive focuses on: the asked one, the year-to-date one, else the latest quarter. */
export function focusOf(series: KbFinding[], plan: Plan): KbFinding | undefined {
  if (plan.periodLabel) return series.find((f) => f.period === plan.periodLabel);
  if (plan.yearToDate) {
    const y = series.filter((f) => yearOfLabel(f.period) === plan.yearToDate && /^(?:9M|H1|Q1) /.test(f.period ?? ""));
    const order = ["9M", "H1", "Q1"];
    return y.sort((a, b) => order.indexOf(kindOf(a.period) === "H" ? "H1" : kindOf(a.period) === "Q" ? "Q1" : kindOf(a.period)) - order.indexOf(kindOf(b.period) === "H" ? "H1" : kindOf(b.period) === "Q" ? "Q1" : kindOf(b.period)))[0];
  }
  const q = series.filter((f) => /^Q[1-4] /.test(f.period ?? ""));
  return (q.length ? q : series)[(q.length ? q : series).length - 1];
}

export function endOf(label: string): string {
  const m = label.match(/^(Q|H)([1-4]) (\d{4})$/);
  if (!m) return "";
  const month = (Number(m[2]) * (m[1] === "Q" ? 3 : 6));
  return `${m[3]}-${String(month).padStart(2, "0")}`;
}
