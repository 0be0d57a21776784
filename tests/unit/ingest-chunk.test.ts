import { describe, expect, it } from "vitest";
import { chunkPage, splitPage } from "@/lib/ingest/chunk";
import { inferMetadata, versionInfo } from "@/lib/ingest/metadata";

const paragraph = (i: number) => `Paragraph ${i}. ` + "The company reported steady growth in recurring revenue across all regions. ".repeat(6);

describe("chunking", () => {
  it("keeps short pages whole and maps chunks back to exact page offsets", () => {
    const text = "Revenue was EUR 5.2 million.";
    const chunks = chunkPage(7, text, 3);
    expect(chunks).toEqual([{ chunkIndex: 3, pageStart: 7, pageEnd: 7, charStart: 0, charEnd: text.length, text }]);
  });

  it("cuts long pages at paragraph boundaries with overlap, every chunk a slice of the page", () => {
    const text = Array.from({ length: 12 }, (_, i) => paragraph(i)).join("\n\n");
    const chunks = chunkPage(2, text, 0);
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) {
      expect(text.slice(c.charStart, c.charEnd)).toBe(c.text);
      expect(c.text.length).toBeLessThanOrEqual(1800);
    }
    // Together the chunks cover the whole page, in order.
    expect(chunks[0].charStart).toBe(0);
    expect(chunks.at(-1)!.charEnd).toBe(text.length);
    for (let i = 1; i < chunks.length; i++) expect(chunks[i].charStart).toBeLessThanOrEqual(chunks[i - 1].charEnd);
    expect(chunks.map((c) => c.chunkIndex)).toEqual(chunks.map((_, i) => i));
  });

  it("produces no chunks for blank pages and terminates on text without any break", () => {
    expect(splitPage("   \n\n  ")).toEqual([]);
    const ranges = splitPage("x".repeat(10_000));
    expect(ranges.length).toBeGreaterThan(5);
    expect(ranges.at(-1)![1]).toBe(10_000);
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
