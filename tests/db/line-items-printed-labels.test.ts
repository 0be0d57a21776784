/**
 * get_line_items on made-up 10-Ks (text pages through the real ingest and rules extraction): an item
 * that is a row's printed label finds that row, whatever concept its words hold ("Merchandise
 * inventories", "Payments for dividends", "Cash dividends paid"); and a qualifier of the item that
 * the concept's own rows do not print ("current remaining performance obligations") takes the row
 * naming it, or says that the row returned is the whole. compute_metric on the same statements: a
 * change or growth asked of one year runs from the year before.
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

/** A company's statements printing its own labels for inventories, deferred revenue and dividends. */
function ownLabels(name: string, k: number, dividends: string): string[] {
  return statements(name, k).map((page) =>
    page
      .replace(/^Inventories /m, "Merchandise inventories ")
      .replace(/^(Accrued liabilities .*)$/m, `$1\nDeferred revenue ${(40 * k).toLocaleString("en-US")} ${(30 * k).toLocaleString("en-US")}`)
      .replace(/^Dividends paid /m, `${dividends} `),
  );
}

const rpoNote = [
  "Note 3. Revenue", "Remaining Performance Obligations",
  "Remaining performance obligations consisted of the following (in millions):", "December 31, 2023 2022",
  "Current $ 2,100 $ 1,800", "Noncurrent 1,900 1,700", "Total $ 4,000 $ 3,500",
].join("\n");
const rpoMetric = [
  "Item 7. Management's Discussion and Analysis", "Key Metrics", "(In millions) 2023 2022",
  "Remaining performance obligations $ 4,000 $ 3,500", "Customers 1,250 1,100",
].join("\n");
const totalOnly = [
  "Item 7. Management's Discussion and Analysis", "Key Metrics", "(In millions) 2023 2022",
  "Remaining performance obligations $ 900 $ 800", "Customers 310 290",
].join("\n");

