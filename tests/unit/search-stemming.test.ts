import { describe, expect, it } from "vitest";
import { detectLanguage } from "@/lib/search/language";
import { stemWord } from "@/lib/search/stemming";
import { tokenize, tokenizeWithOffsets } from "@/lib/search/tokenize";

describe("stemming", () => {
  it("conflates English inflections", () => {
    expect(stemWord("customers")).toBe(stemWord("customer"));
    expect(stemWord("proceedings")).toBe(stemWord("proceeding"));
    expect(stemWord("cyclicality")).toBe(stemWord("cyclical"));
    expect(stemWord("litigation")).not.toBe(stemWord("customer"));
  });

  it("conflates Swedish inflections with the Swedish stemmer", () => {
    expect(stemWord("utredaren", "sv")).toBe(stemWord("utredare", "sv"));
    expect(stemWord("konsekvenserna", "sv")).toBe(stemWord("konsekvenser", "sv"));
    expect(stemWord("kunderna", "sv")).toBe(stemWord("kunder", "sv"));
  });

  it("keeps short words and words with digits as they are", () => {
    expect(stemWord("ceo")).toBe("ceo");
    expect(stemWord("q4s")).toBe("q4s");
  });

  it("stems a text in its own language unless told", () => {
    expect(tokenize("Utredaren föreslår att reglerna ändras och att det sker snart")).toContain(stemWord("utredare", "sv"));
    expect(tokenize("utredare", "sv")).toEqual([stemWord("utredaren", "sv")]);
    expect(tokenize("The customers of the company")).toEqual(tokenize("customer company"));
    expect(tokenizeWithOffsets("Our customers are airlines", "en").map((t) => t.term)).toEqual(tokenize("customer airline", "en"));
  });

  it("splits a letter-digit run into its parts, each with the run's offsets, in ASCII as in other scripts", () => {
    const terms = (text: string) => tokenizeWithOffsets(text, "en").map((t) => [t.term, t.start, t.end]);
    expect(terms("FY2018 a1b2c3 2019s, 10-K")).toEqual([["fy", 0, 6], ["2018", 0, 6], ["2019", 14, 19]]);
    expect(terms("ÉCU2018 x")).toEqual([["écu", 0, 7], ["2018", 0, 7]]);
    expect(tokenizeWithOffsets("Capex FY2018 rose", "en").map((t) => t.term)).toEqual(tokenize("Capex FY2018 rose", "en"));
  });
});

describe("language detection", () => {
  it("tells Swedish from English by function words and Swedish letters", () => {
    expect(detectLanguage("Utredningen har i uppdrag att se över reglerna och att lämna förslag till ändringar.")).toBe("sv");
    expect(detectLanguage("The company is subject to the risks of the airline industry and its customers.")).toBe("en");
  });

  it("falls back when the text carries no evidence", () => {
    expect(detectLanguage("1,234 5,678 9,999")).toBe("en");
    expect(detectLanguage("1,234 5,678 9,999", "sv")).toBe("sv");
  });
});
