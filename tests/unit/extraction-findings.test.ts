import { describe, expect, it } from "vitest";
import { extractFindingsFromPages } from "@/lib/extraction/findings";
import type { FindingPayload } from "@/lib/extraction/types";
import { verifyExcerpt } from "@/lib/extraction/citation";

const run = async (pages: { pageNumber: number; text: string; label?: string; cells?: { ref: string; value: string; num?: number; start: number }[] }[], filename = "X_2018_10K.pdf", extra: Record<string, unknown> = {}) =>
  (await extractFindingsFromPages(pages, { filename, fiscalYear: 2018, fiscalPeriod: "FY", ...extra })).candidates;
const find = (cs: Awaited<ReturnType<typeof run>>, key: string, period: string) => cs.filter((c) => (c.payload as FindingPayload).metricKey === key && (c.payload as FindingPayload).period === period);

const CASH_FLOW = `3M Company and Subsidiaries
Consolidated Statement of Cash Flow s
Years ended December 31
(Millions) 2018 2017 2016
Cash Flows from Operating Activities
Net income including noncontrolling interest $ 5,363 $ 4,869 $ 5,058
Net cash provided by (used in) operating activities 6,439 6,240 6,662
Cash Flows from Investing Activities
Purchases of property, plant and equipment (PP&E) (1,577) (1,373) (1,420)
Proceeds from sale of PP&E and other assets 262 49 58`;

describe("findings extractor: statement tables", () => {
  it("maps columns to fiscal years, normalises scale and parentheses, cites the row", async () => {
    const cs = await run([{ pageNumber: 60, text: CASH_FLOW }]);
    const capex = find(cs, "capital_expenditure", "FY2018")[0]!;
    const p = capex.payload as FindingPayload;
    expect(p.valueNum).toBe(-1_577_000_000);
    expect(p.valueText).toBe("(1,577)");
    expect(p.currency).toBe("USD");
    expect(p.periodEnd).toBe("2018-12-31");
    expect(capex.evidence.page).toBe(60);
    expect(capex.evidence.text).toContain("(1,577)");
    expect(capex.confidenceScore).toBeGreaterThanOrEqual(0.9);
    expect(verifyExcerpt({ pageNumber: 60, text: CASH_FLOW }, capex.evidence.text).ok).toBe(true);
    expect((find(cs, "capital_expenditure", "FY2016")[0]!.payload as FindingPayload).valueNum).toBe(-1_420_000_000);
    expect((find(cs, "operating_cash_flow", "FY2017")[0]!.payload as FindingPayload).valueNum).toBe(6_240_000_000);
  });
  it("reads fiscal year ends from date headers (Best Buy late January, Nike May)", async () => {
    const bby = `Consolidated Statements of Earnings\n$ in millions, except per share amounts\nFiscal Years Ended February 2, 2019 February 3, 2018 January 28, 2017\nRevenue $ 42,879 $ 42,151 $ 39,403\nNet earnings $ 1,464 $ 1,000 $ 1,228`;
    const cs = await run([{ pageNumber: 53, text: bby }], "BESTBUY_2019_10K.pdf");
    const r = find(cs, "revenue", "FY2019")[0]!.payload as FindingPayload;
    expect(r.valueNum).toBe(42_879_000_000);
    expect(r.periodEnd).toBe("2019-02-02");
    expect((find(cs, "revenue", "FY2017")[0]!.payload as FindingPayload).periodEnd).toBe("2017-01-28");
    const nike = `CONSOLIDATED STATEMENTS OF INCOME\nYEAR ENDED MAY 31,\n(In millions, except per share data) 2019 2018 2017\nRevenues $ 39,117 $ 36,397 $ 34,350\nNET INCOME $ 4,029 $ 1,933 $ 4,240`;
    const n = await run([{ pageNumber: 52, text: nike }], "NIKE_2019_10K.pdf");
    const ni = find(n, "net_income", "FY2019")[0]!.payload as FindingPayload;
    expect(ni.valueNum).toBe(4_029_000_000);
    expect(ni.periodEnd).toBe("2019-05-31");
  });
  it("splits quarter and year-to-date columns of an interim statement", async () => {
    const q = `Condensed income statement\nEUR thousands Q3 2024 Q3 2023 9M 2024 9M 2023\nRevenue 5,200 4,640 14,500 13,240\nEBITDA 1,200 1,000 3,100 2,600\nGross margin 42.0% 45.0% 43.6% 45.0%`;
    const cs = await run([{ pageNumber: 3, text: q }], "Q3_2024_Report.pdf", { fiscalYear: 2024, fiscalPeriod: "Q3" });
    expect((find(cs, "revenue", "Q3 2024")[0]!.payload as FindingPayload).valueNum).toBe(5_200_000);
    expect((find(cs, "revenue", "9M 2023")[0]!.payload as FindingPayload).valueNum).toBe(13_240_000);
    expect((find(cs, "ebitda", "Q3 2023")[0]!.payload as FindingPayload).currency).toBe("EUR");
    const gm = find(cs, "gross_margin", "Q3 2024")[0]!.payload as FindingPayload;
    expect([gm.unit, gm.valueNum]).toEqual(["percent", 42]);
  });
  it("skips a note column and marks forecast columns", async () => {
    const ar = `Income statement\nEUR thousands Note 2023\nRevenue 2 18,400\nEBITDA 3,900`;
    const cs = await run([{ pageNumber: 4, text: ar }], "Annual_Report_2023.pdf", { fiscalYear: 2023 });
    expect((find(cs, "revenue", "FY2023")[0]!.payload as FindingPayload).valueNum).toBe(18_400_000);
    const deck = `2024 year to date\nQ1 2024A Q2 2024A Q3 2024F Q4 2024F FY2024F\nRevenue (EUR million) 4.5 4.8 5.0 6.2 20.5`;
    const d = await run([{ pageNumber: 5, text: deck }], "Management_Presentation_Oct2024.pdf", { fiscalYear: 2024, fiscalPeriod: null });
    const q3 = find(d, "revenue", "Q3 2024")[0]!.payload as FindingPayload;
    expect([q3.valueNum, q3.isForecast]).toEqual([5_000_000, true]);
    expect((find(d, "revenue", "Q1 2024")[0]!.payload as FindingPayload).isForecast).toBe(false);
  });
});

