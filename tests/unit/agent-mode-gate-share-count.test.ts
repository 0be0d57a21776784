/**
 * Agent Mode's gate on shares and counts (issue 21, held-out batch s9):
 * - a share the turn worked out from a part and the whole, both values a tool returned for the
 *   period, is answered from those results; a share no such pair gives is not;
 * - a count asked ("how many units did they sell") is never answered with an amount of money;
 * - a figure per unit ("revenue per square foot") is not answered by the amount alone;
 * - a share leaning on a ranking ("which segment is biggest and what percentage of revenue") is
 *   asked of the part the ranking named.
 * The companies, rows and figures are made up.
 */
import { describe, expect, it } from "vitest";
import { readItems } from "@/lib/agent/reader/items";
import { checkItem, rankedFirst } from "@/lib/agent/mode/item-gate";
import { rankingShares, rewriteItems, shareOfPart } from "@/lib/agent/mode/item-rewrites";
import type { LegResult } from "@/lib/agent/mode/item-legs";

const cite = (page: number) => `(source: Annual_Report.pdf, p.${page})`;
const source = (page: number, excerpt: string) => ({ id: `d:${page}`, documentId: "d", document: "Annual_Report.pdf", page, excerpt, citation: cite(page), url: `/deals/x/documents/d?page=${page}` });
const leg = (text: string, toolCalls: LegResult["toolCalls"], page = 40): LegResult => ({ item: 1, question: "q", text, sources: [source(page, text)], toolCalls, ms: 1, batch: 1 });

const partRow = (label: string, value: number, page = 40) => ({
  toolName: "get_line_items",
  input: { items: [`${label} revenue`], periods: ["FY2021"] },
  output: { rows: [{ item: `${label} revenue`, match: "label", label, source: "table", table: { title: "Revenues by product line (in millions)", headings: [] }, scale: 1e6, currency: "USD", columns: [{ period: "FY2021", periodEnd: "2021-12-31", months: 12, printed: (value / 1e6).toLocaleString("en-US"), value }], document: "Annual_Report.pdf", page, row: `${label} ${(value / 1e6).toLocaleString("en-US")}`, citation: cite(page) }], notFound: [], notes: [] },
});
const total = (value: number) => ({
  toolName: "compute_metric",
  input: { metric: "revenue", periods: ["FY2021"] },
  output: { status: "answered", company: "ACME CORP", metric: { id: "revenue", name: "Revenue", unit: "amount" }, formula: "Revenue = the Revenue line as reported", value, formatted: `USD ${(value / 1e6).toLocaleString("en-US")} million`, periods: ["FY2021"], series: [{ period: "FY2021", value }], inputs: [], missing: [], notes: [] },
});
const shareAnswer = (label: string, pct: string, part: string, whole: string) => `ACME CORP: ${label} was **${pct}** of revenue in fiscal 2021: USD ${part} million ${cite(40)} of USD ${whole} million ${cite(55)}`;

describe("the gate on a share worked out from a part and the whole", () => {
  it("answers the share from the two tool results, on several wordings", () => {
    for (const request of ["What percentage of FY2021 revenue came from Widgets?", "Widgets share of total revenues in 2021", "Widgets revenue for FY2021 and its % of total revenue"]) {
      const items = rewriteItems(readItems(request.replace(/% of/, "percentage of"), []).items, []);
      const item = items.find((i) => /percentage|share/i.test(i.ask))!;
      const c = checkItem(item, [leg(shareAnswer("Widgets", "26.4%", "5,280", "20,000"), [partRow("Widgets", 5_280e6), total(20_000e6)])]);
      expect(c.status, request).toBe("answered");
    }
  });

  it("does not answer a share the part and the whole do not give", () => {
    const item = readItems("What percentage of FY2021 revenue came from Widgets?", []).items[0]!;
    // 30.0% is not 5,280 of 20,000
    expect(checkItem(item, [leg(shareAnswer("Widgets", "30.0%", "5,280", "20,000"), [partRow("Widgets", 5_280e6), total(20_000e6)])]).status).not.toBe("answered");
    // a part of another kind than the whole (a bare 0.10 read off a sentence): no share, whatever the ratio
    const stray = { ...partRow("Widgets", 0.1), output: { ...partRow("Widgets", 0.1).output, rows: partRow("Widgets", 0.1).output.rows.map((r) => ({ ...r, scale: 1, currency: undefined, columns: r.columns.map((c) => ({ ...c, printed: "0.10", value: 0.1 })) })) } };
    expect(checkItem(item, [leg("ACME CORP: Widgets was **0.0%** of revenue in fiscal 2021: 0.10 (source: Annual_Report.pdf, p.40) of USD 20,000 million (source: Annual_Report.pdf, p.55)", [stray, total(20_000e6)])]).status).not.toBe("answered");
    // the part's value was not returned by any tool
    expect(checkItem(item, [leg(shareAnswer("Widgets", "26.4%", "5,280", "20,000"), [total(20_000e6)])]).status).not.toBe("answered");
  });
});

