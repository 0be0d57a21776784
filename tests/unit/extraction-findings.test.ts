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

describe("findings extractor: comparison clauses keep their own period", () => {
  const q3 = (text: string) => run([{ pageNumber: 1, text }], "Q3_2024_Report.pdf", { fiscalYear: 2024, fiscalPeriod: "Q3" });
  const pay = (c: { payload: unknown } | undefined) => c?.payload as FindingPayload | undefined;

  it("'X, down from Y for the full year 2023': X is the sentence's (document's) period, Y is FY2023", async () => {
    const cs = await q3("• Gross margin was 42%, down from 45% for the full year 2023, mainly due to higher cloud hosting and supply chain costs.");
    expect(pay(find(cs, "gross_margin", "Q3 2024")[0])?.valueNum).toBe(42);
    expect(find(cs, "gross_margin", "FY2023").map((c) => pay(c)!.valueNum)).toEqual([45]);
    const own = find(cs, "gross_margin", "Q3 2024")[0]!;
    expect(own.confidenceScore).toBeLessThan(0.8); // the period is inferred from the document: human review, not promotion
    expect(own.evidence.text).toContain("42%");
    const prior = find(cs, "gross_margin", "FY2023")[0]!;
    expect(prior.evidence.text).toContain("45%");
    expect(verifyExcerpt({ pageNumber: 1, text: "• Gross margin was 42%, down from 45% for the full year 2023, mainly due to higher cloud hosting and supply chain costs." }, prior.evidence.text).ok).toBe(true);
  });

  it("'in line with the full year 2023' names no value: the stated one stays in the document's period", async () => {
    const cs = await run([{ pageNumber: 1, text: "• Gross margin was 45% (45%), in line with the full year 2023." }], "Q1_2024_Report.pdf", { fiscalYear: 2024, fiscalPeriod: "Q1" });
    expect(cs.map((c) => [pay(c)!.metricKey, pay(c)!.period, pay(c)!.valueNum])).toEqual([["gross_margin", "Q1 2024", 45]]);
  });

  it("up from / compared with / versus / against / a year earlier: each value with its own period", async () => {
    const cases: Array<[string, Array<[string, string, number]>]> = [
      ["Revenue was EUR 5.2 million, up from EUR 4.8 million in Q2 2024.", [["revenue", "Q3 2024", 5_200_000], ["revenue", "Q2 2024", 4_800_000]]],
      ["Revenue for the first quarter of 2024 was EUR 4.5 million, an increase of 7% compared with EUR 4.2 million in the first quarter of 2023.", [["revenue", "Q1 2024", 4_500_000], ["revenue", "Q1 2023", 4_200_000]]],
      ["EBITDA was EUR 1.2 million versus EUR 1.0 million in the third quarter of 2023.", [["ebitda", "Q3 2024", 1_200_000], ["ebitda", "Q3 2023", 1_000_000]]],
      ["Net income was EUR 0.6 million against EUR 0.5 million in Q3 2023.", [["net_income", "Q3 2024", 600_000], ["net_income", "Q3 2023", 500_000]]],
      ["Revenue for the third quarter of 2024 was EUR 5.2 million compared with EUR 4.6 million a year earlier.", [["revenue", "Q3 2024", 5_200_000], ["revenue", "Q3 2023", 4_600_000]]],
      ["Interest-bearing borrowings amounted to EUR 4.0 million at 31 December 2023 (EUR 5.0 million at 31 December 2022).", [["total_debt", "2023-12-31", 4_000_000], ["total_debt", "2022-12-31", 5_000_000]]],
      // a bare comparative in brackets does not say its period: only the stated value
      ["Revenue for the first nine months of 2024 was EUR 14.5 million (EUR 13.24 million), an increase of 10%.", [["revenue", "9M 2024", 14_500_000]]],
    ];
    for (const [text, want] of cases) {
      const cs = await q3(text);
      expect(cs.map((c) => [pay(c)!.metricKey, pay(c)!.period, pay(c)!.valueNum]), text).toEqual(want);
    }
  });

  it("never reads a part, an included charge or ARR as the metric", async () => {
    const cs = await q3([
      "• Subscription revenue grew 16% year on year to EUR 4.3 million.",
      "• Operating profit includes a one-time restructuring charge of EUR 0.3 million related to the closure of the Gothenburg office.",
      "• Annual recurring revenue (ARR) of EUR 17.6 million as of August 2024",
    ].join("\n"));
    expect(cs.map((c) => pay(c)!.metricKey)).toEqual(["arr"]);
    // an aside qualifying the metric itself is fine
    const ar = await run([{ pageNumber: 2, text: "Capital expenditure, including capitalised development costs, was EUR 1.8 million." }], "Annual_Report_2023.pdf", { fiscalYear: 2023, fiscalPeriod: "FY" });
    expect(ar.map((c) => [pay(c)!.metricKey, pay(c)!.period, pay(c)!.valueNum])).toEqual([["capital_expenditure", "FY2023", 1_800_000]]);
  });

  it("a period right before the metric counts, and a budget sentence is a forecast", async () => {
    const cs = await run([{ pageNumber: 2, text: "On 12 September 2024 the Board approved the revised budget for the third and fourth quarters of 2024, including full-year 2024 revenue of EUR 20.5 million." }], "Board_Minutes_Sep2024.docx", { fiscalYear: 2024, fiscalPeriod: null });
    const r = pay(find(cs, "revenue", "FY2024")[0]);
    expect([r?.valueNum, r?.isForecast]).toEqual([20_500_000, true]);
  });
});

