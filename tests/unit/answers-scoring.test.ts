import { describe, expect, it } from "vitest";
import { figuresIn, matchesFigure, scaleAskedIn } from "@/bench/lib/answers-numbers";
import { citesGoldPage, datesIn, isAbstention, keyTerms, polarityOf, readGold, scoreAnswer } from "@/bench/lib/answers-scoring";

const verdict = (gold: string, answer: string, question = "", company = "") => scoreAnswer(readGold(gold, question, company), answer).verdict;

describe("figures in text", () => {
  it("reads currency, grouping, unit words and percentages", () => {
    const [a, b, c, d] = figuresIn("Capex was $1,577 million, or USD 1.58 billion; margin 65.4% and ratio 0.66.");
    expect(a).toMatchObject({ value: 1577, scale: 1e6, currency: true, grouped: true, percent: false });
    expect(b).toMatchObject({ value: 1.58, scale: 1e9, decimals: 2 });
    expect(c).toMatchObject({ value: 65.4, percent: true, decimals: 1 });
    expect(d).toMatchObject({ value: 0.66, percent: false, scale: null });
  });

  it("skips citations, fiscal labels and numbers glued to words", () => {
    const values = figuresIn("FY2018 capex was 1,577 (source: ACME_2018_10K.pdf, p.60) per the 10-K; Q2 and 777X are not figures.").map((f) => f.value);
    expect(values).toEqual([1577]);
  });

  it("marks bare years and reads parenthesised negatives", () => {
    const [y, n] = figuresIn("In 2021 the rate was (14.76)%");
    expect(y!.yearLike).toBe(true);
    expect(n).toMatchObject({ value: 14.76, percent: true });
  });

  it("reads one-letter units only after a currency sign", () => {
    expect(figuresIn("$1.8bn and $5m")[1]).toMatchObject({ value: 5, scale: 1e6 });
    expect(figuresIn("about 5 m away")[0]!.scale).toBeNull();
  });

  it("finds the scale a question asks for", () => {
    expect(scaleAskedIn("What is capex (in USD millions)?")).toBe(1e6);
    expect(scaleAskedIn("Answer in USD billions.")).toBe(1e9);
    expect(scaleAskedIn("What is the ratio?")).toBeNull();
  });
});

describe("matching a gold figure", () => {
  const gold = (s: string) => figuresIn(s)[0]!;
  it("compares at the gold's scale with a 1% or half-last-decimal tolerance", () => {
    expect(matchesFigure(gold("$8.70"), gold("$8,738 million"), 1e9)).toBe(true);
    expect(matchesFigure(gold("$8.70"), gold("$8.7 million"), 1e9)).toBe(false);
    expect(matchesFigure(gold("$1577.00"), gold("USD 1.58 billion"), 1e6)).toBe(true);
    expect(matchesFigure(gold("$1577.00"), gold("1,577"), 1e6)).toBe(true);
    expect(matchesFigure(gold("$1577.00"), gold("$1,650 million"), 1e6)).toBe(false);
    expect(matchesFigure(gold("0.66"), gold("0.664"), null)).toBe(true);
    expect(matchesFigure(gold("0.66"), gold("0.68"), null)).toBe(false);
  });

  it("uses the gold's rounding when it is looser than 1%", () => {
    expect(matchesFigure(gold("20%"), gold("20.4%"))).toBe(true);
    expect(matchesFigure(gold("20%"), gold("20.6%"))).toBe(false);
  });

  it("never matches a percentage with a plain number, or a year with an amount", () => {
    expect(matchesFigure(gold("65.4%"), gold("65.4"))).toBe(false);
    expect(matchesFigure(gold("$2021.00"), figuresIn("in 2021")[0]!)).toBe(false);
    expect(matchesFigure(gold("$2021.00"), gold("$2,021 million"), 1e6)).toBe(true);
  });

  it("reads a full amount without unit at the gold's scale", () => {
    expect(matchesFigure(gold("$1577.00"), gold("$1,577,000,000"), 1e6)).toBe(true);
  });
});

describe("reading gold answers", () => {
  it("classifies the kinds", () => {
    expect(readGold("$1577.00", "in USD millions").kind).toBe("number");
    expect(readGold("65.4%", "").kind).toBe("number");
    expect(readGold("No, the margins declined from 36.8% to 34.6%.", "").kind).toBe("yes-no");
    expect(readGold("March 3, 2021.", "").kind).toBe("date");
    expect(readGold("Not stated in the document", "").kind).toBe("abstain");
    expect(readGold("Alpha, Beta, and Gamma", "").kind).toBe("narrative");
    expect(readGold("The rate went from 20% in FY2021 to 23% in FY2022.", "").kind).toBe("narrative");
  });

  it("keeps distinctive words as key terms, not the company or filler", () => {
    expect(keyTerms("Acme's primary customers are commercial airlines and the government in FY2022.", "Acme Corp")).toEqual(["prima", "custo", "comme", "airli", "gover"]);
    expect(keyTerms("Production rises for the 737 and 777X models in 2023.")).toEqual(["produ", "rises", "737", "777x", "model"]);
  });
});

