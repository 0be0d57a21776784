/**
 * Agent Mode's gate: an item is answered only by a value its own turn's tools returned for that
 * concept and period; a segment's row never answers the company; nothing found is "not in the data
 * room", found-but-unstated or a spent budget is the run's failure; a comparison's change is computed.
 */
import { describe, expect, it } from "vitest";
import { readItems } from "@/lib/agent/reader/items";
import { checkItem } from "@/lib/agent/mode/item-gate";
import { writeItemsAnswer } from "@/lib/agent/mode/item-answer";
import type { LegResult } from "@/lib/agent/mode/item-legs";

const source = (page: number, excerpt: string) => ({ id: `d:${page}`, documentId: "d", document: "Annual_Report.pdf", page, excerpt, citation: `(source: Annual_Report.pdf, p.${page})`, url: `/deals/x/documents/d?page=${page}` });
const compute = (value: number, period: string, formatted: string) => ({
  toolName: "compute_metric",
  input: { metric: "revenue", periods: [period] },
  output: { status: "answered", metric: { id: "revenue", name: "Revenue", unit: "amount" }, value, formatted, periods: [period], series: [{ period, value, formatted }], inputs: [{ item: "revenue", label: "Net sales", period, periodEnd: `${period.slice(2)}-12-31`, value, scale: 1e6, currency: "USD", document: "Annual_Report.pdf", page: 48, row: `Net sales ${formatted}`, citation: "(source: Annual_Report.pdf, p.48)" }], missing: [], notes: [] },
});
const leg = (item: number, text: string, toolCalls: LegResult["toolCalls"], sources = [source(48, "Net sales $ 34,229 $ 35,355")]): LegResult => ({ item, question: "q", text, sources, toolCalls, ms: 1, batch: 1 });

