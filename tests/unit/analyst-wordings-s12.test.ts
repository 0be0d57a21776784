/**
 * Readings from analysts' wordings: "back in fy15" is a period, not a figure's name; "at this
 * point", "as it stands" say "now" and name no part; an amount asked as "total cost?", "what's the
 * $ cost", "what are they paying" is answered only by a sentence stating money; a person the search
 * matched answers only a question asking who.
 */
import { describe, expect, it } from "vitest";
import { answerFromPages, classifyQuestion, type CandidatePage } from "@/lib/answers/narrative";
import type { KbResult } from "@/lib/agent/knowledge/types";
import { writeFact } from "@/lib/agent/offline/answers/fact";
import { labelAnswerOverride, organisationAnswerOverride, quoteAnswerOverride } from "@/lib/agent/offline/evidence-path";
import type { ToolExchange } from "@/lib/agent/offline/conversation";
import type { Plan } from "@/lib/agent/offline/intent";
import { readQuestion } from "@/lib/agent/reader/read";

const ROOM = ["ACME INC."];
const page = (text: string): CandidatePage => ({ document: "ACME_2023_8K.pdf", page: 2, citation: "(source: ACME_2023_8K.pdf, p.2)", text });

describe("'back' before a period", () => {
  it("reads 'what was it back in fy15' as the last figure in another year, with no label 'back'", () => {
    const first = readQuestion("acme capex fy2020", ROOM);
    for (const q of ["what was it back in fy15", "and back in fy15?", "what about back in fy15?"]) {
      const r = readQuestion(q, ROOM, first);
      expect(r.periods, q).toEqual(["FY2015"]);
      expect(r.concepts.map((c) => c.id), q).toEqual(["capital_expenditure"]);
      expect(r.scope, q).toBeUndefined();
      expect(r.label, q).toBeUndefined();
    }
    // "buy back" is still the repurchase figure
    expect(readQuestion("how much did acme buy back in 2020", ROOM).concepts.map((c) => c.id)).toEqual(["share_repurchases"]);
  });
});

describe("words saying 'now'", () => {
  it("read 'at this point', 'as it stands', 'at present' as the latest period and name no part", () => {
    for (const q of ["acme - who's ceo at this point?", "acme ceo as it stands", "who is acme's ceo at present"]) {
      const r = readQuestion(q, ROOM);
      expect(r.periods, q).toEqual(["latest"]);
      expect(r.scope, q).toBeUndefined();
    }
    // a part still named beside them
    expect(readQuestion("what is greater china revenue at present", ROOM).scope).toBe("greater china");
  });
});

describe("an amount asked in everyday words", () => {
  it("classifies 'total cost?', 'what's the $ cost', 'what are they paying for' and a trailing 'how much' as money asked", () => {
    for (const q of ["acme settlement w/ the DA, total cost?", "what's the $ cost of the severance packages", "what's acme paying for widgetco", "special dividend paid jan 2016 how much"]) {
      expect(classifyQuestion(q), q).toMatchObject({ kind: "amount", money: true });
    }
    // a share asked stays no money
    expect(classifyQuestion("what percentage of revenue came from china").money).toBeFalsy();
  });

  it("quotes no sentence that names the thing but states no money, and quotes one that does", () => {
    const text = "We want to support you through the transition, including comprehensive transition packages with severance and incentive payments. The severance packages are expected to cost about $40 million in total.";
    const none = answerFromPages("what's the $ cost of the severance packages", [page(text.split(". ")[0]! + ".")]);
    expect(none.quotes).toEqual([]);
    const some = answerFromPages("what's the $ cost of the severance packages", [page(text)]);
    expect(some.quotes[0]?.text).toMatch(/\$40 million/);
  });
});

