import { describe, expect, it } from "vitest";
import { answerFromPages, classifyQuestion, decideYesNo, readQuestion, segmentPage, type CandidatePage } from "@/lib/answers/narrative";
import { answersByPage } from "@/lib/answers/narrative/select";
import { narrativeExcerpt } from "@/lib/agent/knowledge/pages";

const page = (n: number, text: string, section?: string): CandidatePage => ({ document: "ACME_2022_10K.pdf", page: n, citation: `(source: ACME_2022_10K.pdf, p.${n})`, text, ...(section ? { section } : {}) });

// A made-up 10-K-like Business page: running header, Item heading, wrapped sentences, a segment table.
const BUSINESS = `Table of Contents
PART I
Item 1. Business

Acme Widgets, Inc. (the "Company," "we," "us") designs and manufactures industrial widgets and
related services for customers worldwide.

Customers

Our primary customers are national utilities and large industrial distributors, and the U.S. government
accounted for 31% of our revenues in 2022. No other single customer accounted for more than 10% of revenues.
Segment revenues 2022 2021 2020
Widgets 4,120 3,870 3,410
Services 1,005 990 870
3`;

const LEGAL = `Table of Contents
Item 3. Legal Proceedings

Various legal proceedings, claims and investigations related to product liability are pending against us.
In March 2022, a purported class action was filed against the Company in the U.S. District Court
for the District of Delaware alleging violations of securities laws. We believe the claims are without merit.
17`;

const NO_LEGAL = `Item 3. Legal Proceedings

We are not currently a party to any material pending legal proceedings.
18`;

const HEADER_ONLY = `Table of Contents
INDEX TO CONSOLIDATED FINANCIAL STATEMENTS
Note 14 - Legal Proceedings 88
Note 15 - Segment Information 90
Revenues 4,120 3,870 3,410
52`;

describe("narrative answers: classifying what a question asks for", () => {
  it.each([
    ["Who is the CEO?", "person"],
    ["Who are the primary customers of the company?", "organisation"],
    ["What are three main companies acquired by the company in this report?", "organisation"],
    ["How many stores did the company operate at year end?", "count"],
    ["When was the company incorporated?", "date"],
    ["How much does the company expect to pay for the separation?", "amount"],
    ["Is the business subject to cyclicality?", "yes_no"],
    ["As of Q2 2023, is the company spinning off any business segment?", "yes_no"],
    ["Any litigation?", "yes_no"],
    ["What are the main risk factors related to the supply chain?", "list"],
    ["What drove the change in operating margin?", "reason"],
    ["What production rate changes is the company forecasting?", "description"],
    ["Vem förordnades som särskild utredare?", "person"],
    ["the CEO chief executive officer", "person"],
    ["the primary customers of the company", "organisation"],
    ["Summarize the management team", "description"],
    // a topic set apart before the question word: the question that follows is what is asked
    ["Acme classifieds unit - who's buying it?", "organisation"],
    ["Acme — when is the consolidation plan expected to be fully implemented?", "date"],
    ["acme widgets: how many stores at year end?", "count"],
  ])("%s → %s", (q, kind) => {
    expect(classifyQuestion(q).kind).toBe(kind);
  });

  it("reads how many items a list question wants", () => {
    expect(classifyQuestion("What are the three main companies acquired?").howMany).toBe(3);
  });
});

describe("narrative answers: segmenting a filing page", () => {
  it("joins wrapped lines into sentences and keeps headers, headings and figure rows out of them", () => {
    const units = segmentPage(BUSINESS);
    const sentences = units.filter((u) => u.kind === "sentence").map((u) => u.text);
    expect(sentences).toContain("Our primary customers are national utilities and large industrial distributors, and the U.S. government accounted for 31% of our revenues in 2022.");
    expect(sentences.some((s) => /Table of Contents|Item 1\.|Widgets 4,120/.test(s))).toBe(false);
    expect(units.find((u) => u.text === "Widgets 4,120 3,870 3,410")?.kind).toBe("row");
    expect(units.find((u) => u.text === "Customers")?.kind).toBe("heading");
    expect(units.find((u) => u.text === "Table of Contents")?.kind).toBe("noise");
  });

  it("does not split sentences at abbreviations or initials", () => {
    const units = segmentPage("Mr. John J. Smith joined Acme Corp. in 2019 as Chief Executive Officer of the U.S. business. He was previously at Beta Inc. for ten years.");
    expect(units.map((u) => u.text)).toEqual(["Mr. John J. Smith joined Acme Corp. in 2019 as Chief Executive Officer of the U.S. business.", "He was previously at Beta Inc. for ten years."]);
  });
});

