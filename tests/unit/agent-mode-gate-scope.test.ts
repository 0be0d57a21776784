/**
 * The item gate checks what a passage says its figure is: a company-level item is never answered
 * by a part's figure (a unit, a place, a share of the whole, what the whole includes) nor by a
 * passage that does not name its concept; risks are answered only by passages of the risk section
 * (or, on a page with no section label, by passages in risk words); a ranking shows the values it
 * compared. Sentences here are invented, in the way filings write them.
 */
import { describe, expect, it } from "vitest";
import { readItems } from "@/lib/agent/reader/items";
import { checkItem } from "@/lib/agent/mode/item-gate";
import type { LegResult } from "@/lib/agent/mode/item-legs";

const cite = (page: number) => `(source: Filing.pdf, p.${page})`;
const source = (page: number, excerpt: string) => ({ id: `d:${page}`, documentId: "d", document: "Filing.pdf", page, excerpt, citation: cite(page), url: `/deals/x/documents/d?page=${page}` });
const search = (passages: Array<{ page: number; text: string; section?: string }>, asked?: { section: string; matched: boolean }) => ({
  toolName: "search_documents",
  input: { query: "q", ...(asked ? { section: asked.section } : {}) },
  output: {
    passages: passages.map((p) => ({ document: "Filing.pdf", page: p.page, text: p.text, citation: cite(p.page), charStart: 0, charEnd: p.text.length, ...(p.section ? { section: p.section } : {}) })),
    notes: asked && !asked.matched ? [`No page of the section "${asked.section}" matched; passages from other sections follow.`] : [],
  },
});
const leg = (text: string, calls: LegResult["toolCalls"], page = 9): LegResult => ({ item: 1, question: "q", text, sources: [source(page, text)], toolCalls: calls, ms: 1, batch: 1 });
const companies = ["Northwind Holdings Inc."];
const headcount = readItems("Northwind 2024: how many people it employs", companies).items[0]!;
/** The chat's answer: the figure in bold, then the sentence it quotes. */
const quoteOf = (sentence: string, figure = /(\d{1,3}(?:,\d{3})+)/.exec(sentence)![1]) => `Employees: **${figure}** — the filing states: "${sentence}" ${cite(9)}`;

describe("the gate's scope check on passages", () => {
  it("answers the company's headcount from a sentence that states it for the company", () => {
    const s = "As of December 31, 2024, we employed approximately 11,400 people globally.";
    expect(checkItem(headcount, [leg(quoteOf(s), [search([{ page: 9, text: s }])])], { companies }).status).toBe("answered");
  });

  it("reads a bold figure written after \"approximately\"", () => {
    const s = "As of December 31, 2024, we employed approximately 11,400 people globally.";
    expect(checkItem(headcount, [leg(`Northwind Holdings Inc. — Employees: **approximately 11,400 (as of December 31, 2024)** ${cite(9)}`, [search([{ page: 9, text: s }])])], { companies }).status).toBe("answered");
  });

  it("answers the headcount of the company named together with its subsidiary, and still refuses a unit's", () => {
    for (const s of [
      "At December 31, 2024, Northwind Holdings Inc. and the Utility had approximately 24,000 regular employees, approximately 13 of which were employees of Northwind Holdings Inc.",
      "At December 31, 2024, the Company and its subsidiaries employed approximately 24,000 people.",
    ]) expect(checkItem(headcount, [leg(quoteOf(s), [search([{ page: 9, text: s }])])], { companies }).status, s).toBe("answered");
    const unit = "At December 31, 2024, Northwind's Freight and Logistics units employed approximately 24,000 people.";
    expect(checkItem(headcount, [leg(quoteOf(unit), [search([{ page: 9, text: unit }])])], { companies }).status).toBe("failed");
  });

  it("refuses a unit's headcount, a subset located somewhere, a share of the whole and what the whole includes", () => {
    for (const s of [
      "As of May 31, 2024, Northwind Freight employed approximately 43,000 employees and operated 900 vehicles.",
      "Approximately 6,300 of our employees were located in Canada.",
      "Approximately 5,000 employees, which constitute 30% of our total workforce, were union represented as of December 31, 2024.",
      "As of December 31, 2024, our workforce included approximately 5,000 union members.",
    ]) {
      const c = checkItem(headcount, [leg(quoteOf(s), [search([{ page: 9, text: s }])])], { companies });
      expect(c, s).toMatchObject({ status: "failed", reason: expect.stringContaining("part's figure") });
    }
  });

  it("refuses a unit's figure named by the sentence's first word, though a finding holds the figure too", () => {
    const loss = readItems("Northwind 2024: loss from operations", companies).items[0]!;
    const s = "NWA loss from operations was $1,200 million in 2024 compared with $2,400 million in 2023.";
    const finding = { toolName: "query_knowledge_base", input: { query: "q" }, output: { findings: [{ metric: "Loss from operations", value: "USD 1,200 million" }], pages: [{ page: 9, excerpt: s }] } };
    const c = checkItem(loss, [leg(`Filing.pdf states: "${s}" ${cite(9)}`, [finding])], { companies });
    expect(c).toMatchObject({ status: "failed", reason: expect.stringContaining("NWA") });
    const total = "Loss from operations was $1,200 million in 2024.";
    expect(checkItem(loss, [leg(`Filing.pdf states: "${total}" ${cite(9)}`, [search([{ page: 9, text: total }])])], { companies }).status).toBe("answered");
  });

  it("refuses a figure quoted from a passage that does not name the item's concept", () => {
    const s = "As of December 31, 2024, the network had approximately 7,700 vehicles in service.";
    const c = checkItem(headcount, [leg(quoteOf(s), [search([{ page: 9, text: s }])])], { companies });
    expect(c).toMatchObject({ status: "failed", reason: expect.stringContaining("does not name") });
  });

  it("still answers a qualified figure asked by its qualifier (\"subscription revenue\")", () => {
    const sub = readItems("Subscription revenue for 2024", companies).items[0]!;
    const s = "Subscription revenue was USD 412 million in 2024, up 9% year on year.";
    expect(checkItem(sub, [leg(`The filing states: "${s}" ${cite(9)}`, [search([{ page: 9, text: s }])])], { companies }).status).toBe("answered");
  });
});

