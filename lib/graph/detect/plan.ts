/**
 * The whole relation plan for one deal, as a pure function of its documents, findings, timeline
 * events and entity mentions. The runner (index.ts) loads the inputs, calls planRelations and
 * syncs the result into the relations table (and the superseded flags).
 *
 * Order matters:
 *  1. document SUPERSEDES (filename patterns, correction phrases; manual edges are honoured),
 *  2. finding-level version edges along those chains (changed value → SUPERSEDES, same value →
 *     SUPPORTS; the older finding is flagged superseded either way),
 *  3. restatements between filings of the same company (a later filing's different figure for the
 *     same metric and period → SUPERSEDES, never CONTRADICTS),
 *     (2–4 compare only figures of the same definition: a total and one of its parts, or an adjusted
 *     and a reported figure, share a metric key but are neither versions nor conflicts of each other;
 *     and only figures of the same claim (comparable.ts): the same scope — the company's total, one
 *     named segment, region or programme, a per-share or a non-operating line — and the same period
 *     type and end date — a quarter is never the year ending the same day)
 *  4. value comparison between the remaining current findings (SUPPORTS / CONTRADICTS; forecast vs
 *     actual and forecast revisions are reported, not related),
 *  5. EXTRACTED_FROM for every finding, event and entity.
 */
import type { NodeKind, RelationInput, RelationSource } from "@/lib/graph/types";
import { canonicalPeriod } from "@/lib/periods";
import { looksLikeInstructions } from "@/lib/guardrails/injection";
import { differentCompanies, documentCompanies } from "./companies";
import { sameDefinition } from "./definitions";
import { contentSupersessions, filenameSupersessions, mergeDocSupersessions, type DocInfo, type DocSupersession } from "./documents";
import { comparableUnits, inSameUnit, valuesAgree } from "./values";
import { claimKey, differentEnds, type ClaimFacts } from "./comparable";

export interface FindingInfo extends ClaimFacts {
  id: string;
  documentId: string;
  metricKey: string;
  period: string | null;
  valueNum: number | null;
  valueText: string;
  unit?: string | null;
  currency?: string | null;
  isForecast: boolean;
  sourcePage: number;
  confidence?: number | null;
  /** The label as written and the cited excerpt: what the figure measures (definitions.ts). Unknown → the plain metric. */
  metric?: string | null;
  excerpt?: string | null;
}

export interface PlanInput {
  /** The deal's target company: the company of documents that name none. */
  targetCompany?: string | null;
  documents: DocInfo[];
  /** Active findings only (rejected ones get no relations, so their old relations are removed). */
  findings: FindingInfo[];
  timelineEvents?: { id: string; documentId: string }[];
  entityMentions?: { entityId: string; documentId: string }[];
  /** Document SUPERSEDES edges made by someone else (a user): honoured as input, never emitted. */
  manualDocEdges?: { fromId: string; toId: string }[];
}

export interface PlannedRelation extends RelationInput {
  createdBy: RelationSource;
}

export interface FindingPair {
  metricKey: string;
  period: string;
  /** forecast_vs_actual: a is the forecast, b the actual. forecast_revision: a is the older forecast, b the newer. */
  a: string;
  b: string;
  agree: boolean;
  note: string;
}

export interface RelationPlan {
  relations: PlannedRelation[];
  /** Findings to flag superseded (all others of the deal are unflagged). */
  superseded: Set<string>;
  forecastVsActual: FindingPair[];
  forecastRevisions: FindingPair[];
  uncertainties: string[];
  skipped: { what: string; why: string }[];
}

const FILING = /annual report|quarterly report|\b10-?k\b|\b10-?q\b|\b8-?k\b|interim report|årsredovisning|delårsrapport|annual accounts|financial statements|current report|earnings release/i;

/**
 * The company's own reports of its actuals — annual and quarterly filings, current reports (8-K)
 * and earnings releases — restate: between two of them that can be ordered, the later one's
 * different figure for the same claim supersedes the earlier ("restated in …"). Presentations,
 * decks, models and forecasts contradict: their different figure stays a CONTRADICTS, and so does
 * a figure of two reports that cannot be ordered (neither can be said to restate the other).
 */
export function isFiling(doc: Pick<DocInfo, "kind" | "filename">): boolean {
  return FILING.test(doc.kind ?? "") || /_(10K|10Q|8K|EARNINGS)(?:[_ .-]|$)/i.test(doc.filename);
}

