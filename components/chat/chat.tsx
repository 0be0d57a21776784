"use client";

import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport, type UIMessage } from "ai";
import Link from "next/link";
import { useEffect, useMemo, useRef, useState } from "react";
import { notifyConversationsChanged } from "./conversation-list";
import { offersOf, textOf, toolName, type AnyPart, type Offer } from "./offers";
import { Markdown, type CitationResolver } from "./markdown";

export interface DocRef {
  id: string;
  filename: string;
}

const TOOL_LABELS: Record<string, [running: string, done: string]> = {
  query_knowledge_base: ["Searching the data room…", "Searched the data room"],
  get_document_info: ["Reading document details…", "Read document details"],
  detect_contradictions: ["Checking for contradictions…", "Checked for contradictions"],
  find_gaps: ["Looking for gaps…", "Looked for gaps"],
  validate_finding: ["Checking the finding against its source…", "Checked the finding"],
  update_knowledge_base: ["Saving the finding…", "Finding saved"],
  suggest_questions: ["Drafting questions…", "Drafted questions"],
  create_irl: ["Building the information request list…", "Built the IRL"],
  add_to_qa: ["Adding to the Q&A list…", "Q&A list updated"],
  trigger_analysis: ["Starting the analysis…", "Analysis started"],
  update_knowledge_graph: ["Updating the knowledge graph…", "Knowledge graph updated"],
};

const SUGGESTIONS = ["What's the Q3 revenue?", "Any red flags in the financials?", "What's missing for the IRL?", "Tell me about the company"];

function ToolActivity({ part }: { part: AnyPart }) {
  const name = toolName(part)!;
  const [running, done] = TOOL_LABELS[name] ?? [`Using ${name.replace(/_/g, " ")}…`, `Used ${name.replace(/_/g, " ")}`];
  const state = String(part.state ?? "");
  const failed = state === "output-error" || state === "output-denied";
  const finished = state === "output-available";
  const input = part.input as Record<string, unknown> | undefined;
  const query = typeof input?.query === "string" ? input.query : typeof input?.question === "string" ? input.question : null;
  return (
    <div className="flex items-center gap-2 text-xs text-slate-500" data-testid="tool-activity" data-tool={name} data-state={state}>
      {finished ? (
        <span aria-hidden="true" className="text-emerald-600">
          ✓
        </span>
      ) : failed ? (
        <span aria-hidden="true" className="text-red-600">
          ✕
        </span>
      ) : (
        <span aria-hidden="true" className="inline-block h-3 w-3 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600" />
      )}
      <span>
        {failed ? `${done} — failed` : finished ? done : running}
        {query ? <span className="text-slate-400"> · “{query.length > 80 ? `${query.slice(0, 80)}…` : query}”</span> : null}
      </span>
    </div>
  );
}


