/**
 * A line item a statement prints only in part: the cash-flow statement's capex line is the
 * purchase of PP&E, beside capitalised software, while the filing states total capital
 * expenditures in MD&A. A question naming capex gets the stated total (cited at its page); a
 * question naming the component gets the statement line.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { answerMetricQuestion } from "@/lib/agent/knowledge/metric-answer";
import { SourceRegistry } from "@/lib/agent/sources";
import { runExtraction } from "@/lib/extraction/run";
import { ingestFile } from "@/lib/ingest/ingest";
import { openTestDb } from "../helpers/db";
import { tempDir, writeFixture } from "../helpers/fixtures";

setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

const PAGES = [
  ["UNITED STATES", "SECURITIES AND EXCHANGE COMMISSION", "FORM 10-K", "For the fiscal year ended December 31, 2023", "Commission File Number 1-24680", "", "QUILLFORD SYSTEMS, INC.", "(Exact name of registrant as specified in its charter)"].join("\n"),
  [
    "Item 7. Management's Discussion and Analysis",
    "Liquidity and capital resources",
    "Capital expenditures, including capitalized software development costs, were $150 million in 2023, compared with $120 million in 2022.",
  ].join("\n\n"),
  [
    "Consolidated Statements of Income", "(In millions, except per share data)", "Years Ended December 31, 2023 2022",
    "Net sales $ 1,000 $ 800", "Cost of sales 600 500", "Gross profit 400 300", "Selling, general and administrative expenses 200 160",
    "Operating income 200 140", "Income before income taxes 200 140", "Provision for income taxes 60 50", "Net income $ 140 $ 90",
    "See accompanying Notes to Consolidated Financial Statements.",
  ].join("\n"),
  [
    "Consolidated Balance Sheets", "(In millions)", "December 31, 2023 2022",
    "Assets", "Cash and cash equivalents $ 260 $ 250", "Accounts receivable, net 200 180", "Inventories 150 120", "Total current assets 610 550",
    "Property, plant and equipment, net 540 450", "Total assets $ 1,150 $ 1,000",
    "Liabilities and Stockholders' Equity", "Accounts payable $ 100 $ 90", "Accrued liabilities 150 110", "Total current liabilities 250 200",
    "Long-term debt 300 320", "Total liabilities 550 520", "Total stockholders' equity 600 480", "Total liabilities and stockholders' equity $ 1,150 $ 1,000",
    "See accompanying Notes to Consolidated Financial Statements.",
  ].join("\n"),
  [
    "Consolidated Statements of Cash Flows", "(In millions)", "Years Ended December 31, 2023 2022",
    "Operating activities", "Net income $ 140 $ 90", "Depreciation and amortization 60 50", "Net cash provided by operating activities 200 140",
    "Investing activities", "Purchases of property, plant and equipment (110) (90)", "Capitalized software development costs (40) (30)",
    "Net cash used in investing activities (150) (120)",
    "Financing activities", "Repayment of long-term debt (20) (10)", "Dividends paid (20) (10)", "Net cash used in financing activities (40) (20)",
    "Net increase in cash and cash equivalents 10 0", "Cash and cash equivalents at beginning of year 250 250", "Cash and cash equivalents at end of year $ 260 $ 250",
    "See accompanying Notes to Consolidated Financial Statements.",
  ].join("\n"),
];

describe("a total the filing states over the one component its statement line is", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let dealId: string;
  const ask = (question: string, sources = new SourceRegistry("quill")) => answerMetricQuestion({ db, dealId, sources }, { question });

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    dealId = (await createDeal({ db, slug: "quill", name: "Quill" })).id;
    const r = await ingestFile({ db, dealId, filePath: writeFixture(tempDir("manda-stated-"), "QUILLFORD_2023_10K.txt", new TextEncoder().encode(PAGES.join("\f"))) });
    if (r.status !== "indexed" || !r.documentId) throw new Error("not indexed");
    await runExtraction(db, { dealId, documentId: r.documentId, kind: "findings", mode: "rules" });
  }, 120_000);
  afterAll(() => cleanup());

  it("answers capex with the stated total, cited at the page that states it", async () => {
    const r = await ask("What was Quillford's capital expenditure in FY2023, in USD millions?");
    expect(r.status).toBe("answered");
    expect(r.answer).toMatch(/USD 150 million/);
    expect(r.answer).toContain("(source: QUILLFORD_2023_10K.txt, p.2)");
    expect(r.answer).not.toMatch(/USD 110 million/);
  });

  it("answers the component, named as such, from the statement line", async () => {
    const r = await ask("What were Quillford's purchases of property, plant and equipment in FY2023, in USD millions?");
    expect(r.status).toBe("answered");
    expect(r.answer).toMatch(/USD 110 million/);
    expect(r.answer).toContain("(source: QUILLFORD_2023_10K.txt, p.5)");
  });
});