const PERIOD_RANK: Record<string, number> = { Q1: 1, H1: 2, Q2: 2, "9M": 3, Q3: 3, H2: 4, Q4: 4, FY: 5 };

const PERIODIC = /annual report|quarterly report|\b10-?k\b|\b10-?q\b|interim report|årsredovisning|delårsrapport|annual accounts|financial statements/i;
const RELEASE = /current report|earnings release|\b8-?k\b/i;

/**
 * Compares filings by fiscal year, then fiscal period (a Q2 report before the year's 10-K), then —
 * for one period — a release before the periodic report filed after it (a filing's stored date is
 * often its period end, earlier than the release's), then document date; 0 when they cannot be ordered.
 */
export function compareFilings(a: DocInfo, b: DocInfo): number {
  if (a.fiscalYear != null && b.fiscalYear != null && a.fiscalYear !== b.fiscalYear) return a.fiscalYear - b.fiscalYear;
  const ra = PERIOD_RANK[(a.fiscalPeriod ?? "").toUpperCase()];
  const rb = PERIOD_RANK[(b.fiscalPeriod ?? "").toUpperCase()];
  const sameYear = a.fiscalYear != null && a.fiscalYear === b.fiscalYear;
  if (sameYear && ra && rb && ra !== rb) return ra - rb;
  if (sameYear && ra && ra === rb) {
    const pa = PERIODIC.test(a.kind ?? "") && !RELEASE.test(a.kind ?? "");
    const pb = PERIODIC.test(b.kind ?? "") && !RELEASE.test(b.kind ?? "");
    if (pa !== pb && (RELEASE.test(a.kind ?? "") || RELEASE.test(b.kind ?? ""))) return pa ? 1 : -1;
  }
  if (a.documentDate && b.documentDate && a.documentDate !== b.documentDate) return a.documentDate < b.documentDate ? -1 : 1;
  return 0;
}

/** Deterministic "newer first" order for symmetric relations (so re-runs produce the same direction). */
function newerFirst(docA: DocInfo | undefined, docB: DocInfo | undefined, idA: string, idB: string): boolean {
  const ka = `${docA?.documentDate ?? ""}|${docA?.createdAt ?? ""}|${idA}`;
  const kb = `${docB?.documentDate ?? ""}|${docB?.createdAt ?? ""}|${idB}`;
  return ka > kb;
}

const normText = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();

/**
 * A row of a part or operating table (`part:<row>:p<page>r<row>`): its key names a row of one page
 * of one document, not a concept, so the same key in another document is a coincidence of page and
 * row (another table, another line). Such findings are related to their document only.
 */
function documentLocal(f: FindingInfo): boolean {
  return f.metricKey.startsWith("part:");
}

/** " (segment Americas)" for a part's figure in a reason; nothing for the company's total. */
function scopeWords(f: FindingInfo): string {
  return f.scope && f.scope !== "consolidated" ? ` (${f.scope.replace("_", "-")}${f.scopeName ? ` ${f.scopeName}` : ""})` : "";
}

export { companyKey, normalizeCompany } from "./companies";

function sameValue(a: FindingInfo, b: FindingInfo): boolean {
  if (a.valueNum != null && b.valueNum != null) return valuesAgree(a as { valueNum: number; valueText: string }, b as { valueNum: number; valueText: string });
  return normText(a.valueText) === normText(b.valueText);
}

/** Best representative of a document's claim: highest confidence, then first page, then id. */
function representative(list: FindingInfo[]): FindingInfo {
  return [...list].sort((x, y) => (y.confidence ?? 0) - (x.confidence ?? 0) || x.sourcePage - y.sourcePage || x.id.localeCompare(y.id))[0];
}

/** What every step reads and adds to: the deal's documents, the usable findings and the plan so far. */
interface PlanContext extends RelationPlan {
  input: PlanInput;
  docs: Map<string, DocInfo>;
  findings: FindingInfo[];
  filename(f: FindingInfo): string;
  cite(f: FindingInfo): string;
  /** Two figures for a reason, in one unit with the unit named ("EUR 12.9 million" and "EUR 12.4 million", not "12.9" and "12,400"). */
  shown(x: FindingInfo, y: FindingInfo): [string, string];
  add(r: Omit<PlannedRelation, "fromKind" | "toKind"> & { fromKind?: NodeKind; toKind?: NodeKind }): void;
  periodKey(f: FindingInfo): string;
  /** The legacy rule (no scope, period type or end-date test), for benches measuring the change. */
  legacy: boolean;
}

