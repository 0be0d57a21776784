/** Per-share rows in tables captioned in millions (lib/agent/evidence/line-items.ts): printed in units, never scaled. */
import { describe, expect, it } from "vitest";
import { isPerShareRow } from "@/lib/agent/evidence/line-items";

describe("a per-share row", () => {
  it("is read by its label, in the wordings releases and 10-Ks print", () => {
    for (const label of ["EARNINGS PER SHARE-DILUTED", "Diluted earnings per share", "Net income per diluted share", "Diluted EPS", "Dividends declared per common share"]) expect(isPerShareRow(label), label).toBe(true);
  });

  it("is read by the heading it sits under, unless the row counts shares", () => {
    expect(isPerShareRow("Diluted", "Earnings per share:")).toBe(true);
    expect(isPerShareRow("Diluted shares", "Earnings per share:")).toBe(false);
    expect(isPerShareRow("Weighted-average shares outstanding-diluted")).toBe(false);
    expect(isPerShareRow("Net income")).toBe(false);
  });
});
