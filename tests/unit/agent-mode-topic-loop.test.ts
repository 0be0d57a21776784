/**
 * The per-topic gate inside the bounded loop, with a scripted model and in-memory tools: a final
 * that quotes a page header is rejected and reprompted (TOPIC_NOT_ANSWERED, with the budget
 * left); a model that never answers ends in a forced answer that discloses each unanswered topic
 * with what was searched and opened; a model that answers each topic is validated.
 */
import type { LanguageModelV3CallOptions, LanguageModelV3GenerateResult } from "@ai-sdk/provider";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { CONSTRAINTS_TASK } from "@/lib/agent/mode/constraints";
import { runAgentMode } from "@/lib/agent/mode/loop";
import { PLAN_TASK } from "@/lib/agent/mode/planner";
import { readStateFromText, SYNTHESIS_TASK } from "@/lib/agent/mode/prompts";
import type { AgentModeTools } from "@/lib/agent/mode/tools";

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

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };
const reply = (text: string): LanguageModelV3GenerateResult => ({ content: [{ type: "text", text }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] });

function scripted(script: string[], synthesis: string) {
  let i = 0;
  const feedback: string[][] = [];
  const model = new MockLanguageModelV3({
    doGenerate: async (o: LanguageModelV3CallOptions) => {
      const system = o.prompt.filter((m) => m.role === "system").map((m) => m.content).join("\n");
      const user = o.prompt.filter((m) => m.role === "user").flatMap((m) => m.content.map((p) => (p.type === "text" ? p.text : ""))).join("\n");
      if (system.includes(CONSTRAINTS_TASK)) return reply("not json");
      if (system.includes(PLAN_TASK)) return reply('["search_docs", "open_citation", "answer"]');
      feedback.push(readStateFromText(user)!.feedback);
      if (system.includes(SYNTHESIS_TASK)) return reply(synthesis);
      return reply(script[Math.min(i++, script.length - 1)]!);
    },
  });
  return { model, feedback };
}

const j = (v: unknown) => JSON.stringify(v);
const SEARCH = j({ type: "tool_calls", calls: [{ tool: "search_docs", args: { query: "Q2 2031 revenue" } }, { tool: "search_docs", args: { query: "Q2 2031 ebitda" } }] });
const OPEN = j({ type: "tool_call", tool: "open_citation", args: { ref: "R1" } });
const HEADER = j({ type: "final", answer: 'Interim.pdf: "Example Widgets plc Interim report | 12 November 2031" [1]' });
const QUESTION = "Q2 2031 revenue and EBITDA";

describe("the per-topic gate in the loop", () => {
  it("rejects a page-header answer, reprompts with the unanswered topics, and accepts the corrected one", async () => {
    const good = j({ type: "final", answer: "- Revenue, Q2 2031: GBP 7,300 thousand [1]\n- EBITDA, Q2 2031: GBP 1,460 thousand [1]" });
    const { model, feedback } = scripted([SEARCH, OPEN, HEADER, good], "{}");
    const r = await runAgentMode({ question: QUESTION, model, tools, dealSlug: "x", returnTrace: true, config: { refineConstraints: false } });
    expect(r.status).toBe("validated");
    const first = r.trace!.find((e) => e.type === "validation")!;
    expect(first.type === "validation" && first.failures.filter((f) => f.code === "TOPIC_NOT_ANSWERED").length).toBe(2);
    expect(feedback.flat().join(" ")).toMatch(/TOPIC_NOT_ANSWERED: "revenue" \(Q2 2031\) is not answered/);
  });

  it("a model that keeps answering with the header ends forced, each topic disclosed with its searches and the page opened", async () => {
    const { model } = scripted([SEARCH, OPEN, HEADER], HEADER);
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
