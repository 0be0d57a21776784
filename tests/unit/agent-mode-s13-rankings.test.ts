/**
 * Rankings the thirteenth session's held-out requests missed: a growth ranked ("which region grew
 * fastest"), a table stacking a block of amounts over a block of shares, a printed table stacking two
 * breakdowns, per-part tables named in their title's sentence with amounts whose scale the page states
 * apart, and the gate reading a growth ranking's own words. Invented companies and figures.
 */
import { describe, expect, it } from "vitest";
import { conceptById } from "@/lib/agent/concepts/catalog";
import type { LineItemRow } from "@/lib/agent/evidence/line-items";
import { asksSuperlative, rankAsked, writeRanking } from "@/lib/agent/offline/ranking";
import { readQuestion } from "@/lib/agent/reader/read";
import { readItems } from "@/lib/agent/reader/items";
import { rankedFirst } from "@/lib/agent/mode/item-gate";
import type { LegResult } from "@/lib/agent/mode/item-legs";

const revenue = conceptById("revenue")!;
const row = (label: string, now: number, before: number, table: { title: string; headings?: string[] }, o: Partial<LineItemRow> = {}): LineItemRow => ({
  item: "revenue", match: "table", label, source: "table", table: { title: table.title, headings: table.headings ?? [] }, scale: 1e6, currency: "USD",
  columns: [
    { period: "FY2024", months: 12, value: now * (o.scale ?? 1e6), printed: String(now) },
    { period: "FY2023", months: 12, value: before * (o.scale ?? 1e6), printed: String(before) },
  ],
  document: "Filing.pdf", page: 58, row: `${label} ${now} ${before}`, citation: "(source: Filing.pdf, p.58)", ...o,
});
const statementTotal = row("Total revenues", 1000, 950, { title: "Consolidated statements of operations" }, { source: "statement", page: 40, citation: "(source: Filing.pdf, p.40)" });
const ask = (q: string) => {
  const r = readQuestion(q, ["Northwind Inc."]);
  return { r, asked: rankAsked(r.text)! };
};
const compared = (text: string) => text.split("\n").filter((l) => l.startsWith("- ")).map((l) => l.replace(/^- /, "").replace(/:.*/, ""));