describe("findings extractor: statement label and layout variants (FinanceBench misses)", () => {
  it("'provided/(used) by' and 'Payments to acquire property, plant and equipment' (Boeing 2022)", async () => {
    const text = `The Boeing Company and Subsidiaries\nConsolidated Statements of Cash Flows\n(Dollars in millions)\nYears ended December 31, 2022 2021 2020\nCash flows – operating activities:\nNet loss ($5,053) ($4,290) ($11,941)\nNet cash provided/(used) by operating activities 3,512 (3,416) (18,410)\nCash flows – investing activities:\nPayments to acquire property, plant and equipment (1,222) (980) (1,303)\nProceeds from disposals of property, plant and equipment 35 529 296`;
    const cs = await run([{ pageNumber: 59, text }], "BOEING_2022_10K.pdf", { fiscalYear: 2022 });
    expect((find(cs, "operating_cash_flow", "FY2022")[0]!.payload as FindingPayload).valueNum).toBe(3_512_000_000);
    expect((find(cs, "operating_cash_flow", "FY2020")[0]!.payload as FindingPayload).valueNum).toBe(-18_410_000_000);
    expect((find(cs, "capital_expenditure", "FY2022")[0]!.payload as FindingPayload).valueNum).toBe(-1_222_000_000);
    expect(find(cs, "capital_expenditure", "FY2022")).toHaveLength(1); // not the disposals row
  });
  it("'(used in) provided by' (Netflix 2015)", async () => {
    const text = `NETFLIX, INC.\nCONSOLIDATED STATEMENTS OF CASH FLOWS\n(in thousands)\nYear Ended December 31,\n2015 2014 2013\nCash flows from operating activities:\nNet income $ 122,641 $ 266,799 $ 112,403\nNet cash (used in) provided by operating activities (749,439) 16,483 97,831\nPurchases of property and equipment (91,248) (69,726) (54,143)`;
    const cs = await run([{ pageNumber: 42, text }], "NETFLIX_2015_10K.pdf", { fiscalYear: 2015 });
    expect((find(cs, "operating_cash_flow", "FY2015")[0]!.payload as FindingPayload).valueNum).toBe(-749_439_000);
    expect((find(cs, "operating_cash_flow", "FY2014")[0]!.payload as FindingPayload).valueNum).toBe(16_483_000);
  });
  it("a closing parenthesis detached from the number: '(28,107 )' (Microsoft 2023)", async () => {
    const text = `CASH FLOWS STATEMENTS\n(In millions)\nYear Ended June 30, 2023 2022 2021\nNet cash from operations 87,582 89,035 76,740\nInvesting\nAdditions to property and equipment (28,107 ) (23,886 ) (20,622 )`;
    const cs = await run([{ pageNumber: 61, text }], "MICROSOFT_2023_10K.pdf", { fiscalYear: 2023 });
    const capex = find(cs, "capital_expenditure", "FY2023")[0]!;
    expect((capex.payload as FindingPayload).valueNum).toBe(-28_107_000_000);
    expect((capex.payload as FindingPayload).periodEnd).toBe("2023-06-30");
    expect((find(cs, "capital_expenditure", "FY2021")[0]!.payload as FindingPayload).valueNum).toBe(-20_622_000_000);
  });
  it("a 10-Q's year-to-date cash flow: split date header, 'provided by/(used in)', total not continuing-operations row (Pfizer 2023 Q2)", async () => {
    const text = `PFIZER INC. AND SUBSIDIARY COMPANIES\nCONDENSED CONSOLIDATED STATEMENTS OF CASH FLOWS\n(UNAUDITED)\nSix Months Ended\n(MILLIONS)\nJuly 2,\n2023\nJuly 3,\n2022\nOperating Activities\nNet income before allocation to noncontrolling interests $ 7,894 $ 17,781\nNet cash provided by/(used in) operating activities from continuing operations 4 14,717\nNet cash provided by/(used in) operating activities from discontinued operations — (5)\nNet cash provided by/(used in) operating activities 4 14,711\nInvesting Activities\nPurchases of property, plant and equipment (2,053) (1,394)`;
    const cs = await run([{ pageNumber: 12, text }], "Pfizer_2023Q2_10Q.pdf", { fiscalYear: 2023, fiscalPeriod: "Q2" });
    const ocf = find(cs, "operating_cash_flow", "H1 2023");
    expect(ocf.map((c) => (c.payload as FindingPayload).valueNum)).toEqual([4_000_000]);
    expect(ocf[0]!.evidence.text).toMatch(/^Net cash provided by\/\(used in\) operating activities 4 14,711/);
    expect((find(cs, "operating_cash_flow", "H1 2022")[0]!.payload as FindingPayload).valueNum).toBe(14_711_000_000);
    expect((find(cs, "capital_expenditure", "H1 2023")[0]!.payload as FindingPayload).valueNum).toBe(-2_053_000_000);
  });
});

