/**
 * Finding retrieval for the agent: by vector (SQL function match_findings over the model's
 * partial HNSW index), by keyword (metric key / metric words / period), by id. Rows come back
 * joined with their document (filename, date, kind, company) so every finding carries its source.
 */
import type { Queryable } from "@/lib/db";
import { embedTexts, toVectorLiteral, type EmbeddingSpace } from "@/lib/models/embeddings";
import { findingEmbeddingText } from "@/lib/extraction/store";

export interface FindingRow {
  id: string;
  document_id: string;
  domain: string;
  metric: string;
  metric_key: string;
  value_text: string;
  value_num: number | null;
  unit: string | null;
  currency: string | null;
  period: string | null;
  is_forecast: boolean;
  date_referenced: string | null;
  source_page: number;
  source_cell: string | null;
  source_excerpt: string;
  confidence: number; // internal only
  status: string;
  superseded: boolean;
  filename: string;
  document_date: string | null;
  document_kind: string | null;
  document_title: string | null;
  /** The company the document is about (file name or first pages), when known. */
  document_company: string | null;
  /** The company's normalised key read from the document itself (cover page), when known. */
  document_company_key?: string | null;
  version_group: string | null;
  created_at: string;
  /** What the figure covers and its period's type (lib/extraction: consolidated, segment, geography …; year, quarter, ytd, instant). */
  period_end?: string | null;
  period_type?: string | null;
  period_months?: number | null;
  scope?: string | null;
  scope_name?: string | null;
}

const COLUMNS = `f.id, f.document_id, f.domain, f.metric, f.metric_key, f.value_text, f.value_num, f.unit, f.currency, f.period,
  f.is_forecast, to_char(f.date_referenced, 'YYYY-MM-DD') as date_referenced, f.source_page, f.source_cell, f.source_excerpt,
  f.confidence, f.status, f.superseded, d.filename, to_char(d.document_date, 'YYYY-MM-DD') as document_date, d.kind as document_kind,
  d.title as document_title, d.company as document_company, d.company_key as document_company_key, d.version_group, f.created_at::text as created_at,
  to_char(f.period_end, 'YYYY-MM-DD') as period_end, f.period_type, f.period_months, f.scope, f.scope_name`;

function normalise(r: FindingRow): FindingRow {
  return { ...r, value_num: r.value_num === null ? null : Number(r.value_num), confidence: Number(r.confidence), source_page: Number(r.source_page) };
}

export interface FindingFilters {
  documentIds?: string[];
  domains?: string[];
  statuses?: string[]; // default: active
  minConfidence?: number;
  maxConfidence?: number;
  includeSuperseded?: boolean; // default true: supersession is resolved by the caller, and said
}

export async function findingsByIds(db: Queryable, dealId: string, ids: string[]): Promise<FindingRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<FindingRow>(
    `select ${COLUMNS} from findings f join documents d on d.id = f.document_id where f.deal_id = $1 and f.id = any($2::uuid[])`,
    [dealId, ids],
  );
  return rows.map(normalise);
}

/**
 * Findings whose key is one of `keys`, or whose metric text contains one of `words`; optional period labels.
 * Rows of part tables (segments, regions, operating statistics; keys `part:…`) are never among them,
 * nor among the findings by likeness (vectorFindings): a part's figure is read by part-figures.ts only.
 */
