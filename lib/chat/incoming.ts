/**
 * The new message of a chat request, as it may be stored: the user's own words only. A client
 * cannot post an assistant (or system) message, nor parts the server would otherwise produce
 * (sources, tool calls and results, files, data parts), nor metadata (model, usage, timings) other
 * than the mode it was asked in (not stored): what is stored as the assistant's is always the server's output. Text parts only; the rest is refused
 * with 400 rather than dropped, so nothing the client sent is silently changed.
 */
import { MandaError } from "@/lib/errors";
import type { MandaUIMessage } from "./ui-message";

/** The one metadata a client's message may carry: the mode it was asked in (the UI's transport reads it). */
function assertClientMetadata(metadata: unknown): void {
  if (metadata === undefined || metadata === null) return;
  const ok = typeof metadata === "object" && !Array.isArray(metadata) && Object.entries(metadata).every(([k, v]) => k === "mode" && (v === "chat" || v === "agent"));
  if (!ok) throw new MandaError("bad_request:message", "A chat message's metadata may hold only its mode (chat or agent).");
}

export function userMessageForStorage(incoming: { id: string; role: string; parts: Array<{ type: string }>; metadata?: unknown }): MandaUIMessage {
  if (incoming.role !== "user") throw new MandaError("bad_request:message_role", "The new message must be the user's.");
  assertClientMetadata(incoming.metadata);
  const parts: Array<{ type: "text"; text: string }> = [];
  for (const p of incoming.parts) {
    const text = (p as { text?: unknown }).text;
    if (p.type !== "text" || typeof text !== "string") {
      throw new MandaError("bad_request:message_part", "A chat message holds text parts only.");
    }
    parts.push({ type: "text", text });
  }
  return { id: incoming.id, role: "user", parts };
}
