import { describe, expect, it } from "vitest";
import { readStatements, readStatementsWith, type Span, type Statement } from "@/lib/statements";

type Page = { page: number; text: string; spans?: Span[] };

const page = (n: number, lines: string[]): Page => ({ page: n, text: lines.join("\n") });

/** A page whose rows are cells at given right edges (x), with spans as the PDF parser records them. */
function placed(n: number, rows: Array<string | Array<[string, number]>>): Page {
  let text = "";
  const spans: Span[] = [];
  rows.forEach((row, i) => {
    if (i > 0) text += "\n";
    const cells: Array<[string, number]> = typeof row === "string" ? [[row, 50 + row.length * 5]] : row;
    cells.forEach(([cell, right], j) => {
      if (j > 0) text += " ";
      const width = cell.length * 5;
      spans.push({ start: text.length, length: cell.length, x: right - width, y: 20 + i * 10, width, height: 9 });
      text += cell;
    });
  });
  return { page: n, text, spans };
}

const kind = (sts: Statement[], k: Statement["kind"]) => sts.find((s) => s.kind === k)!;
const line = (st: Statement, key: string) => st.lines.find((l) => l.key === key);

const INCOME = [
  "Example Industries Inc.",
  "Consolidated Statements of Operations",
  "Years ended December 31",
  "(In millions, except per share amounts) 2018 2017 2016",
  "Net sales $ 10,000 $ 9,000 $ 8,000",
  "Cost of sales 6,000 5,500 5,000",
  "Gross profit 4,000 3,500 3,000",
  "Selling, general and administrative expenses 1,500 1,400 1,300",
  "Research and development expense 500 450 400",
  "Total operating expenses 2,000 1,850 1,700",
  "Operating income 2,000 1,650 1,300",
  "Interest expense (100) (90) (80)",
  "Income before income taxes 1,900 1,560 1,220",
  "Provision for income taxes 400 360 220",
  "Net income $ 1,500 $ 1,200 $ 1,000",
  "Earnings per share:",
  "Basic $ 3.00 $ 2.40 $ 2.00",
  "Diluted $ 2.95 $ 2.35 $ 1.98",
  "Weighted average shares outstanding:",
  "Basic 500 500 500",
  "Diluted 508 510 505",
  "See accompanying notes to consolidated financial statements.",
];

describe("readStatements: income statement", () => {
  const sts = readStatements({ pages: [page(1, ["Table of Contents", "Consolidated Statements of Operations 45"]), page(2, ["Some prose."]), page(3, INCOME)] });
  const st = kind(sts, "income");

  it("finds the statement on its own page, not the table of contents", () => {
    expect(st.pages).toEqual([3]);
    expect(st.title).toBe("Consolidated Statements of Operations");
    expect(st.scale).toBe(1e6);
  });

  it("names fiscal-year columns", () => {
    expect(st.columns.map((c) => c.period)).toEqual(["FY2018", "FY2017", "FY2016"]);
    expect(st.columns[0]).toMatchObject({ periodEnd: "2018-12-31", months: 12 });
  });

  it("maps labels to canonical line items, per-share and share-count lines by their section", () => {
    expect(line(st, "revenue")?.values).toEqual([10000, 9000, 8000]);
    expect(line(st, "cost_of_revenue")?.label).toBe("Cost of sales");
    expect(line(st, "interest_expense")?.values).toEqual([-100, -90, -80]);
    expect(line(st, "eps_basic")?.values).toEqual([3, 2.4, 2]);
    expect(line(st, "eps_diluted")?.values).toEqual([2.95, 2.35, 1.98]);
    expect(line(st, "shares_diluted")?.values).toEqual([508, 510, 505]);
    expect(line(st, "net_income")?.isTotal).toBe(true);
    expect(st.lines.filter((l) => l.key === "eps_basic")).toHaveLength(1);
  });

  it("keeps each row's excerpt as an exact substring of its page at its row", () => {
    const text = INCOME.join("\n");
    for (const l of st.lines) {
      expect(text).toContain(l.excerpt);
      expect(text.split("\n")[l.row]).toContain(l.excerpt.split("\n").pop()!);
    }
  });

  it("checks gross profit, net income and totals", () => {
    expect(st.checks.map((c) => c.name)).toEqual(expect.arrayContaining(["gross profit = revenue − cost of revenue", "net income = pretax income − income tax (± lines between)", "subtotal: Total operating expenses"]));
    expect(st.balanced).toBe(true);
  });
});