describe("the gate on a count asked", () => {
  const money = `ACME CORP: Widgets, fiscal 2021: **USD 5,280 million** ${cite(40)}`;

  it("never answers a count with an amount of money, on several wordings", () => {
    for (const ask of ["How many widgets did they sell in FY2021?", "How many widgets were shipped in 2021?", "How many gadget units did Acme sell in 2021?"]) {
      const item = readItems(ask, []).items[0]!;
      const c = checkItem(item, [leg(money, [partRow("Widgets", 5_280e6)])]);
      expect(c.status, ask).not.toBe("answered");
    }
  });

  it("still answers an amount asked with the amount", () => {
    const item = readItems("What was Widgets revenue in FY2021?", []).items[0]!;
    expect(checkItem(item, [leg(money, [partRow("Widgets", 5_280e6)])]).status).toBe("answered");
  });
});

describe("the gate on a figure per unit", () => {
  it("does not answer revenue per square foot or per employee with the revenue, on several wordings", () => {
    const text = `ACME CORP: Revenue for fiscal 2021 was **USD 20,000 million** ${cite(55)}`;
    for (const ask of ["Revenue per square foot for 2021", "What were sales per employee in 2021?", "2021 revenue per store"]) {
      const item = readItems(ask, []).items[0]!;
      expect(checkItem(item, [leg(text, [total(20_000e6)])]).status, ask).not.toBe("answered");
    }
  });
});

describe("the gate on a named segment's amount", () => {
  const item = rewriteItems(readItems("Widgets segment revenue for FY2021", []).items, [])[0]!;

  it("answers it from the part's row", () => {
    const text = `ACME CORP: Revenue — Total Widgets revenue, fiscal 2021: **USD 5,280 million** ${cite(40)}`;
    expect(checkItem(item, [leg(text, [partRow("Total Widgets revenue", 5_280e6)])]).status).toBe("answered");
  });

  it("never answers it with the company's total", () => {
    const text = `ACME CORP: Revenue for fiscal 2021 was **USD 20,000 million** ${cite(55)}`;
    expect(checkItem(item, [leg(text, [total(20_000e6)])]).status).not.toBe("answered");
  });
});

describe("a share leaning on a ranking", () => {
  const ranked = (name: string) => [
    `ACME CORP: the largest segment by revenue in fiscal 2021 was **${name}**, with USD 5,280 million ${cite(40)}. The segments compared:`,
    `- ${name}: USD 5,280 million ${cite(40)}`,
    `- Gadgets: USD 3,100 million ${cite(40)}`,
  ].join("\n");
  const rows = { toolName: "get_line_items", input: { items: ["revenue segment"] }, output: { rows: [partRow("Widgets", 5_280e6).output.rows[0], partRow("Gadgets", 3_100e6).output.rows[0]], notFound: [], notes: [] } };

  it("asks the share of the part the ranking named, on several wordings", () => {
    for (const request of ["Which segment had the largest revenue in 2021 and what percentage of total revenue?", "Which business segment is biggest in FY2021, and its share of revenue?", "FY2021: the largest segment by revenue and what proportion of the total it was", "FY2021: which segment brings in the most revenue, and what share of total revenues did it account for?"]) {
      const items = readItems(request.replace(/% of/, "percentage of"), []).items;
      const leans = rankingShares(items);
      expect(leans.length, request).toBe(1);
      const ranking = items.find((i) => i.n === leans[0]!.on)!;
      const part = rankedFirst(leg(ranked("Widgets"), [rows]), ranking);
      expect(part, request).toBe("Widgets");
      const share = shareOfPart(items.find((i) => i.n === leans[0]!.n)!, leans[0]!, part!, ranking, []);
      expect(share.questions[0], request).toMatch(/^What percentage of (?:total )?revenues? came from the Widgets segment in FY2021\?$/);
    }
  });

  it("leaves a share naming a part of its own to that part", () => {
    const items = readItems("Which segment had the largest revenue in 2021, and what percentage of revenue came from Europe?", []).items;
    expect(rankingShares(items)).toEqual([]);
  });

  it("names no part when the ranking's answer compared none", () => {
    const ranking = readItems("Which segment had the largest revenue in 2021?", []).items[0]!;
    expect(rankedFirst(leg("ACME CORP: Revenue for fiscal 2021 was USD 20,000 million.", [total(20_000e6)]), ranking)).toBeNull();
  });
});
