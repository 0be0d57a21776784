/**
 * The gate and a compute_metric result: a margin no opened page prints is grounded only as the
 * engine states it (its inputs' pages cited), and a line stating another figure for it fails.
 */
import { describe, expect, it } from "vitest";
import { analyzeConstraints } from "@/lib/agent/mode/constraints";
import type { ComputedMetric, OpenedCitation, SearchRecord } from "@/lib/agent/mode/types";
import { validateFinal } from "@/lib/agent/mode/validate";

const DOC = "33333333-3333-4333-8333-333333333333";
const INCOME = "Consolidated Statements of Income\n(In millions)\nYears Ended December 31, 2023 2022\nNet sales $ 1,250 $ 1,000\nOperating income 250 180";
const CASH = "Consolidated Statements of Cash Flows\n(In millions)\nYears Ended December 31, 2023 2022\nDepreciation and amortization 75 60";

const page = (n: number, text: string): OpenedCitation => ({ n, ref: null, documentId: DOC, document: "ACME_10K.txt", page: n + 1, pageEnd: n + 1, chunkId: null, kind: "page", text, contextText: text, truncated: false, snippet: "", documentDate: null, documentKind: null, versionGroup: null, role: "evidence" });

const Q = "What was the FY2023 EBITDA margin?";
const ENGINE = "EBITDA margin for FY2023: **26.0%**.\n\nFormula: EBITDA margin = (Operating income + Depreciation & amortization) / Revenue";
const COMPUTED: ComputedMetric = {
  question: Q,
  name: "EBITDA margin",
  status: "answered",
  results: ["26.0%"],
  formula: "EBITDA margin = (Operating income + Depreciation & amortization) / Revenue",
  inputs: [
    { label: "Operating income", period: "FY2023", value: 250, n: 1, document: "ACME_10K.txt", page: 2 },
    { label: "Depreciation and amortization", period: "FY2023", value: 75, n: 2, document: "ACME_10K.txt", page: 3 },
    { label: "Net sales", period: "FY2023", value: 1250, n: 1, document: "ACME_10K.txt", page: 2 },
  ],
  rows: [],
  missing: [],
  answer: ENGINE,
};
const SEARCHES: SearchRecord[] = [{ index: 1, query: "FY2023 EBITDA margin", results: [] }];
const run = (answer: string, computed: ComputedMetric[] = [COMPUTED]) =>
  validateFinal({ answer, question: Q, constraints: analyzeConstraints(Q), searches: SEARCHES, opened: [page(1, INCOME), page(2, CASH)], computed });
const codes = (r: ReturnType<typeof validateFinal>) => r.failures.map((f) => f.code);

describe("the gate and compute_metric", () => {
  it("reads the engine's headline: the metric's name and its result", () => {
    expect(COMPUTED.name).toBe("EBITDA margin");
    expect(COMPUTED.results).toEqual(["26.0%"]);
  });

  it("accepts the computed margin with its cited inputs, and only with the engine's result", () => {
    const good = "- **EBITDA margin, FY2023:** 26.0% — computed from the statements; inputs: Operating income [1]; Depreciation and amortization [2]; Net sales [1].";
    expect(run(good).ok).toBe(true);
    // without the tool's result the same figure is a number no source states
    expect(codes(run(good, []))).toContain("UNGROUNDED_NUMBER");
    // another figure for the metric, however it came about, is not the tool's result
    const wrong = run(good.replace("26.0%", "20.0%"));
    expect(codes(wrong)).toContain("COMPUTED_FIGURE_MISMATCH");
    expect(wrong.ok).toBe(false);
  });
});
