/**
 * Classes of requests the per-topic gate misread (issue 12), each with the request read into its
 * topics and the gate's verdict on an answer: a balance asked at a date, an amount worded as a
 * position or balance, a reason asked about the topic before it, an amount's narrative topic, a
 * comparison with an earlier period, a request whose topics cannot be read, and clean topic names.
 * Fixtures are made-up pages of a made-up company.
 */
import { describe, expect, it } from "vitest";
import { figuresIn } from "@/lib/agent/mode/figures";
import { figureIsAbout } from "@/lib/agent/mode/figure-items";
import { requestTopics } from "@/lib/agent/mode/request-topics";
import { checkTopics } from "@/lib/agent/mode/topic-gate";
import type { OpenedCitation, SearchRecord } from "@/lib/agent/mode/types";
import { validateFinal } from "@/lib/agent/mode/validate";
import { analyzeConstraints } from "@/lib/agent/mode/constraints";
import { narrativeAnswer } from "@/lib/agent/offline/agent-mode/write";

function opened(n: number, document: string, text: string): OpenedCitation {
  return { n, ref: null, documentId: `00000000-0000-4000-8000-00000000000${n}`, document, page: 1, pageEnd: 1, chunkId: null, kind: "page", text, contextText: text, truncated: false, snippet: "", documentDate: null, documentKind: null, versionGroup: null, role: "evidence" };
}
const search = (query: string): SearchRecord => ({ index: 1, query, results: [] });
const topics = (q: string) => requestTopics(q, analyzeConstraints(q));
const read = (q: string) => topics(q).map((t) => [t.kind, t.subject, t.period]);
function verdicts(question: string, answer: string, pages: OpenedCitation[], queries: string[] = []) {
  return checkTopics({ answer, topics: topics(question), opened: pages, searches: queries.map(search), phrase: "Insufficient documentation" }).map((v) => [v.topic.name, v.status]);
}

const POSITION = [
  "Example Widgets plc Interim report January–September 2031",
  "Condensed cash flow",
  "GBP thousands Q3 2031 Q3 2030 9M 2031 9M 2030",
  "Cash flow from operating activities 1,050 900 2,400 2,220",
  "Net change in cash and cash equivalents 210 80 (60) (200)",
  "Financial position",
  "GBP thousands 30 Sep 2031 30 Sep 2030 31 Dec 2030",
  "Cash and cash equivalents 4,040 3,980 4,100",
  "Borrowings, non-current 3,000 3,500 3,250",
  "Repayment of borrowings (250) (250) (750)",
].join("\n");
const MINUTES = "Minutes of the Board meeting\nThe CFO presented the cash position and confirmed that the company complies with the terms of its term loan.";
const HIGHLIGHTS = [
  "Example Widgets plc Interim report | 12 November 2031",
  "Third quarter highlights",
  "Revenue for the third quarter of 2031 was GBP 5.2 million, up 12%.",
  "Gross margin was 42%, down from 45% for the full year 2030, mainly due to higher freight costs.",
  "EBITDA was GBP 1.2 million (GBP 1.0 million).",
  "Subscription revenue 3,720 3,980 4,300",
  "Net revenue retention of 108% over the last twelve months.",
].join("\n");