describe("narrative answers: choosing what to quote", () => {
  it("quotes the Business page's sentence naming the customers, verbatim with its citation", () => {
    const a = answerFromPages("Who are the primary customers of Acme?", [page(4, BUSINESS)]);
    expect(a.quotes[0]).toMatchObject({ text: expect.stringMatching(/^Our primary customers are national utilities/), citation: "(source: ACME_2022_10K.pdf, p.4)", page: 4 });
    expect(a.quotes.some((q) => /4,120|Table of Contents/.test(q.text))).toBe(false);
  });

  it("answers litigation from the Legal Proceedings page with a yes and the deciding sentence", () => {
    const a = answerFromPages("Is the company involved in any litigation or legal proceedings?", [page(88, HEADER_ONLY), page(17, LEGAL)]);
    expect(a.verdict).toBe("yes");
    expect(a.quotes[0]!.page).toBe(17);
    expect(a.quotes.map((q) => q.text)).toContain("Various legal proceedings, claims and investigations related to product liability are pending against us.");
    expect(a.quotes.every((q) => q.page === 17 && q.section === "Legal Proceedings")).toBe(true);
  });

  it("answers yes or no a question the chat's reader read as one, though its words open with no verb of asking", () => {
    const text = "Item 5. Market for Registrant's Common Equity\n\nDuring 2022, the Company repurchased 12 million shares of its common stock under this plan.";
    const terse = "acme buy back any stock in 2022?";
    expect(answerFromPages(terse, [page(30, text)]).verdict).toBeUndefined();
    const read = answerFromPages(terse, [page(30, text)], { yesNo: true });
    expect(read.type.kind).toBe("yes_no");
    expect(read.verdict).toBe("yes");
  });

  it("gives no verdict on a thing named only by a pronoun from a sentence sharing the verb alone, in three wordings", () => {
    const text = "Item 7. Management's Discussion\n\nThe networking group achieved double-digit growth, hitting key product milestones across its roadmap.";
    for (const q of ["did they hit it?", "did they beat that?", "did they meet it"]) {
      const a = answerFromPages(q, [page(2, text)]);
      expect(a.verdict, q).toBeUndefined();
    }
    expect(answerFromPages("did they hit their product milestones?", [page(2, text)]).verdict).toBe("yes");
  });

  it("answers no when the deciding sentence denies it", () => {
    const a = answerFromPages("Are there any pending legal proceedings against the company?", [page(18, NO_LEGAL)]);
    expect(a.verdict).toBe("no");
    expect(a.quotes[0]!.text).toBe("We are not currently a party to any material pending legal proceedings.");
  });

  it("reads 'face' as the question's verb, not a word the sentence must say, in three wordings", () => {
    const text = "Item 3. Legal Proceedings\n\nThe Company is also currently subject to antitrust investigations in various jurisdictions around the world, which can result in legal proceedings and claims against the Company.";
    for (const q of ["does acme face antitrust investigations", "is acme facing any antitrust investigations?", "what antitrust investigations does acme face"]) {
      const a = answerFromPages(q, [page(21, text)]);
      expect(a.quotes[0]?.text, q).toMatch(/^The Company is also currently subject to antitrust investigations/);
      if (/^(?:does|is)\b/.test(q)) expect(a.verdict, q).toBe("yes");
    }
  });

  it("gives no verdict from a sentence of another year than the one asked, in three wordings", () => {
    const text = "Item 5. Market for Registrant's Common Equity\n\nIn March 2020, the Board of Directors terminated its prior authorization to repurchase shares under this plan.";
    const inYear = "Item 5. Market for Registrant's Common Equity\n\nDuring 2022, the Company repurchased 12 million shares of its common stock under this plan.";
    for (const q of ["Did Acme buy back shares in 2022?", "did acme repurchase any stock during 2022", "any acme share repurchases in 2022?"]) {
      expect(answerFromPages(q, [page(21, text)]).verdict, q).toBeUndefined();
      expect(answerFromPages(q, [page(21, inYear)]).verdict, q).toBe("yes");
    }
  });

  it("decides a yes/no that sets a value only by a sentence naming that value, in three wordings", () => {
    const off = "Item 7. Liquidity\n\nRental revenue from tenants and draws on our line of credit are our principal sources of capital.";
    const on = "Item 8. Concentration\n\nNo single tenant represented more than 10.0% of the Company's total rental revenue for the years ended December 31, 2022 and 2021.";
    for (const q of ["does acme have any tenant that's more than 10% of rental revenue?", "any single tenant over 10% of acme's rental revenue?", "is any tenant above 10% of rental revenue"]) {
      expect(answerFromPages(q, [page(30, off)]).verdict, q).toBeUndefined();
      expect(answerFromPages(q, [page(31, on)]).verdict, q).toBe("no");
    }
    // a value the sentence spells out is named
    const spelled = "Item 7. Liquidity\n\nWe have debt maturing within the next five years of $2.1 billion.";
    expect(answerFromPages("does acme have debt maturing in the next 5 years?", [page(32, spelled)]).verdict).toBe("yes");
  });

  it("quotes hedged evidence without a verdict", () => {
    const risk = "Item 1A. Risk Factors\n\nDemand for our products could be affected by economic cycles, and a downturn may reduce our revenues.";
    const a = answerFromPages("Is the business subject to economic cycles?", [page(9, risk)]);
    expect(a.quotes).toHaveLength(1);
    expect(a.verdict).toBeUndefined();
  });

  it("gives no verdict when a hedge governs the property, even in another clause", () => {
    const risk = "Item 1A. Risk Factors\n\nWe store large amounts of customer data, and a breach of our systems could expose us to litigation and regulatory fines.";
    const a = answerFromPages("Is the company involved in any litigation?", [page(12, risk)]);
    expect(a.quotes).toHaveLength(1);
    expect(a.verdict).toBeUndefined();
  });

  it("answers who the competitors are from a sentence naming them, not one that only mentions competition", () => {
    const text = "Item 1. Business\n\nWe compete with many companies, and costs to integrate an acquired company are accounted for under ASC 805.\nOur primary competitors are Delta Systems, Omega Software and regional providers.";
    const a = answerFromPages("Who are Acme's main competitors?", [page(8, text)]);
    expect(a.quotes[0]!.text).toBe("Our primary competitors are Delta Systems, Omega Software and regional providers.");
  });

  it("abstains when the only match is a header, a contents line or a figure row, and says what it searched", () => {
    const a = answerFromPages("Any litigation against the company?", [page(52, HEADER_ONLY)]);
    expect(a.quotes).toEqual([]);
    expect(a.verdict).toBeUndefined();
    expect(a.searched.documents).toEqual(["ACME_2022_10K.pdf"]);
    expect(a.searched.terms).toContain("litigation");
  });

  it("abstains when a sentence shares the words but not the answer's shape (a reason needs a cause)", () => {
    const a = answerFromPages("What drove the decrease in operating margin?", [page(30, "Operating margin decreased to 12.1% in 2022 from 14.0% in 2021.")]);
    expect(a.quotes).toEqual([]);
    const b = answerFromPages("What drove the decrease in operating margin?", [page(30, "Operating margin decreased to 12.1% in 2022 from 14.0% in 2021, primarily due to higher raw material costs and a litigation charge.")]);
    expect(b.quotes[0]!.text).toMatch(/primarily due to higher raw material costs/);
  });

  it("answers the CEO from an executive officers table row (name, age, title), one cell per line", () => {
    const officers = `Information about our Executive Officers
Name Age Position
Jane Q. Doe
58
Chairman, President and Chief Executive Officer
Richard Roe
51
Executive Vice President and Chief Financial Officer
21`;
    const a = answerFromPages("Who is the CEO?", [page(21, officers)]);
    expect(a.quotes).toHaveLength(1);
    expect(a.quotes[0]).toMatchObject({ text: "Jane Q. Doe 58 Chairman, President and Chief Executive Officer", row: true });
    const cfo = answerFromPages("Who is the chief financial officer?", [page(21, officers)]);
    expect(cfo.quotes[0]!.text).toBe("Richard Roe 51 Executive Vice President and Chief Financial Officer");
  });

  it("reads a people table laid out name, wrapped title, then age and experience — and prefers the registrant's CEO to a division's", () => {
    const officers = `INFORMATION ABOUT OUR EXECUTIVE OFFICERS
Name and Office Age Positions and Offices Held and Business Experience

Ann B. Major

President and Chief Executive Officer
and Director
57 President of the Company since March 2019 and Chief Executive Officer since June 2022; Chief Operating
Officer from March 2019 to March 2022.

Carl D. Minor

President and Chief Executive Officer — Ground
Operations, Acme Freight
61 President and Chief Executive Officer — Ground Operations of Acme Freight since 2019.`;
    const a = answerFromPages("Who is the CEO?", [page(46, officers)]);
    expect(a.quotes[0]).toMatchObject({ text: expect.stringMatching(/^Ann B\. Major President and Chief Executive Officer and Director 57 President of the Company/), row: true, section: "INFORMATION ABOUT OUR EXECUTIVE OFFICERS" });
  });

  it("reads a signature block (name over title) as a person row", () => {
    const signatures = "SIGNATURES\n\nDated: July 17, 2023 By: /s/ Ann B. Major\n\nAnn B. Major\n\nPresident and Chief Executive Officer\n";
    expect(answerFromPages("Who is the chief executive officer?", [page(130, signatures)]).quotes[0]).toMatchObject({ text: "Ann B. Major President and Chief Executive Officer", row: true });
  });

  it("does not take a document that merely mentions the role for the person holding it", () => {
    const exhibits = "Notice of Terms of Restricted Stock Units for CEO, dated February 16, 2022 (Exhibit 10.1 to the Form 10-Q).";
    expect(answerFromPages("Who is the CEO?", [page(130, exhibits)]).quotes).toEqual([]);
  });

  it("quotes a Swedish sentence naming the special investigator (särskild utredare)", () => {
    const sou = "Kommittédirektiv\n\nSom särskild utredare förordnades den 10 september 2013 advokaten Anna Berg.\nSekreterare har varit juristen Erik Lind.";
    const a = answerFromPages("Vem har varit särskild utredare?", [{ document: "SOU_2014_1.txt", page: 2, citation: "(source: SOU_2014_1.txt, p.2)", text: sou }]);
    expect(a.quotes[0]!.text).toBe("Som särskild utredare förordnades den 10 september 2013 advokaten Anna Berg.");
  });

  it("prefers the page whose section fits the question when the words tie", () => {
    const mdna = "Item 7. Management's Discussion and Analysis\n\nWe expect to increase the production rate of the model 5 line to 12 per month in 2023.";
    const risk = "Item 1A. Risk Factors\n\nWe expect to increase the production rate of the model 5 line to 12 per month in 2023.";
    const a = answerFromPages("What production rate changes does the company expect?", [page(10, risk), page(40, mdna)]);
    expect(a.quotes[0]!.page).toBe(40);
  });
});