describe("ranking parts by growth and by level from stacked tables", () => {
  const title = "Total Revenues and Operating Expenses";
  // one printed table: amounts by geography, then the same regions' shares, then amounts by business
  const stacked = [
    row("North", 560, 545, { title, headings: ["Total Revenues by Geography"] }),
    row("Europe", 280, 290, { title, headings: ["Total Revenues by Geography"] }),
    row("Asia", 160, 115, { title, headings: ["Total Revenues by Geography"] }),
    row("Total revenues", 1000, 950, { title, headings: ["Total Revenues by Geography"] }),
    row("North", 56, 57, { title, headings: ["% Revenues by Geography"] }, { unit: "%", scale: 1 }),
    row("Europe", 28, 31, { title, headings: ["% Revenues by Geography"] }, { unit: "%", scale: 1 }),
    row("Asia", 16, 12, { title, headings: ["% Revenues by Geography"] }, { unit: "%", scale: 1 }),
    row("Software", 800, 740, { title, headings: ["Total Revenues by Business"] }),
    row("Hardware", 120, 135, { title, headings: ["Total Revenues by Business"] }),
    row("Services", 80, 75, { title, headings: ["Total Revenues by Business"] }),
  ];

  it("ranks the block of amounts, never the block of shares printed under the same title", () => {
    for (const q of ["Which region is largest by revenue in FY2024?", "What was the biggest geography by revenue in FY2024?", "Which geographic area brought in the most revenue in FY2024?"]) {
      const { r, asked } = ask(q);
      const text = writeRanking({ rows: stacked, notFound: [], notes: [] }, revenue, r, asked, [statementTotal]) ?? "";
      expect(text, q).toMatch(/was \*\*North\*\*, with USD 560 million/);
      expect(compared(text), q).toEqual(["North", "Europe", "Asia"]);
    }
  });

  it("ranks by growth over the year before, each block of a stacked table on its own", () => {
    for (const q of ["Which region grew fastest in FY2024?", "Which geography grew the most in FY2024?", "What was the fastest-growing region in FY2024?"]) {
      const { r, asked } = ask(q);
      expect(asked?.by, q).toBe("growth");
      const text = writeRanking({ rows: stacked, notFound: [], notes: [] }, revenue, r, asked, [statementTotal]) ?? "";
      expect(text, q).toMatch(/grew fastest in fiscal 2024 was \*\*Asia\*\*, \+39\.1%/);
    }
    // (the tool returns the rows of the part asked: a business's block, printed under the regions' one)
    const { r, asked } = ask("Which business grew fastest in FY2024?");
    const businesses = stacked.filter((x) => x.table?.headings.includes("Total Revenues by Business"));
    expect(writeRanking({ rows: businesses, notFound: [], notes: [] }, revenue, r, asked, [statementTotal]) ?? "").toMatch(/was \*\*Software\*\*/);
  });

  it("ranks parts whose own tables a sentence of the title names, at the one scale their amounts add up to the total", () => {
    const own = (name: string, now: number, before: number) => [
      row("Segment net sales", now, before, { title: `${name} — The following table provides net sales and net income for the ${name} segment:` }, { scale: 1, scaleUnstated: true }),
      row("Segment net income", now / 5, before / 5, { title: `${name} — The following table provides net sales and net income for the ${name} segment:` }, { scale: 1, scaleUnstated: true }),
    ];
    const rows = [...own("Glass Products", 450, 470), ...own("Fiber Networks", 380, 300), ...own("Lab Supplies", 170, 180)];
    const level = ask("Which segment is largest by sales in FY2024?");
    const text = writeRanking({ rows, notFound: [], notes: [] }, revenue, level.r, level.asked, [statementTotal]) ?? "";
    expect(text).toMatch(/was \*\*Glass Products\*\*, with USD 450 million/);
    const growth = ask("Which segment grew the most in FY2024?");
    expect(writeRanking({ rows, notFound: [], notes: [] }, revenue, growth.r, growth.asked, [statementTotal]) ?? "").toMatch(/was \*\*Fiber Networks\*\*, \+26\.7%/);
    // amounts that add up to the total at no scale rank nothing
    const off = [...own("Glass Products", 45, 47), ...own("Fiber Networks", 38, 30)];
    expect(writeRanking({ rows: off, notFound: [], notes: [] }, revenue, level.r, level.asked, [statementTotal])).toBeNull();
  });
});

describe("a growth ranking read and checked with the ranking reader's own words", () => {
  it("reads a superlative of growth written before the part as a ranking item", () => {
    for (const req of ["Northwind FY24: the fastest-growing region by revenue", "Northwind FY24: which geography fell the most", "Northwind FY24: slowest growing segment"]) {
      expect(readItems(req, ["Northwind Inc."]).items[0]?.kind, req).toBe("ranking");
    }
  });

  it("names the part a growth ranking's answer puts first, not the part with the largest value", () => {
    const leg = { text: "Northwind: the region whose revenue grew fastest in fiscal 2024 was **Asia**, +39.1% (USD 115 million in fiscal 2023 to USD 160 million) [1]. The regions compared:\n- Asia: +39.1%\n- North: +2.8%", toolCalls: [], sources: [] } as unknown as LegResult;
    const item = readItems("Northwind FY24: which region grew fastest", ["Northwind Inc."]).items[0]!;
    expect(rankedFirst(leg, item)).toBe("Asia");
    expect(asksSuperlative("the segment whose revenue fell the most")).toBe(true);
    expect(asksSuperlative("revenue by segment")).toBe(false);
  });
});
