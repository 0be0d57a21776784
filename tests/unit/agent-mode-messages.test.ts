import type { UIMessage } from "ai";
import { describe, expect, it } from "vitest";
import { agentAnswerMessage, agentFailureMessage, agentQuestionMessage, agentRunsFromMessages, isAgentConversation } from "@/lib/agent/mode/messages";
import type { AgentModeResult } from "@/lib/agent/mode/types";

const result = {
  answer: 'Revenue was "EUR 5.2 million" [1].',
  citations: [{ n: 1, documentId: "d1", document: "Q3_2024_Report.pdf", page: 2, chunkId: null, snippet: "EUR 5.2 million", url: "/deals/demo/documents/d1?page=2&highlight=EUR+5.2+million", documentDate: "2024-10-24", opened: true }],
  insufficiencies: [],
  status: "validated",
  unmet: [],
  plan: ["search revenue"],
  stats: { searches: 1, openedCitations: 1, toolCalls: 2, toolBudget: 5, iterations: 3, reprompts: 0, invalidOutputs: 0, modelCalls: 4, ms: 12 },
  model: { provider: "local", modelId: "local-agent" },
  trace: [{ type: "final", status: "validated", citations: 1, answerChars: 30, unmet: [], seq: 1, at: 1, durationMs: 0 }],
} as unknown as AgentModeResult;

describe("agent mode runs as messages", () => {
  it("round-trips a run: question, answer, citations as source parts and as data, trace", () => {
    const msgs = [agentQuestionMessage("q1", "What was Q3 revenue?"), agentAnswerMessage("a1", result)];
    expect(msgs[1]!.parts.filter((p) => p.type === "source-url")).toEqual([{ type: "source-url", sourceId: "agent-1", url: result.citations[0]!.url, title: "Q3_2024_Report.pdf, p.2" }]);
    expect(isAgentConversation(msgs)).toBe(true);
    const [run] = agentRunsFromMessages(msgs);
    expect(run).toMatchObject({ id: "q1", question: "What was Q3 revenue?", run: { answer: result.answer, citations: result.citations, status: "validated" } });
    expect(run!.trace).toEqual(result.trace);
  });

  it("a question without an answer, a failed run, and an answer without the run's data part", () => {
    const plain: UIMessage = { id: "a3", role: "assistant", parts: [{ type: "text", text: "Older answer." }], metadata: { mode: "agent" } };
    const runs = agentRunsFromMessages([
      agentQuestionMessage("q1", "first"),
      agentQuestionMessage("q2", "second"),
      agentFailureMessage("a2", "failed", { code: "unavailable:model", message: "Try again." }, []),
      plain,
    ]);
    expect(runs.map((r) => [r.question, r.run?.status ?? null])).toEqual([["first", null], ["second", "failed"], ["", "validated"]]);
    expect(runs[2]!.run!.answer).toBe("Older answer.");
  });

  it("a chat conversation is not an Agent Mode one", () => {
    expect(isAgentConversation([{ metadata: undefined, parts: [{ type: "text", text: "hi" }] }])).toBe(false);
    expect(isAgentConversation([])).toBe(false);
  });
});
