import { describe, expect, it } from "vitest";
import { readStatements, type Span, type Statement } from "@/lib/statements";
import { alignSpans } from "@/lib/statements/positions";

const page = (n: number, lines: string[]) => ({ page: n, text: lines.join("\n") });
const kind = (sts: Statement[], k: Statement["kind"]) => sts.find((s) => s.kind === k);

describe("alignSpans", () => {
  it("moves spans that drift behind the text back to their line starts", () => {
    const text = "Revenue 10 9\nCost 4 3";
    // recorded before a trailing space of line 1 was trimmed: line 2's spans sit one character late
    const spans: Span[] = [
      { start: 0, length: 7, x: 0, y: 0, width: 35, height: 9 },
      { start: 8, length: 2, x: 100, y: 0, width: 10, height: 9 },
      { start: 11, length: 1, x: 150, y: 0, width: 5, height: 9 },
      { start: 14, length: 4, x: 0, y: 10, width: 20, height: 9 },
      { start: 19, length: 1, x: 105, y: 10, width: 5, height: 9 },
      { start: 21, length: 1, x: 150, y: 10, width: 5, height: 9 },
    ];
    const aligned = alignSpans(text, spans);
    expect(aligned.map((s) => text.slice(s.start, s.start + s.length))).toEqual(["Revenue", "10", "9", "Cost", "4", "3"]);
    expect(alignSpans(text, aligned)).toBe(aligned);
  });
});

describe("readStatements: earnings-release layouts", () => {
  it("keeps the period columns of a statement that prints change columns after them", () => {
    const st = kind(readStatements({ pages: [page(5, [
      "EXAMPLE CORPORATION",
      "CONDENSED CONSOLIDATED STATEMENT OF INCOME (UNAUDITED)",
      "Dollars and shares in millions, except per share data",
      "Quarters Ended June 30, 2023 2022 Inc/ (Dec)",
      "Revenues",
      "Product sales $ 2,487.0 $ 2,112.8 $ 374.2 18 %",
      "Other revenues 77.2 78.8 (1.6) (2)",
      "TOTAL REVENUES 2,564.2 2,191.6 372.6 17",
      "Income before provision for income taxes 816.7 409.1 407.6 100",
      "Provision for income taxes 106.3 21.1 85.2 n/m",
      "NET INCOME $ 710.4 $ 388.0 $ 322.4 83 %",
    ])] }), "income")!;
    expect(st.columns.map((c) => c.period)).toEqual(["Q2 2023", "Q2 2022"]);
    expect(st.lines.find((l) => l.key === "revenue")?.values).toEqual([2564.2, 2191.6]);
    expect(st.lines.find((l) => l.key === "net_income")?.values).toEqual([710.4, 388]);
    expect(st.balanced).toBe(true);
  });

  it("reads dated cash balances ('at January 1', 'at September 30') on the next page as the statement's end", () => {
    const p1 = [
      "CONDENSED CONSOLIDATED STATEMENTS OF CASH FLOWS",
      "(in millions)",
      "Nine Months Ended September 30, 2022",
      "2022 2021",
      "Net income $ 100 $ 80",
      "Depreciation and amortization 50 40",
      "Net cash provided by operating activities 150 120",
      "Capital expenditures (90) (70)",
      "Net cash used in investing activities (90) (70)",
      "Dividends paid (20) (20)",
      "Net cash used in financing activities (20) (20)",
      "Net change in cash, cash equivalents, and restricted cash 40 30",
      "46",
    ];
    const p2 = [
      "Cash, cash equivalents, and restricted cash at January 1 307 627",
      "Cash, cash equivalents, and restricted cash at September 30 $ 347 $ 657",
      "Supplemental disclosures of cash flow information",
      "Interest paid $ (12) $ (10)",
    ];
    const st = kind(readStatements({ pages: [page(46, p1), page(47, p2)] }), "cash_flow")!;
    expect(st.pages).toEqual([46, 47]);
    expect(st.columns.map((c) => [c.period, c.periodEnd])).toEqual([["9M 2022", "2022-09-30"], ["9M 2021", "2021-09-30"]]);
    expect(st.lines.find((l) => l.key === "cash_beginning")?.values).toEqual([307, 627]);
    expect(st.lines.find((l) => l.key === "cash_end")?.values).toEqual([347, 657]);
    expect(st.lines.some((l) => /Interest paid/.test(l.label))).toBe(false);
    expect(st.balanced).toBe(true);
  });

  it("names a 10-Q's balance date that ends no interim period as the fiscal year end", () => {
    const income = [
      "Condensed Consolidated Statements of Operations",
      "(In millions)",
      "Three Months Ended",
      "July 1, 2023 June 25, 2022",
      "Net sales $ 500 $ 450",
      "Income before provision for income taxes 100 90",
      "Provision for income taxes 20 18",
      "Net income $ 80 $ 72",
    ];
    const balance = [
      "Condensed Consolidated Balance Sheets",
      "(In millions)",
      "July 1, 2023 September 24, 2022",
      "Cash and cash equivalents $ 60 $ 50",
      "Total assets $ 60 $ 50",
      "Total liabilities 20 20",
      "Total shareholders’ equity 40 30",
      "Total liabilities and shareholders’ equity $ 60 $ 50",
    ];
    const sts = readStatements({ pages: [page(1, income), page(2, balance)] });
    expect(kind(sts, "income")!.columns.map((c) => c.period)).toEqual(["Q3 2023", "Q3 2022"]);
    expect(kind(sts, "balance")!.columns.map((c) => [c.period, c.months])).toEqual([["1 July 2023", 0], ["FY2022 (ending September)", 0]]);
  });
});

