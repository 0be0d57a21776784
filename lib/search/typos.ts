import { stemWord } from "./stemming";

/**
 * Words an analyst mistyped by one letter ("materails", "reveiw", "revnue"), read as the word the
 * deal's own documents use. Hand-written because the check is bounded: "within one edit" (one
 * letter inserted, deleted or changed, or two neighbours swapped) is one linear scan of the pair,
 * where an edit-distance library fills a whole matrix for every pair of a vocabulary. A fuzz test
 * checks it against the full optimal-string-alignment distance.
 */

/** The two words differ by at most one insertion, deletion, substitution or swap of neighbours. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    // one letter changed, or two neighbours swapped
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  // one letter more in the longer word
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  return long.slice(i + 1) === short.slice(i);
}

/** Words shorter than this are left as typed: short words are too often another word one letter away. */
const MIN_LENGTH = 5;

/**
 * The one word of the vocabulary within one edit of `word` (lower case), when the word is not itself
 * in it nor a word `known` otherwise (an English word: "north" is no typo of "worth"); undefined
 * when several words of different stems are (no guess between two).
 */
export function correctedWord(word: string, vocabulary: ReadonlySet<string>, known: (w: string) => boolean = () => false): string | undefined {
  const w = word.toLowerCase();
  if (w.length < MIN_LENGTH || !/^\p{L}+$/u.test(w) || vocabulary.has(w) || known(w)) return undefined;
  let found: string | undefined;
  for (const v of vocabulary) {
    if (v.length < MIN_LENGTH - 1 || !withinOneEdit(w, v)) continue;
    // two forms of one word are no choice between two ("headquarterd": "headquarters" or "headquartered")
    if (found && found !== v && stemWord(found) !== stemWord(v)) return undefined;
    if (!found || v < found) found = v;
  }
  return found;
}

/**
 * The one word of the vocabulary that `word` shortens by cutting its end ("tech" → "technologies",
 * "env" → "environmental"), when the word is not itself in it: the vocabulary words it begins, two
 * letters longer at least, must share one stem (so "technology" and "technologies" are one word,
 * "sub" of "subscription" and "subsidiaries" is no guess). Three letters at least; four when the
 * word is `known` otherwise (an English word: "tech" may shorten, "pay" may not).
 */
export function shortenedWord(word: string, vocabulary: ReadonlySet<string>, known: (w: string) => boolean = () => false): string | undefined {
  const w = word.toLowerCase();
  if (w.length < (known(w) ? 4 : 3) || !/^\p{L}+$/u.test(w) || vocabulary.has(w)) return undefined;
  const longer = [...vocabulary].filter((v) => v.length >= w.length + 2 && v.startsWith(w)).sort((a, b) => a.length - b.length || a.localeCompare(b));
  if (!longer.length || new Set(longer.map((v) => stemWord(v))).size !== 1) return undefined;
  return longer[0];
}

/**
 * The words of `english` that are one edit from a word of `vocabulary` without being in it ("compete"
 * beside "compute", "planes" beside "places"): real words a typo corrector must leave as typed. Keyed
 * by each word with one letter deleted, so the whole list is read once, not paired with every word.
 */
export function englishNeighbours(vocabulary: Iterable<string>, english: Iterable<string>, minLength = MIN_LENGTH): string[] {
  const own = new Set(vocabulary);
  const byKey = new Map<string, string[]>();
  const keysOf = (w: string) => [w, ...[...w].map((_, i) => w.slice(0, i) + w.slice(i + 1))];
  for (const v of own) for (const k of keysOf(v)) byKey.set(k, [...(byKey.get(k) ?? []), v]);
  const out = new Set<string>();
  for (const raw of english) {
    const w = raw.toLowerCase();
    if (w.length < minLength || own.has(w) || !/^\p{L}+$/u.test(w)) continue;
    // (a swap of neighbours keeps the length and shares no deletion key but the swap's: checked on the candidates of equal length too)
    if (keysOf(w).some((k) => (byKey.get(k) ?? []).some((v) => withinOneEdit(w, v)))) out.add(w);
  }
  return [...out].sort();
}
