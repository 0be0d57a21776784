"use client";

import { useEffect, useState, type ReactNode } from "react";
import { AgentPanel } from "./agent-panel";

/**
 * Chat ⇄ Agent Mode. The choice is kept in the URL (?mode=agent) so it survives a reload and can
 * be linked; the chat itself is rendered unchanged when Agent Mode is off.
 */
export function AgentModeSwitch({ deal, children }: { deal: string; children: ReactNode }) {
  const [agent, setAgent] = useState(false);
  useEffect(() => {
    setAgent(new URLSearchParams(window.location.search).get("mode") === "agent");
  }, []);
  function toggle() {
    const next = !agent;
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
      {agent ? <AgentPanel deal={deal} /> : children}
    </div>
  );
}