describe("readStatements: a fiscal year end given by the cover page", () => {
  const q = [
    "Condensed Consolidated Statements of Earnings",
    "($ in millions)",
    "Three Months Ended",
    "July 29, 2023 July 30, 2022",
    "Revenue $ 9,583 $ 10,329",
    "Earnings before income tax expense 370 360",
    "Income tax expense 96 54",
    "Net earnings $ 274 $ 306",
  ];
  const bal = [
    "Condensed Consolidated Balance Sheets",
    "($ in millions)",
    "July 29, 2023 February 3, 2023",
    "Cash and cash equivalents $ 60 $ 50",
    "Total assets $ 60 $ 50",
    "Total liabilities 20 20",
    "Total equity 40 30",
    "Total liabilities and equity $ 60 $ 50",
  ];

  it("names fiscal quarters whether the cover says the year ends in January or (a 53-week year) February", () => {
    for (const month of [1, 2]) {
      const sts = readStatements({ pages: [page(1, q), page(2, bal)], fiscalYearEndMonth: month });
      expect(kind(sts, "income")!.columns.map((c) => c.period), `month ${month}`).toEqual(["Q2 2024", "Q2 2023"]);
      expect(kind(sts, "balance")!.columns.map((c) => c.period), `month ${month}`).toEqual(["29 July 2023", "FY2023 (ending January)"]);
    }
  });
});

describe("readStatements: statements of comprehensive income", () => {
  const oci = [
    "Consolidated Statements of Comprehensive Income",
    "(In millions) 2018 2017",
    "Net income $ 1,500 $ 1,200",
    "Foreign currency translation adjustments (20) 10",
    "Total other comprehensive income (loss) (20) 10",
    "Comprehensive income $ 1,480 $ 1,210",
  ];
  const combined = [
    "Consolidated Statements of Comprehensive Income",
    "(In millions) 2018 2017",
    "Revenues $ 10,000 $ 9,000",
    "Costs and expenses 8,000 7,500",
    "Income before income taxes 2,000 1,500",
    "Provision for income taxes 500 300",
    "Net income $ 1,500 $ 1,200",
    "Foreign currency translation adjustments (20) 10",
    "Comprehensive income $ 1,480 $ 1,210",
  ];
  const income = [
    "Consolidated Statements of Income",
    "(In millions) 2018 2017",
    "Revenues $ 10,000 $ 9,000",
    "Costs and expenses 8,000 7,500",
    "Income before income taxes 2,000 1,500",
    "Provision for income taxes 500 300",
    "Net income $ 1,500 $ 1,200",
  ];

  it("is not the income statement when the filing prints one", () => {
    const st = kind(readStatements({ pages: [page(1, income), page(2, oci)] }), "income")!;
    expect(st.pages).toEqual([1]);
  });

  it("stands in for it when it is the only statement with revenue and net income", () => {
    const st = kind(readStatements({ pages: [page(2, combined)] }), "income")!;
    expect(st.pages).toEqual([2]);
    expect(st.lines.find((l) => l.key === "net_income")?.values).toEqual([1500, 1200]);
    expect(kind(readStatements({ pages: [page(2, oci)] }), "income")).toBeUndefined();
  });
});
