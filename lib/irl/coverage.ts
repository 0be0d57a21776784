/**
 * IRL coverage: for each request, does the data room answer it?
 *
 * - covered: a document of the requested type (for the requested period), a statement page
 *   of the requested statement, promoted findings (active, not superseded) or strongly
 *   matching pages evidence it;
 * - partial: evidence exists but is thin: the item asks for history (a range of years, "by
 *   quarter", "development") and the evidence spans fewer periods, or pages touch the
 *   request's subject without its specifics;
 * - gap: nothing in the room evidences it.
 *
 * The result is cached in irl_coverage with its evidence (document, page, cell, excerpt).
 */
import type { Queryable } from "@/lib/db";
import { numberRatio } from "@/lib/search/page-classifier";
import { searchPages } from "@/lib/search/search";
import { DOCUMENT_TYPES, IRL_SYNONYMS, STATEMENTS, analyseItem, groupMatches, itemTokens, type ItemAnalysis } from "./keywords";
import { IRL_DOCUMENT_KIND, ensureIrlImported, listIrlItems, type IrlItemRow } from "./irl";
import type { Coverage, IrlCoverageReport, IrlEvidence, IrlItemCoverage } from "./types";

interface DocInfo {
  id: string;
  filename: string;
  kind: string | null;
  title: string | null;
  fiscal_year: number | null;
  fiscal_period: string | null;
}

interface FindingInfo {
  id: string;
  document_id: string;
  metric: string;
  metric_key: string;
  period: string | null;
  source_page: number;
  source_cell: string | null;
  source_excerpt: string;
}

interface Candidate {
  documentId: string;
  page: number;
  excerpt: string;
  cell?: string;
  findingId?: string;
}

export interface ItemVerdict {
  coverage: Coverage;
  evidence: IrlEvidence[];
  reason: string;
}

const MAX_EVIDENCE = 5;

/** Period labels printed on pages ("Q3 2023", "FY2023", "9M 2024", "H1 2024"). */
const PERIOD_LABEL = /\b(?:(Q[1-4]|H[12]|[1-9]M)\s?((?:19|20)\d{2})|FY\s?((?:19|20)\d{2}))\b/gi;

/** Loads what coverage needs once per deal, then judges items one by one. */
class CoverageContext {
  private pageTokens = new Map<string, string[]>();
  private pageText = new Map<string, string>();
  constructor(
    readonly db: Queryable,
    readonly dealId: string,
    readonly docs: DocInfo[],
    readonly statementPages: { documentId: string; page: number; statement: string }[],
    readonly findings: FindingInfo[],
  ) {}

  doc(id: string): DocInfo | undefined {
    return this.docs.find((d) => d.id === id);
  }

  async loadPages(keys: { documentId: string; page: number }[]): Promise<void> {
    const missing = keys.filter((k) => !this.pageText.has(`${k.documentId}:${k.page}`));
    if (missing.length === 0) return;
    const { rows } = await this.db.query<{ document_id: string; page_number: number; text: string }>(
      `select p.document_id, p.page_number, p.text from document_pages p
       join unnest($1::uuid[], $2::int[]) as k(d, n) on p.document_id = k.d and p.page_number = k.n`,
      [missing.map((k) => k.documentId), missing.map((k) => k.page)],
    );
    for (const r of rows) this.pageText.set(`${r.document_id}:${r.page_number}`, r.text);
  }

  text(documentId: string, page: number): string {
    return this.pageText.get(`${documentId}:${page}`) ?? "";
  }

  tokens(documentId: string, page: number): string[] {
    const key = `${documentId}:${page}`;
    let t = this.pageTokens.get(key);
    if (!t) {
      t = itemTokens(this.text(documentId, page));
      this.pageTokens.set(key, t);
    }
    return t;
  }

  async docText(documentId: string): Promise<string> {
    const { rows } = await this.db.query<{ text: string }>("select string_agg(text, ' ' order by page_number) as text from document_pages where document_id = $1", [documentId]);
    return rows[0]?.text ?? "";
  }
}

