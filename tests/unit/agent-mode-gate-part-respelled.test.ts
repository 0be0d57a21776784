/**
 * Agent Mode's gate on a part the tools read under the documents' name (am-57: "what % of revs
 * came from outside the US" answered from the filing's International row, then certified "not in
 * the data room"):
 * - a phrase the row tool respelled as one name ("outside us" → "International") is the part the
 *   answer's row is checked by, however the request wrote it ("outside the U.S.", "outside of the
 *   United States");
 * - a share whose whole the tools found is never "not in the data room" because the row it was
 *   worked out from names the part otherwise: the run failed to answer it;
 * - a share asked with a verb before its part ("came from", "earned outside") is asked as the
 *   share of the whole, the verb no word of the whole.
 * The companies, rows and figures are made up.
 */
import { describe, expect, it } from "vitest";
import { readItems } from "@/lib/agent/reader/items";
import { checkItem, respelledScope } from "@/lib/agent/mode/item-gate";
import { rewriteItems } from "@/lib/agent/mode/item-rewrites";
import { requestText } from "@/lib/agent/mode/request-text";
import { instructionParts } from "@/lib/agent/mode/constraints";
import type { LegResult } from "@/lib/agent/mode/item-legs";

const cite = (page: number) => `(source: Annual_Report.pdf, p.${page})`;
const source = (page: number, excerpt: string) => ({ id: `d:${page}`, documentId: "d", document: "Annual_Report.pdf", page, excerpt, citation: cite(page), url: `/deals/x/documents/d?page=${page}` });
const leg = (text: string, toolCalls: LegResult["toolCalls"]): LegResult => ({ item: 1, question: "q", text, sources: [source(40, text)], toolCalls, ms: 1, batch: 1 });

/** The row tool's answer to "<phrase> revenue": the part the documents print, and the phrase it read as that part. */
const partRows = (asked: string, label: string, value: number, respelled: Record<string, string> | null) => ({
  toolName: "get_line_items",
  input: { items: [`${asked} revenue`], periods: ["FY2021"] },
  output: {
    company: "ACME CORP",
    rows: [{ item: `${asked} revenue`, match: "label", label, source: "table", table: { title: "Net revenues by geography (in millions)", headings: ["Net Revenues by Geography"] }, scale: 1e6, currency: "USD", columns: [{ period: "FY2021", periodEnd: "2021-12-31", months: 12, printed: (value / 1e6).toLocaleString("en-US"), value }], document: "Annual_Report.pdf", page: 40, row: `${label} ${(value / 1e6).toLocaleString("en-US")}`, citation: cite(40) }],
    notFound: [],
    notes: respelled ? Object.entries(respelled).map(([from, to]) => `Read "${from}" as "${to}", the part the documents name.`) : [],
    ...(respelled ? { respelled } : {}),
  },
});
const total = (value: number) => ({
  toolName: "compute_metric",
  input: { metric: "revenue", periods: ["FY2021"] },
  output: { status: "answered", company: "ACME CORP", metric: { id: "revenue", name: "Revenue", unit: "amount" }, formula: "Revenue = the Revenue line as reported", value, formatted: `USD ${(value / 1e6).toLocaleString("en-US")} million`, periods: ["FY2021"], series: [{ period: "FY2021", value }], inputs: [], missing: [], notes: [] },
});
const answer = (label: string) => `ACME CORP: ${label} was **37.5%** of revenue in fiscal 2021: USD 3,000 million ${cite(40)} of USD 8,000 million ${cite(55)}`;

/** A request wording, and the phrase the row tool reads as the documents' part (lower case, as the tool reports it). */
const WORDINGS: Array<[string, string]> = [
  ["Acme FY2021: what % of revs came from outside the US", "outside us"],
  ["Acme FY2021: percentage of net revenues earned outside the U.S.", "outside the u.s."],
  ["Acme FY2021: the share of revenue generated outside of the United States", "outside united states"],
  ["Acme FY2021: proportion of sales from outside the US", "outside the us"],
];
/** The request read into items as Agent Mode reads it (its shorthand written out first). */
const shareItem = (request: string) => {
  const text = requestText(instructionParts(request).request, new Set(["acme"]), ["Acme"]);
  return rewriteItems(readItems(text, ["Acme"]).items, ["Acme"]).find((i) => /percentage|share|proportion/i.test(i.ask))!;
};

describe("a share of a part the tools read under the documents' name", () => {
  it("answers a share of revenue outside a country from the row the tools read the phrase as, on several wordings", () => {
    for (const [request, key] of WORDINGS) {
      const item = shareItem(request);
      expect(item, request).toBeDefined();
      const c = checkItem(item, [leg(answer("International"), [partRows(key, "International", 3_000e6, { [key]: "International" }), total(8_000e6)])]);
      expect(c.status, request).toBe("answered");
    }
  });

  it("respells a phrase of the part whatever its articles and dots, and leaves other words alone", () => {
    const item = shareItem(WORDINGS[0]![0]);
    const read = (map: Record<string, string>) => respelledScope(item, { toolCalls: [partRows("x", "International", 1, map)] as LegResult["toolCalls"] }).reading.scope;
    expect(read({ "outside the u.s.": "International" })).toBe("International");
    expect(read({ "outside of the us": "International" })).toBe("International");
    expect(read({ "inside us": "Domestic" })).toBe(item.reading.scope);
  });

  it("never says a share is not in the data room when its whole was found and the answer's row names the part otherwise", () => {
    for (const [request] of WORDINGS) {
      const item = shareItem(request);
      // the row tool said nothing of how it read the part: the gate cannot take the row as the part, nor the room as lacking it
      const c = checkItem(item, [leg(answer("International"), [partRows("outside us", "International", 3_000e6, null), total(8_000e6)])]);
      expect(c.status, request).toBe("failed");
    }
  });
});

describe("a share asked with a verb before its part", () => {
  it("asks the share of the whole, the verb no word of it, on several wordings", () => {
    for (const [request, whole] of [
      ["Acme FY2021: what % of revs came from outside the US", "revenues"],
      ["Acme FY2021: percentage of net revenues earned outside the U.S.", "net revenues"],
      ["Acme FY2021: the share of revenue generated outside of the United States", "revenue"],
    ] as const) {
      const item = shareItem(request);
      expect(item.questions[0], request).toMatch(new RegExp(`^What percentage of ${whole} came from outside\\b`));
      expect(item.questions[0], request).not.toMatch(/\b(?:came came|earned|generated)\b/);
    }
  });
});
