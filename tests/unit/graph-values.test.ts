import { describe, expect, it } from "vitest";
import { comparableUnits, roundingStep, valuesAgree } from "@/lib/graph/detect/values";
import { parsePrintedNumber } from "@/lib/metrics/printed-number";
import { isConflict, linkedBy } from "@/lib/graph/conflict";
import { canonicalPeriod, samePeriod } from "@/lib/periods";
import type { FindingRef } from "@/lib/graph/types";

describe("canonicalPeriod", () => {
  it.each([
    ["FY2023", "FY2023"],
    ["FY 2023", "FY2023"],
    ["fy23", "FY2023"],
    ["2023", "FY2023"],
    ["Fiscal 2023", "FY2023"],
    ["FY2023A", "FY2023"],
    ["Q3 2024", "Q3 2024"],
    ["2024 Q3", "Q3 2024"],
    ["Q3-2024", "Q3 2024"],
    ["3Q24", "Q3 2024"],
    ["2024Q3", "Q3 2024"],
    ["H1 2024", "H1 2024"],
    ["1H 2024", "H1 2024"],
    ["9M 2024", "9M 2024"],
    ["30 September 2024", "2024-09-30"],
    ["September 30, 2024", "2024-09-30"],
    ["31 Dec 2023", "2023-12-31"],
    ["as of 31 December 2023", "2023-12-31"],
    ["2024-09-30", "2024-09-30"],
  ])("%s → %s", (input, key) => {
    expect(canonicalPeriod(input)).toEqual({ key, approximate: false });
  });

  it("keeps a non-calendar year end apart from a calendar one", () => {
    expect(canonicalPeriod("FY2024 (ending Jun)")?.key).toBe("FY2024-06");
    expect(canonicalPeriod("FY2024")?.key).toBe("FY2024");
  });

  it("widens a month to its month end, marked approximate", () => {
    expect(canonicalPeriod("September 2024")).toEqual({ key: "2024-09-30", approximate: true });
    expect(canonicalPeriod("2024-02")).toEqual({ key: "2024-02-29", approximate: true });
  });

  it("distinguishes different periods", () => {
    expect(samePeriod("Q2 2024", "Q3 2024")).toBe(false);
    expect(samePeriod("FY2023", "FY2024")).toBe(false);
    expect(samePeriod("Q3 2023", "Q3 2024")).toBe(false);
    expect(samePeriod("FY 2023", "FY2023")).toBe(true);
    expect(canonicalPeriod(null)).toBeNull();
    expect(canonicalPeriod("  ")).toBeNull();
  });
});

