/**
 * A sentence states a cause by "due to", "driven by", ", reflecting …" — not by "to reflect" a value
 * nor by a line "attributable to" its owners — and a why-question's narrative answer needs one
 * ("why did X file for bankruptcy" is not answered by "adjustments to reflect the carrying value").
 */
import { describe, expect, it } from "vitest";
import { classifyQuestion } from "@/lib/answers/narrative/answer-type";
import { answerFit, causeAt } from "@/lib/answers/narrative/fit";
import { questionTerms } from "@/lib/answers/narrative/terms";
import { explainsFigure } from "@/lib/agent/evidence/explanations";
import { conceptById } from "@/lib/agent/concepts/catalog";

describe("a cause stated", () => {
  it("is found at its words, reflect only as a clause of cause", () => {
    expect(causeAt("Revenue decreased primarily due to lower volume.")).toBeGreaterThan(0);
    expect(causeAt("Revenue increased 4%, reflecting strong growth in Orvix.")).toBeGreaterThan(0);
    expect(causeAt("Reorganization items include adjustments to reflect the carrying value of claims.")).toBe(-1);
    expect(causeAt("Net income attributable to Acme was $4 billion.")).toBe(-1);
    expect(causeAt("Second-quarter GAAP earnings per share (EPS) attributable to Acme was $(0.66).")).toBe(-1);
    expect(causeAt("SG&A was impacted by increased special item costs for litigation.")).toBeGreaterThan(0);
    expect(causeAt("Gross margin was affected primarily by higher freight costs.")).toBeGreaterThan(0);
  });

  it("reads the figure after an opening clause and its comma as the sentence's subject", () => {
    const revenue = conceptById("revenue")!;
    expect(explainsFigure("Excluding the effects of foreign currency rate fluctuations, our total revenues increased across our three businesses during fiscal 2023 primarily due to contributions from an acquisition.", revenue, { direction: "up" })).toBe(true);
    // (…not a figure deep in a clause that opens with no such words)
    expect(explainsFigure("The board approved a plan to expand the new distribution network in the south, and total revenues increased due to it.", revenue, { direction: "up" })).toBe(false);
  });

  it("decides whether a sentence can answer a why-question", () => {
    const q = "why did acme file for bankruptcy?";
    const fit = (text: string) => answerFit({ text, kind: "sentence", index: 0 }, classifyQuestion(q), questionTerms(q)).ok;
    expect(fit("Acme filed for bankruptcy because of liabilities from the 2018 wildfires.")).toBe(true);
    expect(fit("Reorganization items include adjustments to reflect the carrying value of claims, as approved by the bankruptcy court.")).toBe(false);
  });
});