describe("a balance asked at a date", () => {
  it("is a figure topic with the date as its period, not a narrative topic named \"cash position at the end\"", () => {
    expect(read("Tell me the cash position at the end of Q3 2031")).toEqual([["figure", "cash", "30 September 2031"]]);
    expect(read("What was the cash balance as of 30 September 2031?")).toEqual([["figure", "cash", "30 September 2031"]]);
    expect(read("What was net debt at the end of Q3 2031?")).toEqual([["figure", "net debt", "30 September 2031"]]);
    expect(read("Headcount at 30 June 2031")).toEqual([["figure", "headcount", "30 June 2031"]]);
    expect(read("How many employees did the company have at the end of 2030?")).toEqual([["figure", "employees", "31 December 2030"]]);
    expect(read("Hur stor var kassan vid utgången av september 2031?")).toEqual([["figure", "kassan", "30 September 2031"]]);
    expect(read("Hur många anställda hade bolaget per den 30 september 2031?")).toEqual([["figure", "anställda", "30 September 2031"]]);
    expect(topics("Tell me the cash position at the end of Q3 2031")[0]!.name).toBe("cash position");
  });

  it("is answered by the balance for that date, not by a sentence naming it, a cash flow or a change in cash", () => {
    const q = "Tell me the cash position at the end of Q3 2031";
    const pages = [opened(1, "Q3_report.pdf", POSITION), opened(2, "Minutes.docx", MINUTES)];
    expect(verdicts(q, '- **Cash position at the end:** Minutes.docx: "The CFO presented the cash position and confirmed that the company complies with the terms of its term loan." [2]', pages)).toEqual([["cash position", "unanswered"]]);
    expect(verdicts(q, "- **Cash position, 30 September 2031:** cash flow from operating activities was 1,050 [1].", pages)).toEqual([["cash position", "unanswered"]]);
    expect(verdicts(q, "- **Cash position, 30 September 2031:** the net change in cash and cash equivalents was 210 [1].", pages)).toEqual([["cash position", "unanswered"]]);
    expect(verdicts(q, '- **Cash position, 30 September 2031:** 4,040 (GBP thousands) — "Cash and cash equivalents 4,040 3,980 4,100" [1]', pages)).toEqual([["cash position", "answered"]]);
  });

  it("is stated by the column of a period ending that day (a balance sheet headed by the year)", () => {
    const sheet = opened(1, "Annual_report.pdf", ["Balance sheet", "GBP thousands 2030 2029", "Cash and cash equivalents 4,100 4,180"].join("\n"));
    const q = "What were cash and cash equivalents at the end of 2030?";
    expect(read(q)).toEqual([["figure", "cash and cash equivalents", "31 December 2030"]]);
    expect(verdicts(q, "- **Cash and cash equivalents, 31 December 2030:** 4,100 (GBP thousands) [1]", [sheet])).toEqual([["cash and cash equivalents", "answered"]]);
    expect(verdicts(q, "- **Cash and cash equivalents, 31 December 2030:** 4,180 (GBP thousands) [1]", [sheet])).toEqual([["cash and cash equivalents", "unanswered"]]);
  });

  it("a year column under a fiscal year end (\"May 31,\" over \"2031 2030\") is the balance of that day", () => {
    const sheet = opened(1, "10K.pdf", ["Consolidated Balance Sheets", "May 31,", "(In millions) 2031 2030", "Inventories 5,261 5,055"].join("\n"));
    const q = "What were inventories at May 31, 2031?";
    expect(read(q)).toEqual([["figure", "inventories", "31 May 2031"]]);
    expect(verdicts(q, "- **Inventories, 31 May 2031:** 5,261 (in millions) [1]", [sheet])).toEqual([["inventories", "answered"]]);
    expect(verdicts(q, "- **Inventories, 31 May 2031:** 5,055 (in millions) [1]", [sheet])).toEqual([["inventories", "unanswered"]]);
  });
});

describe("whose amount a line states", () => {
  const f = (line: string) => figuresIn(line)[0]!;
  it("a part, a repayment, a flow or a change of an amount is not the amount", () => {
    expect(figureIsAbout(f("Borrowings, non-current 3,000"), "borrowings", false)).toBe(false);
    expect(figureIsAbout(f("Repayment of borrowings (250)"), "borrowings", false)).toBe(false);
    expect(figureIsAbout(f("Cash flow from operating activities 1,050"), "cash", false)).toBe(false);
    expect(figureIsAbout(f("Net change in cash and cash equivalents 210"), "cash and cash equivalents", false)).toBe(false);
    expect(figureIsAbout(f("Cash and cash equivalents 4,040"), "cash", false)).toBe(true);
    expect(figureIsAbout(f("Interest-bearing borrowings 3,250"), "borrowings", false)).toBe(true);
    expect(figureIsAbout(f("Cash flow from operating activities 1,050"), "operating cash flow", false)).toBe(true);
  });

  it("a qualified amount is not answered by the unqualified total (subscription revenue is not revenue)", () => {
    const q = "What was subscription revenue in Q3 2031?";
    const page = ["Third quarter highlights", "", "• Revenue for the third quarter of 2031 was GBP 5.2 million, an increase of 12% compared with GBP 4.64", "million in the third quarter of 2030.", "• Gross margin was 42%."].join("\n");
    const pages = [opened(1, "Q3_report.pdf", page)];
    expect(verdicts(q, '- **Subscription revenue, Q3 2031:** GBP 5.2 million — Q3_report.pdf, p.1: "• Revenue for the third quarter of 2031 was GBP 5.2 million, an increase of 12% compared with GBP 4.64 million in the third quarter of 2030." [1]', pages)).toEqual([["subscription revenue", "unanswered"]]);
  });
});

