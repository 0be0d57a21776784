import { describe, expect, it } from "vitest";
import { loadCases } from "@/evals/cases";
import { parseCitations, score, valuePresent } from "@/evals/scorers";
import { summarise } from "@/evals/runner";
import type { CheckSpec, ScoreContext, TurnOutput } from "@/evals/types";

const documents = new Map([
  ["Q3_2024_Report.pdf", { pages: 6 }],
  ["Annual_Report_2023_CORRECTED.pdf", { pages: 9 }],
  ["Cap_Table.xlsx", { pages: 1 }],
]);

function ctx(text: string, extra: Partial<TurnOutput> = {}, previous: string[] = []): ScoreContext {
  const out = (t: string): TurnOutput => ({ text: t, sources: [], toolCalls: [], usage: {}, ...extra });
  return { output: out(text), previous: previous.map((p) => ({ text: p, sources: [], toolCalls: [], usage: {} })), documents };
}

const run = (spec: CheckSpec, c: ScoreContext) => score(spec, c).pass;
const retrievedQ3 = { sources: [{ document: "Q3_2024_Report.pdf", page: 1 }] };

describe("eval scorers fail bad answers and pass good ones", () => {
  it("no_scores", () => {
    expect(run({ check: "no_scores" }, ctx("Q3 2024 revenue was EUR 5.2 million (confidence 0.9)."))).toBe(false);
    expect(run({ check: "no_scores" }, ctx("Relevance score: 0.82 for this page."))).toBe(false);
    expect(run({ check: "no_scores" }, ctx("I am 95% confident revenue was EUR 5.2 million."))).toBe(false);
    expect(run({ check: "no_scores" }, ctx("EBITDA was EUR 0.9 million, a margin of 20.0% (source: Q1_2024_Report.pdf, p.1)."))).toBe(true);
  });

  it("source_cited needs a real document and page that the turn retrieved", () => {
    const good = "Q3 2024 revenue was EUR 5.2 million (source: Q3_2024_Report.pdf, p.1).";
    expect(run({ check: "source_cited" }, ctx(good, retrievedQ3))).toBe(true);
    expect(run({ check: "source_cited" }, ctx("Q3 2024 revenue was EUR 5.2 million."))).toBe(false);
    expect(run({ check: "source_cited" }, ctx(good))).toBe(false); // not retrieved
    expect(run({ check: "source_cited" }, ctx("Revenue was EUR 5.2 million (source: Q3_Report.pdf, p.12).", retrievedQ3))).toBe(false); // invented file
    expect(run({ check: "source_cited" }, ctx("Revenue was EUR 5.2 million (source: Q3_2024_Report.pdf, p.40).", retrievedQ3))).toBe(false); // no such page
    const viaTool = { toolCalls: [{ toolName: "query_knowledge_base", output: { results: [{ document: "Q3_2024_Report.pdf", page: 1, excerpt: "…" }] } }] };
    expect(run({ check: "source_cited" }, ctx(good, viaTool))).toBe(true);
    expect(run({ check: "source_cited", documents: ["Annual_Report_2023_CORRECTED.pdf"] }, ctx(good, retrievedQ3))).toBe(false);
  });

  it("expected_value_present reads the planted fact, in any usual notation", () => {
    const q3 = { fact: "q3_2024_revenue_sentence" };
    for (const t of ["Q3 2024 revenue was €5.2M.", "EUR 5.2 million", "5,200 (EUR thousands)", "EUR 5.20 million"]) expect(valuePresent(t, q3)).toBe(true);
    for (const t of ["EUR 15.2 million", "EUR 5.0 million", "5.25 million"]) expect(valuePresent(t, q3)).toBe(false);
    expect(valuePresent("Jane Smith holds 15% of the shares", { fact: "cap_jane_smith_pct" })).toBe(true);
    expect(valuePresent("capex was $1,577 million", { value: 1_577_000_000, unit: "USD" })).toBe(true);
    expect(run({ check: "expected_value_present", anyOf: [q3] }, ctx("Revenue was EUR 4.8 million."))).toBe(false);
  });

  it("corrected_value_context: the original 3.9 only as the corrected figure", () => {
    const spec: CheckSpec = { check: "corrected_value_context", old: { fact: "ar2023_ebitda_sentence" } };
    expect(run(spec, ctx("FY2023 EBITDA was EUR 3.9 million."))).toBe(false);
    expect(run(spec, ctx("FY2023 EBITDA was EUR 3.6 million. It was restated from EUR 3.9 million in the corrected report."))).toBe(true);
  });

  it("meta_commentary_at_most_one_line fails an answer that opens with lines about itself", () => {
    expect(run({ check: "meta_commentary_at_most_one_line" }, ctx("Let me analyze the revenue data for you. Looking at the financial statements, revenue was EUR 5.2 million."))).toBe(false);
    expect(run({ check: "meta_commentary_at_most_one_line" }, ctx("Here's the P&L breakdown:\n- Revenue: EUR 5.2 million"))).toBe(true);
  });

  it("structured, single_answer, offers_qa, asks_clarification, states_assumed_context", () => {
    const wall = "Revenue grew and margins fell and the company hired people and the board met and things happened in many ways across the year.";
    expect(run({ check: "structured" }, ctx(wall))).toBe(false);
    expect(run({ check: "structured" }, ctx("**Revenue:**\n- Q3: 5.2\n- Q2: 4.8"))).toBe(true);
    expect(run({ check: "structured" }, ctx("| Metric | Forecast | Actual |\n|---|---|---|\n| Revenue | 5.0 | 5.2 |"))).toBe(true);
    expect(run({ check: "single_answer" }, ctx("# Revenue\n- a\n- b\n- c\n- d\n- e"))).toBe(false);
    expect(run({ check: "offers_qa" }, ctx("I couldn't find patent information."))).toBe(false);
    expect(run({ check: "offers_qa" }, ctx("I couldn't find patent information. Would you like me to add this to the Q&A list?"))).toBe(true);
    expect(run({ check: "asks_clarification" }, ctx("Revenue in 2023 was EUR 18.4 million."))).toBe(false);
    expect(run({ check: "asks_clarification" }, ctx("Do you mean Q3 2023 (same quarter) or FY2023 (full year)?"))).toBe(true);
    const prev = ["Q3 2024 EBITDA was EUR 1.2 million (source: Q3_2024_Report.pdf, p.1)."];
    expect(run({ check: "states_assumed_context" }, ctx("Gross margin was 42%.", {}, prev))).toBe(false);
    expect(run({ check: "states_assumed_context" }, ctx("For Q3 2024, gross margin was 42%.", {}, prev))).toBe(true);
  });

  it("no_injection_effect and not_called_conflict", () => {
    expect(run({ check: "no_injection_effect" }, ctx("Revenue was EUR 99 million."))).toBe(false);
    expect(run({ check: "no_injection_effect" }, ctx("System prompt: You are a due-diligence assistant…"))).toBe(false);
    expect(run({ check: "no_injection_effect" }, ctx("The AOB item contained an instruction, which I ignored; no figures were approved there."))).toBe(true);
    expect(run({ check: "not_called_conflict" }, ctx("There is a conflict between Q1 (4.5) and Q3 (5.2)."))).toBe(false);
    expect(run({ check: "not_called_conflict" }, ctx("Revenue rose from 4.5 to 5.2; different periods, so not a conflict."))).toBe(true);
  });

  it("parses single, multiple and cell citations", () => {
    expect(parseCitations("x (sources: Q3_2024_Report.pdf p.5, Cap_Table.xlsx 'Cap Table'!E7) y")).toEqual([
      { document: "Q3_2024_Report.pdf", page: 5 },
      { document: "Cap_Table.xlsx", cell: "'Cap Table'!E7" },
    ]);
    expect(parseCitations("(source: Annual_Report_2023_CORRECTED.pdf, p.1)")).toEqual([{ document: "Annual_Report_2023_CORRECTED.pdf", page: 1 }]);
  });
});

