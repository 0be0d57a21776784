"use client";

import type { ConversationMode } from "@/lib/chat/ui-message";

const SUGGESTIONS = ["What's the Q3 revenue?", "Any red flags in the financials?", "What's missing for the IRL?", "Tell me about the company"];

export const AGENT_EXAMPLE =
  'Produce an operating summary: separate searches for revenue, margins and litigation, open at least two sources, quote one exact figure, and say "Insufficient documentation" for anything missing';

/** A new conversation: questions to start the chat with, or Agent Mode's example request (put in the box). */
export function EmptyState({ mode, onAsk, onDraft }: { mode: ConversationMode; onAsk: (question: string) => void; onDraft: (request: string) => void }) {
  if (mode === "agent") {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center">
        <p className="font-medium">Give Agent Mode a multi-step request</p>
        <p className="mt-1 text-sm text-slate-600">State what it must search, open and quote; it will not answer before it has.</p>
        <button type="button" onClick={() => onDraft(AGENT_EXAMPLE)} className="mt-3 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-left text-sm hover:border-indigo-400 hover:bg-indigo-50" data-testid="agent-example">
          {AGENT_EXAMPLE}
        </button>
      </div>
    );
  }
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="font-medium">Ask about this deal’s data room</p>
      <p className="mt-1 text-sm text-slate-600">Every answer cites the page it comes from.</p>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        {SUGGESTIONS.map((s) => (
          <button key={s} type="button" onClick={() => onAsk(s)} className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm hover:border-indigo-400 hover:bg-indigo-50">
            {s}
          </button>
        ))}
      </div>
    </div>
  );
}
