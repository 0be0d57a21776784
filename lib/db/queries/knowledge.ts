/** The deal's timeline events and entities as the knowledge page lists them. */
import type { Queryable } from "../types";

export interface TimelineEventRow { id: string; event_type: string; event_date: string | Date; date_precision: string; description: string | null; source_page: number; source_excerpt: string; document_id: string; filename: string }
export interface EntitySummaryRow { id: string; entity_type: string; name: string; mentions: number; document_id: string | null; filename: string | null; page: number | null; excerpt: string | null; roles: string[] | null }

/** Timeline events in date order, each with its document's filename. */
export async function listTimelineEvents({ db, dealId, limit = 500 }: { db: Queryable; dealId: string; limit?: number }): Promise<TimelineEventRow[]> {
  const { rows } = await db.query<TimelineEventRow>(
    `select e.*, d.filename from timeline_events e join documents d on d.id = e.document_id where e.deal_id = $1 order by e.event_date, e.id limit $2`,
    [dealId, limit],
  );
  return rows;
}

/** Entities by type and name, each with its mention count, its first mention (by page) and its roles. */
export async function listEntitySummaries({ db, dealId, limit = 500 }: { db: Queryable; dealId: string; limit?: number }): Promise<EntitySummaryRow[]> {
  const { rows } = await db.query<EntitySummaryRow>(
    `select en.id, en.entity_type, en.name, count(m.id)::int as mentions,
        (array_agg(m.document_id order by m.page))[1] as document_id,
        (array_agg(d.filename order by m.page))[1] as filename,
        (array_agg(m.page order by m.page))[1] as page,
        (array_agg(m.excerpt order by m.page))[1] as excerpt,
        array_remove(array_agg(distinct m.role), null) as roles
     from entities en left join entity_mentions m on m.entity_id = en.id left join documents d on d.id = m.document_id
     where en.deal_id = $1 group by en.id order by en.entity_type, en.name limit $2`,
    [dealId, limit],
  );
  return rows;
}

/** A document's active findings counted by domain. */
export async function countFindingsByDomain({ db, documentId }: { db: Queryable; documentId: string }): Promise<{ domain: string; n: number }[]> {
  const { rows } = await db.query<{ domain: string; n: number }>(
    "select domain, count(*)::int as n from findings where document_id = $1 and status = 'active' group by domain order by domain",
    [documentId],
  );
  return rows;
}

/** A finding the analyst confirmed in the chat, as the agent records it (confidence 0.9, active). */
export interface ManualFindingInput {
  dealId: string;
  documentId: string;
  domain: string;
  metric: string;
  metricKey: string;
  valueText: string;
  valueNum: number | null;
  unit: string;
  currency: string | null;
  period: string | null;
  isForecast: boolean;
  page: number;
  cell: string | null;
  excerpt: string;
}

/** Inserts the finding under `id`; false when one for the same metric, period and page already exists. */
export async function insertManualFinding({ db, id, finding: f }: { db: Queryable; id: string; finding: ManualFindingInput }): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    `insert into findings (id, deal_id, document_id, domain, metric, metric_key, value_text, value_num, unit, currency, period, is_forecast, source_page, source_cell, source_excerpt, confidence, status)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 0.9, 'active')
     on conflict (deal_id, document_id, metric_key, period, source_page) do nothing returning id`,
    [id, f.dealId, f.documentId, f.domain, f.metric, f.metricKey, f.valueText, f.valueNum, f.unit, f.currency, f.period, f.isForecast, f.page, f.cell, f.excerpt],
  );
  return rows.length > 0;
}

/** Detected SUPERSEDES relations between two documents of the deal (newer `from_id`, older `to_id`). */
export async function listDocumentSupersessions({ db, dealId }: { db: Queryable; dealId: string }): Promise<{ from_id: string; to_id: string }[]> {
  const { rows } = await db.query<{ from_id: string; to_id: string }>(
    "select from_id, to_id from relations where deal_id = $1 and relation_type = 'SUPERSEDES' and from_kind = 'document' and to_kind = 'document'",
    [dealId],
  );
  return rows;
}
