/**
 * Text is repaired once, at ingest: a real earnings release whose font lost its "fi", "fl", "ff"
 * and "ffi" ligatures (pdf.js gives U+0000 for each) is stored, chunked and searched with whole
 * words, and its spans still cover their runs.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { ingestFile } from "@/lib/ingest/ingest";
import type { TextSpan } from "@/lib/ingest/types";
import { searchPages } from "@/lib/search/search";
import { openTestDb } from "../helpers/db";
import { tempDir, writeFixture } from "../helpers/fixtures";

const FILING = path.resolve(process.cwd(), "../shared/corpus/filings-unlabelled/pdfs/EBAY_2023Q1_EARNINGS.pdf");

describe("ingestion of a PDF whose text layer lost ligatures", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let dealId: string;

  beforeAll(async () => {
    setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });
    ({ db, cleanup } = await openTestDb());
    dealId = (await createDeal({ db, slug: "glyphs" })).id;
    const r = await ingestFile({ db, dealId, filePath: writeFixture(tempDir(), "release.pdf", fs.readFileSync(FILING)) });
    if (r.status !== "indexed") throw new Error(`not indexed: ${r.error?.message}`);
  }, 120_000);
  afterAll(() => cleanup());

  it("stores pages and chunks with the ligatures put back, spans moved with them", async () => {
    const { rows } = await db.query<{ text: string; spans: TextSpan[] }>("select text, spans from document_pages where deal_id = $1 order by page_number", [dealId]);
    const first = rows[0]!;
    expect(first.text).toContain("today reported financial results for its first quarter");
    expect(rows.map((p) => p.text).join("\n")).toMatch(/free cash flow/i);
    expect(rows.some((p) => /\u0000| nancial/.test(p.text))).toBe(false);
    const runs = first.spans.map((s) => first.text.slice(s.start, s.start + s.length));
    expect(runs.join("")).toContain("financial results");
    const chunks = await db.query<{ text: string }>("select text from chunks where deal_id = $1", [dealId]);
    expect(chunks.rows.map((c) => c.text).join(" ")).toContain("financial results for its first quarter");
  });

  it("finds a page by words the text layer broke", async () => {
    // the release prints "confidence" only with its "fi" lost
    const { rows } = await db.query<{ page_number: number }>("select page_number from document_pages where deal_id = $1 and text like '%confidence%'", [dealId]);
    expect(rows.length).toBeGreaterThan(0);
    const hits = await searchPages({ db, dealId, query: "confidence", k: 3 });
    expect(rows.map((r) => r.page_number)).toContain(hits[0]!.page);
  });
});