describe("a reason asked about the topic before it", () => {
  it("is a reason topic about that subject, not a topic named \"drove it\" or \"why\"", () => {
    const t = topics("What was the gross margin for Q3 2031 and what drove it?");
    expect(t.map((x) => [x.kind, x.subject, !!x.reason])).toEqual([["ratio", "gross margin", false], ["narrative", "gross margin", true]]);
    expect(t[1]!.name).toBe("what drove gross margin");
    expect(topics("Why did EBITDA increase in Q3 2031?").map((x) => [x.kind, x.subject, !!x.reason, x.period])).toEqual([["narrative", "ebitda", true, "Q3 2031"]]);
    expect(topics("What was the gross margin in fiscal 2031 and why did it change?").map((x) => [x.subject, !!x.reason])).toEqual([["gross margin", false], ["gross margin", true]]);
    expect(topics("What drove operating income in 2030?").map((x) => [x.subject, !!x.reason])).toEqual([["operating income", true]]);
  });

  it("is answered by a sentence giving a cause, not by the figure again", () => {
    const q = "What was the gross margin for Q3 2031 and what drove it?";
    const pages = [opened(1, "Q3_report.pdf", HIGHLIGHTS)];
    const margin = '- **Gross margin, Q3 2031:** 42% — "Gross margin was 42%, down from 45% for the full year 2030, mainly due to higher freight costs." [1]';
    expect(verdicts(q, margin, pages)).toEqual([["gross margin", "answered"], ["what drove gross margin", "answered"]]);
    expect(verdicts(q, `- **Gross margin, Q3 2031:** 42% [1]\n- **What drove gross margin:** gross margin was 42% for the quarter as stated in the interim report [1].`, pages)).toEqual([["gross margin", "answered"], ["what drove gross margin", "unanswered"]]);
  });
});

describe("the one topic of a request", () => {
  it("when it names an amount, is not answered by a sentence about something else with numbers in it", () => {
    const q = "What is the net revenue retention?";
    const pages = [opened(1, "Q3_report.pdf", HIGHLIGHTS)];
    expect(verdicts(q, '- **Net revenue retention:** "EBITDA was GBP 1.2 million (GBP 1.0 million)." [1]', pages)).toEqual([["net revenue retention", "unanswered"]]);
    expect(verdicts(q, '- **Net revenue retention:** "Net revenue retention of 108% over the last twelve months." [1]', pages)).toEqual([["net revenue retention", "answered"]]);
  });

  it("when none can be read, the request is one topic: a quoted page header answers nothing", () => {
    const q = "What did the board discuss at the September 2031 meeting?";
    const deck = opened(1, "Deck.pdf", "Example Widgets plc Management presentation | 3 October 2031\nThe board discussed the refinancing of the term loan and approved the budget for 2032.");
    const c = analyzeConstraints(q);
    const bad = validateFinal({ answer: 'Deck.pdf, p.1: "Example Widgets plc Management presentation | 3 October 2031" [1]', question: q, constraints: c, searches: [search("board meeting")], opened: [deck], topics: [] });
    expect(bad.failures.map((x) => x.code)).toContain("TOPIC_NOT_ANSWERED");
    const good = validateFinal({ answer: 'Deck.pdf, p.1: "The board discussed the refinancing of the term loan and approved the budget for 2032." [1]', question: q, constraints: c, searches: [search("board meeting")], opened: [deck], topics: [] });
    expect(good.failures.map((x) => x.code)).not.toContain("TOPIC_NOT_ANSWERED");
  });
});

describe("a comparison", () => {
  it("\"how did X compare with Y\" and \"X compared with Y\" are comparisons, with an earlier period as the other side", () => {
    expect(topics("How did Q2 2031 revenue compare with the budget?").map((x) => [x.kind, x.subject, x.against])).toEqual([["comparison", "revenue", "budget"]]);
    const t = topics("Fiscal 2031 revenues compared with fiscal 2030");
    expect(t.map((x) => [x.kind, x.subject, x.period, x.againstPeriod])).toEqual([["comparison", "revenues", "FY2031", "FY2030"]]);
    expect(topics("Q3 2031 revenue versus the prior year").map((x) => x.againstPeriod)).toEqual(["Q3 2030"]);
  });

  it("with an earlier period is answered by the subject's value for both periods", () => {
    const q = "Fiscal 2031 revenues compared with fiscal 2030";
    const pages = [opened(1, "10K.pdf", ["Income statement", "USD millions 2031 2030 2029", "Revenues $ 36,397 $ 34,350 $ 32,376"].join("\n"))];
    expect(verdicts(q, "- **Revenues, FY2031:** 36,397 [1]; against FY2030: 34,350 [1]", pages)).toEqual([["revenues versus fiscal 2030", "answered"]]);
    expect(verdicts(q, "- **Revenues, FY2031:** 36,397 [1]", pages)).toEqual([["revenues versus fiscal 2030", "unanswered"]]);
  });
});

