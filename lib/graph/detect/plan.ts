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
 *     and a reported figure, share a metric key but are neither versions nor conflicts of each other)
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

export interface FindingInfo {
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

const FILING = /annual report|quarterly report|\b10-?k\b|\b10-?q\b|interim report|årsredovisning|delårsrapport|annual accounts|financial statements/i;

/** Filings (annual and quarterly reports) restate; presentations, decks and forecasts contradict. */
export function isFiling(doc: Pick<DocInfo, "kind" | "filename">): boolean {
  return FILING.test(doc.kind ?? "") || /_(10K|10Q)(?:[_ .-]|$)/i.test(doc.filename);
}

const PERIOD_RANK: Record<string, number> = { Q1: 1, H1: 2, Q2: 2, "9M": 3, Q3: 3, H2: 4, Q4: 4, FY: 5 };

/** Compares filings by fiscal year, then document date, then fiscal period; 0 when they cannot be ordered. */
export function compareFilings(a: DocInfo, b: DocInfo): number {
  if (a.fiscalYear != null && b.fiscalYear != null && a.fiscalYear !== b.fiscalYear) return a.fiscalYear - b.fiscalYear;
  if (a.documentDate && b.documentDate && a.documentDate !== b.documentDate) return a.documentDate < b.documentDate ? -1 : 1;
  const ra = PERIOD_RANK[(a.fiscalPeriod ?? "").toUpperCase()];
  const rb = PERIOD_RANK[(b.fiscalPeriod ?? "").toUpperCase()];
  if (a.fiscalYear != null && a.fiscalYear === b.fiscalYear && ra && rb && ra !== rb) return ra - rb;
  return 0;
}

/** Deterministic "newer first" order for symmetric relations (so re-runs produce the same direction). */
function newerFirst(docA: DocInfo | undefined, docB: DocInfo | undefined, idA: string, idB: string): boolean {
  const ka = `${docA?.documentDate ?? ""}|${docA?.createdAt ?? ""}|${idA}`;
  const kb = `${docB?.documentDate ?? ""}|${docB?.createdAt ?? ""}|${idB}`;
  return ka > kb;
}

const normText = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();

export { companyKey, normalizeCompany } from "./companies";

function sameValue(a: FindingInfo, b: FindingInfo): boolean {
  if (a.valueNum != null && b.valueNum != null) return valuesAgree(a as { valueNum: number; valueText: string }, b as { valueNum: number; valueText: string });
  return normText(a.valueText) === normText(b.valueText);
}

/** Best representative of a document's claim: highest confidence, then first page, then id. */
function representative(list: FindingInfo[]): FindingInfo {
  return [...list].sort((x, y) => (y.confidence ?? 0) - (x.confidence ?? 0) || x.sourcePage - y.sourcePage || x.id.localeCompare(y.id))[0];
}

export function planRelations(input: PlanInput): RelationPlan {
  const docs = new Map(input.documents.map((d) => [d.id, d]));
  const relations: PlannedRelation[] = [];
  const superseded = new Set<string>();
  const uncertainties: string[] = [];
  const skipped: { what: string; why: string }[] = [];
  const forecastVsActual: FindingPair[] = [];
  const forecastRevisions: FindingPair[] = [];
  const findings = input.findings.filter((f) => {
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
  const filename = (f: FindingInfo) => docs.get(f.documentId)?.filename ?? f.documentId;
  const cite = (f: FindingInfo) => `${filename(f)} p.${f.sourcePage}`;
  /** Two figures for a reason, in one unit with the unit named ("EUR 18.9 million" and "EUR 18.4 million", not "18.9" and "18,400"). */
  const shown = (x: FindingInfo, y: FindingInfo) => inSameUnit([x, y]) as [string, string];
  const add = (r: Omit<PlannedRelation, "fromKind" | "toKind"> & { fromKind?: NodeKind; toKind?: NodeKind }) =>
    relations.push({ fromKind: "finding", toKind: "finding", ...r });

  // 1. Document supersession.
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
  const docsLinked = (a: string, b: string) => a !== b && (docReach(a, b, "newer") || docReach(a, b, "older"));

  // 2. Finding-level version edges along document chains: nearest newer version with the same metric and period.
  const periodKey = (f: FindingInfo) => canonicalPeriod(f.period)?.key ?? "";
  const byDocMetric = new Map<string, FindingInfo[]>();
  for (const f of findings) {
    const k = `${f.documentId}|${f.metricKey}|${periodKey(f)}`;
    byDocMetric.set(k, [...(byDocMetric.get(k) ?? []), f]);
  }
  for (const f of findings) {
    let level: DocSupersession[] = newerDocs.get(f.documentId) ?? [];
    const seen = new Set<string>([f.documentId]);
    while (level.length) {
      const hits: Array<{ edge: DocSupersession; match: FindingInfo }> = [];
      const next: DocSupersession[] = [];
      for (const edge of level) {
        if (seen.has(edge.fromId)) continue;
        seen.add(edge.fromId);
        const candidates = (byDocMetric.get(`${edge.fromId}|${f.metricKey}|${periodKey(f)}`) ?? []).filter((c) => sameDefinition(c, f));
        if (candidates.length) {
          const pick =
            candidates.find((c) => c.isForecast === f.isForecast && c.sourcePage === f.sourcePage) ??
            representative(candidates.filter((c) => c.isForecast === f.isForecast).length ? candidates.filter((c) => c.isForecast === f.isForecast) : candidates);
          hits.push({ edge, match: pick });
        } else {
          next.push(...(newerDocs.get(edge.fromId) ?? []));
        }
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

  // 3. Restatements between filings of the same company.
  const companyOf = (f: FindingInfo) => companyOfDoc.get(f.documentId) ?? "";
  const groupKey = (f: FindingInfo) => `${companyOf(f)}|${f.metricKey}|${periodKey(f)}`;
  const current = () => findings.filter((f) => !superseded.has(f.id));
  const claimsOf = (list: FindingInfo[]) => {
    const claims = new Map<string, FindingInfo[]>();
    for (const f of list) {
      const k = `${f.documentId}|${f.isForecast}`;
      claims.set(k, [...(claims.get(k) ?? []), f]);
    }
    return [...claims.values()];
  };
  /** Figures of one company, metric, period and definition (the first member of a group stands for its definition). */
  const groups = (list: FindingInfo[]) => {
    const g = new Map<string, FindingInfo[]>();
    for (const f of list) {
      if (!f.period || !canonicalPeriod(f.period)) continue;
      let n = 0;
      while (g.has(`${groupKey(f)}|${n}`) && !sameDefinition(g.get(`${groupKey(f)}|${n}`)![0]!, f)) n++;
      const k = `${groupKey(f)}|${n}`;
      g.set(k, [...(g.get(k) ?? []), f]);
    }
    return g;
  };
  for (const [, members] of groups(current())) {
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
      if (docsLinked(prev.doc.id, cur.doc.id) || !comparableUnits(prev.rep, cur.rep) || sameValue(prev.rep, cur.rep)) continue;
      // cur restates prev's figure: every still-current claim before cur that disagrees with cur is superseded by it.
      for (let j = 0; j < i; j++) {
        const old = sorted[j];
        if (old.list.every((f) => superseded.has(f.id)) || sameValue(old.rep, cur.rep) || docsLinked(old.doc.id, cur.doc.id)) continue;
        for (const f of old.list) {
          add({
            fromId: cur.rep.id,
            toId: f.id,
            type: "SUPERSEDES",
            createdBy: "restatement",
            reason: `Restated in a later filing: ${f.metricKey} ${f.period} ${shown(f, cur.rep)[0]} (${cite(f)}) → ${shown(f, cur.rep)[1]} (${cite(cur.rep)}).`,
          });
          superseded.add(f.id);
        }
      }
    }
  }

  // 4. Value comparison between current findings of different documents.
  for (const [, members] of groups(current())) {
    const claims = claimsOf(members);
    for (const list of claims) {
      const rep = representative(list);
      const odd = list.filter((f) => !sameValue(f, rep));
      if (odd.length) {
        uncertainties.push(
          `${filename(rep)} gives ${rep.metricKey} ${rep.period} as ${inSameUnit([rep])[0]} (p.${rep.sourcePage}) and as ${odd.map((o) => `${shown(rep, o)[1]} (p.${o.sourcePage})`).join(", ")}.`,
        );
      }
    }
    if (claims.length < 2) continue;
    const reps = claims.map(representative);
    for (let i = 0; i < reps.length; i++) {
      for (let j = i + 1; j < reps.length; j++) {
        let a = reps[i];
        let b = reps[j];
        if (a.documentId === b.documentId && a.isForecast === b.isForecast) continue;
        if (docsLinked(a.documentId, b.documentId)) continue;
        if (!comparableUnits(a, b)) {
          skipped.push({ what: `${a.metricKey} ${a.period}: ${cite(a)} vs ${cite(b)}`, why: "different units or currencies" });
          continue;
        }
        if (a.valueNum == null || b.valueNum == null) continue;
        const agree = sameValue(a, b);
        const period = a.period ?? "";
        if (a.isForecast !== b.isForecast) {
          const [fc, act] = a.isForecast ? [a, b] : [b, a];
          forecastVsActual.push({
            metricKey: a.metricKey, period, a: fc.id, b: act.id, agree,
            note: `${shown(fc, act)[0]} was a forecast (${cite(fc)}); actuals show ${shown(fc, act)[1]} (${cite(act)}).`,
          });
          continue;
        }
        if (a.documentId === b.documentId) continue;
        if (!newerFirst(docs.get(a.documentId), docs.get(b.documentId), a.id, b.id)) [a, b] = [b, a];
        if (agree) {
          add({
            fromId: a.id, toId: b.id, type: "SUPPORTS", createdBy: "value_comparison",
            reason: `Same ${a.metricKey} for ${period}: ${shown(a, b)[0]} (${cite(a)}) and ${shown(a, b)[1]} (${cite(b)}).`,
          });
          continue;
        }
        const approx = canonicalPeriod(a.period)?.approximate || canonicalPeriod(b.period)?.approximate;
        if (approx) {
          uncertainties.push(`${a.metricKey}: ${shown(a, b)[0]} (${cite(a)}, ${a.period}) and ${shown(a, b)[1]} (${cite(b)}, ${b.period}) may be different points in time; not flagged as a conflict.`);
          continue;
        }
        const da = docs.get(a.documentId)?.documentDate;
        const db = docs.get(b.documentId)?.documentDate;
        if (a.isForecast && da && db && da !== db) {
          forecastRevisions.push({
            metricKey: a.metricKey, period, a: b.id, b: a.id, agree: false,
            note: `The ${period} ${a.metricKey} forecast moved from ${shown(b, a)[0]} (${cite(b)}, ${db}) to ${shown(b, a)[1]} (${cite(a)}, ${da}).`,
          });
          continue;
        }
        add({
          fromId: a.id, toId: b.id, type: "CONTRADICTS", createdBy: "value_comparison",
          reason: `${a.metricKey} for ${period}: ${shown(a, b)[0]} (${cite(a)}) vs ${shown(a, b)[1]} (${cite(b)}); same period, no correction between the documents.`,
        });
      }
    }
  }

  // 5. EXTRACTED_FROM.
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

  // One relation per (from, to, type): the first planned wins (version edges before comparisons).
  const unique = new Map<string, PlannedRelation>();
  for (const r of relations) {
    const k = `${r.fromId}|${r.toId}|${r.type}`;
    if (!unique.has(k)) unique.set(k, r);
  }
  return { relations: [...unique.values()], superseded, forecastVsActual, forecastRevisions, uncertainties, skipped };
}
