import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { getDocumentById, listDocumentsByDeal } from "@/lib/db/queries/documents";
import { acceptUpload } from "@/lib/ingest/accept";
import { ingestFile } from "@/lib/ingest/ingest";
import { requeueStuckDocuments } from "@/lib/ingest/recovery";
import { getIngestTask, INGEST_TASK } from "@/lib/ingest/tasks";
import { sha256File } from "@/lib/ingest/storage";
import { registerIngestHandler } from "@/lib/pipeline/background";
import { runWorker } from "@/lib/pipeline/worker";
import { searchPages } from "@/lib/search/search";
import { openTestDb } from "../helpers/db";
import { makePdf, tempDir, writeFixture } from "../helpers/fixtures";

/**
 * Issue 11 items 1–2: a crash during ingest never leaves a document stuck, a half-written one is
 * never searched, and an accepted upload is durable (bytes, row and task committed) before 202.
 */
describe("ingest recovery", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let dealId: string;
  const dir = tempDir();
  const pages = [
    "Aurora annual report 2024\nOverview of the year",
    "Revenue for 2024 was EUR 12.4 million, up from EUR 10.1 million.",
    "The aquifer permit in Vänersborg runs until 2031.",
  ];

  beforeAll(async () => {
    setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent" });
    ({ db, cleanup } = await openTestDb());
    dealId = (await createDeal({ db, slug: "recovery" })).id;
    registerIngestHandler();
  });
  afterAll(() => cleanup());

  /** The state a kill during indexing leaves: status parsing, only the first pages and their chunks. */
  async function crashMidway(documentId: string) {
    await db.query("update documents set status = 'parsing', indexed_at = null where id = $1", [documentId]);
    await db.query("delete from chunks where document_id = $1 and page_start > 1", [documentId]);
    await db.query("delete from document_pages where document_id = $1 and page_number > 1", [documentId]);
    await db.query("delete from agent_tasks where document_id = $1", [documentId]);
  }

  const drainIngest = () => runWorker({ db, until: "drained", types: [INGEST_TASK], dealId });
  const pageCount = async (documentId: string) =>
    Number((await db.query<{ n: number }>("select count(*)::int as n from document_pages where document_id = $1", [documentId])).rows[0].n);

  it("re-ingesting a document a crash left half-done restarts it instead of calling it a duplicate", async () => {
    const file = writeFixture(dir, "annual.pdf", await makePdf(pages));
    const first = await ingestFile({ db, dealId, filePath: file });
    expect(first.status).toBe("indexed");
    await crashMidway(first.documentId!);
    const again = await ingestFile({ db, dealId, filePath: file });
    expect(again).toMatchObject({ status: "indexed", documentId: first.documentId, pageCount: 3 });
    expect(await pageCount(first.documentId!)).toBe(3);
    // Once indexed, the same bytes are a duplicate again; the held ingest task ended completed.
    expect((await ingestFile({ db, dealId, filePath: file })).status).toBe("duplicate");
    expect((await getIngestTask({ db, documentId: first.documentId! }))?.status).toBe("completed");
  });

  it("a kill after indexing but before the task ended: re-ingesting the same bytes (a duplicate) closes the task it left open", async () => {
    const file = writeFixture(dir, "minutes.pdf", await makePdf(["Board minutes", "The board approved the budget."]));
    const first = await ingestFile({ db, dealId, filePath: file });
    expect(first.status).toBe("indexed");
    // what the killed run leaves once its dead lease is reclaimed on the next start: the task pending again
    await db.query("update agent_tasks set status = 'pending', completed_at = null, lease_until = null, locked_by = null where document_id = $1", [first.documentId]);
    expect((await ingestFile({ db, dealId, filePath: file })).status).toBe("duplicate");
    expect((await getIngestTask({ db, documentId: first.documentId! }))?.status).toBe("completed");
    // a task another live process holds is left to it
    await db.query("update agent_tasks set status = 'running', lease_until = now() + interval '5 minutes', locked_by = 'other' where document_id = $1", [first.documentId]);
    await ingestFile({ db, dealId, filePath: file });
    expect((await getIngestTask({ db, documentId: first.documentId! }))?.status).toBe("running");
    await db.query("update agent_tasks set status = 'completed', lease_until = null, locked_by = null where document_id = $1", [first.documentId]);
  });

  it("never searches a document that is not indexed, and searches it once it is", async () => {
    const file = writeFixture(dir, "permits.pdf", await makePdf(["Permits register", "Groundwater abstraction licence number 7731 is held by the company."]));
    const r = await ingestFile({ db, dealId, filePath: file });
    const hits = async () => (await searchPages({ db, dealId, query: "groundwater abstraction licence" })).filter((h) => h.documentId === r.documentId);
    expect((await hits()).length).toBeGreaterThan(0);
    await db.query("update documents set status = 'parsing' where id = $1", [r.documentId]);
    expect(await hits()).toEqual([]);
    await db.query("update documents set status = 'indexed' where id = $1", [r.documentId]);
    expect((await hits()).length).toBeGreaterThan(0);
  });

  it("recovery drops a stuck document's partial pages and re-queues it; the ingest task finishes it", async () => {
    const file = writeFixture(dir, "annual-b.pdf", await makePdf([...pages, "Appendix: list of sites"]));
    const r = await ingestFile({ db, dealId, filePath: file });
    await crashMidway(r.documentId!);
    const rec = await requeueStuckDocuments({ db });
    expect(rec.requeued).toContain(r.documentId);
    expect(await pageCount(r.documentId!)).toBe(0);
    expect((await getDocumentById({ db, dealId, documentId: r.documentId! }))?.status).toBe("uploaded");
    expect((await getIngestTask({ db, documentId: r.documentId! }))?.status).toBe("pending");
    // A second sweep finds it queued (not stuck) and leaves it.
    expect((await requeueStuckDocuments({ db })).requeued).not.toContain(r.documentId);
    const stats = await drainIngest();
    expect(stats.completed).toBeGreaterThanOrEqual(1);
    expect(await getDocumentById({ db, dealId, documentId: r.documentId! })).toMatchObject({ status: "indexed", page_count: 4 });
    expect(await pageCount(r.documentId!)).toBe(4);
  });

  it("a document whose ingest task gave up (the process died on it each time) fails with a reason instead of looping", async () => {
    const file = writeFixture(dir, "poison.pdf", await makePdf(["Poison page"]));
    const r = await ingestFile({ db, dealId, filePath: file });
    await db.query("update documents set status = 'parsing' where id = $1", [r.documentId]);
    await db.query("update agent_tasks set status = 'failed', attempts = 4, error_message = 'LEASE_EXPIRED: gave up' where idempotency_key = $1", [`ingest:${r.documentId}`]);
    const rec = await requeueStuckDocuments({ db });
    expect(rec.failed).toContain(r.documentId);
    const doc = await getDocumentById({ db, dealId, documentId: r.documentId! });
    expect(doc).toMatchObject({ status: "failed", error_code: "internal:ingest_interrupted" });
    expect(doc?.error).toMatch(/interrupted/);
  });

  it("an accepted upload has its bytes stored and its row and ingest task committed; only an indexed document is a duplicate", async () => {
    const bytes = await makePdf(["Board minutes", "The board approved the 2025 budget of EUR 3 million."]);
    const tmp = writeFixture(dir, "upload-tmp.bin", bytes);
    const sha256 = await sha256File(tmp);
    const file = { path: tmp, filename: "Board minutes.pdf", sha256, bytes: bytes.length };
    const a = await acceptUpload({ db, dealId, file });
    expect(a.state).toBe("queued");
    const doc = (await getDocumentById({ db, dealId, documentId: a.documentId }))!;
    expect(doc.status).toBe("uploaded");
    expect(await sha256File(doc.storage_path)).toBe(sha256);
    expect((await getIngestTask({ db, documentId: a.documentId }))?.status).toBe("pending");
    // The temp file is no longer needed: the store has its own copy.
    fs.rmSync(tmp);
    // Before it is indexed, the same bytes again are the same queued work, not a duplicate.
    const tmp2 = writeFixture(dir, "upload-tmp2.bin", bytes);
    expect(await acceptUpload({ db, dealId, file: { ...file, path: tmp2 } })).toMatchObject({ state: "queued", documentId: a.documentId });
    expect((await db.query("select id from agent_tasks where document_id = $1", [a.documentId])).rows).toHaveLength(1);
    await drainIngest();
    expect((await getDocumentById({ db, dealId, documentId: a.documentId }))?.status).toBe("indexed");
    expect(await acceptUpload({ db, dealId, file: { ...file, path: tmp2 } })).toMatchObject({ state: "duplicate", documentId: a.documentId });
    // A stuck copy is not a duplicate either: re-uploading it re-queues it.
    await crashMidway(a.documentId);
    expect(await acceptUpload({ db, dealId, file: { ...file, path: tmp2 } })).toMatchObject({ state: "queued", documentId: a.documentId });
    await drainIngest();
    expect((await getDocumentById({ db, dealId, documentId: a.documentId }))?.status).toBe("indexed");
    const names = (await listDocumentsByDeal({ db, dealId })).map((d) => d.filename);
    expect(names.filter((n) => n === "Board minutes.pdf")).toHaveLength(1);
    expect(path.isAbsolute(doc.storage_path)).toBe(true);
  });
});