describe("findings extractor: sheets and prose", () => {
  it("reads sheet cells: header row gives the period, label column the metric; cell is cited", async () => {
    const lines = ["A1: P&L forecast FY2023A–FY2025F", "A2: EUR thousands.", "A3: Line item | B3: FY2023A | C3: FY2024F | D3: FY2025F", "A6: Total revenue | B6: 18400 | C6: 20500 | D6: 24000"];
    const text = lines.join("\n");
    const cell = (ref: string, value: string, num?: number) => ({ ref: `'P&L Forecast'!${ref}`, value, num, start: text.indexOf(`${ref}: ${value}`) + ref.length + 2 });
    const cells = [cell("A1", "P&L forecast FY2023A–FY2025F"), cell("A2", "EUR thousands."), cell("A3", "Line item"), cell("B3", "FY2023A"), cell("C3", "FY2024F"), cell("D3", "FY2025F"), cell("A6", "Total revenue"), cell("B6", "18400", 18400), cell("C6", "20500", 20500), cell("D6", "24000", 24000)];
    const page = { pageNumber: 2, text, label: "P&L Forecast", cells };
    const cs = await run([page], "forecast.xlsx", { fiscalYear: 2024, fiscalPeriod: null });
    const fy25 = find(cs, "revenue", "FY2025")[0]!;
    expect((fy25.payload as FindingPayload).valueNum).toBe(24_000_000);
    expect((fy25.payload as FindingPayload).isForecast).toBe(true);
    expect(fy25.evidence.cell).toBe("'P&L Forecast'!D6");
    expect(verifyExcerpt(page, fy25.evidence.text, fy25.evidence.cell).ok).toBe(true);
    expect((find(cs, "revenue", "FY2023")[0]!.payload as FindingPayload).isForecast).toBe(false);
  });
  it("reads facts stated in sentences, with period, scale and currency", async () => {
    const text = "Third quarter highlights\n• Revenue for the third quarter of 2024 was EUR 5.2 million, an increase of 12% compared with EUR 4.64\nmillion in the third quarter of 2023.\n• The number of employees at 30 September 2024 was 155 (138).\nFor the full year 2024 we continue to expect revenue of approximately EUR 20.5 million.";
    const cs = await run([{ pageNumber: 1, text }], "Q3_2024_Report.pdf", { fiscalYear: 2024, fiscalPeriod: "Q3" });
    const rev = find(cs, "revenue", "Q3 2024")[0]!;
    expect((rev.payload as FindingPayload).valueNum).toBe(5_200_000);
    expect(rev.evidenceType).toBe("prose");
    expect(rev.confidenceScore).toBeLessThanOrEqual(0.9);
    const emp = cs.find((c) => (c.payload as FindingPayload).metricKey === "employees")!;
    expect([(emp.payload as FindingPayload).valueNum, (emp.payload as FindingPayload).dateReferenced]).toEqual([155, "2024-09-30"]);
  });
});
