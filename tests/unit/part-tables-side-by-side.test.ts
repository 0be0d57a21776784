/**
 * Two tables printed side by side on one page: one header line repeats a run of periods per
 * table and a line above it names each table over its columns ("Revenue Mix Summary" … gap …
 * "Comparable Sales Summary"). Each printed row holds one row of each table: the reader splits it
 * at the tables' columns, each row named by its own table, so a question about one table never
 * reads the other's figures. Pages are invented, positioned the way a PDF text layer prints them.
 */
import { describe, expect, it } from "vitest";
import { extractPartFindings, type PartFindingPayload } from "@/lib/extraction/findings/parts";
import { positionedText } from "../helpers/positioned";

const rowsOf = (page: { text: string; spans?: unknown }) => {
  const out = new Map<string, { label: string; title: string; columns: string[] }>();
  for (const c of extractPartFindings({ pageNumber: 26, ...(page as { text: string }) }, { fiscalYear: 2024 })) {
    const p = (c.payload as PartFindingPayload).part;
    out.set(`${p.label}|${p.title}`, { label: p.label, title: p.title, columns: p.columns.map((x) => `${x.period}=${x.value}`) });
  }
  return [...out.values()];
};

// a revenue mix table beside a comparable-sales table, as a 10-K's MD&A prints them
const mixAndComparable = positionedText([
  [["The following table presents the segment's revenue mix percentages and comparable sales percentage changes by revenue category in fiscal 2024 and 2023:", 18]],
  [["Revenue Mix Summary", 256], ["Comparable Sales Summary", 449]],
  [["Year Ended", 270], ["Year Ended", 470]],
  [["2024", 237], ["2023", 338], ["2024", 440], ["2023", 540]],
  [["Tools and Hardware", 18], ["46 %", 266], ["45 %", 368], ["(6.8)%", 461], ["(0.3)%", 569]],
  [["Garden and Outdoor", 18], ["31 %", 266], ["33 %", 368], ["(9.9)%", 461], ["4.2 %", 569]],
  [["Other", 18], ["1 %", 266], ["-%", 368], ["1.6 %", 461], ["N/A", 569]],
  [["Total", 18], ["100 %", 266], ["100 %", 368], ["(7.1)%", 461], ["1.0 %", 569]],
], { blankWidth: 120 });

describe("tables printed side by side", () => {
  it("splits each printed row into a row of each table, named by its own table", () => {
    const rows = rowsOf(mixAndComparable);
    expect(rows.filter((r) => r.label === "Tools and Hardware")).toEqual([
      { label: "Tools and Hardware", title: "Revenue Mix Summary", columns: ["FY2024=46%", "FY2023=45%"] },
      { label: "Tools and Hardware", title: "Comparable Sales Summary", columns: ["FY2024=(6.8)%", "FY2023=(0.3)%"] },
    ]);
    expect(rows.find((r) => r.label === "Total" && /Comparable/.test(r.title))?.columns).toEqual(["FY2024=(7.1)%", "FY2023=1.0%"]);
    // a row printing "-%" and "N/A" for a period it has no figure for is still a row of each table
    expect(rows.filter((r) => r.label === "Other").map((r) => r.columns)).toEqual([["FY2024=1%", "FY2023=-%"], ["FY2024=1.6%", "FY2023=N/A"]]);
  });

  it("splits three tables beside one stub column whose own cell ('(in millions)') opens the naming line", () => {
    const page = positionedText([
      [["(in millions)", 18], ["Domestic pension", 220], ["International pension", 340], ["Postretirement", 470]],
      [["2024", 210], ["2023", 260], ["2024", 330], ["2023", 380], ["2024", 450], ["2023", 500]],
      [["Service cost", 18], ["$ 105", 210], ["$ 102", 260], ["$ 22", 330], ["$ 25", 380], ["$ 9", 450], ["$ 10", 500]],
    ], { blankWidth: 40 });
    const service = rowsOf(page).filter((r) => r.label === "Service cost").map((r) => [r.title, r.columns]);
    expect(service).toEqual([
      ["Domestic pension", ["FY2024=105", "FY2023=102"]],
      ["International pension", ["FY2024=22", "FY2023=25"]],
      ["Postretirement", ["FY2024=9", "FY2023=10"]],
    ]);
  });

  it("keeps a header that prints years again for its change columns as one table", () => {
    const page = positionedText([
      [["Net sales by category", 18]],
      [["Years Ended", 240], ["Change", 420]],
      [["2024", 210], ["2023", 260], ["2022", 310], ["2024", 400], ["2023", 450]],
      [["Tools and Hardware", 18], ["$ 4,100", 210], ["$ 3,900", 260], ["$ 3,700", 310], ["5 %", 400], ["5 %", 450]],
    ], { blankWidth: 40 });
    expect(rowsOf(page)).toEqual([{ label: "Tools and Hardware", title: "Net sales by category", columns: ["FY2024=4,100", "FY2023=3,900", "FY2022=3,700"] }]);
  });

  it("keeps a quarter's header whose two runs are two durations as one table, whatever line names them", () => {
    const page = positionedText([
      [["Segment revenue for the periods indicated (in millions):", 18]],
      [["Quarter", 240], ["Year to date", 420]],
      [["Three Months Ended June 30,", 220], ["Six Months Ended June 30,", 400]],
      [["2024", 210], ["2023", 260], ["2024", 400], ["2023", 450]],
      [["Tools and Hardware", 18], ["$ 1,265", 210], ["$ 1,199", 260], ["$ 2,526", 400], ["$ 2,425", 450]],
    ], { blankWidth: 40 });
    expect(rowsOf(page).map((r) => r.columns)).toEqual([["Q2 2024=1,265", "Q2 2023=1,199", "H1 2024=2,526", "H1 2023=2,425"]]);
  });

  it("splits a plain-text page whose naming line keeps its wide blanks", () => {
    const text = ["Revenue Mix Summary        Comparable Sales Summary", "2024 2023 2024 2023", "Tools and Hardware 46 % 45 % (6.8)% (0.3)%"].join("\n");
    expect(rowsOf({ text }).map((r) => [r.title, r.columns])).toEqual([
      ["Revenue Mix Summary", ["FY2024=46%", "FY2023=45%"]],
      ["Comparable Sales Summary", ["FY2024=(6.8)%", "FY2023=(0.3)%"]],
    ]);
  });
});
