"use client";

import type { UIMessage } from "ai";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { isAgentConversation } from "@/lib/agent/mode/messages";
import type { AgentUIMessage } from "@/lib/agent/mode/ui-stream";
import { AgentPanel } from "./agent-panel";

/** A v4 UUID, also where crypto.randomUUID is missing (plain http on another host than localhost). */
function newId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * Chat ⇄ Agent Mode, in the chat column (the conversation history stays beside it). The choice
 * is kept in the URL (?mode=agent) so it survives a reload and can be linked; a saved Agent Mode
 * conversation opens in Agent Mode with its runs. Agent Mode runs are saved in conversations of
 * their own: a chat conversation's page starts a new one, and leaving Agent Mode after a run
 * opens a new chat rather than mixing chat turns into the Agent Mode conversation.
 */
export function AgentModeSwitch({ deal, conversationId, initialMessages, isNew, children }: {
  deal: string;
  conversationId: string;
  initialMessages: UIMessage[];
  isNew: boolean;
  children: ReactNode;
}) {
  const router = useRouter();
  const agentConversation = useMemo(() => isAgentConversation(initialMessages), [initialMessages]);
  const agentMessages = useMemo(() => (agentConversation ? (initialMessages as AgentUIMessage[]) : []), [agentConversation, initialMessages]);
  // This page's conversation when it is (or can become) an Agent Mode one; else a new one.
  const [agentConversationId] = useState(() => (agentConversation || (isNew && initialMessages.length === 0) ? conversationId : newId()));
  const [agent, setAgent] = useState(agentConversation);
  const [ranHere, setRanHere] = useState(false);

  useEffect(() => {
    if (new URLSearchParams(window.location.search).get("mode") === "agent") setAgent(true);
  }, []);

  function toggle() {
    const next = !agent;
    if (!next && (agentConversation || ranHere)) {
      router.push(`/deals/${encodeURIComponent(deal)}/chat`);
      return;
    }
    setAgent(next);
    const url = new URL(window.location.href);
    if (next) url.searchParams.set("mode", "agent");
    else url.searchParams.delete("mode");
    window.history.replaceState(window.history.state, "", url.toString());
  }

  return (
    <div className="space-y-4">
      <div className="flex items-center justify-end gap-3">
        <span id="agent-mode-label" className="text-sm font-medium text-slate-700">
          Agent Mode
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={agent}
          aria-labelledby="agent-mode-label"
          onClick={toggle}
          data-testid="agent-mode-toggle"
          className={`relative inline-flex h-6 w-11 items-center rounded-full transition-colors ${agent ? "bg-indigo-600" : "bg-slate-300"}`}
        >
          <span className={`inline-block h-5 w-5 transform rounded-full bg-white shadow transition-transform ${agent ? "translate-x-5" : "translate-x-0.5"}`} />
        </button>
      </div>
      {agent ? <AgentPanel deal={deal} conversationId={agentConversationId} initialMessages={agentMessages} onSaved={() => setRanHere(true)} /> : children}
    </div>
  );
}
