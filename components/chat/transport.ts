/**
 * How the chat page's one `useChat` sends a request (pure; used by the Chat component and tested
 * with the AI SDK's Chat). The mode is the new user message's `metadata.mode`:
 *   - chat: POST /api/chat with only the new message, or, once every write the last answer asks
 *     for is approved or declined, the decisions (the server then continues that answer);
 *   - agent: POST /api/agent/stream with {deal, conversationId, question}; the run streams back as
 *     one assistant message in the same list and is saved in the same conversation.
 */
import { DefaultChatTransport, isToolUIPart } from "ai";
import type { MandaUIMessage } from "@/lib/chat/ui-message";

/** The analyst's decisions on the writes an answer asks for (tool parts answered with addToolApprovalResponse). */
export function approvalsOf(m: MandaUIMessage): Array<{ id: string; approved: boolean; reason?: string }> {
  return m.parts.flatMap((p) => {
    if (!isToolUIPart(p) || p.state !== "approval-responded") return [];
    const { id, approved, reason } = p.approval;
    return [{ id, approved, ...(reason ? { reason } : {}) }];
  });
}

const textOf = (m: MandaUIMessage) =>
  m.parts
    .map((p) => (p.type === "text" ? p.text : ""))
    .join("\n")
    .trim();

function request(deal: string, id: string, last: MandaUIMessage | undefined): { api: string; body: object } {
  if (last?.role === "assistant") return { api: "/api/chat", body: { id, deal, approvals: approvalsOf(last) } };
  if (last?.metadata?.mode === "agent") return { api: "/api/agent/stream", body: { deal, conversationId: id, question: textOf(last) } };
  return { api: "/api/chat", body: { id, deal, message: last } };
}

export function dealChatTransport(deal: string, fetchFn?: typeof fetch): DefaultChatTransport<MandaUIMessage> {
  return new DefaultChatTransport<MandaUIMessage>({
    api: "/api/chat",
    ...(fetchFn ? { fetch: fetchFn } : {}),
    prepareSendMessagesRequest: ({ id, messages }) => request(deal, id, messages.at(-1)),
  });
}