function yearsOfDoc(d: DocInfo): number[] {
  const out = new Set<number>();
  if (d.fiscal_year) out.add(d.fiscal_year);
  for (const m of `${d.title ?? ""} ${d.filename}`.matchAll(/(?:^|[^\d])((?:19|20)\d{2})(?!\d)/g)) if (!d.fiscal_year) out.add(Number(m[1]));
  return [...out];
}

function descriptorTokens(d: DocInfo): string[] {
  return itemTokens(`${d.kind ?? ""} ${d.title ?? ""} ${d.filename.replace(/\.[^.]+$/, "").replace(/[_-]+/g, " ")}`);
}

function excerptOf(text: string, max = 240): string {
  const lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
  return lines.join(" ").replace(/\s+/g, " ").slice(0, max);
}

function toEvidence(ctx: CoverageContext, c: Candidate): IrlEvidence {
  const doc = ctx.doc(c.documentId);
  return {
    documentId: c.documentId,
    document: doc?.filename ?? c.documentId,
    page: c.page,
    ...(c.cell ? { cell: c.cell } : {}),
    excerpt: c.excerpt,
    ...(c.findingId ? { findingId: c.findingId } : {}),
  };
}

function dedupeCandidates(list: Candidate[]): Candidate[] {
  const seen = new Set<string>();
  return list.filter((c) => {
    const k = `${c.documentId}:${c.page}:${c.findingId ?? ""}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Years and period labels an evidence set spans (document metadata + labels on its pages). */
function periodsOf(ctx: CoverageContext, evidence: Candidate[]): { years: Set<number>; periods: Set<string> } {
  const years = new Set<number>();
  const periods = new Set<string>();
  for (const c of evidence) {
    const d = ctx.doc(c.documentId);
    if (d) {
      for (const y of yearsOfDoc(d)) years.add(y);
      if (d.fiscal_year) periods.add(`${d.fiscal_period ?? "FY"} ${d.fiscal_year}`);
    }
    for (const m of ctx.text(c.documentId, c.page).matchAll(PERIOD_LABEL)) {
      const y = Number(m[2] ?? m[3]);
      years.add(y);
      periods.add(`${(m[1] ?? "FY").toUpperCase()} ${y}`);
    }
  }
  return { years, periods };
}

/** Covered / partial by how well the evidence spans the periods the item asks for. */
function periodVerdict(ctx: CoverageContext, a: ItemAnalysis, evidence: Candidate[]): { coverage: Coverage; reason: string } {
  const { years, periods } = periodsOf(ctx, evidence);
  if (a.years.length > 0) {
    const missing = a.years.filter((y) => !years.has(y));
    if (missing.length === 0) return { coverage: "covered", reason: `evidence for ${a.years.join(", ")}` };
    if (missing.length < a.years.length || (a.wantsHistory && years.size > 0)) {
      return { coverage: "partial", reason: `asks for ${a.years.join("–")}; the room only covers ${[...years].sort().join(", ") || "other periods"}` };
    }
    return { coverage: "gap", reason: `nothing for ${a.years.join(", ")}` };
  }
  if (a.wantsHistory && periods.size < 2) return { coverage: "partial", reason: "asks for a history; the room holds a single period" };
  return { coverage: "covered", reason: "evidence found" };
}

async function judgeDocumentRequest(ctx: CoverageContext, a: ItemAnalysis): Promise<ItemVerdict> {
  const phrases = DOCUMENT_TYPES.filter((d) => a.documentTypes.includes(d.type)).flatMap((d) => d.phrases.map((p) => itemTokens(p)));
  const matched = ctx.docs.filter((d) => {
    const t = descriptorTokens(d);
    return phrases.some((p) => groupMatches(t, { label: "", alternatives: [p] }));
  });
  if (matched.length === 0) return { coverage: "gap", evidence: [], reason: `no ${a.documentTypes.join(" / ")} in the room` };
  // A document's own period is authoritative when known (an FY2023 report mentioning 2022
  // figures is not the FY2022 report); otherwise its content must name the years.
  const withYears: DocInfo[] = [];
  const partialYears = new Set<number>();
  for (const d of matched) {
    if (a.years.length === 0) {
      withYears.push(d);
      continue;
    }
    const own = d.fiscal_year ? [d.fiscal_year] : yearsOfDoc(d);
    let ys = own;
    if (own.length === 0) {
      const text = await ctx.docText(d.id);
      ys = a.years.filter((y) => new RegExp(`(?:^|[^\\d])${y}(?!\\d)`).test(text));
    }
    const hit = a.years.filter((y) => ys.includes(y));
    for (const y of hit) partialYears.add(y);
    if (hit.length > 0) withYears.push(d);
  }
  if (withYears.length === 0) return { coverage: "gap", evidence: [], reason: `no ${a.documentTypes.join(" / ")} for ${a.years.join(", ")}` };
  const evidence = await bestPagesOf(ctx, a, withYears);
  const missing = a.years.filter((y) => !partialYears.has(y));
  if (missing.length > 0) return { coverage: "partial", evidence: evidence.map((c) => toEvidence(ctx, c)), reason: `missing ${missing.join(", ")}` };
  return { coverage: "covered", evidence: evidence.map((c) => toEvidence(ctx, c)), reason: `${withYears.map((d) => d.filename).join(", ")}` };
}

/** The best page of each document for the request (search restricted to it), else page 1. */
async function bestPagesOf(ctx: CoverageContext, a: ItemAnalysis, docs: DocInfo[]): Promise<Candidate[]> {
  const out: Candidate[] = [];
  const hits = await searchPages({ db: ctx.db, dealId: ctx.dealId, query: a.head, k: Math.min(20, docs.length * 3), documentIds: docs.map((d) => d.id) }).catch(() => []);
  for (const d of docs) {
    const h = hits.find((x) => x.documentId === d.id);
    if (h) out.push({ documentId: d.id, page: h.page, excerpt: h.excerpt.replace(/\s+/g, " ").slice(0, 240) });
    else {
      await ctx.loadPages([{ documentId: d.id, page: 1 }]);
      out.push({ documentId: d.id, page: 1, excerpt: excerptOf(ctx.text(d.id, 1)) });
    }
    if (out.length >= MAX_EVIDENCE) break;
  }
  return out;
}

async function judgeStatementRequest(ctx: CoverageContext, a: ItemAnalysis): Promise<ItemVerdict> {
  const kinds = new Set<string>(a.statements);
  const titles = STATEMENTS.filter((s) => kinds.has(s.kind)).flatMap((s) => s.titles);
  const candidates: Candidate[] = ctx.statementPages.filter((s) => kinds.has(s.statement)).map((s) => ({ documentId: s.documentId, page: s.page, excerpt: "" }));
  // Condensed statements in interim reports are often not classified: their title in the
  // page's first lines and a table of numbers is enough.
  const hits = await searchPages({ db: ctx.db, dealId: ctx.dealId, query: titles.join(" "), k: 20 }).catch(() => []);
  const docIds = new Set(ctx.docs.map((d) => d.id));
  await ctx.loadPages([...candidates, ...hits.map((h) => ({ documentId: h.documentId, page: h.page }))]);
  for (const h of hits) {
    if (!docIds.has(h.documentId)) continue;
    const text = ctx.text(h.documentId, h.page);
    const top = text.split("\n").map((l) => l.trim()).filter(Boolean).slice(0, 3).join(" ").toLowerCase();
    if (titles.some((t) => top.includes(t)) && numberRatio(text) >= 0.15) candidates.push({ documentId: h.documentId, page: h.page, excerpt: "" });
  }
  const evidence = dedupeCandidates(candidates.filter((c) => docIds.has(c.documentId)));
  if (evidence.length === 0) return { coverage: "gap", evidence: [], reason: `no ${a.statements.join("/")} statement pages` };
  for (const c of evidence) c.excerpt = excerptOf(ctx.text(c.documentId, c.page));
  const v = periodVerdict(ctx, { ...a, wantsHistory: a.wantsHistory && a.years.length === 0 }, evidence);
  return { coverage: v.coverage === "gap" ? "partial" : v.coverage, evidence: pickSpread(ctx, evidence).map((c) => toEvidence(ctx, c)), reason: v.reason };
}

/** Evidence list spread over documents (newest period first), at most MAX_EVIDENCE. */
function pickSpread(ctx: CoverageContext, list: Candidate[]): Candidate[] {
  const byDoc = new Map<string, Candidate[]>();
  for (const c of list) byDoc.set(c.documentId, [...(byDoc.get(c.documentId) ?? []), c]);
  const docs = [...byDoc.keys()].sort((x, y) => (ctx.doc(y)?.fiscal_year ?? 0) - (ctx.doc(x)?.fiscal_year ?? 0));
  const out: Candidate[] = [];
  for (let round = 0; out.length < MAX_EVIDENCE; round++) {
    let added = false;
    for (const d of docs) {
      const c = byDoc.get(d)![round];
      if (c && out.length < MAX_EVIDENCE) {
        out.push(c);
        added = true;
      }
    }
    if (!added) break;
  }
  return out;
}

async function judgeTopicRequest(ctx: CoverageContext, a: ItemAnalysis, item: IrlItemRow): Promise<ItemVerdict> {
  const docIds = new Set(ctx.docs.map((d) => d.id));
  // Two searches: the request as written, and its subject with the synonym table's wording
  // (a customer list says "share of revenue", not "customer concentration").
  const subject = [a.head, ...a.headGroups.flatMap((g) => IRL_SYNONYMS[g.label] ?? [])].join(" ");
  const [asWritten, bySubject] = await Promise.all([
    searchPages({ db: ctx.db, dealId: ctx.dealId, query: item.item, k: 12 }).catch(() => []),
    searchPages({ db: ctx.db, dealId: ctx.dealId, query: subject, k: 12 }).catch(() => []),
  ]);
  const hits = [...asWritten, ...bySubject].filter((h) => docIds.has(h.documentId));
  const candidates: Candidate[] = dedupeCandidates(hits.map((h) => ({ documentId: h.documentId, page: h.page, excerpt: h.excerpt.replace(/\s+/g, " ").slice(0, 240) })));
  // Promoted findings whose metric names the request's subject.
  for (const f of ctx.findings) {
    if (!docIds.has(f.document_id)) continue;
    const t = itemTokens(`${f.metric} ${f.metric_key.replace(/_/g, " ")}`);
    if (a.headGroups.length > 0 && a.headGroups.every((g) => groupMatches(t, g))) {
      candidates.push({ documentId: f.document_id, page: f.source_page, excerpt: f.source_excerpt, cell: f.source_cell ?? undefined, findingId: f.id });
    }
  }
  await ctx.loadPages(candidates);
  const strong: Candidate[] = [];
  const weak: Candidate[] = [];
  for (const c of candidates) {
    if (c.findingId) {
      strong.push(c);
      continue;
    }
    const tokens = ctx.tokens(c.documentId, c.page);
    const headHits = a.headGroups.filter((g) => groupMatches(tokens, g)).length;
    const facetHits = a.facetGroups.filter((fg) => fg.every((g) => groupMatches(tokens, g))).length;
    const headOk = a.headGroups.length > 0 && headHits === a.headGroups.length;
    if (headOk || facetHits >= Math.max(2, Math.ceil(a.facetGroups.length / 2))) strong.push(c);
    else if (headHits > 0 && a.headGroups.length > 1) weak.push(c);
  }
  if (strong.length > 0) {
    const v = periodVerdict(ctx, a, strong);
    return { coverage: v.coverage === "gap" ? "partial" : v.coverage, evidence: pickSpread(ctx, dedupeCandidates(strong)).map((c) => toEvidence(ctx, c)), reason: v.reason };
  }
  if (weak.length > 0) return { coverage: "partial", evidence: pickSpread(ctx, dedupeCandidates(weak)).map((c) => toEvidence(ctx, c)), reason: "pages touch the subject without its specifics" };
  return { coverage: "gap", evidence: [], reason: "nothing in the room matches" };
}

/** Judges one item against the room (exported for the agent's find_gaps tool and tests). */
export async function judgeItem(ctx: CoverageContext, item: IrlItemRow): Promise<ItemVerdict> {
  const a = analyseItem(item.item);
  if (a.documentTypes.length > 0) return judgeDocumentRequest(ctx, a);
  if (a.statements.length > 0) return judgeStatementRequest(ctx, a);
  return judgeTopicRequest(ctx, a, item);
}

async function loadContext(db: Queryable, dealId: string, items: IrlItemRow[]): Promise<CoverageContext> {
  const sourceDocs = new Set(items.map((i) => i.sourceDocumentId).filter((x): x is string => !!x));
  const docs = (await db.query<DocInfo>(
    `select id, filename, kind, title, fiscal_year, fiscal_period from documents
     where deal_id = $1 and status = 'indexed' and coalesce(kind, '') <> $2 order by created_at`,
    [dealId, IRL_DOCUMENT_KIND],
  )).rows.filter((d) => !sourceDocs.has(d.id));
  const statementPages = (await db.query<{ document_id: string; page_number: number; statement: string }>(
    "select document_id, page_number, statement from search_page_features where deal_id = $1 and statement is not null order by document_id, page_number",
    [dealId],
  )).rows.map((r) => ({ documentId: r.document_id, page: r.page_number, statement: r.statement }));
  const findings = (await db.query<FindingInfo>(
    `select f.id, f.document_id, f.metric, f.metric_key, f.period, f.source_page, f.source_cell, f.source_excerpt
     from findings f where f.deal_id = $1 and f.status = 'active' and not f.superseded
       and not exists (select 1 from relations r where r.deal_id = f.deal_id and r.to_id = f.id and r.relation_type = 'SUPERSEDES')`,
    [dealId],
  )).rows;
  return new CoverageContext(db, dealId, docs, statementPages, findings);
}

/** What coverage depends on: documents, findings (status, supersession), relations, IRL items. */
async function coverageFingerprint(db: Queryable, dealId: string): Promise<string> {
  const { rows } = await db.query<Record<string, unknown>>(
    `select
       (select count(*) || ':' || coalesce(max(coalesce(indexed_at, created_at))::text, '') from documents where deal_id = $1 and status = 'indexed') as docs,
       (select count(*) filter (where status = 'active' and not superseded) || ':' || count(*) || ':' || coalesce(max(created_at)::text, '') from findings where deal_id = $1) as findings,
       (select count(*) || ':' || coalesce(max(created_at)::text, '') from relations where deal_id = $1) as relations,
       (select count(*) || ':' || coalesce(max(updated_at)::text, '') from irl_items where deal_id = $1) as items`,
    [dealId],
  );
  return JSON.stringify(rows[0] ?? {});
}

// Per-process memo: a chat turn asking "what's missing?" reuses the last computation while
// nothing it depends on has changed (a cold process simply recomputes).
const memo = new Map<string, { fingerprint: string; report: IrlCoverageReport }>();

/**
 * Computes coverage of every IRL item of the deal (importing the IRL first when the deal has
 * an IRL spreadsheet and no items), stores it in irl_coverage and returns it by domain.
 * Reuses the previous result of this process while the room is unchanged (`fresh` forces).
 */
export async function computeIrlCoverage({ db, dealId, store = true, fresh = false }: { db: Queryable; dealId: string; store?: boolean; fresh?: boolean }): Promise<IrlCoverageReport> {
  await ensureIrlImported({ db, dealId });
  const fingerprint = await coverageFingerprint(db, dealId);
  const cached = memo.get(dealId);
  if (!fresh && cached && cached.fingerprint === fingerprint) return structuredClone(cached.report);
  const report = await computeFresh({ db, dealId, store });
  memo.set(dealId, { fingerprint, report: structuredClone(report) });
  return report;
}

async function computeFresh({ db, dealId, store }: { db: Queryable; dealId: string; store: boolean }): Promise<IrlCoverageReport> {
  const items = await listIrlItems({ db, dealId });
  const ctx = await loadContext(db, dealId, items);
  const judged: IrlItemCoverage[] = [];
  for (const item of items) {
    const v = item.status === "not_applicable" ? { coverage: "covered" as Coverage, evidence: [], reason: "not applicable" } : await judgeItem(ctx, item);
    judged.push({ id: item.id, dealId: item.dealId, domain: item.domain, item: item.item, priority: item.priority, status: item.status, notes: item.notes, keywords: item.keywords, coverage: v.coverage, evidence: v.evidence });
    if (store) {
      await db.query(
        `insert into irl_coverage (irl_item_id, deal_id, coverage, finding_ids, evidence, computed_at)
         values ($1, $2, $3, $4, $5::jsonb, now())
         on conflict (irl_item_id) do update set coverage = excluded.coverage, finding_ids = excluded.finding_ids,
           evidence = excluded.evidence, computed_at = excluded.computed_at`,
        [item.id, dealId, v.coverage, v.evidence.map((e) => e.findingId).filter((x): x is string => !!x), JSON.stringify(v.evidence)],
      );
    }
  }
  return buildReport(judged);
}

export function buildReport(items: IrlItemCoverage[]): IrlCoverageReport {
  const domains: IrlCoverageReport["domains"] = [];
  for (const it of items) {
    let d = domains.find((x) => x.domain === it.domain);
    if (!d) {
      d = { domain: it.domain, covered: 0, partial: 0, total: 0, items: [] };
      domains.push(d);
    }
    d.items.push(it);
    d.total++;
    if (it.coverage === "covered") d.covered++;
    if (it.coverage === "partial") d.partial++;
  }
  const totals = { covered: 0, partial: 0, gap: 0, total: items.length };
  for (const it of items) totals[it.coverage]++;
  return { domains, totals };
}

/** The last stored coverage (no recomputation); items never computed count as gaps. */
export async function getStoredIrlCoverage({ db, dealId }: { db: Queryable; dealId: string }): Promise<IrlCoverageReport & { computedAt: string | null }> {
  const items = await listIrlItems({ db, dealId });
  const { rows } = await db.query<{ irl_item_id: string; coverage: Coverage; evidence: IrlEvidence[]; computed_at: Date }>(
    "select irl_item_id, coverage, evidence, computed_at from irl_coverage where deal_id = $1",
    [dealId],
  );
  const byId = new Map(rows.map((r) => [r.irl_item_id, r]));
  const judged = items.map((item) => {
    const r = byId.get(item.id);
    return { id: item.id, dealId: item.dealId, domain: item.domain, item: item.item, priority: item.priority, status: item.status, notes: item.notes, keywords: item.keywords, coverage: r?.coverage ?? ("gap" as Coverage), evidence: r?.evidence ?? [] };
  });
  const latest = rows.reduce<Date | null>((m, r) => (!m || r.computed_at > m ? r.computed_at : m), null);
  return { ...buildReport(judged), computedAt: latest ? new Date(latest).toISOString() : null };
}

/** One-paragraph-per-domain text for CLI and the agent's find_gaps tool. */
export function formatCoverage(report: IrlCoverageReport): string {
  const mark: Record<Coverage, string> = { covered: "✅", partial: "◐", gap: "❌" };
  const lines: string[] = [];
  for (const d of report.domains) {
    lines.push(`**${d.domain} (${d.covered}/${d.total} covered${d.partial ? `, ${d.partial} partial` : ""})**`);
    for (const it of d.items) {
      const src = it.evidence[0] ? ` (source: ${it.evidence[0].document}, ${it.evidence[0].cell ?? `p.${it.evidence[0].page}`})` : "";
      lines.push(`- ${mark[it.coverage]} ${it.item} [${it.priority}]${it.coverage === "gap" ? "" : src}`);
    }
    lines.push("");
  }
  lines.push(`Total: ${report.totals.covered} covered, ${report.totals.partial} partial, ${report.totals.gap} gaps of ${report.totals.total}.`);
  return lines.join("\n");
}
