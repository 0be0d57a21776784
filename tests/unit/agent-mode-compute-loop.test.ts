/**
 * compute_metric in the bounded loop with a scripted (remote-like) model and in-memory tools: one
 * budgeted call, the inputs' pages opened as citations [n] and shown to the model with the result;
 * an answer stating another figure for the metric is sent back by the gate, the engine's result
 * with its inputs cited is accepted.
 */
import { describe, expect, it } from "vitest";
import { runAgentMode } from "@/lib/agent/mode/loop";
import type { AgentModeTools, OpenedSource } from "@/lib/agent/mode/tools";
import { final, scripted } from "./agent-mode-script";

const DOC = "44444444-4444-4444-8444-444444444444";
const FILE = "ACME_10K.txt";
const PAGES: Record<number, string> = {
  2: "Consolidated Statements of Income\n(In millions)\nYears Ended December 31, 2023 2022\nNet sales $ 1,250 $ 1,000\nOperating income 250 180",
  3: "Consolidated Statements of Cash Flows\n(In millions)\nYears Ended December 31, 2023 2022\nDepreciation and amortization 75 60",
};
const cite = (p: number) => `(source: ${FILE}, p.${p})`;

function tools(): { tools: AgentModeTools; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    tools: {
      async searchDocs() {
        return [2, 3].map((page) => ({ type: "page" as const, documentId: DOC, document: FILE, page, chunkId: null, snippet: PAGES[page]!.slice(0, 80), documentDate: "2024-02-20", documentKind: "annual report", role: "evidence" as const, matchedTerms: ["margin"] }));
      },
      async openCitation(target) {
        if ("chunkId" in target || !PAGES[target.page]) return null;
        const src: OpenedSource = { documentId: DOC, document: FILE, page: target.page, pageEnd: target.page, chunkId: null, kind: "page", text: PAGES[target.page]!, documentDate: "2024-02-20", documentKind: "annual report", versionGroup: null, role: "evidence" };
        return src;
      },
      async computeMetric({ question }) {
        asked.push(question);
        const inputs = [
          { label: "Operating income", period: "FY2023", value: 250, citation: cite(2) },
          { label: "Depreciation and amortization", period: "FY2023", value: 75, citation: cite(3) },
          { label: "Net sales", period: "FY2023", value: 1250, citation: cite(2) },
        ];
        const answer = [
          "EBITDA margin for FY2023: **26.0%**.",
          "",
          "Formula: EBITDA margin = (Operating income + Depreciation & amortization) / Revenue",
          "",
          "| Input | Period | Value | Source |",
          "|---|---|---|---|",
          ...inputs.map((i) => `| ${i.label} | ${i.period} | $${i.value} million | ${i.citation} |`),
        ].join("\n");
        return {
          out: { status: "answered", answer, formula: "EBITDA margin = (Operating income + Depreciation & amortization) / Revenue", inputs, missing: [], notes: [] },
          pages: [2, 3].map((page) => ({ documentId: DOC, document: FILE, page, citation: cite(page), excerpt: PAGES[page]!.split("\n").at(-1)! })),
        };
      },
    },
  };
}

describe("Agent Mode loop with compute_metric", () => {
  it("one call opens the inputs' pages; the gate sends back another figure for the metric and accepts the engine's result with its inputs cited", async () => {
    const t = tools();
    const Q = "What was the FY2023 EBITDA margin?";
    const { model, seen } = scripted([
      { calls: [{ toolName: "search_docs", input: { query: "FY2023 EBITDA margin" } }] },
      { calls: [{ toolName: "compute_metric", input: { question: Q } }] },
      final("EBITDA margin, FY2023: 20.0% (operating income 250 / net sales 1,250) [1]."),
      final("EBITDA margin, FY2023: 26.0%, computed from operating income [1], depreciation and amortization [2] and net sales [1]."),
    ]);
    const r = await runAgentMode({ question: Q, model, tools: t.tools, dealSlug: "acme", returnTrace: true, config: { refineConstraints: false } });
    expect(t.asked).toEqual([Q]);
    // the model read the result and each input's citation number
    const out = seen.flatMap((s) => s.toolOutputs).find((v) => (v as { status?: string }).status === "answered") as { results: string[]; inputs: Array<{ label: string; n: number }>; answer: string };
    expect(out.results).toEqual(["26.0%"]);
    expect(out.inputs.map((i) => [i.label, i.n])).toEqual([["Operating income", 1], ["Depreciation and amortization", 2], ["Net sales", 1]]);
    expect(out.answer).toContain("[2]");
    expect(out.answer).not.toContain("(source:");
    // the first answer (a hand-made 20.0%) is rejected for the metric's own figure, the second accepted
    const validations = r.trace!.filter((e) => e.type === "validation");
    expect(validations[0]!.type === "validation" && validations[0]!.failures.map((f) => f.code)).toContain("COMPUTED_FIGURE_MISMATCH");
    expect(r.status).toBe("validated");
    expect(r.answer).toContain("26.0%");
    expect(r.citations.map((c) => c.page).sort((a, b) => a - b)).toEqual([2, 3]);
    // one counted call for the metric, pages included
    expect(r.stats).toMatchObject({ toolCalls: 2, openedCitations: 2 });
  });
});
