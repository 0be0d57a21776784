/**
 * Agent Mode's gate on what a figure is of: the company's headcount never answers an engagement
 * score or an attrition rate (the words the concept does not account for must be named where the
 * figure comes from), and a row of the segments' sum ("Segment operating profit") never answers a
 * company-level item, whatever qualifier the item was read with.
 */
import { describe, expect, it } from "vitest";
import { readItems } from "@/lib/agent/reader/items";
import { checkItem } from "@/lib/agent/mode/item-gate";
import type { LegResult } from "@/lib/agent/mode/item-legs";

const cite = (page: number) => `(source: Annual_Report.pdf, p.${page})`;
const source = (page: number, excerpt: string) => ({ id: `d:${page}`, documentId: "d", document: "Annual_Report.pdf", page, excerpt, citation: cite(page), url: `/deals/x/documents/d?page=${page}` });
const passages = (...texts: Array<[number, string]>) => ({
  toolName: "search_documents",
  input: { query: "employees" },
  output: { passages: texts.map(([page, text]) => ({ document: "Annual_Report.pdf", page, text, citation: cite(page), charStart: 0, charEnd: text.length })), notes: [] },
});
const leg = (text: string, toolCalls: LegResult["toolCalls"], page = 9): LegResult => ({ item: 1, question: "q", text, sources: [source(page, text)], toolCalls, ms: 1, batch: 1 });

const HEADCOUNT = "As of December 31, 2018, the Company had approximately 132,000 full-time equivalent employees.";
const headcountAnswer = `ACME CORP: Employees — the filing states: "${HEADCOUNT}" (source: Annual_Report.pdf, p.9)`;

describe("the gate on the measure an item asks", () => {
  it("says a measure is not in the data room when only the headcount was found, on several wordings", () => {
    for (const ask of ["What's the employee attrition rate?", "Employee engagement score for 2018", "What was their staff engagement score in 2018?"]) {
      const item = readItems(ask, []).items[0]!;
      const c = checkItem(item, [leg(headcountAnswer, [passages([9, HEADCOUNT])])]);
      expect(c.status, ask).toBe("not_covered");
    }
  });

  it("says so too when the turn quoted the headcount without a figure the gate reads", () => {
    const sentence = "Employees Total workforce level at December 31, 2018 was approximately 153,000 .";
    const quoted = `ACME CORP: Employees — the filing states: "${sentence}" (source: Annual_Report.pdf, p.9)`;
    for (const ask of ["Employee engagement score for 2018", "What's the employee attrition rate?"]) {
      const item = readItems(ask, []).items[0]!;
      expect(checkItem(item, [leg(quoted, [passages([9, sentence])])]).status, ask).toBe("not_covered");
    }
  });

  it("reads a headcount stated as a workforce level, and no figure linked to another word", () => {
    const sentence = "Employees Total workforce level at December 31, 2018 was approximately 153,000 .";
    const quoted = `ACME CORP: Employees — the filing states: "${sentence}" (source: Annual_Report.pdf, p.9)`;
    for (const ask of ["Total workforce at the end of 2018", "Headcount for 2018", "How many employees did they have at year-end 2018?"]) {
      const item = readItems(ask, []).items[0]!;
      const c = checkItem(item, [leg(quoted, [passages([9, sentence])])]);
      expect(c.status, ask).toBe("answered");
      expect(c.legs[0], ask).toMatchObject({ figure: { value: 153_000 } });
    }
    const growth = "Revenue growth was 7% in 2018.";
    const sales = readItems("Revenue for 2018", []).items[0]!;
    expect(checkItem(sales, [leg(`ACME CORP: Revenue — the filing states: "${growth}" (source: Annual_Report.pdf, p.9)`, [passages([9, growth])])]).status).not.toBe("answered");
  });

  it("still answers the headcount asked as such", () => {
    for (const ask of ["Headcount at year end 2018", "How many employees did they have in 2018?", "Employee count for 2018"]) {
      const item = readItems(ask, []).items[0]!;
      expect(checkItem(item, [leg(headcountAnswer, [passages([9, HEADCOUNT])])]).status, ask).toBe("answered");
    }
  });

  it("reads where a figure is stated as no part of the measure asked", () => {
    const row = "Purchases of property, plant and equipment (PP&E) (1,577) (1,373) (1,420)";
    const compute = { toolName: "compute_metric", input: { metric: "capital_expenditure", periods: ["FY2018"] }, output: { status: "answered", metric: { id: "capital_expenditure", name: "Capital expenditure", unit: "amount" }, formula: "Capital expenditure = the Capital expenditure line as reported", value: 1_577e6, formatted: "USD 1,577 million", periods: ["FY2018"], series: [{ period: "FY2018", value: 1_577e6, formatted: "USD 1,577 million" }], inputs: [{ item: "capital_expenditure", label: "Purchases of property, plant and equipment (PP&E)", period: "FY2018", periodEnd: "2018-12-31", value: 1_577e6, scale: 1e6, currency: "USD", document: "Annual_Report.pdf", page: 60, row, citation: "(source: Annual_Report.pdf, p.60)" }], missing: [], notes: [] } };
    for (const ask of ["Capital expenditure in the cash flow statement for 2018", "capex as reported in the cash flow statement for fiscal 2018"]) {
      const item = readItems(ask, []).items[0]!;
      expect(checkItem(item, [leg(`ACME CORP: Capital expenditure for fiscal 2018 was **USD 1,577 million** (source: Annual_Report.pdf, p.60)`, [compute], 60)]).status, ask).toBe("answered");
    }
  });

  it("fails the run, not the data room, when a tool result names the measure but the answer gives the headcount", () => {
    const item = readItems("Employee engagement score for 2018", []).items[0]!;
    const found = passages([9, HEADCOUNT], [30, "Our employee engagement score was 78 in the 2018 survey, up from 74."]);
    expect(checkItem(item, [leg(headcountAnswer, [found])])).toMatchObject({ status: "failed", reason: expect.stringContaining("engagement") });
  });
});

