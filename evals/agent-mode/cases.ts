/** Agent Mode eval cases: process constraints (searches, opened sources, quotes, gaps) on the demo deal and a FinanceBench filing. */
export type AgentEvalDeal = "demo" | "financebench";

export type AgentCheck =
  | { check: "validated" }
  | { check: "min_searches"; n: number }
  | { check: "min_opened"; n: number }
  | { check: "exact_quote"; figure?: boolean }
  | { check: "insufficiency"; topics: string[]; phrase: string }
  | { check: "no_insufficiency_for"; topics: string[] }
  | { check: "citations_grounded" }
  | { check: "answer_contains"; anyOf: string[] }
  | { check: "answer_lacks"; values: string[] }
  | { check: "cites_document"; documents: string[] }
  | { check: "parallel_searches" }
  /** One line of the answer names every term (topic words) and states one of the values. */
  | { check: "line_states"; terms: string[]; anyOf: string[] };

export interface AgentEvalCase {
  id: string;
  title: string;
  deal: AgentEvalDeal;
  /** financebench: the filing the deal holds (default 3M_2018_10K). */
  filing?: string;
  /** financebench: the filing also goes through the findings extraction (its statement lines, for compute_metric). */
  statements?: boolean;
  question: string;
  checks: AgentCheck[];
}

