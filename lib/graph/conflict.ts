/**
 * When two findings truly conflict rather than differ over time: one predicate both graph stores
 * apply to the CONTRADICTS they return. A pair conflicts when it has the same metric and (exact)
 * period, comes from different documents, both are current (not superseded, not rejected), both
 * are actuals or both forecasts, the values differ beyond rounding in comparable units, and no
 * SUPERSEDES path joins them or their documents in either direction. Anything else (a later
 * period, a forecast against an actual, a corrected version) is a temporal difference, which the
 * deal's reader expects and should not be flagged.
 */
import { canonicalPeriod, sameExactPeriod, samePeriod } from "@/lib/periods";
import { comparableUnits, valuesAgree } from "./detect/values";
import type { Contradiction, FindingRef } from "./types";

export interface VersionEdge {
  fromId: string;
  toId: string;
}

/** A directed SUPERSEDES path from a to b or from b to a (over SUPERSEDES and version SUPPORTS edges). */
export function linkedBy(edges: VersionEdge[]): (a: string, b: string) => boolean {
  const out = new Map<string, string[]>();
  for (const e of edges) out.set(e.fromId, [...(out.get(e.fromId) ?? []), e.toId]);
  const reaches = (from: string, to: string) => {
    const seen = new Set<string>([from]);
    const stack = [from];
    while (stack.length) {
      for (const n of out.get(stack.pop()!) ?? []) {
        if (n === to) return true;
        if (!seen.has(n)) {
          seen.add(n);
          stack.push(n);
        }
      }
    }
    return false;
  };
  return (a, b) => a !== b && (reaches(a, b) || reaches(b, a));
}

/** Whether a and b conflict (see the top of this file); `linked` tells a SUPERSEDES path between two ids. */
export function isConflict(a: FindingRef, b: FindingRef, linked: (x: string, y: string) => boolean): boolean {
  if (a.status !== "active" || b.status !== "active" || a.superseded || b.superseded) return false;
  if (a.documentId === b.documentId || a.metricKey !== b.metricKey) return false;
  if (!sameExactPeriod(a.period, b.period)) return false;
  if (a.isForecast !== b.isForecast) return false; // forecast vs actual is a temporal difference
  if (!comparableUnits(a, b)) return false;
  if (a.valueNum != null && b.valueNum != null && valuesAgree({ valueNum: a.valueNum, valueText: a.valueText }, { valueNum: b.valueNum, valueText: b.valueText })) return false;
  if (linked(a.id, b.id) || linked(a.documentId, b.documentId)) return false;
  return true;
}

/** A CONTRADICTS relation as a store read it, with both findings. */
export interface ContradictsCandidate {
  relationId: string;
  reason: string;
  a: FindingRef;
  b: FindingRef;
}

/**
 * The CONTRADICTS relations whose findings still conflict (and, when asked, for one period): one
 * per pair of documents for a metric and period (however the period is written), in the order given.
 */
export function conflictingContradictions(candidates: Iterable<ContradictsCandidate>, linked: (x: string, y: string) => boolean, period?: string | null): Contradiction[] {
  const out: Contradiction[] = [];
  const seen = new Set<string>();
  for (const { relationId, reason, a, b } of candidates) {
    if (!isConflict(a, b, linked)) continue;
    if (period && !samePeriod(a.period, period)) continue;
    const key = [a.documentId, b.documentId].sort().join("|") + `|${a.metricKey}|${canonicalPeriod(a.period)?.key ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ relationId, metricKey: a.metricKey, period: a.period, reason, a, b });
  }
  return out;
}