export async function keywordFindings(db: Queryable, dealId: string, o: { keys: string[]; words: string[]; periods?: string[]; limit?: number } & FindingFilters): Promise<FindingRow[]> {
  if (o.keys.length === 0 && o.words.length === 0) return [];
  const patterns = o.words.map((w) => `%${w.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`);
  const { rows } = await db.query<FindingRow>(
    `select ${COLUMNS} from findings f join documents d on d.id = f.document_id
     where f.deal_id = $1
       and (f.metric_key = any($2::text[]) or lower(f.metric) like any($3::text[]))
       and f.metric_key not like 'part:%'
       and ($4::text[] is null or f.period = any($4::text[]))
       and ($5::uuid[] is null or f.document_id = any($5::uuid[]))
       and ($6::text[] is null or f.domain = any($6::text[]))
       and f.status = any($7::text[])
       and ($8::real is null or f.confidence >= $8::real)
       and ($9::real is null or f.confidence <= $9::real)
       and ($10::boolean or not f.superseded)
     order by f.period, d.document_date desc nulls last, f.id
     limit $11`,
    [dealId, o.keys, patterns, o.periods ?? null, o.documentIds ?? null, o.domains ?? null, o.statuses ?? ["active"],
      o.minConfidence ?? null, o.maxConfidence ?? null, o.includeSuperseded ?? true, o.limit ?? 200],
  );
  return rows.map(normalise);
}

/** Nearest findings to the question (internal similarity = 1 − cosine distance). */
export async function vectorFindings(db: Queryable, dealId: string, space: EmbeddingSpace, text: string, o: { k?: number } & FindingFilters = {}): Promise<Array<{ row: FindingRow; similarity: number }>> {
  const [vec] = await embedTexts(space, [text]);
  if (!vec || vec.every((x) => x === 0)) return [];
  // part findings are not embedded by the pipeline, but deals extracted before that still hold their vectors:
  // left out here, over-fetched so they do not crowd the others out
  const k = o.k ?? 40;
  const { rows: hits } = await db.query<{ finding_id: string; distance: number }>(
    `select finding_id, distance from match_findings($1::uuid, $2::halfvec, $3::text, $4::int, $5::uuid[], $6::text[], $7::text[], $8::real, $9::real, $10::boolean)`,
    [dealId, toVectorLiteral(vec), space.id, k * 3, o.documentIds ?? null, o.domains ?? null, o.statuses ?? ["active"],
      o.minConfidence ?? null, o.maxConfidence ?? null, o.includeSuperseded ?? true],
  );
  const rows = (await findingsByIds(db, dealId, hits.map((h) => h.finding_id))).filter((r) => !r.metric_key.startsWith("part:"));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return hits.flatMap((h) => {
    const row = byId.get(h.finding_id);
    return row ? [{ row, similarity: 1 - Number(h.distance) }] : [];
  }).slice(0, k);
}

/**
 * Embeds the deal's findings that have no vector in `space` yet (promotion may not embed them).
 * Bounded per call; returns how many were embedded.
 */
export async function embedMissingFindings(db: Queryable, dealId: string, space: EmbeddingSpace, limit = 500): Promise<number> {
  const { rows } = await db.query<{ id: string; metric: string; period: string | null; value_text: string; source_excerpt: string }>(
    `select id, metric, period, value_text, source_excerpt from findings
     where deal_id = $1 and (embedding is null or embedding_model is distinct from $2) and metric_key not like 'part:%' order by id limit $3`,
    [dealId, space.id, limit],
  );
  if (rows.length === 0) return 0;
  const vecs = await embedTexts(space, rows.map(findingEmbeddingText));
  for (const [i, r] of rows.entries()) {
    await db.query("update findings set embedding = $2::halfvec, embedding_model = $3 where id = $1", [r.id, toVectorLiteral(vecs[i]!), space.id]);
  }
  return rows.length;
}

/** Distinct periods the deal's findings cover (for "Q3" → the latest Q3), optionally of some documents only. */
export async function availablePeriods(db: Queryable, dealId: string, keys?: string[], documentIds?: string[]): Promise<string[]> {
  const { rows } = await db.query<{ period: string }>(
    `select distinct period from findings where deal_id = $1 and period is not null and status = 'active'
       and ($2::text[] is null or metric_key = any($2::text[]))
       and ($3::uuid[] is null or document_id = any($3::uuid[]))`,
    [dealId, keys && keys.length ? keys : null, documentIds ?? null],
  );
  return rows.map((r) => r.period);
}
