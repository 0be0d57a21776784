/**
 * Context assembly for a chat turn: the last N messages of the conversation (10 by default:
 * enough for follow-ups such as "and the year before?" while keeping the prompt short), starting
 * at a user message, without empty assistant turns (a failed answer leaves one).
 */
import type { UIMessage } from "ai";
import type { MandaUIMessage } from "./ui-message";

export const DEFAULT_CONTEXT_MESSAGES = 10;

function isEmptyAssistant(m: UIMessage): boolean {
  return m.role === "assistant" && !m.parts.some((p) => (p.type === "text" && p.text.trim().length > 0) || p.type.startsWith("tool-") || p.type === "dynamic-tool");
}

/** The last `n` usable messages, beginning with a user message; the newest message is always kept. */
export function contextWindow<M extends UIMessage>(messages: M[], n = DEFAULT_CONTEXT_MESSAGES): M[] {
  const size = Math.max(1, Math.floor(n));
  const usable = messages.filter((m) => m.role !== "system" && !isEmptyAssistant(m));
  let window = usable.slice(-size);
  while (window.length > 1 && window[0]!.role !== "user") window = window.slice(1);
  return window;
}

/** Strips what the server adds for storage (createdAt) so messages are plain UIMessages again. */
export function toUIMessages(messages: Array<MandaUIMessage & { createdAt?: string }>): MandaUIMessage[] {
  return messages.map(({ id, role, parts, metadata }) => (metadata === undefined ? { id, role, parts } : { id, role, parts, metadata }));
}
