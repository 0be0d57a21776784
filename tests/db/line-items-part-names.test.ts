/**
 * get_line_items reads a part's name as the filing prints it: a table row printed "U.S." or "United
 * States" is the US part asked ("US revenue", "United States revenue", "u.s. net sales"), and the
 * "used" of "Net cash used in investing activities" never is. The companies and figures are made up.
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
import { cover, statements } from "../helpers/filings";
import { tempDir, writeFixture } from "../helpers/fixtures";

setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

/** An MD&A table of net sales by geography, its home market printed as `home`. */
const geography = (home: string, k: number) => {
  const n = (v: number) => (v * k).toLocaleString("en-US");
  return [
    "Item 7. Management's Discussion and Analysis", "Results of Operations",
    "The following table presents net sales by geography (in millions, except percentages):", "Year Ended December 31, 2023 % Change 2022",
    "Net Sales by Geography:", `${home} $ ${n(430)} 8% $ ${n(400)}`, `International ${n(570)} 14% ${n(500)}`, `Total net sales $ ${n(1000)} 11% $ ${n(900)}`,
  ].join("\n");
};

/** Net sales by groups of products, one group opened in the last year (dashes before it) and named by a count's noun. */
const groups = [
  "Note 11 — Segment Information", "Net sales by groups of similar products and services is as follows (in millions):", "Year Ended December 31, 2021 2022 2023",
  "Net Sales:", "Web shops (1) $ 763 $ 814 $ 835", "Outlet stores (2) — — 579", "Services 308 322 341", "Consolidated $ 1,071 $ 1,136 $ 1,755",
].join("\n");

describe("get_line_items reads a part's name as the filing prints it", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let ctx: AgentContext;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the output's rows are asserted field by field below
  const lineItems = async (input: unknown): Promise<{ rows: any[]; notFound: string[] }> => {
    const tools = createAgentTools(ctx) as unknown as Record<string, { inputSchema: { parse: (x: unknown) => unknown }; execute: (i: unknown, o: unknown) => Promise<unknown> }>;
    return (await tools.get_line_items!.execute(tools.get_line_items!.inputSchema.parse(input), { toolCallId: "t", messages: [] })) as never;
  };
  const fy2023 = (row: { columns: Array<{ period: string; value: number }> }) => row.columns.find((c) => c.period === "FY2023")?.value;

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    const deal = await createDeal({ db, slug: "part-names", name: "Part names" });
    ctx = createAgentContext({ db, deal: { id: deal.id, slug: deal.slug, name: deal.name } });
    const dir = tempDir("manda-line-items-part-names-");
    const filings: Array<[string, string[]]> = [
      ["HALVERN_2023_10K.txt", [cover("HALVERN GOODS, INC.", "HLVN", "1-40021"), geography("U.S.", 1), ...statements("Halvern Goods, Inc.", 1)]],
      ["OSTRAKON_2023_10K.txt", [cover("OSTRAKON DEVICES CORP.", "OSTK", "1-40022"), geography("United States", 2), ...statements("Ostrakon Devices Corp.", 2)]],
      ["VELMORA_2023_10K.txt", [cover("VELMORA RETAIL, INC.", "VLMR", "1-40023"), groups, ...statements("Velmora Retail, Inc.", 3)]],
    ];
    for (const [file, pages] of filings) {
      const r = await ingestFile({ db, dealId: deal.id, filePath: writeFixture(dir, file, new TextEncoder().encode(pages.join("\f"))) });
      if (r.status !== "indexed" || !r.documentId) throw new Error(`${file} was not indexed`);
      await runExtraction(db, { dealId: deal.id, documentId: r.documentId, kind: "findings", mode: "rules" });
    }
  }, 180_000);
  afterAll(() => cleanup());

  it("finds the home market's row printed 'U.S.' or 'United States', however the part is asked", async () => {
    for (const [company, value] of [["Halvern", 430e6], ["Ostrakon", 860e6]] as const) {
      for (const item of ["US net sales", "United States net sales", "u.s. net sales"]) {
        const out = await lineItems({ company, items: [item], periods: ["FY2023"] });
        expect(out.rows.length, `${company}: ${item}`).toBeGreaterThan(0);
        expect(fy2023(out.rows[0]), `${company}: ${item}`).toBe(value);
      }
    }
  });

  it("never reads the 'used' of a cash flow line as the US part", async () => {
    for (const item of ["US", "US net sales"]) {
      const out = await lineItems({ company: "Halvern", items: [item], periods: ["FY2023"] });
      expect(out.rows.map((r) => r.label).filter((l: string) => /\bused\b/i.test(l)), item).toEqual([]);
    }
  });

  it("reads a part named by a count's noun before the figure ('outlet stores revenue') as that part's amount, in the table's scale", async () => {
    for (const item of ["outlet stores revenue", "outlet stores net sales", "outlet stores"]) {
      const out = await lineItems({ company: "Velmora", items: [item], periods: ["FY2023"] });
      expect(out.rows[0]?.label, item).toBe("Outlet stores");
      expect(fy2023(out.rows[0]), item).toBe(579e6);
    }
  });
});
