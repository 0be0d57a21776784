/**
 * The two tools of the loop, over the database, scoped to one deal and the requesting user:
 * - search_docs: hybrid page retrieval (searchPages: BM25 + vectors + query understanding)
 *   plus the deal's findings, top-k with document, page, snippet, chunk id, document date and
 *   kind, and the query words actually found on the page (a loose semantic match says so).
 * - compute_metric: the chat agent's metric engine (lib/agent/tools/compute-metric.ts) over the
 *   deal's statement lines; the pages of its inputs come back so the loop opens them as citations.
 * - open_citation: the full text of one page or chunk — only of an indexed document of THIS
 *   deal that the user may read (with Supabase Auth: a deal member). Anything else is refused
 *   exactly like an id that does not exist (existence is not revealed).
 */
import type { Queryable } from "@/lib/db";
import type { MetricAnswer } from "@/lib/agent/knowledge/metric-answer";
import { SourceRegistry } from "@/lib/agent/sources";
import { runComputeMetric } from "@/lib/agent/tools/compute-metric";
import type { ToolError } from "@/lib/agent/context";
import { locateExcerpt } from "@/lib/extraction/citation";
import { understandQuery } from "@/lib/search/query-understanding";
import { searchPages } from "@/lib/search/search";
import { tokenize } from "@/lib/search/tokenize";
import type { EmbeddingSpace } from "@/lib/models/embeddings";
import type { SearchResultItem } from "./types";

export interface AgentAccess {
  dealId: string;
  dealSlug: string;
  /** The deal's target company (compute_metric answers for it when a question names none). */
  targetCompany?: string | null;
  /** users.id with Supabase Auth; null in local single-user mode. */
  userId: string | null;
  mode: "local" | "supabase";
}

export interface OpenedSource {
  documentId: string;
  document: string;
  page: number;
  pageEnd: number;
  chunkId: string | null;
  kind: "page" | "chunk";
  text: string;
  documentDate: string | null;
  documentKind: string | null;
  versionGroup: string | null;
  role: "evidence" | "request";
}

export type OpenTarget = { documentId: string; page: number } | { chunkId: string };

export interface AgentModeTools {
  /** Results without refs (the loop numbers them). */
  searchDocs(args: { query: string; k: number; snippetChars: number }): Promise<Array<Omit<SearchResultItem, "ref">>>;
  /** null: no such page/chunk in this deal for this user. */
  openCitation(target: OpenTarget): Promise<OpenedSource | null>;
  /** The metric engine's answer and the pages its inputs cite (absent: compute_metric is not offered). */
  computeMetric?(input: { question: string; document?: string }): Promise<MetricToolResult>;
}

