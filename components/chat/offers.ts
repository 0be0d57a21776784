/** One-click offers under the chat's last answer (pure; unit-tested). */
import type { MandaUIMessage } from "@/lib/chat/ui-message";

export function textOf(m: Pick<MandaUIMessage, "parts">): string {
  return m.parts.map((p) => (p.type === "text" ? p.text : "")).join("");
}

export interface Offer {
  label: string;
  /** Sent as the user's reply in the chat. */
  message?: string;
  /** Done by the page itself: add the question the answer could not settle to the IRL. */
  action?: "flag_gap";
}

/**
 * Offers the agent made in its last answer, as one-click confirmations. "Flag as a gap" is
 * offered under an answer that found nothing, and adds that question to the IRL as an open
 * request (it works on a deal with no IRL yet: the item is its first). Under a coverage list the
 * gaps are IRL items already, so it is not offered there.
 */
export function offersOf(m: Pick<MandaUIMessage, "parts">): Offer[] {
  const text = textOf(m);
  const offers: Offer[] = [];
  const asks = /\b(would you like|shall I|should I|want me to|do you want|I can|offer)\b/i.test(text);
  if (asks && /Q&A|Q\s*&\s*A|question list/i.test(text)) {
    // "add this question" offers one question; "add them / these" a list
    const one = /\badd (?:this|it|a)\b(?: question)?/i.test(text) && !/\badd (?:them|these|the gaps)\b/i.test(text);
    offers.push({ label: "Add to Q&A", message: one ? "Yes, add this question to the Q&A list." : "Yes, add them to the Q&A list." });
  }
  if (/\bI (?:couldn't|could not) find\b/i.test(text)) offers.push({ label: "Flag as a gap", action: "flag_gap" });
  return offers;
}
