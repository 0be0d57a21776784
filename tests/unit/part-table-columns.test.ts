/**
 * Period columns of part and operating tables (lib/extraction/findings/parts.ts): every column keeps
 * its own period (quarter, year, a balance's date), and a footnote marker or a change printed in words
 * is never a period's value. Fixtures are invented tables in the layouts earnings releases and annual
 * reports print them (and PDF text sets them down).
 */
import { describe, expect, it } from "vitest";
import { extractPartFindings } from "@/lib/extraction/findings/parts";
import { extractTableFindings } from "@/lib/extraction/findings/tables";

type Ctx = Parameters<typeof extractPartFindings>[1];

/** "label: period=value" for every finding of a page, in order. */
function cells(text: string, ctx: Ctx = {}): string[] {
  return extractPartFindings({ pageNumber: 3, text }, ctx).map((c) => `${c.payload.metric}: ${c.payload.period}/${c.payload.periodMonths}=${c.payload.valueText}`);
}

describe("quarter and year columns of an earnings release", () => {
  // PDF text sets the group line ("Three Months Ended Twelve Months Ended") after the table
  const RECONCILIATION = [
    "Example Corp",
    "Supplemental Reconciliations of GAAP Actuals to Non-GAAP Actuals",
    "(In Millions, Except Per Share Amounts) Dec 31, 2022 Dec 25, 2021 Dec 31, 2022 Dec 25, 2021",
    "GAAP net revenue $ 4,100 $ 5,200 $ 17,300 $ 19,400",
    "Non-GAAP net revenue $ 4,100 $ 5,000 $ 17,300 $ 18,900",
    "Non-GAAP gross margin percentage",
    "1 41.5 % 52.0 % 45.1 % 56.3 %",
    "GAAP net income (loss)",
    "1 $ (210) $ 1,020 $ 2,400 $ 4,800",
    "1 Our reconciliations of prior year margins exclude a divested business.",
    "Three Months Ended Twelve Months Ended",
  ].join("\n");

  it("names the quarter columns as quarters and the year columns as years when the group line is printed after the table", () => {
    const out = cells(RECONCILIATION, { fiscalYear: 2022, fiscalPeriod: "Q4" });
    expect(out.filter((c) => c.startsWith("GAAP net revenue:"))).toEqual([
      "GAAP net revenue: Q4 2022/3=4,100",
      "GAAP net revenue: Q4 2021/3=5,200",
      "GAAP net revenue: FY2022/12=17,300",
      "GAAP net revenue: FY2021/12=19,400",
    ]);
  });

  it("never reads the footnote marker printed before a label's figures as a value", () => {
    const out = cells(RECONCILIATION, { fiscalYear: 2022, fiscalPeriod: "Q4" });
    expect(out.filter((c) => c.startsWith("Non-GAAP gross margin percentage:"))).toEqual([
      "Non-GAAP gross margin percentage: Q4 2022/3=41.5%",
      "Non-GAAP gross margin percentage: Q4 2021/3=52.0%",
      "Non-GAAP gross margin percentage: FY2022/12=45.1%",
      "Non-GAAP gross margin percentage: FY2021/12=56.3%",
    ]);
    expect(out.filter((c) => c.startsWith("GAAP net income (loss):")).map((c) => c.split("=")[1])).toEqual(["(210)", "1,020", "2,400", "4,800"]);
  });

  it("reads the year column of a two-column table under a group line stacked on the previous table's", () => {
    const text = [
      "Three Months Ended Twelve Months Ended",
      "Three Months Ended Twelve Months Ended",
      "(In Millions) Dec 31, 2022 Dec 31, 2022",
      "Cash from operations $ 7,000 $ 15,000",
    ].join("\n");
    expect(cells(text, { fiscalYear: 2022, fiscalPeriod: "Q4", fiscalYearEndMonth: 12 })).toEqual(["Cash from operations: Q4 2022/3=7,000", "Cash from operations: FY2022/12=15,000"]);
  });

  it("reads a summary whose change columns are printed in words, under a title naming one quarter", () => {
    const text = [
      "in the coming years, as planned by the end of 2025.”",
      "Q4 2022 Financial Results",
      "Q4 2022 Q4 2021 vs. Q4 2021",
      "Revenue ($B) $14.0 $20.5 down 32%",
      "Gross margin 39.2% 53.6% down 14.5 ppts",
      "Net income (loss) ($B) $(0.7)^ $4.6 down 114%",
    ].join("\n");
    const found = extractPartFindings({ pageNumber: 3, text }, { fiscalYear: 2022, fiscalPeriod: "Q4" });
    // "($B)": the row's figures are billions
    expect(found[0]!.payload.valueNum).toBe(14_000_000_000);
    const out = cells(text, { fiscalYear: 2022, fiscalPeriod: "Q4" });
    expect(out).toEqual([
      "Revenue ($B): Q4 2022/3=$14.0",
      "Revenue ($B): Q4 2021/3=$20.5",
      "Gross margin: Q4 2022/3=39.2%",
      "Gross margin: Q4 2021/3=53.6%",
      "Net income (loss) ($B): Q4 2022/3=$(0.7)",
      "Net income (loss) ($B): Q4 2021/3=$4.6",
    ]);
  });
});

