/**
 * get_line_items for a part's name that is also a word captions describe tables with ("Data", as in
 * "selected data", "Selected Financial Data"): the part's own row, not every row of a table whose
 * caption says it holds selected data (net income, gross profit, restructuring). Made-up 10-K text
 * through the real ingest and rules extraction.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import { runExtraction } from "@/lib/extraction/run";
import { tempDir } from "../helpers/fixtures";
import { textFilingsDeal, type TextFilingsDeal } from "../helpers/text-filings-deal";

setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

const body = (year: number) =>
  [
    "Item 7. Management's Discussion and Analysis",
    "Disaggregation of Revenue",
    "Subscription revenues by service offering consisted of the following (in millions):",
    `Fiscal Year Ended December 31, ${year} ${year - 1}`,
    "Analytics $ 4,210 $ 3,900",
    "Data 1,180 1,020",
    "Integration 960 870",
    "Total $ 6,350 $ 5,790",
    "Our estimates may change as new events occur and additional information is obtained, and such changes are recognized as soon as they become known.",
    "Results of Operations",
    "The following tables set forth selected data for each of the periods indicated (in millions):",
    "Fiscal Years Ended December 31,",
    `${year}`, "% of Total", `Revenues ${year - 1}`, "% of Total", "Revenues",
    "Revenues:",
    "Subscription $ 6,350 89 % $ 5,790 90 %",
    "Professional services 750 11 610 10",
    "Total revenues 7,100 100 6,400 100",
    "Gross profit 5,300 75 4,700 73",
    "Restructuring 410 6 120 2",
    "Income from operations 900 13 700 11",
    "Net income 230 3 180 3",
  ].join("\n");

describe("get_line_items: a part named by a word captions describe tables with", () => {
  let deal: TextFilingsDeal;
  beforeAll(async () => {
    deal = await textFilingsDeal("descriptive-title", [2024], body);
    const { rows } = await deal.db.query<{ id: string; deal_id: string }>("select id, deal_id from documents");
    for (const d of rows) await runExtraction(deal.db, { dealId: d.deal_id, documentId: d.id, kind: "findings", mode: "rules" });
  }, 180_000);
  afterAll(() => deal.cleanup());

  it("returns the part's row, not the rows of a table captioned as holding 'selected data'", async () => {
    const out = await deal.call("get_line_items", { items: ["Data"], periods: ["FY2024"] });
    const labels = out.rows.map((r: { label: string }) => r.label);
    expect(labels[0]).toBe("Data");
    expect(out.rows[0].columns.find((c: { period: string }) => c.period === "FY2024")?.value).toBe(1_180_000_000);
    for (const other of ["Net income", "Gross profit", "Restructuring", "Income from operations"]) expect(labels).not.toContain(other);
  });

  it("still finds the rows of that table by their own labels", async () => {
    const out = await deal.call("get_line_items", { items: ["Restructuring"], periods: ["FY2024"] });
    expect(out.rows[0]?.label).toBe("Restructuring");
  });
});
