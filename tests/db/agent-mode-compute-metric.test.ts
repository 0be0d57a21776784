/**
 * Agent Mode with compute_metric: a made-up company's 10-K text filing through the real ingest and
 * findings extraction; the request asks for a margin the pages do not print. The offline model
 * reads the pages, then calls compute_metric (the chat agent's metric engine) instead of
 * disclosing a gap; the inputs' statement pages become the run's citations and the gate accepts
 * the computed figure only as the engine states it. Expected values are this fixture's arithmetic.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOfflineModel } from "@/lib/agent/offline";
import { runAgentModeForDeal } from "@/lib/agent/mode";
import { getRequestUser } from "@/lib/auth/request";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { runExtraction } from "@/lib/extraction/run";
import { ingestFile } from "@/lib/ingest/ingest";
import { openTestDb } from "../helpers/db";
import { tempDir, writeFixture } from "../helpers/fixtures";

setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

const FILE = "CORVELLE_2023_10K.txt";
const pages = [
  ["UNITED STATES", "SECURITIES AND EXCHANGE COMMISSION", "FORM 10-K", "For the fiscal year ended December 31, 2023", "Commission File Number 1-24680", "", "CORVELLE TOOLWORKS, INC.", "(Exact name of registrant as specified in its charter)"].join("\n"),
  [
    "Corvelle Toolworks, Inc. and Subsidiaries", "Consolidated Statements of Income", "(In millions, except per share data)", "Years Ended December 31, 2023 2022 2021",
    "Net sales $ 1,250 $ 1,000 $ 900", "Cost of sales 750 620 560", "Gross profit 500 380 340", "Selling, general and administrative expenses 180 150 140",
    "Research and development expenses 70 50 40", "Operating income 250 180 160", "Interest expense 25 20 20", "Income before income taxes 225 160 140",
    "Provision for income taxes 50 35 30", "Net income $ 175 $ 125 $ 110", "See accompanying Notes to Consolidated Financial Statements.",
  ].join("\n"),
  [
    "Corvelle Toolworks, Inc. and Subsidiaries", "Consolidated Statements of Cash Flows", "(In millions)", "Years Ended December 31, 2023 2022 2021",
    "Operating activities", "Net income $ 175 $ 125 $ 110", "Depreciation and amortization 75 60 50", "Net cash provided by operating activities 250 185 160",
    "Investing activities", "Purchases of property, plant and equipment (120) (100) (80)", "Net cash used in investing activities (120) (100) (80)",
    "Financing activities", "Dividends paid (30) (25) (20)", "Net cash used in financing activities (30) (25) (20)", "Net increase in cash and cash equivalents 100 60 60",
    "Cash and cash equivalents at beginning of year 300 240 180", "Cash and cash equivalents at end of year $ 400 $ 300 $ 240", "See accompanying Notes to Consolidated Financial Statements.",
  ].join("\n"),
];

describe("Agent Mode computes a margin the pages do not print (compute_metric)", () => {
  let db: Db;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    const dealId = (await createDeal({ db, slug: "corvelle", name: "Corvelle" })).id;
    const r = await ingestFile({ db, dealId, filePath: writeFixture(tempDir("manda-am-metric-"), FILE, new TextEncoder().encode(pages.join("\f"))) });
    if (r.status !== "indexed" || !r.documentId) throw new Error(`${FILE} was not indexed`);
    await runExtraction(db, { dealId, documentId: r.documentId, kind: "findings", mode: "rules" });
  }, 120_000);
  afterAll(() => cleanup());

  it("states the engine's EBITDA margin with its inputs cited from both statement pages, via a compute_metric call in the trace", async () => {
    const r = await runAgentModeForDeal({ db, dealRef: "corvelle", user: await getRequestUser(), question: "What was the FY2023 EBITDA margin?", model: createOfflineModel(), returnTrace: true });
    // (250 + 75) / 1,250 = 26.0%
    const calls = r.trace!.filter((e) => e.type === "tool_call" && e.tool === "compute_metric");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.type === "tool_call" && calls[0]!.ok).toBe(true);
    expect(r.status).toBe("validated");
    const line = r.answer.split("\n").find((l) => /EBITDA margin/i.test(l) && /\d%/.test(l)) ?? "";
    expect(line).toMatch(/\b26(?:\.0)?%/);
    expect(line).not.toMatch(/Insufficient documentation/);
    expect(r.insufficiencies).toEqual([]);
    // the inputs' pages: the income statement (operating income, net sales) and the cash flow statement (D&A)
    const cited = new Set(r.citations.map((c) => `${c.document} p.${c.page}`));
    expect(cited).toEqual(new Set([`${FILE} p.2`, `${FILE} p.3`]));
    for (const c of r.citations) expect(line).toContain(`[${c.n}]`);
    expect(r.stats.toolCalls).toBeLessThanOrEqual(r.stats.toolBudget);
  });

  it("computes each margin asked for itself (an EBITDA margin is no operating margin), and quotes a statement row when a quote is asked", async () => {
    const r = await runAgentModeForDeal({ db, dealRef: "corvelle", user: await getRequestUser(), question: "FY2023 EBITDA margin and operating margin. Quote the exact figure.", model: createOfflineModel(), returnTrace: true });
    expect(r.status).toBe("validated");
    const line = (re: RegExp) => r.answer.split("\n").find((l) => re.test(l)) ?? "";
    expect(line(/^- \*\*EBITDA margin/)).toMatch(/\b26(?:\.0)?%/);
    // (250) / 1,250 = 20.0%
    expect(line(/^- \*\*Operating margin/)).toMatch(/\b20(?:\.0)?%/);
    expect(line(/^- \*\*Operating margin/)).not.toMatch(/\b26(?:\.0)?%/);
    expect(r.trace!.filter((e) => e.type === "tool_call" && e.tool === "compute_metric")).toHaveLength(2);
    // the quoted row is a line of the income statement page, cited with its number
    const quoted = /"([^"]+)" \[(\d+)\]/.exec(r.answer);
    expect(quoted).not.toBeNull();
    expect(pages[1]).toContain(quoted![1]);
    expect(r.citations.find((c) => c.n === Number(quoted![2]))?.page).toBe(2);
  });
});
