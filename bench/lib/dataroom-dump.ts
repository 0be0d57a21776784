/**
 * What a data-room run produced, as sorted text lines free of ids and times: findings, timeline
 * events, entities and their mentions, relations (each end named by what it points at), staged
 * candidates by status and the audit trail by decision. Two runs of different code over the same
 * files must write the same dump when a speed-up keeps every output identical (`diff` them).
 */
import type { Queryable } from "@/lib/db";

const SECTIONS: { name: string; sql: string }[] = [
  {
    name: "finding",
    sql: `select d.filename, f.metric_key, coalesce(f.period, ''), f.value_text, coalesce(f.value_num::text, ''), f.source_page, f.status,
                 coalesce(f.scope, ''), coalesce(f.scope_name, ''), f.confidence::text, f.source_excerpt, (f.embedding is not null)::text
            from findings f join documents d on d.id = f.document_id where f.deal_id = $1`,
  },
  {
    name: "event",
    sql: `select d.filename, e.event_type, e.event_date::text, e.date_precision, e.source_page, e.description, e.source_excerpt
            from timeline_events e join documents d on d.id = e.document_id where e.deal_id = $1`,
  },
  {
    name: "mention",
    sql: `select n.entity_type, n.name, n.normalized_name, array_to_string(n.aliases, '|'), d.filename, coalesce(m.role, ''), m.page, m.excerpt
            from entity_mentions m join entities n on n.id = m.entity_id join documents d on d.id = m.document_id where m.deal_id = $1`,
  },
  {
    name: "staged",
    sql: `select d.filename, s.candidate_type, s.candidate_key, s.status, coalesce(s.review_reason, ''), coalesce(s.review_priority, ''),
                 s.confidence_score::text, s.refinement_round
            from staging_extractions s join documents d on d.id = s.document_id where s.deal_id = $1`,
  },
  {
    name: "decision",
    // a duplicate's reason names the staged row it repeats by id: named here by that row's key
    sql: `select d.filename, s.candidate_type, s.candidate_key, v.decided_by, v.decision,
                 regexp_replace(v.reason, '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}', coalesce(o.candidate_key, '?'), 'g'), count(*)::int
            from validation_decisions v join staging_extractions s on s.id = v.extraction_id join documents d on d.id = s.document_id
            left join staging_extractions o on o.id::text = v.changes->>'duplicateOf'
           where v.deal_id = $1 group by 1, 2, 3, 4, 5, 6`,
  },
  {
    name: "relation",
    sql: `with ends as (
            select id, 'document:' || filename as label from documents where deal_id = $1
            union all select f.id, 'finding:' || d.filename || ':' || f.metric_key || ':' || coalesce(f.period, '') || ':p' || f.source_page
              from findings f join documents d on d.id = f.document_id where f.deal_id = $1
            union all select e.id, 'event:' || d.filename || ':' || e.event_type || ':' || e.event_date::text || ':p' || e.source_page
              from timeline_events e join documents d on d.id = e.document_id where e.deal_id = $1
            union all select id, 'entity:' || entity_type || ':' || normalized_name from entities where deal_id = $1)
          select r.relation_type, coalesce(a.label, r.from_kind || ':?'), coalesce(b.label, r.to_kind || ':?'), r.reason, r.created_by
            from relations r left join ends a on a.id = r.from_id left join ends b on b.id = r.to_id where r.deal_id = $1`,
  },
];

const cell = (v: unknown): string =>
  (v instanceof Date ? v.toISOString() : typeof v === "object" && v !== null ? JSON.stringify(v) : `${v as string | number | boolean | null | undefined ?? ""}`).replace(/\s+/g, " ");

/** The run's outputs as sorted lines, one section after another. */
export async function dumpDealOutputs(db: Queryable, dealId: string): Promise<string> {
  const out: string[] = [];
  for (const s of SECTIONS) {
    const { rows } = await db.query<Record<string, unknown>>(s.sql, [dealId]);
    const lines = rows.map((r) => `${s.name}\t${Object.values(r).map(cell).join("\t")}`).sort();
    // one line at a time: a section of a whole data room has more lines than a call takes arguments
    out.push(`# ${s.name}: ${lines.length}`);
    for (const l of lines) out.push(l);
  }
  return `${out.join("\n")}\n`;
}
