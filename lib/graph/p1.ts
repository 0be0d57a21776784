/**
 * Seed 002 P1 "conflict vs temporal difference", as one predicate both stores apply to the
 * CONTRADICTS they return: same metric and (exact) period, different documents, both current
 * (not superseded, not rejected), both actuals or both forecasts, values differ beyond rounding,
 * comparable units, and no SUPERSEDES path between them or their documents in either direction.
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

export function isP1Conflict(a: FindingRef, b: FindingRef, linked: (x: string, y: string) => boolean): boolean {
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
 * The CONTRADICTS relations that hold under P1 (and, when asked, for one period): one per pair of
 * documents for a metric and period (however the period is written), in the order given.
 */
export function p1Contradictions(candidates: Iterable<ContradictsCandidate>, linked: (x: string, y: string) => boolean, period?: string | null): Contradiction[] {
  const out: Contradiction[] = [];
  const seen = new Set<string>();
  for (const { relationId, reason, a, b } of candidates) {
    if (!isP1Conflict(a, b, linked)) continue;
    if (period && !samePeriod(a.period, period)) continue;
    const key = [a.documentId, b.documentId].sort().join("|") + `|${a.metricKey}|${canonicalPeriod(a.period)?.key ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ relationId, metricKey: a.metricKey, period: a.period, reason, a, b });
  }
  return out;
}
