import { setTimeout as sleep } from "node:timers/promises";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { parsePdf } from "@/lib/ingest/parsers/pdf";
import { getPdfPool, PdfPool, PdfPoolUnavailableError, setPdfPoolEnabled } from "@/lib/ingest/pdf-pool";
import { loadPdfjs } from "@/lib/ingest/workers/pdf-engine.mjs";
import type { ParsedPage } from "@/lib/ingest/types";
import { makePdf, tempDir, writeFixture } from "../helpers/fixtures";

async function collect(pages: AsyncIterable<ParsedPage>) {
  const out: ParsedPage[] = [];
  for await (const p of pages) out.push(p);
  return out;
}

/** An N-page PDF with a numbered line per page (pdf-lib, one shared font). */
async function makeNumberedPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Page marker ${n} of the data room annex`, { x: 50, y: 800, size: 11, font });
    page.drawText(`Revenue line ${n * 3} EUR thousand`, { x: 50, y: 780, size: 11, font });
  }
  return doc.save({ useObjectStreams: false });
}

describe("PDF parser pool", () => {
  const dir = tempDir();
  const pool = new PdfPool({ size: 1, batchPages: 8, credit: 2 });
  afterAll(() => pool.close());

  it("gives exactly the in-thread parser's pages (text, spans, sizes)", async () => {
    const file = writeFixture(dir, "two.pdf", await makePdf(["Cover\nProject Aurora", "Revenue 5.2\nEBITDA 1.2\nNet debt 3.4"], "T"));
    const viaPool = await pool.parse(file);
    const inThread = await parsePdf({ path: file, bytes: 0, filename: "two.pdf" }, { inThread: true });
    expect(viaPool.pageCount).toBe(2);
    expect(viaPool.title).toBe("T");
    expect(await collect(viaPool.pages)).toEqual(await collect(inThread.pages));
  });

  it("puts native Array.prototype.push and JSON back after loading pdfjs (core-js replaces them)", async () => {
    await loadPdfjs();
    // Native builtins print as "[native code]"; core-js's polyfills are plain JavaScript.
    // (core-js also wraps Function.prototype.toString, so ask a fresh realm's copy.)
    const { runInNewContext } = await import("node:vm");
    const toSource = runInNewContext("Function.prototype.toString") as (this: unknown) => string;
    for (const fn of [Array.prototype.push, JSON.stringify, JSON.parse]) expect(toSource.call(fn)).toContain("[native code]");
    expect(JSON.parse(JSON.stringify({ a: [1, "x", null] }))).toEqual({ a: [1, "x", null] });
    const a: number[] = [];
    expect(a.push(1, 2, 3)).toBe(3);
    expect(a).toEqual([1, 2, 3]);
  });

  it("streams a 1,600-page PDF in order with a bounded buffer, however slow the consumer", async () => {
    const file = writeFixture(dir, "big.pdf", await makeNumberedPdf(1600));
    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    const doc = await pool.parse(file);
    expect(doc.pageCount).toBe(1600);
    let n = 0;
    for await (const page of doc.pages) {
      n++;
      expect(page.pageNumber).toBe(n);
      if (n % 200 === 1) expect(page.text).toContain(`Page marker ${n} of`);
      // A slow consumer now and then: the worker must wait instead of queueing pages.
      if (n % 100 === 0) {
        await sleep(20);
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }
    }
    expect(n).toBe(1600);
    // At most `credit` batches are unacknowledged, plus the batch being handed out.
    expect(pool.maxBufferedPages).toBeLessThanOrEqual(8 * (2 + 1));
    console.log(`1,600-page PDF via the pool: peak RSS ${(peakRss / 1e6).toFixed(0)} MB (${((peakRss - rssBefore) / 1e6).toFixed(0)} MB over the start)`);
  }, 180_000); // a budget for a loaded machine, not a timing assertion

  it("stops a document read halfway and keeps serving the next one", async () => {
    const file = writeFixture(dir, "mid.pdf", await makeNumberedPdf(120));
    const doc = await pool.parse(file);
    let n = 0;
    for await (const _ of doc.pages) if (++n === 10) break;
    const again = await pool.parse(file);
    expect((await collect(again.pages)).length).toBe(120);
  });

  it("releases a document whose pages are never read (return() before the first page)", async () => {
    const file = writeFixture(dir, "unread.pdf", await makeNumberedPdf(200));
    const parsed = await parsePdf({ path: file, bytes: 0, filename: "unread.pdf" });
    const shared = getPdfPool()!;
    expect(shared.activeJobs).toBe(1);
    await (parsed.pages as AsyncIterableIterator<ParsedPage>).return!();
    expect(shared.activeJobs).toBe(0);
    // In-thread: the pdfjs document is destroyed the same way.
    const local = await parsePdf({ path: file, bytes: 0, filename: "unread.pdf" }, { inThread: true });
    await (local.pages as AsyncIterableIterator<ParsedPage>).return!();
  });

  it("reports pdfjs failures with their exception names for classification", async () => {
    const file = writeFixture(dir, "junk.pdf", "%PDF-1.4\nthis is not a pdf at all\n%%EOF\n");
    await expect(pool.parse(file)).rejects.toMatchObject({ name: expect.stringMatching(/InvalidPDFException|FormatError|UnknownErrorException/) });
    await expect(parsePdf({ path: file, bytes: 0, filename: "junk.pdf" })).rejects.toMatchObject({ code: "bad_request:corrupt_file" });
  });

  it("fails as 'unavailable' when a thread cannot start, so callers fall back to parsing in-thread", async () => {
    const broken = new PdfPool({ size: 1, workerUrl: new URL("./no-such-worker.mjs", import.meta.url) });
    const file = writeFixture(dir, "one.pdf", await makePdf(["Hello"]));
    await expect(broken.parse(file)).rejects.toBeInstanceOf(PdfPoolUnavailableError);
    await broken.close();
    expect(getPdfPool()).toBeNull(); // the process stops trying threads
    const parsed = await parsePdf({ path: file, bytes: 0, filename: "one.pdf" });
    expect((await collect(parsed.pages))[0].text).toBe("Hello");
    setPdfPoolEnabled(true);
  });
});
