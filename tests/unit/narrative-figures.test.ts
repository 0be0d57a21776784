import { describe, expect, it } from "vitest";
import { answerFromPages, classifyQuestion, type CandidatePage } from "@/lib/answers/narrative";
import { asksHow, parseMetricQuestion } from "@/lib/metrics";

const page = (n: number, text: string): CandidatePage => ({ document: "ACME_2022_10K.pdf", page: n, citation: `(source: ACME_2022_10K.pdf, p.${n})`, text });

// A made-up 10-K-like page: an operating figure with its abbreviation, a definition, people figures of two years.
const OVERVIEW = `Item 1. Business

Acme runs an online marketplace. We measure our reach by GTV. GTV consists of the total value of all
paid orders between users of our marketplace, including shipping fees.
In 2022, we generated $41 billion in GTV, of which approximately 38 percent came from outside the U.S.
We directly manage our stores to maximize the potential for tenant retention and long leases.
Our voluntary turnover rate was 6% in 2022.
We consider premium stores to be stores of more than 2,000 square feet in central locations.
As of December 31, 2020, we employed approximately 9,100 people.
As of December 31, 2022, we employed approximately 11,400 people.
12`;

const answer = (q: string) => answerFromPages(q, [page(12, OVERVIEW)]);

describe("questions for a named figure", () => {
  it("reads the figure a 'what was X's … rate' question names, and its abbreviation", () => {
    expect(classifyQuestion("What was Acme's tenant retention rate in 2022?").figure).toEqual(["tenant", "retention", "rate"]);
    const t = classifyQuestion("What was Acme's gross transaction value (GTV) in 2022?");
    expect(t.figure).toEqual(["gross", "transaction", "value"]);
    expect(t.figureAlias).toBe("GTV");
  });

  it("abstains when the sentences name the figure's words but state no value of it", () => {
    expect(answer("What was Acme's tenant retention rate in 2022?").quotes).toEqual([]);
    expect(answer("What was Acme's average order value in 2022?").quotes).toEqual([]);
  });

  it("quotes the sentence stating the figure, also when it names only the abbreviation", () => {
    expect(answer("What was Acme's gross transaction value (GTV) in 2022?").quotes[0]?.text).toMatch(/^In 2022, we generated \$41 billion in GTV/);
    expect(answer("What was Acme's voluntary employee turnover rate in 2022?").quotes[0]?.text).toBe("Our voluntary turnover rate was 6% in 2022.");
  });

  it("does not answer a year's figure with another year's", () => {
    expect(answer("How many people did Acme employ as of December 31, 2022?").quotes[0]?.text).toMatch(/December 31, 2022, we employed approximately 11,400/);
    expect(answer("How many people did Acme employ as of December 31, 2021?").quotes).toEqual([]);
  });
});

describe("questions for a definition", () => {
  it("quotes the sentence that defines the asked term, an abbreviation or a phrase", () => {
    expect(answer("How does Acme define GTV?").quotes[0]?.text).toMatch(/^GTV consists of the total value/);
    expect(answer("How does Acme define premium stores?").quotes[0]?.text).toMatch(/^We consider premium stores to be/);
  });

  it("abstains when no sentence defines the term", () => {
    expect(answer("How does Acme define a flagship location?").quotes).toEqual([]);
  });
});

describe("a question whose only content word is the business", () => {
  it("quotes the sentence naming the businesses", () => {
    const a = answerFromPages("What are Acme's three businesses?", [page(3, "Our businesses\n\nWe have three businesses: widgets; services; and software. Each business is one operating segment.\n3")]);
    expect(a.quotes[0]?.text).toBe("We have three businesses: widgets; services; and software.");
  });
});

describe("a part of a statement figure is not the statement's line", () => {
  it("does not read a region's or a product line's sales as total revenue", () => {
    expect(parseMetricQuestion("What were Acme's Northern Europe net sales in fiscal 2022, in USD millions?")).toBeNull();
    expect(parseMetricQuestion("What were Acme's total cloud services and license support revenues in fiscal 2023, in USD millions?")).toBeNull();
  });

  it("still reads the statement's own line, with its period, company and judgement words", () => {
    expect(parseMetricQuestion("What were Acme's total net sales in fiscal 2022, in USD millions?")?.metric.id).toBe("revenue");
    expect(parseMetricQuestion("Does Acme have an improving operating margin profile as of FY2022?")?.metric.id).toBe("operating_margin");
    expect(parseMetricQuestion("Among operations, investing, and financing activities, which brought in the most cash flow for Acme in FY2023?")).not.toBeNull();
  });
});