export const AGENT_MODE_CASES: AgentEvalCase[] = [
  {
    id: "AM-001",
    title: "Operating summary: three topic searches, two opened sources, an exact figure, litigation disclosed as missing",
    deal: "demo",
    question: 'Produce an operating summary: separate searches for revenue, margins and litigation, open at least two sources, quote one exact figure, and say "Insufficient documentation" for anything missing',
    checks: [
      { check: "validated" },
      { check: "min_searches", n: 3 },
      { check: "min_opened", n: 2 },
      { check: "exact_quote", figure: true },
      { check: "insufficiency", topics: ["litigation"], phrase: "Insufficient documentation" },
      { check: "no_insufficiency_for", topics: ["revenue", "margins"] },
      { check: "citations_grounded" },
      { check: "parallel_searches" },
    ],
  },
  {
    id: "AM-002",
    title: "Swedish: separata sökningar, öppna två källor, exakt siffra, 'Otillräcklig dokumentation'",
    deal: "demo",
    question: "Gör separata sökningar för intäkter, marginaler och tvister, öppna minst två källor, citera exakt en siffra och ange 'Otillräcklig dokumentation' för det som saknas.",
    checks: [
      { check: "validated" },
      { check: "min_searches", n: 3 },
      { check: "min_opened", n: 2 },
      { check: "exact_quote", figure: true },
      { check: "insufficiency", topics: ["tvister"], phrase: "Otillräcklig dokumentation" },
      { check: "citations_grounded" },
    ],
  },
  {
    id: "AM-003",
    title: "Newest dated document prevails: the corrected annual report's EBITDA, quoted",
    deal: "demo",
    question: "Using the newest dated document, what was FY2023 EBITDA? Open the source and quote the exact figure.",
    checks: [{ check: "validated" }, { check: "min_opened", n: 1 }, { check: "exact_quote", figure: true }, { check: "cites_document", documents: ["Annual_Report_2023_CORRECTED.pdf"] }, { check: "answer_contains", anyOf: ["3.6"] }, { check: "answer_lacks", values: ["3.9 million"] }, { check: "citations_grounded" }],
  },
  {
    id: "AM-004",
    title: "Simple question: one search, one opened source, grounded",
    deal: "demo",
    question: "What was revenue in the third quarter of 2024?",
    checks: [{ check: "validated" }, { check: "min_searches", n: 1 }, { check: "min_opened", n: 1 }, { check: "answer_contains", anyOf: ["5,200", "5.2"] }, { check: "citations_grounded" }],
  },
  {
    id: "AM-006",
    title: "A period asked with \"for the …\": the figure of that quarter, never another line item of another report",
    deal: "demo",
    question: "What was revenue for the third quarter of 2024? Open the source and quote the exact figure.",
    checks: [{ check: "validated" }, { check: "min_opened", n: 1 }, { check: "exact_quote", figure: true }, { check: "answer_contains", anyOf: ["5,200", "5.2"] }, { check: "answer_lacks", values: ["Operating expenses", "Q1_2024_Report"] }, { check: "citations_grounded" }],
  },
  {
    id: "AM-FB-001",
    title: "FinanceBench 3M 2018 10-K: capital expenditure quoted exactly from the cash flow statement",
    deal: "financebench",
    question: "Search for the 3M FY2018 capital expenditure (purchases of property, plant and equipment) in the cash flow statement, open at least one source and quote the exact figure.",
    checks: [{ check: "min_searches", n: 1 }, { check: "min_opened", n: 1 }, { check: "exact_quote", figure: true }, { check: "answer_contains", anyOf: ["1,577", "(1,577)"] }, { check: "citations_grounded" }],
  },
  {
    id: "AM-005",
    title: "Walkthrough request: Q3 revenue, EBITDA, margins, revenue against the management forecast and top risks, each answered for Q3 2024 or disclosed",
    deal: "demo",
    question: "Q3 2024 revenue and EBITDA with margins, revenue against the management forecast, the top risks",
    checks: [
      { check: "validated" },
      { check: "line_states", terms: ["revenue", "Q3 2024"], anyOf: ["5.2", "5,200"] },
      { check: "line_states", terms: ["EBITDA", "Q3 2024"], anyOf: ["1.2", "1,200"] },
      { check: "line_states", terms: ["margin"], anyOf: ["23.1", "42.0", "42%"] },
      { check: "line_states", terms: ["revenue", "forecast"], anyOf: ["5.0"] },
      // issue 12: both sides with the variance against the forecast (issue 21: in the chat's words, one line per item)
      { check: "line_states", terms: ["revenue", "forecast"], anyOf: ["5.2", "5,200"] },
      { check: "line_states", terms: ["revenue", "forecast"], anyOf: ["+4%", "(4", "200 thousand", "0.2 million"] },
      { check: "insufficiency", topics: ["risks"], phrase: "Insufficient documentation" },
      { check: "answer_lacks", values: ["Management presentation | 3 October 2024", "EUR thousands Q3 2024 Q3 2023"] },
      { check: "citations_grounded" },
    ],
  },
  {
    id: "AM-FB-002",
    title: "FinanceBench 3M 2018 10-K: FY2018 net sales and operating income from the income statement rows, risk factors cited, margins stated or disclosed",
    deal: "financebench",
    question: "FY2018 net sales and operating income with margins, and the top risk factors",
    checks: [
      { check: "validated" },
      { check: "line_states", terms: ["net sales", "FY2018"], anyOf: ["32,765", "32.8", "32.76"] },
      { check: "line_states", terms: ["operating income", "FY2018"], anyOf: ["7,207", "7.2"] },
      { check: "line_states", terms: ["risk"], anyOf: ["risk factors"] },
      { check: "answer_lacks", values: ["$15 million", "2.3 percent"] },
      { check: "citations_grounded" },
    ],
  },
  {
    id: "AM-FB-003",
    title: "FinanceBench Nike 2018 10-K: fiscal 2018 revenues (not a part of them), net income, gross margin (not a change in points) and risk factors",
    deal: "financebench",
    filing: "NIKE_2018_10K",
    question: "Fiscal 2018 revenues and net income with gross margin, and the main risk factors",
    checks: [
      { check: "validated" },
      { check: "line_states", terms: ["revenues", "FY2018"], anyOf: ["36,397", "36.4"] },
      { check: "line_states", terms: ["net income", "FY2018"], anyOf: ["1,933", "1.9"] },
      { check: "line_states", terms: ["gross margin", "FY2018"], anyOf: ["43.8"] },
      { check: "line_states", terms: ["risk"], anyOf: ["risk"] },
      { check: "answer_lacks", values: ["$2.8 billion", "** 2 —", "4% —"] },
      { check: "citations_grounded" },
    ],
  },
  {
    id: "AM-FB-005",
    title: "FinanceBench 3M 2018 10-K: an EBITDA margin no page prints, computed by compute_metric from the statement lines with each input's page cited",
    deal: "financebench",
    statements: true,
    question: "What was 3M's FY2018 EBITDA margin?",
    checks: [
      { check: "validated" },
      { check: "line_states", terms: ["EBITDA margin", "FY2018"], anyOf: ["26.5%"] },
      { check: "no_insufficiency_for", topics: ["EBITDA margin"] },
      { check: "citations_grounded" },
    ],
  },
  {
    id: "AM-FB-004",
    title: "FinanceBench Nike 2018 10-K: who is the CEO (the filing says Chief Executive Officer)",
    deal: "financebench",
    filing: "NIKE_2018_10K",
    question: "Who is the CEO?",
    checks: [{ check: "validated" }, { check: "line_states", terms: ["CEO"], anyOf: ["Chief Executive Officer"] }, { check: "answer_contains", anyOf: ["Parker"] }, { check: "citations_grounded" }],
  },
  {
    id: "AM-007",
    title: "A balance at a date: the cash position at the end of Q3 2024 is the cash balance of 30 September 2024, not a sentence naming the cash position",
    deal: "demo",
    question: "Tell me the cash position at the end of Q3 2024",
    checks: [{ check: "validated" }, { check: "line_states", terms: ["cash", "30 September 2024"], anyOf: ["4,040", "4.04"] }, { check: "answer_lacks", values: ["presented the cash position", "Cash position at the end"] }, { check: "citations_grounded" }],
  },
  {
    id: "AM-008",
    title: "A reason asked about the topic before it: the gross margin for Q3 2024 and what drove it (a cause, not a gap named \"drove it\")",
    deal: "demo",
    question: "What was the gross margin for Q3 2024 and what drove it?",
    checks: [{ check: "validated" }, { check: "line_states", terms: ["gross margin", "Q3 2024"], anyOf: ["42.0%", "42%"] }, { check: "line_states", terms: ["drove", "gross margin"], anyOf: ["due to higher cloud hosting"] }, { check: "answer_lacks", values: ["drove it", "Insufficient documentation"] }, { check: "citations_grounded" }],
  },
  {
    id: "AM-009",
    title: "A qualified amount: Q3 2024 subscription revenue is the subscription row, not total revenue",
    deal: "demo",
    question: "What was subscription revenue in Q3 2024?",
    checks: [{ check: "validated" }, { check: "line_states", terms: ["subscription revenue", "Q3 2024"], anyOf: ["4,300", "4.3"] }, { check: "answer_lacks", values: ["5.2 million", "5,200"] }, { check: "citations_grounded" }],
  },
  {
    id: "AM-010",
    title: "Topic names: \"what did the company report as net income for fiscal 2023\" is net income, FY2023",
    deal: "demo",
    question: "What did the company report as net income for fiscal 2023?",
    checks: [{ check: "validated" }, { check: "line_states", terms: ["net income", "FY2023"], anyOf: ["1,700", "1.7"] }, { check: "answer_lacks", values: ["Company report as"] }, { check: "citations_grounded" }],
  },
  {
    id: "AM-011",
    title: "Headcount at a date: 147 employees at 30 June 2024, not a slide sentence with other numbers",
    deal: "demo",
    question: "Headcount at 30 June 2024",
    checks: [{ check: "validated" }, { check: "line_states", terms: ["headcount", "30 June 2024"], anyOf: ["147"] }, { check: "answer_lacks", values: ["Headcount at:", "edge gateways"] }, { check: "citations_grounded" }],
  },
  {
    id: "AM-012",
    title: "Swedish balance at a date: kassan vid utgången av september 2024 is cash and cash equivalents of 30 September 2024",
    deal: "demo",
    question: "Hur stor var kassan vid utgången av september 2024?",
    checks: [{ check: "validated" }, { check: "line_states", terms: ["kassan", "30 September 2024"], anyOf: ["4,040", "4.04"] }, { check: "answer_lacks", values: ["number of employees"] }, { check: "citations_grounded" }],
  },
  {
    id: "AM-013",
    title: "\"How did Q3 2024 revenue compare with the management forecast?\" is a comparison with both figures, not a table heading",
    deal: "demo",
    question: "How did Q3 2024 revenue compare with the management forecast?",
    checks: [{ check: "validated" }, { check: "line_states", terms: ["revenue", "forecast"], anyOf: ["5.0"] }, { check: "line_states", terms: ["revenue", "forecast"], anyOf: ["5,200", "5.2"] }, { check: "answer_lacks", values: ["EUR thousands Q3 2024 Q3 2023 9M 2024 9M 2023"] }, { check: "citations_grounded" }],
  },
  {
    id: "AM-014",
    title: "An amount named by a narrative topic: net revenue retention is never answered by a slide sentence about headcount",
    deal: "demo",
    question: "What is the ARR and net revenue retention?",
    checks: [{ check: "answer_lacks", values: ["Net revenue retention:** Management_Presentation_Oct2024.pdf, p.2: \"Headcount of 155"] }, { check: "citations_grounded" }],
  },
  {
    id: "AM-FB-006",
    title: "FinanceBench 3M 2018 10-K: cash and cash equivalents at the end of 2018 is the balance sheet line, not operating cash flow",
    deal: "financebench",
    question: "What were cash and cash equivalents at the end of 2018?",
    checks: [{ check: "validated" }, { check: "line_states", terms: ["cash and cash equivalents", "31 December 2018"], anyOf: ["2,853"] }, { check: "answer_lacks", values: ["6,439", "Net cash provided by operating activities"] }, { check: "citations_grounded" }],
  },
  {
    id: "AM-FB-007",
    title: "FinanceBench Nike 2018 10-K: fiscal 2018 revenues compared with fiscal 2017, both from the income statement row",
    deal: "financebench",
    filing: "NIKE_2018_10K",
    question: "Fiscal 2018 revenues compared with fiscal 2017",
    checks: [{ check: "validated" }, { check: "line_states", terms: ["revenues", "FY2018"], anyOf: ["36,397"] }, { check: "line_states", terms: ["revenues", "FY2017"], anyOf: ["34,350"] }, { check: "answer_lacks", values: ["Revenues compared:", "Fiscal 2017:"] }, { check: "citations_grounded" }],
  },
  {
    id: "AM-FB-008",
    title: "FinanceBench Nike 2018 10-K: the fiscal 2018 gross margin and why it changed (the causes the filing lists, not only its \"following factors:\" introduction)",
    deal: "financebench",
    filing: "NIKE_2018_10K",
    question: "What was the gross margin in fiscal 2018 and why did it change?",
    checks: [{ check: "validated" }, { check: "line_states", terms: ["gross margin", "FY2018"], anyOf: ["43.8"] }, { check: "line_states", terms: ["drove", "gross margin"], anyOf: ["foreign currency exchange rates"] }, { check: "citations_grounded" }],
  },
  {
    id: "AM-015",
    title: "A growth asked about the topic before it: Q3 2024 subscription revenue and how fast it grew (16% year on year as the report states it, or 15.6% worked out from the row's Q3 2023 and Q3 2024 columns; not a gap named \"how fast\")",
    deal: "demo",
    question: "What was subscription revenue in Q3 2024 and how fast did it grow year over year?",
    checks: [{ check: "validated" }, { check: "line_states", terms: ["subscription revenue", "Q3 2024"], anyOf: ["4,300", "4.3"] }, { check: "line_states", terms: ["subscription revenue", "growth"], anyOf: ["16%", "15.6%"] }, { check: "answer_lacks", values: ["How fast", "5.2 million"] }, { check: "citations_grounded" }],
  },
  {
    id: "AM-FB-009",
    title: "FinanceBench Nike 2018 10-K: inventories at May 31, 2018, the balance sheet column under its fiscal year end (\"May 31,\" over \"2018 2017\")",
    deal: "financebench",
    filing: "NIKE_2018_10K",
    question: "What were Nike's inventories at May 31, 2018?",
    checks: [{ check: "validated" }, { check: "line_states", terms: ["inventories", "31 May 2018"], anyOf: ["5,261"] }, { check: "answer_lacks", values: ["Insufficient documentation"] }, { check: "citations_grounded" }],
  },
];
