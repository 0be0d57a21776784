import { describe, expect, it } from "vitest";
import { boxesForRanges, cellGridPosition, highlightedCells, locateHighlight } from "@/lib/ui/highlight";

describe("viewer highlight", () => {
  const text = "Revenue for the third quarter rose to EUR 5.2 mil-\nlion, driven by   subscriptions.\nEBITDA 1,200";
  it("matches an excerpt across line breaks, extra spaces and end-of-line hyphenation", () => {
    const [r] = locateHighlight(text, "… EUR 5.2 million, driven by subscriptions. …");
    expect(text.slice(r!.start, r!.end)).toBe("EUR 5.2 mil-\nlion, driven by   subscriptions.");
  });
  it("falls back to the longest opening words found", () => {
    const [r] = locateHighlight(text, "Revenue for the third quarter was something else entirely");
    expect(text.slice(r!.start, r!.end)).toBe("Revenue for the third quarter");
  });
  it("highlights every occurrence of a short query, case-insensitively", () => {
    expect(locateHighlight("Revenue and revenue", "REVENUE")).toHaveLength(2);
  });
  it("cuts spans proportionally into boxes", () => {
    const boxes = boxesForRanges([{ start: 0, length: 10, x: 100, y: 50, width: 100, height: 10 }], [{ start: 5, end: 10 }]);
    expect(boxes).toEqual([{ x: 150, y: 50, width: 50, height: 10 }]);
  });
  it("finds sheet cells by reference, only on the named sheet", () => {
    expect(cellGridPosition("Forecast!B15")).toEqual({ sheet: "Forecast", col: 1, row: 14 });
    const cells = [{ ref: "Plan!B15", value: "42", start: 0 }];
    expect(highlightedCells(cells, "Plan!B15", [], "Plan")).toEqual(["Plan!B15"]);
    expect(highlightedCells(cells, "Other!B15", [], "Plan")).toEqual([]);
    expect(highlightedCells(cells, "B15", [], "Plan")).toEqual(["Plan!B15"]);
  });
});

describe("highlights on word boundaries", () => {
  it("widens an excerpt cut mid-word to the whole word at both ends", () => {
    const text = "Total revenues increased substantially in the year, driven by subscriptions.";
    const [r] = locateHighlight(text, "venues increased substan");
    expect(text.slice(r!.start, r!.end)).toBe("revenues increased substantially");
    // a short query inside a longer word highlights the word
    expect(locateHighlight(text, "subscript").map((x) => text.slice(x.start, x.end))).toEqual(["subscriptions"]);
    // punctuation is not a word: nothing is widened past it
    const [p] = locateHighlight(text, "in the year, driven");
    expect(text.slice(p!.start, p!.end)).toBe("in the year, driven");
  });
});