describe("topic names", () => {
  it("keep the subject, not the question's verb clause", () => {
    expect(topics("What did the company report as net income for fiscal 2030?").map((x) => [x.name, x.kind, x.period])).toEqual([["net income", "figure", "FY2030"]]);
    expect(topics("What litigation is Example Widgets exposed to?").map((x) => x.name)).toEqual(["litigation"]);
    expect(topics("Who is on the management team?").map((x) => x.name)).toEqual(["management team"]);
    expect(topics("What were cash and cash equivalents at the end of 2030?").map((x) => x.name)).toEqual(["cash and cash equivalents"]);
  });

  it("read Swedish line items and margins as amounts, and the nine months ended a date as the reports head them", () => {
    expect(read("Vad var rörelseresultatet och bruttomarginalen för 2030?")).toEqual([["figure", "rörelseresultatet", "FY2030"], ["ratio", "bruttomarginalen", "FY2030"]]);
    expect(read("Vilka är de största riskerna?")).toEqual([["narrative", "riskerna", null]]);
    expect(read("What was revenue for the nine months ended 30 September 2031?")).toEqual([["figure", "revenue", "9M 2031"]]);
  });
});

describe("numbers of a row of columns", () => {
  it("\"650 720\" (two columns) grounds 650", () => {
    const page = opened(1, "Q2_report.pdf", ["GBP thousands Q2 2031 Q2 2030", "Cash flow from operating activities 650 720"].join("\n"));
    const q = "Operating cash flow in Q2 2031";
    const v = validateFinal({ answer: '- **Operating cash flow, Q2 2031:** 650 (GBP thousands) — "Cash flow from operating activities 650 720" [1]', question: q, constraints: analyzeConstraints(q), searches: [search("Q2 2031 operating cash flow")], opened: [page] });
    expect(v.failures.map((x) => x.code)).toEqual([]);
  });
});

describe("the offline model's passage for a narrative topic", () => {
  const page = ["Highlights", "Headcount of 155 as of September 2031", "Net revenue retention of 108% over the last twelve months.", "Gross margin was 42%, down from 45% for the full year 2030, mainly due to higher freight costs."].join("\n");
  it("gives an amount's figure in a sentence naming it, and a reason's cause", () => {
    const [nrr] = topics("What is the net revenue retention?");
    expect(narrativeAnswer(page, nrr!)).toBe("Net revenue retention of 108% over the last twelve months.");
    expect(narrativeAnswer("Headcount of 155 as of September 2031\nRevenue grew 12%.", nrr!)).toBeNull();
    const [, why] = topics("What was the gross margin for Q3 2031 and what drove it?");
    expect(narrativeAnswer(page, why!)).toContain("mainly due to higher freight costs");
  });
});

