/**
 * Readings and evidence choices from analysts' wordings: a balance asked "now" is the newest balance
 * sheet, a quarterly report's after the annual one; a state asked "still" is settled by the newest
 * filing; a definition decides no yes or no; "on that" carries the part the last turn read; an
 * adverb or "guide" names no figure; a count stated in a sentence is found by a name of several
 * words; a note reference or a footnote's component is never the statement line.
 */
import { describe, expect, it } from "vitest";
import { conceptById } from "@/lib/agent/concepts/catalog";
import type { LineItemRow } from "@/lib/agent/evidence/line-items";
import { newestBalances } from "@/lib/agent/evidence/line-items";
import { resolvePeriods } from "@/lib/agent/evidence/periods";
import type { ScopeDocument } from "@/lib/agent/evidence/scope";
import type { ToolExchange } from "@/lib/agent/offline/conversation";
import { pickRow } from "@/lib/agent/offline/answers-from/pick-row";
import { writeStated } from "@/lib/agent/offline/answers-from/stated";
import { labelAnswerOverride, quoteAnswerOverride, respelledReading, stepsFor } from "@/lib/agent/offline/evidence-path";
import { readQuestion } from "@/lib/agent/reader/read";
import { questionTerms } from "@/lib/answers/narrative/terms";
import { decideYesNo } from "@/lib/answers/narrative/yes-no";

const ROOM = ["ACME INC."];
const doc = (id: string, fiscalYear: number, fiscalPeriod: string, kind: string): ScopeDocument => ({ id, filename: `${id}.pdf`, kind, fiscalYear, fiscalPeriod, company: "ACME INC." });

describe("a balance asked as of now", () => {
  const docs = [doc("ACME_2023_10K", 2023, "FY", "annual report"), doc("ACME_2024Q2_10Q", 2024, "Q2", "quarterly report")];

  it("is read at the newest balance sheet, a quarterly report's after the last annual one", () => {
    for (const now of ["latest", "now"]) {
      expect(resolvePeriods([now], docs, { balance: true }).labels, now).toEqual(["Q2 2024"]);
    }
  });

  it("stays the latest fiscal year for a flow, and for a balance when the annual report is newest", () => {
    expect(resolvePeriods(["latest"], docs).labels).toEqual(["FY2023"]);
    expect(resolvePeriods(["latest"], [doc("ACME_2023_10K", 2023, "FY", "annual report"), doc("ACME_2023Q2_10Q", 2023, "Q2", "quarterly report")], { balance: true }).labels).toEqual(["FY2023"]);
  });

  it("takes the rows printing a later balance date, at the latest date only", () => {
    const row = (document: string, cols: Array<[string, string, number]>): LineItemRow =>
      ({ item: "inventories", match: "label", label: "Merchandise inventories", source: "statement", scale: 1e6, currency: "USD", columns: cols.map(([period, periodEnd, value]) => ({ period, periodEnd, months: 0, value })), document, page: 3, row: "Merchandise inventories", citation: `(source: ${document}, p.3)` }) as LineItemRow;
    const annual = row("ACME_2023_10K.pdf", [["FY2023", "2023-01-28", 5140e6], ["FY2022", "2022-01-29", 5965e6]]);
    const quarterly = row("ACME_2024Q2_10Q.pdf", [["Q2 2024", "2023-07-29", 5651e6], ["FY2023", "2023-01-28", 5140e6]]);
    const later = newestBalances([annual, quarterly], ["FY2023"]);
    expect(later.map((r) => [r.document, r.columns.map((c) => c.value)])).toEqual([["ACME_2024Q2_10Q.pdf", [5651e6]]]);
    expect(newestBalances([annual], ["FY2023"])).toEqual([]);
  });
});

