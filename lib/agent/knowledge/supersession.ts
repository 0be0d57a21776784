/**
 * Which findings a later one replaces (finding- and document-level SUPERSEDES, file-name versions,
 * the superseded flag), and the P1 rule that tells a conflict from a correction, a forecast vs
 * actual, a different period, another company's figure or agreement.
 */
import type { Queryable } from "@/lib/db";
import { sameDefinition } from "@/lib/graph/detect/definitions";
import { differentEnds, periodTypeKey, scopeKey, type ClaimFacts } from "@/lib/graph/detect/comparable";
import { samePeriod } from "@/lib/periods";
import { findingsByIds, type FindingRow } from "./findings";
import type { Edge, GraphReader } from "./graph";
import { differentCompanies } from "./related-documents";

/** Two findings state different values: beyond 0.5% of the larger, or other words when not numeric. */
export function differs(a: FindingRow, b: FindingRow): boolean {
  if (a.value_num !== null && b.value_num !== null) {
    const m = Math.max(Math.abs(a.value_num), Math.abs(b.value_num));
    return m === 0 ? false : Math.abs(a.value_num - b.value_num) / m > 0.005;
  }
  return a.value_text.trim().toLowerCase() !== b.value_text.trim().toLowerCase();
}

/** The same line item under the same definition (a total and one of its parts share a metric key, not a definition). */
export function sameMetric(a: FindingRow, b: FindingRow): boolean {
  return sameDefinition({ metricKey: a.metric_key, metric: a.metric, excerpt: a.source_excerpt }, { metricKey: b.metric_key, metric: b.metric, excerpt: b.source_excerpt });
}

export interface Supersession {
  /** finding id → the finding that replaces it */
  replacedBy: Map<string, FindingRow>;
  /** pairs (newer, older) that are linked by SUPERSEDES (finding- or document-level) */
  linked: (a: string, b: string) => boolean;
}

/**
 * Works out which findings are replaced: finding-level SUPERSEDES edges, document-level
 * SUPERSEDES (relations or file-name versions) for the same metric and period, and the
 * `superseded` flag. Loads the replacing findings when they are not among `rows`.
 */
export async function resolveSupersession(db: Queryable, dealId: string, rows: FindingRow[], edges: Edge[], graph: GraphReader): Promise<{ sup: Supersession; extra: FindingRow[] }> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const supEdges = edges.filter((e) => e.type === "SUPERSEDES");
  const missing = supEdges.flatMap((e) => [e.fromId, e.toId]).filter((id) => !byId.has(id));
  const extra = await findingsByIds(db, dealId, [...new Set(missing)]);
  for (const r of extra) byId.set(r.id, r);
  const replacedBy = new Map<string, FindingRow>();
  const pairs = new Set<string>();
  for (const e of supEdges) {
    const newer = byId.get(e.fromId);
    if (newer) replacedBy.set(e.toId, newer);
    pairs.add(`${e.fromId}|${e.toId}`);
  }
  const versions = await graph.documentVersions(db, dealId);
  const docPairs = new Set(versions.map((v) => `${v.newerId}|${v.olderId}`));
  const all = [...byId.values()];
  for (const v of versions) {
    for (const old of all.filter((r) => r.document_id === v.olderId)) {
      const repl = all.find((r) => r.document_id === v.newerId && sameMetric(r, old) && sameClaimPeriod(r, old) && sameScope(r, old));
      if (repl && !replacedBy.has(old.id)) replacedBy.set(old.id, repl);
    }
  }
  const linked = (a: string, b: string) => {
    const ra = byId.get(a);
    const rb = byId.get(b);
    if (pairs.has(`${a}|${b}`) || pairs.has(`${b}|${a}`)) return true;
    if (ra && rb && (docPairs.has(`${ra.document_id}|${rb.document_id}`) || docPairs.has(`${rb.document_id}|${ra.document_id}`))) return true;
    return replacedBy.get(a)?.id === b || replacedBy.get(b)?.id === a;
  };
  return { sup: { replacedBy, linked }, extra };
}

/**
 * A finding row with the claim it states beyond its label (findings.scope, period_type, period_end;
 * migration 20261129000100), when the caller loaded them. Rows without them compare as before.
 */
export type ClaimRow = FindingRow & { period_end?: string | null; period_type?: string | null; period_months?: number | null; scope?: string | null; scope_name?: string | null };

function claimOf(r: ClaimRow): ClaimFacts {
  return { period: r.period, periodEnd: r.period_end, periodType: r.period_type, periodMonths: r.period_months, scope: r.scope, scopeName: r.scope_name };
}

/** The same period: label, period type (a quarter is not the year ending that day) and last day when both know it. */
function sameClaimPeriod(a: ClaimRow, b: ClaimRow): boolean {
  if (!samePeriod(a.period, b.period)) return false;
  const ca = claimOf(a);
  const cb = claimOf(b);
  return periodTypeKey(ca) === periodTypeKey(cb) && !differentEnds(ca, cb);
}

/** The same part of the company; a row whose scope was not loaded (undefined, not null) is not told apart. */
function sameScope(a: ClaimRow, b: ClaimRow): boolean {
  if (a.scope === undefined || b.scope === undefined) return true;
  return scopeKey(claimOf(a)) === scopeKey(claimOf(b));
}

export type PairKind = "conflict" | "correction" | "forecast_vs_actual" | "forecast_revision" | "different_period" | "different_scope" | "different_definition" | "different_company" | "same_document" | "agree";

/**
 * The P1 conflict rule: same period (label, period type, last day) and definition, same scope (a
 * segment, a region, a per-share or a non-operating line is never the company's total) + no
 * SUPERSEDES + different documents (+ not forecast vs actual), about the same company.
 */
export function classifyPair(a: ClaimRow, b: ClaimRow, sup: Supersession): PairKind {
  if (!sameClaimPeriod(a, b)) return "different_period";
  if (!sameScope(a, b)) return "different_scope";
  if (!sameMetric(a, b)) return "different_definition";
  if (differentCompanies(a, b)) return "different_company";
  if (!differs(a, b)) return "agree";
  if (sup.linked(a.id, b.id)) return "correction";
  if (a.document_id === b.document_id) return "same_document";
  if (a.is_forecast !== b.is_forecast) return "forecast_vs_actual";
  // two forecasts of one period from documents of different dates: the forecast moved (as relation detection reports it)
  if (a.is_forecast && b.is_forecast && a.document_date && b.document_date && a.document_date !== b.document_date) return "forecast_revision";
  return "conflict";
}

/**
 * A conflict between two documents' figures: the pair is a conflict under the P1 rule, and neither
 * document also states the other's figure for the same claim (a document printing the figure the
 * other states, beside a second value, agrees with it: its second value is another line or a
 * misreading, an inconsistency within that document, not a discrepancy between the two).
 */
export function contradicts(a: ClaimRow, b: ClaimRow, group: ClaimRow[], sup: Supersession): boolean {
  if (classifyPair(a, b, sup) !== "conflict") return false;
  const alsoStates = (docId: string, other: ClaimRow) => group.some((r) => r.document_id === docId && r.id !== other.id && classifyPair(r, other, sup) === "agree");
  return !alsoStates(a.document_id, b) && !alsoStates(b.document_id, a);
}
