"use client";

import type { MandaUIMessage } from "@/lib/chat/ui-message";
import { useEffect, useRef } from "react";
import { notifyConversationsChanged } from "./conversation-list";

/** After the first question on /chat, the URL names the conversation (shareable; survives reload; ?mode kept). */
export function useConversationInUrl({ deal, conversationId, isNew, hasMessages }: { deal: string; conversationId: string; isNew: boolean; hasMessages: boolean }) {
  useEffect(() => {
    if (isNew && hasMessages && typeof window !== "undefined" && !window.location.pathname.endsWith(conversationId)) {
      window.history.replaceState(null, "", `/deals/${encodeURIComponent(deal)}/chat/${conversationId}${window.location.search}`);
    }
  }, [isNew, hasMessages, conversationId, deal]);
}

/**
 * Back/forward onto a conversation that was started on /chat: the router restores that page as
 * first rendered (no messages, history without it) while the URL names the saved conversation.
 * Loads its messages once, on mount, and lets the history list catch up.
 */
export function useRestoredConversation({ deal, conversationId, isNew, initialMessages, setMessages }: {
  deal: string;
  conversationId: string;
  isNew: boolean;
  initialMessages: MandaUIMessage[];
  setMessages: (update: (cur: MandaUIMessage[]) => MandaUIMessage[]) => void;
}) {
  // What the page was first rendered with: the restore runs on mount only.
  const mount = useRef({ deal, conversationId, isNew, restored: initialMessages.length > 0, setMessages });
  useEffect(() => {
    const { deal, conversationId, isNew, restored, setMessages } = mount.current;
    if (!isNew || restored || !window.location.pathname.endsWith(`/chat/${conversationId}`)) return;
    let alive = true;
    void (async () => {
      try {
        const res = await fetch(`/api/deals/${encodeURIComponent(deal)}/conversations/${conversationId}`, { cache: "no-store" });
        if (!res.ok) return; // not saved yet
        const body = (await res.json()) as { messages?: MandaUIMessage[] };
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
  }, []);
}
