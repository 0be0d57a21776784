/**
 * Deciding a judgement from computed figures: the series it rests on and the verdict (yes/no, or
 * the chosen candidate) with a sentence stating the figures. The verdict is only given when every
 * figure it needs was computed.
 */
import type { Evaluation } from "./evaluate";
import { shiftYears } from "./periods";
import type { Judgement, MetricRequest, MetricResult, MetricUnit, PeriodValue } from "./types";

export interface Judged {
  series: PeriodValue[];
  unit: MetricUnit;
  value?: number;
  isChange: boolean;
  verdict?: (formatted: PeriodValue[]) => NonNullable<MetricResult["judgement"]>;
}

const yesNo = (b: boolean): "yes" | "no" => (b ? "yes" : "no");
const show = (s: PeriodValue | undefined) => `${s?.formatted ?? "?"} in ${s?.period ?? "?"}`;

function moveWord(a: number, b: number, unit: MetricUnit): string {
  if (a === b) return "was unchanged";
  if (unit === "percent" || unit === "ratio" || unit === "days") return b > a ? "rose" : "fell";
  return b > a ? "increased" : "decreased";
}

async function trend(req: MetricRequest, j: Extract<Judgement, { kind: "trend" }>, ev: Evaluation, periods: string[]): Promise<Judged> {
  const f = req.metric.formula;
  const [p0, p1] = [periods[periods.length - 2]!, periods[periods.length - 1]!];
  const [v0, v1] = [await ev.value(f, p0), await ev.value(f, p1)];
  const earlierPeriod = shiftYears(p0, -1);
  const earlier = periods.length === 2 && /^FY/.test(p0) && earlierPeriod !== p0 ? await ev.tryValue(f, earlierPeriod) : undefined;
  const series = [...(earlier !== undefined ? [{ period: earlierPeriod, value: earlier }] : []), { period: p0, value: v0 }, { period: p1, value: v1 }];
  if (v0 === undefined || v1 === undefined) return { series, unit: req.metric.unit, isChange: false };
  const up = v1 > v0;
  const higherBetter = req.metric.better === "higher";
  const pass = { up, down: v1 < v0, improve: higherBetter ? up : v1 < v0, worsen: higherBetter ? v1 < v0 : up, any: v1 !== v0 }[j.direction];
  return {
    series,
    unit: req.metric.unit,
    value: v1 - v0,
    isChange: true,
    verdict: (s) => {
      const history = s.length > 2 ? ` (${show(s[0])})` : "";
      return { polarity: yesNo(pass), statement: `${req.metric.name} ${moveWord(v0, v1, req.metric.unit)} from ${show(s[s.length - 2])} to ${show(s[s.length - 1])}${history}.` };
    },
  };
}

async function sign(req: MetricRequest, j: Extract<Judgement, { kind: "sign" }>, ev: Evaluation, periods: string[]): Promise<Judged> {
  const p = periods[periods.length - 1]!;
  const v = await ev.value(req.metric.formula, p);
  const series = [{ period: p, value: v }];
  if (v === undefined) return { series, unit: req.metric.unit, isChange: false };
  return {
    series,
    unit: req.metric.unit,
    value: v,
    isChange: false,
    verdict: (s) => ({ polarity: yesNo(j.positive ? v > 0 : v < 0), statement: `${req.metric.name} was ${s[0]!.formatted} in ${p} (${v > 0 ? "positive" : v < 0 ? "negative" : "zero"}).` }),
  };
}

