/**
 * What the chat agent asks the graph about a set of retrieved findings: per metric and period, the
 * finding to cite (the current version), its history ("later corrected in X"), the conflicts to
 * surface with both sources, how many other documents agree, and forecast-vs-actual pairs.
 * Wording only; never scores (DESIGN: answers translate confidence into words).
 */
import type { Queryable } from "@/lib/db";
import { canonicalPeriod } from "@/lib/periods";
import { inSameUnit, valuesAgree } from "./detect/values";
import { isFiling } from "./detect/plan";
import { PostgresGraphStore, toFindingRef } from "./postgres";
import type { GraphStore } from "./store";
import type { ChainNode, Contradiction, FindingRef } from "./types";

export interface HistoryStep {
  finding: FindingRef;
  /** "later corrected in Annual_Report_CORRECTED.pdf (p.2): EUR 4.1 million → EUR 4.0 million" */
  note: string;
  changed: boolean;
}

export interface ResolvedFact {
  metricKey: string;
  period: string | null;
  /** The finding to cite: newest version, actual over forecast, filing over other documents, then latest. */
  preferred: FindingRef;
  /** The asked-for findings that fall in this metric and period. */
  requested: FindingRef[];
  /** Older versions of the preferred finding (and of the asked ones), oldest first. */
  history: HistoryStep[];
  conflicts: Array<Contradiction & { note: string }>;
  /** Other documents stating the same value for the same metric and period. */
  supportCount: number;
  supportingSources: FindingRef[];
  forecastVsActual: Array<{ forecast: FindingRef; actual: FindingRef; note: string }>;
  /** Sentences the agent can adapt. */
  notes: string[];
}

const FINDING_SQL = `
select f.id, f.document_id, d.filename, d.document_date::text as document_date, d.kind as document_kind, f.metric, f.metric_key,
       f.period, f.value_text, f.value_num, f.unit, f.currency, f.is_forecast, f.source_page, f.source_cell, f.source_excerpt,
       f.superseded, f.status
from findings f join documents d on d.id = f.document_id`;

async function loadFindings(db: Queryable, dealId: string, ids: string[]): Promise<Map<string, FindingRef>> {
  if (!ids.length) return new Map();
  const { rows } = await db.query<Parameters<typeof toFindingRef>[0]>(`${FINDING_SQL} where f.deal_id = $1 and f.id = any($2::uuid[])`, [dealId, ids]);
  return new Map(rows.map((r) => [r.id, toFindingRef(r)]));
}

const where = (f: Pick<FindingRef, "filename" | "page" | "cell">) => `${f.filename} ${f.cell ? f.cell : `p.${f.page}`}`;

function preferOrder(a: FindingRef, b: FindingRef): number {
  if (a.isForecast !== b.isForecast) return a.isForecast ? 1 : -1;
  const fa = isFiling({ kind: a.documentKind, filename: a.filename });
  const fb = isFiling({ kind: b.documentKind, filename: b.filename });
  if (fa !== fb) return fa ? -1 : 1;
  return (b.documentDate ?? "").localeCompare(a.documentDate ?? "") || a.page - b.page || a.id.localeCompare(b.id);
}

function sameValue(a: { valueNum: number | null; valueText: string }, b: { valueNum: number | null; valueText: string }): boolean {
  if (a.valueNum != null && b.valueNum != null) return valuesAgree({ valueNum: a.valueNum, valueText: a.valueText }, { valueNum: b.valueNum, valueText: b.valueText });
  return a.valueText.trim().toLowerCase() === b.valueText.trim().toLowerCase();
}

/** Resolves retrieved findings into what an answer should cite and mention. */
export async function resolveFindings({
  db,
  dealId,
  findingIds,
  store,
}: {
  db: Queryable;
  dealId: string;
  findingIds: string[];
  store?: GraphStore;
}): Promise<ResolvedFact[]> {
  const graph = store ?? new PostgresGraphStore(db);
  const requested = await loadFindings(db, dealId, [...new Set(findingIds)]);
  const { chains, groups } = await claimsOf(db, graph, dealId, requested);
  const out: ResolvedFact[] = [];
  for (const g of groups.values()) {
    const preferred = [...g.current].sort(preferOrder)[0];
    const corrections = await correctionHistory(db, graph, dealId, preferred, g.requested.map((r) => chains.get(r.id) ?? []));
    const conflicts = await conflictsOf(graph, dealId, g.current);
    const supporting = await supportingSources(db, graph, dealId, g.current);
    const fva = await forecastVsActual(db, dealId, preferred);
    out.push({
      metricKey: preferred.metricKey,
      period: preferred.period,
      preferred,
      requested: g.requested,
      history: corrections.history,
      conflicts,
      supportCount: supporting.size,
      supportingSources: [...supporting.values()],
      forecastVsActual: fva,
      notes: [...corrections.notes, ...conflicts.map((c) => c.note), ...fva.map((x) => x.note)],
    });
  }
  return out;
}

