/**
 * compute_metric on a change across years whose earlier year a later filing restated: both ends are
 * read from one filing (the one reporting the latest year compared), never the later filing's figure
 * beside the earlier filing's original one; a level is still the year's own filing's figure. Made-up
 * 10-Ks through the real ingest and rules extraction.
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
import { tempDir, writeFixture } from "../helpers/fixtures";

setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

const cover = (year: number) =>
  [
    "UNITED STATES", "SECURITIES AND EXCHANGE COMMISSION", "FORM 10-K", `For the fiscal year ended December 31, ${year}`, "Commission File Number 1-40077", "",
    "QUILLON MARKETS, INC.", "(Exact name of registrant as specified in its charter)",
    "Title of each class Trading Symbol(s) Name of each exchange on which registered", "Common Stock QLMK New York Stock Exchange",
  ].join("\n");

/** An income statement of three years; `sales` newest first. */
const income = (years: [number, number, number], sales: [number, number, number]) =>
  [
    "Quillon Markets, Inc. and Subsidiaries", "Consolidated Statements of Income", "(In millions, except per share data)", `Years Ended December 31, ${years.join(" ")}`,
    `Net revenues $ ${sales.map((v) => v.toLocaleString("en-US")).join(" $ ")}`,
    `Cost of revenues ${sales.map((v) => (v * 0.4).toLocaleString("en-US")).join(" ")}`,
    `Gross profit ${sales.map((v) => (v * 0.6).toLocaleString("en-US")).join(" ")}`,
    `Operating income ${sales.map((v) => (v * 0.2).toLocaleString("en-US")).join(" ")}`,
    `Net income $ ${sales.map((v) => (v * 0.1).toLocaleString("en-US")).join(" $ ")}`,
    "See accompanying Notes to Consolidated Financial Statements.",
  ].join("\n");

describe("compute_metric on a change whose earlier year a later filing restated", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let ctx: AgentContext;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the output is asserted field by field
  const compute = async (input: unknown): Promise<Record<string, any>> => {
    const tools = createAgentTools(ctx) as unknown as Record<string, { inputSchema: { parse: (x: unknown) => unknown }; execute: (i: unknown, o: unknown) => Promise<unknown> }>;
    return (await tools.compute_metric!.execute(tools.compute_metric!.inputSchema.parse(input), { toolCallId: "t", messages: [] })) as never;
  };

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    const deal = await createDeal({ db, slug: "quillon", name: "Quillon" });
    ctx = createAgentContext({ db, deal: { id: deal.id, slug: deal.slug, name: deal.name } });
    const dir = tempDir("manda-restated-");
    // the 2023 report restates 2022 (9,000 as first reported → 9,600) and 2021 (8,000 → 8,500)
    const filings: Array<[string, string[]]> = [
      ["QUILLON_2022_10K.txt", [cover(2022), income([2022, 2021, 2020], [9000, 8000, 7000])]],
      ["QUILLON_2023_10K.txt", [cover(2023), income([2023, 2022, 2021], [10000, 9600, 8500])]],
    ];
    for (const [file, pages] of filings) {
      const r = await ingestFile({ db, dealId: deal.id, filePath: writeFixture(dir, file, new TextEncoder().encode(pages.join("\f"))) });
      if (r.status !== "indexed" || !r.documentId) throw new Error(`${file} was not indexed`);
      await runExtraction(db, { dealId: deal.id, documentId: r.documentId, kind: "findings", mode: "rules" });
    }
  }, 180_000);
  afterAll(() => cleanup());

  it("reads 2023's growth on the 2023 filing's restated 2022, not the 2022 filing's original figure", async () => {
    const out = await compute({ metric: "revenue", periods: ["FY2023"], aggregate: "growth" });
    expect(out.series.map((x: { value: number }) => x.value)).toEqual([9_600_000_000, 10_000_000_000]);
    expect(out.formatted).toBe("4.2%");
  });

  it("reads 2022's growth as the 2022 filing reported it, and a level from the year's own filing", async () => {
    expect((await compute({ metric: "revenue", periods: ["FY2022"], aggregate: "growth" })).formatted).toBe("12.5%");
    expect((await compute({ metric: "revenue", periods: ["FY2022"] })).value).toBe(9_000_000_000);
  });
});
