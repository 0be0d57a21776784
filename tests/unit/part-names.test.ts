/**
 * A part's name read as its initials: "U.S.", "U.S", "u.s." and "United States" are the "US" an
 * analyst types, one word that no stemmed English word ("used") ever is; the pronoun "us" in
 * printed text, and "U.S. dollars", are no part. The gate reads a part asked the same way: a share
 * asked of the United States is answered from a row printed "U.S".
 */
import { describe, expect, it } from "vitest";
import { partInitials, partTokens } from "@/lib/agent/concepts/part-names";
import { readItems } from "@/lib/agent/reader/items";
import { requestText } from "@/lib/agent/mode/request-text";
import { checkItem } from "@/lib/agent/mode/item-gate";
import type { LegResult } from "@/lib/agent/mode/item-legs";

const stems = (text: string, asked = false) => partTokens(text, { asked }).map((t) => t.stem);

describe("a part's name read as its initials", () => {
  it("reads the ways a filing prints a place as the initials an analyst types", () => {
    for (const printed of ["U.S.", "U.S", "u.s.", "United States", "united states of America", "USA"]) expect(partInitials(printed), printed).toBe("US");
    expect(partInitials("Europe, Middle East and Africa")).toBe("EMEA");
    expect(partInitials("U.K. net sales")).toBe("UK net sales");
  });

  it("never reads a stemmed word, a pronoun in print or a currency as the part", () => {
    const us = stems("US")[0]!;
    expect(stems("Net cash used in investing activities")).not.toContain(us);
    expect(stems("amounts owed to us")).not.toContain(us);
    expect(stems("up 3.4 percent in U.S. dollars")).not.toContain(us);
    // what is asked is a part in any case ("us comps")
    expect(stems("us comps", true)).toContain(us);
  });
});

describe("the gate reads a part asked as the filing prints it", () => {
  const cite = "(source: Annual_Report.pdf, p.37)";
  const source = { id: "d:37", documentId: "d", document: "Annual_Report.pdf", page: 37, excerpt: "U.S.", citation: cite, url: "/deals/x/documents/d?page=37" };
  const row = (label: string, value: number) => ({ item: "US revenue", match: "label", label, source: "table", table: { title: "Net revenues by geography (in millions)", headings: [] }, scale: 1e6, currency: "USD", columns: [{ period: "FY2016", months: 12, printed: (value / 1e6).toLocaleString("en-US"), value }], document: "Annual_Report.pdf", page: 37, row: `${label} ${(value / 1e6).toLocaleString("en-US")}`, citation: cite });
  const calls = (label: string) => [
    { toolName: "get_line_items", input: { items: ["US revenue"] }, output: { rows: [row(label, 3_866e6)], notFound: [], notes: [] } },
    { toolName: "compute_metric", input: { metric: "revenue" }, output: { status: "answered", metric: { id: "revenue", name: "Revenue", unit: "amount" }, formula: "Revenue", value: 8_979e6, periods: ["FY2016"], series: [{ period: "FY2016", value: 8_979e6 }], inputs: [], missing: [], notes: [] } },
  ];
  const leg = (label: string): LegResult => ({ item: 1, question: "q", text: `ACME INC: ${label} was **43.1%** of revenue in fiscal 2016: USD 3,866 million ${cite} of USD 8,979 million ${cite}`, sources: [source], toolCalls: calls(label), ms: 1, batch: 1 });

  it("answers a share of the US, however written, from a row printed 'U.S', on several wordings", () => {
    for (const request of ["What share of 2016 net revenues came from the United States?", "% of FY2016 net revenues from the US", "U.S. revenue as a percentage of total net revenues for 2016"]) {
      const item = readItems(requestText(request), []).items[0]!;
      expect(checkItem(item, [leg("U.S")]).status, request).toBe("answered");
    }
  });

  it("does not answer a share of the United States from another part's row", () => {
    const item = readItems("What share of 2016 net revenues came from the United States?", []).items[0]!;
    expect(checkItem(item, [leg("International")]).status).not.toBe("answered");
  });
});
