/**
 * Why the signed-in user cannot continue a conversation (the server refuses their posts to it), or
 * null. A plain module (no "use client"): the chat shell, a server component, calls it.
 */
export function readOnlyReason(info: { mine: boolean; shared?: boolean } | null | undefined): string | null {
  return info && !info.mine ? "Read-only: this is another member's conversation, and only its author can continue it. Start a new conversation to ask your own questions." : null;
}
