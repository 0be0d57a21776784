/**
 * compute_metric on a metric built on a figure the company states itself (free cash flow): where the
 * company prints its own row for the figure, named by the figure alone, the metric is computed with
 * that figure, flagged in `stated`, with the statement-line computation given in a note; the same
 * whether the caller names the metric ("fcf_margin", "free_cash_flow") or a formula naming the figure
 * ("free_cash_flow / revenue"). A formula spelling out the figure's parts, or a company printing only
 * a variant of the figure, is computed from the statement lines. A formula that is one id alone reads
 * as that metric. Made-up 10-Ks through the real ingest.
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

/** The company's own free cash flow: operating cash flow less capex net of proceeds (not the gross purchases the cash-flow statement prints). */
const ownFcf = (label: string, k: number) =>
  [
    "Item 7. Management's Discussion and Analysis",
    "Free Cash Flow",
    "The following table reconciles our free cash flow to net cash provided by operating activities (in millions):",
    "Years Ended December 31, 2023 2022 2021",
    `Net cash provided by operating activities $ ${200 * k} $ ${140 * k} $ ${120 * k}`,
    `Purchases of property and equipment, net of proceeds from sales (${80 * k}) (${70 * k}) (${60 * k})`,
    `${label} $ ${120 * k} $ ${70 * k} $ ${60 * k}`,
  ].join("\n");

describe("compute_metric with a figure the company states itself", () => {
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
    const deal = await createDeal({ db, slug: "stated-fcf", name: "Stated FCF" });
    ctx = createAgentContext({ db, deal: { id: deal.id, slug: deal.slug, name: deal.name } });
    const dir = tempDir("manda-stated-fcf-");
    const filings: Array<[string, string[]]> = [
      ["ORRERY_2023_10K.txt", [cover("ORRERY INSTRUMENTS, INC.", "ORRY", "1-40021"), ownFcf("Free cash flow", 1), ...statements("Orrery Instruments, Inc.", 1)]],
      ["VANTLE_2023_10K.txt", [cover("VANTLE FOODS CORP.", "VNTL", "1-40022"), ownFcf("Free cash flow less principal repayments of finance leases", 1), ...statements("Vantle Foods Corp.", 1)]],
    ];
    for (const [file, pages] of filings) {
      const r = await ingestFile({ db, dealId: deal.id, filePath: writeFixture(dir, file, new TextEncoder().encode(pages.join("\f"))) });
      if (r.status !== "indexed" || !r.documentId) throw new Error(`${file} was not indexed`);
      await runExtraction(db, { dealId: deal.id, documentId: r.documentId, kind: "findings", mode: "rules" });
    }
  }, 180_000);
  afterAll(() => cleanup());

  it("computes a metric built on the figure with the company's own, flagged stated, however the metric is named", async () => {
    // the statement lines give 200 − 110 = 90 on revenue 1,000; the company's own figure is 120
    for (const input of [{ metric: "fcf_margin" }, { formula: "free_cash_flow / revenue", unit: "percent" }, { formula: "fcf / revenue", metric: "FCF as % of revenue" }]) {
      const out = await compute({ company: "Orrery", periods: ["FY2023"], ...input });
      expect(out.status, JSON.stringify(input)).toBe("answered");
      expect(out.value, JSON.stringify(input)).toBeCloseTo(0.12, 6);
      expect(out.stated?.[0]).toMatchObject({ label: "Free cash flow", period: "FY2023", value: 120e6 });
      expect(out.inputs.some((i: { label: string; value: number }) => i.label === "Free cash flow" && i.value === 120e6)).toBe(true);
      expect(out.notes.join(" ")).toMatch(/computed from statement lines instead .* would be 9(?:\.0)?%|would be 0\.09/);
    }
    const own = await compute({ company: "Orrery", periods: ["FY2023"], metric: "free_cash_flow" });
    expect(own.value).toBe(120e6);
    expect(own.formatted).toMatch(/USD 120 million/);
    expect(own.stated?.length).toBeGreaterThan(0);
  });

  it("reads a change or growth of the figure itself from the company's own row at both ends, never a metric built on it", async () => {
    // the company's own: 60 (2021) → 120 (2023); the statement lines would give other values
    const change = await compute({ company: "Orrery", periods: ["FY2021", "FY2023"], metric: "free_cash_flow", aggregate: "change" });
    expect(change.status).toBe("answered");
    expect(change.value).toBe(60e6);
    expect(change.stated?.length).toBeGreaterThan(0);
    const growth = await compute({ company: "Orrery", periods: ["FY2021", "FY2022", "FY2023"], metric: "free_cash_flow", aggregate: "growth" });
    expect(growth.value).toBeCloseTo(1, 6);
    const margin = await compute({ company: "Orrery", periods: ["FY2022", "FY2023"], metric: "fcf_margin", aggregate: "change" });
    expect(margin.inputs.some((i: { label: string }) => i.label === "Free cash flow")).toBe(false);
  });

  it("computes from statement lines a formula that spells out the figure's parts, or a figure the company states only in a variant", async () => {
    const parts = await compute({ company: "Orrery", periods: ["FY2023"], formula: "(operating_cash_flow - capital_expenditure) / revenue" });
    expect(parts.value).toBeCloseTo(0.09, 6);
    const variant = await compute({ company: "Vantle", periods: ["FY2023"], metric: "fcf_margin" });
    expect(variant.value).toBeCloseTo(0.09, 6);
    expect(variant.inputs.some((i: { label: string }) => /free cash flow/i.test(i.label))).toBe(false);
  });

  it("reads a formula that is one metric or line item id alone as that metric", async () => {
    const margin = await compute({ company: "Vantle", periods: ["FY2023"], formula: "operating_margin" });
    expect(margin.status).toBe("answered");
    expect(margin.value).toBeCloseTo(0.2, 6);
    const capex = await compute({ company: "Vantle", periods: ["FY2023"], formula: "capital_expenditure" });
    expect(Math.abs(capex.value)).toBe(110e6);
  });
});
