/**
 * The chat page's one transport sends each request by its message's mode: a chat question (or the
 * decisions on an answer's writes) to POST /api/chat, an Agent Mode request to
 * POST /api/agent/stream in the same conversation.
 */
import { describe, expect, it } from "vitest";
import { dealChatTransport } from "@/components/chat/transport";
import type { MandaUIMessage } from "@/lib/chat/ui-message";

const CONVERSATION = "00000000-0000-4000-8000-000000000003";

async function sent(messages: MandaUIMessage[]): Promise<{ url: string; body: Record<string, unknown> }> {
  let seen: { url: string; body: Record<string, unknown> } | null = null;
  const fetchFn = (async (url: string, init: { body: string }) => {
    seen = { url, body: JSON.parse(init.body) as Record<string, unknown> };
    return new Response("", { headers: { "content-type": "text/event-stream" } });
  }) as unknown as typeof fetch;
  await dealChatTransport("acme", fetchFn).sendMessages({ trigger: "submit-message", chatId: CONVERSATION, messageId: undefined, messages, abortSignal: undefined });
  return seen!;
}

const question = (text: string, mode?: "chat" | "agent"): MandaUIMessage => ({ id: `u-${text}`, role: "user", parts: [{ type: "text", text }], ...(mode ? { metadata: { mode } } : {}) });
const chatAnswer: MandaUIMessage = { id: "a1", role: "assistant", parts: [{ type: "text", text: "EUR 5.2 million (source: q3.pdf, p.2)." }] };

describe("chat transport: one client, two modes", () => {
  it("sends a chat question to /api/chat with only the new message", async () => {
    const { url, body } = await sent([question("Q3 revenue?", "chat")]);
    expect(url).toBe("/api/chat");
    expect(body).toEqual({ id: CONVERSATION, deal: "acme", message: question("Q3 revenue?", "chat") });
  });

  it("sends an Agent Mode request after a chat answer to /api/agent/stream, in the same conversation", async () => {
    const { url, body } = await sent([question("Q3 revenue?", "chat"), chatAnswer, question("Open two sources and quote revenue", "agent")]);
    expect(url).toBe("/api/agent/stream");
    expect(body).toEqual({ deal: "acme", conversationId: CONVERSATION, question: "Open two sources and quote revenue" });
  });

  it("sends the decisions on an answer's writes to /api/chat", async () => {
    const waiting: MandaUIMessage = {
      id: "a2",
      role: "assistant",
      parts: [{ type: "tool-add_to_qa", toolCallId: "c1", state: "approval-responded", input: { questions: [] }, approval: { id: "ap-1", approved: false, reason: "not now" } }],
    };
    const { url, body } = await sent([question("Add them", "chat"), waiting]);
    expect(url).toBe("/api/chat");
    expect(body).toEqual({ id: CONVERSATION, deal: "acme", approvals: [{ id: "ap-1", approved: false, reason: "not now" }] });
  });
});
