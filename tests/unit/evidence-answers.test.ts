/**
 * The offline model's evidence writers decide what fits: a sentence that states the figure (not a
 * table run together, not a digit of a name), a part's row (not the company total, not a table
 * naming two figures), and say so when nothing does.
 */
import { describe, expect, it } from "vitest";
import { conceptById } from "@/lib/agent/concepts/catalog";
import type { LineItemRow } from "@/lib/agent/evidence/line-items";
import { recencyOf, type Passage } from "@/lib/agent/evidence/passages";
import { statedSentence, writeNotFound, writeScopedRows } from "@/lib/agent/offline/evidence-answers";
import { evidenceAnswer, partAnswerOverride, quoteAnswerOverride } from "@/lib/agent/offline/evidence-path";
import { readQuestion } from "@/lib/agent/reader/read";

const passage = (text: string, document = "ACME_2022_10K.pdf", page = 6): Passage => ({ document, page, charStart: 0, charEnd: text.length, text, citation: `(source: ${document}, p.${page})` });
const row = (label: string, title: string, value: number, headings: string[] = []): LineItemRow => ({
  item: "x", match: "label", label, source: "table", table: { title, headings }, scale: 1e6, currency: "USD",
  columns: [{ period: "FY2022", months: 12, value: value * 1e6, printed: String(value) }], document: "ACME_2022_10K.pdf", page: 40, row: `${label} ${value}`, citation: "(source: ACME_2022_10K.pdf, p.40)",
});

