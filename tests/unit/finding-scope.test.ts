/**
 * Every finding carries its scope (the company's total, a named segment, a region, a programme, a
 * per-share or a non-operating line) and its period type with its length, read from the page: a
 * segment's row is never stored as the company's figure, and a quarter's column never as a year.
 */
import { describe, expect, it } from "vitest";
import { extractPartFindings } from "@/lib/extraction/findings/parts";
import { extractProseFindings } from "@/lib/extraction/findings/prose";
import { extractFindingsFromPages } from "@/lib/extraction/findings";
import { sentenceScope, statementLineScope, tableRowScope } from "@/lib/extraction/findings/scope";
import { findingSpan } from "@/lib/extraction/decision";
import type { ExtractionPage, FindingPayload } from "@/lib/extraction/types";

const page = (text: string, pageNumber = 7): ExtractionPage => ({ pageNumber, text });
const rows = (text: string) => extractPartFindings(page(text)).map((c) => c.payload);
const find = (ps: FindingPayload[], label: RegExp, period: string) => ps.find((p) => label.test(p.metric) && p.period === period);

const REGIONS = `Segment Information
The following table shows net sales and operating income by reportable segment (in millions):
2022 2021 2020
Americas:
Net sales $ 12,400 $ 11,300 $ 10,100
Operating income $ 4,100 $ 3,900 $ 3,300
Europe:
Net sales $ 7,200 $ 6,800 $ 6,000
Operating income $ 2,300 $ 2,100 $ 1,800
Total net sales $ 19,600 $ 18,100 $ 16,100`;

const ONE_SEGMENT = `Orbital Systems
Orbital Systems' operating results included the following (in millions):
2022 2021 2020
Net sales $ 11,000 $ 10,500 $ 9,900
Operating profit 1,000 980 900
Backlog at year-end $ 30,000 $ 31,000 $ 29,000`;

const PRODUCT_QUARTER = `Revenue by Product Line
Three Months Ended March 31,
2023 2022
Widgets $ 1,200 $ 1,100
Gadgets 800 700
Total revenue $ 2,000 $ 1,800`;

describe("finding scope from the table a row sits in", () => {
  it("a region's net sales row is that region's figure, not the company's", () => {
    const ps = rows(REGIONS);
    expect(find(ps, /^Net sales — Americas/, "FY2022")).toMatchObject({ scope: "geography", scopeName: "Americas", valueNum: 12_400_000_000 });
    expect(find(ps, /^Net sales — Europe/, "FY2021")).toMatchObject({ scope: "geography", scopeName: "Europe" });
  });

  it("the total row of a table of parts is the company's total", () => {
    expect(find(rows(REGIONS), /^Total net sales/, "FY2022")).toMatchObject({ scope: "consolidated", periodType: "year", periodMonths: 12 });
  });

  it("a segment's backlog row under a caption naming the segment is that segment's backlog", () => {
    const ps = rows(ONE_SEGMENT);
    expect(find(ps, /^Backlog/, "FY2022")).toMatchObject({ scope: "segment", scopeName: "Orbital Systems" });
    expect(find(ps, /^Net sales/, "FY2021")).toMatchObject({ scope: "segment", scopeName: "Orbital Systems" });
  });

  it("a product line's quarter column is a quarter of that programme", () => {
    const ps = rows(PRODUCT_QUARTER);
    const widgets = ps.find((p) => /^Widgets/.test(p.metric));
    expect(widgets).toMatchObject({ scope: "programme", scopeName: "Widgets", periodType: "quarter", periodMonths: 3 });
    expect(ps.find((p) => /^Total revenue/.test(p.metric))).toMatchObject({ scope: "consolidated", periodType: "quarter" });
  });

  it("a line of a note table (an expense, a roll-forward) is the company's own, not a part", () => {
    expect(tableRowScope({ label: "Research and development", context: ["Total operating expenses"], title: "Operating Expenses" })).toEqual({ scope: "consolidated" });
    expect(tableRowScope({ label: "Beginning balances", title: "Unrecognized Tax Benefits" })).toEqual({ scope: "consolidated" });
    expect(tableRowScope({ label: "Interest and dividend income", context: ["Total other income/(expense), net"] })).toEqual({ scope: "non_operating" });
    // a named row inside a block of net sales is a part
    expect(tableRowScope({ label: "Wearables", context: ["Total net sales"] })).toEqual({ scope: "segment", scopeName: "Wearables" });
  });

  it("rows of a table about the whole company read as consolidated", () => {
    expect(tableRowScope({ label: "Net sales", title: "Quarterly Financial Data (Unaudited)" })).toEqual({ scope: "consolidated" });
    expect(tableRowScope({ label: "Diluted", context: ["Earnings per common share"] })).toEqual({ scope: "per_share" });
  });
});

