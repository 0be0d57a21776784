import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { listDocumentsByDeal } from "@/lib/db/queries/documents";
import { ingestFile, ingestFiles, type IngestResult } from "@/lib/ingest/ingest";
import { openTestDb } from "../helpers/db";
import { makeEncryptedPdf, makePdf, tempDir, writeFixture } from "../helpers/fixtures";

describe("batch ingestion (ingestFiles: the next file parses while one indexes)", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  const dir = tempDir();

  beforeAll(async () => {
    setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent" });
    ({ db, cleanup } = await openTestDb());
  });
  afterAll(() => cleanup());

  it("returns, in order, what one ingestFile per file would, and stores the same pages and chunks", async () => {
    const a = await makePdf(["Share purchase agreement\nThe purchase price is EUR 40 million.", "Warranties\nThe seller warrants the accounts."]);
    const b = await makePdf(["Lease register\nHeadquarters lease expires in 2031."]);
    const files = [
      writeFixture(dir, "spa.pdf", a),
      writeFixture(dir, "locked.pdf", makeEncryptedPdf()),
      writeFixture(dir, "leases.pdf", b),
      writeFixture(dir, "spa copy.pdf", a), // same bytes as the first file, same batch
      writeFixture(dir, "empty.pdf", new Uint8Array()),
    ];
    const batchDeal = (await createDeal({ db, slug: "batch-files" })).id;
    const loopDeal = (await createDeal({ db, slug: "loop-files" })).id;
    const seen: number[] = [];
    const batch = await ingestFiles({ db, dealId: batchDeal, files: files.map((filePath) => ({ filePath })), onResult: (i) => seen.push(i) });
    const loop: IngestResult[] = [];
    for (const filePath of files) loop.push(await ingestFile({ db, dealId: loopDeal, filePath }));

    expect(seen).toEqual([0, 1, 2, 3, 4]);
    const shape = (r: IngestResult) => ({ filename: r.filename, status: r.status, pageCount: r.pageCount, chunkCount: r.chunkCount, code: r.error?.code });
    expect(batch.map(shape)).toEqual(loop.map(shape));
    expect(batch.map((r) => r.status)).toEqual(["indexed", "failed", "indexed", "duplicate", "failed"]);
    expect(batch[3].documentId).toBe(batch[0].documentId);

    const stored = async (dealId: string) =>
      (await db.query<{ filename: string; page_number: number; text: string; chunks: number }>(
        `select d.filename, p.page_number, p.text, (select count(*)::int from chunks c where c.document_id = d.id and c.page_start = p.page_number) as chunks
         from documents d join document_pages p on p.document_id = d.id where d.deal_id = $1 order by d.filename, p.page_number`, [dealId])).rows;
    expect(await stored(batchDeal)).toEqual(await stored(loopDeal));
    const docs = await listDocumentsByDeal({ db, dealId: batchDeal });
    expect(docs.map((d) => d.status).sort()).toEqual(["failed", "failed", "indexed", "indexed"]);
  });
});
