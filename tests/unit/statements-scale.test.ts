/**
 * The one scale and currency reader (lib/statements/scale.ts) that statements and the other table
 * readers (lib/extraction/findings/numbers.ts scaleOf/currencyOf) share: the union of the cases
 * each of the two former readers knew, and the cases on which they disagreed.
 */
import { describe, expect, it } from "vitest";
import { currencyOf, scaleOf } from "@/lib/extraction/findings/numbers";
import { readCurrency, readScale } from "@/lib/statements/scale";

const SCALES: Array<[string, number | undefined]> = [
  // US statement headers
  ["(In millions, except per share data)", 1e6],
  ["(in thousands, except per share amounts)", 1e3],
  ["(Millions)", 1e6],
  ["$ in millions", 1e6],
  ["(Dollars and shares in millions)", 1e6],
  ["($ millions)", 1e6],
  ["Millions of dollars", 1e6],
  ["In billions of U.S. dollars", 1e9],
  ["(Amounts in thousands)", 1e3],
  ["$000s", 1e3],
  ["Millions, except per share amounts", 1e6],
  ["(in million)", 1e6],
  // a currency and its scale
  ["EUR thousands", 1e3],
  ["SEK '000", 1e3],
  ["(EUR 000)", 1e3],
  ["USD millions", 1e6],
  ["EUR m", 1e6],
  ["NOK mn", 1e6],
  ["CHF bn", 1e9],
  ["JPY billions", 1e9],
  ["€ in thousands", 1e3],
  ["(€m)", 1e6],
  ["in thousands of euros", 1e3],
  ["millions of kronor", 1e6],
  ["TSEK", 1e3],
  ["kEUR", 1e3],
  ["MSEK", 1e6],
  ["mkr", 1e6],
  ["tkr", 1e3],
  // no scale stated: values in units
  ["Headcount at year end", undefined],
  ["2023 2022", undefined],
];

const CURRENCIES: Array<[string, string | undefined]> = [
  ["$ in millions", "USD"],
  ["(US$ millions)", "USD"],
  ["EUR thousands", "EUR"],
  ["(€ in millions)", "EUR"],
  ["£m", "GBP"],
  ["¥ in billions", "JPY"],
  ["NOK mn", "NOK"],
  ["DKK '000", "DKK"],
  ["CHF bn", "CHF"],
  ["JPY millions", "JPY"],
  ["CAD thousands", "CAD"],
  ["AUD m", "AUD"],
  ["TSEK", "SEK"],
  ["MSEK", "SEK"],
  ["Belopp i kr", "SEK"],
  ["in thousands of euros", "EUR"],
  ["millions of pounds", "GBP"],
  // the first currency named, not the one a fixed list prefers
  ["(USD millions; euro notes of €500 million, note 9)", "USD"],
  ["(In millions)", undefined],
];

describe("one scale and currency reader for statements and every other table", () => {
  it.each(SCALES)("scale of %j", (text, scale) => {
    expect(readScale(text)?.scale).toBe(scale);
    // the findings' readers are the same reader (1 when none is stated)
    expect(scaleOf(text).scale).toBe(scale ?? 1);
    expect(scaleOf(text).word === undefined).toBe(scale === undefined);
  });

  it.each(CURRENCIES)("currency of %j", (text, currency) => {
    expect(readCurrency(text)).toBe(currency);
    expect(currencyOf(text)).toBe(currency);
  });

  it("names the scale as one word whatever the header printed", () => {
    expect(readScale("SEK '000")).toEqual({ scale: 1e3, word: "thousands" });
    expect(readScale("EUR mn")).toEqual({ scale: 1e6, word: "millions" });
    expect(readScale("€bn")).toEqual({ scale: 1e9, word: "billions" });
  });
});
