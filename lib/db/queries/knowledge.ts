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