describe("balances at quarter ends", () => {
  it("reads five quarter-end dates as five balances, the fiscal year end as the year's", () => {
    // PDF text sets each date over two lines
    const text = [
      "Example Software, Inc.",
      "Additional Metrics",
      "(Unaudited)",
      "April 30,",
      "2023",
      "January 31,",
      "2023",
      "October 31,",
      "2022",
      "July 31,",
      "2022",
      "April 30,",
      "2022",
      "Full time equivalent headcount 70,100 71,200 72,300 73,400 74,500",
    ].join("\n");
    expect(cells(text, { fiscalYear: 2024, fiscalPeriod: "Q1", fiscalYearEndMonth: 1 })).toEqual([
      "Full time equivalent headcount: 30 April 2023/0=70,100",
      "Full time equivalent headcount: FY2023 (ending January)/0=71,200",
      "Full time equivalent headcount: 31 October 2022/0=72,300",
      "Full time equivalent headcount: 31 July 2022/0=73,400",
      "Full time equivalent headcount: 30 April 2022/0=74,500",
    ]);
  });
});

describe("every period column of a table with change columns", () => {
  it("keeps the six months' columns when the change headings wrap the header over lines", () => {
    const text = [
      "KEY FINANCIAL METRICS - CONSOLIDATED",
      "Dollars in millions, except per share data",
      "Quarters Ended June 30, Six Months Ended June 30,",
      "2023 2022 Inc/ (Dec)",
      "Inc/ (Dec)",
      "Excluding",
      "Currency",
      "Translation 2023 2022 Inc/ (Dec)",
      "Inc/ (Dec)",
      "Excluding",
      "Currency",
      "Translation",
      "Revenues $ 5,100.0 $ 4,800.0 6 % 7 % $ 9,900.0 $ 9,300.0 6 % 8 %",
      "Operating income 2,000.0 1,500.0 33 34 3,800.0 3,100.0 23 25",
    ].join("\n");
    expect(cells(text, { fiscalYear: 2023, fiscalPeriod: "Q2" }).filter((c) => c.startsWith("Operating income"))).toEqual([
      "Operating income: Q2 2023/3=2,000.0",
      "Operating income: Q2 2022/3=1,500.0",
      "Operating income: H1 2023/6=3,800.0",
      "Operating income: H1 2022/6=3,100.0",
    ]);
  });

  it("reads each run's periods when a change column follows every run of a wrapped header", () => {
    // PDF text sets each header cell on its own line: "July 2, / 2023 / July 3, / 2022 / % / Change / July 2, / …"
    const text = [
      "The following summarizes revenues by geographic area:",
      "Three Months Ended Six Months Ended",
      "(MILLIONS)",
      "July 2,", "2023", "July 3,", "2022", "%", "Change", "July 2,", "2023", "July 3,", "2022", "%", "Change",
      "United States $ 6,000 $ 11,000 (45) $ 14,000 $ 20,000 (30)",
      "Europe 2,400 5,400 (56) 5,200 11,500 (55)",
    ].join("\n");
    expect(cells(text, { fiscalYear: 2023, fiscalPeriod: "Q2", fiscalYearEndMonth: 12 }).filter((c) => c.startsWith("Europe"))).toEqual([
      "Europe: Q2 2023/3=2,400",
      "Europe: Q2 2022/3=5,400",
      "Europe: H1 2023/6=5,200",
      "Europe: H1 2022/6=11,500",
    ]);
  });

  it("keeps the year-ago columns when each date's year shares its line with the change heading", () => {
    const text = [
      "The following table shows net sales by reportable segment (dollars in millions):",
      "Three Months Ended Nine Months Ended",
      "July 1,", "2023", "June 25,", "2022 Change", "July 1,", "2023", "June 25,", "2022 Change",
      "Net sales by reportable segment:",
      "Americas $ 35,000 $ 37,000 (6)% $ 122,000 $ 129,000 (6)%",
    ].join("\n");
    expect(cells(text, { fiscalYear: 2023, fiscalPeriod: "Q3", fiscalYearEndMonth: 9 }).map((c) => c.replace(/^.*?: /, ""))).toEqual([
      "Q3 2023/3=35,000",
      "Q3 2022/3=37,000",
      "9M 2023/9=122,000",
      "9M 2022/9=129,000",
    ]);
  });

  it("reads a balance date and the year end as balances though a half is named above them", () => {
    const text = ["Borrowings in the first six months were as follows:", "(MILLIONS)", "July 2,", "2023", "December 31,", "2022", "Total short-term borrowings $ 3,900 $ 2,900"].join("\n");
    expect(cells(text, { fiscalYear: 2023, fiscalPeriod: "Q2", fiscalYearEndMonth: 12 })).toEqual([
      "Total short-term borrowings: 2 July 2023/0=3,900",
      "Total short-term borrowings: FY2022/0=2,900",
    ]);
  });

  it("does not read the two last days of a 52/53-week year's nine months as points in time", () => {
    const text = ["Nine Months Ended", "July 1,", "2023", "June 25,", "2022", "Share-based compensation expense $ 2,600 $ 2,200"].join("\n");
    expect(cells(text, { fiscalYear: 2023, fiscalPeriod: "Q3", fiscalYearEndMonth: 9 })).toEqual([
      "Share-based compensation expense: 9M 2023/9=2,600",
      "Share-based compensation expense: 9M 2022/9=2,200",
    ]);
  });

  it("reads tables printed side by side whose header wraps, each under its own name", () => {
    const text = [
      "Quarters Ended June 30,",
      "Net Income   Earnings per share - diluted",
      "2023 2022",
      "Inc/",
      "(Dec)",
      "Translation 2023 2022",
      "Inc/",
      "(Dec)",
      "GAAP $ 2,000.0 $ 1,100.0 82 % 83 % $ 3.00 $ 1.50 100 % 101 %",
    ].join("\n");
    const out = extractPartFindings({ pageNumber: 3, text }, { fiscalYear: 2023, fiscalPeriod: "Q2" }).map((c) => `${c.payload.part.title}: ${c.payload.period}=${c.payload.valueText}`);
    expect(out).toEqual(["Net Income: Q2 2023=2,000.0", "Net Income: Q2 2022=1,100.0", "Earnings per share - diluted: Q2 2023=3.00", "Earnings per share - diluted: Q2 2022=1.50"]);
  });

  it("reads the rows of a table whose change column is named on the lines under the years", () => {
    const text = [
      "The following table compares summary operating results (dollars in millions) for the years ended May 31:",
      "2023(1) 2022(1)",
      "Percent",
      "Change",
      "Consolidated revenue $ 50,000 $ 52,000 (4)",
      "Operating income (loss):",
      "Air segment 1,000 2,000 (50)",
      "Road segment 3,000 2,500 20",
    ].join("\n");
    const out = extractPartFindings({ pageNumber: 3, text }, { fiscalYear: 2023 }).map((c) => `${c.payload.metric}: ${c.payload.period}=${c.payload.valueText}`);
    expect(out).toContain("Air segment — Operating income (loss): FY2023=1,000");
    expect(out).toContain("Road segment — Operating income (loss): FY2022=2,500");
    expect(out.some((c) => /=\(50\)|=20$/.test(c))).toBe(false);
  });

  it("keeps a row whose label carries a footnote marker ('EMEA(1)')", () => {
    const text = [
      "Year Ended May 31,",
      "Percent Change",
      "(Dollars in millions) 2021 Actual Constant 2020",
      "Total Revenues by Geography:",
      "Americas $ 2,100 1% 2% $ 2,000",
      "EMEA(1) 1,100 8% 2% 1,000",
    ].join("\n");
    const emea = extractPartFindings({ pageNumber: 3, text }, {}).filter((c) => c.payload.part.label === "EMEA").map((c) => `${c.payload.period}=${c.payload.valueText}`);
    expect(emea).toEqual(["FY2021=1,100", "FY2020=1,000"]);
  });

  it("keeps a section heading that opens with a percent sign ('% Revenues by Geography:') as the rows' heading", () => {
    const text = ["(Dollars in millions) 2021 Actual Constant 2020", "Americas $ 2,100 1% 2% $ 2,000", "% Revenues by Geography:", "Americas 54% 55%"].join("\n");
    const shares = extractPartFindings({ pageNumber: 3, text }, {}).filter((c) => c.payload.unit === "percent").map((c) => c.payload.part.context);
    expect(shares).toEqual([["% Revenues by Geography"], ["% Revenues by Geography"]]);
  });
});