/** The document supersession graph (step 1) as later steps use it. */
interface DocGraph {
  /** Document → the SUPERSEDES edges of its newer versions. */
  newerDocs: Map<string, DocSupersession[]>;
  /** Two different documents on one supersession chain (either direction). */
  linked(a: string, b: string): boolean;
  companyOfDoc: Map<string, string>;
}

function planContext(input: PlanInput, opts: PlanOptions): PlanContext {
  const legacy = opts.rule === "legacy";
  const docs = new Map(input.documents.map((d) => [d.id, d]));
  const relations: PlannedRelation[] = [];
  const skipped: { what: string; why: string }[] = [];
  const filename = (f: FindingInfo) => docs.get(f.documentId)?.filename ?? f.documentId;
  return {
    input, docs, relations, skipped,
    superseded: new Set<string>(), uncertainties: [], forecastVsActual: [], forecastRevisions: [],
    findings: usableFindings(input.findings, docs, skipped),
    filename,
    cite: (f) => `${filename(f)} p.${f.sourcePage}`,
    shown: (x, y) => inSameUnit([x, y]) as [string, string],
    add: (r) => void relations.push({ fromKind: "finding", toKind: "finding", ...r }),
    // the same claim: period and, under the scoped rule, period type and scope (comparable.ts)
    periodKey: (f) => (legacy ? canonicalPeriod(f.period)?.key ?? "" : claimKey(f)),
    legacy,
  };
}

/** Findings of the deal's documents whose source text is a statement, not an instruction to an AI. */
function usableFindings(all: FindingInfo[], docs: Map<string, DocInfo>, skipped: RelationPlan["skipped"]): FindingInfo[] {
  return all.filter((f) => {
    if (!docs.has(f.documentId)) {
      skipped.push({ what: `finding ${f.id}`, why: "its document is not in the deal" });
      return false;
    }
    if (f.excerpt && looksLikeInstructions(f.excerpt)) {
      skipped.push({ what: `finding ${f.id}`, why: "its source text reads as an instruction to an AI, not a statement of fact" });
      return false;
    }
    return true;
  });
}

/** Step 1: document SUPERSEDES from filename patterns and correction phrases; manual edges honoured, never emitted. */
function planDocumentSupersessions(ctx: PlanContext): DocGraph {
  const { input, docs, uncertainties, skipped, add } = ctx;
  const fn = filenameSupersessions(input.documents);
  const ct = contentSupersessions(input.documents);
  uncertainties.push(...fn.uncertainties, ...ct.uncertainties);
  const manual: DocSupersession[] = (input.manualDocEdges ?? [])
    .filter((e) => docs.has(e.fromId) && docs.has(e.toId))
    .map((e) => ({ ...e, createdBy: "filename_pattern", reason: "manual" }));
  const manualKeys = new Set(manual.map((e) => `${e.fromId}|${e.toId}`));
  // one company's document never replaces another's (a version group or a correction phrase notwithstanding)
  const companyOfDoc = documentCompanies(input.documents, input.targetCompany);
  const sameCompany = (e: DocSupersession) => {
    if (!differentCompanies(companyOfDoc, docs, e.fromId, e.toId)) return true;
    skipped.push({ what: `${docs.get(e.fromId)?.filename} supersedes ${docs.get(e.toId)?.filename}`, why: "different companies" });
    return false;
  };
  const docEdges = mergeDocSupersessions(manual, fn.edges.filter(sameCompany), ct.edges.filter(sameCompany));
  for (const e of docEdges) {
    if (manualKeys.has(`${e.fromId}|${e.toId}`)) continue;
    add({ fromKind: "document", toKind: "document", fromId: e.fromId, toId: e.toId, type: "SUPERSEDES", reason: e.reason, createdBy: e.createdBy });
  }
  const newerDocs = new Map<string, DocSupersession[]>();
  for (const e of docEdges) newerDocs.set(e.toId, [...(newerDocs.get(e.toId) ?? []), e]);
  const docReach = (from: string, to: string, dir: "newer" | "older"): boolean => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length) {
      const n = stack.pop()!;
      if (n === to) return true;
      if (seen.has(n)) continue;
      seen.add(n);
      for (const e of docEdges) {
        if (dir === "newer" && e.toId === n) stack.push(e.fromId);
        if (dir === "older" && e.fromId === n) stack.push(e.toId);
      }
    }
    return false;
  };
  return { newerDocs, companyOfDoc, linked: (a, b) => a !== b && (docReach(a, b, "newer") || docReach(a, b, "older")) };
}

