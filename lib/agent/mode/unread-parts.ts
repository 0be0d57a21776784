/**
 * The plan must cover the request: a figure or topic the request names that no item asks was
 * dropped when the request was read into items ("How many people did they employ, what was staff
 * turnover, and net income vs FY18?" read as one item). Such a part is the run's failure, shown
 * with the items, so that a run never validates while part of what was asked went unread. The
 * request's concepts are found by the catalog's matcher (lib/agent/concepts/match), the same one the
 * question reader uses; a part is covered when an item asks its concept, or its words.
 */
import { findConcepts, tokens } from "@/lib/agent/concepts/match";
import type { RequestItem } from "@/lib/agent/reader/items";
import { percentAsked } from "./answer-head";

/** "what percentage of 2021 revenues it accounted for", "its share of the total": a share the request asks, as written. */
const SHARE_PHRASE = /\b(?:what|which|its|their|the)\s+(?:percentage|percent|proportion|share)\s+of\s+[^,;.?!]{1,60}|\b(?:percentage|percent|proportion|share)\s+of\s+(?:the\s+)?(?:total|overall|group|company|consolidated|(?:19|20)\d\d)\b[^,;.?!]{0,40}/gi;

const stemsOf = (text: string) => tokens(text.replace(/[/-]/g, " ")).map((w) => w.stem);

/** The ask holds the words, in order. */
function holds(ask: string, words: string[]): boolean {
  const have = stemsOf(ask);
  return have.some((_, i) => words.every((w, j) => have[i + j] === w));
}

/** The parts of the request (as written) that no item asks. */
export function unreadParts(request: string, items: RequestItem[]): string[] {
  const concepts = new Set(items.flatMap((i) => (i.concept ? [i.concept.id, ...(i.concept.madeOf ?? [])] : [])));
  const out: string[] = [];
  // a term the request writes, not an everyday wording ("how much did it bring in" asks the ranking's value)
  for (const hit of findConcepts(request).filter((h) => !h.viaPhrase)) {
    if (concepts.has(hit.concept.id)) continue;
    if (items.some((i) => holds(i.ask, stemsOf(hit.text)) || holds(i.label, stemsOf(hit.text)))) continue;
    if (!out.some((o) => o.toLowerCase() === hit.text.toLowerCase())) out.push(hit.text);
  }
  // a share asked that no item asks as a percentage: the item that took its words answers a level, not the share
  for (const m of request.matchAll(SHARE_PHRASE)) {
    const word = /percentage|percent|proportion|share/i.exec(m[0])![0].toLowerCase();
    if (!items.some((i) => percentAsked(i.ask) && i.ask.toLowerCase().includes(word))) out.push(m[0].trim());
  }
  return out;
}