describe("the gate's section check on risks", () => {
  const risks = readItems("Northwind 2024: the top three risks", companies).items[0]!;
  const answer = (lines: string[]) => ["**Top risks**", ...lines.map((l) => `- ${l} ${cite(20)}`)].join("\n");
  const riskText = "Adverse economic conditions are a risk to demand for our services and could adversely affect our results of operations.";

  it("answers from a passage of the risk section, and from an unlabelled page written in risk words", () => {
    expect(checkItem(risks, [leg(answer([riskText]), [search([{ page: 20, text: riskText, section: "risk_factors" }])], 20)]).status).toBe("answered");
    expect(checkItem(risks, [leg(answer([riskText]), [search([{ page: 20, text: riskText }])], 20)]).status).toBe("answered");
  });

  it("refuses a page the search matched as the section that is another section's, and never calls that 'not in the data room'", () => {
    const index = "Item 1A Risk Factors Pages 27-32. Item 1B Unresolved Staff Comments Not applicable.";
    const other = checkItem(risks, [leg(answer([index]), [search([{ page: 20, text: index, section: "unresolved_staff_comments" }], { section: "risk factors", matched: true })], 20)]);
    expect(other).toMatchObject({ status: "failed", reason: expect.stringContaining("risk factors") });
  });

  it("refuses unlabelled passages that mention risk in passing, and discloses a room whose search matched no page of the section", () => {
    const request = "Legal: material contracts, change of control clauses. People: CTO and engineering organisation, key person risk.";
    const c = checkItem(risks, [leg(answer([request]), [search([{ page: 20, text: request }], { section: "risk factors", matched: false })], 20)]);
    expect(c.status).toBe("not_covered");
    expect(checkItem(risks, [leg("I couldn't find risk factors in the documents.", [search([])])]).status).toBe("not_covered");
  });
});

describe("the gate's check on a ranking", () => {
  const ranking = readItems("Which reportable segment had the highest net sales in 2024?", companies).items[0]!;
  const table = "Net sales by segment: North 169,658; South 95,118; East 74,200";

  it("is a ranking item", () => expect(ranking.kind).toBe("ranking"));

  it("refuses a quoted introduction that compares nothing, and answers a list of the compared values", () => {
    const intro = `The filing states: "Our 20 largest customers by sales as of December 31, 2024 were as follows:" ${cite(30)}`;
    expect(checkItem(ranking, [leg(intro, [search([{ page: 30, text: "Our 20 largest customers by sales as of December 31, 2024 were as follows:" }])], 30)])).toMatchObject({ status: "failed" });
    const ranked = ["The largest segment by net sales in FY2024 was North: USD 169,658 million.", `- North: USD 169,658 million ${cite(30)}`, `- South: USD 95,118 million ${cite(30)}`, `- East: USD 74,200 million ${cite(30)}`].join("\n");
    expect(checkItem(ranking, [leg(ranked, [search([{ page: 30, text: table }])], 30)]).status).toBe("answered");
  });
});

describe("a part's count the room does not state", () => {
  it("is not in the data room when no sentence names the part beside the figure, whatever else the page says of the part", () => {
    const india = readItems("Northwind 2024: headcount in india", companies).items[0]!;
    expect(india.reading.scope).toBe("india");
    const page = "As of December 31, 2024, we employed approximately 11,400 full-time employees. We operate research and development centers in the U.S., India and Ireland.";
    const c = checkItem(india, [leg("I couldn't find the headcount in India in the documents.", [search([{ page: 9, text: page }])])], { companies });
    expect(c.status).toBe("not_covered");
    // (…and a sentence stating it is the run's failure to answer)
    const stated = "Approximately 4,200 of our employees were located in India.";
    expect(checkItem(india, [leg("I couldn't find the headcount in India in the documents.", [search([{ page: 9, text: stated }])])], { companies }).status).toBe("failed");
  });
});