describe("the gate on a segments' sum", () => {
  const segmentRow = (label: string, value: number, printed: string) => ({
    toolName: "get_line_items",
    input: { items: ["operating income"] },
    output: {
      rows: [{ item: "operating income", match: "label", label, source: "table", table: { title: "Notes to the Consolidated Financial Statements — Summary of Business Segment Data", headings: ["Earnings from operations"] }, section: "Earnings from operations", scale: 1e6, currency: "USD", columns: [{ period: "FY2018", periodEnd: "2018-12-31", months: 12, printed, value }], document: "Annual_Report.pdf", page: 56, row: `${label} ${printed}`, citation: cite(56) }],
      notFound: [],
      notes: [],
    },
  });

  it("never answers a company item with a row of the segments' sum, however the item was read", () => {
    for (const ask of ["Earnings from operations for 2018", "Operating income for 2018", "Operating profit in fiscal 2018"]) {
      const item = readItems(ask, []).items[0]!;
      const text = `ACME CORP: Segment operating profit, fiscal 2018: **USD 12,074 million** ${cite(56)}`;
      expect(checkItem(item, [leg(text, [segmentRow("Segment operating profit", 12_074e6, "12,074")], 56)]), ask).toMatchObject({ status: "failed", reason: expect.stringContaining("part's row") });
    }
  });

  it("answers the segments' sum when the segments are asked", () => {
    const item = readItems("Segment operating profit for 2018", []).items[0]!;
    const text = `ACME CORP: Segment operating profit, fiscal 2018: **USD 12,074 million** ${cite(56)}`;
    expect(checkItem(item, [leg(text, [segmentRow("Segment operating profit", 12_074e6, "12,074")], 56)]).status).toBe("answered");
  });
});

describe("the gate on an item about the company's segments", () => {
  it("fails the run, never the data room, when a turn answered about the segments with the company's total or nothing", () => {
    const total = "FY2018 revenue was USD 101.13 billion (source: Annual_Report.pdf, p.50).";
    const kb = { toolName: "query_knowledge_base", input: { query: "q" }, output: { answer: { value: "USD 101.13 billion" } } };
    for (const ask of ["The segment with the most revenue in 2018", "Which segment had the largest revenue in 2018?", "What are the company's business segments?"]) {
      const item = readItems(ask, []).items[0]!;
      expect(checkItem(item, [leg(total, [kb], 50)]).status, ask).toBe("failed");
      expect(checkItem(item, [leg("I couldn't find information on segments in the uploaded documents.", [kb], 50)]).status, ask).toBe("failed");
    }
  });

  it("still discloses a measure the room does not state", () => {
    const item = readItems("What's their customer churn rate?", []).items[0]!;
    const kb = { toolName: "query_knowledge_base", input: { query: "q" }, output: {} };
    expect(checkItem(item, [leg("I couldn't find information on customer churn rate in the uploaded documents.", [kb])]).status).toBe("not_covered");
  });
});