/** The finding in a newer document that is the next version of `f`: same definition, same kind (actual/forecast), same page if any. */
function versionIn(candidates: FindingInfo[], f: FindingInfo): FindingInfo {
  const sameKind = candidates.filter((c) => c.isForecast === f.isForecast);
  return candidates.find((c) => c.isForecast === f.isForecast && c.sourcePage === f.sourcePage) ?? representative(sameKind.length ? sameKind : candidates);
}

/**
 * Step 2: finding-level version edges along the document chains: the nearest newer version with the
 * same metric and period (changed value → SUPERSEDES, same value → SUPPORTS; the older finding is
 * flagged superseded either way).
 */
function planFindingVersions(ctx: PlanContext, graph: DocGraph) {
  const { findings, superseded, add, cite, shown, periodKey } = ctx;
  const byDocMetric = new Map<string, FindingInfo[]>();
  for (const f of findings) {
    const k = `${f.documentId}|${f.metricKey}|${periodKey(f)}`;
    byDocMetric.set(k, [...(byDocMetric.get(k) ?? []), f]);
  }
  for (const f of findings) {
    if (!ctx.legacy && documentLocal(f)) continue;
    let level: DocSupersession[] = graph.newerDocs.get(f.documentId) ?? [];
    const seen = new Set<string>([f.documentId]);
    while (level.length) {
      const hits: Array<{ edge: DocSupersession; match: FindingInfo }> = [];
      const next: DocSupersession[] = [];
      for (const edge of level) {
        if (seen.has(edge.fromId)) continue;
        seen.add(edge.fromId);
        const candidates = (byDocMetric.get(`${edge.fromId}|${f.metricKey}|${periodKey(f)}`) ?? []).filter((c) => sameDefinition(c, f) && (ctx.legacy || !differentEnds(c, f)));
        if (candidates.length) hits.push({ edge, match: versionIn(candidates, f) });
        else next.push(...(graph.newerDocs.get(edge.fromId) ?? []));
      }
      if (hits.length) {
        for (const { edge, match } of hits) {
          const same = sameValue(match, f);
          add({
            fromId: match.id,
            toId: f.id,
            type: same ? "SUPPORTS" : "SUPERSEDES",
            createdBy: edge.createdBy,
            reason: same
              ? `Unchanged in the newer version: ${f.metricKey} ${f.period ?? ""} ${shown(match, f)[0]} (${cite(match)}) as in ${cite(f)}.`
              : `Corrected in the newer version: ${f.metricKey} ${f.period ?? ""} ${shown(f, match)[0]} (${cite(f)}) → ${shown(f, match)[1]} (${cite(match)}).`,
          });
        }
        superseded.add(f.id);
        break;
      }
      level = next;
    }
  }
}

/** Each document's claim (actual or forecast) among the figures of one group. */
function claimsOf(list: FindingInfo[]): FindingInfo[][] {
  const claims = new Map<string, FindingInfo[]>();
  for (const f of list) {
    const k = `${f.documentId}|${f.isForecast}`;
    claims.set(k, [...(claims.get(k) ?? []), f]);
  }
  return [...claims.values()];
}

/** The current figures of one company, metric, period and definition (the first member of a group stands for its definition). */
function currentGroups(ctx: PlanContext, graph: DocGraph): FindingInfo[][] {
  const groupKey = (f: FindingInfo) => `${graph.companyOfDoc.get(f.documentId) ?? ""}|${f.metricKey}|${ctx.periodKey(f)}`;
  const g = new Map<string, FindingInfo[]>();
  for (const f of ctx.findings.filter((x) => !ctx.superseded.has(x.id))) {
    if (!f.period || !canonicalPeriod(f.period)) continue;
    if (!ctx.legacy && documentLocal(f)) continue;
    let n = 0;
    while (g.has(`${groupKey(f)}|${n}`) && !sameDefinition(g.get(`${groupKey(f)}|${n}`)![0]!, f)) n++;
    const k = `${groupKey(f)}|${n}`;
    g.set(k, [...(g.get(k) ?? []), f]);
  }
  return [...g.values()];
}

/**
 * Step 3: restatements between filings of the same company: a later filing's different figure for
 * the same metric and period supersedes every earlier claim that disagrees with it (never CONTRADICTS).
 */