describe("a named thing no page mentions", () => {
  it("abstains although the pages share the question's other words", () => {
    const text = "Item 7. Management's Discussion and Analysis\n\nRevenue increased 7% driven by research and development services and cloud subscriptions.";
    const page = { document: "ACME_2022_10K.pdf", page: 31, text, citation: "(source: ACME_2022_10K.pdf, p.31)", excerpt: text };
    expect(answerFromPages("What was Acme's FY2022 revenue from its Antarctic research stations?", [page]).quotes).toEqual([]);
    expect(answerFromPages("What drove Acme's FY2022 revenue increase?", [page]).quotes.length).toBeGreaterThan(0);
  });
});

describe("yes/no on a property named by a phrase", () => {
  it("a negation about something else in the sentence does not deny the property", () => {
    const q = "Is Acme subject to legal proceedings?";
    const s = "The Company is subject to legal proceedings and claims that have not been fully resolved and that have arisen in the ordinary course of business.";
    expect(decideYesNo(q, s, readQuestion(q).terms)).toBe("yes");
    const d = "There are no legal proceedings pending against the Company.";
    expect(decideYesNo(q, d, readQuestion(q).terms)).toBe("no");
  });
});

describe("yes/no on a convention of presentation", () => {
  it("a sentence treating something as a dividend for a graph decides nothing; one saying none was paid decides no", () => {
    for (const q of ["Does Acme pay a dividend?", "does acme pay dividends", "Has Acme paid cash dividends?"]) {
      const treated = "For the purpose of this graph, the distribution of the spun-off subsidiary's stock to our stockholders is treated as a non-taxable cash dividend of $41.46, deemed reinvested in Acme common stock.";
      expect(decideYesNo(q, treated, readQuestion(q).terms), q).toBeUndefined();
      expect(decideYesNo(q, "We have never paid cash dividends on our stock and do not anticipate paying cash dividends in the foreseeable future.", readQuestion(q).terms), q).toBe("no");
    }
  });
});