describe("finding scope of statement lines and sentences", () => {
  it("statement lines are the company's, but for per-share and non-operating lines", () => {
    expect(statementLineScope("Net income")).toEqual({ scope: "consolidated" });
    expect(statementLineScope("Diluted earnings per share")).toEqual({ scope: "per_share" });
    expect(statementLineScope("Other income/(expense), net")).toEqual({ scope: "non_operating" });
    expect(statementLineScope("Net earnings from discontinued operations")).toEqual({ scope: "non_operating" });
  });

  it("a sentence naming a region before its figure states that region's figure", () => {
    expect(sentenceScope("Net sales in Europe were")).toMatchObject({ scope: "geography" });
    expect(sentenceScope("Net sales for the Orbital segment were")).toMatchObject({ scope: "segment" });
    expect(sentenceScope("Total net sales were")).toEqual({ scope: "consolidated" });
  });

  it("a prose figure of the company carries the consolidated scope and its period type", () => {
    const [c] = extractProseFindings(page("Revenue for the third quarter of 2024 was EUR 5.2 million."), {});
    expect(c!.payload).toMatchObject({ metricKey: "revenue", period: "Q3 2024", scope: "consolidated", periodType: "quarter", periodMonths: 3 });
  });
});

describe("figures for a later year than the document's are not actuals", () => {
  it("a 2017 annual report's capital expenditures for 2019 are a forecast; the 2019 report's are actual", () => {
    const sentence = "Capital expenditures for 2019 are estimated at $1.5 billion.";
    const [early] = extractProseFindings(page(sentence), { fiscalYear: 2017, fiscalPeriod: "FY" });
    expect(early!.payload).toMatchObject({ metricKey: "capital_expenditure", period: "FY2019", isForecast: true });
    const [same] = extractProseFindings(page(sentence), { fiscalYear: 2019, fiscalPeriod: "FY" });
    expect(same!.payload).toMatchObject({ metricKey: "capital_expenditure", period: "FY2019", isForecast: false });
  });
});

