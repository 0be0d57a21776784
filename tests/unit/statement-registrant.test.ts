/**
 * A combined filing prints the statements of each registrant (a parent and its utility), each under
 * the company's name above the title: every statement line says whose it is. Pages are made-up
 * statements in the shapes 10-K text layers print them.
 */
import { describe, expect, it } from "vitest";
import { extractFindingsFromPages } from "@/lib/extraction/findings";
import { entityOfTitle } from "@/lib/statements/titles";
import { statements } from "../helpers/filings";

describe("the registrant a statement is of", () => {
  it("reads the company printed above the title of the statements read, so their lines say whose they are", async () => {
    const parent = statements("Harbor Energy Corporation", 1);
    const utility = statements("Harbor Gas and Electric Company", 2).map((p) => p.replace("Harbor Gas and Electric Company and Subsidiaries", "Harbor Gas and Electric Company"));
    const pages = [...parent, ...utility].map((text, i) => ({ pageNumber: 80 + i, text }));
    const out = await extractFindingsFromPages(pages, { filename: "HARBOR_2023_10K.pdf", fiscalYear: 2023 });
    const lines = out.candidates.map((c) => c.payload as { metric: string; valueNum: number; statement?: { kind: string; entity?: string } }).filter((p) => p.statement);
    expect(new Set(lines.map((p) => p.statement!.kind))).toEqual(new Set(["income", "balance", "cash_flow"]));
    expect(new Set(lines.map((p) => p.statement!.entity))).toEqual(new Set(["Harbor Energy Corporation and Subsidiaries"]));
  });

  it("reads a name printed before the title on its line, and none from a page header or a sentence", () => {
    expect(entityOfTitle(["ITEM 8. FINANCIAL STATEMENTS", "NORTHWIND, INC. CONSOLIDATED BALANCE SHEETS"], 1)).toBe("NORTHWIND, INC.");
    expect(entityOfTitle(["Table of Contents", "CONSOLIDATED STATEMENTS OF OPERATIONS"], 1)).toBeUndefined();
    expect(entityOfTitle(["The accompanying notes are an integral part of these statements.", "Consolidated Balance Sheets"], 1)).toBeUndefined();
  });
});
