/**
 * Readings and evidence checks from analysts' wordings: a part pointed back to ("there", "that
 * segment"), a figure's name around a part ("take rate in marketplace"), question words typed
 * without their apostrophe, a part named in a list of parts, a part's count printed as a table line,
 * a rate never answered by a row of money, and a figure asked in the question's own words answered
 * only by text naming it.
 */
import { describe, expect, it } from "vitest";
import { conceptById } from "@/lib/agent/concepts/catalog";
import type { LineItemRow } from "@/lib/agent/evidence/line-items";
import type { Passage } from "@/lib/agent/evidence/passages";
import { pickScopedRow } from "@/lib/agent/offline/answers-from/pick-row";
import { namedAmongParts, writeStated } from "@/lib/agent/offline/answers-from/stated";
import { evidenceCalls, labelAnswerOverride, qualifierAnswerOverride, quoteAnswerOverride } from "@/lib/agent/offline/evidence-path";
import { qualifiersOf, readQuestion } from "@/lib/agent/reader/read";

const ROOM = ["ACME INC."];
const passage = (text: string, page = 19): Passage => ({ document: "ACME_2022_10K.pdf", page, period: "FY2022", charStart: 0, charEnd: text.length, text, citation: `(source: ACME_2022_10K.pdf, p.${page})` });

describe("a part pointed back to", () => {
  it("'there', 'in that segment' carry the last turn's part to a new figure; a question without them does not", () => {
    const first = readQuestion("acme intl segment rev fy22?", ROOM);
    expect(first.scope).toBe("international");
    for (const q of ["how many stores there at ye?", "how many stores in that segment?", "and the store count in that business?"]) expect(readQuestion(q, ROOM, first).scope, q).toBe("international");
    expect(readQuestion("how many stores at ye?", ROOM, first).scope).toBeUndefined();
    // "is there any debt?" points back to nothing
    expect(readQuestion("is there any debt?", ROOM, first).scope).toBeUndefined();
  });
});

describe("a figure's name around a part", () => {
  it("reads 'marketplace take rate', 'take rate in marketplace' and 'the take rate for the marketplace' as one figure's label", () => {
    for (const q of ["acme marketplace take rate 2018", "what was the take rate in marketplace for 2018?", "the take rate for the marketplace in 2018"]) {
      const r = readQuestion(q, ROOM);
      expect(r.label, q).toBe("marketplace take rate");
      expect(r.scope, q).toBeUndefined();
    }
    // a catalog figure keeps its part
    expect(readQuestion("marketplace revenue in 2018", ROOM)).toMatchObject({ scope: "marketplace" });
  });

  it("reads 'whats behind', 'hows', 'whos' as the question words they are", () => {
    expect(readQuestion("whats behind the jump in widget operating income in 2017", ROOM).reason).toBe(true);
    expect(readQuestion("what's behind the jump in widget operating income in 2017", ROOM).reason).toBe(true);
    expect(readQuestion("whats the revenue 2022", ROOM).concepts.map((c) => c.id)).toEqual(["revenue"]);
  });
});

describe("a part named among others", () => {
  it("is named in a list ('Domestic and International segments', 'Office 365, Azure, Dynamics'); alone it is not", () => {
    expect(namedAmongParts("international", "We had 1,138 stores at the end of fiscal 2022 throughout our Domestic and International segments.")).toBe(true);
    expect(namedAmongParts("azure", "Our commercial cloud revenue, which comprises Office 365 commercial, Azure, Dynamics Online and other, was $9.5 billion.")).toBe(true);
    expect(namedAmongParts("international", "International segment revenue was $3.5 billion in fiscal 2022.")).toBe(false);
    expect(namedAmongParts("greater china", "Greater China net sales increased 9% and were $74.2 billion.")).toBe(false);
  });

  it("a sentence stating the listed parts' total is no part's figure; the part's own table line is", () => {
    const revenue = conceptById("revenue")!;
    const listed = passage("Our total cloud revenue, which primarily comprises Widget 365, Azurite, Dynamo Online and other cloud properties, was $9.5 billion in fiscal 2022.");
    expect(writeStated({ company: "ACME INC.", passages: [listed] } as never, revenue, readQuestion("acme azurite revenue in $ for fy2022", ROOM))).toBeNull();
    const stores = conceptById("stores")!;
    const table = passage("Missouri 17 Total Domestic store count 978\n\nMontana 3 Square footage (in thousands) 37,388\n\nTotal International store count 160\n\nSquare footage (in thousands) 3,621");
    const domestic = writeStated({ company: "ACME INC.", passages: [table] } as never, stores, { ...readQuestion("how many stores in the domestic segment at the end of fy2022?", ROOM), scope: "domestic" });
    expect(domestic).toMatch(/"Total Domestic store count 978"/);
    expect(writeStated({ company: "ACME INC.", passages: [table] } as never, stores, { ...readQuestion("intl store count fy2022", ROOM), scope: "international" })).toMatch(/"Total International store count 160"/);
    // square footage is no store count
    expect(writeStated({ company: "ACME INC.", passages: [passage("Total Canada square footage 3,621")] } as never, stores, { ...readQuestion("canada store count fy2022", ROOM), scope: "canada" })).toBeNull();
  });
});