describe("the item gate", () => {
  const [sales2022, sales2021] = readItems("Net sales for 2022 and 2021", []).items as [ReturnType<typeof readItems>["items"][number], ReturnType<typeof readItems>["items"][number]];

  it("answers a figure with the value a tool returned for the concept and period", () => {
    const c = checkItem(sales2022, [leg(1, "Revenue for fiscal 2022 was **USD 34,229 million** (source: Annual_Report.pdf, p.48)", [compute(34_229e6, "FY2022", "USD 34,229 million")])]);
    expect(c.status).toBe("answered");
  });

  it("refuses a figure no tool returned, and a value of another period", () => {
    expect(checkItem(sales2022, [leg(1, "Revenue was **USD 11,532 million** (source: Annual_Report.pdf, p.48)", [compute(34_229e6, "FY2022", "USD 34,229 million")])]).status).toBe("failed");
    const other = checkItem(sales2022, [leg(1, "Revenue was **USD 35,355 million** (source: Annual_Report.pdf, p.48)", [compute(35_355e6, "FY2021", "USD 35,355 million")])]);
    expect(other).toMatchObject({ status: "failed", reason: expect.stringContaining("FY2021") });
  });

  it("refuses a figure whose answer says it is another year's, or another day's than the day asked", () => {
    const margin = readItems("EBITDA margin for Q3 2024", []).items[0]!;
    const kb = { toolName: "query_knowledge_base", input: { query: "q" }, output: { tables: [{ label: "EBITDA margin", asWritten: "23%" }] } };
    expect(checkItem(margin, [leg(1, "Ebitda margin at FY2025F: 23% (source: forecast_v2.xlsx, 'P&L Forecast'!D14).", [kb])])).toMatchObject({ status: "failed", reason: expect.stringContaining("2025") });
    expect(checkItem(margin, [leg(1, "Ebitda margin at Q3 2024: 23% (source: Q3_2024_Report.pdf, p.3).", [kb])]).status).toBe("answered");
    const staff = readItems("Headcount at 30 June 2024", []).items[0]!;
    const facts = { toolName: "get_company_facts", input: { facts: ["employees"] }, output: { facts: [{ value: "155" }] } };
    expect(checkItem(staff, [leg(1, "The number of employees at 30 September 2024 was **155** (source: Q3_2024_Report.pdf, p.1)", [facts])]).status).toBe("failed");
    expect(checkItem(staff, [leg(1, "The number of employees at 30 June 2024 was **155** (source: Q2_2024_Report.pdf, p.1)", [facts])]).status).toBe("answered");
    // the answer names the item before it quotes the sentence that states it
    const q2 = { toolName: "search_documents", input: { query: "number of employees 30 June 2024" }, output: { passages: [{ document: "Q2_2024_Report.pdf", page: 1, text: "The number of employees at 30 June 2024 was 147 (133).", citation: "(source: Q2_2024_Report.pdf, p.1)", charStart: 0, charEnd: 10 }], notes: [] } };
    expect(checkItem(staff, [leg(1, 'Nordic AB: Employees (fiscal 2024) — the filing states: "The number of employees at 30 June 2024 was 147 (133)." (source: Q2_2024_Report.pdf, p.1)', [q2])]).status).toBe("answered");
  });

  it("reads a headcount from the quoted sentence, not from the cited file's name", () => {
    const staff = readItems("Headcount for 2018", []).items[0]!;
    const sentence = "At December 31, 2018, the Company and its subsidiary had approximately 24,000 regular employees, approximately 13 of which were employees of the Company.";
    const found = { toolName: "search_documents", input: { query: "employees" }, output: { passages: [{ document: "ACME_2018_10K.pdf", page: 8, text: sentence, citation: "(source: ACME_2018_10K.pdf, p.8)", charStart: 0, charEnd: 10 }], notes: [] } };
    const c = checkItem(staff, [leg(1, `ACME CORP: Employees — the filing states: "${sentence}" (source: ACME_2018_10K.pdf, p.8)`, [found], [source(8, sentence)])]);
    expect(c.status).toBe("answered");
    expect(c.legs[0]).toMatchObject({ figure: { value: 24_000 } });
  });

  it("takes a margin rounded to the digits the answer writes, and refuses one the rounding does not reach", () => {
    const margin = readItems("Operating margin for 2023", []).items[0]!;
    const m = { toolName: "compute_metric", input: { metric: "operating_margin", periods: ["FY2023"] }, output: { status: "answered", metric: { id: "operating_margin", name: "Operating margin", unit: "percent" }, value: 0.05448, formatted: "5.4%", periods: ["FY2023"], series: [{ period: "FY2023", value: 0.05448, formatted: "5.4%" }], inputs: [], missing: [], notes: [] } };
    expect(checkItem(margin, [leg(1, "Operating margin for fiscal 2023 was **5.4%** (source: Annual_Report.pdf, p.48)", [m])]).status).toBe("answered");
    expect(checkItem(margin, [leg(1, "Operating margin for fiscal 2023 was **5.6%** (source: Annual_Report.pdf, p.48)", [m])]).status).toBe("failed");
  });

  it("refuses a growth answered by the figure's level, and takes one stated as a rate", () => {
    const growth = readItems("What was subscription revenue in Q3 2024 and how fast did it grow year over year?", []).items[1]!;
    const rows = { toolName: "get_line_items", input: { items: ["subscription revenue"] }, output: { rows: [] } };
    const level = leg(2, "Subscription revenue, Q3 2024: **EUR 4,300 thousand** (source: Q3_2024_Report.pdf, p.4)", [rows], [source(4, "Subscription revenue 4,300")]);
    expect(checkItem(growth, [level])).toMatchObject({ status: "failed", reason: expect.stringContaining("not its growth") });
    const rate = leg(2, "Q3_2024_Report.pdf states: \"Subscription revenue grew 16% year on year to EUR 4.3 million.\" (source: Q3_2024_Report.pdf, p.2)", [rows], [source(2, "Subscription revenue grew 16% year on year")]);
    expect(checkItem(growth, [rate]).status).toBe("answered");
  });

  it("never takes a segment's row for the company's figure", () => {
    const row = { item: "revenue", match: "table", label: "Space", source: "table", table: { title: "Net sales by business segment", headings: ["Business segments"] }, scale: 1e6, currency: "USD", columns: [{ period: "FY2022", months: 12, value: 11_532e6 }], document: "Annual_Report.pdf", page: 40, row: "Space 11,532", citation: "(source: Annual_Report.pdf, p.40)" };
    const c = checkItem(sales2022, [leg(1, "Net sales, fiscal 2022: **USD 11,532 million** (source: Annual_Report.pdf, p.40)", [{ toolName: "get_line_items", input: { items: ["revenue"] }, output: { rows: [row], notFound: [], notes: [] } }])]);
    expect(c).toMatchObject({ status: "failed", reason: expect.stringContaining("part's row") });
  });

  it("never takes the company's total for a kind of the figure asked: a row that names the kind answers it", () => {
    const subscription = readItems("Subscription revenue for 2022", []).items[0]!;
    expect(subscription.reading.scope).toBeTruthy();
    const total = { item: "revenue", match: "label", label: "Total revenues", source: "statement", statement: "STATEMENTS OF OPERATIONS", scale: 1e6, currency: "USD", columns: [{ period: "FY2022", months: 12, value: 34_229e6 }], document: "Annual_Report.pdf", page: 48, row: "Total revenues 34,229", citation: "(source: Annual_Report.pdf, p.48)" };
    const part = { ...total, label: "Subscription revenue", source: "table", table: { title: "Revenue by type", headings: [] }, columns: [{ period: "FY2022", months: 12, value: 20_100e6 }], row: "Subscription revenue 20,100" };
    const rows = (r: object[]) => [{ toolName: "get_line_items", input: { items: ["subscription revenue"] }, output: { rows: r, notFound: [], notes: [] } }];
    // only the total found: the room does not state the kind asked
    expect(checkItem(subscription, [leg(1, "Revenue for fiscal 2022 was **USD 34,229 million** (source: Annual_Report.pdf, p.48)", rows([total]))]).status).toBe("not_covered");
    // the kind's row was there: answering the total is the run's failure
    expect(checkItem(subscription, [leg(1, "Revenue for fiscal 2022 was **USD 34,229 million** (source: Annual_Report.pdf, p.48)", rows([total, part]))])).toMatchObject({ status: "failed", reason: expect.stringMatching(/subscription/i) });
    expect(checkItem(subscription, [leg(1, "Subscription revenue for fiscal 2022 was **USD 20,100 million** (source: Annual_Report.pdf, p.48)", rows([total, part]))]).status).toBe("answered");
    // a rate named after an amount, answered with the amount's total: not in the room
    const retention = readItems("What is the net revenue retention rate for 2022?", []).items[0]!;
    expect(retention.kind).toBe("other");
    const metric = { ...compute(34_229e6, "FY2022", "USD 34,229 million"), output: { ...compute(34_229e6, "FY2022", "USD 34,229 million").output, formula: "Revenue = the Revenue line as reported" } };
    expect(checkItem(retention, [leg(1, "Revenue for FY2022: **USD 34,229 million** (source: Annual_Report.pdf, p.48)", [metric])]).status).toBe("not_covered");
  });

  it("discloses an item nothing was found on, but fails one whose evidence the tools returned unstated", () => {
    const none = checkItem(sales2022, [leg(1, "I couldn't find net sales for fiscal 2022 in the documents.", [{ toolName: "search_documents", input: { query: "net sales 2022" }, output: { passages: [], notes: [] } }])]);
    expect(none.status).toBe("not_covered");
    const seen = checkItem(sales2022, [leg(1, "I couldn't find net sales for fiscal 2022 in the documents.", [{ toolName: "search_documents", input: { query: "net sales 2022" }, output: { passages: [{ document: "Annual_Report.pdf", page: 20, text: "Net sales were $34,229 million in 2022.", citation: "(source: Annual_Report.pdf, p.20)", charStart: 0, charEnd: 10 }], notes: [] } }])]);
    expect(seen.status).toBe("failed");
    const skipped = checkItem(sales2022, [{ ...leg(1, "", []), skipped: true }]);
    expect(skipped).toMatchObject({ status: "failed", reason: expect.stringContaining("budget") });
  });

  it("states a comparison's two sides and the change it computes, and a badge of what was checked", () => {
    const cmp = readItems("Net sales 2022 versus 2021", []).items[0]!;
    expect(cmp.kind).toBe("comparison");
    const c = checkItem(cmp, [
      leg(1, "Revenue for fiscal 2022 was **USD 34,229 million** (source: Annual_Report.pdf, p.48)", [compute(34_229e6, "FY2022", "USD 34,229 million")]),
      leg(1, "Revenue for fiscal 2021 was **USD 35,355 million** (source: Annual_Report.pdf, p.48)", [compute(35_355e6, "FY2021", "USD 35,355 million")]),
    ]);
    expect(c.status).toBe("answered");
    expect(c.change!.value).toBeCloseTo(-1_126e6);
    const absent = checkItem(sales2021, [leg(2, "I couldn't find net sales for fiscal 2021 in the documents.", [])]);
    const w = writeItemsAnswer([c, absent], "Insufficient documentation");
    expect(w.answer).toMatch(/FY2022 USD 34,229 million \[1\] vs FY2021 USD 35,355 million \[1\]; change −USD 1,126 million \(−3\.2%\), down/);
    expect(w.answer).toMatch(/Net sales, FY2021\*\*: Insufficient documentation — not in the data room/);
    expect(w.badge).toBe("1 of 2 items answered from sources, 1 not in the data room");
    expect(w.citations.map((x) => x.page)).toEqual([48]);
  });

  it("answers top risks with the risks get_risk_factors listed from the Risk Factors section, quoted with their citations, and no risk it did not list", () => {
    const risks = readItems("the top three risks in the 10-K", []).items[0]!;
    const listed = {
      toolName: "get_risk_factors",
      input: {},
      output: { document: "Annual_Report.pdf", total: 2, categories: [], notes: [], risks: [
        { heading: "Our reliance on a single casting supplier could disrupt production.", page: 12, citation: "(source: Annual_Report.pdf, p.12)", explanation: "We buy every casing from one supplier." },
        { heading: "Changes in steel prices may reduce our margins.", page: 13, citation: "(source: Annual_Report.pdf, p.13)", explanation: "Steel is our largest input cost." },
      ] },
    };
    const text = "The risks it lists:\n- Our reliance on a single casting supplier could disrupt production. (source: Annual_Report.pdf, p.12)\n- Changes in steel prices may reduce our margins. (source: Annual_Report.pdf, p.13)";
    const c = checkItem(risks, [leg(1, text, [listed], [source(12, "Our reliance on a single casting supplier"), source(13, "Changes in steel prices")])]);
    expect(c).toMatchObject({ status: "answered" });
    const invented = checkItem(risks, [leg(1, "- Demand for turbines may collapse. (source: Annual_Report.pdf, p.40)", [listed])]);
    expect(invented.status).not.toBe("answered");
  });
});

describe("a count the answer added up from two kinds", () => {
  const staff = readItems("Acme FY2023: headcount", []).items[0]!;
  const said = "As of May 31, 2023, Acme employed approximately 328,000 permanent full-time and approximately 201,000 permanent part-time employees.";
  const search = { toolName: "search_documents", input: { query: "number of employees" }, output: { passages: [{ document: "Annual_Report.pdf", page: 9, text: said, citation: "(source: Annual_Report.pdf, p.9)" }] } };
  const answer = (total: string) => leg(1, `ACME: Employees: about **${total}** in all — the filing states: "${said}" (source: Annual_Report.pdf, p.9)`, [search], [source(9, said)]);

  it("is grounded by the sentence stating both kinds, and a total they do not add up to is not", () => {
    expect(checkItem(staff, [answer("529,000")]).status).toBe("answered");
    expect(checkItem(staff, [answer("530,000")]).status).not.toBe("answered");
  });
});
