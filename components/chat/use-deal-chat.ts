"use client";

import { useChat, type UseChatHelpers } from "@ai-sdk/react";
import { lastAssistantMessageIsCompleteWithApprovalResponses } from "ai";
import { useMemo } from "react";
import type { MandaUIMessage } from "@/lib/chat/ui-message";
import { notifyConversationsChanged } from "./conversation-list";
import { dealChatTransport } from "./transport";

const markStopped = (id: string) => (messages: MandaUIMessage[]) =>
  messages.map((m) => (m.id === id ? { ...m, metadata: { ...m.metadata, aborted: true } } : m));

/**
 * The page's one AI SDK chat, bound to this deal's conversation: chat questions and Agent Mode
 * runs alike (transport.ts sends each by its message's mode). Once every write the last answer
 * asks for is approved or declined, the decisions are sent and the answer continues.
 */
export function useDealChat(deal: string, conversationId: string, initialMessages: MandaUIMessage[]): UseChatHelpers<MandaUIMessage> {
  const transport = useMemo(() => dealChatTransport(deal), [deal]);
  const chat: UseChatHelpers<MandaUIMessage> = useChat<MandaUIMessage>({
    id: conversationId,
    messages: initialMessages,
    transport,
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
    onFinish: ({ message, isAbort }) => {
      // Stopped: the answer says so now, as the saved one does after a reload.
      if (isAbort && message.role === "assistant") chat.setMessages(markStopped(message.id));
      // The server created / touched the conversation: the history list refetches (a new
      // conversation shows up after its first answer, without a navigation).
      notifyConversationsChanged(deal, conversationId);
    },
  });
  return chat;
}
