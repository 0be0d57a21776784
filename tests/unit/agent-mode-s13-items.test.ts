/**
 * Items the thirteenth session's held-out requests answered wrong or missed, by mechanism: a row
 * naming a cost the question does not ask, a measure the deal prints only as a total ("Total
 * transaction take rate"), generic nouns a passage holds apart, a run rate (an amount, never a
 * percentage), an everyday phrase's words never respelled or read as a part, a deal's price said
 * first, a part row found by the kind of part it was read as, and a ranking's rows printed without
 * their scale. Invented companies and figures.
 */
import { describe, expect, it } from "vitest";
import type { LineItemRow } from "@/lib/agent/evidence/line-items";
import { writeLabelledRow } from "@/lib/agent/offline/answers-from/labelled-row";
import { pricePaid } from "@/lib/agent/offline/answers-from/quoted";
import { quoteAnswerOverride } from "@/lib/agent/offline/evidence-path";
import { readQuestion } from "@/lib/agent/reader/read";
import { readItems } from "@/lib/agent/reader/items";
import { checkItem, inOrder } from "@/lib/agent/mode/item-gate";
import type { LegResult } from "@/lib/agent/mode/item-legs";

const ROOM = ["ACME INC."];
const row = (label: string, value: number, o: Partial<LineItemRow> = {}): LineItemRow => ({
  item: "x", match: "table", label, source: "table", table: { title: "", headings: [] }, scale: 1e6, currency: "USD",
  columns: [{ period: "FY2024", months: 12, value: value * (o.scale ?? 1e6), printed: String(value) }], document: "ACME_2024_10K.pdf", page: 40, row: `${label} ${value}`, citation: "(source: ACME_2024_10K.pdf, p.40)", ...o,
});

describe("a row in the question's words, never one naming a cost it does not ask", () => {
  const gas = row("Natural gas", 4_011, { source: "statement", table: undefined, section: "Operating Revenues" });
  const gasCost = row("Cost of natural gas", 746, { source: "statement", table: undefined, section: "Operating Expenses" });
  const stockComp = row("Natural gas", 11, { table: { title: "Stock-based compensation expense is included in the following line items", headings: ["Total stock-based compensation"] } });
  it("answers the revenue line, in three wordings, whatever order the tool gave the rows", () => {
    for (const q of ["how much came from natural gas in fy2024", "natural gas fy2024", "natural gas for fiscal 2024"]) {
      for (const rows of [[gasCost, stockComp, gas], [gas, gasCost, stockComp]]) {
        expect(writeLabelledRow({ company: "ACME INC.", rows, notFound: [], notes: [] }, readQuestion(q, ROOM)) ?? "", q).toMatch(/Natural gas, fiscal 2024: \*\*USD 4,011 million\*\*/);
      }
    }
  });
  it("still answers the cost when the question asks it", () => {
    expect(writeLabelledRow({ company: "ACME INC.", rows: [gas, gasCost], notFound: [], notes: [] }, readQuestion("cost of natural gas fy2024", ROOM)) ?? "").toMatch(/\*\*USD 746 million\*\*/);
  });
});

describe("a measure printed only as the company's total", () => {
  const pct = (label: string, v: number, headings: string[] = ["Transaction take rate"]) => row(label, v, { unit: "%", scale: 1, currency: undefined, table: { title: "Key operating metrics", headings } });
  const rows = [pct("Marketplace take rate", 8.25, []), pct("Ticketing take rate", 22.48, []), pct("Total transaction take rate", 8.97), pct("Marketplace", 8.25)];
  it("answers the total row whose label ends in the words asked, in three wordings", () => {
    for (const q of ["acme take rate fy2024", "what was the take rate in 2024?", "take rate for fiscal 2024"]) {
      expect(writeLabelledRow({ company: "ACME INC.", rows, notFound: [], notes: [] }, readQuestion(q, ROOM)) ?? "", q).toMatch(/Total transaction take rate.*\*\*8\.97%\*\*/);
    }
  });
  it("answers nothing from the parts' rows alone", () => {
    expect(writeLabelledRow({ company: "ACME INC.", rows: rows.slice(0, 2), notFound: [], notes: [] }, readQuestion("acme take rate fy2024", ROOM))).toBeNull();
  });
});

describe("the gate on a figure named only by generic nouns", () => {
  const cite = "(source: ACME_2024_10K.pdf, p.60)";
  const apart = "Adverse changes in exchange rates of 20% would have reduced income by $26 million, taking into consideration the forwards in place.";
  const together = "The total transaction take rate was 8.97% in 2024.";
  const leg = (sentence: string): LegResult => ({
    item: 1, question: "q", text: `ACME_2024_10K.pdf states: "${sentence}" ${cite}`, ms: 1, batch: 1,
    sources: [{ id: "d:60", documentId: "d", document: "ACME_2024_10K.pdf", page: 60, excerpt: sentence, citation: cite, url: "/x" }],
    toolCalls: [{ toolName: "search_documents", input: { query: "take rate" }, output: { passages: [{ document: "ACME_2024_10K.pdf", page: 60, text: sentence, citation: cite, charStart: 0, charEnd: sentence.length }], notes: [] } }] as LegResult["toolCalls"],
  });
  it("takes a passage holding the words apart for no answer, in three wordings", () => {
    for (const ask of ["ACME FY24: take rate", "ACME FY24: what's the take rate", "ACME FY24: GMV, take rate"]) {
      const item = readItems(ask, ROOM).items.find((i) => /take rate/i.test(i.ask))!;
      expect(checkItem(item, [leg(apart)]).status, ask).not.toBe("answered");
    }
  });
  it("reads the words in order, one word between at most", () => {
    expect(inOrder(["take", "rate"], ["total", "transact", "take", "rate"])).toBe(true);
    expect(inOrder(["take", "rate"], ["exchang", "rate", "take", "into"])).toBe(false);
    expect(inOrder(["run", "rate"], ["run", "revenu", "rate"])).toBe(true);
    expect(together).toMatch(/take rate/);
  });
});