export interface MetricToolResult {
  out: MetricAnswer | ToolError;
  /** The statement pages the inputs are read from, with their citation as the engine writes it. */
  pages: Array<{ documentId: string; document: string; page: number; citation: string; excerpt: string }>;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function roleOf(kind: string | null, filename: string): "evidence" | "request" {
  return /information request|request list|\birl\b/i.test(kind ?? "") || /(?:^|[_\s-])IRL(?:[_\s.-]|$)/i.test(filename) ? "request" : "evidence";
}

function trimSnippet(s: string, max: number): string {
  const t = s.replace(/\s+/g, " ").trim();
  if (t.length <= max) return t;
  const cut = t.lastIndexOf(" ", max - 2);
  return `${t.slice(0, cut > max / 2 ? cut : max - 2)} …`;
}

/** The access predicate: local mode sees the deal; with auth the user must be a member. */
const ACCESS_SQL = (col: string, userParam: string) => `(${userParam}::uuid is null or exists (select 1 from deal_members m where m.deal_id = ${col} and m.user_id = ${userParam}::uuid))`;

export function createAgentModeTools({ db, access, space }: { db: Queryable; access: AgentAccess; space?: EmbeddingSpace }): AgentModeTools {
  const denied = access.mode === "supabase" && !access.userId;
  const userParam = access.mode === "supabase" ? access.userId : null;

  async function docMeta(ids: string[]) {
    if (ids.length === 0) return new Map<string, { kind: string | null; date: string | null; version_group: string | null; filename: string }>();
    const { rows } = await db.query<{ id: string; kind: string | null; date: string | null; version_group: string | null; filename: string }>(
      `select id, kind, to_char(document_date, 'YYYY-MM-DD') as date, version_group, filename from documents where deal_id = $1 and id = any($2::uuid[]) and status = 'indexed'`,
      [access.dealId, ids],
    );
    return new Map(rows.map((r) => [r.id, r]));
  }

  return {
    async searchDocs({ query, k, snippetChars }) {
      if (denied) return [];
      const hits = await searchPages({ db, space, dealId: access.dealId, query, k });
      const q = understandQuery(query);
      const typed = new Set(q.terms.filter((t) => t.weight >= 1).map((t) => t.term));
      const allTerms = q.terms.map((t) => t.term);
      const meta = await docMeta([...new Set(hits.map((h) => h.documentId))]);
      const pairs = hits.map((h) => [h.documentId, h.page] as const);
      const pages = new Map<string, string>();
      const chunks = new Map<string, Array<{ id: string; text: string }>>();
      if (pairs.length) {
        const [{ rows: pr }, { rows: cr }] = await Promise.all([
          db.query<{ document_id: string; page_number: number; text: string }>(
            `select document_id, page_number, text from document_pages where deal_id = $1 and (document_id, page_number) in (select * from unnest($2::uuid[], $3::int[]))`,
            [access.dealId, pairs.map((p) => p[0]), pairs.map((p) => p[1])],
          ),
          db.query<{ id: string; document_id: string; page_start: number; page_end: number; text: string }>(
            `select c.id, c.document_id, c.page_start, c.page_end, c.text from chunks c
             join unnest($2::uuid[], $3::int[]) as w(doc, pg) on c.document_id = w.doc and c.page_start <= w.pg and c.page_end >= w.pg
             where c.deal_id = $1 order by c.chunk_index`,
            [access.dealId, pairs.map((p) => p[0]), pairs.map((p) => p[1])],
          ),
        ]);
        for (const r of pr) pages.set(`${r.document_id}:${r.page_number}`, r.text);
        for (const r of cr) {
          for (let p = Number(r.page_start); p <= Number(r.page_end); p++) {
            const key = `${r.document_id}:${p}`;
            const list = chunks.get(key) ?? [];
            list.push({ id: r.id, text: r.text });
            chunks.set(key, list);
          }
        }
      }
      const out: Array<Omit<SearchResultItem, "ref">> = [];
      for (const h of hits) {
        const m = meta.get(h.documentId);
        if (!m) continue;
        const key = `${h.documentId}:${h.page}`;
        const text = pages.get(key) ?? "";
        const pageTerms = new Set(tokenize(text));
        const matched = allTerms.filter((t) => pageTerms.has(t));
        const snippetCore = h.excerpt.replace(/^…\s*|\s*…$/g, "");
        const cands = chunks.get(key) ?? [];
        const chunk = cands.find((c) => locateExcerpt(c.text, snippetCore.slice(0, 80))) ?? cands.map((c) => ({ c, n: new Set(tokenize(c.text)) })).sort((a, b) => allTerms.filter((t) => b.n.has(t)).length - allTerms.filter((t) => a.n.has(t)).length)[0]?.c;
        out.push({
          type: "page",
          documentId: h.documentId,
          document: h.document,
          page: h.page,
          chunkId: chunk?.id ?? null,
          snippet: trimSnippet(h.excerpt, snippetChars),
          documentDate: m.date,
          documentKind: m.kind,
          versionGroup: m.version_group,
          role: roleOf(m.kind, m.filename),
          matchedTerms: [...matched.filter((t) => typed.has(t)), ...matched.filter((t) => !typed.has(t))].slice(0, 8),
        });
      }
      // Findings (extracted, validated facts) whose metric matches the query words.
      const wordsForFindings = [...typed].filter((w) => w.length >= 4 && !/^\d+$/.test(w)).slice(0, 8);
      if (wordsForFindings.length) {
        const { rows } = await db.query<{ id: string; document_id: string; metric: string; period: string | null; value_text: string; source_page: number; source_excerpt: string; filename: string; kind: string | null; date: string | null; version_group: string | null }>(
          `select f.id, f.document_id, f.metric, f.period, f.value_text, f.source_page, f.source_excerpt, d.filename, d.kind, to_char(d.document_date, 'YYYY-MM-DD') as date, d.version_group
           from findings f join documents d on d.id = f.document_id
           where f.deal_id = $1 and f.status = 'active' and not f.superseded and d.status = 'indexed'
             and (lower(f.metric) like any($2::text[]) or f.metric_key like any($2::text[]))
           order by d.document_date desc nulls last, f.id limit 6`,
          [access.dealId, wordsForFindings.map((w) => `%${w.replace(/[%_\\]/g, (c) => `\\${c}`)}%`)],
        );
        const seen = new Set(out.map((o) => `${o.documentId}:${o.page}`));
        for (const f of rows) {
          if (out.filter((o) => o.type === "finding").length >= 3) break;
          if (seen.has(`${f.document_id}:${f.source_page}`)) continue;
          seen.add(`${f.document_id}:${f.source_page}`);
          out.push({
            type: "finding",
            findingId: f.id,
            documentId: f.document_id,
            document: f.filename,
            page: Number(f.source_page),
            chunkId: null,
            snippet: trimSnippet(`${f.metric}${f.period ? ` (${f.period})` : ""}: ${f.value_text} — “${f.source_excerpt}”`, snippetChars),
            documentDate: f.date,
            documentKind: f.kind,
            versionGroup: f.version_group,
            role: roleOf(f.kind, f.filename),
            matchedTerms: wordsForFindings.filter((w) => f.metric.toLowerCase().includes(w)),
          });
        }
      }
      return out;
    },

    async computeMetric(input) {
      if (denied) return { out: { error: "compute_metric is not available." }, pages: [] };
      const sources = new SourceRegistry(access.dealSlug);
      const out = await runComputeMetric({ db, dealId: access.dealId, sources, targetCompany: access.targetCompany ?? null }, input);
      return { out, pages: sources.list().map((s) => ({ documentId: s.documentId, document: s.document, page: s.page, citation: s.citation, excerpt: s.excerpt })) };
    },

    async openCitation(target) {
      if (denied) return null;
      if ("chunkId" in target) {
        if (!UUID.test(target.chunkId)) return null;
        const { rows } = await db.query<{ id: string; document_id: string; page_start: number; page_end: number; text: string; filename: string; kind: string | null; date: string | null; version_group: string | null }>(
          `select c.id, c.document_id, c.page_start, c.page_end, c.text, d.filename, d.kind, to_char(d.document_date, 'YYYY-MM-DD') as date, d.version_group
           from chunks c join documents d on d.id = c.document_id
           where c.id = $1::uuid and c.deal_id = $2 and d.deal_id = $2 and d.status = 'indexed' and ${ACCESS_SQL("c.deal_id", "$3")}`,
          [target.chunkId, access.dealId, userParam],
        );
        const r = rows[0];
        if (!r) return null;
        return { documentId: r.document_id, document: r.filename, page: Number(r.page_start), pageEnd: Number(r.page_end), chunkId: r.id, kind: "chunk", text: r.text, documentDate: r.date, documentKind: r.kind, versionGroup: r.version_group, role: roleOf(r.kind, r.filename) };
      }
      if (!UUID.test(target.documentId) || !Number.isInteger(target.page) || target.page < 1) return null;
      const { rows } = await db.query<{ text: string; filename: string; kind: string | null; date: string | null; version_group: string | null; chunk_id: string | null }>(
        `select p.text, d.filename, d.kind, to_char(d.document_date, 'YYYY-MM-DD') as date, d.version_group,
           (select c.id from chunks c where c.document_id = p.document_id and c.page_start <= p.page_number and c.page_end >= p.page_number order by c.chunk_index limit 1) as chunk_id
         from document_pages p join documents d on d.id = p.document_id
         where p.deal_id = $1 and d.deal_id = $1 and p.document_id = $2::uuid and p.page_number = $3 and d.status = 'indexed' and ${ACCESS_SQL("p.deal_id", "$4")}`,
        [access.dealId, target.documentId, target.page, userParam],
      );
      const r = rows[0];
      if (!r) return null;
      return { documentId: target.documentId, document: r.filename, page: target.page, pageEnd: target.page, chunkId: r.chunk_id, kind: "page", text: r.text, documentDate: r.date, documentKind: r.kind, versionGroup: r.version_group, role: roleOf(r.kind, r.filename) };
    },
  };
}

/**
 * What the model sees of an opened text: all of it when short, otherwise a window of
 * `maxChars` around the passage that matched (the search snippet or the focus words), cut at
 * line or word boundaries and marked "[…]". Validation still reads the full text.
 */
export function contextWindow(text: string, maxChars: number, focus: { snippet?: string; terms?: string[] } = {}): { text: string; truncated: boolean } {
  if (text.length <= maxChars) return { text, truncated: false };
  let center = -1;
  const core = focus.snippet?.replace(/^…\s*|\s*…$/g, "").trim();
  if (core) {
    const hit = locateExcerpt(text, core.slice(0, 100)) ?? locateExcerpt(text, core.slice(0, 40));
    if (hit) center = hit.start + Math.min(200, Math.floor((hit.end - hit.start) / 2));
  }
  if (center < 0 && focus.terms?.length) {
    const lower = text.toLowerCase();
    let best = -1;
    let bestScore = 0;
    for (let i = 0; i < text.length; i += 200) {
      const w = lower.slice(i, i + maxChars);
      const s = focus.terms.filter((t) => w.includes(t)).length;
      if (s > bestScore) {
        bestScore = s;
        best = i + Math.floor(maxChars / 2);
      }
    }
    center = best;
  }
  if (center < 0) center = Math.floor(maxChars / 2);
  const budget = maxChars - 12;
  let a = Math.max(0, center - Math.floor(budget / 3));
  let b = Math.min(text.length, a + budget);
  a = Math.max(0, b - budget);
  const nlA = text.indexOf("\n", a);
  if (a > 0 && nlA >= 0 && nlA - a < 120) a = nlA + 1;
  else if (a > 0) a = text.indexOf(" ", a) + 1 || a;
  const nlB = text.lastIndexOf("\n", b);
  if (b < text.length && nlB > a && b - nlB < 120) b = nlB;
  else if (b < text.length) b = text.lastIndexOf(" ", b) > a ? text.lastIndexOf(" ", b) : b;
  return { text: `${a > 0 ? "[…] " : ""}${text.slice(a, b).trim()}${b < text.length ? " […]" : ""}`, truncated: true };
}
