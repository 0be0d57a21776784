import { describe, expect, it } from "vitest";
import { computeLiteral, parseRowFormula } from "@/lib/agent/evidence/row-formula";

describe("a formula over table rows", () => {
  it("reads labels with hyphens and apostrophes as one operand, and operators by precedence", () => {
    expect(parseRowFormula("Long-term debt / Total stockholders' equity")).toEqual({ kind: "op", op: "/", left: { kind: "row", label: "Long-term debt" }, right: { kind: "row", label: "Total stockholders' equity" } });
    expect(parseRowFormula("(Americas + Europe) / Total net sales * 100")).toEqual({
      kind: "op", op: "*",
      left: { kind: "op", op: "/", left: { kind: "op", op: "+", left: { kind: "row", label: "Americas" }, right: { kind: "row", label: "Europe" } }, right: { kind: "row", label: "Total net sales" } },
      right: { kind: "num", value: 100 },
    });
  });

  it("takes a quoted label whole, operators and brackets in it included", () => {
    expect(parseRowFormula('"Net cash provided by (used in) operating activities" - "Capital expenditures"')).toEqual({ kind: "op", op: "-", left: { kind: "row", label: "Net cash provided by (used in) operating activities" }, right: { kind: "row", label: "Capital expenditures" } });
  });

  it("refuses a formula that does not read", () => {
    expect(parseRowFormula("Americas / ")).toBeNull();
    expect(parseRowFormula("(Americas / Total")).toBeNull();
  });
});

describe("a formula of numbers only", () => {
  it("keeps a plain number plain, whatever the size", () => {
    expect(computeLiteral("10303 - 6625")).toMatchObject({ value: 3678, formatted: "3,678" });
    expect(computeLiteral("48210 + 1790")).toMatchObject({ value: 50000, formatted: "50,000" });
    expect(computeLiteral("(7.5 - 2.5) * 2")).toMatchObject({ value: 10, formatted: "10" });
  });

  it("reads thousands separators, currencies and scales written with the numbers, and keeps them", () => {
    expect(computeLiteral("$10,303 million - $6,625 million")).toMatchObject({ value: 3_678_000_000, formatted: "USD 3,678 million", unit: "amount" });
    expect(computeLiteral("€2.5bn + €0.5bn")).toMatchObject({ value: 3e9, formatted: "EUR 3 billion" });
    expect(computeLiteral("12,500 - 2,500")).toMatchObject({ value: 10_000, formatted: "10,000" });
  });

  it("gives a ratio of like numbers as a ratio, or as a percent when a percent is asked", () => {
    expect(computeLiteral("(3.00 - 1.88) / 1.88")?.formatted).toBe("0.60");
    expect(computeLiteral("(3.00 - 1.88) / 1.88", { percent: true })).toMatchObject({ formatted: "59.6%", unit: "percent" });
    expect(computeLiteral("$412 million / $5,890 million", { unit: "percent" })?.formatted).toBe("7.0%");
  });

  it("gives a difference of percents in points", () => {
    expect(computeLiteral("41.2% - 39.8%")?.formatted).toBe("1.4 percentage points");
  });

  it("is no literal when the formula names a row", () => {
    expect(computeLiteral("Total revenue - 100")).toBeUndefined();
    expect(computeLiteral("Americas / ")).toBeUndefined();
  });
});

describe("a negative number written with its sign", () => {
  it("reads '-88', '(-88)', '−$88m' and '$-88' as negatives, in brackets or not", () => {
    expect(computeLiteral("1,814 - (-88)")?.value).toBe(1902);
    expect(computeLiteral("(-88) + 5")?.value).toBe(-83);
    expect(computeLiteral("-12.5 * 2")?.value).toBe(-25);
    expect(computeLiteral("$1,814m - (−$88m)")).toMatchObject({ value: 1_902_000_000, unit: "amount" });
    expect(computeLiteral("$-88 + $100")?.value).toBe(12);
  });

  it("still reads a hyphen inside a word as part of a row label", () => {
    expect(computeLiteral("Long-term debt - 5")).toBeUndefined();
  });
});

describe("operators written as words", () => {
  it("reads 'divided by', 'over', 'less', 'plus' and 'times' as signs, outside a quoted label", () => {
    const quotient = { kind: "op", op: "/", left: { kind: "row", label: "net revenues" }, right: { kind: "row", label: "gmv" } };
    expect(parseRowFormula("net revenues divided by gmv")).toEqual(quotient);
    expect(parseRowFormula("net revenues over gmv")).toEqual(quotient);
    expect(parseRowFormula("cfo less capex")).toEqual({ kind: "op", op: "-", left: { kind: "row", label: "cfo" }, right: { kind: "row", label: "capex" } });
    expect(parseRowFormula('"Property, less accumulated depreciation" / Total assets')).toEqual({ kind: "op", op: "/", left: { kind: "row", label: "Property, less accumulated depreciation" }, right: { kind: "row", label: "Total assets" } });
  });
});