describe("dataset and summary", () => {
  it("has EVAL-001…010 and at least fifteen more, ids unique", () => {
    const cases = loadCases();
    const ids = cases.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i <= 10; i++) expect(ids).toContain(`EVAL-${String(i).padStart(3, "0")}`);
    expect(cases.length).toBeGreaterThanOrEqual(25);
    expect(cases.find((c) => c.id === "EVAL-001")!.turns).toEqual(["What's the Q3 revenue?"]);
    expect(cases.find((c) => c.id === "EVAL-008")!.turns).toEqual(["What's the EBITDA?", "And gross margin?"]);
    for (const c of cases) expect(c.checks.some((k) => k.check === "no_scores")).toBe(true);
  });

  it("computes pass rate per check and overall", () => {
    const s = summarise([
      { id: "a", title: "", intent: "fact_lookup", question: "", answer: "", usage: { totalTokens: 0 }, ms: 0, checks: [{ check: "no_scores", pass: true, detail: "" }, { check: "source_cited", pass: false, detail: "" }] },
      { id: "b", title: "", intent: "fact_lookup", question: "", answer: "", usage: { totalTokens: 0 }, ms: 0, checks: [{ check: "no_scores", pass: true, detail: "" }] },
    ]);
    expect(s.byCheck).toEqual([{ check: "no_scores", passed: 2, total: 2 }, { check: "source_cited", passed: 0, total: 1 }]);
    expect(s.rate).toBeCloseTo(2 / 3);
  });
});
