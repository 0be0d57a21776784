"use client";

import { useMemo } from "react";
import type { ConversationMode } from "@/lib/chat/ui-message";
import { starterQuestions, type StarterDoc } from "@/lib/ui/starters";

export const AGENT_EXAMPLE =
  'Produce an operating summary: separate searches for revenue, margins and litigation, open at least two sources, quote one exact figure, and say "Insufficient documentation" for anything missing';

/** A new conversation: questions to start the chat with, or Agent Mode's example request (put in the box). */
export function EmptyState({ mode, documents, onAsk, onDraft }: { mode: ConversationMode; documents: StarterDoc[]; onAsk: (question: string) => void; onDraft: (request: string) => void }) {
  // drawn from this deal's documents (every data room showed the demo deal's questions)
  const suggestions = useMemo(() => starterQuestions(documents), [documents]);
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
      {suggestions.length === 0 && <p className="mt-3 text-sm text-slate-600">Once a document is indexed, ask about it here.</p>}
      <div className="mt-4 flex flex-wrap justify-center gap-2" data-testid="starter-questions">
        {suggestions.map((s) => (
          <button key={s} type="button" onClick={() => onAsk(s)} className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm hover:border-indigo-400 hover:bg-indigo-50">
            {s}
          </button>
        ))}
      </div>
    </div>
  );
}