describe("a reason and a who", () => {
  it("a list's introduction (\"primarily reflecting the following factors:\") gives no cause; its items do", () => {
    const q = "What was the gross margin in fiscal 2031 and why did it change?";
    const page = ["For fiscal 2031, our consolidated gross margin was 80 basis points lower than fiscal 2030, primarily reflecting the following factors:", "• Unfavorable changes in foreign currency exchange rates (decreasing gross margin approximately 90 basis points);", "• Lower direct-to-consumer margin reflecting higher mix of off-price sales."].join("\n");
    const pages = [opened(1, "10K.pdf", page)];
    const intro = '- **What drove gross margin, FY2031:** 10K.pdf: "For fiscal 2031, our consolidated gross margin was 80 basis points lower than fiscal 2030, primarily reflecting the following factors:" [1]';
    expect(verdicts(q, intro, pages)[1]).toEqual(["what drove gross margin", "unanswered"]);
    const [, why] = topics(q);
    const quote = narrativeAnswer(page, why!);
    expect(quote).toContain("Unfavorable changes in foreign currency exchange rates");
    expect(verdicts(q, `- **What drove gross margin, FY2031:** 10K.pdf: "${quote}" [1]`, pages)[1]).toEqual(["what drove gross margin", "answered"]);
  });

  it("who is answered by a sentence naming someone, read across the page's line break", () => {
    const q = "Vem var särskild utredare?";
    const page = "Som särskild utredare förordnades den 10 september 2031\nadvokat Per Andersson.\nRegeringen beslutade den 12 juni 2031 om tilläggsdirektiv för utredningen med förlängd tid för uppdragets utförande.";
    const pages = [opened(1, "SOU.txt", page)];
    expect(verdicts(q, '- **Särskild utredare:** SOU.txt: "Regeringen beslutade den 12 juni 2031 om tilläggsdirektiv för utredningen med förlängd tid för uppdragets utförande." "Som särskild utredare förordnades den 10 september 2031" [1]', pages)).toEqual([["särskild utredare", "unanswered"]]);
    const quote = narrativeAnswer(page, topics(q)[0]!);
    expect(quote).toBe("Som särskild utredare förordnades den 10 september 2031 advokat Per Andersson.");
    expect(verdicts(q, `- **Särskild utredare:** SOU.txt: "${quote}" [1]`, pages)).toEqual([["särskild utredare", "answered"]]);
  });

  it("a sentence about the document that names the company (\"This document presents the members of the Example Widgets management team\") names no one on it", () => {
    const [team] = topics("Who is on the management team?");
    expect(team!.who).toBe(true);
    expect(narrativeAnswer("This document presents the members of the Example Widgets management team as of 1 October 2031.", team!)).toBeNull();
    expect(narrativeAnswer("Management team\n• Jane Roe, Chief Executive Officer (joined 2029)\n• John Poe, Chief Financial Officer (joined 2030)", team!)).toContain("Jane Roe, Chief Executive Officer");
  });
});

describe("a growth asked about the topic before it", () => {
  it("is a growth topic about that subject (not a topic named \"how fast\"), answered by its growth in per cent", () => {
    const q = "What was subscription revenue in Q3 2031 and how fast did it grow year over year?";
    expect(topics(q).map((x) => [x.name, x.kind, x.subject, !!x.growth])).toEqual([["subscription revenue", "figure", "subscription revenue", false], ["subscription revenue growth", "narrative", "subscription revenue", true]]);
    const page = ["Subscription revenue 3,720 3,980 4,300", "Revenue grew 12% year on year to GBP 5.2 million.", "Subscription revenue grew 16% year on year to GBP 4.3 million."].join("\n");
    const pages = [opened(1, "Q3_report.pdf", page)];
    const figure = '- **Subscription revenue, Q3 2031:** 4,300 — "Subscription revenue 3,720 3,980 4,300" [1]';
    expect(verdicts(q, `${figure}\n- **Subscription revenue growth:** "Revenue grew 12% year on year to GBP 5.2 million." [1]`, pages)[1]).toEqual(["subscription revenue growth", "unanswered"]);
    const quote = narrativeAnswer(page, topics(q)[1]!);
    expect(quote).toBe("Subscription revenue grew 16% year on year to GBP 4.3 million.");
    expect(verdicts(q, `${figure}\n- **Subscription revenue growth:** "${quote}" [1]`, pages)[1]).toEqual(["subscription revenue growth", "answered"]);
  });
});

