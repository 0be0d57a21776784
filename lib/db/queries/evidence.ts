/** Reads for the agent's evidence tools: table rows (statement lines and part-table rows), entity mentions with roles, events. */
import type { Queryable } from "../types";

export interface TableFindingRow {
  candidate_key: string;
  status: string;
  payload: unknown;
  page: number;
  document_id: string;
  filename: string;
  fiscal_year: number | null;
  document_date: string | null;
}

/**
 * Validated findings read from tables (statement lines and part-table rows: candidate keys with one
 * of `prefixes`), in the given documents. Statement lines still in review come too (flagged by
 * status), since a statement that failed an identity check is still what the filing prints.
 */
export async function listTableFindings({ db, dealId, documentIds, prefixes }: { db: Queryable; dealId: string; documentIds: string[]; prefixes: string[] }): Promise<TableFindingRow[]> {
  const { rows } = await db.query<TableFindingRow>(
    `select s.candidate_key, s.status, s.payload, (s.evidence->>'page')::int as page, d.id as document_id, d.filename, d.fiscal_year,
            to_char(d.document_date, 'YYYY-MM-DD') as document_date
       from staging_extractions s join documents d on d.id = s.document_id
      where s.deal_id = $1 and s.candidate_type = 'finding' and s.status in ('promoted', 'duplicate', 'review')
        and s.document_id = any($2::uuid[]) and split_part(s.candidate_key, ':', 1) || ':' = any($3::text[])`,
    [dealId, documentIds, prefixes],
  );
  return rows.map((r) => ({ ...r, payload: typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload }));
}

/** The distinct labels of the deal's segment and geography rows ("Greater China", "Domestic"): the parts its tables name. */
export async function listPartNames({ db, dealId, documentIds }: { db: Queryable; dealId: string; documentIds: string[] }): Promise<string[]> {
  const { rows } = await db.query<{ label: string }>(
    `select distinct s.payload->'part'->>'label' as label
       from staging_extractions s
      where s.deal_id = $1 and s.candidate_type = 'finding' and s.status in ('promoted', 'duplicate', 'review')
        and s.document_id = any($2::uuid[]) and s.candidate_key like 'part:%' and s.payload->>'scope' in ('segment', 'geography')`,
    [dealId, documentIds],
  );
  return rows.map((r) => r.label).filter(Boolean);
}

export interface EntityMentionRow {
  entity_type: string;
  name: string;
  role: string | null;
  page: number;
  excerpt: string;
  document_id: string;
  filename: string;
  fiscal_year: number | null;
  document_date: string | null;
}

/** Entity mentions that carry a role (officers, auditor, registrant facts, customers), in the given documents. */
export async function listRoleMentions({ db, dealId, documentIds }: { db: Queryable; dealId: string; documentIds: string[] }): Promise<EntityMentionRow[]> {
  const { rows } = await db.query<EntityMentionRow>(
    `select e.entity_type, e.name, m.role, m.page, m.excerpt, d.id as document_id, d.filename, d.fiscal_year, to_char(d.document_date, 'YYYY-MM-DD') as document_date
       from entity_mentions m join entities e on e.id = m.entity_id join documents d on d.id = m.document_id
      where m.deal_id = $1 and m.document_id = any($2::uuid[]) and m.role is not null and m.role <> 'mentioned'
      order by d.fiscal_year desc nulls last, d.document_date desc nulls last, m.page`,
    [dealId, documentIds],
  );
  return rows;
}

/**
 * Mentions of organisations (any role, "mentioned" included) whose excerpt matches `pattern` (a
 * PostgreSQL regular expression, case-insensitive), newest filing first: what extraction holds about
 * a fact no role was read for ("Ernst & Young LLP" in a sentence on the audit).
 */
export async function listOrganisationMentionsCiting({ db, dealId, documentIds, pattern, limit }: { db: Queryable; dealId: string; documentIds: string[]; pattern: string; limit: number }): Promise<EntityMentionRow[]> {
  const { rows } = await db.query<EntityMentionRow>(
    `select e.entity_type, e.name, m.role, m.page, m.excerpt, d.id as document_id, d.filename, d.fiscal_year, to_char(d.document_date, 'YYYY-MM-DD') as document_date
       from entity_mentions m join entities e on e.id = m.entity_id join documents d on d.id = m.document_id
      where m.deal_id = $1 and m.document_id = any($2::uuid[]) and e.entity_type = 'organisation' and m.excerpt ~* $3
      order by d.fiscal_year desc nulls last, d.document_date desc nulls last, m.page limit $4`,
    [dealId, documentIds, pattern, limit],
  );
  return rows;
}

export interface EventRow {
  event_type: string;
  event_date: string;
  description: string | null;
  source_page: number;
  source_excerpt: string;
  document_id: string;
  filename: string;
}

/** Timeline events of the given documents, in date order. */
export async function listEventsOf({ db, dealId, documentIds, limit }: { db: Queryable; dealId: string; documentIds: string[]; limit: number }): Promise<EventRow[]> {
  const { rows } = await db.query<EventRow>(
    `select e.event_type, to_char(e.event_date, 'YYYY-MM-DD') as event_date, e.description, e.source_page, e.source_excerpt, d.id as document_id, d.filename
       from timeline_events e join documents d on d.id = e.document_id
      where e.deal_id = $1 and e.document_id = any($2::uuid[]) order by e.event_date, e.id limit $3`,
    [dealId, documentIds, limit],
  );
  return rows;
}
