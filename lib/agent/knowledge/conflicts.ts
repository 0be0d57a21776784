/**
 * Deal-wide scan for contradictions under the P1 rules: a CONTRADICTS edge or two differing
 * values are a conflict only for the same metric, definition and period, from different documents, with no
 * SUPERSEDES between them; forecast vs actual and different periods are not conflicts, and a
 * correction chain is reported as a correction.
 * Given `open` (the deal's open contradictions, lib/graph/open-contradictions.ts), the conflicts
 * reported are exactly those, so the chat's count is the deal header's and the Q&A page's; the
 * pairwise scan below is then not used for conflicts (benches still measure it without `open`).
 */
import type { Queryable } from "@/lib/db";
import { parsePeriod, readPeriodRequest, resolvePeriod, samePeriod } from "@/lib/periods";
import type { SourceRegistry } from "../sources";
import { looksLikeInstructions } from "../guardrails/injection";
import { listOpenContradictions, type OpenContradiction } from "@/lib/graph/open-contradictions";
import type { FindingRef } from "@/lib/graph/types";
import { sideOf, type SideFields } from "./cite";
import { describeKind, formatValue } from "./describe";
import { keywordFindings, type FindingRow } from "./findings";
import { defaultGraphReader, type GraphReader } from "./graph";
import { detectMetrics, keysOf } from "./metrics";
import { preferOrder } from "./preference";
import { differentCompanies } from "./related-documents";
import { classifyPair, contradicts, differs, resolveSupersession, type ClaimRow } from "./supersession";
import { findingClaims } from "@/lib/db/queries/finding-relations";
import type { KbConflict, KbCorrection, KbForecastVsActual } from "./types";

export interface ConflictScan {
  conflicts: KbConflict[];
  corrections: KbCorrection[];
  forecastVsActual: KbForecastVsActual[];
  /** Graph edges flagged CONTRADICTS that the P1 rules do not treat as conflicts, in words. */
  notConflicts: string[];
  scanned: number;
}

/** The rows with the claim each states (scope, period type and end), so that only like is compared with like. */
async function withClaims(db: Queryable, dealId: string, rows: FindingRow[]): Promise<ClaimRow[]> {
  const claims = await findingClaims({ db, dealId, ids: rows.map((r) => r.id) });
  return rows.map((r) => ({ ...r, ...claims.get(r.id) }));
}

function spanText(r: ClaimRow): string {
  return `${r.period_type ?? "period"}${r.period_end ? ` ending ${r.period_end}` : ""}`;
}

function scopeText(r: ClaimRow): string {
  return !r.scope ? "scope not read" : r.scope === "consolidated" ? "the company's total" : `${r.scope.replace("_", "-")}${r.scope_name ? ` ${r.scope_name}` : ""}`;
}

type RegisterFields = SideFields & Pick<FindingRow, "document_id" | "source_excerpt">;

function register(sources: SourceRegistry, r: RegisterFields) {
  sources.add({ documentId: r.document_id, document: r.filename, page: r.source_page, cell: r.source_cell, excerpt: r.source_excerpt, documentDate: r.document_date, kind: r.document_kind });
}

function refFields(f: FindingRef): RegisterFields {
  return {
    id: f.id, document_id: f.documentId, value_num: f.valueNum, value_text: f.valueText, unit: f.unit, currency: f.currency, filename: f.filename,
    document_kind: f.documentKind, document_date: f.documentDate, source_cell: f.cell, source_page: f.page, source_excerpt: f.excerpt,
  };
}

/** An open contradiction as the chat reports it: both sides, cited. */
function conflictOf(c: OpenContradiction, sources: SourceRegistry): KbConflict {
  const s = [c.a, c.b].map(refFields);
  s.forEach((x) => register(sources, x));
  return {
    metric: c.a.metric,
    period: c.period ?? "",
    sides: s.map(sideOf),
    explanation: `${s.map((x) => `${describeKind(x.document_kind, x.filename)} (${x.filename}) states ${formatValue(x)}`).join("; ")}. Same period, different documents, no correction links them.`,
  };
}

