/**
 * A comparison is asked one period at a time; a turn that answers with the change or the growth
 * instead of the period's level still returned the level among its tool results (a statement row's
 * column, the metric engine's input for the period). The gate takes that value as the side, never
 * the change, and never a table row that may be a part's.
 */
import { describe, expect, it } from "vitest";
import { readItems } from "@/lib/agent/reader/items";
import { checkItem } from "@/lib/agent/mode/item-gate";
import { writeItemsAnswer } from "@/lib/agent/mode/item-answer";
import type { LegResult } from "@/lib/agent/mode/item-legs";

const cite = "(source: Annual_Report.pdf, p.52)";
const source = { id: "d:52", documentId: "d", document: "Annual_Report.pdf", page: 52, excerpt: "Net income $ 16,798 $ 12,193 $ 22,074", citation: cite, url: "/deals/x/documents/d?page=52" };

/** The metric engine's answer to "what was the change", with both periods' inputs. */
function changeAnswer(label: string, from: [string, number], to: [string, number], lead: string, result: string) {
  const m = (v: number) => `USD ${(v / 1e6).toLocaleString("en-US")} million`;
  const answer = `${lead} from ${from[0]} to ${to[0]}: **${result}** (${from[0]} ${m(from[1])}, ${to[0]} ${m(to[1])}).\n\n| Input | Period | Value | Source |\n|---|---|---|---|\n| ${label} | ${from[0]} | ${m(from[1])} | ${cite} |\n| ${label} | ${to[0]} | ${m(to[1])} | ${cite} |`;
  const call = { toolName: "compute_metric", input: { question: "q" }, output: { status: "answered", figure: false, answer, result: { name: lead, unit: "amount", value: to[1] - from[1] }, inputs: [from, to].map(([period, value]) => ({ label, period, value, citation: cite })), missing: [], notes: [] } };
  return { text: answer, call };
}
const leg = (item: number, a: { text: string; call: unknown }): LegResult => ({ item, question: "q", text: a.text, sources: [source], toolCalls: [a.call as LegResult["toolCalls"][number]], ms: 1, batch: 1 });

describe("a comparison's side from its turn's tools", () => {
  it("takes each period's level when the turns answered with the change, on several wordings", () => {
    for (const ask of ["Net income for 2016 versus 2015, with the change", "net income FY2016 vs FY2015 and the difference", "Net income in 2016 compared with 2015"]) {
      const item = readItems(ask, []).items[0]!;
      expect(item.kind, ask).toBe("comparison");
      const a = changeAnswer("Net income", ["FY2015", 12_193e6], ["FY2016", 16_798e6], "Change in net income", "+USD 4,605 million");
      const b = changeAnswer("Net income", ["FY2014", 22_074e6], ["FY2015", 12_193e6], "Change in net income", "−USD 9,881 million");
      const c = checkItem(item, [leg(1, a), leg(1, b)]);
      expect(c.status, ask).toBe("answered");
      expect(c.change?.value, ask).toBeCloseTo(4_605e6);
      const line = writeItemsAnswer([c], "Insufficient documentation").answer;
      expect(line).toContain("USD 16,798 million");
      expect(line).toContain("USD 12,193 million");
    }
  });

  it("takes the level when a turn answered with the growth rate", () => {
    const item = readItems("Revenue for fiscal 2019 vs fiscal 2018", []).items[0]!;
    const a = changeAnswer("Revenues", ["FY2018", 36_397e6], ["FY2019", 39_117e6], "Revenue growth", "7.5%");
    const b = changeAnswer("Revenues", ["FY2017", 34_350e6], ["FY2018", 36_397e6], "Revenue growth", "6.0%");
    const c = checkItem(item, [leg(1, a), leg(1, b)]);
    expect(c).toMatchObject({ status: "answered", change: { value: 2_720e6 } });
  });

  it("does not answer from a table row that may be a part's", () => {
    const item = readItems("Net income for 2016 versus 2015", []).items[0]!;
    const row = (period: string, value: number) => ({ toolName: "get_line_items", input: { items: ["net income"] }, output: { rows: [{ item: "net income", match: "label", label: "Net income", source: "table", table: { title: "Segment results", headings: ["Devices"] }, scale: 1e6, currency: "USD", columns: [{ period, months: 12, value }], document: "Annual_Report.pdf", page: 80, row: "Net income 900", citation: cite }], notFound: [], notes: [] } });
    const text = "Change in net income from FY2015 to FY2016: **+USD 100 million**";
    const legs = [leg(1, { text, call: row("FY2016", 900e6) }), leg(1, { text, call: row("FY2015", 800e6) })];
    expect(checkItem(item, legs).status).toBe("failed");
  });
});

describe("a comparison the item was not read as", () => {
  it("says the figure is one side of the metric engine's comparison, not that no tool returned it", () => {
    const item = readItems("How did gross margin compare with prior year?", []).items[0]!;
    const answer = "Gross margin was 86.0% in FY2016, higher than 84.5% in FY2015.\n\nFormula: Gross margin = Gross profit / Revenue";
    const call = { toolName: "compute_metric", input: { question: "q" }, output: { status: "answered", figure: false, answer, result: { name: "Gross margin", unit: "percent", value: 0.0152 }, inputs: [["FY2015", 4_051e6], ["FY2015", 4_795e6], ["FY2016", 5_034e6], ["FY2016", 5_854e6]].map(([period, value]) => ({ label: "x", period, value, citation: cite })), missing: [], notes: [] } };
    const c = checkItem(item, [leg(1, { text: answer, call })]);
    expect(c.status).toBe("failed");
    expect(c.reason).toContain("comparison of two periods");
  });
});