describe("numbers and rounding", () => {
  it.each([
    ["18,400", 18400, 0],
    ["1,234,567", 1234567, 0],
    ["5.2", 5.2, 1],
    ["5,2", 5.2, 1],
    ["(1,577)", -1577, 0],
    ["-3.9", -3.9, 1],
    ["1.234,5", 1234.5, 1],
    ["18 400", 18400, 0],
  ])("parses %s as either market writes it", (token, value, decimals) => {
    expect(parsePrintedNumber(token, { decimalComma: "auto" })).toMatchObject({ value, decimals });
  });

  it("derives the rounding step from the written figure", () => {
    expect(roundingStep("EUR 5.2 million", 5_200_000)).toBeCloseTo(100_000);
    expect(roundingStep("18,400", 18_400_000)).toBeCloseTo(1_000);
    expect(roundingStep("€5.2M", 5_200_000)).toBeCloseTo(100_000);
    expect(roundingStep("42.0%", 42)).toBeCloseTo(0.1);
    expect(roundingStep("(1,577)", -1_577_000_000)).toBeCloseTo(1_000_000);
    expect(roundingStep("about five", 5)).toBe(0);
  });

  it("treats differences within rounding as agreement", () => {
    // "€5.2M" vs 5,190,000 is rounding.
    expect(valuesAgree({ valueNum: 5_200_000, valueText: "€5.2M" }, { valueNum: 5_190_000, valueText: "5,190,000" })).toBe(true);
    // 18.4M vs 18.9M is not.
    expect(valuesAgree({ valueNum: 18_400_000, valueText: "EUR 18.4 million" }, { valueNum: 18_900_000, valueText: "EUR 18.9 million" })).toBe(false);
    // Relative tolerance 0.5% without any text.
    expect(valuesAgree({ valueNum: 1000 }, { valueNum: 1004 })).toBe(true);
    expect(valuesAgree({ valueNum: 1000 }, { valueNum: 1006 })).toBe(false);
    // The less precise figure decides: 5.15M rounds to 5.2M, 5.1M does not.
    expect(valuesAgree({ valueNum: 5_200_000, valueText: "5.2 million" }, { valueNum: 5_150_000, valueText: "5,150,000" })).toBe(true);
    expect(valuesAgree({ valueNum: 5_200_000, valueText: "5.2 million" }, { valueNum: 5_100_000, valueText: "5,100,000" })).toBe(false);
    expect(valuesAgree({ valueNum: 5_000_000, valueText: "EUR 5.0 million" }, { valueNum: 5_200_000, valueText: "EUR 5.2 million" })).toBe(false);
  });

  it("compares only like units and currencies", () => {
    expect(comparableUnits({ currency: "EUR" }, { currency: "SEK" })).toBe(false);
    expect(comparableUnits({ unit: "percent" }, { unit: "currency" })).toBe(false);
    expect(comparableUnits({ currency: "EUR", unit: "currency" }, { currency: null, unit: "currency" })).toBe(true);
  });
});

describe("conflict predicate: one metric and period, two documents, two values", () => {
  const base: FindingRef = {
    id: "a", documentId: "d1", filename: "deck.pdf", documentDate: "2024-10-03", documentKind: "presentation", metric: "Revenue",
    metricKey: "revenue", period: "FY2023", valueText: "EUR 18.9 million", valueNum: 18_900_000, unit: "currency", currency: "EUR",
    isForecast: false, page: 4, cell: null, excerpt: "…", superseded: false, status: "active",
  };
  const other: FindingRef = { ...base, id: "b", documentId: "d2", filename: "ar.pdf", valueText: "EUR 18.4 million", valueNum: 18_400_000 };
  const none = () => false;

  it("flags same metric, same period, different documents, different values", () => {
    expect(isConflict(base, other, none)).toBe(true);
  });
  it("never flags different periods, forecast vs actual, superseded or rejected findings, or rounding", () => {
    expect(isConflict(base, { ...other, period: "FY2024" }, none)).toBe(false);
    expect(isConflict({ ...base, isForecast: true }, other, none)).toBe(false);
    expect(isConflict(base, { ...other, superseded: true }, none)).toBe(false);
    expect(isConflict(base, { ...other, status: "rejected" }, none)).toBe(false);
    expect(isConflict(base, { ...other, valueNum: 18_880_000, valueText: "18,880" }, none)).toBe(false);
    expect(isConflict(base, { ...other, documentId: "d1" }, none)).toBe(false);
    expect(isConflict({ ...base, period: "September 2024" }, { ...other, period: "30 September 2024" }, none)).toBe(false);
  });
  it("never flags a pair joined by a SUPERSEDES path in either direction, transitively", () => {
    const linked = linkedBy([
      { fromId: "d3", toId: "d2" },
      { fromId: "d2", toId: "d1" },
    ]);
    expect(linked("d1", "d3")).toBe(true);
    expect(linked("d3", "d1")).toBe(true);
    expect(isConflict({ ...base, documentId: "d3" }, { ...other, documentId: "d1" }, linked)).toBe(false);
    // Two newer versions of one document are siblings, not a path.
    const siblings = linkedBy([
      { fromId: "x", toId: "old" },
      { fromId: "y", toId: "old" },
    ]);
    expect(siblings("x", "y")).toBe(false);
  });
});
