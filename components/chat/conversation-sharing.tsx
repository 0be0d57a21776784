"use client";

import { useState } from "react";

export interface ConversationSharingInfo {
  /** The signed-in user started this conversation (only they continue or share it). */
  mine: boolean;
  shared: boolean;
}

/**
 * Multi-user mode only: the author shares a conversation with the deal's members (or makes it
 * private again); anyone else reading it (an owner, or a member of a shared one) is told it is
 * read-only. Local mode has one user and shows nothing.
 */
export function ConversationSharing({ deal, conversationId, info }: { deal: string; conversationId: string; info: ConversationSharingInfo }) {
  const [shared, setShared] = useState(info.shared);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!info.mine) {
    return (
      <p className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="conversation-readonly">
        Another member&apos;s conversation{shared ? ", shared with the deal" : ""}: you can read it; only its author can continue it.
      </p>
    );
  }

  async function toggle() {
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(`/api/deals/${encodeURIComponent(deal)}/conversations/${conversationId}`, {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ shared: !shared }),
      });
      const body = (await res.json().catch(() => ({}))) as { conversation?: { shared: boolean }; error?: { message?: string } };
      if (!res.ok || !body.conversation) throw new Error(body.error?.message ?? "Could not change sharing.");
      setShared(body.conversation.shared);
    } catch (e) {
      setError(e instanceof Error ? e.message : "Could not change sharing.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mb-3 flex items-center gap-3 text-sm text-slate-600" data-testid="conversation-sharing">
      <span>{shared ? "Shared with the deal's members (read-only for them)." : "Private: only you and the deal's owners see it."}</span>
      <button type="button" onClick={() => void toggle()} disabled={busy} className="rounded-md border border-slate-300 px-2 py-1 text-xs font-medium hover:bg-slate-50 disabled:opacity-50" data-testid="conversation-share-toggle">
        {shared ? "Make private" : "Share with the deal"}
      </button>
      {error && <span className="text-red-700">{error}</span>}
    </div>
  );
}
