import { describe, expect, it } from "vitest";
import { parsePeriod, readPeriodRange, readPeriodRequest, resolvePeriod } from "@/lib/periods";
import { selectPeople, type Person } from "@/lib/agent/knowledge/people";
import { pickColumn, sheetTableRows, tableNumber, textTableRows } from "@/lib/agent/knowledge/tables";

describe("period requests", () => {
  it("a date is a point in time, not the year", () => {
    expect(readPeriodRequest("What was the cash position at 30 September 2024?").exact).toMatchObject({ kind: "point", end: "2024-09-30" });
    expect(readPeriodRequest("cash as of September 30, 2024").exact).toMatchObject({ kind: "point", end: "2024-09-30" });
    expect(readPeriodRequest("revenue in 2023").exact).toMatchObject({ kind: "FY", label: "FY2023" });
  });

  it("'2024 so far' is the latest cumulative period of 2024 in the data", () => {
    const req = readPeriodRequest("Break down the income statement for 2024 so far");
    expect(req).toMatchObject({ relative: "year_to_date", year: 2024 });
    expect(resolvePeriod(req, ["Q1 2024", "H1 2024", "Q3 2024", "9M 2024", "FY2023"]).period?.label).toBe("9M 2024");
    expect(resolvePeriod(req, ["Q1 2024", "FY2023"]).period?.label).toBe("Q1 2024");
  });

  it("reads a range of quarters", () => {
    expect(readPeriodRange("How did revenue develop from Q1 to Q3 2024?")).toMatchObject({ from: { label: "Q1 2024" }, to: { label: "Q3 2024" } });
    expect(readPeriodRange("Q3 2023 – Q2 2024")).toMatchObject({ from: { label: "Q3 2023" }, to: { label: "Q2 2024" } });
    expect(readPeriodRange("Q3 to Q1 2024")).toBeUndefined();
    expect(readPeriodRange("What was Q3 2024 revenue?")).toBeUndefined();
  });
});

describe("table readers", () => {
  const page = [
    "Financial position",
    "",
    "EUR thousands 30 Sep 2024 30 Sep 2023 31 Dec 2023",
    "",
    "Cash and cash equivalents 4,040 3,980 4,100",
    "Interest-bearing borrowings 3,250 4,250 4,000",
    "Net debt excluding lease liabilities (790) 270 (100)",
  ].join("\n");

  it("a text table: rows under a header of periods, with the unit line", () => {
    const rows = textTableRows(page);
    expect(rows.map((r) => r.label)).toEqual(["Cash and cash equivalents", "Interest-bearing borrowings", "Net debt excluding lease liabilities"]);
    const cash = rows[0]!;
    expect(cash.scale).toBe("EUR thousands");
    expect(pickColumn(cash, { period: parsePeriod("30 September 2024") })).toMatchObject({ header: "30 Sep 2024", value: "4,040" });
    expect(pickColumn(cash, { period: parsePeriod("31 December 2023") })).toMatchObject({ value: "4,100" });
    expect(pickColumn(cash, { period: parsePeriod("30 June 2024") })).toBeUndefined();
    expect(tableNumber("4,040", cash.scale)).toBe(4_040_000);
    expect(tableNumber("(790)", cash.scale)).toBe(-790_000);
  });

  it("a percent row under period headings gives the asked period's column, never the last forecast year's", () => {
    const margin = { label: "EBITDA margin", line: "EBITDA margin 23.1% 23%", columns: [{ header: "Q3 2024", value: "23.1%", period: parsePeriod("Q3 2024") }, { header: "FY2025F", value: "23%", period: parsePeriod("FY2025") }] };
    expect(pickColumn(margin, { period: parsePeriod("Q3 2024"), percent: true })).toMatchObject({ value: "23.1%" });
    expect(pickColumn(margin, { period: parsePeriod("Q1 2024"), percent: true })).toBeUndefined();
    expect(pickColumn(margin, { percent: true })).toMatchObject({ value: "23%" });
  });

  it("prose is not a table", () => {
    expect(textTableRows("Revenue grew in 2023 and 2024 as the company expanded across the Nordics and into Germany.\nIt was 5 2 3.")).toEqual([]);
  });

  it("a sheet: the row with its header per cell, and the percent column", () => {
    const cells = [
      { ref: "'Cap Table'!A1", value: "Capitalisation table" },
      { ref: "'Cap Table'!A4", value: "Shareholder" }, { ref: "'Cap Table'!B4", value: "Role" }, { ref: "'Cap Table'!D4", value: "Shares" }, { ref: "'Cap Table'!E4", value: "% fully diluted" },
      { ref: "'Cap Table'!A7", value: "Jane Smith" }, { ref: "'Cap Table'!B7", value: "Chief Executive Officer" }, { ref: "'Cap Table'!D7", value: "1500000" }, { ref: "'Cap Table'!E7", value: "15%" },
    ];
    const rows = sheetTableRows(cells);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.label).toBe("Jane Smith, Chief Executive Officer");
    expect(pickColumn(rows[0]!, { percent: true })).toEqual({ header: "% fully diluted", value: "15%", cell: "'Cap Table'!E7", period: undefined });
  });
});

describe("people selection", () => {
  const m = (document: string, page: number, excerpt: string, role: string | null = null) => ({ role, documentId: document, document, documentKind: null, documentDate: null, page, excerpt });
  const people: Person[] = [
    { name: "Jane Smith", roles: ["Chief Executive Officer"], roleLabels: ["CEO"], mentions: [m("Bios.docx", 2, "Jane Smith joined as CEO in 2019.")] },
    { name: "John Doe", roles: ["Chief Financial Officer"], roleLabels: ["CFO"], mentions: [m("Bios.docx", 3, "John Doe joined as CFO.")] },
    { name: "Erik Lindqvist", roles: ["Chair of the Board"], roleLabels: ["Chair of the Board"], mentions: [m("Minutes.docx", 1, "Erik Lindqvist (Chair)")] },
    { name: "Per Furberg", roles: ["särskild utredare"], roleLabels: ["särskild utredare"], mentions: [m("SOU.txt", 3, "Som särskild utredare förordnades advokat Per Furberg.")] },
  ];

  it("the management team: executives, and the executive roles nobody holds", () => {
    const s = selectPeople(people, "Summarize the management team");
    expect(s.people.map((p) => p.name)).toEqual(["Jane Smith", "John Doe"]);
    expect(s.missingRoles).toEqual(["CTO", "Head of Sales"]);
  });

  it("a role (English or Swedish) or a name picks the person", () => {
    expect(selectPeople(people, "What do we know about the CEO?").people.map((p) => p.name)).toEqual(["Jane Smith"]);
    expect(selectPeople(people, "Vem förordnades som särskild utredare?").people.map((p) => p.name)).toEqual(["Per Furberg"]);
    expect(selectPeople(people, "Tell me about John Doe").people.map((p) => p.name)).toEqual(["John Doe"]);
    expect(selectPeople(people, "Who is the CTO?")).toMatchObject({ people: [], missingRoles: ["CTO"] });
    expect(selectPeople(people, "What was Q3 revenue?").people).toEqual([]);
  });
});
