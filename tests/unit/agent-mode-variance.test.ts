/**
 * A comparison stated in one unit with its variance (issue 12): the offline writer converts both
 * sides to the larger stated scale and computes the difference and percentage; the gate accepts a
 * correctly derived variance and rejects a wrong one.
 */
import { describe, expect, it } from "vitest";
import { analyzeConstraints } from "@/lib/agent/mode/constraints";
import type { OpenedCitation } from "@/lib/agent/mode/types";
import { validateFinal } from "@/lib/agent/mode/validate";
import { varianceStatement } from "@/lib/agent/offline/agent-mode/write";

const QUARTER = ["Condensed income statement", "GBP thousands Q2 2031 Q2 2030", "Revenue 7,300 6,100", "EBITDA 1,460 1,100"].join("\n");
const DECK = "Q2 2031 revenue forecast: GBP 7.0 million, set in January 2031.";

function opened(n: number, document: string, text: string): OpenedCitation {
  return { n, ref: null, documentId: `00000000-0000-4000-8000-00000000000${n}`, document, page: 1, pageEnd: 1, chunkId: null, kind: "page", text, contextText: text, truncated: false, snippet: "", documentDate: null, documentKind: null, versionGroup: null, role: "evidence" };
}

describe("comparison variance in one unit", () => {
  const sides = { a: "actual", b: "forecast" };
  it("converts thousands to millions and states the difference and percentage against the comparison side", () => {
    expect(varianceStatement({ value: 5200, currency: "EUR", scale: 1e3, decimals: 0 }, { value: 5, currency: "EUR", scale: 1e6, decimals: 1 }, sides, "the forecast")).toBe("EUR 5.2 million actual against EUR 5.0 million forecast — EUR 0.2 million (4.0%) above the forecast.");
    expect(varianceStatement({ value: 6.5, currency: "GBP", scale: 1e6, decimals: 1 }, { value: 7000, currency: "GBP", scale: 1e3, decimals: 0 }, sides, "the budget")).toBe("GBP 6.5 million actual against GBP 7.0 million forecast — GBP 0.5 million (7.1%) below the budget.");
  });
  it("states no variance when a side's scale is not stated or the currencies differ", () => {
    expect(varianceStatement({ value: 5200, currency: "EUR", scale: null, decimals: 0 }, { value: 5, currency: "EUR", scale: 1e6, decimals: 1 }, sides, "the forecast")).toBeNull();
    expect(varianceStatement({ value: 5200, currency: "EUR", scale: 1e3, decimals: 0 }, { value: 5, currency: "USD", scale: 1e6, decimals: 1 }, sides, "the forecast")).toBeNull();
  });

  const question = "Q2 2031 revenue against the management forecast";
  const src = [opened(1, "Interim_Q2.pdf", QUARTER), opened(2, "Board_pack.pdf", DECK)];
  const answer = (variance: string) =>
    `- **Revenue against the management forecast, Q2 2031:** GBP 7.3 million actual against GBP 7.0 million forecast — ${variance} above the forecast. 7,300 (GBP thousands) — Interim_Q2.pdf, p.1: "Revenue 7,300 6,100" [1]; against the forecast: Board_pack.pdf, p.1: "Q2 2031 revenue forecast: GBP 7.0 million, set in January 2031." [2]`;
  const gate = (a: string) => validateFinal({ answer: a, question, constraints: analyzeConstraints(question), searches: [{ index: 1, query: "revenue forecast", results: [] }], opened: src });

  it("the gate accepts a correctly derived variance", () => {
    const r = gate(answer("GBP 0.3 million (4.3%)"));
    expect(r.failures).toEqual([]);
  });
  it("the gate rejects a wrong difference or a wrong percentage", () => {
    expect(gate(answer("GBP 0.4 million (4.3%)")).failures.map((f) => f.code)).toContain("UNGROUNDED_NUMBER");
    expect(gate(answer("GBP 0.3 million (5.7%)")).failures.map((f) => f.code)).toContain("UNGROUNDED_NUMBER");
  });
});
