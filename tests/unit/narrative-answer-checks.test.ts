/**
 * Answer-type checks on quoted sentences (issue 10, held-out wrong answers by class): a count is a
 * number counting the asked noun (not an identifier, not a part, not a flow when a stock is asked),
 * money asked is not answered by a share, a figure "per X" needs "per X", and a figure of a named
 * part (a segment) needs a sentence naming that part. Made-up pages, not filings.
 */
import { describe, expect, it } from "vitest";
import { answerFromPages, classifyQuestion, type CandidatePage } from "@/lib/answers/narrative";
import { asksForQualifiedFigure } from "@/lib/metrics";
import { planTurn } from "@/lib/agent/offline/intent";

const page = (n: number, text: string): CandidatePage => ({ document: "ACME_2022_10K.pdf", page: n, citation: `(source: ACME_2022_10K.pdf, p.${n})`, text });
const ask = (q: string, text: string) => answerFromPages(q, [page(7, text)]);

describe("count questions", () => {
  it("reads the counted noun after a possessive company name", () => {
    expect(classifyQuestion("How many Acme's warehouses were there at year-end 2022?").counted).toBe("warehouses");
    expect(classifyQuestion("How many Acme's warehouses were there at year-end 2022?").stock).toBe(true);
  });

  it("does not count an identifier ('the '226 patent', 'CN 102956457') as a number of patents", () => {
    const text = "In July 2022, Acme filed two invalidation requests on the '226 patent with the patent office.\n\nRivet alleges that Acme products infringe patent CN 102956457 ('457 Patent).";
    expect(ask("How many patents did Acme file in 2022?", text).quotes).toEqual([]);
  });

  it("does not read 'six of the patents' as how many patents there are, but does when a part is asked", () => {
    const text = "In 2022, Acme filed petitions on claims across six of the patents in the case.";
    expect(ask("How many patents did Acme file in 2022?", text).quotes).toEqual([]);
    expect(ask("How many of the patents in the case did Acme file petitions on in 2022?", text).quotes[0]?.text).toMatch(/six of the patents/);
  });

  it("does not answer a stock at year-end with a flow (opened, closure of)", () => {
    const flows = "In 2022, the Company opened 1,200 warehouses and closed 900 warehouses.\n\nThe increase in closures was due to the closure of 400 warehouses in one market.";
    expect(ask("How many Acme warehouses were there at year-end 2022?", flows).quotes).toEqual([]);
    const stock = `${flows}\n\nAt year-end 2022, Acme operated 31,000 warehouses in 90 countries.`;
    expect(ask("How many Acme warehouses were there at year-end 2022?", stock).quotes[0]?.text).toMatch(/31,000 warehouses/);
  });

  it("needs the question's qualifying words, not only the counted noun next to a number", () => {
    const text = "As of December 31, 2022, Acme had approximately 26,000 regular employees.";
    expect(ask("How many of Acme's regular employees were covered by collective bargaining agreements at the end of 2022?", text).quotes).toEqual([]);
  });

  it("routes a count that names no statement figure to passages, not to a finding sharing its words", () => {
    const plan = planTurn({ past: [], current: { user: "How many Acme restaurants were there at year-end 2022?", assistant: "", tools: [] } });
    expect(plan.passages).toBe(true);
  });
});

describe("figures asked as money, per unit, or of a named part", () => {
  it("does not answer money asked in USD millions with a share of revenues", () => {
    const text = "Subscription and support revenues accounted for approximately 93 percent of our total revenues for fiscal 2022.";
    expect(classifyQuestion("What was Acme's subscription and support revenue in fiscal 2022, in USD millions?").money).toBe(true);
    expect(ask("What was Acme's subscription and support revenue in fiscal 2022, in USD millions?", text).quotes).toEqual([]);
    expect(ask("What was Acme's subscription and support revenue in fiscal 2022, in USD millions?", `${text}\n\nSubscription and support revenues were $29,021 million for fiscal 2022.`).quotes[0]?.text).toMatch(/\$29,021 million/);
  });

  it("reads a fee, or what a company owes, as money asked, in three wordings", () => {
    for (const q of ["acme widgetco break fee?", "how big is the breakup fee acme owes widgetco", "what termination fees would acme pay"]) {
      expect(classifyQuestion(q).money, q).toBe(true);
    }
    expect(classifyQuestion("what percentage of fees came from europe").money).toBeFalsy();
  });

  it("reads 'revenue per customer' as the figure and needs 'per customer' in the sentence", () => {
    expect(classifyQuestion("What was Acme's average revenue per customer in fiscal 2022?").figure).toEqual(["revenue", "per", "customer"]);
    const text = "In fiscal 2022, revenue from contracts with customers grew to $31 billion.";
    expect(ask("What was Acme's average revenue per customer in fiscal 2022?", text).quotes).toEqual([]);
  });

  it("reads a time as a named figure (a sentence about the service model states no service time)", () => {
    expect(classifyQuestion("What was Acme's average drive-thru service time in 2022?").figure).toEqual(["drive-thru", "service", "time"]);
    const text = "In 2022, we continued to improve our service model and to invest in drive-thru and delivery for our 40,000 restaurants.";
    expect(ask("What was Acme's average drive-thru service time in 2022?", text).quotes).toEqual([]);
  });

  it("reads a segment's figure as a part of the statement line, and needs a sentence naming the segment", () => {
    expect(asksForQualifiedFigure("What was the Acme Ground segment's operating income in fiscal 2022, in USD millions?")).toBe(true);
    const text = "Operating income was $4,912 million in fiscal 2022.\n\nAcme Ground segment operating income was $3,140 million in fiscal 2022.";
    const a = ask("What was the Acme Ground segment's operating income in fiscal 2022, in USD millions?", text);
    expect(a.quotes.map((q) => q.text)).toEqual(["Acme Ground segment operating income was $3,140 million in fiscal 2022."]);
  });
});

