"use client";

import type { ChatStatus } from "ai";
import type { ReactNode } from "react";
import type { MandaUIMessage } from "@/lib/chat/ui-message";
import { ChatMessage } from "./message";
import { textOf } from "./offers";

function Thinking() {
  return (
    <div role="status" className="flex items-center gap-2 text-sm text-slate-500">
      <span aria-hidden="true" className="inline-block h-3 w-3 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600" />
      Thinking…
    </div>
  );
}

/**
 * The conversation, oldest first: questions, chat answers and Agent Mode runs in one list (the
 * chat keeps the newest in view, above its composer). `askedHere`: the last answer was asked on this page (not reopened).
 */
export function MessageList({ messages, status, deal, conversationId, canAddToQa = false, byName, onDecide, askedHere, children }: {
  messages: MandaUIMessage[];
  status: ChatStatus;
  deal: string;
  conversationId?: string;
  /** Answers offer "Add to Q&A" (not in a read-only conversation). */
  canAddToQa?: boolean;
  byName: Map<string, string>;
  onDecide?: (id: string, approved: boolean) => void;
  askedHere: boolean;
  /** Shown under the messages (the empty state, errors, offers). */
  children?: ReactNode;
}) {
  const lastId = messages.at(-1)?.id;
  return (
    <div className="flex-1 space-y-6 pb-4" aria-live="polite" aria-busy={status === "submitted" || status === "streaming"} data-testid="messages">
      {messages.map((m, i) => {
        const live = (status === "streaming" || status === "submitted") && m.id === lastId;
        const asked = m.role === "assistant" ? messages.slice(0, i).findLast((x) => x.role === "user") : undefined;
        const qa = canAddToQa && conversationId && asked && !live ? { conversationId, question: textOf(asked).trim() } : undefined;
        return <ChatMessage key={m.id} m={m} byName={byName} deal={deal} onDecide={onDecide} live={status === "streaming" && m.id === lastId} fresh={askedHere && m.id === lastId} qa={qa} />;
      })}
      {status === "submitted" && <Thinking />}
      {children}
    </div>
  );
}