describe("rows under sub-headers", () => {
  const text = [
    "The following table presents revenue by service type and geographic information for the years ended May 31 (in millions):",
    "2023 2022",
    "REVENUE BY SERVICE TYPE",
    "Air segment:",
    "Package:",
    "Overnight $ 900 $ 800",
    "Deferred 500 450",
    "Total package revenue 1,400 1,250",
    "Freight:",
    "Priority 300 280",
    "Total freight revenue 300 280",
    "Other 40 30",
    "Total Air segment 1,740 1,560",
    "Road segment 700 650",
    "GEOGRAPHICAL INFORMATION",
    "Revenue:",
    "U.S. $ 1,800 $ 1,700",
    "International:",
    "Air segment 600 500",
    "Road segment 40 10",
    "Total international revenue 640 510",
  ].join("\n");
  const rows = () => extractPartFindings({ pageNumber: 3, text }, {}).filter((c) => c.payload.period === "FY2023").map((c) => c.payload.part);

  it("carries a heading printed right over another into the rows of both", () => {
    expect(rows().find((p) => p.label === "Overnight")?.context).toEqual(expect.arrayContaining(["Air segment", "Package"]));
    expect(rows().find((p) => p.label === "Priority")?.context).toEqual(expect.arrayContaining(["Air segment", "Freight"]));
    expect(rows().find((p) => p.label === "Road segment" && p.title === "REVENUE BY SERVICE TYPE")?.context).toEqual([]);
  });

  it("names the measure of a sub-header's rows by the total that closes it", () => {
    const intl = rows().find((p) => p.label === "Air segment" && p.title === "GEOGRAPHICAL INFORMATION");
    expect(intl?.context).toEqual(["International", "Total international revenue"]);
    expect(intl?.columns.map((c) => c.value)).toEqual(["600", "500"]);
  });
});

