/**
 * Before Agent Mode says an item is not in the data room, it searches the documents once in the
 * analyst's own words ("remaining performance obligation", not only the catalog's "backlog" the chat
 * turn searched for). A passage that states those words, in order, beside a figure means the data
 * room holds the item: the run failed to answer it, which the badge must say, instead of certifying
 * "not in the data room". The search is one typed evidence call (search_documents), recorded in the
 * trace like the chat turns' calls. Nothing here knows a company or a document.
 */
import type { Db } from "@/lib/db";
import type { AgentToolCall } from "@/lib/agent/run";
import { runSearchDocuments, type SearchDocumentsOutput } from "@/lib/agent/evidence/passages";
import { GENERIC_WORDS, MEASURE_WORDS } from "@/lib/agent/concepts/generic-words";
import { tokens } from "@/lib/agent/concepts/match";
import { SourceRegistry } from "@/lib/agent/sources";
import type { RequestItem } from "@/lib/agent/reader/items";
import { unaskedWords } from "./ask-words";
import { isYearWord } from "@/lib/periods/years";

/** Words that say how to answer, not what: left out of the phrase searched for. */
const HOW = new Set(["what", "whats", "was", "were", "is", "are", "the", "their", "its", "our", "how", "much", "many", "does", "did", "have", "has", "at", "end", "year", "fiscal", "w", "with", "chg", "delta", "yoy", "vs", "versus", "against", "page", "pages"]);

/** The item's words as the analyst wrote them, as stems in order (at least two, or one that is no generic word). */
export function askedPhrase(item: RequestItem): string[] {
  // (a measure word the analyst adds, "wildfire claims charge", is not always the filing's: "Wildfire-related claims")
  const words = tokens(item.ask).filter((w) => !HOW.has(w.word) && !/^\d/.test(w.word) && !/^['’]/.test(w.word));
  const named = words.filter((w) => !MEASURE_WORDS.has(w.word));
  const kept = named.length >= 2 ? named : words;
  const content = kept.filter((w) => !GENERIC_WORDS.has(w.word));
  return kept.length >= 2 || content.length ? kept.map((w) => w.stem) : [];
}

/** A figure (not a year) within a sentence's reach after the phrase: "remaining performance obligation was $48.6 billion". */
const FIGURE_NEAR = /(?<![\d.])(?:\$\s?)?\d[\d,]*(?:\.\d+)?\s?(?:%|percent|million|billion|thousand)?/gi;

/** Words a filing may write inside the analyst's phrase ("commercial cloud annualized revenue run rate" for "commercial cloud run rate"). */
const INSIDE = 2;

/**
 * Where a passage states the phrase, its words in order (a filing's own qualifier of up to two
 * words may stand between two of them), with a figure after it within 160 characters.
 */
export function statesPhrase(text: string, phrase: string[]): boolean {
  if (!phrase.length) return false;
  const toks = tokens(text);
  for (let i = 0; i + phrase.length <= toks.length; i++) {
    if (toks[i]!.stem !== phrase[0]) continue;
    let at = i;
    for (const s of phrase.slice(1)) {
      const next = toks.slice(at + 1, at + 2 + INSIDE).findIndex((t) => t.stem === s);
      at = next < 0 ? -1 : at + 1 + next;
      if (at < 0) break;
    }
    if (at < 0) continue;
    const after = text.slice(toks[at]!.end, toks[at]!.end + 160);
    if ([...after.matchAll(FIGURE_NEAR)].some((m) => !isYearWord(m[0].trim()) && /\d{2,}|\d[.,]\d/.test(m[0]))) return true;
  }
  return false;
}

export interface Coverage {
  /** The searches made, one a query. */
  calls: AgentToolCall[];
  /** The citation of a passage that states the item, when one does. */
  found?: string;
}

/**
 * A company fact's own names as stems ("employees" for "employee count"): a filing states a fact
 * under its name. Not for an item asking a part or a kind of the concept ("net revenue retention"
 * is not stated by revenue), nor one with words the concept does not account for ("employee
 * engagement score" is not stated by a headcount). A rate's names count when two words or more
 * ("turnover rate" beside a figure; one word such as "attrition" is also a rate case's "attrition
 * increases").
 */
export function conceptPhrases(item: RequestItem, companies: string[] = []): string[][] {
  const c = item.concept;
  if (!c || unaskedWords(item, companies).length) return [];
  const phrases = c.terms.map((t) => tokens(t.replace(/[/-]/g, " ")).map((w) => w.stem));
  if (c.fact && !item.reading.scope) return phrases.filter((p) => p.length > 1 || (p.length === 1 && p[0]!.length > 3));
  // a rate's names of two words or more ("turnover rate"): a filing states the rate under them, for the company or the part asked
  if (c.kind === "percent" && !c.fact && !c.section) return phrases.filter((p) => p.length > 1);
  return [];
}

/**
 * One search in the item's own words (and one in its concept's first name, when the analyst's
 * words are not the filing's: "employee count" for "employees"): does the data room state it?
 */
export async function coverageOf(db: Db, deal: { id: string; slug: string }, item: RequestItem, companies: string[] = []): Promise<Coverage | null> {
  const phrase = askedPhrase(item);
  if (!phrase.length) return null;
  const year = /(\d{4})/.exec(item.periods[0] ?? "")?.[1];
  const named = conceptPhrases(item, companies);
  const queries = [item.ask, ...(named.length && item.concept!.fact ? [item.concept!.terms[0]!] : [])].map((q) => `${q}${year ? ` ${year}` : ""}`);
  const ctx = { db, dealId: deal.id, sources: new SourceRegistry(deal.slug) };
  const outputs: SearchDocumentsOutput[] = await Promise.all(queries.map((query) => runSearchDocuments(ctx, { query, k: 6 })));
  const phrases = [phrase, ...named];
  const hit = outputs.flatMap((o) => o.passages ?? []).find((p) => phrases.some((ph) => statesPhrase(p.text, ph)));
  const calls = outputs.map((output, i) => ({ toolName: "search_documents", input: { query: queries[i]!, k: 6 }, output }) as AgentToolCall);
  return { calls, ...(hit ? { found: hit.citation } : {}) };
}