describe("period type of every finding", () => {
  it("an income statement's quarter columns are quarters and its balance sheet's columns instants", async () => {
    const income = `CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS
(In millions, except per share amounts)
Three Months Ended
March 31, 2023 March 31, 2022
Net sales $ 2,000 $ 1,800
Cost of sales 1,200 1,100
Gross margin 800 700
Operating expenses 300 280
Operating income 500 420
Other income/(expense), net 10 (5)
Income before provision for income taxes 510 415
Provision for income taxes 100 80
Net income $ 410 $ 335
Earnings per share:
Basic $ 1.02 $ 0.84
Diluted $ 1.01 $ 0.83
Shares used in computing earnings per share:
Basic 401,250 398,800
Diluted 405,100 402,300`;
    const out = await extractFindingsFromPages([page(income, 3)], { filename: "quillon_q1.pdf", fiscalYear: 2023, fiscalPeriod: "Q1" });
    const payloads = out.candidates.map((c) => c.payload as FindingPayload);
    const net = payloads.find((p) => p.metricKey === "net_income" && p.valueNum === 410_000_000);
    expect(net).toMatchObject({ periodType: "quarter", periodMonths: 3, scope: "consolidated" });
    expect(net!.period).not.toMatch(/^FY/);
    const eps = payloads.find((p) => p.valueNum === 1.01);
    expect(eps).toMatchObject({ scope: "per_share" });
    // "Basic 401,250" under the shares heading is a share count, not an amount per share
    const shares = payloads.find((p) => p.valueText === "401,250");
    expect(shares).toMatchObject({ unit: "count", scope: "consolidated" });
  });

  it("a statement value keeps the precision its row prints (1.10, not 1.1: a restated 1.07 is a different figure)", async () => {
    const text = `CONSOLIDATED STATEMENTS OF OPERATIONS
(In millions, except per share amounts)
Year Ended December 31,
2023 2022
Net sales $ 2,000 $ 1,800
Cost of sales 1,200 1,100
Gross margin 800 700
Operating expenses 300 280
Operating income 500 420
Provision for income taxes 60 57
Net income $ 440 $ 363
Earnings per share:
Basic $ 1.10 $ 0.87`;
    const out = await extractFindingsFromPages([page(text, 3)], { filename: "quillon_10k.pdf", fiscalYear: 2023, fiscalPeriod: "FY" });
    const basic = out.candidates.map((c) => c.payload as FindingPayload).find((p) => p.valueNum === 1.1);
    expect(basic?.valueText).toBe("1.10");
  });

  it("a 10-Q table's quarter columns are quarters though a sentence above names the nine-month periods first", () => {
    const text = `The following table shows basic and diluted earnings per share for the three- and nine-month periods ended July 1, 2023 and June 25, 2022
(net income in millions and shares in thousands):
Three Months Ended Nine Months Ended
July 1,
2023
June 25,
2022
July 1,
2023
June 25,
2022
Numerator:
Net income $ 1,988 $ 1,944 $ 7,403 $ 7,908`;
    const ps = extractPartFindings(page(text), { fiscalYear: 2023, fiscalPeriod: "Q3" }).map((c) => c.payload);
    expect(ps.map((p) => [p.valueText, p.period, p.periodType])).toEqual([
      ["1,988", "Q3 2023", "quarter"], ["1,944", "Q3 2022", "quarter"], ["7,403", "9M 2023", "ytd"], ["7,908", "9M 2022", "ytd"],
    ]);
  });

  it("a finding without a stated span takes the span its label names", () => {
    expect(findingSpan({ period: "FY2023" })).toEqual({ type: "year", months: 12 });
    expect(findingSpan({ period: "9M 2024" })).toEqual({ type: "ytd", months: 9 });
    expect(findingSpan({ period: "30 June 2024" })).toEqual({ type: "instant", months: 0 });
    expect(findingSpan({ period: "FY2023", periodType: "quarter", periodMonths: 3 })).toEqual({ type: "quarter", months: 3 });
  });
});

describe("finding scope of a change's drivers", () => {
  it("reads 'Translation' or 'Divestitures' under a change analysis as the table's part, not a part of that name", () => {
    const title = "Table of Contents — Widgets and Controls Business (31.2% of consolidated sales):";
    for (const label of ["Translation", "Divestitures", "Acquisitions", "Organic local-currency sales", "Price"]) {
      expect(tableRowScope({ label, context: ["Sales change analysis"], title }), label).toEqual({ scope: "segment", scopeName: "Widgets and Controls Business" });
    }
    // a change table about the company as a whole: the company's own
    expect(tableRowScope({ label: "Divestitures", context: ["Increase/(decrease) due to"], title: "Operating margin bridge" }).scope).toBe("consolidated");
  });

  it("still reads a part's name as the part under a change heading", () => {
    expect(tableRowScope({ label: "Europe", context: ["% change"], title: "Revenues by Geography" })).toEqual({ scope: "geography", scopeName: "Europe" });
    expect(tableRowScope({ label: "Translation", context: ["Deferred tax liabilities"], title: "Components of Deferred Tax Assets and Liabilities" }).scope).not.toBe("segment");
  });
});