async function stable(req: MetricRequest, j: Extract<Judgement, { kind: "stable" }>, ev: Evaluation, periods: string[], strict: boolean): Promise<Judged> {
  const f = req.metric.formula;
  const all = await Promise.all(periods.map(async (period) => ({ period, value: strict ? await ev.value(f, period) : await ev.tryValue(f, period) })));
  const series = strict ? all : all.filter((s) => s.value !== undefined);
  const unit = req.metric.unit;
  if (series.length < 2 || series.some((s) => s.value === undefined)) {
    if (!strict && series.length < 2) await ev.value(f, periods[periods.length - 1] ?? "");
    return { series, unit, isChange: false };
  }
  const vals = series.map((s) => s.value!);
  const gaps = strict ? [] : all.filter((s) => s.value === undefined && s.period > series[0]!.period && s.period < series[series.length - 1]!.period).map((s) => s.period);
  const moves = vals.slice(1).map((v, i) => (unit === "percent" ? v - vals[i]! : (v - vals[i]!) / Math.abs(vals[i]!)));
  const largest = moves.reduce((a, b) => (Math.abs(b) > Math.abs(a) ? b : a), 0);
  const points = unit === "percent" ? "percentage points" : "%";
  const moved = `the largest move between consecutive years shown is ${(Math.abs(largest) * 100).toFixed(1)} ${points}`;
  const missing = gaps.length ? ` (${gaps.join(", ")} not in the documents)` : "";
  const values = (s: Array<{ formatted?: string; period: string }>) => s.map((x) => `${x.formatted} (${x.period})`).join(", ");
  // no threshold asked: the moves are shown and the analyst judges; none is assumed
  if (j.threshold === undefined) return { series, unit, value: largest, isChange: true, verdict: (s) => ({ statement: `${req.metric.name}: ${values(s)}; ${moved}${missing}. No threshold was given, so no verdict on stability is drawn.` }) };
  const isStable = Math.abs(largest) <= j.threshold + 1e-12;
  return {
    series,
    unit,
    value: largest,
    isChange: true,
    verdict: (s) => ({
      polarity: yesNo(j.askedStable ? isStable : !isStable),
      statement: `${req.metric.name}: ${values(s)}; ${moved}, ${isStable ? "within" : "more than"} ${(j.threshold! * 100).toFixed(1)} ${points}${missing}.`,
    }),
  };
}

async function compare(req: MetricRequest, ev: Evaluation, periods: string[]): Promise<Judged> {
  const f = req.metric.formula;
  const [p0, p1] = [periods[0]!, periods[periods.length - 1]!];
  const [v0, v1] = [await ev.value(f, p0), await ev.value(f, p1)];
  const series = [{ period: p0, value: v0 }, { period: p1, value: v1 }];
  if (v0 === undefined || v1 === undefined) return { series, unit: req.metric.unit, isChange: false };
  return {
    series,
    unit: req.metric.unit,
    value: v1 - v0,
    isChange: true,
    verdict: (s) => ({ statement: `${req.metric.name} was ${show(s[1])}, ${v1 > v0 ? "higher than" : v1 < v0 ? "lower than" : "the same as"} ${show(s[0])}.` }),
  };
}

async function extreme(j: Extract<Judgement, { kind: "extreme" }>, ev: Evaluation, periods: string[]): Promise<Judged> {
  const p = periods[periods.length - 1]!;
  const series = await Promise.all(j.candidates.map(async (c) => ({ period: p, name: c.name, value: await ev.value(c.formula, p) })));
  const unit = j.candidates[0]?.unit ?? "amount";
  if (series.some((s) => s.value === undefined)) return { series, unit, isChange: false };
  const pick = series.reduce((a, b) => ((j.most ? b.value! > a.value! : b.value! < a.value!) ? b : a));
  return {
    series,
    unit,
    value: pick.value,
    isChange: false,
    verdict: (s) => ({
      choice: pick.name,
      statement: `**${pick.name}** ${j.most ? "was the largest" : "was the smallest"} in ${p}: ${s.map((x) => `${x.name} ${x.formatted}`).join("; ")}.`,
    }),
  };
}

export async function judge(req: MetricRequest, j: Judgement, ev: Evaluation, periods: string[]): Promise<Judged> {
  if (!periods.length) return { series: [], unit: req.metric.unit, isChange: false };
  switch (j.kind) {
    case "trend":
      return trend(req, j, ev, periods.length >= 2 ? periods : [shiftYears(periods[0]!, -1), periods[0]!]);
    case "sign":
      return sign(req, j, ev, periods);
    case "stable":
      return stable(req, j, ev, periods, req.periods.length > 1);
    case "compare":
      return compare(req, ev, periods.length >= 2 ? periods : [shiftYears(periods[0]!, -1), periods[0]!]);
    case "extreme":
      return extreme(j, ev, periods);
  }
}
