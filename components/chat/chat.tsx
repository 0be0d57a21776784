"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ModeSwitch, useChatMode } from "@/components/agent-mode/mode-switch";
import { agentRunOf } from "@/lib/agent/mode/messages";
import type { ConversationMode, MandaUIMessage } from "@/lib/chat/ui-message";
import { AGENT_COMPOSER, CHAT_COMPOSER, Composer } from "./composer";
import { useConversationInUrl, useRestoredConversation } from "./conversation-url";
import type { StarterDoc } from "@/lib/ui/starters";
import { EmptyState } from "./empty-state";
import { ErrorBanner } from "./error-banner";
import { MessageList } from "./message-list";
import { FlagStatus, OfferButtons, useGapFlag } from "./offer-buttons";
import { offersOf, textOf, type Offer } from "./offers";
import { useDealChat } from "./use-deal-chat";

export interface DocRef extends StarterDoc {
  id: string;
  filename: string;
}

/** The last chat answer (not an Agent Mode run): what offers and regenerate apply to. */
function lastChatAnswer(messages: MandaUIMessage[]): MandaUIMessage | undefined {
  const last = messages.at(-1);
  return last?.role === "assistant" && !agentRunOf(last) ? last : undefined;
}

const lastQuestion = (messages: MandaUIMessage[]) => textOf(messages.findLast((m) => m.role === "user") ?? { parts: [] }).trim();

/**
 * A deal's conversation: one AI SDK chat whose list holds chat answers and Agent Mode runs alike.
 * The Agent Mode switch chooses how the next request is sent (a chat question to POST /api/chat, a
 * run to /api/agent/stream); both are saved in this conversation. Read-only for another member's.
 */
export function Chat({ deal, conversationId, initialMessages, documents, isNew, readOnly }: { deal: string; conversationId: string; initialMessages: MandaUIMessage[]; documents: DocRef[]; isNew: boolean; readOnly?: string | null }) {
  const { messages, sendMessage, status, stop, regenerate, error, clearError, setMessages, addToolApprovalResponse } = useDealChat(deal, conversationId, initialMessages);
  const [mode, setMode] = useChatMode(initialMessages);
  const [input, setInput] = useState("");
  const [askedHere, setAskedHere] = useState(false);
  const { flag, flagGap, clearFlag } = useGapFlag(deal);
  const busy = status === "submitted" || status === "streaming";

  useConversationInUrl({ deal, conversationId, isNew, hasMessages: messages.length > 0 });
  useRestoredConversation({ deal, conversationId, isNew, initialMessages, setMessages });

  // The newest message in view, above the sticky composer: the chat's own end (under the composer) is
  // brought to the viewport's bottom, on opening a saved conversation and as messages arrive.
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [messages, status]);

  const byName = useMemo(() => new Map(documents.map((d) => [d.filename.toLowerCase(), d.id])), [documents]);
  const decide = useCallback((id: string, approved: boolean) => void addToolApprovalResponse({ id, approved }), [addToolApprovalResponse]);

  function send(text: string, as: ConversationMode = mode) {
    const t = text.trim();
    if (!t || busy || readOnly) return;
    clearError();
    clearFlag();
    setAskedHere(true);
    void sendMessage({ text: t, metadata: { mode: as } });
    setInput("");
  }

  // an offer is a chat reply to a chat answer, whichever mode the switch is in
  const take = (o: Offer) => (o.message ? send(o.message, "chat") : void flagGap(lastQuestion(messages)));
  const answer = busy || readOnly ? undefined : lastChatAnswer(messages);
  const offers = answer ? offersOf(answer) : [];

  return (
    <div ref={end} className="flex min-h-[60vh] flex-col gap-4">
      {!readOnly && <ModeSwitch mode={mode} onChange={setMode} />}
      <MessageList messages={messages} status={status} deal={deal} conversationId={conversationId} canAddToQa={!readOnly} byName={byName} onDecide={readOnly || busy ? undefined : decide} askedHere={askedHere}>
        {messages.length === 0 && !readOnly && <EmptyState mode={mode} documents={documents} onAsk={send} onDraft={setInput} />}
        {error && <ErrorBanner error={error} onRetry={() => void regenerate()} />}
        {offers.length > 0 && <OfferButtons offers={offers} disabled={flag?.state === "saving"} onTake={take} />}
        {flag?.text && <FlagStatus deal={deal} flag={flag} />}
      </MessageList>
      <Composer
        input={input}
        setInput={setInput}
        busy={busy}
        onSubmit={(text) => send(text)}
        onStop={() => void stop()}
        onRegenerate={answer ? () => void regenerate() : null}
        readOnly={readOnly}
        labels={mode === "agent" && !readOnly ? AGENT_COMPOSER : CHAT_COMPOSER}
      />
    </div>
  );
}