describe("interim columns named by their printed dates", () => {
  const text = [
    "Three Months Ended Nine Months Ended",
    "September 30, September 30,",
    "(in millions) 2022 2021 2022 2021",
    "Net Income (Loss) $ 459 $ (1,088) $ 1,297 $ (564)",
  ].join("\n");

  it("names a quarter by the day it ends, not by a document year that disagrees", () => {
    // a document filed under next year's name: the printed dates decide once the fiscal year end is known
    const out = cells(text, { fiscalYear: 2023, fiscalPeriod: "Q3", fiscalYearEndMonth: 12 });
    expect(out).toEqual(["Net Income (Loss): Q3 2022/3=459", "Net Income (Loss): Q3 2021/3=(1,088)", "Net Income (Loss): 9M 2022/9=1,297", "Net Income (Loss): 9M 2021/9=(564)"]);
  });

  it("names a table's metric rows by the printed day too, under a group line naming the day", () => {
    const page = ["Example Utility Company", "Three Months Ended Nine Months Ended", "September 30, September 30,", "(in millions) 2022 2021 2022 2021", "Net income (loss) $ 490 $ (1,042) $ 1,620 $ (425)"].join("\n");
    const found = extractTableFindings({ pageNumber: 3, text: page }, { fiscalYear: 2023, fiscalPeriod: "Q3", fiscalYearEndMonth: 12, statementKind: null });
    expect(found.map((c) => `${c.payload.period}@${c.payload.periodEnd}=${c.payload.valueText}`).sort()).toEqual([
      "9M 2021@2021-09-30=(425)",
      "9M 2022@2022-09-30=1,620",
      "Q3 2021@2021-09-30=(1,042)",
      "Q3 2022@2022-09-30=490",
    ]);
  });

  it("names a fiscal quarter of a year ending in January by its fiscal year", () => {
    const q = ["Three Months Ended April 30,", "2023 2022", "Sales $ 1,810 $ 1,632"].join("\n");
    expect(cells(q, { fiscalYear: 2024, fiscalPeriod: "Q1", fiscalYearEndMonth: 1 })).toEqual(["Sales: Q1 2024/3=1,810", "Sales: Q1 2023/3=1,632"]);
  });
});

