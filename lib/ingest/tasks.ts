/**
 * Ingestion as tasks on the pipeline's blackboard (agent_tasks, lib/pipeline/queue.ts): one
 * `ingest` task per document (key `ingest:<documentId>`). An accepted upload commits its document
 * row and this task together, so a server killed before or during ingestion leaves work a restart
 * picks up (lib/pipeline/background.ts in the app, `npm run worker`). A foreground ingest
 * (`manda ingest`) holds the same task while it works on a document, so every document being
 * ingested has a live task, and one without is stuck (lib/ingest/recovery.ts).
 */
import type { Queryable } from "@/lib/db";
import { getDocumentById } from "@/lib/db/queries/documents";
import { PermanentTaskError } from "@/lib/pipeline/errors";
import { completeTask } from "@/lib/pipeline/queue";
import type { AgentTask, TaskContext, TaskOutput } from "@/lib/pipeline/types";

export const INGEST_TASK = "ingest" as const;
export const INGEST_AGENT = "ingest";
export const INGEST_VERSION = "1.1.0";
/** Lease of a foreground ingest (it does not heartbeat): long enough for any one document. */
export const HELD_LEASE_MS = 30 * 60_000;

export const ingestTaskKey = (documentId: string) => `${INGEST_TASK}:${documentId}`;

const RESET = `status = 'pending', attempts = 0, run_after = now(), lease_until = null, locked_by = null,
  started_at = null, completed_at = null, output_data = null, error_message = null, error_kind = null`;

/**
 * Queues the document's ingest task, due now. A task already pending or running is kept as it
 * is (the same work is under way); a completed or failed one is reset to pending.
 */
export async function queueIngestTask({ db, dealId, documentId }: { db: Queryable; dealId: string; documentId: string }): Promise<AgentTask> {
  const { rows } = await db.query<AgentTask>(
    `insert into agent_tasks (id, deal_id, document_id, task_type, idempotency_key, input, max_attempts)
     values ($1, $2, $3, '${INGEST_TASK}', $4, $5::text::jsonb, 4)
     on conflict (idempotency_key) do update set ${RESET}
       where agent_tasks.status in ('completed', 'failed')
     returning *`,
    [crypto.randomUUID(), dealId, documentId, ingestTaskKey(documentId), JSON.stringify({ documentId })],
  );
  return rows[0] ?? (await getIngestTask({ db, documentId }))!;
}

export async function getIngestTask({ db, documentId }: { db: Queryable; documentId: string }): Promise<AgentTask | undefined> {
  return (await db.query<AgentTask>("select * from agent_tasks where idempotency_key = $1", [ingestTaskKey(documentId)])).rows[0];
}

/**
 * Takes the document's ingest task for a foreground ingest: running under `workerId` with a
 * lease of HELD_LEASE_MS. Null when another live worker holds it (its lease has not run out).
 */
export async function holdIngestTask({ db, dealId, documentId, workerId }: { db: Queryable; dealId: string; documentId: string; workerId: string }): Promise<AgentTask | null> {
  const { rows } = await db.query<AgentTask>(
    `insert into agent_tasks (id, deal_id, document_id, task_type, status, idempotency_key, input, attempts, max_attempts, lease_until, locked_by, started_at)
     values ($1, $2, $3, '${INGEST_TASK}', 'running', $4, $5::text::jsonb, 1, 4, now() + ($6::int * interval '1 millisecond'), $7, now())
     on conflict (idempotency_key) do update set status = 'running',
       attempts = case when agent_tasks.status in ('completed', 'failed') then 1 else agent_tasks.attempts + 1 end,
       lease_until = excluded.lease_until, locked_by = excluded.locked_by, started_at = now(), completed_at = null,
       error_message = null, error_kind = null
       where agent_tasks.status <> 'running' or agent_tasks.lease_until < now()
     returning *`,
    [crypto.randomUUID(), dealId, documentId, ingestTaskKey(documentId), JSON.stringify({ documentId }), HELD_LEASE_MS, workerId],
  );
  return rows[0] ?? null;
}

/**
 * Closes the open ingest task of a document found already indexed (a run killed after indexing
 * it but before ending its task leaves one, reclaimed as pending on the next start). A task held
 * under a live lease is left to its holder.
 */
export async function closeIngestTaskOfIndexed({ db, documentId }: { db: Queryable; documentId: string }): Promise<void> {
  await db.query(
    `update agent_tasks set status = 'completed', completed_at = now(), lease_until = null, locked_by = null, error_message = null, error_kind = null
      where idempotency_key = $1 and (status = 'pending' or (status = 'running' and lease_until < now()))`,
    [ingestTaskKey(documentId)],
  );
}

/** Completes a held task with the document's outcome (a failed document is a completed task: its reason is on the document). */
export async function endHeldIngestTask({ db, task, workerId, summary }: { db: Queryable; task: AgentTask; workerId: string; summary: Record<string, unknown> }): Promise<void> {
  const now = new Date().toISOString();
  await completeTask({
    db, task, workerId,
    output: { agent: INGEST_AGENT, version: INGEST_VERSION, model: "rules", timings: { startedAt: now, completedAt: now, durationMs: 0 }, skipped: [], uncertainties: [], summary },
  });
}

/**
 * Open ingest tasks of a deal (pending, or running under a live lease), with their documents:
 * what the data room shows as queued or being read.
 */
export async function listOpenIngestTasks({ db, dealId }: { db: Queryable; dealId: string }) {
  const { rows } = await db.query<{ id: string; document_id: string; status: string; filename: string; sha256: string; error_message: string | null }>(
    `select t.id, t.document_id, t.status, d.filename, d.sha256, t.error_message
       from agent_tasks t join documents d on d.id = t.document_id
      where t.deal_id = $1 and t.task_type = '${INGEST_TASK}'
        and (t.status = 'pending' or (t.status = 'running' and t.lease_until >= now()))
      order by t.created_at`,
    [dealId],
  );
  return rows;
}

export type IngestDocumentFn = (o: { db: TaskContext["db"]; dealId: string; documentId: string }) => Promise<{ status: string; pageCount?: number; chunkCount?: number; error?: { code: string; message: string } }>;

/**
 * The `ingest` task handler: reads the document's stored bytes and indexes them. A document
 * already indexed (e.g. by a foreground ingest meanwhile) is left alone. A file that cannot be
 * read ends as a failed document with its reason; the task itself completes.
 */
export function ingestTaskHandler(ingestDocument: IngestDocumentFn) {
  return async ({ db, task }: TaskContext): Promise<TaskOutput> => {
    const documentId = task.document_id;
    if (!documentId) throw new PermanentTaskError("An ingest task without a document.", "BAD_INPUT");
    const doc = await getDocumentById({ db, dealId: task.deal_id, documentId });
    if (!doc) throw new PermanentTaskError("The document was removed before it was ingested.", "BAD_INPUT");
    const t0 = Date.now();
    const output = (summary: Record<string, unknown>, skipped: TaskOutput["skipped"] = []): TaskOutput => ({
      agent: INGEST_AGENT, version: INGEST_VERSION, model: "rules", skipped, uncertainties: [], summary,
      timings: { startedAt: new Date(t0).toISOString(), completedAt: new Date().toISOString(), durationMs: Date.now() - t0 },
    });
    if (doc.status === "indexed") return output({ status: "indexed", pageCount: doc.page_count }, [{ what: doc.filename, why: "already indexed" }]);
    const r = await ingestDocument({ db, dealId: task.deal_id, documentId });
    return output({ status: r.status, pageCount: r.pageCount, chunkCount: r.chunkCount, error: r.error });
  };
}
