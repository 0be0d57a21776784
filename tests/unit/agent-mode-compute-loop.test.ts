/**
 * compute_metric in the bounded loop with a scripted (remote-like) model and in-memory tools: one
 * budgeted call, the inputs' pages opened as citations [n] and shown to the model with the result;
 * an answer stating another figure for the metric is sent back by the gate, the engine's result
 * with its inputs cited is accepted.
 */
import { describe, expect, it } from "vitest";
import { runAgentMode } from "@/lib/agent/mode/loop";
import type { AgentModeTools, OpenedSource } from "@/lib/agent/mode/tools";
import type { MetricUnit } from "@/lib/metrics";
import { final, scripted } from "./agent-mode-script";

const DOC = "44444444-4444-4444-8444-444444444444";
const FILE = "ACME_10K.txt";
const PAGES: Record<number, string> = {
  2: "Consolidated Statements of Income\n(In millions)\nYears Ended December 31, 2023 2022\nNet sales $ 1,250 $ 1,000\nOperating income 250 180",
  3: "Consolidated Statements of Cash Flows\n(In millions)\nYears Ended December 31, 2023 2022\nDepreciation and amortization 75 60",
};
const cite = (p: number) => `(source: ${FILE}, p.${p})`;

/** The engine's answer as compute_metric returns it: the markdown for display, the result as fields. */
interface Engine { name: string; stated: string; value: number; unit: MetricUnit; formula: string; inputs: Array<{ label: string; period: string; value: number; citation: string }> }

const EBITDA: Engine = {
  name: "EBITDA margin",
  stated: "26.0%",
  value: 0.26,
  unit: "percent",
  formula: "EBITDA margin = (Operating income + Depreciation & amortization) / Revenue",
  inputs: [
    { label: "Operating income", period: "FY2023", value: 250, citation: cite(2) },
    { label: "Depreciation and amortization", period: "FY2023", value: 75, citation: cite(3) },
    { label: "Net sales", period: "FY2023", value: 1250, citation: cite(2) },
  ],
};

function tools(engine: Engine = EBITDA): { tools: AgentModeTools; asked: string[] } {
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
        const { inputs, formula } = engine;
        const answer = [
          `${engine.name} for FY2023: **${engine.stated}**.`,
          "",
          `Formula: ${formula}`,
          "",
          "| Input | Period | Value | Source |",
          "|---|---|---|---|",
          ...inputs.map((i) => `| ${i.label} | ${i.period} | $${i.value} million | ${i.citation} |`),
        ].join("\n");
        const pages = [...new Set(inputs.map((i) => Number(/p\.(\d+)/.exec(i.citation)![1])))];
        return {
          out: { status: "answered", answer, formula, result: { name: engine.name, unit: engine.unit, value: engine.value, stated: [engine.stated] }, inputs, missing: [], notes: [] },
          pages: pages.map((page) => ({ documentId: DOC, document: FILE, page, citation: cite(page), excerpt: PAGES[page]!.split("\n").at(-1)! })),
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

  it("the metric's name is the engine's, not read back from its headline: 'Cash from operations' is not 'Cash', so another cash line is no mismatch", async () => {
    const cfo: Engine = { name: "Cash from operations", stated: "$290 million", value: 290e6, unit: "amount", formula: "Cash from operations = the Cash from operations line as reported", inputs: [{ label: "Net cash provided by operating activities", period: "FY2023", value: 290, citation: cite(4) }] };
    PAGES[4] = "Consolidated Statements of Cash Flows\n(In millions)\nYears Ended December 31, 2023 2022\nNet cash provided by operating activities $ 290 $ 240\nCash and cash equivalents at end of year $ 500 $ 410";
    const t = tools(cfo);
    const Q = "What was the FY2023 cash from operations?";
    const { model, seen } = scripted([
      { calls: [{ toolName: "search_docs", input: { query: "FY2023 cash from operations" } }] },
      { calls: [{ toolName: "compute_metric", input: { question: Q } }] },
      final("Cash from operations, FY2023: $290 million [1]. Cash and cash equivalents at the end of the year were $500 million [1]."),
    ]);
    const r = await runAgentMode({ question: Q, model, tools: t.tools, dealSlug: "acme", returnTrace: true, config: { refineConstraints: false } });
    const out = seen.flatMap((s) => s.toolOutputs).find((v) => (v as { status?: string }).status === "answered") as { name: string; results: string[] };
    expect(out).toMatchObject({ name: "Cash from operations", results: ["$290 million"] });
    const failures = r.trace!.flatMap((e) => (e.type === "validation" ? e.failures.map((f) => f.code) : []));
    expect(r.trace!.some((e) => e.type === "validation")).toBe(true); // the gate did check the answer
    expect(failures).not.toContain("COMPUTED_FIGURE_MISMATCH");
    expect(r.status).toBe("validated");
  });
});
