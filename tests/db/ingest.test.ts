import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { listDocumentsByDeal } from "@/lib/db/queries/documents";
import { ingestFile } from "@/lib/ingest/ingest";
import { searchPages } from "@/lib/search/search";
import { openTestDb } from "../helpers/db";
import { elfBytes, makeEncryptedPdf, makePdf, seededBytes, tempDir, writeFixture } from "../helpers/fixtures";

describe("ingestion of a batch with broken files", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let dealId: string;
  const dir = tempDir();

  beforeAll(async () => {
    setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_MAX_UPLOAD_BYTES: String(200_000), MANDA_LOG_LEVEL: "silent" });
    ({ db, cleanup } = await openTestDb());
    dealId = (await createDeal({ db, slug: "batch" })).id;
  });
  afterAll(() => cleanup());

  it("indexes the good files, fails each bad one alone with its reason stored, and keeps the good ones searchable", async () => {
    const good = await makePdf([
      "Aurora quarterly report\nThird quarter 2024",
      "Consolidated income statement\nRevenue for the third quarter of 2024 was EUR 5.2 million.\nEBITDA was EUR 1.2 million.",
    ]);
    const files = [
      writeFixture(dir, "Q3_2024_Report.pdf", good),
      writeFixture(dir, "empty.pdf", new Uint8Array()),
      writeFixture(dir, "random.pdf", seededBytes(5000)),
      writeFixture(dir, "program.pdf", elfBytes()),
      writeFixture(dir, "truncated.pdf", good.slice(0, Math.floor(good.length / 3))),
      writeFixture(dir, "locked.pdf", makeEncryptedPdf()),
      writeFixture(dir, "huge.pdf", new Uint8Array(300_000).fill(32)),
      writeFixture(dir, "notes.txt", "Management notes\fPage two mentions customer churn of 4 percent."),
    ];
    const results = [];
    for (const filePath of files) results.push(await ingestFile({ db, dealId, filePath }));
    const byName = Object.fromEntries(results.map((r) => [r.filename, r]));

    expect(byName["Q3_2024_Report.pdf"]).toMatchObject({ status: "indexed", pageCount: 2 });
    expect(byName["notes.txt"]).toMatchObject({ status: "indexed", pageCount: 2 });
    expect(byName["empty.pdf"].error?.code).toBe("bad_request:empty_file");
    expect(byName["random.pdf"].error?.code).toMatch(/^(unsupported:format|bad_request:corrupt_file)$/);
    expect(byName["program.pdf"].error?.code).toBe("unsupported:format");
    expect(byName["program.pdf"].error?.message).toMatch(/executable/i);
    expect(byName["truncated.pdf"].error?.code).toBe("bad_request:corrupt_file");
    expect(byName["locked.pdf"].error?.code).toBe("bad_request:encrypted");
    expect(byName["huge.pdf"].error?.code).toBe("too_large:file");

    const docs = await listDocumentsByDeal({ db, dealId });
    expect(docs).toHaveLength(files.length);
    for (const d of docs.filter((x) => x.status === "failed")) expect(d.error).toBeTruthy();
    const report = docs.find((d) => d.filename === "Q3_2024_Report.pdf")!;
    expect(report).toMatchObject({ fiscal_year: 2024, fiscal_period: "Q3", kind: "quarterly report", format: "pdf" });

    const pages = await db.query<{ page_number: number; text: string }>(
      "select page_number, text from document_pages where document_id = $1 order by page_number", [report.id]);
    expect(pages.rows.map((p) => p.page_number)).toEqual([1, 2]);
    const hits = await searchPages({ db, dealId, query: "third quarter revenue", k: 3 });
    expect(hits[0]).toMatchObject({ document: "Q3_2024_Report.pdf", page: 2 });
    const notes = await searchPages({ db, dealId, query: "customer churn", k: 3 });
    expect(notes[0]).toMatchObject({ document: "notes.txt", page: 2 });
  });

  it("treats the same bytes twice as a no-op and retries a failed file once fixed", async () => {
    const bytes = await makePdf(["Cap table\nJane Smith holds 15 percent of the shares."]);
    const a = await ingestFile({ db, dealId, filePath: writeFixture(dir, "cap.pdf", bytes) });
    const b = await ingestFile({ db, dealId, filePath: writeFixture(dir, "cap copy.pdf", bytes) });
    expect(a.status).toBe("indexed");
    expect(b).toMatchObject({ status: "duplicate", documentId: a.documentId });
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from chunks where document_id = $1", [a.documentId]);
    expect(rows[0].n).toBe(1);
  });
});