describe("people a search found, in the offline writer", () => {
  const person = { name: "Harbor Holdings", roles: ["Chief Executive Officer"], roleLabels: ["CEO"], about: [{ text: "Harbor Holdings' common stock on the date of grant as quoted on the exchange.", document: "ACME_2015_10K.pdf", page: 170, citation: "(source: ACME_2015_10K.pdf, p.170)" }], alsoIn: [] };
  const kb = (query: string): KbResult => ({ dataNotice: "", query, intent: "fact", understood: { metrics: [] }, findings: [], timeline: [], corrections: [], conflicts: [], forecastVsActual: [], pages: [], coverage: "pages", notes: [], people: [person] });
  const write = (q: string) => writeFact({ intent: "fact", question: q, metrics: [] } as Plan, [{ toolName: "query_knowledge_base", input: { query: q }, output: kb(q) } as ToolExchange]);

  it("answers a question asking who with the person, and a date or description question without them", () => {
    expect(write("who is the ceo?")).toMatch(/Harbor Holdings \(CEO\)/);
    for (const q of ["harbor holdings ipo completion date", "when did harbor holdings ipo", "harbor holdings class a office definition"]) expect(write(q), q).not.toMatch(/\(CEO\)/);
  });
});

describe("a formula in brackets after the figure's name", () => {
  it("reads an analyst's own formula in brackets after a figure's name as a definition", () => {
    for (const q of ["acme liquidity fy23 (current assets divided by current liabilities)", "acme quick ratio fy22 (cash plus receivables divided by current liabilities)", "acme liquidity 5/31/23 (total current assets / total current liabilities), 2dp"]) {
      expect(readQuestion(q, ROOM).defines, q).toBe(true);
    }
    // a unit or a scale in brackets defines nothing
    for (const q of ["revenue (in millions) 2022", "capex / revenue fy22 (%)", "acme operating income (loss) 2022"]) expect(readQuestion(q, ROOM).defines, q).toBe(false);
  });
});

describe("a part named inside an everyday phrase", () => {
  it("keeps 'Mobileye' as the part in 'how much did the Mobileye unit sell', as in 'mobileye unit revenue'", () => {
    for (const q of ["How much did Acme's Widgetco unit sell in the first quarter of 2023?", "widgetco unit revenue q1 23", "what did the widgetco unit bring in in q1 2023"]) {
      const r = readQuestion(q, ROOM);
      expect(r.scope?.toLowerCase(), q).toBe("widgetco");
      expect(r.concepts.map((c) => c.id), q).toEqual(["revenue"]);
    }
    // the phrase's own words name no part
    expect(readQuestion("how much did they sell in q1 2023", ROOM).scope).toBeUndefined();
    // units sold are no business unit: the count of the product's units
    const units = readQuestion("widget unit sales 2022", ROOM);
    expect(units.scope).toBe("widget");
    expect(units.concepts.map((c) => c.id)).toEqual(["unit_sales"]);
  });
});

describe("a count after a preposition that qualifies an amount", () => {
  it("reads 'revenue from franchised restaurants' as revenue of that part, not revenue and a store count", () => {
    for (const q of ["How much revenue did Acme get from its franchised restaurants in Q1 2023?", "revenue from franchised restaurants q1 23", "sales at company-operated stores 2022"]) {
      const r = readQuestion(q, ROOM);
      expect(r.concepts.map((c) => c.id), q).toEqual(["revenue"]);
      expect(r.scope, q).toMatch(/restaurants|stores/);
    }
    // two figures asked side by side stay two
    expect(readQuestion("revenue and restaurants 2022", ROOM).concepts.map((c) => c.id)).toEqual(["revenue", "stores"]);
  });
});

