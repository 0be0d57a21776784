"use client";

import { useState } from "react";
import { fetchJson } from "@/lib/ui/fetch";

/**
 * "Add to Q&A" under an answer: the question it answered goes to the deal's Q&A list, with the
 * answer and its sources when it has any (it was offered only under refusals, and carried neither).
 */
export function AddToQa({ deal, conversationId, question, answer }: { deal: string; conversationId: string; question: string; answer: string | null }) {
  const [state, setState] = useState<"idle" | "busy" | "added" | "exists" | "error">("idle");
  const [message, setMessage] = useState<string | null>(null);
  if (!question) return null;
  async function add() {
    setState("busy");
    setMessage(null);
    try {
      const body = { question, origin: "chat", conversationId, ...(answer ? { answer } : {}) };
      const item = await fetchJson<{ created: boolean }>(`/api/deals/${encodeURIComponent(deal)}/qa`, { method: "POST", body: JSON.stringify(body) });
      setState(item.created ? "added" : "exists");
    } catch (e) {
      setState("error");
      setMessage(e instanceof Error ? e.message : "Could not add it to the Q&A list.");
    }
  }
  if (state === "added" || state === "exists") {
    return (
      <p className="text-xs text-emerald-700" role="status" data-testid="added-to-qa">
        {state === "added" ? "Added to the Q&A list" : "Already in the Q&A list"}
        {" · "}
        <a className="underline" href={`/deals/${encodeURIComponent(deal)}/qa`}>
          open Q&A
        </a>
      </p>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <button type="button" onClick={() => void add()} disabled={state === "busy"} className="rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-50" data-testid="add-to-qa">
        Add to Q&A
      </button>
      {message && <span className="text-xs text-red-700">{message}</span>}
    </div>
  );
}