const BALANCE_P1 = [
  "Example Industries Inc.",
  "Consolidated Balance Sheets",
  "December 31,",
  "(Dollars in thousands) 2019 2018",
  "Current assets",
  "Cash and cash equivalents $ 1,200 $ 1,000",
  "Accounts receivable, net of allowances of $12 and $10 800 700",
  "Inventories 500 450",
  "Total current assets 2,500 2,150",
  "Property, plant and equipment 3,000 2,800",
  "Less: Accumulated depreciation (1,000) (900)",
  "Property, plant and equipment — net 2,000 1,900",
  "Goodwill 700 700",
  "Total assets $ 5,200 $ 4,750",
];
const BALANCE_P2 = [
  "Consolidated Balance Sheets (continued)",
  "(Dollars in thousands) 2019 2018",
  "Accounts payable $ 600 $ 550",
  "Current portion of long-term debt 100 —",
  "Total current liabilities 700 550",
  "Long-term debt 1,500 1,400",
  "Total liabilities 2,200 1,950",
  "Common stock and additional paid-in capital 1,000 1,000",
  "Retained earnings 2,100 1,900",
  "Accumulated other comprehensive loss (100) (100)",
  "Total stockholders’ equity 3,000 2,800",
  "Total liabilities and stockholders’ equity $ 5,200 $ 4,750",
  "The accompanying notes are an integral part of these statements.",
];

describe("readStatements: balance sheet over two pages", () => {
  const st = kind(readStatements({ pages: [page(1, BALANCE_P1), page(2, BALANCE_P2)] }), "balance");

  it("reads both pages as one statement", () => {
    expect(st.pages).toEqual([1, 2]);
    expect(st.scale).toBe(1e3);
    expect(line(st, "total_liabilities_and_equity")?.page).toBe(2);
  });

  it("names year-end dates by their fiscal year, as points (months 0)", () => {
    expect(st.columns.map((c) => [c.period, c.periodEnd, c.months])).toEqual([["FY2019", "2019-12-31", 0], ["FY2018", "2018-12-31", 0]]);
  });

  it("keeps numbers inside labels out of the values and dashes as null", () => {
    expect(line(st, "accounts_receivable")?.values).toEqual([800, 700]);
    expect(line(st, "short_term_debt")?.values).toEqual([100, null]);
    expect(line(st, "ppe_net")?.values).toEqual([2000, 1900]);
    expect(line(st, "total_equity")?.values).toEqual([3000, 2800]);
  });

  it("balances: assets = liabilities and equity, and every total adds up", () => {
    expect(st.checks.find((c) => c.name === "total assets = total liabilities and equity")?.ok).toBe(true);
    expect(st.checks.filter((c) => c.name.startsWith("subtotal:")).length).toBeGreaterThanOrEqual(5);
    expect(st.balanced).toBe(true);
  });

  it("follows a balance sheet whose pages each repeat the title and the notes cue", () => {
    const p1 = [...BALANCE_P1, "The accompanying notes are an integral part of these statements."];
    const p2 = ["Consolidated Balance Sheets", ...BALANCE_P2.slice(1)];
    const st = kind(readStatements({ pages: [page(1, p1), page(2, p2)] }), "balance");
    expect(st.pages).toEqual([1, 2]);
    expect(st.balanced).toBe(true);
  });

  it("is not balanced when assets and liabilities and equity disagree", () => {
    const broken = BALANCE_P2.map((l) => l.replace("Total liabilities and stockholders’ equity $ 5,200", "Total liabilities and stockholders’ equity $ 5,300"));
    const bad = kind(readStatements({ pages: [page(1, BALANCE_P1), page(2, broken)] }), "balance");
    expect(bad.balanced).toBe(false);
    expect(bad.checks.find((c) => c.name === "total assets = total liabilities and equity")?.ok).toBe(false);
  });
});

