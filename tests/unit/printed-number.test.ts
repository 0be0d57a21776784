/**
 * The one reader of printed numbers (lib/metrics/printed-number.ts): signs and brackets, grouping,
 * decimal commas by rule, nil dashes, percent, currency and scale words; and a seeded fuzz that
 * prints random numbers in every form the reader accepts and reads them back.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { numbersInProse, parsePrintedNumber, scaleOfWord } from "@/lib/metrics/printed-number";

const SEED = Number(process.env.MANDA_FUZZ_SEED ?? 20261129);
const read = (t: string, decimalComma?: "never" | "auto" | "always") => parsePrintedNumber(t, { decimalComma });

describe("a printed number", () => {
  it("reads negatives in brackets or with a minus sign, before or after the currency", () => {
    expect(read("(1,577)")).toMatchObject({ value: -1577, negative: true });
    expect(read("$(1,577)")).toMatchObject({ value: -1577, currency: "$" });
    expect(read("USD (1,577) million")).toMatchObject({ value: -1577, currency: "USD", scale: 1e6 });
    expect(read("−3.9")).toMatchObject({ value: -3.9, decimals: 1 });
    expect(read("(4.5)%")).toMatchObject({ value: -4.5, percent: true });
    expect(read("(5")).toBeNull();
    expect(read("5)")).toBeNull();
  });

  it("reads a dash printed for nil as no value, and words as no number", () => {
    expect(read("—")).toMatchObject({ value: null });
    expect(read("–")).toMatchObject({ value: null });
    expect(read("abc")).toBeNull();
    expect(read("12 apples")).toBeNull();
    expect(read("")).toBeNull();
  });

  it("takes a scale word, and 'm', 'k' or 'b' only after a currency", () => {
    expect(read("$1.2bn")).toMatchObject({ value: 1.2, scale: 1e9 });
    expect(read("€ 4.2 million")).toMatchObject({ value: 4.2, scale: 1e6, currency: "€" });
    expect(read("$3m")).toMatchObject({ value: 3, scale: 1e6 });
    expect(read("3m")).toBeNull();
    expect(read("$7b")).toMatchObject({ value: 7, scale: 1e9 });
    expect(read("7b")).toBeNull();
    expect(scaleOfWord("miljoner")).toBe(1e6);
    expect(scaleOfWord("tkr")).toBe(1e3);
    expect(scaleOfWord("per")).toBeUndefined();
  });

  it("reads commas and points by the decimal-comma rule", () => {
    expect(read("1,234.5")).toMatchObject({ value: 1234.5, decimals: 1 });
    expect(read("1,23")).toBeNull();
    expect(read("5,2")).toBeNull();
    expect(read("5,2", "auto")).toMatchObject({ value: 5.2 });
    expect(read("18,400", "auto")).toMatchObject({ value: 18400 });
    expect(read("1.234,5", "auto")).toMatchObject({ value: 1234.5 });
    expect(read("1.234.567", "auto")).toMatchObject({ value: 1234567 });
    expect(read("1.234,56", "always")).toMatchObject({ value: 1234.56 });
    expect(read("1,234.5", "always")).toBeNull();
    expect(read("18\u00a0400")).toMatchObject({ value: 18400 });
    expect(read("1 234,5")).toMatchObject({ value: 1234.5 });
    expect(read("1.2E+05")).toMatchObject({ value: 120000 });
    expect(read(".5")).toMatchObject({ value: 0.5 });
  });
});

describe("the numbers of a sentence", () => {
  const values = (t: string, keepYears?: boolean) => numbersInProse(t, { keepYears }).map((n) => n.value);
  it("reads figures standing alone, in order, with their percent", () => {
    expect(values("approximately 17,973 employees, about 10% of them part-time")).toEqual([17973, 10]);
    expect(values("a tenant over $1.5 of rent")).toEqual([1.5]);
  });
  it("never reads a fiscal year, a quarter, an ordinal or a date's parts as a figure", () => {
    expect(values("in fy22 and q2, the 2nd time, on 12/31")).toEqual([]);
  });
  it("leaves years out unless the caller keeps them", () => {
    expect(values("in 2022 we had 1900 stores")).toEqual([]);
    expect(values("we had 1900 stores", true)).toEqual([1900]);
  });
});

describe("fuzz: a number printed any way the filings print it reads back", () => {
  const group = (digits: string, sep: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  it("holds for random values, separators, signs, currencies, percent and scale words", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.integer({ min: 0, max: 99 }),
        fc.record({
          decimals: fc.boolean(),
          style: fc.constantFrom("point", "comma", "space"),
          sign: fc.constantFrom("", "-", "−", "()"),
          currency: fc.constantFrom("", "$", "€ ", "USD "),
          percent: fc.boolean(),
          word: fc.constantFrom("", " million", " bn", " thousand"),
        }),
        (whole, cents, o) => {
          const [sep, mark, rule] = o.style === "point" ? [",", ".", "never"] as const : o.style === "comma" ? [".", ",", "always"] as const : ["\u00a0", ".", "never"] as const;
          const body = group(String(whole), sep) + (o.decimals ? `${mark}${String(cents).padStart(2, "0")}` : "");
          const signed = o.sign === "()" ? `(${body})` : `${o.sign}${body}`;
          const printed = `${o.currency}${signed}${o.percent ? "%" : ""}${o.word}`;
          const n = read(printed, rule);
          const expected = (whole + (o.decimals ? cents / 100 : 0)) * (o.sign ? -1 : 1);
          expect(n, printed).not.toBeNull();
          expect(n!.value).toBeCloseTo(expected, 6);
          expect(n!.negative).toBe(!!o.sign);
          expect(n!.percent).toBe(o.percent);
          expect(n!.decimals).toBe(o.decimals ? 2 : 0);
          expect(n!.scale).toBe(o.word ? scaleOfWord(o.word)! : 1);
          return true;
        },
      ),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it("never throws and never reads a number out of text without digits", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (s) => {
        const n = read(s, "auto");
        if (!/\d/.test(s)) expect(n === null || n.value === null).toBe(true);
        if (n?.value != null) expect(Number.isFinite(n.value)).toBe(true);
        return true;
      }),
      { seed: SEED, numRuns: 5000 },
    );
  });
});
