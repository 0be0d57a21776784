import { describe, expect, it } from "vitest";
import { proximityScore, queryPairs } from "@/lib/search/proximity";
import { tokenize } from "@/lib/search/tokenize";

const score = (question: string, page: string) => proximityScore(queryPairs(tokenize(question, "en")), tokenize(page, "en"));

describe("phrase and proximity scoring", () => {
  it("scores a page holding the question's phrase above one with the same words apart", () => {
    const phrase = score("legal proceedings", "Item 3. Legal Proceedings. Various claims are pending.");
    const apart = score("legal proceedings", "Our legal department reviews contracts. Unrelated text follows here, and then many more words come before the proceedings of the annual meeting.");
    expect(phrase).toBe(1);
    expect(apart).toBe(0);
  });

  it("gives half credit to terms close together in either order", () => {
    expect(score("customers primary", "Our primary customers are airlines.")).toBe(0.5);
  });

  it("spans stopwords and inflections, since pairs are the tokeniser's terms", () => {
    expect(score("cost of sales", "Costs of the sales rose")).toBe(1);
    expect(score("gross margins", "Gross margin fell to 22%")).toBe(1);
  });

  it("averages over the question's pairs, weighted", () => {
    const pairs = queryPairs(["legal", "proceed", "pend"], (t) => (t === "pend" ? 0.5 : 1));
    expect(pairs).toEqual([{ a: "legal", b: "proceed", weight: 1 }, { a: "proceed", b: "pend", weight: 0.5 }]);
    expect(proximityScore(pairs, ["legal", "proceed", "x", "y", "z", "w", "v", "u", "t", "s", "pend"])).toBeCloseTo(1 / 1.5, 5);
    expect(proximityScore([], ["legal"])).toBe(0);
  });
});
