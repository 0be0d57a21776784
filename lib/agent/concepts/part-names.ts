/**
 * Parts of a company that filings name in full or with stops and analysts type as initials: a
 * table prints "U.S." or "United States" where the request says "US". Data, one line a part: its
 * initials first, then the names it is written out as. A text's part names are read as the
 * initials, one word, and that word is never a stemmed English word ("US" is not "used").
 */
import escapeStringRegexp from "escape-string-regexp";
import { tokens, type Token } from "./match";

const PART_NAMES: ReadonlyArray<readonly [initials: string, ...names: string[]]> = [
  ["us", "united states of america", "united states", "usa"],
  ["uk", "united kingdom", "great britain"],
  ["eu", "european union"],
  ["uae", "united arab emirates"],
  ["emea", "europe, middle east and africa", "europe middle east and africa", "europe, the middle east and africa"],
  ["apac", "asia pacific", "asia-pacific"],
  ["prc", "people's republic of china"],
];

/** A place's adjective, as a part asked is typed ("chinese customers"), and the place's name as tables print it ("China"). */
const PLACE_ADJECTIVES: Readonly<Record<string, string>> = {
  chinese: "china", japanese: "japan", indian: "india", korean: "korea", german: "germany", french: "france",
  british: "united kingdom", italian: "italy", spanish: "spain", canadian: "canada", mexican: "mexico",
  brazilian: "brazil", australian: "australia", european: "europe", asian: "asia", african: "africa",
};

/** A part's words with each place adjective as the place ("chinese" → "china"); only a part's words, never a proper name's ("European Commission"). */
export const placeNamesOf = (part: string): string => part.split(/\s+/).map((w) => PLACE_ADJECTIVES[w.toLowerCase()] ?? w).join(" ");

const INITIALS = new Set(PART_NAMES.map(([i]) => i));
/** The initials as a printed text writes them, in capitals ("US", "EMEA"). */
export const PLACE_INITIALS = new RegExp(`\\b(?:${[...INITIALS].map((i) => i.toUpperCase()).join("|")})\\b`);
/** Words after a place's name that make it another thing's name ("U.S. dollars" is a currency, "U.S. GAAP" a basis): no part. */
const NOT_THE_PART = new Set(["dollar", "dollars", "gaap", "treasury", "treasuries"]);
// (a name's "and" is printed "&" too: "Europe, Middle East & Africa")
const WRITTEN = PART_NAMES.flatMap(([initials, ...names]) => names.map((n) => [new RegExp(`(?<![\\p{L}\\p{N}])${n.split(/[\s-]+/).map((w) => (w === "and" ? "(?:and|&)" : escapeStringRegexp(w))).join("[\\s-]+")}(?![\\p{L}\\p{N}])`, "giu"), initials.toUpperCase()] as const))
  // longest names first ("United States of America" before "United States")
  .sort((a, b) => b[0].source.length - a[0].source.length);

/** "U.S.", "U.S", "u.s.", "United States" → "US"; "U.K." → "UK": each part's name as its initials, in capitals. */
export function partInitials(text: string): string {
  // (with stops, in any case: "u.s." is never the pronoun)
  let t = text.replace(/(?<![\p{L}\p{N}])((?:\p{L}\.){1,3}\p{L})\.?(?![\p{L}\p{N}])/gu, (m: string) => {
    const joined = m.replace(/\./g, "");
    return INITIALS.has(joined.toLowerCase()) ? joined.toUpperCase() : m;
  });
  for (const [re, to] of WRITTEN) t = t.replace(re, to);
  return t;
}

/**
 * The words of a text (as `tokens`, their positions in `partInitials(text)`): a part's initials are one word
 * whose stem is the initials in capitals, which no stemmed word is, so "US" never meets the "us"
 * of "used". In a printed text two-letter initials count only in capitals ("us" in lower case is
 * a pronoun), longer ones ("emea", "apac") in any case; in what is asked (`asked`: a part or an item
 * the reader read, "us comps") in any case. None before a word making it another thing ("U.S.
 * dollars").
 */
export function partTokens(text: string, o: { asked?: boolean } = {}): Token[] {
  const shown = partInitials(text);
  const toks = tokens(shown);
  return toks.map((t, i) => {
    const typed = shown.slice(t.start, t.end);
    const initials = INITIALS.has(t.word) && (o.asked || t.word.length > 2 || typed === typed.toUpperCase()) && !NOT_THE_PART.has(toks[i + 1]?.word ?? "");
    return initials ? { ...t, stem: t.word.toUpperCase() } : t;
  });
}

/** The places a text names by the list above, as their initials ("US", "EMEA"); `asked`: as typed in a question. */
export function placesIn(text: string, o: { asked?: boolean } = {}): string[] {
  return [...new Set(partTokens(text, o).filter((t) => INITIALS.has(t.stem.toLowerCase()) && t.stem === t.stem.toUpperCase()).map((t) => t.stem))];
}

const SEGMENT_WORD = /\bsegments?\b/i;
/** The text says "segment" or "segments" (a row, a title, an ask). */
export const saysSegment = (text: string): boolean => SEGMENT_WORD.test(text);
