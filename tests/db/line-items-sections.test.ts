/**
 * get_line_items on a made-up 10-K (text pages through the real ingest and rules extraction):
 * rows of one label under two headings ("Subscription" under "Revenue:" and under "Cost of
 * revenue:") come back each with its section, and a revenue question takes the row under the
 * revenue heading first; a row of two tables printed side by side answers each table's item with
 * that table's figures; a second table under one "(in millions)" caption keeps the caption's scale.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { createAgentContext, type AgentContext } from "@/lib/agent/context";
import { createAgentTools } from "@/lib/agent/tools";
import { runExtraction } from "@/lib/extraction/run";
import { ingestFile } from "@/lib/ingest/ingest";
import { openTestDb } from "../helpers/db";
import { cover } from "../helpers/filings";
import { tempDir, writeFixture } from "../helpers/fixtures";

setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

const income = [
  "Quillon Software, Inc.", "CONSOLIDATED STATEMENTS OF INCOME", "(In millions, except per share data)", "Years Ended December 31, 2023 2022 2021",
  "Revenue:", "Subscription $ 9,000 $ 8,000 $ 7,000", "Services and other 1,000 900 800", "Total revenue 10,000 8,900 7,800",
  "Cost of revenue:", "Subscription 900 820 760", "Services and other 600 560 500", "Total cost of revenue 1,500 1,380 1,260",
  "Gross profit 8,500 7,520 6,540", "Operating expenses:", "Research and development 2,000 1,800 1,600", "Sales and marketing 2,500 2,300 2,100",
  "Total operating expenses 4,500 4,100 3,700", "Operating income 4,000 3,420 2,840", "Provision for income taxes 800 700 600", "Net income $ 3,200 $ 2,720 $ 2,240",
  "(1) Amounts include stock-based compensation expense, as follows:", "Research and development 210 190 170", "Sales and marketing 260 240 220",
  "See accompanying Notes to Consolidated Financial Statements.",
].join("\n");
const mdna = [
  "Item 7. Management's Discussion and Analysis", "Revenue", "(dollars in millions) 2023 2022 2021", "Subscription $ 9,000 $ 8,000 $ 7,000", "Services and other 1,000 900 800", "Total revenue $ 10,000 $ 8,900 $ 7,800",
  "", "Cost of Revenue", "(dollars in millions) 2023 2022 2021", "Subscription $ 900 $ 820 $ 760", "Services and other 600 560 500", "Total cost of revenue $ 1,500 $ 1,380 $ 1,260",
].join("\n");
const productLines = [
  "Note 14. Segment Information", "Revenue by product line was as follows (in millions):", "2023 2022", "Design Suites $ 4,600 $ 4,005", "Cloud Storage 5,400 4,895", "Total revenue $ 10,000 $ 8,900",
].join("\n");
const sideBySide = [
  "The following table presents revenue mix percentages and comparable sales percentage changes by product line:",
  "Revenue Mix Summary          Comparable Sales Summary", "2023 2022 2023 2022",
  "Design Suites 46 % 45 % (6.8)% (0.3)%", "Cloud Storage 54 % 55 % 12.1 % 9.4 %", "Total 100 % 100 % 2.0 % 4.9 %",
  "", "Revenue and long-lived assets by region were as follows (in millions):", "2023 2022", "Revenue:", "Americas $ 6,000 $ 5,400", "Rest of world 4,000 3,500", "Total revenue $ 10,000 $ 8,900",
  "2023 2022", "Long-lived assets:", "Americas 1,200 1,100", "Rest of world 300 280", "Total long-lived assets 1,500 1,380",
].join("\n");

describe("get_line_items tells rows of one label apart and reads each table's own columns and scale", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let ctx: AgentContext;
  const lineItems = async (input: unknown) => {
    const tools = createAgentTools(ctx) as unknown as Record<string, { inputSchema: { parse: (x: unknown) => unknown }; execute: (i: unknown, o: unknown) => Promise<unknown> }>;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the output's rows are asserted field by field below
    return (await tools.get_line_items!.execute(tools.get_line_items!.inputSchema.parse(input), { toolCallId: "t", messages: [] })) as { rows: any[] };
  };

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    const deal = await createDeal({ db, slug: "quillon", name: "Quillon" });
    ctx = createAgentContext({ db, deal: { id: deal.id, slug: deal.slug, name: deal.name } });
    const dir = tempDir("manda-line-items-sections-");
    const file = writeFixture(dir, "QUILLON_2023_10K.txt", new TextEncoder().encode([cover("QUILLON SOFTWARE, INC.", "QLN", "1-40001"), mdna, sideBySide, income, productLines].join("\f")));
    const r = await ingestFile({ db, dealId: deal.id, filePath: file });
    if (r.status !== "indexed" || !r.documentId) throw new Error("not indexed");
    await runExtraction(db, { dealId: deal.id, documentId: r.documentId, kind: "findings", mode: "rules" });
  }, 120_000);
  afterAll(() => cleanup());

  it("returns each statement line of one label with the heading it sits under", async () => {
    const out = await lineItems({ items: ["Subscription"], statement: "income" });
    expect(out.rows.map((r) => [r.label, r.section, r.columns.find((c: { period: string }) => c.period === "FY2023")?.value])).toEqual([
      ["Subscription", "Revenue", 9_000_000_000],
      ["Subscription", "Cost of revenue", 900_000_000],
    ]);
  });

  it("answers subscription revenue with the row under the revenue heading first, the cost row marked by its own", async () => {
    const out = await lineItems({ items: ["subscription revenue"], periods: ["FY2023"] });
    const tableRows = out.rows.filter((r) => r.source === "table" && r.label === "Subscription");
    expect(tableRows[0]).toMatchObject({ section: "Revenue", columns: [expect.objectContaining({ value: 9_000_000_000 })] });
    expect(tableRows.slice(1).map((r) => r.section)).toContain("Cost of Revenue");
  });

  it("reads a row of two tables printed side by side as each table's own", async () => {
    const out = await lineItems({ items: ["comparable sales"], periods: ["FY2023"] });
    const design = out.rows.find((r) => r.label === "Design Suites");
    expect(design).toMatchObject({ table: { title: expect.stringMatching(/Comparable Sales Summary$/) }, section: "Comparable Sales Summary", unit: "%", columns: [expect.objectContaining({ value: -6.8 })] });
  });

  it("answers a product line's revenue with its amount before its share of the revenue mix", async () => {
    const out = await lineItems({ items: ["Design Suites revenue"], periods: ["FY2023"] });
    expect(out.rows[0]).toMatchObject({ label: "Design Suites", columns: [expect.objectContaining({ value: 4_600_000_000 })] });
    expect(out.rows.some((r) => r.unit === "%")).toBe(true);
  });

  it("answers a statement line with the line itself before its footnote's component of the same label", async () => {
    for (const item of ["sales_marketing", "Sales and marketing", "sales and marketing expense"]) {
      const out = await lineItems({ items: [item], periods: ["FY2023"] });
      expect(out.rows[0]?.columns[0]?.value, item).toBe(2_500_000_000);
    }
  });

  it("keeps the caption's scale for the second table it captions", async () => {
    const out = await lineItems({ items: ["long-lived assets"], periods: ["FY2023"] });
    const americas = out.rows.find((r) => r.label === "Americas" && r.section === "Long-lived assets");
    expect(americas).toMatchObject({ scale: 1e6, columns: [expect.objectContaining({ value: 1_200_000_000 })] });
  });
});