describe("a segment's figure and 'by how much'", () => {
  const pages = (text: string) => [{ document: "ACME_2023Q2_EARNINGS.pdf", page: 2, citation: "(source: ACME_2023Q2_EARNINGS.pdf, p.2)", text }];
  const q = "By how much did comparable sales increase in Acme's U.S. segment in the second quarter of 2023?";

  it("needs a sentence naming the segment as written (U.S., not the pronoun 'us'), with an amount", () => {
    expect(classifyQuestion(q).kind).toBe("amount");
    const global = "Global comparable sales increased 11.7% in the second quarter of 2023, which helped us grow.\n\nU.S.: Comparable sales results in the second quarter of 2023 benefited from menu price increases.";
    expect(answerFromPages(q, pages(global)).quotes).toEqual([]);
    const us = `${global}\n\nIn the second quarter of 2023, U.S. comparable sales increased 10.3%.`;
    expect(answerFromPages(q, pages(us)).quotes.map((x) => x.text)).toEqual(["In the second quarter of 2023, U.S. comparable sales increased 10.3%."]);
  });
});

describe("'research and development' is a function, not a change over time", () => {
  it("does not read a count of R&D employees as a trend question, but keeps 'how did revenue develop'", () => {
    const plan = (q: string) => planTurn({ past: [], current: { user: q, assistant: "", tools: [] } });
    expect(plan("How many of Acme's employees worked in research and development as of May 31, 2023?").intent).not.toBe("trend");
    const develop = plan("How did Acme's revenue develop over 2023?");
    expect([develop.intent, develop.fallback]).toContain("trend");
  });
});

describe("a count of things the company did", () => {
  it("needs the act the question names ('did Acme file'), in any of its forms; holding verbs ('have') need none", () => {
    const review = "The patent board instituted review of six patents and denied institution on two patents in 2022.";
    expect(ask("How many patents did Acme file in 2022?", review).quotes).toEqual([]);
    expect(ask("How many patents did Acme file in 2022?", `${review}\n\nIn 2022, Acme filed 1,200 patents worldwide.`).quotes[0]?.text).toMatch(/filed 1,200 patents/);
    expect(ask("How many units did Acme sell in 2022?", "In 2022, Acme sold 3,400 units of its flagship product.").quotes[0]?.text).toMatch(/sold 3,400 units/);
    expect(ask("How many stores did Acme have at year-end 2022?", "At year-end 2022, Acme operated 1,150 stores.").quotes[0]?.text).toMatch(/1,150 stores/);
  });
});

describe("a year split by the PDF's letter spacing", () => {
  it("is still the year: 'December 31, 201 6' does not answer a question about 2022", () => {
    const old = "At December 31, 201 6 , Acme Holdings and its utility subsidiary had approximately 24,000 regular employees, most of whom worked for the utility subsidiary in the state.";
    expect(ask("How many regular employees did Acme have as of December 31, 2022?", old).quotes).toEqual([]);
    expect(ask("How many regular employees did Acme have as of December 31, 2016?", old).quotes[0]?.text).toBe(old);
  });
});

