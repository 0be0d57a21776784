/**
 * The per-topic gate inside the bounded loop, with a scripted model and in-memory tools: a final
 * that quotes a page header is rejected and reprompted (TOPIC_NOT_ANSWERED, with the budget
 * left); a model that never answers ends in a forced answer that discloses each unanswered topic
 * with what was searched and opened; a model that answers each topic is validated.
 */
import { describe, expect, it } from "vitest";
import { runAgentMode } from "@/lib/agent/mode/loop";
import type { AgentModeTools } from "@/lib/agent/mode/tools";
import { final, open, scripted, type Move } from "./agent-mode-script";

const DOC = "33333333-3333-4333-8333-333333333333";
const PAGE = [
  "Example Widgets plc Interim report | 12 November 2031",
  "GBP thousands Q2 2031 Q2 2030",
  "Revenue 7,300 6,100",
  "EBITDA 1,460 1,100",
].join("\n");

const tools: AgentModeTools = {
  async searchDocs() {
    return [{ type: "page", documentId: DOC, document: "Interim.pdf", page: 1, chunkId: null, snippet: PAGE.slice(0, 200), documentDate: "2031-11-12", documentKind: "interim report", role: "evidence", matchedTerms: ["revenue", "ebitda"] }];
  },
  async openCitation(target) {
    if ("chunkId" in target || target.documentId !== DOC) return null;
    return { documentId: DOC, document: "Interim.pdf", page: 1, pageEnd: 1, chunkId: null, kind: "page", text: PAGE, documentDate: "2031-11-12", documentKind: null, versionGroup: null, role: "evidence" };
  },
};

const SEARCH: Move = { calls: ["Q2 2031 revenue", "Q2 2031 ebitda"].map((query) => ({ toolName: "search_docs", input: { query } })) };
const OPEN = open("R1");
const HEADER = final('Interim.pdf: "Example Widgets plc Interim report | 12 November 2031" [1]');
const QUESTION = "Q2 2031 revenue and EBITDA";

describe("the per-topic gate in the loop", () => {
  it("rejects a page-header answer, reprompts with the unanswered topics, and accepts the corrected one", async () => {
    const good = final("- Revenue, Q2 2031: GBP 7,300 thousand [1]\n- EBITDA, Q2 2031: GBP 1,460 thousand [1]");
    const { model, seen } = scripted([SEARCH, OPEN, HEADER, good], { synthesis: { text: "{}" } });
    const r = await runAgentMode({ question: QUESTION, model, tools, dealSlug: "x", returnTrace: true, config: { refineConstraints: false } });
    expect(r.status).toBe("validated");
    const first = r.trace!.find((e) => e.type === "validation")!;
    expect(first.type === "validation" && first.failures.filter((f) => f.code === "TOPIC_NOT_ANSWERED").length).toBe(2);
    expect(seen.map((x) => x.lastUser).join(" ")).toMatch(/TOPIC_NOT_ANSWERED: "revenue" \(Q2 2031\) is not answered/);
  });

  it("a model that keeps answering with the header ends forced, each topic disclosed with its searches and the page opened", async () => {
    const { model } = scripted([SEARCH, OPEN, HEADER], { synthesis: HEADER });
    const r = await runAgentMode({ question: QUESTION, model, tools, dealSlug: "x", returnTrace: true, config: { refineConstraints: false, maxReprompts: 2 } });
    expect(r.status).toBe("forced");
    for (const topic of ["revenue (Q2 2031)", "ebitda (Q2 2031)"]) {
      const line = r.answer.split("\n").find((l) => l.includes(`— ${topic}:`)) ?? "";
      expect(line).toMatch(/^\*\*Insufficient documentation\*\*/);
      expect(line).toMatch(/searched: ‘Q2 2031 (?:revenue|ebitda)’/);
      expect(line).toContain("opened: Interim.pdf p.1");
    }
    expect(r.insufficiencies.map((i) => i.topic)).toEqual(expect.arrayContaining(["revenue", "ebitda"]));
  });
});