describe("a run rate asked", () => {
  it("is an amount: a sentence stating it in money is no sentence missing a percentage, in three wordings", () => {
    const lead = 'ACME_2024_10K.pdf states: "Cloud annualized revenue run rate exceeded $12.1 billion." (source: ACME_2024_10K.pdf, p.29)';
    for (const q of ["acme cloud run rate fy2024", "what was the cloud annualized run rate in 2024?", "cloud revenue run-rate for fiscal 2024"]) {
      expect(quoteAnswerOverride(readQuestion(q, ROOM), lead, []) ?? "", q).not.toMatch(/states no percentage|not a rate/);
    }
    // a rate that is a percentage still asks one
    expect(quoteAnswerOverride(readQuestion("acme on-time delivery rate fy2024", ROOM), 'ACME_2024_10K.pdf states: "On-time delivery improved across the network, saving $12 million." (source: ACME_2024_10K.pdf, p.29)', []) ?? "").toMatch(/states no percentage/);
  });
});

describe("an everyday phrase read as its concept", () => {
  it("never respells its words, nor reads its object as a part, in three wordings", () => {
    for (const q of ["How much stock they bought back in FY2024?", "how much stock did they buy back in 2024", "How much they bought back in FY2024?"]) {
      const r = readQuestion(q, ROOM);
      expect(r.concepts.map((c) => c.id), q).toEqual(["share_repurchases"]);
      expect(r.scope, q).toBeUndefined();
    }
    // a part named before an everyday phrase is still the part
    expect(readQuestion("How much did Europe bring in in 2024?", ROOM).scope).toBe("Europe");
  });
});

describe("a deal's price", () => {
  it("is the amount words of a price lead to after the business named, never another amount", () => {
    expect(pricePaid("The total purchase price for Widgetco was approximately $9.1 billion, which consisted of approximately $9.0 billion in cash and $78 million for the fair values of awards.", "Widgetco")).toBe("approximately $9.1 billion");
    expect(pricePaid("In May we acquired Gizmo Ltd. for approximately $583 million, and in August we acquired Widgetco, a grocer, for approximately $13.2 billion.", "Widgetco")).toBe("approximately $13.2 billion");
    expect(pricePaid("We acquired Widgetco, a company with revenue of $500 million, for $2.1 billion in cash.", "Widgetco")).toBe("$2.1 billion");
    expect(pricePaid("Widgetco had revenue of $500 million.", "Widgetco")).toBeUndefined();
  });
});

describe("capitals before a figure the documents write out", () => {
  const cite = "(source: ACME_2024_10K.pdf, p.40)";
  const notFound = (ask: string, passage: string): LegResult => ({
    item: 1, question: "q", text: `I couldn't find a stated ${ask} for fiscal 2024 in the documents.`, ms: 1, batch: 1, sources: [],
    toolCalls: [
      { toolName: "get_line_items", input: { items: [ask] }, output: { rows: [], notFound: [ask], notes: [] } },
      { toolName: "search_documents", input: { query: `${ask} 2024` }, output: { passages: [{ document: "ACME_2024_10K.pdf", page: 40, text: passage, citation: cite, charStart: 0, charEnd: passage.length }], notes: [] } },
    ] as LegResult["toolCalls"],
  });
  it("are the part's initials: not finding them is the run's failure, never a gap in the room", () => {
    for (const [req, passage] of [["ACME FY24: DM ARR exiting the year", "Total Digital Media ARR grew to $3.00 billion."], ["ACME FY24: CC subscribers", "We ended the year with 6.2 million paid Creative Cloud subscriptions."], ["ACME FY24: DS paid members", "Domestic Streaming paid memberships rose to 43 million."]] as const) {
      const item = readItems(req, ROOM).items[0]!;
      const c = checkItem(item, [notFound(item.ask, passage)]);
      expect(c.status, req).toBe("failed");
      expect(c.legs[0], req).toMatchObject({ reason: expect.stringMatching(/did not read/) });
    }
  });
  it("written out nowhere in the results, are a measure the room may not state", () => {
    const item = readItems("ACME FY24: NPS score", ROOM).items[0]!;
    expect(checkItem(item, [notFound(item.ask, "Customer satisfaction remains a priority.")]).status).toBe("not_covered");
  });
});
