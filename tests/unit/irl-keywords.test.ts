import { describe, expect, it } from "vitest";
import { parseCellRef } from "@/lib/ingest/parsers/cell-ref";
import { parseIrlCells, normalisePriority } from "@/lib/irl/irl";
import { analyseItem, deriveKeywords, yearsIn } from "@/lib/irl/keywords";
import { csvField, parseCsv } from "@/lib/irl/export";
import { normaliseQuestion, questionForIrlItem, questionKey } from "@/lib/irl/qa";

describe("IRL item analysis", () => {
  it("reads years and ranges", () => {
    expect(yearsIn("Customer concentration FY2022-FY2024")).toEqual([2022, 2023, 2024]);
    expect(yearsIn("P&L statements FY2023 and 2024 year to date")).toEqual([2023, 2024]);
    expect(yearsIn("Board minutes for the last 12 months")).toEqual([]);
  });

  it("tells document, statement and topic requests apart", () => {
    expect(analyseItem("Audited annual report FY2022").documentTypes).toEqual(["annual report"]);
    expect(analyseItem("Debt schedule: facilities, maturities, interest and covenants").documentTypes).toContain("debt schedule");
    expect(analyseItem("P&L statements FY2023 and 2024 year to date").statements).toEqual(["income"]);
    expect(analyseItem("Cash flow statement FY2023").statements).toEqual(["cash_flow"]);
    const topic = analyseItem("Customer concentration: revenue by customer FY2022-FY2024 with churn and renewal dates");
    expect(topic.documentTypes).toEqual([]);
    expect(topic.headGroups.map((g) => g.label)).toEqual(["customer", "concentration"]);
    expect(topic.wantsHistory).toBe(true);
    expect(analyseItem("Headcount development by quarter").wantsHistory).toBe(true);
    expect(analyseItem("CTO / technology leadership and engineering organisation").headGroups.map((g) => g.label)).toEqual(["cto"]);
  });

  it("derives keywords with synonyms", () => {
    const k = deriveKeywords("CTO / technology leadership and engineering organisation", "Key person risk");
    expect(k).toEqual(expect.arrayContaining(["cto", "chief technology officer", "technology", "leadership"]));
    expect(deriveKeywords("Headcount development by quarter")).toEqual(expect.arrayContaining(["headcount", "employees"]));
  });
});

describe("IRL sheet parsing", () => {
  it("parses cell references, quoted sheet names included", () => {
    expect(parseCellRef("IRL!B12")).toEqual({ sheet: "IRL", col: 2, row: 12 });
    expect(parseCellRef("'Data room'!AA3")).toEqual({ sheet: "Data room", col: 27, row: 3 });
    expect(parseCellRef("nonsense")).toBeNull();
  });

  it("finds the header anywhere and carries section domains down", () => {
    const cells = [
      { ref: "S!A1", value: "Title" },
      { ref: "S!B5", value: "Priority" },
      { ref: "S!C5", value: "Requested item" },
      { ref: "S!D5", value: "Workstream" },
      { ref: "S!D6", value: "Legal" },
      { ref: "S!C7", value: "Articles of association" },
      { ref: "S!B7", value: "1" },
      { ref: "S!C8", value: "Share register" },
      { ref: "S!B8", value: "optional" },
    ];
    expect(parseIrlCells(cells)).toEqual([
      { domain: "Legal", item: "Articles of association", priority: "high", notes: null, cell: "S!C7", row: 7 },
      { domain: "Legal", item: "Share register", priority: "low", notes: null, cell: "S!C8", row: 8 },
    ]);
    expect(parseIrlCells([{ ref: "S!A1", value: "Revenue" }])).toEqual([]);
    expect(normalisePriority("Must have")).toBe("high");
    expect(normalisePriority("")).toBe("medium");
  });
});

describe("Q&A text helpers", () => {
  it("normalises and keys questions", () => {
    expect(normaliseQuestion("  what is  churn ")).toBe("What is churn?");
    expect(questionKey("What is churn?")).toBe(questionKey("what is CHURN"));
    expect(questionForIrlItem({ item: "Debt schedule: facilities", coverage: "gap" })).toBe("Please provide the debt schedule: facilities.");
    expect(questionForIrlItem({ item: "CTO / technology leadership", coverage: "gap" })).toMatch(/^Please provide the CTO/);
  });

  it("quotes CSV fields per RFC 4180 and parses them back", () => {
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
    expect(csvField("plain")).toBe("plain");
    expect(parseCsv('x,"a ""b"", c","l1\r\nl2"\r\n1,2,3\r\n')).toEqual([["x", 'a "b", c', "l1\r\nl2"], ["1", "2", "3"]]);
  });
});
