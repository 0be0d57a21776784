/**
 * Every catalog metric, asked in analyst English and computed from the made-up company's
 * statements (metrics-fixture.ts, USD millions); expected values are worked out by hand there.
 */
import { describe, expect, it } from "vitest";
import { CATALOG, computeMetric, parseMetricQuestion } from "@/lib/metrics";
import { fixtureSource } from "./metrics-fixture";

const M = 1e6;

// [question, catalog id, expected value (units; percents as fractions)]
const CASES: Array<[string, string, number]> = [
  ["What was the FY2022 gross margin?", "gross_margin", 600 / 1500],
  ["What is the operating margin for FY2022?", "operating_margin", 320 / 1500],
  ["What was the net profit margin in fiscal 2022?", "net_margin", 228 / 1500],
  ["What is the FY2022 EBITDA margin?", "ebitda_margin", 370 / 1500],
  ["What is the pre-tax margin for FY2022?", "pretax_margin", 304 / 1500],
  ["What was the free cash flow margin in FY2022?", "fcf_margin", 170 / 1500],
  ["What was capex as a % of revenue in FY2022?", "capex_to_revenue", 120 / 1500],
  ["What was cost of sales as a percentage of revenue in FY2022?", "cogs_to_revenue", 900 / 1500],
  ["What is the effective tax rate for FY2021?", "effective_tax_rate", 60 / 240],
  ["What was the dividend payout ratio in FY2022?", "dividend_payout", 60 / 228],
  ["What was the retention ratio in FY2022?", "retention_ratio", 168 / 228],
  ["What was unadjusted EBITDA in FY2022?", "ebitda", 370 * M],
  ["How much free cash flow did the company generate in FY2022?", "free_cash_flow", 170 * M],
  ["What was working capital at the end of FY2021?", "working_capital", 120 * M],
  ["What is total debt at year end FY2022?", "total_debt", 390 * M],
  ["What is net debt for FY2022?", "net_debt", 300 * M],
  ["What is the current ratio for FY2021?", "current_ratio", 500 / 380],
  ["What is the quick ratio for FY2021?", "quick_ratio", 340 / 380],
  ["What is the cash ratio for FY2021?", "cash_ratio", 130 / 380],
  ["What is the FY2022 operating cash flow ratio?", "operating_cash_flow_ratio", 290 / 600],
  ["What is the debt-to-equity ratio at FY2022?", "debt_to_equity", 390 / 900],
  ["What is the debt to EBITDA ratio for FY2022?", "debt_to_ebitda", 390 / 370],
  ["What is the interest coverage ratio in FY2022?", "interest_coverage", 320 / 16],
  ["What was return on assets (ROA) in FY2022?", "roa", 228 / 1900],
  ["What was return on equity in FY2022?", "roe", 228 / 860],
  ["What was FCF conversion in FY2022?", "fcf_conversion", 170 / 228],
  ["What was the cash conversion ratio in FY2022?", "cash_conversion", 290 / 228],
  ["What was the inventory turnover in FY2022?", "inventory_turnover", 900 / 180],
  ["What was receivables turnover in FY2022?", "receivables_turnover", 1500 / 140],
  ["What was the payables turnover in FY2022?", "payables_turnover", 900 / 110],
  ["What was total asset turnover in FY2022?", "asset_turnover", 1500 / 1900],
  ["What was the fixed asset turnover in FY2022?", "fixed_asset_turnover", 1500 / 580],
  ["What were days sales outstanding in FY2022?", "dso", (365 * 140) / 1500],
  ["What is DIO for FY2022?", "dio", (365 * 180) / 900],
  ["What is days payable outstanding for FY2022?", "dpo", (365 * 110) / 900],
  ["What is the cash conversion cycle in FY2022?", "ccc", (365 * 140) / 1500 + (365 * 180) / 900 - (365 * 110) / 900],
];

describe("catalog: every standard metric from its analyst name", () => {
  it("covers every catalog entry", () => {
    expect(new Set(CASES.map((c) => c[1]))).toEqual(new Set(CATALOG.map((c) => c.id)));
  });

  it.each(CASES)("%s → %s", async (question, id, expected) => {
    const req = parseMetricQuestion(question);
    expect(req?.metric.id).toBe(id);
    const result = await computeMetric(req!, fixtureSource());
    expect(result.missing).toEqual([]);
    expect(result.value).toBeCloseTo(expected, 6);
  });
});

describe("line items asked directly", () => {
  it.each([
    ["What is the FY2022 capital expenditure amount in USD millions?", "capital_expenditure", 120 * M, "USD 120 million"],
    ["What was net PP&E at year end FY2021 (in USD billions)?", "ppe_net", 560 * M, "USD 0.56 billion"],
    ["How much total current assets did the company have at the end of FY2019? Answer in USD millions.", "total_current_assets", 400 * M, "USD 400 million"],
    ["What is the FY2021 COGS? State it in USD millions.", "cost_of_revenue", 700 * M, "USD 700 million"],
    ["What is the year end FY2022 total amount of inventories?", "inventories", 200 * M, "USD 200 million"],
    ["What was net income attributable to shareholders in FY2020 (in USD millions)?", "net_income", 144 * M, "USD 144 million"],
    ["What were dividends paid in FY2021?", "dividends_paid", 50 * M, "USD 50 million"],
  ])("%s", async (question, key, value, formatted) => {
    const req = parseMetricQuestion(question)!;
    expect(req.metric.id).toBe(key);
    const r = await computeMetric(req, fixtureSource());
    expect(r.value).toBeCloseTo(value, 0);
    expect(r.formatted).toBe(formatted);
  });

  it("derives gross profit from revenue and cost of revenue when the statement prints no gross profit line", async () => {
    const r = await computeMetric(parseMetricQuestion("What was the gross margin in FY2019?")!, fixtureSource());
    expect(r.value).toBeCloseTo(300 / 800, 6);
    expect(r.inputs.map((i) => i.key).sort()).toEqual(["cost_of_revenue", "revenue"]);
    expect(r.notes.join(" ")).toMatch(/Gross profit for FY2019 is not printed/);
  });

  it("reads an expense printed negative under an '(expense) benefit' label as a positive expense", async () => {
    const r = await computeMetric(parseMetricQuestion("What was the effective tax rate in FY2020?")!, fixtureSource());
    expect(r.value).toBeCloseTo(0.2, 6);
    expect(r.inputs.find((i) => i.key === "income_tax_expense")?.used).toBe(36 * M);
  });
});
