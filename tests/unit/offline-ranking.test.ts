/**
 * A ranking of the company's parts read from one table's rows: every compared value shown, totals
 * and "other" lines left out, and only when the parts add up to the company's total (a table of one
 * segment's service lines ranks nothing).
 */
import { describe, expect, it } from "vitest";
import { conceptById } from "@/lib/agent/concepts/catalog";
import type { LineItemRow } from "@/lib/agent/evidence/line-items";
import { rankAsked, rankMeasure, writeRanking } from "@/lib/agent/offline/ranking";
import { readQuestion } from "@/lib/agent/reader/read";

const revenue = conceptById("revenue")!;
const row = (label: string, value: number, table: { title: string; headings?: string[] }, o: Partial<LineItemRow> = {}): LineItemRow => ({
  item: "revenue", match: "table", label, source: "table", table: { title: table.title, headings: table.headings ?? [] }, scale: 1e6, currency: "USD",
  columns: [{ period: "FY2024", months: 12, value: value * 1e6, printed: String(value) }], document: "Filing.pdf", page: 60, row: `${label} ${value}`, citation: "(source: Filing.pdf, p.60)", ...o,
});
const statementTotal = row("Total revenues", 1000, { title: "Consolidated statements of operations" }, { source: "statement", page: 40, citation: "(source: Filing.pdf, p.40)" });
const ask = (q: string) => {
  const r = readQuestion(q, ["Northwind Inc."]);
  return { r, asked: rankAsked(r.text)! };
};

