/**
 * Server reads for the chat pages: the deal's conversations and one conversation's messages,
 * through lib/chat/store.
 */
import "server-only";
import type { MandaUIMessage } from "@/lib/chat/ui-message";
import type { Queryable } from "@/lib/db";
import { getConversation, listConversations, loadMessages } from "@/lib/chat/store";
import { conversationAllows } from "@/lib/chat/visibility";
import { log } from "@/lib/log";

/** `userId`: the signed-in user in multi-user mode (sees own, shared and, as an owner, all), null in local mode. */
export async function loadConversationList({ db, dealId, userId }: { db: Queryable; dealId: string; userId: string | null }): Promise<{ items: { id: string; title: string | null; updatedAt: string; mode: "chat" | "agent"; shared: boolean }[]; error: string | null }> {
  try {
    const list = await listConversations({ db, dealId, userId, limit: 50 });
    return { items: list.map((c) => ({ id: c.id, title: c.title, updatedAt: c.updatedAt, mode: c.mode, shared: c.shared })), error: null };
  } catch (e) {
    // The chat page still opens (a new conversation works); the cause goes to the log.
    log.error("conversation list failed", { dealId, error: e instanceof Error ? e : String(e) });
    return { items: [], error: "Conversation history is not available." };
  }
}

/** A conversation the user may not read (another's, private) is not found, like one that does not exist. */
/** `sharing` (multi-user mode only): whether the user started it, and whether it is shared. */
export async function loadConversationMessages({ db, dealId, conversationId, userId }: { db: Queryable; dealId: string; conversationId: string; userId: string | null }): Promise<{ found: boolean; messages: MandaUIMessage[]; sharing: { mine: boolean; shared: boolean } | null }> {
  const conv = await getConversation({ db, id: conversationId });
  if (!conv || conv.dealId !== dealId) return { found: false, messages: [], sharing: null };
  if (!(await conversationAllows({ db, conversation: conv, userId, action: "read" }))) return { found: false, messages: [], sharing: null };
  const rows = await loadMessages({ db, conversationId });
  return {
    found: true,
    messages: rows.map(({ id, role, parts, metadata }) => (metadata == null ? { id, role, parts } : { id, role, parts, metadata })),
    sharing: userId === null ? null : { mine: conv.userId === userId, shared: conv.shared },
  };
}
