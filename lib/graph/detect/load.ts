/** Loads one deal's detection inputs from the database (deal-scoped, SQL that runs on PGlite and PostgreSQL). */
import type { Queryable } from "@/lib/db";
import { MANAGED_SOURCES } from "@/lib/graph/types";
import type { DocInfo } from "./documents";
import type { PlanInput } from "./plan";

/** Characters of each of the first pages read for correction phrases. */
export const HEAD_PAGES = 2;
export const HEAD_CHARS_PER_PAGE = 4000;

export async function loadPlanInput({ db, dealId }: { db: Queryable; dealId: string }): Promise<PlanInput & { dealFound: boolean }> {
  const deal = (await db.query<{ target_company: string | null }>("select target_company from deals where id = $1", [dealId])).rows[0];
  const documents = await loadDocuments(db, dealId);
  const findings = await loadFindings(db, dealId);
  const events = await db.query<{ id: string; document_id: string }>("select id, document_id from timeline_events where deal_id = $1 order by id", [dealId]);
  const mentions = await db.query<{ entity_id: string; document_id: string }>(
    "select distinct entity_id, document_id from entity_mentions where deal_id = $1 order by entity_id, document_id",
    [dealId],
  );
  const manual = await db.query<{ from_id: string; to_id: string }>(
    `select from_id, to_id from relations
     where deal_id = $1 and relation_type = 'SUPERSEDES' and from_kind = 'document' and to_kind = 'document'
       and not (created_by = any($2::text[]))`,
    [dealId, [...MANAGED_SOURCES]],
  );
  return {
    dealFound: Boolean(deal),
    targetCompany: deal?.target_company ?? null,
    documents,
    findings,
    timelineEvents: events.rows.map((e) => ({ id: e.id, documentId: e.document_id })),
    entityMentions: mentions.rows.map((m) => ({ entityId: m.entity_id, documentId: m.document_id })),
    manualDocEdges: manual.rows.map((m) => ({ fromId: m.from_id, toId: m.to_id })),
  };
}

/** The deal's documents (not the failed ones), in upload order, each with the text of its first pages. */
async function loadDocuments(db: Queryable, dealId: string): Promise<DocInfo[]> {
  const docs = await db.query<{
    id: string; filename: string; kind: string | null; company: string | null; fiscal_year: number | null; fiscal_period: string | null;
    document_date: string | null; version_group: string | null; created_at: string;
    company_key: string | null; company_name: string | null; ticker: string | null; sec_file_number: string | null;
  }>(
    `select id, filename, kind, company, company_key, company_name, ticker, sec_file_number, fiscal_year, fiscal_period, document_date::text as document_date, version_group,
            created_at::text as created_at
     from documents where deal_id = $1 and status <> 'failed' order by created_at, filename`,
    [dealId],
  );
  const heads = await db.query<{ document_id: string; head: string }>(
    `select document_id, string_agg(left(text, ${HEAD_CHARS_PER_PAGE}), E'\\n' order by page_number) as head
     from document_pages where deal_id = $1 and page_number <= ${HEAD_PAGES} group by document_id`,
    [dealId],
  );
  const headBy = new Map(heads.rows.map((h) => [h.document_id, h.head]));
  return docs.rows.map((d) => ({
    id: d.id,
    filename: d.filename,
    kind: d.kind,
    company: d.company,
    companyKey: d.company_key,
    companyName: d.company_name,
    ticker: d.ticker,
    secFileNumber: d.sec_file_number,
    fiscalYear: d.fiscal_year,
    fiscalPeriod: d.fiscal_period,
    documentDate: d.document_date,
    versionGroup: d.version_group,
    createdAt: d.created_at,
    headText: headBy.get(d.id),
  }));
}

/** The deal's active findings, in id order. */
async function loadFindings(db: Queryable, dealId: string): Promise<PlanInput["findings"]> {
  const findings = await db.query<{
    id: string; document_id: string; metric_key: string; period: string | null; value_num: number | null; value_text: string;
    unit: string | null; currency: string | null; is_forecast: boolean; source_page: number; confidence: number | null;
    metric: string; source_excerpt: string; period_end: string | null; period_type: string | null; period_months: number | null;
    scope: string | null; scope_name: string | null;
  }>(
    `select id, document_id, metric_key, period, value_num, value_text, unit, currency, is_forecast, source_page, confidence, metric, source_excerpt,
            to_char(period_end, 'YYYY-MM-DD') as period_end, period_type, period_months, scope, scope_name
     from findings where deal_id = $1 and status = 'active' order by id`,
    [dealId],
  );
  return findings.rows.map((f) => ({
    id: f.id,
    documentId: f.document_id,
    metricKey: f.metric_key,
    period: f.period,
    valueNum: f.value_num == null ? null : Number(f.value_num),
    valueText: f.value_text,
    unit: f.unit,
    currency: f.currency,
    isForecast: f.is_forecast,
    sourcePage: f.source_page,
    confidence: f.confidence == null ? null : Number(f.confidence),
    metric: f.metric,
    excerpt: f.source_excerpt,
    periodEnd: f.period_end,
    periodType: f.period_type,
    periodMonths: f.period_months == null ? null : Number(f.period_months),
    scope: f.scope,
    scopeName: f.scope_name,
  }));
}
