/**
 * The per-topic gate: request → topics (kind, period) → per-topic verdicts against opened
 * sources; and the source figure reader it relies on (line item, period column, note column).
 * Fixtures are made-up pages of a made-up company.
 */
import { describe, expect, it } from "vitest";
import { figuresIn, valueNumbers } from "@/lib/agent/mode/figures";
import { requestTopics } from "@/lib/agent/mode/request-topics";
import { checkTopics } from "@/lib/agent/mode/topic-gate";
import type { OpenedCitation, SearchRecord } from "@/lib/agent/mode/types";
import { validateFinal } from "@/lib/agent/mode/validate";
import { analyzeConstraints } from "@/lib/agent/mode/constraints";

const QUARTER = [
  "Example Widgets plc Interim report | 12 November 2031",
  "Condensed income statement",
  "GBP thousands Q2 2031 Q2 2030 6M 2031 6M 2030",
  "Revenue 7,300 6,100 13,900 12,000",
  "EBITDA 1,460 1,100 2,700 2,150",
  "EBITDA margin 20.0% 18.0% 19.4% 17.9%",
  "Example Widgets plc | Page 3 of 9",
].join("\n");
const DECK = ["Example Widgets plc Board pack | 1 July 2031", "Q2 2031 revenue budget: GBP 7.0 million, set in January 2031."].join("\n");
const ANNUAL = ["Income statement", "GBP thousands Note 2030", "Revenue 3 25,600", "Operating profit 4,100"].join("\n");
const RISKS = "The main risks are the dependence on two suppliers of sensor chips and the currency exposure of sales in US dollars.";

function opened(n: number, document: string, text: string): OpenedCitation {
  return { n, ref: null, documentId: `00000000-0000-4000-8000-00000000000${n}`, document, page: 1, pageEnd: 1, chunkId: null, kind: "page", text, contextText: text, truncated: false, snippet: "", documentDate: null, documentKind: null, versionGroup: null, role: "evidence" };
}
const search = (query: string): SearchRecord => ({ index: 1, query, results: [] });

describe("request topics", () => {
  it("reads a list request into typed topics with the period asked", () => {
    const t = requestTopics("Q2 2031 revenue and EBITDA with margins, revenue against the budget, the main risks");
    expect(t.map((x) => [x.kind, x.subject, x.period])).toEqual([
      ["figure", "revenue", "Q2 2031"],
      ["figure", "ebitda", "Q2 2031"],
      ["ratio", "margin", "Q2 2031"],
      ["comparison", "revenue", "Q2 2031"],
      ["narrative", "risks", null],
    ]);
    expect(t[3]!.against).toBe("budget");
  });

  it("ignores process instructions and takes explicit search topics as they are", () => {
    expect(requestTopics("Using the newest dated document, what was FY2030 EBITDA? Open the source and quote the exact figure.").map((x) => x.subject)).toEqual(["ebitda"]);
    const q = "Separate searches for revenue and litigation, open two sources";
    expect(requestTopics(q, analyzeConstraints(q)).map((x) => x.name)).toEqual(["revenue", "litigation"]);
  });

  it("a period asked with \"for the …\" leaves the figure as the topic, with that period (not a narrative topic \"revenue for the\")", () => {
    const t = (q: string) => requestTopics(q, analyzeConstraints(q)).map((x) => [x.kind, x.subject, x.period]);
    expect(t("What was revenue for the third quarter of 2031? Open the source and quote the exact figure.")).toEqual([["figure", "revenue", "Q3 2031"]]);
    expect(t("What was EBITDA for the first half of 2031?")).toEqual([["figure", "ebitda", "H1 2031"]]);
    expect(t("Net income over the fiscal year 2030")).toEqual([["figure", "net income", "FY2030"]]);
  });
});

describe("request topics the gate does not guess at", () => {
  it("a question's lead words are no topic, a qualifier is no amount, and relations or processes are not checked topic by topic", () => {
    const t = (q: string) => requestTopics(q, analyzeConstraints(q)).map((x) => [x.kind, x.subject]);
    expect(t("Is there any litigation?")).toEqual([["narrative", "litigation"]]);
    expect(t("Does the company have any debt covenants?")).toEqual([["narrative", "debt covenants"]]);
    expect(t("How many employees does the company have?")).toEqual([["figure", "employees"]]);
    expect(t("Compare forecast to actual")).toEqual([]);
    expect(t("Walk me through the P&L")).toEqual([]);
    expect(t("Explain the difference between the original and corrected annual report")).toEqual([]);
  });
});