const CASH = [
  "Consolidated Statements of Cash Flows",
  "Years Ended December 31,",
  "(in millions) 2018 2017 2016",
  "Cash flows from operating activities:",
  "Net income $ 1,500 $ 1,200 $ 1,000",
  "Adjustments to reconcile net income to net cash",
  "provided by operating activities:",
  "Depreciation and amortization 300 280 260",
  "Changes in accounts receivable (50) — 20",
  "Net cash provided by operating activities 1,750 1,480 1,280",
  "Cash flows from investing activities:",
  "Purchases of property, plant and equipment (PP&E) (1,577) (1,373) (1,420)",
  "Proceeds from maturities and sale of marketable securities and",
  "investments 200 100 —",
  "Net cash used in investing activities (1,377) (1,273) (1,420)",
  "Cash flows from financing activities:",
  "Dividends paid to shareholders (300) (250) (200)",
  "Purchases of treasury stock (100) — (50)",
  "Net cash used in financing activities (400) (250) (250)",
  "Effect of exchange rate changes on cash and cash equivalents (13) 3 (10)",
  "Net increase (decrease) in cash and cash equivalents (40) (40) (400)",
  "Cash and cash equivalents at beginning of year 500 540 940",
  "Cash and cash equivalents at end of year $ 460 $ 500 $ 540",
];

