import { describe, expect, it } from "vitest";
import { bestExcerpt } from "@/lib/search/excerpt";
import { chunksToPages, reciprocalRankFusion } from "@/lib/search/fusion";
import { classifyStatementPage, pagesFromChunks } from "@/lib/search/page-classifier";
import { understandQuery } from "@/lib/search/query-understanding";
import { companyKeys, routeDocuments, type RoutedDocument } from "@/lib/search/routing";

describe("fusion and page aggregation", () => {
  it("aggregates chunks to pages by their best chunk and fuses lists by reciprocal rank", () => {
    const pages = chunksToPages([
      { chunkId: "a", documentId: "d", page: 1, score: 5 },
      { chunkId: "b", documentId: "d", page: 2, score: 4 },
      { chunkId: "c", documentId: "d", page: 2, score: 3 },
    ]);
    expect(pages.map((p) => [p.page, p.score])).toEqual([[1, 5], [2, 4.3]]);
    const fused = reciprocalRankFusion([
      { name: "kw", weight: 1, pages },
      { name: "vec", weight: 1, pages: [pages[1]] },
    ], 60);
    expect(fused[0].page).toBe(2); // in both lists
    expect(fused[0].parts).toEqual({ kw: 2, vec: 1 });
  });
});

describe("excerpts", () => {
  it("returns the passage with the matched terms, at most ~300 chars, cut at word boundaries", () => {
    const text = `${"Lorem ipsum dolor sit amet. ".repeat(30)}\nPurchases of property, plant and equipment (1,577) (1,373)\n${"Other text follows here. ".repeat(30)}`;
    const u = understandQuery("capital expenditure");
    const ex = bestExcerpt(text, new Map(u.terms.map((t) => [t.term, t.weight])));
    expect(ex).toContain("Purchases of property, plant and equipment (1,577)");
    expect(ex.length).toBeLessThanOrEqual(305);
    expect(ex).not.toMatch(/\s{2}/);
    expect(ex.replace(/^… /, "").replace(/ …$/, "").split(" ").every((w) => text.includes(w))).toBe(true);
  });
});

describe("statement page classification", () => {
  const numbers = Array.from({ length: 30 }, (_, i) => `Line item ${i} ${1000 + i * 7} ${900 + i * 3} (${i + 12})`).join("\n");
  it("recognises a statement by its title at the top and a high share of numbers", () => {
    expect(classifyStatementPage(`3M Company and Subsidiaries\nConsolidated Statement of Cash Flow s\n${numbers}`).statement).toBe("cash_flow");
    expect(classifyStatementPage(`ACME INC.\nCONSOLIDATED BALANCE SHEETS\n${numbers}`).statement).toBe("balance");
    expect(classifyStatementPage(`Consolidated Statements of Operations\n${numbers}`).statement).toBe("income");
    expect(classifyStatementPage(`Consolidated Statements of Comprehensive Income\n${numbers}`).statement).toBe("comprehensive");
  });
  it("ignores tables of contents and narrative pages that mention statements", () => {
    expect(classifyStatementPage(`Index\nConsolidated Statements of Income 56\nConsolidated Balance Sheets 58\nConsolidated Statements of Cash Flows 60`).statement).toBeNull();
    expect(classifyStatementPage(`Liquidity\n${"Our statements of cash flows show that operating cash improved as customers paid faster. ".repeat(10)}`).statement).toBeNull();
  });
  it("rebuilds page text from overlapping page-bounded chunks", () => {
    const text = "abcdefghij";
    const pages = pagesFromChunks([{ pageStart: 3, charStart: 0, charEnd: 6, text: "abcdef" }, { pageStart: 3, charStart: 4, charEnd: 10, text: "efghij" }]);
    expect(pages.get(3)).toBe(text);
  });
});

describe("routing by document metadata", () => {
  const doc = (id: string, company: string, year: number, period = "FY"): RoutedDocument => ({ id, filename: `${id}.pdf`, company, fiscal_year: year, fiscal_period: period, kind: period === "FY" ? "annual report" : "quarterly report" });
  const docs = [doc("3m18", "3M", 2018), doc("3m22", "3M", 2022), doc("bb23", "BESTBUY", 2023), doc("bb24q2", "BESTBUY", 2024, "Q2"), doc("pf21", "PFIZER", 2021)];

  it("restricts to the named company and prefers the named fiscal year", () => {
    const r = routeDocuments(docs, understandQuery("What is the FY2018 capital expenditure amount for 3M?"));
    expect(r.documentIds).toEqual(["3m18", "3m22"]);
    expect(r.prior.get("3m18")).toBeGreaterThan(r.prior.get("3m22")!);
  });
  it("matches multi-word and possessive company names and quarters", () => {
    const r = routeDocuments(docs, understandQuery("Was there any change in the number of Best Buy's stores between Q2 of FY2024 and FY2023?"));
    expect(r.documentIds).toEqual(["bb23", "bb24q2"]);
    expect(r.prior.get("bb24q2")).toBeGreaterThan(r.prior.get("bb23")!);
    expect(companyKeys("BEST BUY CO., INC.")).toContain("bestbuy");
  });
  it("searches the whole deal when no company is named", () => {
    expect(routeDocuments(docs, understandQuery("Which company has the highest revenue?")).documentIds).toBeUndefined();
  });
});