describe("findings extractor: is_forecast", () => {
  it("column words (Budget 2025, 2024 Actual) and label qualifiers (Revenue forecast) mark forecasts in tables", async () => {
    const text = `Income statement\nEUR thousands Actual 2024 Budget 2025\nRevenue 20,500 23,100\nEBITDA forecast 4,100 5,300`;
    const cs = await run([{ pageNumber: 3, text }], "Board_pack.pdf", { fiscalYear: 2024, fiscalPeriod: null });
    expect((find(cs, "revenue", "FY2024")[0]!.payload as FindingPayload).isForecast).toBe(false);
    expect((find(cs, "revenue", "FY2025")[0]!.payload as FindingPayload).isForecast).toBe(true);
    expect((find(cs, "ebitda", "FY2025")[0]!.payload as FindingPayload).isForecast).toBe(true);
    // an explicit column flag wins over a label qualifier (FY2024A is an actual)
    const t2 = `Summary\nEUR thousands FY2024A FY2025F\nRevenue forecast 20,500 23,100`;
    const c2 = await run([{ pageNumber: 1, text: t2 }], "Summary.pdf", { fiscalYear: 2024, fiscalPeriod: null });
    expect((find(c2, "revenue", "FY2024")[0]!.payload as FindingPayload).isForecast).toBe(false);
    expect((find(c2, "revenue", "FY2025")[0]!.payload as FindingPayload).isForecast).toBe(true);
  });
  it("sheet header cells 'Budget 2025' and a budget title row mark forecasts; an actual column does not", async () => {
    const lines = ["A1: Budget 2025", "A2: EUR thousands", "A3: Line item | B3: Actual 2024 | C3: Budget 2025", "A5: Total revenue | B5: 20500 | C5: 23100"];
    const text = lines.join("\n");
    const cell = (ref: string, value: string, num?: number) => ({ ref: `Sheet1!${ref}`, value, num, start: text.indexOf(`${ref}: ${value}`) + ref.length + 2 });
    const cells = [cell("A1", "Budget 2025"), cell("A2", "EUR thousands"), cell("A3", "Line item"), cell("B3", "Actual 2024"), cell("C3", "Budget 2025"), cell("A5", "Total revenue"), cell("B5", "20500", 20500), cell("C5", "23100", 23100)];
    const cs = await run([{ pageNumber: 1, text, label: "Sheet1", cells }], "numbers.xlsx", { fiscalYear: null, fiscalPeriod: null });
    expect((find(cs, "revenue", "FY2025")[0]!.payload as FindingPayload)).toMatchObject({ valueNum: 23_100_000, isForecast: true });
    expect((find(cs, "revenue", "FY2024")[0]!.payload as FindingPayload)).toMatchObject({ valueNum: 20_500_000, isForecast: false });
  });
});