describe("verdicts", () => {
  it("numbers: correct, wrong, abstained", () => {
    const q = "What is FY2018 capex (in USD millions)?";
    expect(verdict("$1577.00", "FY2018 capital expenditure was $1,577 million (source: X_2018_10K.pdf, p.60).", q)).toBe("correct");
    expect(verdict("$1577.00", "FY2018 capital expenditure was $1,373 million (source: X_2018_10K.pdf, p.60).", q)).toBe("wrong");
    expect(verdict("$1577.00", "I couldn't find information on capex in the uploaded documents.", q)).toBe("abstained");
  });

  it("yes/no: by polarity of the first sentence", () => {
    const gold = "Yes. Multiple lawsuits have been filed.";
    expect(verdict(gold, "**Yes** — several suits are pending (source: a.pdf, p.3).")).toBe("correct");
    expect(verdict(gold, "No, nothing material is pending.")).toBe("wrong");
    expect(verdict("No, debt decreased by $2.5bn.", "Debt did not increase: it fell from $49.8bn to $47.2bn. Yes, really.")).toBe("correct");
    expect(verdict(gold, "Net sales were $10 million in 2022.")).toBe("wrong");
  });

  it("dates in any common form", () => {
    expect(verdict("January 29, 2019.", "The filing is dated 29 January 2019.")).toBe("correct");
    expect(verdict("January 29, 2019.", "It was filed on 2019-01-29.")).toBe("correct");
    expect(verdict("January 29, 2019.", "It was filed on January 30, 2019.")).toBe("wrong");
  });

  it("an unanswerable question wants an abstention", () => {
    expect(verdict("Not stated in the document", "I couldn't find information on that in the uploaded documents.")).toBe("correct");
    expect(verdict("Not stated in the document", "Revenue was $5 million.")).toBe("wrong");
  });

  it("narrative: figures or key terms", () => {
    expect(verdict("The rate went from 20% in FY2021 to 23% in FY2022.", "The effective tax rate rose to 23.1% in FY2022.")).toBe("correct");
    expect(verdict("Alpha, Beta, and Gamma", "The acquisitions were Alpha Inc., Beta Ltd and Gamma AG.")).toBe("correct");
    expect(verdict("Alpha, Beta, and Gamma", "The acquisitions were Alpha Inc. and Beta Ltd.")).toBe("wrong");
    expect(verdict("The consumer segment shrank by 0.9% organically.", "Consumer: organic sales fell, the only segment to shrink.")).toBe("correct");
  });

  it("narrative with figures: echoing the question's words is not an answer", () => {
    const q = "How much has the effective tax rate changed between FY2021 and FY2022?";
    const gold = "The effective tax rate has changed from 20% in FY2021 to 23% in FY2022.";
    expect(verdict(gold, "Results of operations, including the effective tax rate, changed.", q)).toBe("wrong");
    expect(verdict(gold, "It rose from 20.1% to 23.2%.", q)).toBe("correct");
  });
});

describe("abstention and polarity phrases", () => {
  it("recognises Manda's and common abstentions, not a plain no", () => {
    expect(isAbstention("I couldn't find information on the CEO in the uploaded documents: no finding covers it.")).toBe(true);
    expect(isAbstention("The documents do not state the number of stores.")).toBe(true);
    expect(isAbstention("This is not stated in the filings provided.")).toBe(true);
    expect(isAbstention("No, the company did not increase its debt.")).toBe(false);
    expect(isAbstention("Year ended December 31, (Millions) 2022 2021 (source: A_2022_10K.pdf, p.39). (Quoted from A_2022_10K.pdf; no extracted finding covers this yet.)")).toBe(false);
    expect(polarityOf("No, the company did not increase its debt.")).toBe("no");
    expect(polarityOf("Gross margin rose from 4.8% to 5.3%.")).toBeNull();
  });

  it("a question back is no answer, and a question-shaped figure sentence still answers", () => {
    expect(isAbstention("Which company do you mean? This deal holds documents of several companies (Acme, Globex).")).toBe(true);
    expect(isAbstention("Do you mean Q3 2023 (same quarter) or FY2023 (full year)?")).toBe(true);
    expect(isAbstention("Which segment grew fastest: Cloud, up 22% in FY2023 (source: A_2023_10K.pdf, p.40).")).toBe(false);
  });

  it("reads dates", () => {
    expect(datesIn("Dec. 26, 2020 and 3/1/2023")).toEqual([{ month: 12, day: 26, year: 2020 }, { month: 3, day: 1, year: 2023 }]);
  });
});

describe("cited gold page", () => {
  it("matches document (without extension, any case) and an evidence page", () => {
    expect(citesGoldPage([{ document: "ACME_2018_10K.pdf", page: 60 }], "Acme_2018_10K", [60, 62])).toBe(true);
    expect(citesGoldPage([{ document: "ACME_2018_10K.pdf", page: 61 }], "ACME_2018_10K", [60])).toBe(false);
    expect(citesGoldPage([{ document: "OTHER_2018_10K.pdf", page: 60 }], "ACME_2018_10K", [60])).toBe(false);
  });
});

describe("a gold that is only a year", () => {
  it("is matched by the answer naming that year, and not by another year", () => {
    const gold = readGold("1905", "In what year was the utility incorporated?", "Acme");
    expect(scoreAnswer(gold, 'ACME_10K.pdf states: "The Utility was incorporated in California in 1905." (source: ACME_10K.pdf, p.12)').verdict).toBe("correct");
    expect(scoreAnswer(gold, 'ACME_10K.pdf states: "PG&E Corporation, incorporated in California in 1995, is a holding company." (source: ACME_10K.pdf, p.12)').verdict).toBe("wrong");
  });
});
