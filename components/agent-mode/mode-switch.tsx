"use client";

import { useCallback, useEffect, useState } from "react";
import { lastMode } from "@/lib/agent/mode/messages";
import type { ConversationMode, MandaUIMessage } from "@/lib/chat/ui-message";

/**
 * How the chat page sends its next request: a chat question or an Agent Mode run (both land in
 * the same conversation and list). A conversation reopens in the mode of its last request; the
 * choice is kept in the URL (?mode=agent) so it survives a reload and can be linked.
 */
export function useChatMode(initialMessages: MandaUIMessage[]): [ConversationMode, (next: ConversationMode) => void] {
  const [mode, setMode] = useState<ConversationMode>(() => lastMode(initialMessages));
  useEffect(() => {
    // after hydration: the server renders without the query string's choice
    if (new URLSearchParams(window.location.search).get("mode") === "agent") setMode("agent");
  }, []);
  const choose = useCallback((next: ConversationMode) => {
    setMode(next);
    const url = new URL(window.location.href);
    if (next === "agent") url.searchParams.set("mode", "agent");
    else url.searchParams.delete("mode");
    window.history.replaceState(window.history.state, "", url.toString());
  }, []);
  return [mode, choose];
}

/** The Agent Mode switch above the conversation, and what Agent Mode does while it is on. */
export function ModeSwitch({ mode, onChange }: { mode: ConversationMode; onChange: (next: ConversationMode) => void }) {
  const agent = mode === "agent";
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-end gap-3">
        <span id="agent-mode-label" className="text-sm font-medium text-slate-700">
          Agent Mode
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={agent}
          aria-labelledby="agent-mode-label"
          onClick={() => onChange(agent ? "chat" : "agent")}
          data-testid="agent-mode-toggle"
          className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors ${agent ? "bg-indigo-600" : "bg-slate-300"}`}
        >
          <span className={`inline-block h-5 w-5 transform rounded-full bg-white shadow transition-transform ${agent ? "translate-x-5" : "translate-x-0.5"}`} />
        </button>
      </div>
      {agent && (
        <p className="rounded-lg border border-indigo-200 bg-indigo-50/60 p-3 text-xs text-indigo-900" data-testid="agent-mode-info">
          <strong>Agent Mode</strong> reads your request into items, answers each from the data room with its sources, and says what it checked: items answered, items not in the data room, items it could not answer. Its run joins this conversation.
        </p>
      )}
    </div>
  );
}