describe("statement pages: interim report headings", () => {
  it("'Condensed cash flow' heads a cash flow statement; an MD&A 'Cash flow' heading does not", async () => {
    const { statementKindOf } = await import("@/lib/extraction/findings/tables");
    expect(statementKindOf("Nordhavn Analytics AB Interim report January–March 2024\n\nCondensed cash flow\n\nEUR thousands Q1 2024 Q1 2023\nCash flow from operating activities 700 600")).toBe("cash_flow");
    expect(statementKindOf("Consolidated cash flows\n2023 2022")).toBe("cash_flow");
    expect(statementKindOf("Condensed financial position\nEUR thousands 31 Mar 2024")).toBe("balance");
    expect(statementKindOf("Liquidity\nCash flow\nCash flow from operating activities was strong.")).toBeNull();
    const cs = await run([{ pageNumber: 4, text: "Interim report January–March 2024\n\nCondensed cash flow\n\nEUR thousands Q1 2024 Q1 2023\n\nCash flow from operating activities 700 600\nCapital expenditure (450) (420)" }], "Q1_2024_Report.pdf", { fiscalYear: 2024, fiscalPeriod: "Q1" });
    const ocf = find(cs, "operating_cash_flow", "Q1 2024")[0]!;
    expect([(ocf.payload as FindingPayload).valueNum, ocf.confidenceScore]).toEqual([700_000, 0.95]);
  });
});

describe("statement pages: a note that names a statement in a sentence", () => {
  it("a sentence running on to a line of its own ('reported per our consolidated statements of operations.') heads no statement", async () => {
    const { statementKindOf } = await import("@/lib/extraction/findings/tables");
    const note = [
      "NOTES TO CONSOLIDATED FINANCIAL STATEMENTS—(Continued)",
      "Refer to the table below for a reconciliation of our total margin for operating segments to our income before income taxes as",
      "reported per our consolidated statements of operations.",
      "(in millions) 2022 2021",
      "Total revenues $ 42,440 $ 40,479",
    ].join("\n");
    expect(statementKindOf(note)).toBeNull();
    expect(statementKindOf("CONSOLIDATED STATEMENTS OF OPERATIONS\n(in millions) 2022 2021")).toBe("income");
  });
});

describe("findings extractor: bare years in an annual report's sentences", () => {
  it("'… in 2022, compared with … in 2021': each value its own fiscal year", async () => {
    const text = "Net cash provided by operating activities was $3.5 billion in 2022, compared with $3.4 billion in 2021.";
    const cs = await run([{ pageNumber: 40, text }], "BOEING_2022_10K.pdf", { fiscalYear: 2022, fiscalPeriod: "FY" });
    expect(cs.map((c) => [(c.payload as FindingPayload).period, (c.payload as FindingPayload).valueNum])).toEqual([["FY2022", 3_500_000_000], ["FY2021", 3_400_000_000]]);
    // an interim report's bare year is ambiguous: the comparison is not read
    const q = await run([{ pageNumber: 4, text: "Revenue was EUR 5.2 million, compared with EUR 4.6 million in 2023." }], "Q3_2024_Report.pdf", { fiscalYear: 2024, fiscalPeriod: "Q3" });
    expect(q.map((c) => (c.payload as FindingPayload).period)).toEqual(["Q3 2024"]);
  });
});

