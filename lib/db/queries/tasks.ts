/** Reads of agent_tasks for the data room and the pipeline monitor. */
import type { Queryable } from "../types";

/** Extraction tasks (not orchestration or ingest) per document and status. */
export async function countDocumentTasksByStatus({ db, dealId }: { db: Queryable; dealId: string }): Promise<{ document_id: string; status: string; n: number }[]> {
  const { rows } = await db.query<{ document_id: string; status: string; n: number }>(
    `select document_id, status, count(*)::int as n from agent_tasks
     where deal_id = $1 and document_id is not null and task_type not in ('orchestration', 'ingest') group by document_id, status`,
    [dealId],
  );
  return rows;
}

/** The deal's tasks, newest first, each with its document's filename (`status` filters when given). */
export async function listTasksWithFilenames({ db, dealId, status = null, limit }: { db: Queryable; dealId: string; status?: string | null; limit: number }): Promise<Record<string, unknown>[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `select t.*, d.filename, d.status as document_status, d.error as document_error from agent_tasks t left join documents d on d.id = t.document_id
     where t.deal_id = $1 and ($2::text is null or t.status = $2)
     order by t.created_at desc, t.id limit $3`,
    [dealId, status, limit],
  );
  return rows;
}