describe("sub-headers that are siblings", () => {
  it("does not nest a heading under one whose rows print no label", () => {
    const text = [
      "The components of long-term debt are as follows (in millions):",
      "2023 2022",
      "Secured notes:",
      "1.875 2034 $ 800 $ 850",
      "Unsecured notes:",
      "3.25 2026 700 690",
      "Total unsecured notes 700 690",
      "Finance lease obligations 80 60",
    ].join("\n");
    const lease = extractPartFindings({ pageNumber: 3, text }, {}).find((c) => c.payload.part.label === "Finance lease obligations");
    expect(lease?.payload.part.context).toEqual([]);
  });
});

describe("a five-quarter trend", () => {
  it("reads every quarter when PDF text sets a month and its day on lines of their own", () => {
    const text = [
      "Unaudited Supplemental Operating Data",
      "Three Months Ended",
      "June 30,", "", "2023", "", "March 31,", "", "2023", "", "December", "31,", "", "2022", "", "September 30,", "", "2022", "", "June 30,", "", "2022",
      "(In millions, except percentages)",
      "Active Buyers (1) 120 121 122 123 124",
    ].join("\n");
    expect(cells(text, { fiscalYear: 2023, fiscalPeriod: "Q2", fiscalYearEndMonth: 12 }).map((c) => c.replace(/^.*?: /, ""))).toEqual([
      "Q2 2023/3=120",
      "Q1 2023/3=121",
      "Q4 2022/3=122",
      "Q3 2022/3=123",
      "Q2 2022/3=124",
    ]);
  });
});

describe("columns printed between a header's periods", () => {
  it("reads no period's value from a row whose figures outnumber its periods twice over (a reconciliation to constant currency)", () => {
    // as PDF text sets it down: each column heading a line of its own
    const text = [
      "The following table presents a reconciliation of FX-Neutral volume to reported volume (in millions, except percentages):",
      "", "Year Ended Year Ended December 31,", "2024 2023", "As Reported", "Exchange Rate", "Effect FX-Neutral As Reported", "As Reported %", "Change", "FX-Neutral %", "Change", "",
      "Volume $ 87,365 $ 2,362 $ 85,003 $ 87,608 — % (3) %",
    ].join("\n");
    expect(cells(text).filter((c) => /^Volume/.test(c))).toEqual([]);
    // a change column after the periods is still no period: the periods' own figures are read
    const plain = ["Segment volume (in millions)", "2024 2023 Change", "Volume $ 87,365 $ 86,000 1,365"].join("\n");
    expect(cells(plain).filter((c) => /^Volume/.test(c))).toEqual(["Volume: FY2024/12=87,365", "Volume: FY2023/12=86,000"]);
  });
});