describe("evidence writers", () => {
  const employees = conceptById("employees")!;
  const backlog = conceptById("backlog")!;
  const revenue = conceptById("revenue")!;

  it("takes the first sentence that states a headcount, without the running header", () => {
    const old = passage("At December 31, 2021, the Company employed 88,000 people.", "ACME_2021_10K.pdf");
    const now = passage("Table of Contents Human Capital On December 31, 2022, the Company employed approximately 92,000 people (full-time equivalents).");
    expect(statedSentence([now, old], employees, [])?.text).toBe("Human Capital On December 31, 2022, the Company employed approximately 92,000 people (full-time equivalents).");
  });

  it("orders documents in time: a year's quarters before its annual report, a later year after both", () => {
    const order = [{ fiscalYear: 2023, fiscalPeriod: "FY" }, { fiscalYear: 2024, fiscalPeriod: "Q1" }, { fiscalYear: 2024, fiscalPeriod: "Q3" }, { fiscalYear: 2024, fiscalPeriod: "FY" }].map(recencyOf);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(recencyOf({ fiscalYear: null, fiscalPeriod: null })).toBe(0);
  });

  it("does not read a digit of a name, nor a table run together, as a stated figure", () => {
    expect(statedSentence([passage("The ability to develop the global workforce of 3M is an enabler of success.")], employees, [])).toBeNull();
    const table = "Backlog 2022 2021 Aeronautics $ 56,551 $ 56,154 Missiles 28,076 28,042 Space 26,315 24,932 Total backlog $ 150,000 $ 135,355 was";
    expect(statedSentence([passage(table)], backlog, [2022])).toBeNull();
    expect(statedSentence([passage("Our total backlog was $150.0 billion at December 31, 2022.")], backlog, [2022])?.text).toMatch(/150\.0 billion/);
  });

  it("reads a part's figure only from a row naming the part under a table of that figure alone", () => {
    const rows = [row("Americas", "Net sales and operating income by segment", 169_658), row("Total Americas Segment", "Net sales by reportable segment", 169_658), row("Other Americas", "Net sales by reportable segment", 1_200)];
    expect(writeScopedRows({ rows, notFound: [], notes: [] }, revenue, "Americas")).toMatch(/Total Americas Segment.*USD 169,658 million/);
    const split = [row("Americas", "Net sales and operating income by segment", 169_658), row("Americas", "Net sales and operating income by segment", 62_683)];
    expect(writeScopedRows({ rows: split, notFound: [], notes: [] }, revenue, "Americas")).toBeNull();
  });

  it("says what it searched and that the company total is not the part's figure", () => {
    const r = readQuestion("iphone unit sales 2022", ["ACME INC."]);
    const text = writeNotFound(revenue, r, [row("Net sales", "Consolidated Statements of Operations", 394_328)], [], "ACME INC.");
    expect(text).toMatch(/^I couldn't find a stated iphone unit/);
    expect(text).toMatch(/company's total is not that figure/);
  });
});

describe("a named part's figure answered by the rules planner", () => {
  const ROOM = ["ACME INC."];
  const made = [
    { toolName: "get_line_items", input: { items: ["Widgetly revenue"] }, output: { rows: [], notFound: ["Widgetly revenue"], notes: [] } },
    { toolName: "search_documents", input: { query: "Widgetly revenue" }, output: { passages: [], notes: [] } },
  ];
  const kb = (tableValues: unknown[]) => ({ toolName: "query_knowledge_base", input: {}, output: { tableValues } });

  it("stands only when a part-table row gave it; a total or a passage is replaced by what was searched", () => {
    const r = readQuestion("What was Widgetly revenue in 2022?", ROOM);
    expect(r).toMatchObject({ scope: "Widgetly", namedPart: true });
    expect(partAnswerOverride(r, [...made, kb([])])).toMatch(/^I couldn't find a stated Widgetly revenue/);
    expect(partAnswerOverride(r, [...made, kb([{ label: "Widgetly", value: "12" }])])).toBeNull();
  });

  it("leaves plain qualifiers alone ('shares', 'customers' name no part)", () => {
    const r = readQuestion("how many shares did acme repurchase in 2022?", ROOM);
    expect(r.namedPart).not.toBe(true);
    expect(partAnswerOverride(r, [...made, kb([])])).toBeNull();
  });
});

describe("a quoted sentence for a figure asked", () => {
  const ROOM = ["ACME INC."];
  const quote = (sentence: string) => `ACME_2015_10K.pdf states: "${sentence}" (source: ACME_2015_10K.pdf, p.40) (Quoted from ACME_2015_10K.pdf; no extracted finding covers this yet.)`;

  it("stands when it names the figure, the part asked and a value", () => {
    const r = readQuestion("acme new york net operating income 2015", ROOM);
    expect(quoteAnswerOverride(r, quote("Net operating income for New York increased to $653.1 million in 2015."), [])).toBeNull();
  });

  it("is replaced by what was searched when it shares words but not the figure, in three wordings", () => {
    for (const q of ["acme new york net operating income 2015", "Acme: New York NOI for 2015?", "what did acme's new york properties bring in as net operating income in 2015"]) {
      const r = readQuestion(q, ROOM);
      const text = quoteAnswerOverride(r, quote("Termination income in New York for 2015 totaled approximately $3.2 million."), []);
      expect(text, q).toMatch(/^I couldn't find a stated/);
      expect(text, q).toMatch(/Closest evidence .*\n- passage on ACME_2015_10K\.pdf, p\.40: "Termination income/);
    }
  });

  it("is replaced when it states no value", () => {
    const r = readQuestion("acme net operating income 2015", ROOM);
    expect(quoteAnswerOverride(r, quote("We seek to maximize net operating income from our existing properties."), [])).toMatch(/^I couldn't find/);
  });
});

describe("a stated level, not a change", () => {
  const marketing = conceptById("sales_marketing")!;
  it("takes the sentence stating the expense, not the one stating its increase", () => {
    const change = passage("For fiscal 2023, the increase in marketing and sales expenses was primarily due to an increase of $1.3 billion in employee-related costs.");
    const level = passage("Marketing and sales expenses were $13.3 billion in fiscal 2023.");
    expect(statedSentence([change, level], marketing, [2023], undefined, true)?.text).toMatch(/were \$13\.3 billion/);
    expect(statedSentence([change], marketing, [2023], undefined, true)).toBeNull();
  });

  it("shows a rate row with its percent sign", () => {
    const comps = conceptById("comparable_sales")!;
    const r = { ...row("International Operated Markets", "Comparable sales increases/(decreases)", -15), scale: 1, currency: undefined };
    r.columns = [{ period: "FY2020", months: 12, value: -15, printed: "(15.0)" }];
    expect(writeScopedRows({ rows: [r], notFound: [], notes: [] }, comps, "International Operated Markets")).toMatch(/\*\*\(15\.0\)%\*\*/);
  });
});

describe("a headcount sentence", () => {
  const employees = conceptById("employees")!;
  it("states the stock beside its noun, not a grant, a hiring or a plan's terms", () => {
    const stock = passage("On December 31, 2022, the Company employed approximately 92,000 people (full-time equivalents).");
    const dated = passage("The number of employees at 30 September 2024 was 155 (138).");
    expect(statedSentence([dated], employees, [], undefined, true)?.text).toMatch(/was 155/);
    const grant = passage("In December 2020, we granted to our employees (excluding executives and certain union-represented employees), a one-time grant of 5,163,425 RSUs.");
    const hired = passage("Additionally, we hired approximately 23,000 new employees in 2022 for critical skills.");
    expect(statedSentence([grant, hired, stock], employees, [], undefined, true)?.text).toMatch(/92,000 people/);
    expect(statedSentence([grant, hired], employees, [], undefined, true)).toBeNull();
  });

  it("at a day asked, takes the sentence of that day and never one of another day", () => {
    const june = passage("The number of employees at 30 June 2024 was 147 (133).", "Q2_Report.pdf", 1);
    const september = passage("The number of employees at 30 September 2024 was 155 (138).", "Q3_Report.pdf", 1);
    expect(statedSentence([september, june], employees, [2024], undefined, true, "2024-6-30")?.text).toMatch(/was 147/);
    expect(statedSentence([september], employees, [2024], undefined, true, "2024-6-30")).toBeNull();
    const us = passage("As of June 30, 2024, we employed approximately 2,100 people.");
    expect(statedSentence([september, us], employees, [2024], undefined, true, "2024-6-30")?.text).toMatch(/2,100 people/);
  });
});

describe("a part's growth asked", () => {
  const ROOM = ["Nordic Widgets AB"];
  const rows = { toolName: "get_line_items", input: { items: ["services revenue"] }, output: { company: "Nordic Widgets AB", rows: [{ ...row("Services revenue", "Revenue by quarter", 4.3), columns: [{ period: "Q3 2024", months: 3, value: 4_300_000, printed: "4.3" }] }], notFound: [], notes: [] } };
  const grew = passage("Services revenue grew 16% year on year to EUR 4.3 million.", "Q3_Report.pdf", 4);
  const search = { toolName: "search_documents", input: { query: "services revenue" }, output: { company: "Nordic Widgets AB", passages: [{ ...grew, period: "Q3 2024" }], notes: [] } };

  it("is not answered by the part's level, but by the sentence of the quarter's report stating its growth", () => {
    const r = readQuestion("How much did the services revenue grow year on year in Q3 2024?", ROOM);
    expect(evidenceAnswer(r, [rows])).toBeNull();
    expect(evidenceAnswer(r, [rows, search])).toMatch(/grew 16% year on year/);
    // the level asked is still the row's
    expect(evidenceAnswer(readQuestion("What was the services revenue in Q3 2024?", ROOM), [rows])).toMatch(/4,300|4\.3/);
  });
});