describe("a rate asked", () => {
  it("is never a part's row of money", () => {
    const margin = conceptById("operating_margin")!;
    const money: LineItemRow = { item: "x", match: "label", label: "Marketplace", source: "table", table: { title: "Net revenues by type", headings: [] }, scale: 1e6, currency: "USD", columns: [{ period: "FY2022", months: 12, value: 1_225e6, printed: "1,225" }], document: "ACME_2022_10K.pdf", page: 38, row: "Marketplace 1,225 3 % 1,192", citation: "(source: ACME_2022_10K.pdf, p.38)" };
    expect(pickScopedRow({ rows: [money], notFound: [], notes: [] }, margin, "marketplace", false, ["FY2022"])).toBeNull();
    expect(pickScopedRow({ rows: [{ ...money, table: { title: "Summary results", headings: ["Operating margin"] }, currency: undefined, scale: 1, unit: "%", columns: [{ period: "FY2022", months: 12, value: 8.25, printed: "8.25%" }] }], notFound: [], notes: [] }, margin, "marketplace", false, ["FY2022"])?.columns[0]?.value).toBe(8.25);
  });
});

describe("a figure asked in the question's own words", () => {
  const r = readQuestion("acme ffo per share guidance for 2016", ROOM);
  const done = [
    { toolName: "get_line_items", input: {}, output: { rows: [], notFound: ["x"], notes: [] } },
    { toolName: "search_documents", input: {}, output: { passages: [] } },
  ];
  it("is not answered by the planner's text naming none of its words", () => {
    expect(r.label).toBeTruthy();
    expect(labelAnswerOverride(r, done, 'Acme (CEO): "Acme Inc.’s Common Stock on the date of grant as quoted on the New York Stock Exchange." (source: ACME_2022_10K.pdf, p.170)')).toMatch(/^I couldn't find/);
    expect(labelAnswerOverride(r, done, "Acme's FFO per share guidance for 2016 is $6.20 to $6.40 (source: ACME_2015_10K.pdf, p.40)")).toBeNull();
  });
});

describe("a part named by its row and its table together", () => {
  it("'platform and other subscription revenue' is the 'Platform and Other' row of the subscription revenue table", () => {
    const revenue = conceptById("revenue")!;
    const at = (label: string, value: number): LineItemRow => ({ item: "x", match: "table", label, source: "table", table: { title: "Subscription and Support Revenue by Service Offering — subscription and support revenues consisted of the following (in millions):", headings: [] }, scale: 1e6, currency: "USD", columns: [{ period: "Q3 2023", months: 3, value: value * 1e6, printed: String(value) }], document: "ACME_2023Q3_10Q.pdf", page: 17, row: `${label} ${value}`, citation: "(source: ACME_2023Q3_10Q.pdf, p.17)" });
    const rows = [at("Sales", 1_843), at("Platform and Other", 1_513), at("Total", 7_233)];
    for (const q of ["platform and other subscription and support revenue q3 fy23", "acme platform & other subscription & support rev for q3 fy2023", "what was subscription and support revenue from platform and other in q3 2023?"]) {
      const r = readQuestion(q, ROOM);
      expect(pickScopedRow({ rows, notFound: [], notes: [] }, revenue, r.scope!, r.segment, ["Q3 2023"])?.columns[0]?.value, q).toBe(1_513e6);
    }
    // a row naming a word the question did not ask is another part
    expect(pickScopedRow({ rows: [at("Platform and Integration", 900)], notFound: [], notes: [] }, revenue, "platform subscription support", false, ["Q3 2023"])).toBeNull();
  });
});

describe("shorthand and segment measures", () => {
  it("reads 'hc' as headcount, 'still' as no part, and a segment's contribution profit as its own figure", () => {
    expect(readQuestion("acme hc at end of 2018?", ROOM).concepts.map((c) => c.id)).toEqual(["employees"]);
    expect(readQuestion("acme hardware revenue fy18, still shrinking?", ROOM).scope).toBe("hardware");
    for (const q of ["acme intl streaming contribution profit 2017", "what was the contribution profit of the international streaming segment in 2017"]) expect(readQuestion(q, ROOM).concepts.map((c) => c.id), q).toEqual(["contribution_profit"]);
  });
});

describe("a ratio the question defines", () => {
  it("divides by the figure named after 'divided by', and averages only a denominator said to be averaged", () => {
    const input = (q: string) => evidenceCalls(readQuestion(q, ROOM))?.[0]?.input as Record<string, unknown> | undefined;
    for (const q of ["How many times did Acme turn its inventory in fiscal 2021? Use fiscal 2021 cost of goods sold divided by the average of fiscal 2020 and 2021 inventory", "acme fy21 cogs divided by average inventory, 2dp", "acme fy2021 cost of goods sold / avg inventory"]) {
      expect(input(q), q).toMatchObject({ formula: "cost_of_revenue / average inventories", periods: ["FY2021"] });
      expect(input(q)?.aggregate, q).toBeUndefined();
    }
    // no average asked: the plain ratio, the figure after "divided by" below
    expect(input("acme fy21 cost of goods sold divided by inventory")).toMatchObject({ formula: "cost_of_revenue / inventories" });
    expect(input("acme 2021 net income divided by revenue")).toMatchObject({ formula: "net_income / revenue" });
  });
});

describe("a part's figure, not another part's", () => {
  const revenue = conceptById("revenue")!;
  const at = (label: string, title: string, headings: string[], value: number): LineItemRow => ({ item: "x", match: "label", label, source: "table", table: { title, headings }, scale: 1e6, currency: "USD", columns: [{ period: "FY2023", months: 12, value: value * 1e6, printed: String(value) }], document: "ACME_2023_10K.pdf", page: 112, row: `${label} ${value}`, citation: "(source: ACME_2023_10K.pdf, p.112)" });
  it("a row of another segment's breakdown ('Total freight revenue' under 'Acme Express segment') is not the Freight segment's", () => {
    const breakdown = at("Total freight revenue", "Revenue by service type", ["Acme Express segment", "Freight"], 7_642);
    const segment = at("Acme Freight Segment", "Segment totals", ["Revenue"], 9_632);
    for (const q of ["What was the Acme Freight segment's revenue in fiscal 2023?", "acme freight revenue fy23 $m", "how much revenue did freight bring in during fy2023"]) {
      const r = readQuestion(q, ROOM);
      expect(pickScopedRow({ company: "ACME INC.", rows: [breakdown, segment], notFound: [], notes: [] }, revenue, r.scope!, r.segment, ["FY2023"])?.columns[0]?.value, q).toBe(9_632e6);
      // alone, the other segment's row answers nothing
      expect(pickScopedRow({ company: "ACME INC.", rows: [breakdown], notFound: [], notes: [] }, revenue, r.scope!, r.segment, ["FY2023"]), q).toBeNull();
    }
  });

  it("a sentence naming the part and the qualifier in two clauses is not the part's count", () => {
    const employees = conceptById("employees")!;
    const spread = passage("As of May 31, 2023, Acme employed approximately 328,000 permanent full-time and approximately 201,000 permanent part-time employees, and Acme Ground utilized nearly 7,000 contracted service providers.", 9);
    const r = { ...readQuestion("how many permanent part-time employees did acme ground have at may 31, 2023?", ROOM), scope: "permanent part time ground" };
    expect(writeStated({ company: "ACME INC.", passages: [spread] } as never, employees, r)).toBeNull();
  });
});

describe("a quoted answer that does not give what was asked", () => {
  const done = [
    { toolName: "get_line_items", input: {}, output: { rows: [], notFound: ["x"], notes: [] } },
    { toolName: "search_documents", input: {}, output: { passages: [] } },
  ];
  it("a figure in the question's own words needs a quote naming it with a number of the year asked", () => {
    const r = readQuestion("acme take rate 2q23", ROOM);
    expect(labelAnswerOverride(r, done, 'ACME_2023Q2_10Q.pdf states: "Net revenues increased due to a higher take rate during the period." (source: ACME_2023Q2_10Q.pdf, p.48)')).toMatch(/^I couldn't find/);
    expect(labelAnswerOverride(r, done, 'ACME_2023Q2_10Q.pdf states: "Take rate was 13.95% in the second quarter of 2023." (source: ACME_2023Q2_10Q.pdf, p.48)')).toBeNull();
    const gain = readQuestion("acme gain on the widget split-off 2022", ROOM);
    // the digit of a name ("3M's", "VC-25B") is no value; another year's charge is no 2022 charge
    expect(labelAnswerOverride(gain, done, 'ACME_2022_10K.pdf states: "In 2022, Acme 3M\'s unit recorded a gain related to the widget split-off." (source: ACME_2022_10K.pdf, p.23)')).toMatch(/^I couldn't find/);
    expect(labelAnswerOverride(gain, done, 'ACME_2022_10K.pdf states: "Acme recorded a widget split-off gain of $2.7 billion in 2021." (source: ACME_2022_10K.pdf, p.23)')).toMatch(/^I couldn't find/);
    expect(labelAnswerOverride(gain, done, 'ACME_2022_10K.pdf states: "In 2022 Acme recorded a gain of $2.7 billion on the widget split-off." (source: ACME_2022_10K.pdf, p.23)')).toBeNull();
  });

  it("'by when' needs a quote dating the thing, not one mentioning a year", () => {
    for (const q of ["acme pfas exit, by when", "when will acme stop making pfas?", "what's the deadline for the acme pfas exit"]) {
      const r = readQuestion(q, ROOM);
      expect(quoteAnswerOverride(r, 'ACME_2022_10K.pdf states: "Margins decreased due to PFAS exit costs resulting in a 2022 fourth quarter charge of $0.8 billion." (source: ACME_2022_10K.pdf, p.31)', []), q).toMatch(/states no date/);
      expect(quoteAnswerOverride(r, 'ACME_2022_10K.pdf states: "Acme will exit all PFAS manufacturing by the end of 2025." (source: ACME_2022_10K.pdf, p.11)', []), q).toBeNull();
    }
  });

  it("a place the part names must be named: 'digital sales in our top six markets' is no US figure", () => {
    const r = readQuestion("acme us digital sales in q1 2023?", ROOM);
    expect(qualifierAnswerOverride(r, done, 'ACME_2023Q1.pdf states: "Digital sales in our top six markets were nearly $7.5 billion for the quarter." (source: ACME_2023Q1.pdf, p.1)')).toMatch(/^I couldn't find/);
    expect(qualifierAnswerOverride(r, done, 'ACME_2023Q1.pdf states: "Digital sales in the U.S. were $2.5 billion for the quarter." (source: ACME_2023Q1.pdf, p.1)')).toBeNull();
  });

  it("'ex', 'excluding' narrow the figure: the plain line is no answer", () => {
    for (const q of ["acme q1 23 eps ex the restructuring charges", "acme diluted eps excluding restructuring q1 2023"]) expect(qualifiersOf(readQuestion(q, ROOM)).join(" "), q).toMatch(/restructuring/);
  });
});

describe("a company's name cut short", () => {
  it("names the company alone, but not beside its full name ('the app store' … 'apple')", () => {
    const room = [{ name: "Applewood Inc", tickers: ["APWD"] }];
    expect(readQuestion("appl revenue fy17", room as never)).toMatchObject({ company: "Applewood Inc" });
    const r = readQuestion("how much revenue did the app store bring applewood in fy17", room as never);
    expect(r.company).toBe("Applewood Inc");
    expect(r.scope).toBe("app");
  });
});
