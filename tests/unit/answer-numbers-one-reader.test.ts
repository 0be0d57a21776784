import { describe, expect, it } from "vitest";
import { KnownNumbers, parseNumbers, writtenAs } from "@/lib/agent/guardrails/numbers";
import { readFigure } from "@/lib/agent/mode/item-gate";

describe("one reader of the figures an answer prints", () => {
  it("reads sign, brackets, currency and scale words, singular or plural", () => {
    const [n] = parseNumbers("Other income: USD (1,577) millions", false);
    expect(n).toMatchObject({ raw: 1577, value: 1_577_000_000, negative: true, currency: "USD", scale: 1e6, text: "USD (1,577) millions" });
    expect(parseNumbers("down 0.5 percent", false)[0]).toMatchObject({ raw: 0.5, percent: true, decimals: 1 });
    expect(parseNumbers("a change of (1)%", false)[0]).toMatchObject({ raw: 1, percent: true, negative: true });
  });

  it("a bare m or k scales only an amount in a currency: '3M' is a name, 'EUR 5.2m' an amount", () => {
    expect(parseNumbers("3M Company", false)[0]).toMatchObject({ raw: 3, value: 3, text: "3" });
    expect(parseNumbers("EUR 5.2m", false)[0]).toMatchObject({ value: 5_200_000, currency: "EUR" });
  });

  it("a closing bracket without an opening one, a hyphen inside an identifier or digits glued to letters are no part of a figure", () => {
    expect(readFigure("see note (round 3) below")).toMatchObject({ value: 3, display: "3" });
    expect(readFigure("item AM-007")).toMatchObject({ value: 7 });
    expect(readFigure("a 128MB pool")).toBeNull();
  });

  it("Agent Mode's gate reads through it: years are skipped, brackets are negative, percent is a unit", () => {
    expect(readFigure("In 2023 revenue was USD 34,229 million")).toEqual({ value: 34_229_000_000, unit: "amount", display: "USD 34,229 million", currency: "USD", scale: 1e6 });
    expect(readFigure("(1,577)")).toMatchObject({ value: -1577, unit: "count" });
    expect(readFigure("margin of 19.1 percent")).toMatchObject({ value: 19.1, unit: "percent" });
    expect(readFigure("up 16%")).toMatchObject({ value: 16, unit: "percent", display: "16%" });
  });
});

describe("one tolerance: a value is the figure as written", () => {
  it("equal once rounded to the digits written, or within 0.5%", () => {
    expect(writtenAs({ value: 5.4, decimals: 1, scale: 1 }, 5.448)).toBe(true);
    expect(writtenAs({ value: 5.4, decimals: 1, scale: 1 }, 5.46)).toBe(false);
    expect(writtenAs({ value: 5.5e9, decimals: 1, scale: 1e9 }, 5.46e9)).toBe(true);
    expect(writtenAs({ value: 1000, decimals: 0, scale: 1 }, 1004)).toBe(true);
    expect(writtenAs({ value: 1000, decimals: 0, scale: 1 }, 1006)).toBe(false);
  });

  it("the guardrails' known numbers use it too", () => {
    const known = new KnownNumbers([34_229_000_000]);
    expect(known.supports(parseNumbers("USD 34.2 billion")[0]!)).toBe(true);
    expect(known.supports(parseNumbers("USD 35 billion")[0]!)).toBe(false);
  });
});