function planRestatements(ctx: PlanContext, graph: DocGraph) {
  const { docs, superseded, add, cite, shown } = ctx;
  for (const members of currentGroups(ctx, graph)) {
    const numeric = members.filter((f) => !f.isForecast && f.valueNum != null && isFiling(docs.get(f.documentId)!));
    if (canonicalPeriod(numeric[0]?.period)?.approximate) continue;
    const claims = claimsOf(numeric);
    if (claims.length < 2) continue;
    const sorted = claims
      .map((list) => ({ list, rep: representative(list), doc: docs.get(list[0].documentId)! }))
      .sort((x, y) => compareFilings(x.doc, y.doc));
    let orderable = true;
    for (let i = 1; i < sorted.length; i++) if (compareFilings(sorted[i - 1].doc, sorted[i].doc) === 0) orderable = false;
    if (!orderable) continue; // value comparison decides (a conflict if they differ)
    for (let i = 1; i < sorted.length; i++) {
      const prev = sorted[i - 1];
      const cur = sorted[i];
      if (graph.linked(prev.doc.id, cur.doc.id) || !comparableUnits(prev.rep, cur.rep) || sameValue(prev.rep, cur.rep)) continue;
      if (!ctx.legacy && differentEnds(prev.rep, cur.rep)) continue;
      // cur restates prev's figure: every still-current claim before cur that disagrees with cur is superseded by it.
      for (let j = 0; j < i; j++) {
        const old = sorted[j];
        if (old.list.every((f) => superseded.has(f.id)) || sameValue(old.rep, cur.rep) || graph.linked(old.doc.id, cur.doc.id)) continue;
        if (!ctx.legacy && differentEnds(old.rep, cur.rep)) continue;
        for (const f of old.list) {
          add({
            fromId: cur.rep.id,
            toId: f.id,
            type: "SUPERSEDES",
            createdBy: "restatement",
            reason: `Restated in ${ctx.filename(cur.rep)}: ${f.metricKey}${scopeWords(f)} ${f.period} ${shown(f, cur.rep)[0]} (${cite(f)}) → ${shown(f, cur.rep)[1]} (${cite(cur.rep)}).`,
          });
          superseded.add(f.id);
        }
      }
    }
  }
}

/** One document giving one figure two different values: an uncertainty, not a relation. */
function noteInconsistentClaim(ctx: PlanContext, list: FindingInfo[]) {
  const rep = representative(list);
  const odd = list.filter((f) => !sameValue(f, rep));
  if (!odd.length) return;
  ctx.uncertainties.push(
    `${ctx.filename(rep)} gives ${rep.metricKey} ${rep.period} as ${inSameUnit([rep])[0]} (p.${rep.sourcePage}) and as ${odd.map((o) => `${ctx.shown(rep, o)[1]} (p.${o.sourcePage})`).join(", ")}.`,
  );
}

/**
 * Two current claims of one figure from different documents: SUPPORTS when they agree, CONTRADICTS
 * when they do not; a forecast against an actual, a forecast revised between dated documents, and
 * approximate periods are reported instead of related.
 */
function compareClaims(ctx: PlanContext, graph: DocGraph, x: FindingInfo, y: FindingInfo) {
  const { docs, skipped, uncertainties, forecastVsActual, forecastRevisions, add, cite, shown } = ctx;
  let a = x;
  let b = y;
  if (a.documentId === b.documentId && a.isForecast === b.isForecast) return;
  if (graph.linked(a.documentId, b.documentId)) return;
  if (!ctx.legacy && differentEnds(a, b)) {
    skipped.push({ what: `${a.metricKey} ${a.period}: ${cite(a)} vs ${cite(b)}`, why: `periods ending on different days (${a.periodEnd} and ${b.periodEnd})` });
    return;
  }
  if (!comparableUnits(a, b)) {
    skipped.push({ what: `${a.metricKey} ${a.period}: ${cite(a)} vs ${cite(b)}`, why: "different units or currencies" });
    return;
  }
  if (a.valueNum == null || b.valueNum == null) return;
  const agree = sameValue(a, b);
  const period = a.period ?? "";
  if (a.isForecast !== b.isForecast) {
    const [fc, act] = a.isForecast ? [a, b] : [b, a];
    forecastVsActual.push({
      metricKey: a.metricKey, period, a: fc.id, b: act.id, agree,
      note: `${shown(fc, act)[0]} was a forecast (${cite(fc)}); actuals show ${shown(fc, act)[1]} (${cite(act)}).`,
    });
    return;
  }
  if (a.documentId === b.documentId) return;
  if (!newerFirst(docs.get(a.documentId), docs.get(b.documentId), a.id, b.id)) [a, b] = [b, a];
  if (agree) {
    add({
      fromId: a.id, toId: b.id, type: "SUPPORTS", createdBy: "value_comparison",
      reason: `Same ${a.metricKey} for ${period}: ${shown(a, b)[0]} (${cite(a)}) and ${shown(a, b)[1]} (${cite(b)}).`,
    });
    return;
  }
  const approx = canonicalPeriod(a.period)?.approximate || canonicalPeriod(b.period)?.approximate;
  if (approx) {
    uncertainties.push(`${a.metricKey}: ${shown(a, b)[0]} (${cite(a)}, ${a.period}) and ${shown(a, b)[1]} (${cite(b)}, ${b.period}) may be different points in time; not flagged as a conflict.`);
    return;
  }
  const da = docs.get(a.documentId)?.documentDate;
  const db = docs.get(b.documentId)?.documentDate;
  if (a.isForecast && da && db && da !== db) {
    forecastRevisions.push({
      metricKey: a.metricKey, period, a: b.id, b: a.id, agree: false,
      note: `The ${period} ${a.metricKey} forecast moved from ${shown(b, a)[0]} (${cite(b)}, ${db}) to ${shown(b, a)[1]} (${cite(a)}, ${da}).`,
    });
    return;
  }
  add({
    fromId: a.id, toId: b.id, type: "CONTRADICTS", createdBy: "value_comparison",
    reason: `${a.metricKey}${scopeWords(a)} for ${period}: ${shown(a, b)[0]} (${cite(a)}) vs ${shown(a, b)[1]} (${cite(b)}); same period, no correction between the documents.`,
  });
}

