import { describe, expect, it } from "vitest";
import { detectPeriods, detectStatements, stripInstructions, understandQuery } from "@/lib/search/query-understanding";
import { expandSynonyms } from "@/lib/search/synonyms";
import { termStats, tokenize } from "@/lib/search/tokenize";

describe("tokenizer", () => {
  it("lowercases, splits letters from digits, keeps years, drops amounts and stopwords, stems", () => {
    expect(tokenize("What is the FY2018 Capital Expenditures of 3M? $1,577 million")).toEqual(["fy", "2018", "capit", "expenditur", "million"]);
    expect(tokenize("Inventories and liabilities")).toEqual(tokenize("inventory liability"));
    expect(tokenize("PP&E, net")).toEqual(tokenize("property plant equipment net"));
    expect(tokenize("Free cashflow")).toEqual(["free", "cash", "flow"]);
  });

  it("handles Swedish letters and drops Swedish stopwords", () => {
    expect(tokenize("Rörelseresultatet för året och nettoomsättningen")).toEqual(["rörelseresultatet", "året", "nettoomsättning"]);
  });

  it("counts term frequencies for BM25", () => {
    const s = termStats("revenue, revenue and cost of revenues");
    expect(s.terms).toEqual(["cost", "revenu"]);
    expect(s.tfs).toEqual([1, 3]);
    expect(s.length).toBe(4);
  });
});

describe("query understanding", () => {
  const q = "What is the FY2018 capital expenditure amount (in USD millions) for 3M? Give a response to the question by relying on the details shown in the cash flow statement.";

  it("strips instruction boilerplate from the ranking text but keeps the statement for routing", () => {
    const u = understandQuery(q);
    expect(u.rankingText).toBe("What is the FY2018 capital expenditure amount for 3M?");
    expect([...u.statements]).toEqual(["cash_flow"]);
    expect(u.terms.map((t) => t.term)).not.toContain("response");
    expect(u.years).toEqual([2018]);
  });

  it("drops only clauses about the answer's form (units, rounding); a polite or role-playing clause keeps its words", () => {
    expect(stripInstructions("What was net PP&E at the end of FY2018? Answer in USD millions. Round to two decimal places.")).toBe("What was net PP&E at the end of FY2018?");
    expect(stripInstructions("Please tell me the FY2022 revenue.")).toBe("Please tell me the FY2022 revenue.");
    expect(stripInstructions("You are an analyst covering the sector. What was capex in 2018?")).toBe("You are an analyst covering the sector. What was capex in 2018?");
  });

  it("detects statements by their many names", () => {
    expect([...detectStatements("using the statement of financial position and the P&L")].sort()).toEqual(["balance", "income"]);
    expect([...detectStatements("Consolidated Statements of Operations")]).toEqual(["income"]);
    expect([...detectStatements("what was revenue?")]).toEqual([]);
  });

  it("reads fiscal years and quarters", () => {
    expect(detectPeriods("between FY20 and FY21")).toEqual({ years: [2020, 2021], period: undefined });
    expect(detectPeriods("Q2 of FY2024 versus FY 2023")).toMatchObject({ years: [2023, 2024], period: "Q2" });
    expect(detectPeriods("in Q22023 year over year")).toMatchObject({ years: [2023], period: "Q2" });
    expect(detectPeriods("As of Q2'2023, is Pfizer")).toMatchObject({ years: [2023], period: "Q2" });
  });

  it("expands financial vocabulary both ways, at a lower weight", () => {
    const capex = expandSynonyms(tokenize("capital expenditure"));
    expect([...capex.terms.keys()]).toEqual(expect.arrayContaining(tokenize("purchase property plant equipment")));
    expect(capex.statements.has("cash_flow")).toBe(true);
    const back = expandSynonyms(tokenize("purchases of property, plant and equipment"));
    expect([...back.terms.keys()]).toEqual(expect.arrayContaining(tokenize("capital expenditure capex")));
    expect(expandSynonyms(tokenize("COGS")).terms.has("sale")).toBe(true);
    expect([...understandQuery("net sales").terms.filter((t) => t.weight < 1).map((t) => t.term)]).toContain(tokenize("revenue")[0]);
  });

  it("recognises a Swedish synonym in either stemming and adds Swedish phrases stemmed as Swedish pages are", () => {
    for (const lang of ["en", "sv"] as const) {
      const e = expandSynonyms(tokenize("nettoomsättning", lang));
      expect(e.statements.has("income")).toBe(true);
      expect(e.terms.has(tokenize("revenue", "en")[0])).toBe(true);
    }
    expect(expandSynonyms(tokenize("revenues", "en")).terms.has(tokenize("omsättningen", "sv")[0])).toBe(true);
  });

  it("bounds huge queries", () => {
    const words = Array.from({ length: 3000 }, (_, i) => `w${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26) % 26)}x`).join(" ");
    const u = understandQuery(words);
    expect(u.terms.length).toBeLessThanOrEqual(48);
  });
});