describe("a definition whose defining words come before the term", () => {
  it("quotes 'We define X (\"ABC\") as …' for the abbreviation", () => {
    const a = answerFromPages("How does Acme define GTV?", [page(40, "Notes\n\n(1) We define Gross Transaction Value (“GTV”) as the total value of all paid orders between users of our marketplace during the period.\n40")]);
    expect(a.quotes[0]?.text).toMatch(/We define Gross Transaction Value/);
  });
});

describe("a figure named with a place after it, and how-questions", () => {
  it("does not read a country's sales as the statements' total, but keeps periods after the name", () => {
    expect(parseMetricQuestion("Did Acme's net sales in Japan decrease in fiscal 2022?")).toBeNull();
    expect(parseMetricQuestion("How does Acme's effective tax rate in FY2022 compare to FY2021?")?.metric.id).toBe("effective_tax_rate");
  });

  it("reads 'how does it generate revenue' as a question no figure answers", () => {
    expect(asksHow("How does Acme's utility generate its revenues?")).toBe(true);
    expect(asksHow("How did Acme's revenue change in FY2022?")).toBe(false);
  });
});

describe("an exhibit index line", () => {
  it("never answers, whatever words it shares with the question", () => {
    const a = answerFromPages("In what year was the company incorporated?", [page(200, "Exhibits\n\n4.1 Indenture, dated as of August 6, 2018, between Acme Corporation and The Trust Company (incorporated by reference to Acme's Form 8-K filed August 6, 2018 (File No. 1-2348), Exhibit 4.1).\n200")]);
    expect(a.quotes).toEqual([]);
  });
});

describe("a region's figure asked as an amount", () => {
  it("is not answered by a sentence naming the region and a note number", () => {
    const text = "Revenue\n\nThe proportion of net sales by source was consistent for each segment in Note 11 for 2022, except in Northern Europe, where software represented a higher proportion of net sales.\n40";
    expect(answerFromPages("What were Acme's Northern Europe net sales in fiscal 2022, in USD millions?", [page(40, text)]).quotes).toEqual([]);
    const stated = "Segments\n\nNorthern Europe net sales were $4.2 billion in 2022, up 9% from 2021.\n25";
    expect(answerFromPages("What were Acme's Northern Europe net sales in fiscal 2022, in USD millions?", [page(25, stated)]).quotes[0]?.text).toMatch(/^Northern Europe net sales were \$4\.2 billion/);
  });
});

describe("a description of a named thing", () => {
  it("quotes only a sentence naming the thing, not another offer of the company's", () => {
    const text = "Services\n\nThe Company offers Acme TV, which streams original content.\nWidgetCare offers priority access to technical support and coverage for accidental damage.\n5";
    expect(answerFromPages("What does Acme's WidgetCare offer?", [page(5, text)]).quotes.map((q) => q.text)).toEqual(["WidgetCare offers priority access to technical support and coverage for accidental damage."]);
    expect(answerFromPages("What does Acme's GizmoPlan offer?", [page(5, text)]).quotes).toEqual([]);
  });

  it("reads a name typed in lower case as the name the pages print ('widgetcare' is always 'WidgetCare'), in three wordings", () => {
    const text = "Services\n\nThe Company offers Acme TV, which streams original content funded by subscriptions.\nIts WidgetCare plan offers priority access to technical support. Customers renew WidgetCare yearly.\n5";
    for (const q of ["what does widgetcare offer", "acme widgetcare - what is it", "tell me what widgetcare offers"]) {
      expect(answerFromPages(q, [page(5, text)]).quotes.map((x) => x.text).join(" "), q).not.toMatch(/Acme TV/);
    }
    // a word the pages print in lower case is no name: "funded" does not have to be named by the answer
    expect(answerFromPages("what content is funded by subscriptions", [page(5, text)]).quotes.map((x) => x.text).join(" ")).toMatch(/streams original content/);
  });

  it("reads the counted noun after 'how many of X's'", () => {
    expect(classifyQuestion("How many of Acme's employees were employed in the U.S. as of May 31, 2023?").counted).toBe("employees");
  });
});
