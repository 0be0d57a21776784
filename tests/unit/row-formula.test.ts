import { describe, expect, it } from "vitest";
import { parseRowFormula } from "@/lib/agent/evidence/row-formula";

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
