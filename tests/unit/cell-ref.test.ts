import { describe, expect, it } from "vitest";
import { parseCellAddress, parseCellRef } from "@/lib/ingest/parsers/cell-ref";
import { cellAddress, quoteSheetName } from "@/lib/ingest/parsers/sheet-text";
import { cellGridPosition, highlightedCells } from "@/lib/ui/highlight";

describe("cell references (one parser for parsers, IRL import and viewer)", () => {
  it("parses A1 addresses, absolute and lower-case too, 1-based", () => {
    expect(parseCellAddress("B15")).toEqual({ col: 2, row: 15 });
    expect(parseCellAddress("$AA$3")).toEqual({ col: 27, row: 3 });
    expect(parseCellAddress("xfd1048576")).toEqual({ col: 16384, row: 1048576 });
    expect(parseCellAddress("Plan!B15")).toBeNull();
    expect(parseCellAddress("B")).toBeNull();
  });

  it("parses sheet-qualified references, quoted names unescaped", () => {
    expect(parseCellRef("B15")).toEqual({ sheet: null, col: 2, row: 15 });
    expect(parseCellRef("Plan!$B$15")).toEqual({ sheet: "Plan", col: 2, row: 15 });
    expect(parseCellRef("'Data room'!AA3")).toEqual({ sheet: "Data room", col: 27, row: 3 });
    expect(parseCellRef("'Bob''s'!C2")).toEqual({ sheet: "Bob's", col: 3, row: 2 });
    expect(parseCellRef("'Q1!Q2'!A1")).toEqual({ sheet: "Q1!Q2", col: 1, row: 1 });
    for (const bad of ["nonsense", "!B2", "'open!B2", "Plan!", "Plan!15B"]) expect(parseCellRef(bad)).toBeNull();
  });

  it("reads back every reference the sheet parsers write", () => {
    for (const name of ["Plan", "My Sheet", "Bob's", "A1", "2024"]) {
      const ref = `${quoteSheetName(name)}!${cellAddress(15, 2)}`;
      expect(parseCellRef(ref)).toEqual({ sheet: name, col: 2, row: 15 });
    }
  });

  it("the viewer's grid position is the same cell, 0-based", () => {
    expect(cellGridPosition("'Bob''s'!C2")).toEqual({ sheet: "Bob's", col: 2, row: 1 });
    expect(highlightedCells([{ ref: "'Bob''s'!C2", value: "7", start: 0 }], "C2", [], "Bob's")).toEqual(["'Bob''s'!C2"]);
  });
});
