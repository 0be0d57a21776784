/**
 * The words of an item the concept it was read as does not account for: "employee engagement
 * score" read as headcount leaves "engagement"; "employee attrition rate" leaves "attrition". A
 * figure of the concept answers such an item only when its evidence names those words too: the
 * company's headcount is no engagement score. Question words, filler, periods, the company's name
 * and the concept's own names (terms, phrases, row words, section vocabulary) are accounted for;
 * the item's scope, which the gate checks apart, is too, and so is a phrase saying where the
 * figure is stated ("in the cash flow statement").
 */
import { conceptById } from "@/lib/agent/concepts/catalog";
import { GENERIC_WORDS } from "@/lib/agent/concepts/generic-words";
import { tokens } from "@/lib/agent/concepts/match";
import type { RequestItem } from "@/lib/agent/reader/items";

/** Question words and words that say how a figure is given ("employee count"), not which. */
const HOW_ASKED = new Set(["who", "what", "which", "when", "where", "why", "how", "is", "are", "was", "were", "did", "does", "the", "each", "both", "every", "key", "main", "major", "principal", "count", "counts"]);

/** A phrase that says where or when the figure is stated, after the words naming it. */
/** ("per the 10-K" says where; "per square foot" says which measure: the words after it are asked.) */
const WHERE = /\s+(?:in|at|on|from|per(?=\s+(?:the|its|their|our|management)\b)|during|within|under|across|for|by|as of|according to|as (?:stated|reported|shown) in)\s+/i;

const stems = (texts: string[]) => new Set(texts.flatMap((t) => tokens(t.replace(/[/-]/g, " ")).map((w) => w.stem)));

export function unaskedWords(item: RequestItem, companies: string[] = []): string[] {
  const c = item.concept;
  if (!c) return [];
  // "Domestic segment revenue": with a part asked, "segment" says what kind of part it is, not another measure
  const part = item.reading.scope ? ["segment", "segments", "division", "divisions"] : [];
  // ("fcf (cfo - capex)": the figure's own parts, by any of their names, say how it is made, not another measure)
  const parts = (c.madeOf ?? []).flatMap((id) => conceptById(id)).flatMap((m) => (m ? [m.label, ...m.terms, ...(m.formulaTerms ?? [])] : []));
  const known = stems([c.label, ...c.terms, ...(c.phrases ?? []), ...(c.rowWords ?? []), ...(c.vocabulary ?? []), ...(c.lineItems ?? []).map(String), ...companies, item.reading.scope ?? "", ...part, ...parts]);
  // "capital expenditure in the cash flow statement", "workforce at end-2022": where the figure is, not which
  const named = item.ask.split(WHERE)[0] ?? item.ask;
  return [...new Set(tokens(named.replace(/[/-]/g, " "))
    .filter((w) => w.word.length > 2 && !/\d/.test(w.word) && !GENERIC_WORDS.has(w.word) && !HOW_ASKED.has(w.word) && !known.has(w.stem))
    .map((w) => w.word))];
}
