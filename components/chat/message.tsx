"use client";

import { isToolUIPart, type SourceUrlUIPart } from "ai";
import Link from "next/link";
import { memo, useMemo } from "react";
import { AgentRun } from "@/components/agent-mode/agent-run";
import { agentRunOf } from "@/lib/agent/mode/messages";
import type { MandaUIMessage } from "@/lib/chat/ui-message";
import { Markdown, type CitationResolver } from "./markdown";
import { textOf } from "./offers";
import { AddToQa } from "./add-to-qa";
import { ToolActivity } from "./tool-activity";

const sourcesOf = (m: MandaUIMessage) => m.parts.filter((p): p is SourceUrlUIPart => p.type === "source-url");

/**
 * Where a citation "doc, loc" in an answer links to: the answer's own source part with that
 * title, else the named document of the deal at the page (or cell) the citation gives.
 */
export function citationResolver(m: MandaUIMessage, byName: Map<string, string>, deal: string): CitationResolver {
  const sources = sourcesOf(m);
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

function SourceChips({ sources }: { sources: SourceUrlUIPart[] }) {
  return (
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
  );
}

/** An assistant answer: tool activity, the text with its citation links, source chips, and how it ended. */
/** The answer as it goes into a Q&A item: its text and, when it cites any, its sources. Null for an answer without sources (a refusal). */
export function qaAnswerOf(m: MandaUIMessage): string | null {
  const sources = sourcesOf(m);
  const text = textOf(m).trim();
  if (!text || sources.length === 0) return null;
  return `${text}\n\nSources: ${sources.map((s) => s.title ?? s.url).join("; ")}`;
}

function Answer({ m, resolve, onDecide, deal, qa }: { m: MandaUIMessage; resolve: CitationResolver; onDecide?: (id: string, approved: boolean) => void; deal: string; qa?: { conversationId: string; question: string } }) {
  const sources = sourcesOf(m);
  const meta = m.metadata ?? {};
  return (
    <div className="min-w-0 max-w-full space-y-2 rounded-lg border border-slate-200 bg-white px-3 py-3 shadow-sm sm:px-5 sm:py-4">
      {m.parts.map((p, i) => {
        if (isToolUIPart(p)) return <ToolActivity key={i} part={p} onDecide={onDecide} />;
        if (p.type === "text")
          return (
            <div key={i} data-testid="answer-text">
              <Markdown text={p.text} resolve={resolve} />
            </div>
          );
        return null;
      })}
      {sources.length > 0 && <SourceChips sources={sources} />}
      {meta.error && (
        <p className="text-sm text-red-700" data-testid="answer-error">
          {meta.error}
        </p>
      )}
      {meta.aborted && <p className="text-xs text-slate-500">Stopped.</p>}
      {qa && <AddToQa deal={deal} conversationId={qa.conversationId} question={qa.question} answer={qaAnswerOf(m)} />}
    </div>
  );
}

/**
 * One message of the conversation: the user's question as a bubble, the chat's answer, or an
 * Agent Mode run (an assistant message with its data parts). Memoised: while an answer streams
 * only it re-renders, not every earlier one.
 */
export const ChatMessage = memo(function ChatMessage({ m, byName, deal, onDecide, live = false, fresh = false, qa }: {
  m: MandaUIMessage;
  /** Offer "Add to Q&A" for the question this answer answered. */
  qa?: { conversationId: string; question: string };
  byName: Map<string, string>;
  deal: string;
  onDecide?: (id: string, approved: boolean) => void;
  /** The answer streaming now. */
  live?: boolean;
  /** The last answer, asked on this page (an Agent Mode run then shows its trace unfolded). */
  fresh?: boolean;
}) {
  const resolve = useMemo(() => citationResolver(m, byName, deal), [m, byName, deal]);
  const run = useMemo(() => agentRunOf(m), [m]);
  const agent = m.role === "user" ? m.metadata?.mode === "agent" : run !== null;
  const label = m.role === "user" ? (agent ? "Your Agent Mode request" : "Your question") : agent ? "Agent Mode run" : "Answer";
  return (
    <article className={m.role === "user" ? "flex justify-end" : "min-w-0"} data-testid={`message-${m.role}`} data-mode={agent ? "agent" : "chat"} aria-label={label}>
      {m.role === "user" ? (
        <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-sm bg-indigo-600 px-4 py-2 text-white">{textOf(m)}</div>
      ) : run ? (
        <AgentRun view={run} deal={deal} live={live} open={fresh} stopped={m.metadata?.aborted === true} />
      ) : (
        <Answer m={m} resolve={resolve} onDecide={onDecide} deal={deal} qa={qa} />
      )}
    </article>
  );
});