describe("ranking a company's parts", () => {
  it("reads which part and which end a question ranks", () => {
    expect(rankAsked("Which reportable segment sold the most in FY2024?")).toEqual({ order: "largest", part: "segment", by: "level" });
    expect(rankAsked("What was the smallest region by revenue?")).toEqual({ order: "smallest", part: "region", by: "level" });
    expect(rankAsked("What was revenue in the Europe segment?")).toBeUndefined();
    // a company that reports "businesses" rather than segments
    expect(rankAsked("Which of its businesses brings in the most revenue in FY2021?")).toEqual({ order: "largest", part: "business", by: "level" });
    expect(rankAsked("What was the revenue of the hardware business?")).toBeUndefined();
  });

  it("does not rank a place against the segments printed under another place's heading, totalled by that place's line", () => {
    const t = (headings: string[]) => ({ title: "Geographical information", headings });
    const service = { title: "Revenue by service type", headings: ["REVENUE BY SERVICE TYPE"] };
    const rows = [
      row("Aircraft segment", 450, service, { page: 59 }), row("Services segment", 350, service, { page: 59 }), row("Defense segment", 200, service, { page: 59 }),
      row("U.S.", 700, t(["GEOGRAPHICAL INFORMATION", "Revenue:"])),
      row("Aircraft segment", 200, t(["GEOGRAPHICAL INFORMATION", "Revenue:", "International:"])), row("Services segment", 80, t(["GEOGRAPHICAL INFORMATION", "Revenue:", "International:"])), row("Defense segment", 20, t(["GEOGRAPHICAL INFORMATION", "Revenue:", "International:"])),
      row("Total international revenue", 300, t(["GEOGRAPHICAL INFORMATION", "Revenue:", "International:"])),
    ];
    for (const q of ["Which segment had the biggest revenue in FY2024?", "northwind largest segment by revenue fy24", "what's northwind's biggest segment in fy2024"]) {
      const { r, asked } = ask(q);
      const text = writeRanking({ rows, notFound: [], notes: [] }, revenue, r, asked, [statementTotal]) ?? "";
      expect(text, q).not.toMatch(/\*\*U\.S\.?\*\*/);
      expect(text, q).toMatch(/\*\*Aircraft segment\*\*, with USD 450 million/);
    }
  });

  it("ranks the parts of a table that add up to the total, with every value and no total line", () => {
    const segments = { title: "Revenue by reportable segment" };
    const rows = [row("Aircraft", 450, segments), row("Services", 350, segments), row("Defense", 210, segments), row("Eliminations", -10, segments), row("Total revenues", 1000, segments)];
    const { r, asked } = ask("Which segment had the highest revenue in FY2024?");
    const text = writeRanking({ rows, notFound: [], notes: [] }, revenue, r, asked, [statementTotal])!;
    expect(text).toMatch(/the largest segment by revenue in fiscal 2024 was \*\*Aircraft\*\*/);
    expect(text.split("\n").filter((l) => l.startsWith("- ")).map((l) => l.replace(/:.*/, ""))).toEqual(["- Aircraft", "- Services", "- Defense"]);
  });

  it("ranks nothing from a table that breaks down only one part (its lines do not add up to the total)", () => {
    const lines = { title: "Aircraft segment revenue by service type" };
    const rows = [row("Package", 300, lines), row("Freight", 100, lines), row("Total Aircraft segment", 450, lines)];
    const { r, asked } = ask("Which segment had the highest revenue in FY2024?");
    expect(writeRanking({ rows, notFound: [], notes: [] }, revenue, r, asked, [statementTotal])).toBeNull();
    // nor without the company's total to check against
    expect(writeRanking({ rows: [row("Aircraft", 600, { title: "Revenue by segment" }), row("Services", 400, { title: "Revenue by segment" })], notFound: [], notes: [] }, revenue, r, asked, [])).toBeNull();
  });

  it("ranks parts of one level: a row under a heading another row totals is a part of a part", () => {
    const area = (headings: string[]) => ({ title: "Revenue by geographic area", headings });
    const byArea = [row("Home country", 520, area(["North"])), row("Other", 60, area(["North"])), row("Total North", 580, area(["North"])), row("Europe", 260, area([])), row("Asia", 160, area([]))];
    // the regions' table prints its parts under the figure's own heading, totalled by "Total revenues"
    const summary = { title: "Geographical information", headings: ["Revenues"] };
    const bySummary = [row("North", 580, summary), row("Europe", 260, summary), row("Asia", 160, summary), row("Total revenues", 1000, summary)];
    for (const q of ["Which region is largest by revenue in FY2024?", "What was the biggest geography by revenue in FY2024?", "Which geographic region had the most revenue in FY2024?"]) {
      const { r, asked } = ask(q);
      const text = writeRanking({ rows: [...byArea, ...bySummary], notFound: [], notes: [] }, revenue, r, asked, [statementTotal]) ?? "";
      expect(text, q).toMatch(/was \*\*North\*\*/);
      expect(text, q).not.toMatch(/Home country/);
    }
  });

  it("ranks parts that each have their own table, named by its title, when their rows add up to the total", () => {
    const own = (name: string, value: number) => [
      row("Average monthly revenue per paying membership", 9, { title: `Segment Results — ${name} Segment — (in thousands)`, headings: ["Memberships"] }),
      row("Revenues", value, { title: `Segment Results — ${name} Segment — (in thousands)`, headings: ["Contribution profit"] }),
      row("Marketing", value / 10, { title: `Segment Results — ${name} Segment — (in thousands)`, headings: ["Contribution profit"] }),
    ];
    const rows = [...own("Home Streaming", 520), ...own("Overseas Streaming", 430), ...own("Disc Rental", 50)];
    for (const q of ["Which segment brings in the most revenue in FY2024?", "Which segment is largest by revenue in FY2024?", "What was the biggest segment by revenue in FY2024?"]) {
      const { r, asked } = ask(q);
      const text = writeRanking({ rows, notFound: [], notes: [] }, revenue, r, asked, [statementTotal]) ?? "";
      expect(text, q).toMatch(/was \*\*Home Streaming\*\*/);
      expect(text.split("\n").filter((l) => l.startsWith("- ")), q).toHaveLength(3);
    }
    // one part's table alone ranks nothing
    const { r, asked } = ask("Which segment is largest by revenue in FY2024?");
    expect(writeRanking({ rows: own("Home Streaming", 520), notFound: [], notes: [] }, revenue, r, asked, [statementTotal])).toBeNull();
  });

  it("ranks parts by growth over the year before when the question asks who grew fastest, in three wordings", () => {
    const segments = { title: "Revenue by reportable segment" };
    const two = (label: string, now: number, before: number) => row(label, now, segments, { columns: [{ period: "FY2024", months: 12, value: now * 1e6, printed: String(now) }, { period: "FY2023", months: 12, value: before * 1e6, printed: String(before) }] });
    const rows = [two("Aircraft", 450, 440), two("Services", 350, 280), two("Defense", 200, 210), two("Total revenues", 1000, 930)];
    for (const q of ["which segment grew fastest in FY2024", "fastest growing segment in fy24", "which segment had the highest revenue growth in 2024?"]) {
      const { r, asked } = ask(q);
      expect(asked.by, q).toBe("growth");
      const text = writeRanking({ rows, notFound: [], notes: [] }, revenue, r, asked, [statementTotal])!;
      expect(text, q).toMatch(/grew fastest in fiscal 2024 was \*\*Services\*\*, \+25\.0% \(USD 280 million in fiscal 2023 to USD 350 million\)/);
      expect(text.split("\n").filter((l) => l.startsWith("- ")).map((l) => l.replace(/:.*/, "")), q).toEqual(["- Services", "- Aircraft", "- Defense"]);
    }
    const { r, asked } = ask("which segment grew slowest in FY2024");
    // (the slowest part shrank: said as a fall, not as growth)
    expect(writeRanking({ rows, notFound: [], notes: [] }, revenue, r, asked, [statementTotal])).toMatch(/fell the most in fiscal 2024 was \*\*Defense\*\*, -4\.8%/);
    // a part whose year before the table does not print: no growth ranking is guessed
    const partial = [two("Aircraft", 450, 440), row("Services", 350, segments), two("Defense", 200, 210), two("Total revenues", 1000, 930)];
    expect(writeRanking({ rows: partial, notFound: [], notes: [] }, revenue, ask("which segment grew fastest in FY2024").r, asked, [statementTotal])).toBeNull();
  });
});


