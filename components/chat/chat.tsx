"use client";

import { useChat } from "@ai-sdk/react";
import { lastAssistantMessageIsCompleteWithApprovalResponses, type UIMessage } from "ai";
import Link from "next/link";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Composer } from "./composer";
import { notifyConversationsChanged } from "./conversation-list";
import { useConversationInUrl, useRestoredConversation } from "./conversation-url";
import { ChatMessage } from "./message";
import { offersOf, textOf, type Offer } from "./offers";
import { dealChatTransport } from "./transport";

export interface DocRef {
  id: string;
  filename: string;
}

const SUGGESTIONS = ["What's the Q3 revenue?", "Any red flags in the financials?", "What's missing for the IRL?", "Tell me about the company"];

/** "Flag as a gap": the unanswered question becomes an open IRL request. */
async function addGapToIrl(deal: string, question: string): Promise<void> {
  const res = await fetch(`/api/deals/${encodeURIComponent(deal)}/irl`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ domain: "Open questions", item: question.slice(0, 500), priority: "medium", notes: "Flagged in the chat: the data room did not answer it." }),
  });
  if (!res.ok) throw new Error(await res.text());
}

function EmptyState({ onPick }: { onPick: (question: string) => void }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="font-medium">Ask about this deal’s data room</p>
      <p className="mt-1 text-sm text-slate-600">Every answer cites the page it comes from.</p>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        {SUGGESTIONS.map((s) => (
          <button key={s} type="button" onClick={() => onPick(s)} className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm hover:border-indigo-400 hover:bg-indigo-50">
            {s}
          </button>
        ))}
      </div>
    </div>
  );
}

function FlagStatus({ deal, flag }: { deal: string; flag: { state: "saving" | "done" | "error"; text?: string } }) {
  return (
    <p role="status" className={`text-sm ${flag.state === "error" ? "text-red-700" : "text-emerald-800"}`} data-testid="flag-status">
      {flag.text}{" "}
      {flag.state === "done" && (
        <Link href={`/deals/${encodeURIComponent(deal)}/irl`} className="underline">
          Open the IRL
        </Link>
      )}
    </p>
  );
}

/**
 * The AI SDK chat bound to this deal's conversation on POST /api/chat: only the new message is
 * sent, or, once every write the last answer asks for is approved or declined, the decisions
 * (the answer then continues).
 */
function useDealChat(deal: string, conversationId: string, initialMessages: UIMessage[]) {
  const transport = useMemo(() => dealChatTransport(deal), [deal]);
  return useChat({
    id: conversationId,
    messages: initialMessages,
    transport,
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
    // The server created / touched the conversation: the history list refetches (a new
    // conversation shows up after its first answer, without a navigation).
    onFinish: () => notifyConversationsChanged(deal, conversationId),
  });
}

function ErrorBanner({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800" data-testid="chat-error">
      {friendlyError(error)}{" "}
      <button type="button" className="underline" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

function OfferButtons({ offers, disabled, onTake }: { offers: Offer[]; disabled: boolean; onTake: (o: Offer) => void }) {
  return (
    <div className="flex flex-wrap gap-2" aria-label="Suggested actions">
      {offers.map((o) => (
        <button key={o.label} type="button" disabled={disabled} onClick={() => onTake(o)} className="rounded-md border border-indigo-300 bg-indigo-50 px-3 py-1.5 text-sm font-medium text-indigo-800 hover:bg-indigo-100" data-testid="offer-button">
          {o.label}
        </button>
      ))}
    </div>
  );
}

export function Chat({ deal, conversationId, initialMessages, documents, isNew, readOnly }: { deal: string; conversationId: string; initialMessages: UIMessage[]; documents: DocRef[]; isNew: boolean; readOnly?: string | null }) {
  const [input, setInput] = useState("");
  const bottom = useRef<HTMLDivElement>(null);
  const { messages, sendMessage, status, stop, regenerate, error, clearError, setMessages, addToolApprovalResponse } = useDealChat(deal, conversationId, initialMessages);
  const busy = status === "submitted" || status === "streaming";
  const [flag, setFlag] = useState<{ state: "saving" | "done" | "error"; text?: string } | null>(null);

  useConversationInUrl({ deal, conversationId, isNew, hasMessages: messages.length > 0 });
  useRestoredConversation({ deal, conversationId, isNew, initialMessages, setMessages });

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: "end" });
  }, [messages, status]);

  const byName = useMemo(() => new Map(documents.map((d) => [d.filename.toLowerCase(), d.id])), [documents]);
  const decide = useCallback((id: string, approved: boolean) => void addToolApprovalResponse({ id, approved }), [addToolApprovalResponse]);

  function submit(text: string) {
    const t = text.trim();
    if (!t || busy || readOnly) return;
    clearError();
    setFlag(null);
    void sendMessage({ text: t });
    setInput("");
  }

  const last = messages[messages.length - 1];
  const offers = last && last.role === "assistant" && !busy && !readOnly ? offersOf(last) : [];
  const asked = [...messages].reverse().find((m) => m.role === "user");

  async function take(o: Offer) {
    if (o.message) return submit(o.message);
    const question = asked ? textOf(asked).trim() : "";
    if (!question) return;
    setFlag({ state: "saving" });
    try {
      await addGapToIrl(deal, question);
      setFlag({ state: "done", text: `Added to the IRL as an open request: “${question}”` });
    } catch {
      setFlag({ state: "error", text: "The IRL item could not be added. Try again from the IRL page." });
    }
  }

  return (
    <div className="flex min-h-[60vh] flex-col">
      <div className="flex-1 space-y-6 pb-4" aria-live="polite" aria-busy={busy} data-testid="messages">
        {messages.length === 0 && !readOnly && <EmptyState onPick={submit} />}
        {messages.map((m) => (
          <ChatMessage key={m.id} m={m} byName={byName} deal={deal} onDecide={readOnly || busy ? undefined : decide} />
        ))}
        {status === "submitted" && (
          <div role="status" className="flex items-center gap-2 text-sm text-slate-500">
            <span aria-hidden="true" className="inline-block h-3 w-3 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600" />
            Thinking…
          </div>
        )}
        {error && <ErrorBanner error={error} onRetry={() => void regenerate()} />}
        {offers.length > 0 && <OfferButtons offers={offers} disabled={flag?.state === "saving"} onTake={(o) => void take(o)} />}
        {flag?.text && <FlagStatus deal={deal} flag={flag} />}
        <div ref={bottom} />
      </div>
      <Composer
        input={input}
        setInput={setInput}
        busy={busy}
        onSubmit={submit}
        onStop={() => void stop()}
        onRegenerate={!busy && last?.role === "assistant" ? () => void regenerate() : null}
        readOnly={readOnly}
      />
    </div>
  );
}

function friendlyError(e: Error): string {
  try {
    const j = JSON.parse(e.message) as { error?: { message?: string } };
    if (j.error?.message) return j.error.message;
  } catch {
    /* not JSON */
  }
  return e.message && e.message.length < 300 ? e.message : "The answer could not be completed.";
}