describe("follow-ups and comparisons worded otherwise", () => {
  it("\"what drove the change\" is a reason about the figure before it; \"X in <period> versus the same quarter last year\" is one comparison", () => {
    expect(topics("What was EBITDA for the nine months ended 30 September 2031 and what drove the change?").map((x) => [x.kind, x.subject, x.period, !!x.reason])).toEqual([["figure", "ebitda", "9M 2031", false], ["narrative", "ebitda", "9M 2031", true]]);
    expect(topics("Net income in Q3 2031 versus the same quarter last year").map((x) => [x.kind, x.subject, x.period, x.againstPeriod])).toEqual([["comparison", "net income", "Q3 2031", "Q3 2030"]]);
  });

  it("a reason about the company's figure is not a cost of it, a share of it or a segment's", () => {
    const q = "Why did net sales change in 2031?";
    const page = ["Cost of sales, measured as a percent of sales, increased during 2031 primarily due to foreign currency effects.", "Sales increased 3 percent in the electronics-related businesses, driven by new products.", "Net sales increased 3.5 percent in 2031, driven by organic local-currency sales growth and acquisitions."].join("\n");
    const pages = [opened(1, "10K.pdf", page)];
    expect(verdicts(q, '- **What drove net sales, FY2031:** "Cost of sales, measured as a percent of sales, increased during 2031 primarily due to foreign currency effects." [1]', pages)).toEqual([["what drove net sales", "unanswered"]]);
    expect(verdicts(q, '- **What drove net sales, FY2031:** "Sales increased 3 percent in the electronics-related businesses, driven by new products." [1]', pages)).toEqual([["what drove net sales", "unanswered"]]);
    expect(narrativeAnswer(page, topics(q)[0]!)).toBe("Net sales increased 3.5 percent in 2031, driven by organic local-currency sales growth and acquisitions.");
    expect(verdicts(q, '- **What drove net sales, FY2031:** "In December 2031 the company completed the sale of its services business, driven by the portfolio review of its telecommunications operations in Germany." [1]', [opened(1, "10K.pdf", `${page}\nIn December 2031 the company completed the sale of its services business, driven by the portfolio review of its telecommunications operations in Germany.`)])).toEqual([["what drove net sales", "unanswered"]]);
  });
});

describe("more wordings of the same classes", () => {
  it("compare with a period, money spent on a line item, a year-end, and \"what drove their growth\"", () => {
    expect(topics("Compare Q2 2031 EBITDA with Q2 2030").map((x) => [x.kind, x.subject, x.period, x.againstPeriod])).toEqual([["comparison", "ebitda", "Q2 2031", "Q2 2030"]]);
    expect(topics("Compare forecast to actual")).toEqual([]);
    expect(read("How much did the company spend on research and development in 9M 2031?")).toEqual([["figure", "research and development", "9M 2031"]]);
    expect(topics("What is the headcount forecast for year-end 2031?").map((x) => x.name)).toEqual(["headcount forecast"]);
    expect(topics("Revenues for fiscal 2031 and what drove their growth").map((x) => [x.subject, !!x.reason])).toEqual([["revenues", false], ["revenues", true]]);
  });

  it("a reason for the company's revenues is not a named part's, a kind's, or another year's", () => {
    const q = "Example's revenues for fiscal 2031 and what drove their growth";
    const page = [
      "Revenues for Brandco decreased 8%, primarily driven by lower revenues in North America.",
      "On a category basis, the increase in Example Brand footwear revenues was due to strong growth in Running.",
      "Revenue growth was more than offset by higher selling expense and a shift to other expense, net for fiscal 2030.",
      "Revenue growth was broad-based, as Europe, China and North America each contributed approximately 2 percentage points of the increase.",
    ].join("\n");
    const pages = [opened(1, "10K.pdf", page)];
    const ask = (sentence: string) => verdicts(q, `- **Example's revenues, FY2031:** "Revenues for Brandco decreased 8%" [1]\n- **What drove revenues, FY2031:** "${sentence}" [1]`, pages)[1]![1];
    expect(ask("Revenues for Brandco decreased 8%, primarily driven by lower revenues in North America.")).toBe("unanswered");
    expect(ask("On a category basis, the increase in Example Brand footwear revenues was due to strong growth in Running.")).toBe("unanswered");
    expect(ask("Revenue growth was more than offset by higher selling expense and a shift to other expense, net for fiscal 2030.")).toBe("unanswered");
    expect(narrativeAnswer(page, topics(q)[1]!)).toBe("Revenue growth was broad-based, as Europe, China and North America each contributed approximately 2 percentage points of the increase.");
  });

  it("the request as one topic takes no sentence that does not use its words", () => {
    const q = "What did the board discuss at the September 2031 meeting?";
    const page = opened(1, "Minutes.docx", "The office was vacated on 28 June 2031 and the lease was terminated early at no further cost.\nThe board discussed the refinancing of the term loan and approved the budget for 2032.");
    const run = (answer: string) => validateFinal({ answer, question: q, constraints: analyzeConstraints(q), searches: [search("board meeting")], opened: [page], topics: [] }).failures.map((x) => x.code);
    expect(run('Minutes.docx: "The office was vacated on 28 June 2031 and the lease was terminated early at no further cost." [1]')).toContain("TOPIC_NOT_ANSWERED");
    expect(run('Minutes.docx: "The board discussed the refinancing of the term loan and approved the budget for 2032." [1]')).not.toContain("TOPIC_NOT_ANSWERED");
  });
});
