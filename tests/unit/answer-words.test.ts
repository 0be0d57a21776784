import { describe, expect, it } from "vitest";
import { COUNT_ASKED, HEDGE_WORDS, HEDGED, MONEY_LABEL, NARROWED, NARROWING_WORDS, NOT_A_COUNT_UNITS } from "@/lib/agent/concepts/answer-words";

describe("answer words as data", () => {
  it("a hedge is any listed word, whole, and a starred word's longer forms", () => {
    for (const w of HEDGE_WORDS.filter((x) => !x.endsWith("*"))) expect(HEDGED.test(`We ${w} buy back shares.`), w).toBe(true);
    expect(HEDGED.test("The board is evaluating a repurchase.")).toBe(true);
    expect(HEDGED.test("The board considered it.")).toBe(true);
    expect(HEDGED.test("The mayor repurchased shares.")).toBe(false);
  });

  it("a narrowing phrase narrows unless a period or year follows it", () => {
    for (const w of NARROWING_WORDS) {
      expect(NARROWED.test(` ${w} the settlement`), w).toBe(true);
      expect(NARROWED.test(` ${w} the year`), w).toBe(false);
      expect(NARROWED.test(` ${w} 2023`), w).toBe(false);
    }
    expect(NARROWED.test("on the settlement")).toBe(false);
  });

  it("money labels allow any spaces inside a phrase", () => {
    expect(MONEY_LABEL.test("Net\n sales by product")).toBe(true);
    expect(MONEY_LABEL.test("Revenues")).toBe(true);
    expect(MONEY_LABEL.test("unit sales")).toBe(false);
  });

  it("how many asks a count unless a unit of money, scale or rate follows", () => {
    expect(COUNT_ASKED.test("How many stores did they open?")).toBe(true);
    for (const u of NOT_A_COUNT_UNITS) expect(COUNT_ASKED.test(`how many ${u} was it`), u).toBe(false);
  });
});
