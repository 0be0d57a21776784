"use client";

import Link from "next/link";
import { useEffect, useState } from "react";

export interface ConversationItem {
  id: string;
  title: string | null;
  updatedAt: string;
  /** 'agent': an Agent Mode conversation (it reopens in Agent Mode). */
  mode?: "chat" | "agent";
  /** Multi-user mode: shared with the deal's members by its author. */
  shared?: boolean;
}

/** Fired by the chat when an answer has finished (the conversation was created or updated). */
export const CONVERSATIONS_CHANGED = "manda:conversations-changed";

export function notifyConversationsChanged(deal: string, conversationId: string): void {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new CustomEvent(CONVERSATIONS_CHANGED, { detail: { deal, conversationId } }));
}

/** Server items first, refetched items on top: a refetch never drops what the page rendered. */
function merge(current: ConversationItem[], fresh: ConversationItem[]): ConversationItem[] {
  const byId = new Map(current.map((c) => [c.id, c]));
  for (const c of fresh) byId.set(c.id, { id: c.id, title: c.title, updatedAt: c.updatedAt, ...(c.mode ? { mode: c.mode } : {}), ...(c.shared ? { shared: true } : {}) });
  return [...byId.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

/**
 * The deal's conversation history. Rendered with the server's list, then refetched whenever the
 * chat finishes an answer — so a new conversation appears (and is marked current) right after its
 * first answer, without a navigation or a full page refresh (which would remount the chat).
 */
export function ConversationList({ deal, conversationId, initial }: { deal: string; conversationId: string; initial: ConversationItem[] }) {
  const [items, setItems] = useState(initial);
  const [seen, setSeen] = useState(initial);
  if (seen !== initial) {
    // new server props (a navigation): start from them again
    setSeen(initial);
    setItems(initial);
  }

  useEffect(() => {
    let alive = true;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    // The answer's stream can end before the server has saved the conversation: a fetch that does
    // not list it yet is retried a few times (bounded), so a new conversation never stays missing.
    const refetch = (wanted: string | undefined, attempt: number) => {
      void (async () => {
        try {
          const res = await fetch(`/api/deals/${encodeURIComponent(deal)}/conversations?limit=50`, { cache: "no-store" });
          if (!res.ok) return;
          const body = (await res.json()) as { conversations?: ConversationItem[] };
          if (!alive || !Array.isArray(body.conversations)) return;
          setItems((cur) => merge(cur, body.conversations!));
          const listed = body.conversations.find((c) => c.id === wanted);
          if (wanted && (!listed || !listed.title) && attempt < 4) {
            const t = setTimeout(() => {
              timers.delete(t);
              refetch(wanted, attempt + 1);
            }, 400 * 2 ** attempt);
            timers.add(t);
          }
        } catch {
          /* offline: the list catches up on the next navigation */
        }
      })();
    };
    const onChange = (e: Event) => {
      const detail = (e as CustomEvent<{ deal?: string; conversationId?: string }>).detail;
      if (detail?.deal !== deal) return;
      refetch(detail.conversationId, 0);
    };
    window.addEventListener(CONVERSATIONS_CHANGED, onChange);
    return () => {
      alive = false;
      for (const t of timers) clearTimeout(t);
      window.removeEventListener(CONVERSATIONS_CHANGED, onChange);
    };
  }, [deal]);

  if (items.length === 0) return <p className="text-xs text-slate-500">No earlier conversations.</p>;
  return (
    <ol className="max-h-[60vh] space-y-1 overflow-auto text-sm" data-testid="conversation-list">
      {items.map((c) => (
        <li key={c.id}>
          <Link
            href={`/deals/${deal}/chat/${c.id}`}
            aria-current={c.id === conversationId ? "page" : undefined}
            className={`block truncate rounded-md px-2 py-1.5 ${c.id === conversationId ? "bg-indigo-50 font-medium text-indigo-900" : "text-slate-700 hover:bg-slate-100"}`}
            title={c.title ?? "Untitled"}
            data-testid="conversation-link"
          >
            {c.mode === "agent" && (
              <span className="mr-1 rounded bg-indigo-100 px-1 text-[10px] font-semibold uppercase text-indigo-700" data-testid="conversation-agent-badge">
                Agent
              </span>
            )}
            {c.shared && (
              <span className="mr-1 rounded bg-emerald-100 px-1 text-[10px] font-semibold uppercase text-emerald-700" data-testid="conversation-shared-badge">
                Shared
              </span>
            )}
            {c.title ?? "Untitled"}
            {/* server and browser may format the time in different time zones */}
            <span className="block text-xs font-normal text-slate-400" suppressHydrationWarning>
              {new Date(c.updatedAt).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" })}
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}