export function Chat({ deal, conversationId, initialMessages, documents, isNew }: { deal: string; conversationId: string; initialMessages: UIMessage[]; documents: DocRef[]; isNew: boolean }) {
  const [input, setInput] = useState("");
  const bottom = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const transport = useMemo(
    () =>
      new DefaultChatTransport<UIMessage>({
        api: "/api/chat",
        prepareSendMessagesRequest: ({ id, messages }) => ({ body: { id, deal, message: messages[messages.length - 1] } }),
      }),
    [deal],
  );
  const { messages, sendMessage, status, stop, regenerate, error, clearError, setMessages } = useChat({
    id: conversationId,
    messages: initialMessages,
    transport,
    // The server created / touched the conversation: the history list refetches (a new
    // conversation shows up after its first answer, without a navigation).
    onFinish: () => notifyConversationsChanged(deal, conversationId),
  });
  const busy = status === "submitted" || status === "streaming";
  const [flag, setFlag] = useState<{ state: "saving" | "done" | "error"; text?: string } | null>(null);

  // After the first question, the URL names the conversation (shareable; survives reload).
  useEffect(() => {
    if (isNew && messages.length > 0 && typeof window !== "undefined" && !window.location.pathname.endsWith(conversationId)) {
      window.history.replaceState(null, "", `/deals/${encodeURIComponent(deal)}/chat/${conversationId}`);
    }
  }, [isNew, messages.length, conversationId, deal]);

  // Back/forward onto a conversation that was started on /chat: the router restores that page as
  // first rendered (no messages, history without it) while the URL names the saved conversation.
  // Load its messages and let the history list catch up.
  useEffect(() => {
    if (!isNew || initialMessages.length > 0 || !window.location.pathname.endsWith(`/chat/${conversationId}`)) return;
    let alive = true;
    void (async () => {
      try {
        const res = await fetch(`/api/deals/${encodeURIComponent(deal)}/conversations/${conversationId}`, { cache: "no-store" });
        if (!res.ok) return; // not saved yet
        const body = (await res.json()) as { messages?: UIMessage[] };
        const saved = (body.messages ?? []).map(({ id, role, parts, metadata }) => (metadata == null ? { id, role, parts } : { id, role, parts, metadata }));
        if (!alive || saved.length === 0) return;
        setMessages((cur) => (cur.length > 0 ? cur : saved));
        notifyConversationsChanged(deal, conversationId);
      } catch {
        /* offline: the conversation opens empty, as before */
      }
    })();
    return () => {
      alive = false;
    };
    // on mount only: a restored page
  }, []);

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: "end" });
  }, [messages, status]);

  const byName = useMemo(() => new Map(documents.map((d) => [d.filename.toLowerCase(), d.id])), [documents]);

  function resolverFor(m: UIMessage): CitationResolver {
    const sources = m.parts.filter((p): p is Extract<UIMessage["parts"][number], { type: "source-url" }> => p.type === "source-url");
    return (doc, loc) => {
      const norm = (s: string) => s.toLowerCase().replace(/\s+/g, "");
      const want = norm(`${doc}, ${loc}`);
      const hit = sources.find((s) => s.title && norm(s.title) === want) ?? sources.find((s) => s.title && norm(s.title).startsWith(norm(doc)) && norm(s.title).endsWith(norm(loc)));
      if (hit) return hit.url;
      const id = byName.get(doc.toLowerCase());
      if (!id) return null;
      const page = /^p\.?\s*(\d+)/i.exec(loc)?.[1];
      const params = new URLSearchParams({ page: page ?? "1" });
      if (!page && loc) params.set("cell", loc);
      return `/deals/${encodeURIComponent(deal)}/documents/${id}?${params.toString()}`;
    };
  }

  function submit(text: string) {
    const t = text.trim();
    if (!t || busy) return;
    clearError();
    setFlag(null);
    void sendMessage({ text: t });
    setInput("");
  }

  const last = messages[messages.length - 1];
  const offers = last && last.role === "assistant" && !busy ? offersOf(last) : [];
  const asked = [...messages].reverse().find((m) => m.role === "user");

  async function take(o: Offer) {
    if (o.message) return submit(o.message);
    const question = asked ? textOf(asked).trim() : "";
    if (!question) return;
    setFlag({ state: "saving" });
    try {
      const res = await fetch(`/api/deals/${encodeURIComponent(deal)}/irl`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ domain: "Open questions", item: question.slice(0, 500), priority: "medium", notes: "Flagged in the chat: the data room did not answer it." }),
      });
      if (!res.ok) throw new Error(await res.text());
      setFlag({ state: "done", text: `Added to the IRL as an open request: “${question}”` });
    } catch {
      setFlag({ state: "error", text: "The IRL item could not be added. Try again from the IRL page." });
    }
  }

  return (
    <div className="flex min-h-[60vh] flex-col">
      <div className="flex-1 space-y-6 pb-4" aria-live="polite" aria-busy={busy} data-testid="messages">
        {messages.length === 0 && (
          <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
            <p className="font-medium">Ask about this deal’s data room</p>
            <p className="mt-1 text-sm text-slate-600">Every answer cites the page it comes from.</p>
            <div className="mt-4 flex flex-wrap justify-center gap-2">
              {SUGGESTIONS.map((s) => (
                <button key={s} type="button" onClick={() => submit(s)} className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm hover:border-indigo-400 hover:bg-indigo-50">
                  {s}
                </button>
              ))}
            </div>
          </div>
        )}
        {messages.map((m) => {
          const resolve = resolverFor(m);
          const sources = m.parts.filter((p) => p.type === "source-url") as Array<{ type: "source-url"; sourceId: string; url: string; title?: string }>;
          const meta = (m.metadata ?? {}) as { error?: string; aborted?: boolean };
          return (
            <article key={m.id} className={m.role === "user" ? "flex justify-end" : ""} data-testid={`message-${m.role}`} aria-label={m.role === "user" ? "Your question" : "Answer"}>
              {m.role === "user" ? (
                <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-sm bg-indigo-600 px-4 py-2 text-white">{textOf(m)}</div>
              ) : (
                <div className="min-w-0 max-w-full space-y-2 rounded-lg border border-slate-200 bg-white px-3 py-3 shadow-sm sm:px-5 sm:py-4">
                  {m.parts.map((p, i) => {
                    const part = p as AnyPart;
                    if (toolName(part)) return <ToolActivity key={i} part={part} />;
                    if (p.type === "text")
                      return (
                        <div key={i} data-testid="answer-text">
                          <Markdown text={p.text} resolve={resolve} />
                        </div>
                      );
                    if (p.type === "reasoning") return null;
                    return null;
                  })}
                  {sources.length > 0 && (
                    <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3" aria-label="Sources">
                      {sources.map((s) => (
                        <Link
                          key={s.sourceId}
                          href={s.url}
                          className="inline-flex max-w-full items-center gap-1 rounded-full border border-slate-200 bg-slate-50 px-2.5 py-1 text-xs text-slate-700 [overflow-wrap:anywhere] hover:border-indigo-300 hover:bg-indigo-50"
                          data-testid="source-chip"
                        >
                          <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5 text-slate-400" fill="none" stroke="currentColor" strokeWidth="1.5">
                            <path d="M4 1.75h5.5L12.25 4.5v9.75H4z" />
                            <path d="M9.5 1.75V4.5h2.75M6 8h4M6 10.5h4" />
                          </svg>
                          {s.title ?? "source"}
                        </Link>
                      ))}
                    </div>
                  )}
                  {meta.error && <p className="text-sm text-red-700">{meta.error}</p>}
                  {meta.aborted && <p className="text-xs text-slate-500">Stopped.</p>}
                </div>
              )}
            </article>
          );
        })}
        {status === "submitted" && (
          <div role="status" className="flex items-center gap-2 text-sm text-slate-500">
            <span aria-hidden="true" className="inline-block h-3 w-3 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600" />
            Thinking…
          </div>
        )}
        {error && (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {friendlyError(error)}{" "}
            <button type="button" className="underline" onClick={() => void regenerate()}>
              Try again
            </button>
          </div>
        )}
        {offers.length > 0 && (
          <div className="flex flex-wrap gap-2" aria-label="Suggested actions">
            {offers.map((o) => (
              <button key={o.label} type="button" disabled={flag?.state === "saving"} onClick={() => void take(o)} className="rounded-md border border-indigo-300 bg-indigo-50 px-3 py-1.5 text-sm font-medium text-indigo-800 hover:bg-indigo-100" data-testid="offer-button">
                {o.label}
              </button>
            ))}
          </div>
        )}
        {flag?.text && (
          <p role="status" className={`text-sm ${flag.state === "error" ? "text-red-700" : "text-emerald-800"}`} data-testid="flag-status">
            {flag.text}{" "}
            {flag.state === "done" && (
              <Link href={`/deals/${encodeURIComponent(deal)}/irl`} className="underline">
                Open the IRL
              </Link>
            )}
          </p>
        )}
        <div ref={bottom} />
      </div>

      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit(input);
        }}
        className="sticky bottom-0 border-t border-slate-200 bg-slate-50/95 pt-3 pb-2 backdrop-blur"
      >
        <label htmlFor="chat-input" className="sr-only">
          Ask a question
        </label>
        <div className="flex items-end gap-2">
          <textarea
            id="chat-input"
            ref={inputRef}
            rows={2}
            value={input}
            onChange={(e) => setInput(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey) {
                e.preventDefault();
                submit(input);
              }
            }}
            placeholder="Ask about revenue, risks, gaps… (Enter to send, Shift+Enter for a new line)"
            className="min-h-[2.75rem] flex-1 resize-y rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          />
          {busy ? (
            <button type="button" onClick={() => void stop()} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-100" data-testid="stop">
              Stop
            </button>
          ) : (
            <button type="submit" disabled={!input.trim()} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-50">
              Send
            </button>
          )}
        </div>
        {!busy && last?.role === "assistant" && (
          <button type="button" onClick={() => void regenerate()} className="mt-1 text-xs text-slate-500 underline-offset-2 hover:underline" data-testid="regenerate">
            ↻ Regenerate the last answer
          </button>
        )}
      </form>
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
