import { describe, expect, it } from "vitest";
import { agentAnswerMessage, agentFailureMessage, agentQuestionMessage, agentRunOf, lastMode } from "@/lib/agent/mode/messages";
import type { MandaUIMessage } from "@/lib/chat/ui-message";
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

const chatQuestion: MandaUIMessage = { id: "u1", role: "user", parts: [{ type: "text", text: "hi" }] };
const chatAnswer: MandaUIMessage = { id: "c1", role: "assistant", parts: [{ type: "text", text: "Hello (source: a.pdf, p.1)." }, { type: "source-url", sourceId: "s", url: "/x", title: "a.pdf, p.1" }], metadata: { mode: "chat" } };

describe("agent mode runs as messages", () => {
  it("round-trips a run: question, answer, citations as source parts and as data, trace", () => {
    const msgs = [agentQuestionMessage("q1", "What was Q3 revenue?"), agentAnswerMessage("a1", result)];
    expect(msgs[1]!.parts.filter((p) => p.type === "source-url")).toEqual([{ type: "source-url", sourceId: "agent-1", url: result.citations[0]!.url, title: "Q3_2024_Report.pdf, p.2" }]);
    expect(agentRunOf(msgs[0]!)).toBeNull(); // the request is a question bubble
    const run = agentRunOf(msgs[1]!);
    expect(run).toMatchObject({ run: { answer: result.answer, citations: result.citations, status: "validated" } });
    expect(run!.trace).toEqual(result.trace);
  });

  it("a failed run, an answer without the run's data part, and a run's first chunk (metadata only)", () => {
    expect(agentRunOf(agentFailureMessage("a2", "failed", { code: "unavailable:model", message: "Try again." }, []))!.run).toMatchObject({ status: "failed", answer: "" });
    const plain: MandaUIMessage = { id: "a3", role: "assistant", parts: [{ type: "text", text: "Older answer." }], metadata: { mode: "agent" } };
    expect(agentRunOf(plain)!.run).toMatchObject({ answer: "Older answer.", status: "validated" });
    expect(agentRunOf({ role: "assistant", parts: [], metadata: { mode: "agent" } })).toEqual({ run: null, trace: [] });
  });

  it("a chat answer is not a run, also in one list with runs", () => {
    expect(agentRunOf(chatAnswer)).toBeNull();
    const list = [chatQuestion, chatAnswer, agentQuestionMessage("q1", "revenue?"), agentAnswerMessage("a1", result)];
    expect(list.map((m) => agentRunOf(m) !== null)).toEqual([false, false, false, true]);
  });

  it("a conversation reopens in the mode of its last request", () => {
    expect(lastMode([])).toBe("chat");
    expect(lastMode([chatQuestion, chatAnswer])).toBe("chat");
    expect(lastMode([chatQuestion, chatAnswer, agentQuestionMessage("q1", "revenue?"), agentAnswerMessage("a1", result)])).toBe("agent");
    expect(lastMode([agentQuestionMessage("q1", "revenue?")])).toBe("agent"); // a run that saved no answer
    expect(lastMode([agentQuestionMessage("q1", "revenue?"), agentAnswerMessage("a1", result), chatQuestion, chatAnswer])).toBe("chat");
  });
});