describe("get_line_items finds a row by its printed label and keeps an item's qualifier", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let ctx: AgentContext;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the output's rows are asserted field by field below
  const lineItems = async (input: unknown): Promise<{ rows: any[]; notFound: string[]; notes: string[] }> => {
    const tools = createAgentTools(ctx) as unknown as Record<string, { inputSchema: { parse: (x: unknown) => unknown }; execute: (i: unknown, o: unknown) => Promise<unknown> }>;
    return (await tools.get_line_items!.execute(tools.get_line_items!.inputSchema.parse(input), { toolCallId: "t", messages: [] })) as never;
  };
  const fy2023 = (row: { columns: Array<{ period: string; value: number }> }) => row.columns.find((c) => c.period === "FY2023")?.value;

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    const deal = await createDeal({ db, slug: "printed-labels", name: "Printed labels" });
    ctx = createAgentContext({ db, deal: { id: deal.id, slug: deal.slug, name: deal.name } });
    const dir = tempDir("manda-line-items-printed-");
    const filings: Array<[string, string[]]> = [
      ["MARLOWE_2023_10K.txt", [cover("MARLOWE OUTFITTERS, INC.", "MRLW", "1-40011"), rpoMetric, ...ownLabels("Marlowe Outfitters, Inc.", 1, "Payments for dividends"), rpoNote]],
      ["QUINTARA_2023_10K.txt", [cover("QUINTARA SYSTEMS CORP.", "QNTS", "1-40012"), totalOnly, ...ownLabels("Quintara Systems Corp.", 3, "Cash dividends paid")]],
    ];
    for (const [file, pages] of filings) {
      const r = await ingestFile({ db, dealId: deal.id, filePath: writeFixture(dir, file, new TextEncoder().encode(pages.join("\f"))) });
      if (r.status !== "indexed" || !r.documentId) throw new Error(`${file} was not indexed`);
      await runExtraction(db, { dealId: deal.id, documentId: r.documentId, kind: "findings", mode: "rules" });
    }
  }, 180_000);
  afterAll(() => cleanup());

  it("answers an item that is a statement line's printed label with that line, first and as a label match", async () => {
    const asked: Array<[string, string, string | undefined, number]> = [
      ["Marlowe", "Merchandise inventories", "balance", 150e6],
      ["Marlowe", "Merchandise inventories", undefined, 150e6],
      ["Marlowe", "Payments for dividends", undefined, -20e6],
      ["Quintara", "Cash dividends paid", "cash_flow", -60e6],
      ["Quintara", "Deferred revenue", "balance", 120e6],
    ];
    for (const [company, item, statement, value] of asked) {
      const out = await lineItems({ company, items: [item], ...(statement ? { statement } : {}) });
      expect(out.notFound, item).toEqual([]);
      expect(out.rows[0], item).toMatchObject({ label: item, source: "statement", match: "label" });
      expect(fy2023(out.rows[0]), item).toBe(value);
    }
  });

  it("finds the same line by the concept as by its printed label", async () => {
    const byConcept = await lineItems({ company: "Marlowe", items: ["inventory"], statement: "balance" });
    expect(byConcept.rows[0]).toMatchObject({ label: "Merchandise inventories" });
  });

  it("answers a current portion asked with the row naming it, in three wordings", async () => {
    for (const item of ["current remaining performance obligations", "remaining performance obligations, current", "current RPO"]) {
      const out = await lineItems({ company: "Marlowe", items: [item], periods: ["FY2023"] });
      expect(out.rows[0], item).toMatchObject({ label: "Current", match: "label" });
      expect(fy2023(out.rows[0]), item).toBe(2_100e6);
      // the total rows come after, never as the item's own row
      for (const r of out.rows.filter((x) => /^(?:Total|Remaining performance obligations)$/.test(x.label))) expect(r.match, item).toBe("table");
    }
    const non = await lineItems({ company: "Marlowe", items: ["non-current remaining performance obligations"], periods: ["FY2023"] });
    expect(non.rows[0]).toMatchObject({ label: "Noncurrent", match: "label" });
    // both asked in one call: each portion is its own item's row
    const both = await lineItems({ company: "Marlowe", items: ["current RPO", "noncurrent RPO"], periods: ["FY2023"] });
    const own = (item: string) => both.rows.filter((r) => r.item === item && r.match === "label").map((r) => r.label);
    expect([own("current RPO")[0], own("noncurrent RPO")[0]]).toEqual(["Current", "Noncurrent"]);
  });

  it("compute_metric: a change or a growth asked of one year runs from the year before, not the level", async () => {
    const tools = createAgentTools(ctx) as unknown as Record<string, { inputSchema: { parse: (x: unknown) => unknown }; execute: (i: unknown, o: unknown) => Promise<unknown> }>;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the output is asserted field by field below
    const compute = async (input: unknown) => (await tools.compute_metric!.execute(tools.compute_metric!.inputSchema.parse(input), { toolCallId: "t", messages: [] })) as Record<string, any>;
    for (const periods of [["FY2023"], ["2023"]]) {
      const change = await compute({ company: "Quintara", metric: "net sales", periods, aggregate: "change" });
      expect(change, periods[0]).toMatchObject({ status: "answered", value: (1000 - 800) * 3e6 });
      expect(change.series.map((x: { period: string }) => x.period), periods[0]).toEqual(["FY2022", "FY2023"]);
      const growth = await compute({ company: "Quintara", metric: "net sales", periods, aggregate: "growth" });
      expect(growth.value, periods[0]).toBeCloseTo(0.25, 6);
    }
  });

  it("says a row returned for a qualified item is the whole when no row names the qualifier", async () => {
    const out = await lineItems({ company: "Quintara", items: ["current remaining performance obligations"], periods: ["FY2023"] });
    expect(out.rows[0]).toMatchObject({ label: "Remaining performance obligations", match: "table" });
    expect(out.notes.join(" ")).toMatch(/names "current".*not its current part/);
    // asked without the qualifier: the same row is the item's, with no such note
    const plain = await lineItems({ company: "Quintara", items: ["remaining performance obligations"], periods: ["FY2023"] });
    expect(plain.rows[0]).toMatchObject({ label: "Remaining performance obligations", match: "label" });
    expect(plain.notes.join(" ")).not.toMatch(/current/);
  });
});