const pairKey = (a: string, b: string) => [a, b].sort().join("|");

/**
 * The deal's open contradictions (lib/graph/open-contradictions.ts), for the metric named in words
 * ("revenue": its keys; a metric the reader does not know: its words in the label) and a period.
 */
export async function openContradictionsFor(o: { db: Queryable; dealId: string; metric?: string; period?: string }): Promise<OpenContradiction[]> {
  const keys = o.metric ? detectMetrics(o.metric).flatMap(keysOf) : [];
  const all = await listOpenContradictions({ db: o.db, dealId: o.dealId, metricKeys: keys, period: o.period });
  const words = o.metric && !keys.length ? o.metric.toLowerCase() : "";
  return words ? all.filter((c) => `${c.a.metric} ${c.b.metric}`.toLowerCase().includes(words)) : all;
}

/**
 * `keys`: scan these metric keys exactly (an audit of every key a deal holds); else `metric` is read
 * as words. `rule: "legacy"`: the rule before findings' scopes (no scope, period-type or end-date
 * test, a document's second value counts), for benches measuring the change on the same findings.
 */
export async function scanConflicts(o: { db: Queryable; dealId: string; sources: SourceRegistry; metric?: string; keys?: string[]; period?: string; graph?: GraphReader; rule?: "scoped" | "legacy"; open?: OpenContradiction[] }): Promise<ConflictScan> {
  const legacy = o.rule === "legacy";
  const graph = o.graph ?? defaultGraphReader;
  const metrics = o.metric ? detectMetrics(o.metric) : [];
  const keys = metrics.flatMap(keysOf);
  let rows: FindingRow[];
  if (o.keys?.length) rows = await keywordFindings(o.db, o.dealId, { keys: o.keys, words: [], limit: 5000 });
  else if (o.metric && keys.length === 0) rows = await keywordFindings(o.db, o.dealId, { keys: [], words: [o.metric.toLowerCase()], limit: 2000 });
  else if (keys.length) rows = await keywordFindings(o.db, o.dealId, { keys, words: metrics.flatMap((m) => m.words), limit: 2000 });
  else rows = await keywordFindings(o.db, o.dealId, { keys: [], words: [""], limit: 5000 });
  rows = rows.filter((r) => !looksLikeInstructions(r.source_excerpt));
  if (!legacy) rows = await withClaims(o.db, o.dealId, rows);
  if (o.period) {
    const avail = [...new Set(rows.map((r) => r.period).filter((p): p is string => !!p))];
    const wanted = resolvePeriod(readPeriodRequest(o.period), avail).period?.label;
    if (wanted) rows = rows.filter((r) => samePeriod(r.period, wanted));
  }
  const edges = await graph.findingEdges(o.db, o.dealId, rows.map((r) => r.id));
  const { sup } = await resolveSupersession(o.db, o.dealId, rows, edges, graph);
  const byId = new Map(rows.map((r) => [r.id, { ...r, superseded: r.superseded || sup.replacedBy.has(r.id) }]));
  const all = [...byId.values()];

  const groups = new Map<string, FindingRow[]>();
  for (const r of all) {
    if (!r.period) continue;
    const k = `${r.metric_key}|${parsePeriod(r.period)?.label ?? r.period}`;
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  const out: ConflictScan = { conflicts: [], corrections: [], forecastVsActual: [], notConflicts: [], scanned: rows.length };
  for (const g of groups.values()) {
    for (const old of g.filter((r) => sup.replacedBy.has(r.id))) {
      const repl = sup.replacedBy.get(old.id)!;
      if (!differs(old, repl) || out.corrections.some((c) => c.previous.findingId === old.id || (c.previous.value === formatValue(old) && c.current.findingId === repl.id))) continue;
      out.corrections.push({
        metric: old.metric,
        period: old.period,
        current: sideOf(repl),
        previous: sideOf(old),
        explanation: `${repl.filename} supersedes ${old.filename}: ${formatValue(old)} was corrected to ${formatValue(repl)}. Not a conflict — a correction chain.`,
      });
      register(o.sources, repl);
      register(o.sources, old);
    }
    const current = g.filter((r) => !r.superseded);
    const sides = new Map<string, FindingRow>();
    for (let i = 0; i < current.length; i++) {
      for (let j = i + 1; j < current.length; j++) {
        if (legacy ? classifyPair(current[i]!, current[j]!, sup) === "conflict" : contradicts(current[i]!, current[j]!, g, sup)) {
          sides.set(current[i]!.id, current[i]!);
          sides.set(current[j]!.id, current[j]!);
        }
      }
    }
    if (sides.size && !o.open) {
      const byValue = new Map<string, FindingRow>();
      for (const r of [...sides.values()].sort((x, y) => preferOrder(x, y, false))) if (!byValue.has(formatValue(r))) byValue.set(formatValue(r), r);
      const s = [...byValue.values()];
      if (s.length > 1) {
        out.conflicts.push({
          metric: s[0]!.metric,
          period: s[0]!.period ?? "",
          sides: s.map(sideOf),
          explanation: `${s.map((x) => `${describeKind(x.document_kind, x.filename)} (${x.filename}) states ${formatValue(x)}`).join("; ")}. Same period, different documents, no correction links them.`,
        });
        s.forEach((x) => register(o.sources, x));
      }
    }
    const actuals = current.filter((r) => !r.is_forecast).sort((x, y) => preferOrder(x, y, false));
    for (const fc of current.filter((r) => r.is_forecast)) {
      // the forecast's own company's actual, never another company's
      const actual = actuals.find((r) => !differentCompanies(r, fc));
      if (actual && differs(fc, actual)) {
        out.forecastVsActual.push({
          metric: actual.metric,
          period: actual.period ?? "",
          forecast: sideOf(fc),
          actual: sideOf(actual),
          explanation: `${formatValue(fc)} was a forecast (${fc.filename}); the actual is ${formatValue(actual)} (${actual.filename}). Forecast vs actual, not a conflict.`,
        });
        register(o.sources, fc);
        register(o.sources, actual);
      }
    }
  }
  if (o.open) out.conflicts = o.open.map((c) => conflictOf(c, o.sources));
  const open = new Set((o.open ?? []).map((c) => pairKey(c.a.id, c.b.id)));
  // CONTRADICTS edges the rules set aside, explained
  for (const e of edges.filter((x) => x.type === "CONTRADICTS")) {
    const a = byId.get(e.fromId);
    const b = byId.get(e.toId);
    if (!a || !b || open.has(pairKey(a.id, b.id))) continue;
    const kind = classifyPair(a, b, sup);
    if (kind === "conflict") continue;
    const why =
      kind === "different_period" ? `different periods (${a.period === b.period ? `a ${spanText(a)} and a ${spanText(b)} both labelled ${a.period}` : `${a.period} vs ${b.period}`})` :
      kind === "different_scope" ? `they cover different parts of the company (${scopeText(a)} vs ${scopeText(b)})` :
      kind === "different_definition" ? `they measure different things (${a.metric} vs ${b.metric}: a total and a part, or another definition)` :
      kind === "different_company" ? `they are about different companies (${a.document_company} vs ${b.document_company})` :
      kind === "correction" ? "a correction chain links them" :
      kind === "forecast_vs_actual" ? "one is a forecast, the other an actual" :
      kind === "forecast_revision" ? "the forecast was revised between documents of different dates" :
      kind === "same_document" ? "both come from the same document" : "the values agree";
    out.notConflicts.push(`${a.metric}: ${formatValue(a)} (${a.filename}) vs ${formatValue(b)} (${b.filename}) is not a conflict: ${why}.`);
  }
  return out;
}