/** Step 4: value comparison between the remaining current findings of different documents. */
function planValueComparisons(ctx: PlanContext, graph: DocGraph) {
  for (const members of currentGroups(ctx, graph)) {
    const claims = claimsOf(members);
    for (const list of claims) noteInconsistentClaim(ctx, list);
    if (claims.length < 2) continue;
    const reps = claims.map(representative);
    for (let i = 0; i < reps.length; i++) for (let j = i + 1; j < reps.length; j++) compareClaims(ctx, graph, reps[i], reps[j]);
  }
}

/** Step 5: EXTRACTED_FROM for every finding, event and entity (one per entity and document). */
function planExtractedFrom(ctx: PlanContext) {
  const { input, docs, findings, add, cite } = ctx;
  for (const f of findings) {
    add({ fromKind: "finding", toKind: "document", fromId: f.id, toId: f.documentId, type: "EXTRACTED_FROM", createdBy: "pipeline", reason: `Stated on ${cite(f)}.` });
  }
  for (const e of input.timelineEvents ?? []) {
    if (!docs.has(e.documentId)) continue;
    add({ fromKind: "timeline_event", toKind: "document", fromId: e.id, toId: e.documentId, type: "EXTRACTED_FROM", createdBy: "pipeline", reason: `Event stated in ${docs.get(e.documentId)!.filename}.` });
  }
  const mentionKeys = new Set<string>();
  for (const m of input.entityMentions ?? []) {
    const k = `${m.entityId}|${m.documentId}`;
    if (mentionKeys.has(k) || !docs.has(m.documentId)) continue;
    mentionKeys.add(k);
    add({ fromKind: "entity", toKind: "document", fromId: m.entityId, toId: m.documentId, type: "EXTRACTED_FROM", createdBy: "pipeline", reason: `Mentioned in ${docs.get(m.documentId)!.filename}.` });
  }
}

/** One relation per (from, to, type): the first planned wins (version edges before comparisons). */
function firstPerKey(relations: PlannedRelation[]): PlannedRelation[] {
  const unique = new Map<string, PlannedRelation>();
  for (const r of relations) {
    const k = `${r.fromId}|${r.toId}|${r.type}`;
    if (!unique.has(k)) unique.set(k, r);
  }
  return [...unique.values()];
}

export interface PlanOptions {
  /** "legacy": the rule before finding scopes and period types (for benches measuring the change). */
  rule?: "scoped" | "legacy";
}

export function planRelations(input: PlanInput, opts: PlanOptions = {}): RelationPlan {
  const ctx = planContext(input, opts);
  const graph = planDocumentSupersessions(ctx);
  planFindingVersions(ctx, graph);
  planRestatements(ctx, graph);
  planValueComparisons(ctx, graph);
  planExtractedFrom(ctx);
  const { superseded, forecastVsActual, forecastRevisions, uncertainties, skipped } = ctx;
  return { relations: firstPerKey(ctx.relations), superseded, forecastVsActual, forecastRevisions, uncertainties, skipped };
}
