/**
 * What the findings that answer a question say about each other, per metric and period:
 * corrections (a later document supersedes a different value), conflicts (the P1 rule:
 * same period, different documents, no correction between them, same company) and forecast vs actual.
 * Every finding named here is registered as a source.
 */
import { parsePeriod } from "@/lib/periods";
import type { SourceRegistry } from "../sources";
import { citeFinding, sideOf } from "./cite";
import { describeKind, formatValue } from "./describe";
import type { FindingRow } from "./findings";
import { preferOrder } from "./preference";
import { differentCompanies } from "./related-documents";
import { contradicts, differs, type Supersession } from "./supersession";
import type { KbConflict, KbCorrection, KbForecastVsActual } from "./types";

export interface FindingRelations {
  conflicts: KbConflict[];
  corrections: KbCorrection[];
  fva: KbForecastVsActual[];
}

/** Groups the findings by metric and period and relates the findings of each group. */
export function relateFindings(scope: FindingRow[], sup: Supersession, sources: SourceRegistry): FindingRelations {
  const out: FindingRelations = { conflicts: [], corrections: [], fva: [] };
  const groups = new Map<string, FindingRow[]>();
  for (const r of scope) {
    const p = parsePeriod(r.period)?.label ?? r.period ?? "?";
    const k = `${r.metric_key}|${p}`;
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  for (const [, g] of groups) {
    const current = g.filter((r) => !r.superseded);
    addCorrections(g, sup, sources, out.corrections);
    addConflict(current, sup, sources, out.conflicts);
    addForecastVsActual(current, sources, out.fva);
  }
  return out;
}

/** Findings a later document replaced with a different value. */
function addCorrections(g: FindingRow[], sup: Supersession, sources: SourceRegistry, corrections: KbCorrection[]): void {
  for (const old of g.filter((r) => sup.replacedBy.has(r.id))) {
    const repl = sup.replacedBy.get(old.id)!;
    if (!differs(old, repl) || corrections.some((c) => c.previous.findingId === old.id)) continue;
    corrections.push({
      metric: old.metric,
      period: old.period,
      current: sideOf(repl),
      previous: sideOf(old),
      explanation: `${repl.filename} supersedes ${old.filename}: ${old.metric} ${old.period ?? ""} was ${formatValue(old)} and was corrected to ${formatValue(repl)}.`.replace(/\s+/g, " "),
    });
    citeFinding(sources, repl);
  }
}

/** Current findings of one metric and period that disagree: one side per distinct value, the most authoritative document first. */
function addConflict(current: FindingRow[], sup: Supersession, sources: SourceRegistry, conflicts: KbConflict[]): void {
  const conflictSides = new Map<string, FindingRow>();
  for (let i = 0; i < current.length; i++) {
    for (let j = i + 1; j < current.length; j++) {
      const a = current[i]!;
      const b = current[j]!;
      // A CONTRADICTS edge or differing values count only under the P1 rule, and not when a document also states the other's figure
      if (contradicts(a, b, current, sup)) {
        conflictSides.set(a.id, a);
        conflictSides.set(b.id, b);
      }
    }
  }
  if (!conflictSides.size) return;
  const byValue = new Map<string, FindingRow>();
  for (const r of [...conflictSides.values()].sort((x, y) => preferOrder(x, y, false))) {
    const v = formatValue(r);
    if (!byValue.has(v)) byValue.set(v, r);
  }
  const sides = [...byValue.values()];
  if (sides.length < 2) return;
  const first = sides[0]!;
  conflicts.push({
    metric: first.metric,
    period: first.period ?? "",
    sides: sides.map(sideOf),
    explanation: `${sides.map((s) => `${describeKind(s.document_kind, s.filename)} (${s.filename}) states ${formatValue(s)}`).join("; ")}. These cover the same period, come from different documents and no correction links them.`,
  });
  for (const s of sides) citeFinding(sources, s);
}

/** Forecasts of the period set against its (most authoritative) actual of the same company. */
function addForecastVsActual(current: FindingRow[], sources: SourceRegistry, fva: KbForecastVsActual[]): void {
  const actuals = current.filter((r) => !r.is_forecast).sort((x, y) => preferOrder(x, y, false));
  const forecasts = current.filter((r) => r.is_forecast);
  for (const fc of forecasts) {
    // the forecast's own company's actual, never another company's
    const act = actuals.find((r) => !differentCompanies(r, fc));
    if (!act || !differs(fc, act) || fva.some((x) => x.forecast.findingId === fc.id)) continue;
    const before = fc.document_date && act.document_date && fc.document_date < act.document_date;
    fva.push({
      metric: act.metric,
      period: act.period ?? "",
      forecast: sideOf(fc),
      actual: sideOf(act),
      explanation: `${formatValue(fc)} was a forecast in ${fc.filename}${before ? `, made before the period's actuals were reported` : ""}; the actual is ${formatValue(act)} (${act.filename}). Forecast vs actual, not a conflict.`,
    });
    citeFinding(sources, fc);
    citeFinding(sources, act);
  }
}