describe("source figures", () => {
  it("maps row values to their period columns", () => {
    const f = figuresIn(QUARTER).filter((x) => x.label === "Revenue");
    expect(f.slice(0, 2).map((x) => [x.raw, x.period])).toEqual([["7,300", "Q2 2031"], ["6,100", "Q2 2030"]]);
    expect(f.slice(2).every((x) => x.period !== "Q2 2031")).toBe(true);
  });

  it("reads a note reference between label and value as a note, not part of the value", () => {
    const rev = figuresIn(ANNUAL).filter((x) => x.label === "Revenue");
    expect(rev).toHaveLength(1);
    expect(rev[0]).toMatchObject({ raw: "25,600", value: 25600, period: "FY2030", note: "3" });
    expect(valueNumbers("Revenue 3 25,600").map((n) => n.raw)).toEqual(["25,600"]);
  });

  it("gives a prose figure the period its clause names, and a bracketed comparative no period of its own", () => {
    const f = figuresIn("Revenue for the second quarter of 2031 was GBP 7.3 million (GBP 6.1 million), and GBP 12.0 million in the first half of 2030.");
    expect(f.map((x) => [x.raw, x.period])).toEqual([["7.3", "Q2 2031"], ["6.1", "comparative"], ["12.0", "H1 2030"]]);
  });

  it("does not take years, dates or period labels for values", () => {
    expect(valueNumbers("Board pack | 1 July 2031, Q2 2031 and 6M 2031 (p. 4)").map((n) => n.raw)).toEqual([]);
  });
});

describe("per-topic verdicts", () => {
  const topics = requestTopics("Q2 2031 revenue and EBITDA with margins, revenue against the budget, the main risks");
  const src = [opened(1, "Interim.pdf", QUARTER), opened(2, "Board.pdf", DECK), opened(3, "Risks.pdf", RISKS)];
  const searches = ["Q2 2031 revenue", "Q2 2031 ebitda", "Q2 2031 margins", "revenue against the budget", "main risks"].map(search);
  const verdict = (answer: string) => Object.fromEntries(checkTopics({ answer, topics, opened: src, searches, phrase: "Insufficient documentation" }).map((v) => [v.topic.name, v.status]));

  it("a slide header or a table header answers nothing", () => {
    expect(Object.values(verdict('Board.pdf: "Example Widgets plc Board pack | 1 July 2031" [2]'))).toEqual(Array(5).fill("unanswered"));
    expect(verdict('## Revenue\n\nInterim.pdf: "GBP thousands Q2 2031 Q2 2030 6M 2031 6M 2030" [1]').revenue).toBe("unanswered");
  });

  it("a figure of another period, or of another line item, does not answer", () => {
    expect(verdict("Revenue, Q2 2031: 6,100 [1]").revenue).toBe("unanswered");
    expect(verdict("Revenue, Q2 2031: 1,460 [1]").revenue).toBe("unanswered");
  });

  it("accepts each topic answered from an opened source for the period, and a searched gap disclosed", () => {
    const answer = [
      "- **Revenue, Q2 2031:** GBP 7,300 thousand [1]",
      "- **EBITDA, Q2 2031:** 1,460 [1]",
      "- **EBITDA margin, Q2 2031:** 20.0% [1]",
      "- **Revenue against the budget, Q2 2031:** 7,300 [1] against a budget of GBP 7.0 million [2]",
      "- **Main risks:** dependence on two suppliers of sensor chips and currency exposure of US dollar sales [3]",
    ].join("\n");
    expect(verdict(answer)).toEqual({ revenue: "answered", ebitda: "answered", margins: "answered", "revenue against the budget": "answered", "main risks": "answered" });
    expect(verdict("**Insufficient documentation** — main risks: no document covers them (searched: main risks).")["main risks"]).toBe("disclosed");
  });

  it("a gap called missing without a search is not accepted", () => {
    const v = checkTopics({ answer: "Insufficient documentation for the main risks.", topics, opened: src, searches: [], phrase: "Insufficient documentation" }).find((x) => x.topic.name === "main risks")!;
    expect(v.status).toBe("unanswered");
    expect(v.needsTools).toBe(true);
  });

  it("validateFinal fails a header-only answer with TOPIC_NOT_ANSWERED", () => {
    const question = "Q2 2031 revenue and EBITDA";
    const v = validateFinal({ answer: 'Interim.pdf: "GBP thousands Q2 2031 Q2 2030 6M 2031 6M 2030" [1]', question, constraints: analyzeConstraints(question), searches: [search("Q2 2031 revenue EBITDA")], opened: src });
    expect(v.ok).toBe(false);
    expect(v.failures.filter((f) => f.code === "TOPIC_NOT_ANSWERED")).toHaveLength(2);
    expect(v.topics.map((t) => t.status)).toEqual(["unanswered", "unanswered"]);
  });
});