describe("change columns named by two years", () => {
  it("reads '2014 to 2015' / '2017 vs. 2016' after the periods as change columns, so a key-metrics table's rows are read", () => {
    const text = [
      "The following table sets forth certain key operating metrics.", "Year Ended December 31,", "Percent Change", "from", "Percent Change", "from",
      "2024 2023 2022 (4) 2023 to 2024 2022 to 2023", "(In millions, except percentage changes)", "Supplemental Operating Data:", "GMV:",
      "Marketplace $ 78,099 $ 79,581 $ 73,311 (2)% 9 %", "Tickets 3,574 3,172 3,109 13 % 2 %", "Transaction take rate:",
      "Marketplace (1) 7.81% 7.98% 8.05% (0.17)% (0.07)%", "Tickets (2) 20.29% 19.83% 21.00% 0.46 % (1.17)%",
    ].join("\n");
    const ps = extractPartFindings({ pageNumber: 37, text }, {}).map((c) => c.payload);
    const rate = ps.filter((p) => p.part.label === "Tickets" && p.part.context.includes("Transaction take rate"));
    expect(rate.map((p) => [p.period, p.valueNum, p.unit])).toEqual([["FY2024", 20.29, "percent"], ["FY2023", 19.83, "percent"], ["FY2022", 21, "percent"]]);
    expect(ps.find((p) => p.part.label === "Tickets" && p.part.context.includes("GMV") && p.period === "FY2024")).toMatchObject({ valueNum: 3_574_000_000, unit: "currency" });
  });

  it("reads two-digit spans ('22 vs. 21', 'FY23 vs FY22') after the periods as change columns, so a segment table's rows are read", () => {
    for (const span of ["22 vs. 21", "'22 vs. '21", "FY22 vs FY21", "22 over 21"]) {
      const text = [
        "Table of Contents",
        "The following table presents segment net income by reportable segment and Hemlock and other businesses of the company (in millions):",
        "Year ended December 31, $ change % change",
        `2022 2021 ${span} ${span}`,
        "Optical Products $ 661 $ 553 $ 108 20%",
        "Glass Technologies 292 269 23 9%",
        "Net income of reportable segments 2,215 2,347 (132) (6)%",
      ].join("\n");
      const ps = extractPartFindings({ pageNumber: 29, text }, {}).map((c) => c.payload);
      expect(ps.filter((p) => p.part.label === "Glass Technologies").map((p) => [p.period, p.valueNum]), span).toEqual([["FY2022", 292_000_000], ["FY2021", 269_000_000]]);
      // (the caption sentence above names what the table holds; the page's link back to its contents names nothing)
      expect(ps.find((p) => p.part.label === "Glass Technologies")?.part.title, span).toBe("segment net income by reportable segment and Hemlock and other businesses of the company");
    }
  });

  it("reads a count of memberships under '(in thousands, except … percentages)' as a count in thousands", () => {
    const text = ["As of/ Year Ended December 31, Change", "2024 2023 2022 2024 vs. 2023 2023 vs. 2022", "(in thousands, except revenue per membership and percentages)", "Global memberships at end of period 117,582 93,796 74,762 25% 25 %", "Revenues $ 11,692,713 $ 8,830,669 $ 6,779,511 32% 30 %"].join("\n");
    const ps = extractPartFindings({ pageNumber: 21, text }, {}).map((c) => c.payload);
    expect(ps.find((p) => p.part.label === "Global memberships at end of period" && p.period === "FY2024")).toMatchObject({ unit: "count", valueNum: 117_582_000 });
    expect(ps.find((p) => p.part.label === "Revenues" && p.period === "FY2024")).toMatchObject({ unit: "currency", valueNum: 11_692_713_000 });
  });
});