describe("readStatements: cash-flow statement", () => {
  const st = kind(readStatements({ pages: [page(7, CASH)] }), "cash_flow");

  it("reads parentheses as negative, dashes as null, and joins wrapped labels", () => {
    expect(line(st, "capital_expenditure")).toMatchObject({ label: "Purchases of property, plant and equipment (PP&E)", values: [-1577, -1373, -1420] });
    expect(st.lines.find((l) => l.label.startsWith("Proceeds from maturities"))).toMatchObject({
      label: "Proceeds from maturities and sale of marketable securities and investments",
      values: [200, 100, null],
      excerpt: "Proceeds from maturities and sale of marketable securities and\ninvestments 200 100 —",
    });
    expect(line(st, "share_repurchases")?.values).toEqual([-100, null, -50]);
    expect(line(st, "dividends_paid")?.values).toEqual([-300, -250, -200]);
  });

  it("keys the section totals, not the items", () => {
    expect(line(st, "operating_cash_flow")?.values).toEqual([1750, 1480, 1280]);
    expect(line(st, "investing_cash_flow")?.label).toBe("Net cash used in investing activities");
    expect(line(st, "fx_effect_on_cash")?.values).toEqual([-13, 3, -10]);
    expect(line(st, "cash_end")?.values).toEqual([460, 500, 540]);
  });

  it("reconciles the sections to the change in cash, and beginning + change to end", () => {
    expect(st.checks.find((c) => c.name.startsWith("operating + investing + financing"))?.ok).toBe(true);
    expect(st.checks.find((c) => c.name === "beginning cash + change = end cash")?.ok).toBe(true);
    expect(st.balanced).toBe(true);
  });

  it("fails the reconciliation when a section is misread", () => {
    const bad = kind(readStatements({ pages: [page(7, CASH.map((l) => l.replace("Net cash used in investing activities (1,377)", "Net cash used in investing activities (1,477)")))] }), "cash_flow");
    expect(bad.balanced).toBe(false);
    expect(bad.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(expect.arrayContaining(["operating + investing + financing (+ fx) = change in cash"]));
  });
});

describe("readStatements: interim and fiscal periods", () => {
  const Q = [
    "Condensed Consolidated Statements of Earnings",
    "$ and shares in millions, except per share amounts (unaudited)",
    "Three Months Ended Six Months Ended",
    "July 29, 2023 July 30, 2022 July 29, 2023 July 30, 2022",
    "Revenue $ 9,583 $ 10,329 $ 19,050 $ 20,976",
    "Cost of sales 7,363 8,042 14,680 16,336",
    "Gross profit 2,220 2,287 4,370 4,640",
    "Income before income taxes 370 360 700 800",
    "Income tax expense 96 54 182 153",
    "Net earnings $ 274 $ 306 $ 518 $ 647",
  ];

  it("tells three-month from six-month columns and names fiscal quarters from the year end", () => {
    const st = kind(readStatements({ pages: [page(4, Q)], fiscalYearEndMonth: 1 }), "income");
    expect(st.columns.map((c) => [c.period, c.months, c.periodEnd])).toEqual([
      ["Q2 2024", 3, "2023-07-29"],
      ["Q2 2023", 3, "2022-07-30"],
      ["H1 2024", 6, "2023-07-29"],
      ["H1 2023", 6, "2022-07-30"],
    ]);
    expect(st.balanced).toBe(true);
  });

  it("names a May fiscal year by the year it ends in", () => {
    const may = INCOME.map((l) => l.replace("Years ended December 31", "Year Ended May 31,"));
    const st = kind(readStatements({ pages: [page(1, may)] }), "income");
    expect(st.columns.map((c) => c.period)).toEqual(["FY2018 (ending May)", "FY2017 (ending May)", "FY2016 (ending May)"]);
    expect(st.columns[0]!.periodEnd).toBe("2018-05-31");
  });

  it("reads the year-end date from a line above bare years", () => {
    const may = INCOME.map((l) => l.replace("Years ended December 31", "Years ended May 31,\n").replace("(In millions, except per share amounts) 2018 2017 2016", "(In millions)\n2018 2017 2016"));
    const st = kind(readStatements({ pages: [page(1, may)] }), "income");
    expect(st.columns.map((c) => c.period)).toEqual(["FY2018 (ending May)", "FY2017 (ending May)", "FY2016 (ending May)"]);
  });

  it("puts a 52/53-week year ending in the first days of a month in the month before", () => {
    const jan = INCOME.map((l) => l.replace("Years ended December 31", "Fiscal Years Ended").replace("(In millions, except per share amounts) 2018 2017 2016", "(In millions) January 3, 2021 December 28, 2019 December 29, 2018"));
    const st = kind(readStatements({ pages: [page(1, jan)] }), "income");
    expect(st.columns.map((c) => c.period)).toEqual(["FY2020", "FY2019", "FY2018"]);
    expect(st.columns[0]!.periodEnd).toBe("2021-01-03");
    const feb = INCOME.map((l) => l.replace("Years ended December 31", "Fiscal Years Ended").replace("(In millions, except per share amounts) 2018 2017 2016", "(In millions) February 2, 2019 February 3, 2018 January 28, 2017"));
    expect(kind(readStatements({ pages: [page(1, feb)] }), "income").columns.map((c) => c.period)).toEqual(["FY2019 (ending January)", "FY2018 (ending January)", "FY2017 (ending January)"]);
  });
});

describe("readStatements: span positions", () => {
  // "Other" has a value only in the current-year column: the line text alone cannot tell which
  const rows: Array<string | Array<[string, number]>> = [
    "Consolidated Balance Sheets",
    [["(In millions)", 120], ["2019", 400], ["2018", 480]],
    [["Cash and cash equivalents", 170], ["$", 340], ["100", 400], ["$", 420], ["90", 480]],
    [["Receivables", 120], ["50", 400], ["40", 480]],
    [["Other", 80], ["25", 400]],
    [["Total current assets", 160], ["175", 400], ["130", 480]],
    [["Total assets", 120], ["$", 340], ["175", 400], ["$", 420], ["130", 480]],
    [["Accounts payable", 130], ["60", 400], ["65", 480]],
    [["Total liabilities", 130], ["60", 400], ["65", 480]],
    [["Common stock", 110], ["115", 400], ["65", 480]],
    [["Total stockholders' equity", 180], ["115", 400], ["65", 480]],
    [["Total liabilities and stockholders' equity", 250], ["$", 340], ["175", 400], ["$", 420], ["130", 480]],
  ];
  const p = placed(1, rows);

  it("places a lone value in its column by its position", () => {
    const st = kind(readStatements({ pages: [p] }), "balance");
    expect(st.lines.find((l) => l.label === "Other")?.values).toEqual([25, null]);
    expect(st.balanced).toBe(true);
  });

  it("without positions (the baseline) the value is misplaced, and the subtotal check catches it", () => {
    const st = kind(readStatementsWith({ pages: [p] }, { useSpans: false }), "balance");
    expect(st.lines.find((l) => l.label === "Other")?.values).toEqual([null, 25]);
    expect(st.checks.find((c) => c.name === "subtotal: Total current assets")?.ok).toBe(false);
    expect(st.balanced).toBe(false);
  });
});

describe("cost of revenue printed in parts", () => {
  it("checks gross profit against the sum of the cost lines when no total is printed", () => {
    const lines = [
      "Harbor Works, Inc.", "Consolidated Statements of Operations", "(In millions)", "Years ended December 31, 2023 2022",
      "Total revenues $ 1,000 $ 900", "Cost of products (500) (450)", "Cost of services (200) (190)", "Gross profit 300 260",
      "Selling, general and administrative expenses 100 90", "Operating income 200 170", "Income before income taxes 200 170",
      "Income tax expense 50 40", "Net income $ 150 $ 130",
    ];
    const st = kind(readStatements({ pages: [page(1, lines)] }), "income");
    const gross = st.checks.find((c) => /gross profit/.test(c.name));
    expect(gross?.ok).toBe(true);
    expect(st.lines.filter((l) => l.key === "cost_of_revenue").map((l) => l.label)).toEqual(["Cost of products", "Cost of services"]);
  });
});

describe("readStatements: unit, scale and currency from the header lines", () => {
  // a European annual report: the currency and scale head the label column ("EUR thousands Note 2023")
  const income = (unitLine: string) => [
    "Example Holding AB Annual Report 2023",
    "Income statement",
    "1 January – 31 December 2023",
    `${unitLine} Note 2023`,
    "Revenue 2 18,400",
    "Cost of revenue (10,120)",
    "Gross profit 8,280",
    "Sales and marketing (2,300)",
    "Operating profit 5,980",
    "Net financial items (260)",
    "Profit before tax 5,720",
    "Income tax (1,220)",
    "Net income for the year 4,500",
  ];

  it.each([
    ["EUR thousands", 1e3, "EUR"],
    ["SEK m", 1e6, "SEK"],
    ["TSEK", 1e3, "SEK"],
    ["tkr", 1e3, "SEK"],
    ["MKR", 1e6, "SEK"],
    ["(€ in millions)", 1e6, "EUR"],
    ["Amounts in thousands of euros", 1e3, "EUR"],
  ])("reads %s as scale %d in %s", (unitLine, scale, currency) => {
    const st = kind(readStatements({ pages: [page(4, income(unitLine))] }), "income");
    expect(st.scale).toBe(scale);
    expect(st.currency).toBe(currency);
    expect(line(st, "cost_of_revenue")!.values).toEqual([-10120]);
  });

  it("leaves a header that names no currency without one (a '$' on the rows still says USD)", () => {
    const st = kind(readStatements({ pages: [page(4, income("(In thousands)"))] }), "income");
    expect(st.scale).toBe(1e3);
    expect(st.currency).toBeUndefined();
    expect(kind(readStatements({ pages: [page(1, INCOME)] }), "income").currency).toBe("USD");
  });
});