describe("no period asked", () => {
  it("the latest period of a line item is meant: an earlier column of the same row does not answer", () => {
    const topics = requestTopics("Revenue and EBITDA");
    const src = [opened(1, "Interim.pdf", QUARTER)];
    const run = (answer: string) => checkTopics({ answer, topics, opened: src, searches: [search("revenue EBITDA")], phrase: "Insufficient documentation" });
    const old = run("Revenue: 6,100 [1]. EBITDA: 1,100 [1]");
    expect(old.map((v) => v.status)).toEqual(["unanswered", "unanswered"]);
    expect(old[0]!.reason).toMatch(/not the latest period/);
    expect(run("Revenue, Q2 2031: 7,300 [1]. EBITDA, Q2 2031: 1,460 [1]").map((v) => v.status)).toEqual(["answered", "answered"]);
  });
});

describe("what counts as the line item", () => {
  const topics = requestTopics("FY2031 revenues and net income with gross margin");
  const PAGE = [
    "(In millions) FISCAL 2031 FISCAL 2030 % CHANGE FISCAL 2029 % CHANGE",
    "Revenues $ 9,100 $ 8,400 8% $ 7,900 6%",
    "Cost of sales 5,000 4,700 6% 4,500 4%",
    "Gross profit 4,100 3,700 11% 3,400 9%",
    "Gross margin 45.1% 44.0% 110 bps 43.0% 100 bps",
    "Net income $ 900 $ 800 13% $ 700 14%",
    "",
    "Online sales for fiscal 2031 were $1.2 billion, and margins improved by 1.1 percentage points.",
  ].join("\n");
  const src = [opened(1, "Annual.pdf", PAGE)];
  const run = (answer: string) => Object.fromEntries(checkTopics({ answer, topics, opened: src, searches: [search("FY2031 revenues net income gross margin")], phrase: "Insufficient documentation" }).map((v) => [v.topic.name, v.status]));

  it("reads amounts past '% change' columns into their periods", () => {
    const rev = figuresIn(PAGE).filter((f) => f.label === "Revenues" && f.kind === "row");
    expect(rev.map((f) => [f.raw, f.period])).toEqual([["9,100", "FY2031"], ["8,400", "FY2030"], ["7,900", "FY2029"]]);
  });

  it("the whole line item answers; a part of it, a cost of it, a change in points or a % change does not", () => {
    expect(run("- Revenues, FY2031: $9,100 million [1]\n- Net income, FY2031: $900 million [1]\n- Gross margin, FY2031: 45.1% [1]")).toEqual({ revenues: "answered", "net income": "answered", "gross margin": "answered" });
    expect(run("- Revenues, FY2031: online sales of $1.2 billion [1]").revenues).toBe("unanswered");
    expect(run("- Revenues, FY2031: 5,000 [1]").revenues).toBe("unanswered"); // cost of sales
    expect(run("- Revenues, FY2031: 8% [1]").revenues).toBe("unanswered");
    expect(run("- Gross margin, FY2031: 1.1 percentage points [1]")["gross margin"]).toBe("unanswered");
    expect(run("- Gross margin, FY2031: 11% [1]")["gross margin"]).toBe("unanswered"); // gross profit's % change is no margin
  });
});

describe("a prose answer", () => {
  it("is read sentence by sentence: each topic answered where its sentence says so, a gap disclosed only where it is named", () => {
    const topics = requestTopics("Q2 2031 revenue and EBITDA, revenue against the budget, the main risks");
    const src = [opened(1, "Interim.pdf", QUARTER), opened(2, "Board.pdf", DECK)];
    const searches = ["Q2 2031 revenue", "Q2 2031 ebitda", "revenue against the budget", "main risks"].map(search);
    const run = (answer: string) => Object.fromEntries(checkTopics({ answer, topics, opened: src, searches, phrase: "Insufficient documentation" }).map((v) => [v.topic.name, v.status]));
    const prose = "In Q2 2031 revenue was GBP 7.3 million [1]. The board's budget for the quarter was GBP 7.0 million, so revenue came in above it [2]. Insufficient documentation: no document covers the main risks (searched: main risks).";
    expect(run(prose)).toEqual({ revenue: "answered", ebitda: "unanswered", "revenue against the budget": "answered", "main risks": "disclosed" });
    expect(run(`${prose} EBITDA, Q2 2031: GBP 1,460 thousand [1].`).ebitda).toBe("answered");
    // a wrong EBITDA next to a gap sentence about the risks is not a disclosed EBITDA gap
    expect(run("EBITDA in Q2 2031 was GBP 9.9 million [1]. Insufficient documentation: no document covers the main risks (searched: main risks).").ebitda).toBe("unanswered");
  });
});

