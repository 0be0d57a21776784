import { describe, expect, it } from "vitest";
import { reviewFacts, reviewReason } from "@/components/lists/review-wording";

describe("review cards in words", () => {
  it("shows the value, period and the statement line, never internal fields", () => {
    const facts = reviewFacts({ unit: "currency", domain: "financial", metric: "Cost of revenue", period: "FY2023", valueNum: -10120, metricKey: "cost_of_revenue", periodEnd: "2023-12-31", statement: { row: "Cost of revenue (10,120)", title: "Income statement", scale: 1 }, valueText: "(10,120)", isForecast: false });
    expect(facts).toEqual([["Value", "(10,120)"], ["Period", "FY2023"], ["Statement", "Income statement"], ["Line as printed", "Cost of revenue (10,120)"]]);
    const text = JSON.stringify(facts);
    for (const internal of ["valueNum", "value num", "metricKey", "metric key", "cost_of_revenue", "-10120", "2023-12-31"]) expect(text).not.toContain(internal);
  });

  it("gives the reason without scores or internal priorities", () => {
    expect(reviewReason("Medium confidence (0.70) requires human verification (priority normal)")).toBe("The reading is not certain enough to accept without a check against the page.");
    expect(reviewReason("High confidence but missing: currency (priority normal)", ["currency"])).toBe("The figure was read clearly, but the page does not say its currency; confirm it before it is used.");
    expect(reviewReason("Low confidence (0.35) needs expert review (priority high)")).not.toMatch(/\d|confidence|priority/i);
    expect(reviewReason("The excerpt reads as an instruction to an AI.")).toBe("The excerpt reads as an instruction to an AI.");
  });
});