describe("a state asked 'still'", () => {
  it("reads 'is it still …' and 'do they still …' as now", () => {
    for (const q of ["is acme still in chapter 11?", "are they still in bankruptcy", "does acme still pay a dividend"]) {
      expect(readQuestion(q, ROOM).periods, q).toEqual(["latest"]);
    }
    expect(readQuestion("sales still grew in 2022?", ROOM).periods).not.toContain("latest");
  });

  it("is not settled by an older filing's sentence when a newer filing was read", () => {
    const r = readQuestion("is acme still in chapter 11?", ROOM);
    const done: ToolExchange[] = [{ toolName: "query_knowledge_base", input: {}, output: { pages: [{ document: "ACME_2019_10K.pdf", page: 67, documentDate: "2019-12-31" }, { document: "ACME_2020_10K.pdf", page: 61, documentDate: "2020-12-31" }] } }];
    const text = `Yes — ACME_2019_10K.pdf states: "For the duration of the Chapter 11 Cases, the business is subject to the risks of bankruptcy." (source: ACME_2019_10K.pdf, p.67)`;
    expect(quoteAnswerOverride(r, text, done)).toMatch(/^I couldn't find a sentence in the newest filing/);
    const newest = text.replace(/2019/g, "2020");
    expect(quoteAnswerOverride(r, newest, done)).toBeNull();
  });

  it("never takes a definition for a yes or a no", () => {
    const q = "is acme still in chapter 11?";
    expect(decideYesNo(q, "1.21 Chapter 11 Cases means the jointly administered cases under chapter 11 of the Bankruptcy Code.", questionTerms(q))).toBeUndefined();
    expect(decideYesNo(q, "“Chapter 11 Cases” shall mean the cases commenced by the Debtors.", questionTerms(q))).toBeUndefined();
    expect(decideYesNo("did acme emerge from chapter 11?", "Acme emerged from chapter 11 on July 1, 2020.", questionTerms("did acme emerge from chapter 11?"))).toBe("yes");
  });
});

describe("an action asked in the present tense", () => {
  it("looks for a suspension before the last year's amount", () => {
    for (const q of ["are they paying a dividend?", "is acme paying dividends", "does acme pay a dividend", "is acme buying back shares"]) {
      expect(stepsFor(readQuestion(q, ROOM))?.[0], q).toBe("halted");
    }
    expect(stepsFor(readQuestion("did acme pay a dividend in 2022", ROOM))?.[0]).not.toBe("halted");
  });
});

describe("follow-ups", () => {
  it("carries the part the last turn read by its label to a figure asked 'on that'", () => {
    const first = readQuestion("how much did acme make from services in fy22", ROOM);
    for (const q of ["whats the gross margin % on that", "and the gross margin on it?", "what's the operating margin for that"]) {
      const r = readQuestion(q, ROOM, first);
      expect(r.scope, q).toBe("services");
      expect(r.periods, q).toEqual(["FY2022"]);
      expect(r.company, q).toBe("ACME INC.");
    }
  });

  it("carries the figure when the turn adds only an adverb and a verb", () => {
    for (const [first, q] of [["acme capex guide fy24?", "so what did they actually spend in fy23"], ["acme r&d fy22", "what did they really spend the year before"]] as const) {
      const r = readQuestion(q, ROOM, readQuestion(first, ROOM));
      expect(r.label, q).toBeUndefined();
      expect(r.concepts.length, q).toBe(1);
      expect(r.concepts[0]!.id, q).toBe(readQuestion(first, ROOM).concepts[0]!.id);
    }
    // "guide" names no part of the company
    expect(readQuestion("acme capex guide fy24?", ROOM).scope).toBeUndefined();
  });
});

describe("figures the catalog names now", () => {
  it("reads stock-based compensation, restructuring and holders of record in analysts' words", () => {
    const cases: Array<[string, string]> = [
      ["acme sbc fy23?", "stock_based_compensation"],
      ["how much stock comp did acme record in fiscal 2022", "stock_based_compensation"],
      ["acme share-based comp fy21", "stock_based_compensation"],
      ["acme restructuring charges fy23", "restructuring"],
      ["acme restructuring - how much in charges are they expecting", "restructuring"],
      ["number of holders of record for acme common?", "holders_of_record"],
      ["how many shareholders of record does acme have", "holders_of_record"],
    ];
    for (const [q, id] of cases) expect(readQuestion(q, ROOM).concepts.map((c) => c.id), q).toEqual([id]);
    // "in charges" is no "in charge"
    expect(readQuestion("who's in charge at acme", ROOM).concepts.map((c) => c.id)).toEqual(["ceo"]);
  });

  it("reads a figure someone is 'going to' or 'expecting' to spend as the company's outlook", () => {
    for (const q of ["what's the restructuring going to cost them in total", "how much will the restructuring cost", "acme restructuring - how much in charges are they expecting"]) {
      expect(stepsFor(readQuestion(q, ROOM)), q).toEqual(["outlook"]);
    }
  });

  it("finds a count stated beside a name of several words", () => {
    const c = conceptById("holders_of_record")!;
    const passages = [{ document: "ACME_2023_10K.pdf", page: 38, charStart: 0, charEnd: 90, citation: "(source: ACME_2023_10K.pdf, p.38)", text: "On July 24, 2023, there were 83,883 registered holders of record of our common stock." }];
    expect(writeStated({ passages, notes: [] }, c, readQuestion("acme holders of record", ROOM))).toMatch(/83,883 registered holders of record/);
  });
});

describe("a statement line and its footnote", () => {
  const at = (label: string, section: string, value: number, title?: string): LineItemRow =>
    ({ item: "restructuring", match: "label", label, source: "statement", section, ...(title ? { table: { title, headings: [] } } : {}), scale: 1e6, currency: "USD", columns: [{ period: "FY2023", months: 12, value: value * 1e6 }], document: "ACME_2023_10K.pdf", page: 61, row: `${label} ${value}`, citation: "(source: ACME_2023_10K.pdf, p.61)" }) as LineItemRow;

  it("reads the line with its note reference, never the footnote's component of it", () => {
    const rows = [at("Restructuring", "(2) Amounts include stock-based compensation expense, as follows", 20), at("Restructuring (Note 10)", "Operating expenses", 828)];
    expect(pickRow({ rows, notFound: [], notes: [] }, conceptById("restructuring")!, ["FY2023"])?.columns[0]?.value).toBe(828e6);
  });

  it("takes the value more of the filing's tables state when rows disagree, and none on a tie", () => {
    const row = (value: number, title: string): LineItemRow => ({ ...at("Stock-based compensation expense", "", value, title), source: "table", item: "stock-based compensation" }) as LineItemRow;
    const c = conceptById("stock_based_compensation")!;
    const voted = [row(9611, "Stock-based compensation expense and related income tax benefits"), row(9611, "Stockholders' equity statements"), row(1651, "Deferred income tax assets")];
    expect(pickRow({ rows: voted, notFound: [], notes: [] }, c, ["FY2023"])?.columns[0]?.value).toBe(9611e6);
    expect(pickRow({ rows: voted.slice(1), notFound: [], notes: [] }, c, ["FY2023"])).toBeNull();
  });
});

describe("a figure named by the question's own words, asked with no period", () => {
  it("is not answered by a quote that does not name the thing asked", () => {
    const r = readQuestion("whats their monthly churn", ROOM);
    const done: ToolExchange[] = [
      { toolName: "get_line_items", input: { items: [r.label] }, output: { rows: [], notFound: [r.label], notes: [] } },
      { toolName: "search_documents", input: { query: r.label }, output: { passages: [], notes: [] } },
    ];
    const text = `ACME_2017_10K.pdf states: "The increase in revenues was due to 43% growth in paid memberships and an 11% increase in average monthly revenue per paying membership." (source: ACME_2017_10K.pdf, p.23)`;
    expect(labelAnswerOverride(r, done, text)).toMatch(/^I couldn't find/);
    expect(labelAnswerOverride(r, done, text.replace("average monthly revenue", "a monthly churn of 2.4% and revenue"))).toBeNull();
  });
});

describe("the business outside the home market", () => {
  it("is read as the International part when the rows are found so, the analyst's words kept otherwise", () => {
    for (const q of ["acme gmv outside the us q2 2023", "acme revenue outside of the U.S. in 2022", "non-US revenue 2022"]) {
      const r = readQuestion(q, ROOM);
      expect(r.scope, q).toMatch(/outside|non/i);
      const done: ToolExchange[] = [{ toolName: "get_line_items", input: {}, output: { rows: [], notFound: [], notes: [], respelled: { [r.scope!.toLowerCase()]: "International" } } }];
      expect(respelledReading(r, done).scope, q).toBe("International");
    }
    // no tool read it so: the words stay as asked, for the sentences that say them
    const r = readQuestion("acme revenue outside the us 2022", ROOM);
    expect(respelledReading(r, []).scope).toBe(r.scope);
  });
});
