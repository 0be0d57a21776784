/**
 * A sentence states a cause by "due to", "driven by", ", reflecting …" — not by "to reflect" a value
 * nor by a line "attributable to" its owners — and a why-question's narrative answer needs one
 * ("why did X file for bankruptcy" is not answered by "adjustments to reflect the carrying value").
 */
import { describe, expect, it } from "vitest";
import { classifyQuestion } from "@/lib/answers/narrative/answer-type";
import { answerFit, causeAt } from "@/lib/answers/narrative/fit";
import { questionTerms } from "@/lib/answers/narrative/terms";

describe("a cause stated", () => {
  it("is found at its words, reflect only as a clause of cause", () => {
    expect(causeAt("Revenue decreased primarily due to lower volume.")).toBeGreaterThan(0);
    expect(causeAt("Revenue increased 4%, reflecting strong growth in Orvix.")).toBeGreaterThan(0);
    expect(causeAt("Reorganization items include adjustments to reflect the carrying value of claims.")).toBe(-1);
    expect(causeAt("Net income attributable to Acme was $4 billion.")).toBe(-1);
  });

  it("decides whether a sentence can answer a why-question", () => {
    const q = "why did acme file for bankruptcy?";
    const fit = (text: string) => answerFit({ text, kind: "sentence", index: 0 }, classifyQuestion(q), questionTerms(q)).ok;
    expect(fit("Acme filed for bankruptcy because of liabilities from the 2018 wildfires.")).toBe(true);
    expect(fit("Reorganization items include adjustments to reflect the carrying value of claims, as approved by the bankruptcy court.")).toBe(false);
  });
});
