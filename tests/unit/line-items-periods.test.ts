/** The columns a get_line_items row keeps for the periods asked (lib/agent/evidence/line-items.ts). */
import { describe, expect, it } from "vitest";
import { inPeriods, type LineItemRow } from "@/lib/agent/evidence/line-items";

const row = (cols: Array<[string, number, number]>): LineItemRow => ({
  item: "net_income", match: "label", label: "Net income", source: "statement", scale: 1e6, currency: "USD",
  columns: cols.map(([period, months, v]) => ({ period, months, value: v * 1e6, printed: String(v) })), document: "ACME_Q3.pdf", page: 4, row: "Net income", citation: "(source: ACME_Q3.pdf, p.4)",
});

describe("a row's columns for the periods asked", () => {
  const q = row([["Q3 2023", 3, 19_881], ["Q3 2022", 3, 19_442], ["9M 2023", 9, 74_039], ["9M 2022", 9, 79_082]]);

  it("keep the quarters asked, and no year-to-date column", () => {
    expect(inPeriods(q, ["Q3 2023"])?.columns.map((c) => c.period)).toEqual(["Q3 2023"]);
    expect(inPeriods(q, ["Q3 2022", "Q3 2023"])?.columns.map((c) => c.period)).toEqual(["Q3 2023", "Q3 2022"]);
  });

  it("give no row that lacks every period asked, and keep exactly the years asked", () => {
    expect(inPeriods(row([["Q3 2022", 3, 19_442]]), ["Q3 2023"])).toBeUndefined();
    const y = row([["FY2023", 12, 96_995], ["FY2022", 12, 99_803], ["FY2021", 12, 94_680]]);
    expect(inPeriods(y, ["FY2023"])?.columns.map((c) => c.period)).toEqual(["FY2023"]);
  });
});

describe("a balance printed at a quarter's last day", () => {
  const headcount: LineItemRow = {
    item: "employees", match: "label", label: "Full time equivalent headcount", source: "table", scale: 1,
    columns: [["31 July 2024", "2024-07-31", 70_456], ["30 April 2024", "2024-04-30", 72_970]].map(([period, periodEnd, v]) => ({ period: period as string, periodEnd: periodEnd as string, months: 0, value: v as number })),
    document: "ACME_Q2.pdf", page: 10, row: "Full time equivalent headcount 70,456 72,970", citation: "(source: ACME_Q2.pdf, p.10)",
  };

  it("is the quarter's when the deal's own columns end that quarter on that day (a fiscal year ending in January)", () => {
    const ends = new Map([["Q2 2025", new Set(["2024-07-31"])]]);
    expect(inPeriods(headcount, ["Q2 2025"], ends)?.columns.map((c) => c.value)).toEqual([70_456]);
    // a quarter the deal's columns end on another day keeps nothing
    expect(inPeriods(headcount, ["Q3 2025"], new Map([["Q3 2025", new Set(["2024-10-31"])]]))).toBeUndefined();
  });
});
