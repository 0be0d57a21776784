/**
 * The offline Agent Mode driver tells versions of one document apart by the version group ingest
 * stored on the document (carried by search_docs and open_citation), not by its own reading of
 * filenames; within a group the newest dated version is the one it opens.
 */
import { describe, expect, it } from "vitest";
import { analyzeConstraints, mergeConstraints } from "@/lib/agent/mode/constraints";
import { nextAction } from "@/lib/agent/offline/agent-mode/act";
import { familyOf, versionKey } from "@/lib/agent/offline/agent-mode/sources";
import { rulesAsRefinement, type DriverState, type Result } from "@/lib/agent/offline/agent-mode/state";
import { inferMetadata } from "@/lib/ingest/metadata";

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const result = (n: number, document: string, date: string, snippet: string): Result => ({
  ref: `R${n}`, type: "page", document, page: 2, date, kind: "quarterly report", role: "evidence", matched: ["churn"], snippet, documentId: id(n), chunkId: null,
  // as ingest stores it on the document
  versionGroup: inferMetadata(document).versionGroup,
});

function state(question: string, results: Result[]): DriverState {
  const rules = analyzeConstraints(question);
  return {
    question, language: "en", constraints: mergeConstraints(rules, rulesAsRefinement(rules), question),
    budget: { toolCallsLeft: 10, maxBatch: 5 }, searches: [{ query: "customer churn", results }], opened: [], openedOmitted: [], metrics: [], canCompute: false, callsSoFar: 1,
  };
}

describe("document versions in the offline Agent Mode driver", () => {
  it("the family is the stored version group; without one, the group ingest gives the filename", () => {
    expect(familyOf({ document: "Q3 Report (1).pdf", versionGroup: "q3_report" })).toBe(familyOf({ document: "Q3 Report.pdf", versionGroup: "q3_report" }));
    expect(familyOf({ document: "Board pack.pdf", versionGroup: "pack-a" })).not.toBe(familyOf({ document: "Board pack.pdf", versionGroup: "pack-b" }));
    expect(familyOf({ document: "Annual_Report_2023_CORRECTED.pdf" })).toBe(familyOf({ document: "Annual_Report_2023.pdf" }));
    // same date: the corrected version ranks above the original
    expect(versionKey("Annual_Report_2023_CORRECTED.pdf", "2024-03-01") > versionKey("Annual_Report_2023.pdf", "2024-03-01")).toBe(true);
  });

  it("opens the newest of two versions ingest grouped ('Q3 Report.pdf', 'Q3 Report (1).pdf'), not both", () => {
    const s = state("Open at least 2 sources: what do the documents say about customer churn?", [
      result(1, "Q3 Report.pdf", "2024-10-01", "Customer churn was 4.1% in the quarter, up from 3.8%."),
      result(2, "Q3 Report (1).pdf", "2024-10-20", "Customer churn was 4.3% in the quarter, up from 3.8%."),
      result(3, "Churn_Memo.pdf", "2024-09-15", "Customer churn rose in the quarter as two large customers left."),
    ]);
    const move = nextAction(s);
    expect(move.kind).toBe("tools");
    const refs = move.kind === "tools" ? move.calls.filter((c) => c.toolName === "open_citation").map((c) => c.input.ref) : [];
    expect(refs).toContain("R2");
    expect(refs).not.toContain("R1");
  });
});
