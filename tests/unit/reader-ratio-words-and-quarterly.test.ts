/**
 * Two figures joined by a ratio's word alone ("debt to assets", "cash over total debt") are one over
 * the other, never a comparison; a quotient of two amounts shows its share; "most recent quarterly"
 * asks the newest quarter.
 */
import { describe, expect, it } from "vitest";
import { readQuestion } from "@/lib/agent/reader/read";
import { formatValue } from "@/lib/metrics/numbers";

const read = (q: string) => readQuestion(q, []);

describe("two figures joined by a ratio's word", () => {
  it("reads 'to', 'over', '/' and 'divided by' between two amounts as the first over the second", () => {
    for (const q of ["debt to assets ye15", "debt/assets 2015", "cash over total debt 2022", "total debt divided by total assets 2015"]) {
      const r = read(q);
      expect(r.ratioOf, q).toBe("ratio");
      expect(r.concepts.map((c) => c.id), q).toHaveLength(2);
    }
    expect(read("cash over total debt 2022").concepts.map((c) => c.id)).toEqual(["cash", "total_debt"]);
  });
  it("reads an amount over revenue as a percentage of it", () => {
    expect(read("r&d over revenue fy23").ratioOf).toBe("percent");
  });
  it("never reads a comparison or a catalog ratio's own name as a quotient", () => {
    expect(read("compare revenue to net income 2015").ratioOf).toBeUndefined();
    expect(read("revenue vs net income 2015").ratioOf).toBeUndefined();
    const named = read("net debt to ebitda 2015");
    expect(named.ratioOf).toBeUndefined();
    expect(named.concepts).toHaveLength(1);
  });
});

describe("a quotient of two amounts", () => {
  it("shows its percent beside the ratio when it is under one, and only then", () => {
    const style = { format: {}, filingScale: 1e6 };
    expect(formatValue(0.4917, "ratio", { ...style, share: true })).toBe("0.49 (49.2%)");
    expect(formatValue(2.8, "ratio", { ...style, share: true })).toBe("2.80");
    expect(formatValue(0.4917, "ratio", style)).toBe("0.49");
  });
});

describe("the most recent quarterly figure", () => {
  it("asks the newest quarter, in every way of saying it", () => {
    for (const q of ["whats the most recent quarterly revenue", "latest quarterly rev?", "current qtrly dividend?", "most recent quarterly eps"]) {
      expect(read(q).periods, q).toEqual(["latest quarter"]);
    }
    expect(read("the quarterly dividend in 2021").periods).toEqual(["FY2021"]);
  });
});

describe("a formula in brackets after a figure's name", () => {
  it("is read with a sign or a word between its terms, whether the terms are lines the catalog knows or rows it does not", () => {
    expect(read("fcf (cfo - capex) 2021").formula).toEqual({ text: "cfo - capex", name: "fcf" });
    expect(read("net debt (total indebtedness - cash) ye15").formula).toEqual({ text: "total indebtedness - cash", name: "net debt" });
    expect(read("ebitda (ebit + d&a) fy22").formula?.text).toBe("ebit + d&a");
    expect(read("revenue (ex-china) 2021").formula).toBeUndefined();
  });
});