/** The asked findings grouped by claim (metric and period of their current versions), with each asked finding's supersession chain. */
async function claimsOf(db: Queryable, graph: GraphStore, dealId: string, requested: Map<string, FindingRef>): Promise<{ chains: Map<string, ChainNode[]>; groups: Map<string, { current: FindingRef[]; requested: FindingRef[] }> }> {
  // Each asked finding → its current version.
  const chains = new Map<string, ChainNode[]>();
  const currentOf = new Map<string, string>();
  for (const f of requested.values()) {
    const chain = await graph.supersessionChain({ dealId, id: f.id });
    chains.set(f.id, chain);
    const last = chain[chain.length - 1];
    currentOf.set(f.id, last?.kind === "finding" ? last.id : f.id);
  }
  const current = await loadFindings(db, dealId, [...new Set(currentOf.values())]);
  const groups = new Map<string, { current: FindingRef[]; requested: FindingRef[] }>();
  for (const f of requested.values()) {
    const cur = current.get(currentOf.get(f.id)!) ?? f;
    const key = `${cur.metricKey}|${canonicalPeriod(cur.period)?.key ?? ""}`;
    const g = groups.get(key) ?? { current: [], requested: [] };
    if (!g.current.some((c) => c.id === cur.id)) g.current.push(cur);
    g.requested.push(f);
    groups.set(key, g);
  }
  return { chains, groups };
}

/** History: older versions along the chains of the preferred and the asked findings, each with what replaced it. */
async function correctionHistory(db: Queryable, graph: GraphStore, dealId: string, preferred: FindingRef, askedChains: ChainNode[][]): Promise<{ history: HistoryStep[]; notes: string[] }> {
  const notes: string[] = [];
  const history: HistoryStep[] = [];
  const seenHistory = new Set<string>();
  const preferredChain = await graph.supersessionChain({ dealId, id: preferred.id });
  const allChains = [preferredChain, ...askedChains];
  const olderIds = [...new Set(allChains.flatMap((c) => c.filter((n) => n.kind === "finding" && n.id !== preferred.id && n.position < c[c.length - 1].position).map((n) => n.id)))];
  const older = await loadFindings(db, dealId, olderIds);
  for (const chain of allChains) {
    const fs = chain.filter((n) => n.kind === "finding");
    for (let i = 0; i < fs.length - 1; i++) {
      const node = older.get(fs[i].id);
      if (!node || seenHistory.has(node.id)) continue;
      seenHistory.add(node.id);
      const next = fs[i + 1];
      const changed = !sameValue(node, { valueNum: next.valueNum ?? null, valueText: next.valueText ?? "" });
      const note = changed
        ? `later corrected in ${where({ filename: next.filename, page: next.page ?? 1, cell: next.cell ?? null })}: ${inSameUnit([node, { valueText: next.valueText, valueNum: next.valueNum ?? null }]).join(` (${where(node)}) → `)}`
        : `${where(node)} was replaced by a newer version of the document, ${next.filename}, which states the same figure`;
      history.push({ finding: node, note, changed });
      if (changed) notes.push(`${node.metric} for ${node.period ?? "the period"} was ${inSameUnit([node])[0]} in ${node.filename}; this was later corrected in ${next.filename}.`);
    }
  }
  return { history, notes };
}

/** Conflicts of the claim's current findings, each with both sources in one unit. */
async function conflictsOf(graph: GraphStore, dealId: string, current: FindingRef[]): Promise<ResolvedFact["conflicts"]> {
  return (await graph.contradictionsFor({ dealId, findingIds: current.map((c) => c.id) })).map((c) => {
    const [va, vb] = inSameUnit([c.a, c.b]);
    const note = `${c.a.metric} for ${c.period ?? "the same period"} differs: ${va} (${where(c.a)}) vs ${vb} (${where(c.b)}).`;
    return { ...c, note };
  });
}

/** Support: other documents with the same value (value comparison), for any current finding of the claim; one finding a document. */
async function supportingSources(db: Queryable, graph: GraphStore, dealId: string, current: FindingRef[]): Promise<Map<string, FindingRef>> {
  const supporting = new Map<string, FindingRef>();
  const supportIds: string[] = [];
  for (const c of current) {
    for (const n of await graph.neighbours({ dealId, id: c.id, types: ["SUPPORTS"] })) {
      if (n.kind === "finding" && n.createdBy === "value_comparison") supportIds.push(n.id);
    }
  }
  for (const s of (await loadFindings(db, dealId, supportIds)).values()) {
    if (s.status !== "active" || s.superseded || current.some((c) => c.documentId === s.documentId)) continue;
    if (!supporting.has(s.documentId)) supporting.set(s.documentId, s);
  }
  return supporting;
}

/** Forecast vs actual for the same metric and exact period, one other document each. */
async function forecastVsActual(db: Queryable, dealId: string, preferred: FindingRef): Promise<ResolvedFact["forecastVsActual"]> {
  const fva: ResolvedFact["forecastVsActual"] = [];
  const pk = canonicalPeriod(preferred.period);
  if (!pk || pk.approximate) return fva;
  const { rows } = await db.query<Parameters<typeof toFindingRef>[0]>(
    `${FINDING_SQL} where f.deal_id = $1 and f.metric_key = $2 and f.status = 'active' and not f.superseded and f.is_forecast <> $3`,
    [dealId, preferred.metricKey, preferred.isForecast],
  );
  const seenDocs = new Set<string>();
  for (const other of rows.map(toFindingRef)) {
    if (canonicalPeriod(other.period)?.key !== pk.key || seenDocs.has(other.documentId)) continue;
    seenDocs.add(other.documentId);
    const [forecast, actual] = preferred.isForecast ? [preferred, other] : [other, preferred];
    const [vf, va] = inSameUnit([forecast, actual]);
    const note = sameValue(forecast, actual)
      ? `${vf} was forecast (${where(forecast)}); actuals confirm ${va} (${where(actual)}).`
      : `${vf} was a forecast (${where(forecast)}); actuals show ${va} (${where(actual)}).`;
    fva.push({ forecast, actual, note });
  }
  return fva;
}