describe("organisations asked, a figure answered", () => {
  it("holds back the company's revenue as the answer to which customers or suppliers, and lets a quote naming them stand", () => {
    const figure = "FY2020 revenue was USD 77.87 billion (source: ACME_2020_10K.pdf, p.76).";
    for (const q of ["Acme: which three customers made up the largest shares of net revenue in 2020?", "who are acme's biggest customers", "acme top 3 customers % of revenue 2020"]) {
      expect(organisationAnswerOverride(readQuestion(q, ROOM), figure), q).toMatch(/^I couldn't find a passage naming the organisations asked/);
    }
    const quote = 'ACME_2020_10K.pdf states: "Our three largest customers, Widgetco, Gadget Inc. and Partsmart, accounted for 39% of net revenue." (source: ACME_2020_10K.pdf, p.8)';
    expect(organisationAnswerOverride(readQuestion("who are acme's biggest customers", ROOM), quote)).toBeNull();
    // a figure asked stays the rules planner's
    expect(organisationAnswerOverride(readQuestion("acme revenue 2020", ROOM), figure)).toBeNull();
  });
});

describe("a count asked in the question's own words", () => {
  const done = [
    { toolName: "get_line_items", input: {}, output: { rows: [], notFound: ["x"], notes: [] } },
    { toolName: "search_documents", input: {}, output: { passages: [] } },
  ] as never;
  it("is not answered by a quote whose only numbers are money, a percentage or a model number", () => {
    for (const q of ["acme widget units fy15", "how many widget units in fy2015", "acme widget units sold in fiscal 2015"]) {
      const r = readQuestion(q, ROOM);
      expect(r.concepts.map((c) => c.id), q).toEqual(["unit_sales"]);
      expect(quoteAnswerOverride(r, 'ACME_2015_10K.pdf states: "Net sales rose 28% or $50.9 billion during 2015, as Widget net sales and unit sales in 2015 increased on demand for Widget 6." (source: ACME_2015_10K.pdf, p.25)', done), q).toMatch(/^I couldn't find/);
      expect(quoteAnswerOverride(r, 'ACME_2015_10K.pdf states: "Widget unit sales were 231.2 million in 2015." (source: ACME_2015_10K.pdf, p.25)', done), q).toBeNull();
    }
    // a count the catalog does not name ("widget activations") is held to the same bar by its label
    const label = readQuestion("acme widget activations fy15", ROOM);
    expect(label.label).toBeTruthy();
    expect(labelAnswerOverride(label, done, 'ACME_2015_10K.pdf states: "Net sales rose 28% or $50.9 billion during 2015 on demand for Widget 6." (source: ACME_2015_10K.pdf, p.25)')).toMatch(/^I couldn't find/);
    expect(labelAnswerOverride(label, done, 'ACME_2015_10K.pdf states: "Widget activations were 231.2 million in 2015." (source: ACME_2015_10K.pdf, p.25)')).toBeNull();
  });
});

describe("a dividend asked per quarter", () => {
  it("reads 'paying per quarter in divs', 'dividend per quarter', 'each quarter in dividends' as the quarterly dividend, not the year's cash paid", () => {
    for (const q of ["whats acme paying per quarter in divs currently", "acme dividend per quarter now", "how much does acme pay each quarter in dividends"]) {
      expect(readQuestion(q, ROOM).concepts.map((c) => c.id), q).toEqual(["quarterly_dividend"]);
    }
    expect(readQuestion("acme dividends paid fy16", ROOM).concepts.map((c) => c.id)).toEqual(["dividends_paid"]);
  });
});

describe("a part's row printed in the consolidated results and under each region", () => {
  it("answers from the consolidated table's row whose label adds least to the part, when the question names no region", async () => {
    const { pickScopedRow } = await import("@/lib/agent/offline/answers-from/pick-row");
    const { conceptById } = await import("@/lib/agent/concepts/catalog");
    const at = (label: string, title: string, value: number): never => ({ item: "x", match: "label", label, source: "table", table: { title, headings: [] }, scale: 1e6, currency: "USD", columns: [{ period: "FY2019", months: 12, value: value * 1e6, printed: String(value) }], document: "ACME_2019_10K.pdf", page: 29, row: `${label} ${value}`, citation: "(source: ACME_2019_10K.pdf, p.29)" }) as never;
    const rows = [at("Sales through Acme Direct", "CONSOLIDATED OPERATING RESULTS — REVENUES", 11_753), at("Sales through Acme Direct", "NORTH AMERICA", 5_027), at("Sales through Acme Direct", "GREATER CHINA", 2_482), at("Sales from our Wholesale Operations to Acme Direct Operations", "CONSOLIDATED OPERATING RESULTS — REVENUES", 7_127)];
    for (const q of ["acme direct sales 2019", "how much did acme direct bring in fy19", "acme direct revenue fy19"]) {
      const r = readQuestion(q, ROOM);
      expect(pickScopedRow({ company: "ACME INC.", rows, notFound: [], notes: [] }, conceptById("revenue")!, r.scope!, r.segment, ["FY2019"])?.columns[0]?.value, q).toBe(11_753e6);
    }
  });
});

describe("a role's shorthand inside a formula", () => {
  it("reads 'cfo' beside 'less', '-', '/' as cash from operations, and alone as the finance chief", () => {
    expect(readQuestion("capex / cfo fy2019", ROOM).concepts.map((c) => c.id)).toEqual(["capital_expenditure", "operating_cash_flow"]);
    for (const q of ["acme fcf fy2019? cfo less capex", "fcf = cfo - capex fy19"]) expect(readQuestion(q, ROOM).concepts.map((c) => c.id), q).not.toContain("cfo");
    for (const q of ["who's the cfo", "cfo and ceo of acme"]) expect(readQuestion(q, ROOM).concepts.map((c) => c.id), q).toContain("cfo");
  });
});

describe("a catalog ratio with its own formula in brackets", () => {
  it("reads the bracket as the ratio restated, not as figures asked or a part, and keeps an analyst's own different definition", () => {
    for (const q of ["acme net margin q ended 7/31/2023 (net income / total revenues)", "acme current ratio 5/31/23 (total current assets / total current liabilities), 2dp", "acme fy23 current ratio (current assets divided by current liabilities)"]) {
      const r = readQuestion(q, ROOM);
      expect(r.concepts.length, q).toBe(1);
      expect(r.defines, q).toBe(false);
      expect(r.scope, q).toBeUndefined();
    }
    expect(readQuestion("acme net margin q ended 7/31/2023 (net income / total revenues)", ROOM).periods).toEqual(["quarter ended 2023-07-31"]);
    // the analyst's own quick ratio (no inventories taken out) is a definition that stands
    expect(readQuestion("acme quick ratio fy22 (cash plus receivables divided by current liabilities)", ROOM).defines).toBe(true);
  });
});

describe("a row whose label names a share", () => {
  it("never answers an amount asked by the same words ('As a % of Total Subscription and Support Revenues')", async () => {
    const { pickScopedRow } = await import("@/lib/agent/offline/answers-from/pick-row");
    const { conceptById } = await import("@/lib/agent/concepts/catalog");
    const at = (label: string, value: number, scale: number, title: string): never => ({ item: "x", match: "label", label, source: "table", table: { title, headings: [] }, scale, ...(scale > 1 ? { currency: "USD" } : {}), columns: [{ period: "FY2023", months: 12, value: value * scale, printed: String(value) }], document: "ACME_2023_10K.pdf", page: 47, row: `${label} ${value}`, citation: "(source: ACME_2023_10K.pdf, p.47)" }) as never;
    const rows = [at("As a % of Total Subscription and Support Revenues", 2022, 1, "Subscription and Support Revenues by Service Offering"), at("Subscription and support", 29_021, 1e6, "Revenues")];
    for (const q of ["acme's subscription and support revenue in FY23, in millions?", "acme subscription & support rev fy23", "subscription and support revenue fy2023"]) {
      const r = readQuestion(q, ROOM);
      expect(pickScopedRow({ company: "ACME INC.", rows, notFound: [], notes: [] }, conceptById("revenue")!, r.scope!, r.segment, ["FY2023"])?.label, q).toBe("Subscription and support");
    }
  });
});
