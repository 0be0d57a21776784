/**
 * The findings an answer lists, in order: the answer, the sides of its conflicts, the values its
 * corrections replaced, then (for research, or when nothing answers outright) the preferred
 * finding per metric and period as a timeline, oldest first.
 */
import { comparePeriods, parsePeriod } from "@/lib/periods";
import { formatValue } from "./describe";
import type { FindingRow } from "./findings";
import { preferOrder } from "./preference";
import type { KbConflict, KbCorrection, KbIntent, KbResult } from "./types";

export interface FindingListing {
  listed: FindingRow[];
  timeline: KbResult["timeline"];
}

export function listFindings(o: {
  intent: KbIntent;
  answerRow?: FindingRow;
  conflicts: KbConflict[];
  corrections: KbCorrection[];
  /** The findings answering the question, and those in the asked period. */
  rows: FindingRow[];
  inPeriod: FindingRow[];
  wanted?: string;
  wantForecast: boolean;
}): FindingListing {
  const { answerRow, rows, inPeriod, wanted } = o;
  const listed: FindingRow[] = [];
  const push = (r: FindingRow) => {
    if (!listed.some((x) => x.id === r.id)) listed.push(r);
  };
  if (answerRow) push(answerRow);
  for (const c of o.conflicts) for (const s of c.sides) push(rows.find((r) => r.id === s.findingId)!);
  for (const c of o.corrections) {
    const prev = rows.find((r) => r.id === c.previous.findingId);
    if (prev) push(prev);
  }
  const timeline: KbResult["timeline"] = [];
  if (o.intent === "research" || !answerRow) {
    const perPeriod = new Map<string, FindingRow>();
    for (const r of [...(wanted ? inPeriod : rows)].sort((a, b) => preferOrder(a, b, o.wantForecast))) {
      if (r.superseded) continue;
      const p = `${r.metric_key}|${parsePeriod(r.period)?.label ?? r.period ?? "undated"}`;
      if (!perPeriod.has(p)) perPeriod.set(p, r);
    }
    const ordered = [...perPeriod.values()].sort((a, b) => comparePeriods(a.period, b.period) || a.metric_key.localeCompare(b.metric_key));
    for (const r of ordered) {
      push(r);
      timeline.push({ period: r.period ?? "undated", findingId: r.id, value: formatValue(r) });
    }
  }
  for (const r of wanted ? inPeriod : []) push(r);
  return { listed: listed.filter(Boolean), timeline };
}
