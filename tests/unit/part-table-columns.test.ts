/**
 * Period columns of part and operating tables (lib/extraction/findings/parts.ts): every column keeps
 * its own period (quarter, year, a balance's date), and a footnote marker or a change printed in words
 * is never a period's value. Fixtures are invented tables in the layouts earnings releases and annual
 * reports print them (and PDF text sets them down).
 */
import { describe, expect, it } from "vitest";
import { extractPartFindings } from "@/lib/extraction/findings/parts";

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

  it("reads a summary whose change columns are printed in words, under a title naming one quarter", () => {
    const text = [
      "in the coming years, as planned by the end of 2025.”",
      "Q4 2022 Financial Results",
      "Q4 2022 Q4 2021 vs. Q4 2021",
      "Revenue ($B) $14.0 $20.5 down 32%",
      "Gross margin 39.2% 53.6% down 14.5 ppts",
      "Net income (loss) ($B) $(0.7)^ $4.6 down 114%",
    ].join("\n");
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
