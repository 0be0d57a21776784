/**
 * Agent Mode's gate on a growth the turn worked out from a row's two periods (issue 21): "how fast
 * did it grow" of a part's row is answered when the rate follows from two values the answer states,
 * both read from the same row a tool returned, for the period asked and the one a move of it runs
 * from (a quarter: the same quarter a year before; a year: the year before). A rate that does not
 * follow from them, a move from another period, two rows' values or values no tool returned ground
 * nothing. The companies, rows and figures are made up.
 */
import { describe, expect, it } from "vitest";
import { readItems } from "@/lib/agent/reader/items";
import { checkItem } from "@/lib/agent/mode/item-gate";
import type { LegResult } from "@/lib/agent/mode/item-legs";

const cite = "(source: Quarterly_Report.pdf, p.4)";
const source = { id: "d:4", documentId: "d", document: "Quarterly_Report.pdf", page: 4, excerpt: "Widgets revenue", citation: cite, url: "/deals/x/documents/d?page=4" };
const leg = (text: string, toolCalls: LegResult["toolCalls"]): LegResult => ({ item: 1, question: "q", text, sources: [source], toolCalls, ms: 1, batch: 1 });

type Column = [period: string, value: number];
const row = (label: string, columns: Column[]) => ({
  item: "widgets revenue",
  match: "label",
  label,
  source: "table",
  table: { title: "Revenue by quarter — USD thousands", headings: [] },
  scale: 1000,
  currency: "USD",
  columns: columns.map(([period, value]) => ({ period, months: /^FY/.test(period) ? 12 : 3, printed: (value / 1000).toLocaleString("en-US"), value })),
  document: "Quarterly_Report.pdf",
  page: 4,
  row: `${label} ${columns.map(([, v]) => (v / 1000).toLocaleString("en-US")).join(" ")}`,
  citation: cite,
});
const lineItems = (...rows: ReturnType<typeof row>[]) => ({ toolName: "get_line_items", input: { items: ["widgets revenue"] }, output: { rows, notFound: [], notes: [] } });

const growthAnswer = (rate: string, [a, b]: [Column, Column]) =>
  `ACME CORP: Revenue — Widgets revenue growth, ${a[0]}–${b[0]}: **${rate}** ${cite}\n${a[0]}: USD ${(a[1] / 1000).toLocaleString("en-US")} thousand; ${b[0]}: USD ${(b[1] / 1000).toLocaleString("en-US")} thousand`;

const quarterItem = (request: string) => readItems(request, []).items.find((i) => i.reading.aggregate === "growth")!;

describe("the gate on a growth worked out from a row's two periods", () => {
  const q3: [Column, Column] = [["Q3 2023", 3_720_000], ["Q3 2024", 4_300_000]];

  it("answers a quarter's growth from the row's same quarter a year before, on several wordings", () => {
    for (const request of [
      "What was Widgets revenue in Q3 2024 and how fast did it grow year over year?",
      "Widgets revenue growth in Q3 2024",
      "How much did Widgets revenue grow year on year in Q3 2024?",
    ]) {
      const item = quarterItem(request);
      const c = checkItem(item, [leg(growthAnswer("+15.6%", q3), [lineItems(row("Widgets revenue", q3))])]);
      expect(c.status, request).toBe("answered");
    }
  });

  it("answers a year's growth from the year before", () => {
    const years: [Column, Column] = [["FY2022", 800_000], ["FY2023", 1_000_000]];
    const item = quarterItem("Widgets revenue growth in fiscal 2023");
    expect(checkItem(item, [leg(growthAnswer("+25.0%", years), [lineItems(row("Widgets revenue", years))])]).status).toBe("answered");
  });

  it("does not answer a rate the two values do not give", () => {
    const item = quarterItem("Widgets revenue growth in Q3 2024");
    expect(checkItem(item, [leg(growthAnswer("+18.0%", q3), [lineItems(row("Widgets revenue", q3))])]).status).not.toBe("answered");
  });

  it("does not answer a growth year on year with a move from the quarter before", () => {
    const sequential: [Column, Column] = [["Q2 2024", 3_950_000], ["Q3 2024", 4_300_000]];
    const item = quarterItem("How much did Widgets revenue grow year on year in Q3 2024?");
    expect(checkItem(item, [leg(growthAnswer("+8.9%", sequential), [lineItems(row("Widgets revenue", sequential))])]).status).not.toBe("answered");
  });

  it("does not answer from two rows' values or from values no tool returned", () => {
    const item = quarterItem("Widgets revenue growth in Q3 2024");
    const twoRows = lineItems(row("Widgets revenue", [q3[0]]), row("Gadgets revenue", [q3[1]]));
    expect(checkItem(item, [leg(growthAnswer("+15.6%", q3), [twoRows])]).status).not.toBe("answered");
    expect(checkItem(item, [leg(growthAnswer("+15.6%", q3), [lineItems(row("Widgets revenue", [["Q3 2024", 4_300_000]]))])]).status).not.toBe("answered");
  });

  it("grounds no growth for an item that asks the level", () => {
    const item = readItems("What was Widgets revenue in Q3 2024?", []).items[0]!;
    expect(checkItem(item, [leg(growthAnswer("+15.6%", q3), [lineItems(row("Widgets revenue", q3))])]).status).not.toBe("answered");
  });
});
