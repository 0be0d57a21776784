import { describe, expect, it } from "vitest";
import { chunkPage, DEFAULT_CHUNK_OPTIONS, splitPage } from "@/lib/ingest/chunk";
import { inferMetadata, versionInfo } from "@/lib/ingest/metadata";

const paragraph = (i: number) => `Paragraph ${i}. ` + "The company reported steady growth in recurring revenue across all regions. ".repeat(6);
const { maxChars } = DEFAULT_CHUNK_OPTIONS;
/** Enough ~470-char paragraphs for `n` full-size chunks. */
const paragraphs = (n: number) => Array.from({ length: Math.ceil((n * maxChars) / paragraph(0).length) }, (_, i) => paragraph(i)).join("\n\n");

describe("chunking", () => {
  it("keeps short pages whole and maps chunks back to exact page offsets", () => {
    const text = "Revenue was EUR 5.2 million.";
    const chunks = chunkPage(7, text, 3);
    expect(chunks).toEqual([{ chunkIndex: 3, pageStart: 7, pageEnd: 7, charStart: 0, charEnd: text.length, text }]);
  });

  it("keeps a typical full 10-K page (a few thousand characters) as one chunk", () => {
    const text = paragraphs(0.9);
    expect(text.length).toBeGreaterThan(2500);
    expect(text.length).toBeLessThanOrEqual(maxChars);
    expect(splitPage(text)).toEqual([[0, text.length]]);
  });

  it("cuts long pages at paragraph boundaries with overlap, every chunk a slice of the page", () => {
    const text = paragraphs(4);
    const chunks = chunkPage(2, text, 0);
    expect(chunks.length).toBeGreaterThan(3);
    for (const [i, c] of chunks.entries()) {
      expect(text.slice(c.charStart, c.charEnd)).toBe(c.text);
      expect(c.text.length).toBeLessThanOrEqual(maxChars);
      // Cut at a paragraph break, never mid-paragraph.
      if (i < chunks.length - 1) expect(c.text.endsWith("\n\n")).toBe(true);
      if (i > 0) expect(c.text.startsWith("Paragraph ")).toBe(true);
    }
    // Together the chunks cover the whole page, in order.
    expect(chunks[0].charStart).toBe(0);
    expect(chunks.at(-1)!.charEnd).toBe(text.length);
    for (let i = 1; i < chunks.length; i++) expect(chunks[i].charStart).toBeLessThanOrEqual(chunks[i - 1].charEnd);
    expect(chunks.map((c) => c.chunkIndex)).toEqual(chunks.map((_, i) => i));
  });

  it("produces no chunks for blank pages and terminates on text without any break", () => {
    expect(splitPage("   \n\n  ")).toEqual([]);
    const n = 6 * maxChars;
    const ranges = splitPage("x".repeat(n));
    expect(ranges.length).toBeGreaterThan(5);
    for (const [s, e] of ranges) expect(e - s).toBeLessThanOrEqual(maxChars);
    expect(ranges.at(-1)![1]).toBe(n);
  });
});

describe("document metadata", () => {
  it("reads SEC filing names", () => {
    expect(inferMetadata("3M_2018_10K.pdf")).toMatchObject({ company: "3M", fiscalYear: 2018, fiscalPeriod: "FY", kind: "annual report" });
    expect(inferMetadata("BESTBUY_2024Q2_10Q.pdf")).toMatchObject({ company: "BESTBUY", fiscalYear: 2024, fiscalPeriod: "Q2", kind: "quarterly report" });
  });

  it("reads data-room names and dates on the first pages", () => {
    expect(inferMetadata("Q3_2024_Report.pdf", "Published 24 October 2024")).toMatchObject({ fiscalYear: 2024, fiscalPeriod: "Q3", documentDate: "2024-10-24" });
    expect(inferMetadata("SOU_1972_47.txt").kind).toBe("public inquiry");
  });

  it("groups versions and ranks the newer one higher", () => {
    expect(versionInfo("Annual_Report_2023_CORRECTED.pdf").group).toBe(versionInfo("Annual_Report_2023.pdf").group);
    expect(versionInfo("forecast_v2.xlsx")).toEqual({ group: "forecast", rank: 2 });
    expect(versionInfo("forecast_v3.xlsx").rank).toBeGreaterThan(versionInfo("forecast_v2.xlsx").rank);
    expect(versionInfo("report (2).pdf").group).toBe("report");
    expect(versionInfo("report (2).pdf").rank).toBeGreaterThan(versionInfo("report (1).pdf").rank);
    expect(versionInfo("presentation_FINAL.pptx").rank).toBeGreaterThan(versionInfo("presentation.pptx").rank);
  });
});