describe("a fall, a place and a part asked against the others", () => {
  const segments = { title: "Revenues by geographic area" };
  const two = (label: string, now: number, before: number) => row(label, now, segments, { columns: [{ period: "FY2024", months: 12, value: now * 1e6, printed: String(now) }, { period: "FY2023", months: 12, value: before * 1e6, printed: String(before) }] });
  const rows = [two("United States", 600, 1100), two("Europe", 240, 550), two("Rest of World", 130, 500), two("Total revenues", 970, 2150)];
  const total = row("Total revenues", 970, { title: "Consolidated statements of operations" }, { source: "statement", page: 40, citation: "(source: Filing.pdf, p.40)", columns: [{ period: "FY2024", months: 12, value: 970e6, printed: "970" }] });

  it("reads 'the biggest drop', 'where … fall the most' and 'worst … by decline' as the lowest growth, and names the part that fell most", () => {
    for (const q of ["which region had the biggest revenue drop in fy24", "Where in the world did Northwind's sales fall the most in fiscal 2024?", "northwind fy24 worst region by sales decline"]) {
      const asked = rankAsked(q);
      expect(asked, q).toMatchObject({ order: "smallest", by: "growth", decline: true });
      const { r } = ask(q);
      expect(writeRanking({ rows, notFound: [], notes: [] }, revenue, r, asked!, [total]), q).toMatch(/fell the most in fiscal 2024 was \*\*Rest of World\*\*, -74\.0%/);
    }
    // "the smallest decline" is the other end
    expect(rankAsked("which region had the smallest decline in revenue in fy24")).toMatchObject({ order: "largest", decline: true });
    // "best" and "worst" rank only as performance words, never from a name
    expect(rankAsked("which region did best in fy24")).toMatchObject({ order: "largest" });
  });

  it("ranks the parts when a yes/no asks one part against the others", () => {
    expect(rankAsked("did the us have the biggest revenue decline in fy24?")).toMatchObject({ order: "smallest", by: "growth" });
    // a yes/no on one part's own move ranks nothing
    expect(rankAsked("did us revenue fall in fy24?")).toBeUndefined();
  });
});

describe("what a ranking ranks by", () => {
  it("ranks by no amount in place of a rate named: 'the highest operating margin' is never a revenue ranking", () => {
    expect(rankMeasure(readQuestion("which segment had the highest operating margin in fy23", ["ACME INC."]))).toBeUndefined();
    expect(rankMeasure(readQuestion("which segment had the biggest revenue in fy23", ["ACME INC."]))?.id).toBe("revenue");
    expect(rankMeasure(readQuestion("which segment is largest", ["ACME INC."]))?.id).toBe("revenue");
  });

  it("reads everyday superlatives ('fattest', 'thinnest') as either end", () => {
    expect(rankAsked("which segment had the fattest margins")).toMatchObject({ order: "largest", part: "segment" });
    expect(rankAsked("which region has the thinnest margins")).toMatchObject({ order: "smallest", part: "region" });
  });
});
