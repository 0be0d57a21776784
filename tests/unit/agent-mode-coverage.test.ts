/**
 * Agent Mode's coverage check: before an item is said to be missing from the data room, a passage
 * stating the analyst's own words beside a figure means the room holds it (the run failed to answer).
 */
import { describe, expect, it } from "vitest";
import { readItems } from "@/lib/agent/reader/items";
import { askedPhrase, conceptPhrases, statesPhrase } from "@/lib/agent/mode/coverage";

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

  it("finds the concept stated in the filing's words when the analyst wrote other ones", () => {
    const sentence = "Company employees, which include those in the Company's corporate and other offices as well as in Company-owned and operated restaurants, totaled over 150,000 worldwide as of year-end 2022.";
    for (const ask of ["Employee count at the end of 2022", "headcount for 2022", "How many staff did they have in 2022?"]) {
      const item = readItems(ask, []).items[0]!;
      expect(statesPhrase(sentence, askedPhrase(item)), ask).toBe(false);
      expect(conceptPhrases(item).some((p) => statesPhrase(sentence, p)), ask).toBe(true);
    }
  });

  it("does not take the concept's names for a measure of it the room does not state", () => {
    const sentence = "Total workforce level at December 31, 2018 was approximately 153,000 employees.";
    for (const ask of ["Employee engagement score for 2018", "What's their staff engagement score?"]) {
      const item = readItems(ask, []).items[0]!;
      expect(conceptPhrases(item).some((p) => statesPhrase(sentence, p)), ask).toBe(false);
    }
    // a measure's one-word name is also other things' ("attrition increases" in a rate case)
    const turnover = readItems("What was their voluntary employee turnover rate in 2015?", []).items[0]!;
    expect(conceptPhrases(turnover).some((p) => statesPhrase("The Utility also requested attrition increases of $83 million in 2016.", p))).toBe(false);
    // a kind of the figure is not stated by the figure's name
    const retention = readItems("What's its net revenue retention rate?", []).items[0]!;
    expect(conceptPhrases(retention).some((p) => statesPhrase("Total revenues were $40,479 million in fiscal 2021.", p))).toBe(false);
  });

  it("finds a rate stated under its own two-word name, for the company or the part asked", () => {
    const sentence = "The Bank's turnover rates for 2021 and 2020 were 5.8% and 4.7%, respectively.";
    for (const ask of ["the Bank's employee turnover rate for 2021", "What was staff turnover in 2021?", "attrition rate 2021"]) {
      const item = readItems(ask, []).items[0]!;
      expect(conceptPhrases(item).some((p) => statesPhrase(sentence, p)), ask).toBe(true);
    }
    // never a rate's name beside no figure
    const item = readItems("employee turnover rate for 2021", []).items[0]!;
    expect(conceptPhrases(item).some((p) => statesPhrase("We track the turnover rate of our teams closely.", p))).toBe(false);
  });
});

describe("what the coverage phrase leaves out", () => {
  it("leaves out how the analyst wants it given ('w/ chg', '+ delta', 'yoy', 'vs') and a measure word the filing need not print", () => {
    const items = readItems("op revs '20 vs '19 w/ chg; diluted eps '20 vs '19 + delta; wildfire-related claims charge '20 vs '19", ["Acme Corporation"]).items;
    const phrases = items.map((i) => askedPhrase(i));
    expect(phrases[0]).toEqual(["oper", "revenu"]);
    expect(phrases[1]).toEqual(["dilut", "eps"]);
    expect(phrases[2]).not.toContain("charg");
    expect(statesPhrase("Wildfire-related claims, net of insurance recoveries 251 11,435", phrases[2]!)).toBe(true);
  });

  it("keeps a measure word when it is the only thing named beside one word", () => {
    const item = readItems("shipping costs in 2019", []).items[0]!;
    expect(askedPhrase(item)).toEqual(["ship", "cost"]);
  });
});

describe("a fact compared across two years", () => {
  it("is a comparison asked at each year, not two figures", () => {
    for (const q of ["regular employees ye20 vs ye19", "headcount 2022 vs 2021", "employees at the end of 2020 compared with 2019"]) {
      const [item, ...rest] = readItems(q, ["Acme Corporation"]).items;
      expect(rest, q).toHaveLength(0);
      expect(item, q).toMatchObject({ kind: "comparison" });
      expect(item!.questions, q).toHaveLength(2);
    }
    // several years with no "versus" are asked at each
    expect(readItems("headcount 2021 and 2022", ["Acme Corporation"]).items.map((i) => i.kind)).toEqual(["figure", "figure"]);
  });
});
