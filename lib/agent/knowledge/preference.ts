/**
 * Which finding to prefer: current over superseded, actual over forecast (unless a forecast is
 * asked for), the more authoritative and newer document, then the surer extraction. And the
 * single finding that answers a fact question.
 */
import { parsePeriod } from "@/lib/periods";
import { authorityOf } from "./describe";
import type { FindingRow } from "./findings";
import { keysOf, type MetricSpec } from "./metrics";

export function preferOrder(a: FindingRow, b: FindingRow, wantForecast: boolean): number {
  return (
    Number(a.superseded) - Number(b.superseded) ||
    (wantForecast ? Number(b.is_forecast) - Number(a.is_forecast) : Number(a.is_forecast) - Number(b.is_forecast)) ||
    authorityOf(b.document_kind, b.filename) - authorityOf(a.document_kind, a.filename) ||
    (b.document_date ?? "").localeCompare(a.document_date ?? "") ||
    b.confidence - a.confidence ||
    a.id.localeCompare(b.id)
  );
}

/** At one period end, the shortest period answers first: a quarter before its half, year or day. */
const PERIOD_KIND_ORDER: Record<string, number> = { Q: 0, H: 1, "9M": 2, FY: 3, point: 4 };

/**
 * The finding that answers a fact question: of the first metric asked, in the asked period (or
 * the latest period reported when none was asked), the preferred one.
 */
export function pickAnswer(candidates: FindingRow[], o: { metrics: MetricSpec[]; wanted?: string; wantForecast: boolean }): FindingRow | undefined {
  const { metrics, wanted, wantForecast } = o;
  if (!candidates.length) return undefined;
  const primaryKeys = metrics.length ? keysOf(metrics[0]!) : undefined;
  const pool2 = candidates.filter((r) => !primaryKeys || primaryKeys.includes(r.metric_key));
  const usable = (pool2.length ? pool2 : candidates).filter((r) => wantForecast || !r.is_forecast || !wanted);
  const list = usable.length ? usable : pool2.length ? pool2 : candidates;
  const latestEnd = wanted ? undefined : list.filter((r) => !r.is_forecast || wantForecast).map((r) => parsePeriod(r.period)?.end ?? "").sort().pop();
  const inLatest = latestEnd ? list.filter((r) => (parsePeriod(r.period)?.end ?? "") === latestEnd && (!r.is_forecast || wantForecast)) : list;
  return (inLatest.length ? inLatest : list).sort(
    (a, b) => (PERIOD_KIND_ORDER[parsePeriod(a.period)?.kind ?? "point"] ?? 9) - (PERIOD_KIND_ORDER[parsePeriod(b.period)?.kind ?? "point"] ?? 9) || preferOrder(a, b, wantForecast),
  )[0];
}
