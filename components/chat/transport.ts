/**
 * How the chat talks to POST /api/chat (pure; used by the Chat component and tested with the AI
 * SDK's Chat): only the new message is sent, or, once every write the last answer asks for is
 * approved or declined, the decisions (the server then continues that answer).
 */
import { DefaultChatTransport, type UIMessage } from "ai";

/** The analyst's decisions on the writes an answer asks for (tool parts answered with addToolApprovalResponse). */
export function approvalsOf(m: UIMessage): Array<{ id: string; approved: boolean; reason?: string }> {
  return m.parts.flatMap((p) => {
    const part = p as { state?: string; approval?: { id: string; approved?: boolean; reason?: string } };
    return part.state === "approval-responded" && part.approval ? [{ id: part.approval.id, approved: part.approval.approved === true, ...(part.approval.reason ? { reason: part.approval.reason } : {}) }] : [];
  });
}

export function dealChatTransport(deal: string, fetchFn?: typeof fetch): DefaultChatTransport<UIMessage> {
  return new DefaultChatTransport<UIMessage>({
    api: "/api/chat",
    ...(fetchFn ? { fetch: fetchFn } : {}),
    prepareSendMessagesRequest: ({ id, messages }) => {
      const last = messages[messages.length - 1];
      return { body: last?.role === "assistant" ? { id, deal, approvals: approvalsOf(last) } : { id, deal, message: last } };
    },
  });
}
