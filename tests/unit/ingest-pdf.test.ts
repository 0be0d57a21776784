import { describe, expect, it } from "vitest";
import { parsePdf as parseWith } from "@/lib/ingest/parsers/pdf";
import type { ParseInput } from "@/lib/ingest/types";
import type { ParsedPage } from "@/lib/ingest/types";
import { makeEncryptedPdf, makePdf, tempDir, writeFixture } from "../helpers/fixtures";

async function collect(pages: AsyncIterable<ParsedPage>) {
  const out: ParsedPage[] = [];
  for await (const p of pages) out.push(p);
  return out;
}

// The same contract whether pages come from the worker-thread pool or the calling thread.
describe.each([
  { mode: "worker pool", inThread: false },
  { mode: "in-thread", inThread: true },
])("PDF parser ($mode)", ({ inThread }) => {
  const dir = tempDir();
  const parsePdf = (input: ParseInput) => parseWith(input, { inThread });

  it("yields one page per PDF page, 1-based, with text in reading order and spans pointing into it", async () => {
    const file = writeFixture(dir, "report.pdf", await makePdf(["Cover page\nProject Aurora", "Revenue for Q3 2024 was EUR 5.2 million.\nEBITDA was EUR 1.2 million.", "Notes"], "Q3 Report"));
    const parsed = await parsePdf({ path: file, bytes: 0, filename: "report.pdf" });
    expect(parsed.pageCount).toBe(3);
    expect(parsed.title).toBe("Q3 Report");
    const pages = await collect(parsed.pages);
    expect(pages.map((p) => p.pageNumber)).toEqual([1, 2, 3]);
    expect(pages[1].text).toContain("Revenue for Q3 2024 was EUR 5.2 million.\nEBITDA was EUR 1.2 million.");
    const span = pages[1].spans!.find((s) => pages[1].text.slice(s.start, s.start + s.length).includes("EBITDA"))!;
    expect(span).toBeDefined();
    // Second line sits lower on the page than the first (y grows downwards).
    const first = pages[1].spans![0];
    expect(span.y).toBeGreaterThan(first.y);
    expect(span.x).toBeCloseTo(50, 0);
  });

  it("rejects an encrypted PDF with a clear reason", async () => {
    const file = writeFixture(dir, "locked.pdf", makeEncryptedPdf());
    await expect(parsePdf({ path: file, bytes: 0, filename: "locked.pdf" })).rejects.toMatchObject({ code: "bad_request:encrypted" });
  });

  it("rejects a truncated PDF as damaged instead of crashing", async () => {
    const full = await makePdf(["Some text that will be cut off"]);
    const file = writeFixture(dir, "cut.pdf", full.slice(0, Math.floor(full.length / 3)));
    const attempt = async () => collect((await parsePdf({ path: file, bytes: 0, filename: "cut.pdf" })).pages);
    await expect(attempt()).rejects.toMatchObject({ code: "bad_request:corrupt_file" });
  });
});
