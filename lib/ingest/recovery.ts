/**
 * After a crash: documents that are neither indexed nor failed and that no live worker is
 * ingesting (no pending ingest task, no running one under a live lease) are stuck. Their partial
 * pages and chunks are removed at once (a half-written document is never searched as if whole)
 * and their ingest task is queued again, so the next worker restarts them from their stored bytes;
 * one whose task has given up (the process died on it on every attempt) fails with that reason.
 * Run at app start (`manda prepare-app`, lib/pipeline/background.ts) and worker start. On the
 * embedded database, opening it already reclaimed the dead owner's running tasks
 * (lib/pipeline/queue.ts reclaimDeadOwnerLeases), so a document it was ingesting has a pending
 * task again and is restarted by that task.
 */
import type { Db } from "@/lib/db";
import { markDocumentFailed } from "@/lib/db/queries/documents";
import { INGEST_TASK, queueIngestTask } from "./tasks";

export async function requeueStuckDocuments({ db, dealId }: { db: Db; dealId?: string }): Promise<{ requeued: string[]; failed: string[] }> {
  const { rows } = await db.query<{ id: string; deal_id: string; task_status: string | null; task_error: string | null }>(
    `select d.id, d.deal_id, t.status as task_status, t.error_message as task_error from documents d
       left join agent_tasks t on t.idempotency_key = '${INGEST_TASK}:' || d.id::text
      where d.status in ('uploaded', 'parsing') and ($1::uuid is null or d.deal_id = $1::uuid)
        and not (coalesce(t.status, '') = 'pending' or (coalesce(t.status, '') = 'running' and t.lease_until >= now()))
      order by d.created_at`,
    [dealId ?? null],
  );
  const requeued: string[] = [];
  const failed: string[] = [];
  for (const d of rows) {
    if (d.task_status === "failed") {
      // Its task gave up (e.g. the process died on this file on every attempt): a reason, not a loop.
      await markDocumentFailed({
        db, dealId: d.deal_id, documentId: d.id, code: "internal:ingest_interrupted",
        message: "Reading this file was interrupted on every attempt (the process stopped: crash or out of memory). Retry to try again.",
      });
      failed.push(d.id);
      continue;
    }
    await db.transaction(async (tx) => {
      await tx.query("delete from document_pages where document_id = $1", [d.id]);
      await tx.query("delete from chunks where document_id = $1", [d.id]);
      await tx.query("update documents set status = 'uploaded', error = null, error_code = null where id = $1", [d.id]);
      await queueIngestTask({ db: tx, dealId: d.deal_id, documentId: d.id });
    });
    requeued.push(d.id);
  }
  return { requeued, failed };
}

/**
 * Resets one document that is not indexed (failed, or stuck) for a fresh ingest and queues its
 * task: what the data room's retry does. Partial pages and chunks go at once. False when its
 * ingest is already under way (an open task), which is left alone.
 */
export async function requeueDocument({ db, dealId, documentId }: { db: Db; dealId: string; documentId: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ n: number }>(
      `select count(*)::int as n from agent_tasks where document_id = $1 and task_type = '${INGEST_TASK}'
          and (status = 'pending' or (status = 'running' and lease_until >= now()))`,
      [documentId],
    );
    if (Number(rows[0]?.n ?? 0) > 0) return false;
    await tx.query("delete from document_pages where document_id = $1", [documentId]);
    await tx.query("delete from chunks where document_id = $1", [documentId]);
    await tx.query("update documents set status = 'uploaded', error = null, error_code = null where deal_id = $1 and id = $2", [dealId, documentId]);
    await queueIngestTask({ db: tx, dealId, documentId });
    return true;
  });
}