describe("yes/no from a sentence whose clauses disagree", () => {
  it("a clause asserting the property beside one denying it never decides yes; a plain denial still decides no", () => {
    for (const q of ["did acme buy back any shares in h1 2024", "Has Acme repurchased stock this year?", "any buybacks in the first half?"]) {
      const mixed = "At June 30, 2024, our remaining share-purchase authorization was $3.3 billion, with no repurchases in the first six months of 2024.";
      expect(decideYesNo(q, mixed, readQuestion(q).terms), q).not.toBe("yes");
      expect(decideYesNo(q, "During the first six months of 2024 the Company did not repurchase any shares of its common stock.", readQuestion(q).terms), q).toBe("no");
      expect(decideYesNo(q, "In the first six months of 2024 the Company repurchased 12 million shares of its common stock for $1.1 billion.", readQuestion(q).terms), q).toBe("yes");
    }
  });
});

describe("a reason the filing gives as a list", () => {
  const MDNA = [
    "Gross Margin",
    "For fiscal 2024, our consolidated gross margin was 60 basis points lower than fiscal 2023, primarily reflecting the following factors:",
    "•",
    "Higher freight and logistics costs (decreasing gross margin approximately 40 basis points);",
    "•",
    "Unfavorable changes in foreign currency exchange rates, including hedges (decreasing gross margin approximately 30 basis points); and",
    "•",
    "Higher full-price average selling prices, which partially offset the above.",
    "",
    "Selling and Administrative Expense",
    "Demand creation expense increased 4% due to higher advertising costs.",
  ].join("\n");

  it("quotes the items after the sentence that introduces them, not the introduction alone", () => {
    const a = answerFromPages("Why did the gross margin change in fiscal 2024?", [page(33, MDNA)]);
    const said = a.quotes.map((q) => q.text).join(" ");
    expect(said).toMatch(/following factors:/);
    expect(said).toMatch(/foreign currency exchange rates/);
    expect(said).toMatch(/Higher freight/);
    expect(said).not.toMatch(/Demand creation/);
  });

  it("keeps the list whole in a page's answering excerpt", () => {
    const units = answersByPage("Why did the gross margin change in fiscal 2024?", [page(33, MDNA)])[0]!;
    expect(narrativeExcerpt(units, 150)).toMatch(/following factors: … .*freight.* … .*foreign currency/);
  });
});