describe("narrative topics", () => {
  const LEADERS = ["Example Widgets plc Board pack | 1 July 2031", "Leadership team", "Ann Other, Chief Executive Officer since 2027, previously ran the sensor division.", "Bo Someone, Chief Financial Officer since 2029."].join("\n");
  const src = [opened(1, "Bios.docx", LEADERS)];
  const run = (question: string, answer: string) => checkTopics({ answer, topics: requestTopics(question), opened: src, searches: [search(question)], phrase: "Insufficient documentation" })[0]!.status;

  it("the one topic of a request may be answered in other words than its name", () => {
    expect(run("Summarize the management team", "Ann Other has been Chief Executive Officer since 2027 and Bo Someone Chief Financial Officer since 2029 [1].")).toBe("answered");
  });

  it("a quoted page header under the topic's label answers nothing", () => {
    expect(run("Summarize the management team", '- **Management team:** Bios.docx, p.1: "Example Widgets plc Board pack | 1 July 2031" [1]')).toBe("unanswered");
    expect(run("What are the main risks?", '- **Main risks:** Bios.docx, p.1: "Example Widgets plc Board pack | 1 July 2031" [1]')).toBe("unanswered");
  });
});

describe("sentences about the document", () => {
  it("'This document presents the management team' is no summary of the team", () => {
    const PAGE = "Management team biographies\nThis document presents the members of the Example Widgets management team as of 1 July 2031.";
    const src = [opened(1, "Bios.docx", PAGE)];
    const v = checkTopics({ answer: '- **Management team:** Bios.docx, p.1: "This document presents the members of the Example Widgets management team as of 1 July 2031." [1]', topics: requestTopics("Summarize the management team"), opened: src, searches: [search("management team")], phrase: "Insufficient documentation" });
    expect(v[0]!.status).toBe("unanswered");
  });
});

describe("a computed margin", () => {
  const question = "Q2 2031 revenue and EBITDA with margins";
  const src = [opened(1, "Interim.pdf", QUARTER.replace(/\nEBITDA margin .*/, ""))];
  const check = (answer: string) => validateFinal({ answer, question, constraints: analyzeConstraints(question), searches: [search("Q2 2031 revenue ebitda margins")], opened: src });

  it("is accepted when the answer shows the two sourced figures it divides, for the period", () => {
    const v = check("- Revenue, Q2 2031: GBP 7,300 thousand [1]\n- EBITDA, Q2 2031: GBP 1,460 thousand [1]\n- EBITDA margin, Q2 2031: 20.0% (1,460 / 7,300) [1]");
    expect(v.failures.map((f) => f.code)).toEqual([]);
    expect(v.topics.map((t) => t.status)).toEqual(["answered", "answered", "answered"]);
  });

  it("is rejected when the arithmetic does not hold or an input is of another period", () => {
    expect(check("- Revenue, Q2 2031: GBP 7,300 thousand [1]\n- EBITDA, Q2 2031: GBP 1,460 thousand [1]\n- EBITDA margin, Q2 2031: 21.0% (1,460 / 7,300) [1]").failures.map((f) => f.code)).toContain("UNGROUNDED_NUMBER");
    const wrongPeriod = check("- Revenue, Q2 2031: GBP 7,300 thousand [1]\n- EBITDA, Q2 2031: GBP 1,460 thousand [1]\n- EBITDA margin, Q2 2031: 18.0% (1,100 / 6,100) [1]");
    expect(wrongPeriod.topics.find((t) => t.topic === "margins")!.status).toBe("unanswered");
  });
});

describe("whose figure it is", () => {
  const PAGE = [
    "Acme Corp. revenues for fiscal 2031 were $9.1 billion, and the Widget Cloud revenue grew to $2.0 billion.",
    "Our gross margin for fiscal 2031 was 45.1%, while the Widget Cloud gross margin reached 71.0%.",
    "Under the credit facility, the LIBOR margin ranges from 0.80% to 1.20%.",
  ].join("\n");
  const src = [opened(1, "Annual.pdf", PAGE)];
  const run = (answer: string) => Object.fromEntries(checkTopics({ answer, topics: requestTopics("FY2031 revenues with margins"), opened: src, searches: [search("FY2031 revenues margins")], phrase: "Insufficient documentation" }).map((v) => [v.topic.name, v.status]));

  it("the company's revenue and profit margin answer; a segment's, or a lending margin, do not", () => {
    expect(run("- Revenues, FY2031: $9.1 billion [1]\n- Margins, FY2031: gross margin 45.1% [1]")).toEqual({ revenues: "answered", margins: "answered" });
    expect(run("- Revenues, FY2031: $2.0 billion [1]\n- Margins, FY2031: gross margin 71.0% [1]")).toEqual({ revenues: "unanswered", margins: "unanswered" });
    expect(run("- Margins, FY2031: 1.20% [1]").margins).toBe("unanswered");
  });
});
