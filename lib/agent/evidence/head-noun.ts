/**
 * Whether a printed label names a thing as its head noun or only as a word modifying another:
 * "Employees (in thousands)" and "Full time equivalent headcount" name employees; "Proceeds from
 * employee stock plans" names proceeds, its "employee" modifying "stock plans". A label's noun phrase
 * ends at a preposition, a conjunction or punctuation; the word before that end is a head.
 */
import type { Token } from "../concepts/match";
import { partInitials, partTokens } from "../concepts/part-names";

/** Words that end a noun phrase: what follows them is another phrase. */
const PHRASE_END = new Set(["of", "from", "for", "through", "in", "on", "by", "to", "with", "under", "per", "at", "as", "and", "or", "excluding", "including", "less", "net", "before", "after", "vs", "versus", "attributable", "available", "related", "associated", "allocated", "due",
  // a title's verb after its subject ("Remaining performance obligation consisted of the following"): the subject ends there
  "consisted", "consists", "consist", "comprised", "comprises", "is", "are", "was", "were", "totaled", "totalled", "represents", "represented"]);

/** Words that measure the noun before them ("Gross margin percentage", "Employee count", "Comparable sales % gain"): that noun is still what the label is about. */
const MEASURE = new Set(["percentage", "percent", "rate", "ratio", "growth", "change", "count", "number", "total", "amount", "mix", "gain", "gains", "decline", "declines", "increase", "decrease"]);

/** The token at `i` ends its noun phrase: nothing, punctuation or a phrase-ending word follows it. */
function endsPhrase(text: string, toks: Token[], i: number): boolean {
  const next = toks[i + 1];
  if (!next) return true;
  const gap = text.slice(toks[i]!.end, next.start);
  // "Employee-related", "share-based": a word joined by a hyphen goes on in the next
  if (gap === "-") return false;
  if (/[(),:;—–\[]|\s-\s/.test(gap)) return true;
  return PHRASE_END.has(next.word) || MEASURE.has(next.word) || /^\d+$/.test(next.word);
}

/** Some text names `stems` (a wording's stems) with its last word as a head ("employees" in "Number of employees", not in "employee stock plans"). */
export function namesAsHead(texts: ReadonlyArray<string | undefined>, stems: readonly string[]): boolean {
  const last = stems.at(-1);
  if (!last) return false;
  return texts.some((text) => {
    if (!text) return false;
    // (a part's name read as its initials, as the line-item search reads labels: "U.S." is the "US" asked)
    const shown = partInitials(text);
    const toks = partTokens(shown);
    return toks.some((t, i) => t.stem === last && endsPhrase(shown, toks, i));
  });
}
