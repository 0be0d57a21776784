/**
 * One chat component renders both modes: a chat answer and an Agent Mode run in the same list,
 * the switch and the request box following the conversation's last request (rendered by React's
 * server renderer, no browser; the browser test tests/browser/agent-mode.test.ts runs both live).
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Chat } from "@/components/chat/chat";
import { agentAnswerMessage, agentFailureMessage, agentQuestionMessage } from "@/lib/agent/mode/messages";
import type { AgentModeResult } from "@/lib/agent/mode/types";
import type { MandaUIMessage } from "@/lib/chat/ui-message";

const run = {
  answer: 'Revenue was "EUR 5.2 million" [1].',
  citations: [{ n: 1, documentId: "d1", document: "q3.pdf", page: 2, chunkId: null, snippet: "EUR 5.2 million", url: "/deals/acme/documents/d1?page=2", documentDate: null, opened: true }],
  insufficiencies: [],
  status: "validated",
  unmet: [],
  plan: ["search revenue"],
  stats: { searches: 1, openedCitations: 1, toolCalls: 2, toolBudget: 8, iterations: 3, reprompts: 0, invalidOutputs: 0, modelCalls: 3, ms: 40 },
  model: { provider: "local", modelId: "local" },
  trace: [{ type: "final", status: "validated", citations: 1, answerChars: 30, unmet: [], seq: 1, at: 1, durationMs: 0 }],
} as unknown as AgentModeResult;

const chatTurn: MandaUIMessage[] = [
  { id: "u1", role: "user", parts: [{ type: "text", text: "Who is the CEO?" }] },
  { id: "a1", role: "assistant", parts: [{ type: "text", text: "Dana Whitfield is the CEO." }], metadata: { mode: "chat" } },
];
const agentTurn = [agentQuestionMessage("q1", "Quote Q3 revenue"), agentAnswerMessage("a2", run)];

const render = (initialMessages: MandaUIMessage[], readOnly: string | null = null) =>
  renderToStaticMarkup(createElement(Chat, { deal: "acme", conversationId: "00000000-0000-4000-8000-000000000001", initialMessages, documents: [], isNew: false, readOnly }));

const assistants = (html: string) => [...html.matchAll(/data-testid="message-assistant" data-mode="(\w+)"/g)].map((m) => m[1]);

describe("one chat, both modes", () => {
  it("lists a chat answer, then an Agent Mode run with its answer, citation link, trace and figures", () => {
    const html = render([...chatTurn, ...agentTurn]);
    expect(assistants(html)).toEqual(["chat", "agent"]);
    expect(html.indexOf("Dana Whitfield is the CEO")).toBeLessThan(html.indexOf('data-testid="agent-result"'));
    expect(html).toContain('data-testid="agent-answer"');
    expect(html).toMatch(/data-testid="citation-link"[^>]*>\[1\]/);
    expect(html).toContain('data-testid="trace-step" data-type="final"');
    expect(html).toContain("validated");
    // the last request was a run: the switch is on, the box is Agent Mode's, nothing to regenerate
    expect(html).toMatch(/role="switch" aria-checked="true"/);
    expect(html).toMatch(/<textarea[^>]*id="agent-input"[^>]*maxLength="1000"/i);
    expect(html).toMatch(/>Run agent<\/button>/);
    expect(html).not.toContain('data-testid="regenerate"');
  });

  it("after a run, a chat answer: the switch is off and the chat's box offers regenerate", () => {
    const html = render([...agentTurn, ...chatTurn]);
    expect(assistants(html)).toEqual(["agent", "chat"]);
    expect(html).toMatch(/role="switch" aria-checked="false"/);
    expect(html).toContain('id="chat-input"');
    expect(html).toContain('data-testid="regenerate"');
  });

  it("another member's conversation: both kinds are shown, read-only, without the switch", () => {
    const html = render([...chatTurn, ...agentTurn], "Read-only: another member's conversation.");
    expect(assistants(html)).toEqual(["chat", "agent"]);
    expect(html).not.toContain('role="switch"');
    expect(html).toMatch(/<textarea[^>]*id="chat-input"[^>]*disabled=""/);
  });

  it("a run the analyst stopped says so (live: its trace and the stop mark; reloaded: the saved stopped run)", () => {
    const trace = run.trace!;
    const live: MandaUIMessage = { id: "a3", role: "assistant", parts: [{ type: "data-agent-trace", data: trace }], metadata: { mode: "agent", aborted: true } };
    const saved = agentFailureMessage("a4", "stopped", { code: "aborted", message: "The run was stopped before it finished." }, trace);
    for (const m of [live, saved]) {
      const html = render([agentQuestionMessage("q1", "Quote Q3 revenue"), m]);
      expect(html).toContain('data-testid="agent-run-unfinished"');
      expect(html).toContain("Stopped before an answer was ready.");
    }
    // not stopped and nothing saved: said plainly, not shown as a stop
    const bare: MandaUIMessage = { id: "a5", role: "assistant", parts: [{ type: "data-agent-trace", data: trace }], metadata: { mode: "agent" } };
    expect(render([agentQuestionMessage("q1", "Quote Q3 revenue"), bare])).toContain("No answer was saved for this request.");
  });
});