describe("a figure sentence must state that figure", () => {
  it("the day of a date is no value: a footnote naming the rate 'as of December 31, 2015' does not answer it", () => {
    const note = "Note that this amount is not included in the calculation of the portfolio occupancy rate for in-service properties as of December 31, 2015.";
    expect(ask("What was the occupancy rate of Acme's in-service properties as of December 31, 2015?", note).quotes).toEqual([]);
    expect(ask("What was the occupancy rate of Acme's in-service properties as of December 31, 2015?", `(7) ${note}`).quotes).toEqual([]);
    const stated = `${note}\n\nAs of December 31, 2015, the portfolio occupancy rate for in-service properties was 91.4%.`;
    expect(ask("What was the occupancy rate of Acme's in-service properties as of December 31, 2015?", stated).quotes[0]?.text).toMatch(/91\.4%/);
  });

  it("a size asked ('average check size') is a named figure: 'cents on the dollar … on average' does not state it", () => {
    expect(classifyQuestion("What was Acme's average check size in 2022, in dollars?").figure).toEqual(["check", "size"]);
    const text = "The 2022 pay gap analysis showed that women were paid 99.91 cents on the dollar in base pay on average.";
    expect(ask("What was Acme's average check size in 2022, in dollars?", text).quotes).toEqual([]);
  });

  it("revenues named only inside 'cost of revenues' do not state revenues; the cost question still reads it", () => {
    const text = "For the three months ended October 31, 2022, the increase in cost of revenues was primarily due to an increase of $137 million in employee-related costs.";
    expect(ask("What were Acme's total revenues in the three months ended October 31, 2022, in USD millions?", text).quotes).toEqual([]);
    const stated = `${text}\n\nTotal revenues were $7,837 million for the three months ended October 31, 2022.`;
    expect(ask("What were Acme's total revenues in the three months ended October 31, 2022, in USD millions?", stated).quotes[0]?.text).toMatch(/7,837/);
  });
});

describe("who comes next in a role", () => {
  it("'its next CEO' is not answered by the sentence naming who holds the role; the announced successor is", () => {
    expect(classifyQuestion("Who did Acme announce would be appointed its next Chief Executive Officer?").successor).toBe(true);
    const incumbent = "Mr. Jon Roe has served as our Chief Executive Officer and a member of our Board of Directors since January 2019.";
    expect(ask("Who did Acme announce would be appointed its next Chief Executive Officer?", incumbent).quotes).toEqual([]);
    const announced = `${incumbent}\n\nIn January 2021, we announced that Mr. Roe would depart and that Mary Ann Vale would be appointed Chief Executive Officer effective as of February 15, 2021.`;
    expect(ask("Who did Acme announce would be appointed its next Chief Executive Officer?", announced).quotes[0]?.text).toMatch(/Mary Ann Vale would be appointed/);
    expect(ask("Who is Acme's Chief Executive Officer?", incumbent).quotes[0]?.text).toMatch(/Jon Roe/);
  });
});

describe("a figure of a quarter named by its end date", () => {
  it("is stated only by a sentence naming that month and year", () => {
    const q = "What were Acme's total revenues in the three months ended October 31, 2022, in USD millions?";
    expect(classifyQuestion(q).periodEnd).toEqual({ month: "oct", year: "2022" });
    expect(ask(q, "Total revenues were $26,492 million for fiscal 2022, an increase of 25% compared to fiscal 2021.").quotes).toEqual([]);
    expect(ask(q, "Total revenues were $7,837 million for the three months ended October 31, 2022.").quotes[0]?.text).toMatch(/7,837/);
  });
});

describe("an ordinal naming which one is asked", () => {
  it("'the second national hub' is answered by the sentence naming the second, not one listing other hubs", () => {
    const q = "Where is Acme Air's second national hub facility located?";
    expect(classifyQuestion(q).ordinal).toBe("second");
    expect(classifyQuestion("What was revenue in the second quarter of 2023?").ordinal).toBeUndefined();
    const others = "In addition to these national hubs, Acme Air operates regional hubs in Fort Worth, Newark and Oakland and sorting facilities in Chicago, Seattle and Los Angeles.";
    expect(ask(q, others).quotes).toEqual([]);
    expect(ask(q, `Acme Air's primary sorting facility is located in Memphis. A second national hub facility is located in Indianapolis.\n\n${others}`).quotes[0]?.text).toMatch(/Indianapolis/);
  });
});

describe("pointers to other parts of the filing", () => {
  it("a sentence saying where the answer may be found is not the answer; the one stating it is", () => {
    const pointer = "Further information regarding the Company's reportable segments may be found in Part II, Item 7 of this Form 10-K under the subheading Segment Operating Performance.";
    for (const q of ["What are Acme's reportable segments?", "acme reportable segments", "Which segments does Acme report?"]) expect(ask(q, pointer).quotes, q).toEqual([]);
    const stated = `${pointer}\n\nThe Company's reportable segments consist of the Americas, Europe and Japan.`;
    expect(ask("What are Acme's reportable segments?", stated).quotes[0]?.text).toMatch(/consist of the Americas/);
  });
});
