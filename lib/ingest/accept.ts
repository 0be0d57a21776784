/**
 * Accepting an upload durably: the bytes go to the file store (atomic rename), then the document
 * row and its ingest task are committed in one transaction. Only then may the route answer 202:
 * a server killed at any later point leaves a pending task that the next start runs
 * (lib/pipeline/background.ts). Ingestion itself runs from the task table, not here.
 */
import type { Db } from "@/lib/db";
import { getDocumentBySha, insertDocument, markDocumentFailed, updateDocument } from "@/lib/db/queries/documents";
import { getFileStore } from "@/lib/storage";
import { sizeProblem } from "./ingest";
import { requeueDocument } from "./recovery";
import { queueIngestTask } from "./tasks";

export interface AcceptedUpload {
  filename: string;
  sha256: string;
  bytes: number;
  /** queued: an ingest task is committed (or already under way); duplicate: the same bytes are indexed; failed: not readable at all (reason on the document). */
  state: "queued" | "duplicate" | "failed";
  documentId: string;
  existingFilename?: string;
}

export async function acceptUpload({ db, dealId, file }: {
  db: Db;
  dealId: string;
  file: { path: string; filename: string; sha256: string; bytes: number };
}): Promise<AcceptedUpload> {
  const { filename, sha256, bytes } = file;
  const base = { filename, sha256, bytes };
  const existing = await getDocumentBySha({ db, dealId, sha256 });
  if (existing?.status === "indexed") return { ...base, state: "duplicate", documentId: existing.id, existingFilename: existing.filename };
  const problem = sizeProblem(bytes);
  const storagePath = problem ? "" : await getFileStore().put(dealId, sha256, file.path);
  if (existing) {
    // Same bytes, not indexed (failed, or interrupted): this upload is the way to finish it.
    if (storagePath && !existing.storage_path) await updateDocument({ db, dealId, documentId: existing.id, patch: { storage_path: storagePath } });
    if (!problem) await requeueDocument({ db, dealId, documentId: existing.id });
    return { ...base, state: problem ? "failed" : "queued", documentId: existing.id, existingFilename: existing.filename };
  }
  const id = crypto.randomUUID();
  await db.transaction(async (tx) => {
    const { row, created } = await insertDocument({ db: tx, doc: { id, deal_id: dealId, filename, mime: null, sha256, bytes, storage_path: storagePath } });
    if (!created || row.id !== id) return; // a concurrent upload of the same bytes committed first
    if (problem) await markDocumentFailed({ db: tx, dealId, documentId: id, code: problem.code, message: problem.message });
    else await queueIngestTask({ db: tx, dealId, documentId: id });
  });
  const row = (await getDocumentBySha({ db, dealId, sha256 }))!;
  return { ...base, state: problem ? "failed" : row.status === "indexed" ? "duplicate" : "queued", documentId: row.id, existingFilename: row.id === id ? undefined : row.filename };
}
