/**
 * Agent Mode's coverage check: before an item is said to be missing from the data room, a passage
 * stating the analyst's own words beside a figure means the room holds it (the run failed to answer).
 */
import { describe, expect, it } from "vitest";
import { readItems } from "@/lib/agent/reader/items";
import { askedPhrase, statesPhrase } from "@/lib/agent/mode/coverage";

describe("agent mode coverage check", () => {
  const rpo = readItems("What was the remaining performance obligation at the end of 2023?", []).items[0]!;

  it("finds the analyst's words stated beside a figure, in order", () => {
    const phrase = askedPhrase(rpo);
    expect(phrase.length).toBeGreaterThanOrEqual(3);
    expect(statesPhrase("As of January 31, 2023, remaining performance obligation was approximately $48.6 billion.", phrase)).toBe(true);
  });

  it("does not take the words scattered, without a figure, or beside a year only", () => {
    const phrase = askedPhrase(rpo);
    expect(statesPhrase("Our performance obligations are satisfied over time; the remaining amounts are billed.", phrase)).toBe(false);
    expect(statesPhrase("We disclose the remaining performance obligation in Note 2.", phrase)).toBe(false);
    expect(statesPhrase("The remaining performance obligation in fiscal 2023 is described below.", phrase)).toBe(false);
  });

  it("does not read a measure the room lacks into a passage that shares one word", () => {
    const churn = readItems("What's their customer churn rate?", []).items[0]!;
    expect(statesPhrase("Customer deposits were $1,234 million at year end.", askedPhrase(churn))).toBe(false);
  });
});
