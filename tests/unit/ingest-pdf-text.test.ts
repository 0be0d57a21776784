/** Page text assembly from pdf.js text items: span offsets must point at their run in the final text. */
import { describe, expect, it } from "vitest";
import { assemblePageText } from "@/lib/ingest/parsers/pdf";

const item = (str: string, x: number, y: number, hasEOL = false) => ({ str, transform: [10, 0, 0, 10, x, y], width: str.length * 5, height: 10, hasEOL });

describe("assemblePageText", () => {
  it("drops trailing blanks before each newline without shifting the spans that follow", () => {
    const items = [
      item("Net sales ", 50, 700), item("1,000 ", 300, 700, true), // trailing blanks on the line
      item("Cost of sales   ", 50, 680), item("(600)", 300, 680, true),
      item("Gross profit", 50, 660), item("400  ", 300, 660),
    ];
    const { text, spans } = assemblePageText(items, 800);
    expect(text).toBe("Net sales 1,000\nCost of sales   (600)\nGross profit 400");
    for (const sp of spans) {
      const run = text.slice(sp.start, sp.start + sp.length);
      expect(run.trim().length).toBeGreaterThan(0);
      expect(items.some((it) => it.str.trim() === run.trim())).toBe(true);
    }
    expect(spans.find((sp) => text.slice(sp.start, sp.start + sp.length) === "(600)")).toBeDefined();
    expect(spans.find((sp) => text.slice(sp.start, sp.start + sp.length) === "400")).toBeDefined();
  });

  it("drops a run of blanks alone at a line end", () => {
    const { text, spans } = assemblePageText([item("Total", 50, 700), item("   ", 200, 700, true), item("Next", 50, 680)], 800);
    expect(text).toBe("Total\nNext");
    expect(spans.map((sp) => text.slice(sp.start, sp.start + sp.length))).toEqual(["Total", "Next"]);
  });
});
