import { describe, expect, it } from "vitest";
import { reviewFacts, reviewReason, type ReviewReasonInput } from "@/components/lists/review-wording";
import { tidyListText } from "@/lib/display-text";

describe("review cards in words", () => {
  it("shows the value, period and the statement line, never internal fields", () => {
    const facts = reviewFacts({ unit: "currency", domain: "financial", metric: "Cost of revenue", period: "FY2023", valueNum: -10120, metricKey: "cost_of_revenue", periodEnd: "2023-12-31", statement: { row: "Cost of revenue (10,120)", title: "Income statement", scale: 1 }, valueText: "(10,120)", isForecast: false });
    expect(facts).toEqual([["Value", "(10,120)"], ["Period", "FY2023"], ["Statement", "Income statement"], ["Line as printed", "Cost of revenue (10,120)"]]);
    const text = JSON.stringify(facts);
    for (const internal of ["valueNum", "value num", "metricKey", "metric key", "cost_of_revenue", "-10120", "2023-12-31"]) expect(text).not.toContain(internal);
  });

  it("says the scale a figure was printed in (a figure in millions read \"USD 49,960\")", () => {
    const inMillions = reviewFacts({ unit: "currency", currency: "USD", period: "FY2022", valueNum: 49_960_000_000, valueText: "49,960", statement: { row: "Total revenue 49,960", title: "Income statement", scale: 1e6 } });
    expect(inMillions[0]).toEqual(["Value", "USD 49,960 million"]);
    expect(reviewFacts({ unit: "currency", currency: "EUR", valueText: "812", part: { scale: 1e3, scaleWord: "thousands" } })[0]).toEqual(["Value", "EUR 812 thousand"]);
    expect(reviewFacts({ unit: "currency", currency: "SEK", valueText: "5.2", statement: { scale: 1 } })[0]).toEqual(["Value", "SEK 5.2"]);
    expect(reviewFacts({ unit: "currency", currency: "EUR", valueText: "5.2 million", scale: 1e6 })[0]).toEqual(["Value", "EUR 5.2 million"]);
  });

  it("names a figure's currency once when its printed value already does (a card read \"EUR EUR 99 million\")", () => {
    expect(reviewFacts({ unit: "currency", currency: "EUR", valueText: "EUR 99 million" })[0]).toEqual(["Value", "EUR 99 million"]);
    expect(reviewFacts({ unit: "currency", currency: "USD", valueText: "$4.2 million" })[0]).toEqual(["Value", "$4.2 million"]);
    expect(reviewFacts({ unit: "currency", currency: "SEK", valueText: "12.5 MSEK" })[0]).toEqual(["Value", "12.5 MSEK"]);
    expect(reviewFacts({ unit: "currency", currency: "EUR", valueText: "5.2", scale: 1e6 })[0]).toEqual(["Value", "EUR 5.2 million"]);
  });

  it("shows an address without the doubled commas a line break left (\"Drive,, Bethesda,, Maryland\")", () => {
    expect(reviewFacts({ entity_type: "organisation", role: "headquarters: 6801 Rockledge Drive,, Bethesda,, Maryland" })).toEqual([["Role", "headquarters: 6801 Rockledge Drive, Bethesda, Maryland"], ["Kind", "organisation"]]);
    expect(tidyListText("Box 12 ,  Main Street,,,Springfield ,")).toBe("Box 12, Main Street, Springfield");
    expect(tidyListText("EUR 1,250,000")).toBe("EUR 1,250,000"); // numbers untouched
  });

  it("labels a quarter's figure read under a year's label as the quarter, and names a segment's figure as the segment's", () => {
    const facts = reviewFacts({ metric: "Net sales", period: "FY2023", periodEnd: "2022-12-31", periodType: "quarter", periodMonths: 3, valueText: "2,000", scope: "segment", scopeName: "Orbital Systems" });
    expect(facts).toContainEqual(["Period", "Quarter ended 31 December 2022 (not the full year FY2023)"]);
    expect(facts).toContainEqual(["Covers", "Segment: Orbital Systems"]);
    expect(reviewFacts({ period: "FY2023", periodMonths: 12, valueText: "1", scope: "consolidated" })).toEqual([["Value", "1"], ["Period", "FY2023"]]);
  });

  const item = (over: Partial<ReviewReasonInput>): ReviewReasonInput => ({ reasonCode: null, reason: null, heldReason: null, missingFields: [], ...over });

  it("words the reason from its code, never from the audit sentence, without scores or internal priorities", () => {
    expect(reviewReason(item({ reasonCode: "medium_confidence", reason: "Medium confidence (0.70) requires human verification (priority normal)" }))).toBe("The reading is not certain enough to accept without a check against the page.");
    // the code decides, whatever the sentence says
    expect(reviewReason(item({ reasonCode: "low_confidence", reason: "Medium confidence (0.70) requires human verification (priority normal)" }))).toBe("The reading is uncertain: check it against the page before accepting it.");
    expect(reviewReason(item({ reasonCode: "medium_confidence" }))).toBe("The reading is not certain enough to accept without a check against the page.");
    expect(reviewReason(item({ reasonCode: "missing_fields", reason: "High confidence but missing: currency (priority normal)", missingFields: ["currency"] }))).toBe("The figure was read clearly, but the page does not say its currency; confirm it before it is used.");
    expect(reviewReason(item({ reasonCode: "missing_fields", missingFields: ["currency", "period", "unit"] }))).toBe("The figure was read clearly, but the page does not say its currency, period and unit; confirm them before it is used.");
    expect(reviewReason(item({ reasonCode: "low_confidence", reason: "Low confidence (0.35) needs expert review (priority high)" }))).not.toMatch(/\d|confidence|priority/i);
  });

  it("shows why a held item was held, and the validator's sentence when automatic correction failed", () => {
    expect(reviewReason(item({ reasonCode: "held", heldReason: "held: the source text reads as an instruction.", reason: "held: the source text reads as an instruction.", missingFields: ["currency"] }))).toBe("Held: the source text reads as an instruction.");
    expect(reviewReason(item({ reasonCode: "refinement_failed", reason: "Exceeded refinement limit after 5 attempts: Excerpt does not contain the value '6,662'" }))).toBe("Exceeded refinement limit after 5 attempts: Excerpt does not contain the value '6,662'");
  });

  it("rows from before the code: held, missing fields, else a general sentence (the audit sentence is not parsed)", () => {
    expect(reviewReason(item({ heldReason: "Held: x." }))).toBe("Held: x.");
    expect(reviewReason(item({ missingFields: ["period"], reason: "High confidence but missing: period" }))).toBe("The figure was read clearly, but the page does not say its period; confirm it before it is used.");
    expect(reviewReason(item({ reason: "Medium confidence (0.70) requires human verification" }))).toBe("The pipeline could not decide on it alone: check it against the page.");
  });
});