describe("findings extractor: scale stated under the header", () => {
  it("'(in thousands, except per share data)' below the year header scales the rows (Netflix 2015 EPS note)", async () => {
    const text = `Table of Contents\nThe computation of earnings per share is as follows:\nYear ended December 31,\n2015 2014 2013\n(in thousands, except per share data)\nBasic earnings per share:\nNet income $ 122,641 $ 266,799 $ 112,403\nWeighted-average common shares outstanding 425,889 420,544 407,385`;
    const cs = await run([{ pageNumber: 48, text }], "NETFLIX_2015_10K.pdf", { fiscalYear: 2015 });
    expect((find(cs, "net_income", "FY2015")[0]!.payload as FindingPayload).valueNum).toBe(122_641_000);
  });
});

describe("findings extractor: parts, regions and value lists in 10-K prose are not the headline metric", () => {
  it("skips named parts, segments/regions, and value lists mapped to years by order", async () => {
    const fy = (text: string) => run([{ pageNumber: 40, text }], "X_2023_10K.pdf", { fiscalYear: 2023, fiscalPeriod: "FY" });
    for (const text of [
      "•Microsoft Cloud revenue increased 22% to $111.6 billion.",
      "Sales in Electronics and Energy totaled $5.5 billion, down 0.5 percent in U.S. dollars.",
      "Revenues derived in the United States were $22,007 million for the fiscal year.",
      "Cash capital expenditures were $11.3 billion, and $12.7 billion in 2018 and 2019, which primarily reflect additions.",
      "This business, with annual sales of approximately $400 million, consists of optical fiber products.",
      "Net investments (sales, maturities and purchases) resulted in a cash inflow of $1,481 million compared to a cash outflow of $747 million for fiscal 2022.",
    ]) expect((await fy(text)).map((c) => (c.payload as FindingPayload).metricKey), text).toEqual([]);
    // the headline itself, with percentages "respectively", is read
    const nike = await fy("• NIKE, Inc. Revenues were $51.2 billion in fiscal 2023, which increased 10% and 16% compared to fiscal 2022 on a reported and currency-neutral basis, respectively.");
    expect(nike.map((c) => [(c.payload as FindingPayload).period, (c.payload as FindingPayload).valueNum])).toEqual([["FY2023", 51_200_000_000]]);
  });
  it("a balance item's row on a cash flow statement is its change, not the balance", async () => {
    const text = `CASH FLOWS STATEMENTS\n(In millions)\nYear Ended June 30, 2023 2022 2021\nInventories 1,242 (1,123 ) (737 )\nNet cash from operations 87,582 89,035 76,740`;
    const cs = await run([{ pageNumber: 61, text }], "MICROSOFT_2023_10K.pdf", { fiscalYear: 2023 });
    expect(cs.map((c) => (c.payload as FindingPayload).metricKey)).toEqual(["operating_cash_flow", "operating_cash_flow", "operating_cash_flow"]);
  });
});

describe("findings extractor: a metric with its abbreviation in brackets", () => {
  it("'Operating profit (EBIT) was EUR 2.4 million' and 'Annual recurring revenue (ARR) of …' are read", async () => {
    const cs = await run([{ pageNumber: 2, text: "Operating profit (EBIT) was EUR 2.4 million. Annual recurring revenue (ARR) of EUR 17.6 million as of August 2024." }], "Annual_Report_2023.pdf", { fiscalYear: 2023, fiscalPeriod: "FY" });
    expect(cs.map((c) => [(c.payload as FindingPayload).metricKey, (c.payload as FindingPayload).period, (c.payload as FindingPayload).valueNum])).toEqual([["operating_income", "FY2023", 2_400_000], ["arr", "2024-08", 17_600_000]]);
  });
});
