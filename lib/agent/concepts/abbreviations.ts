/**
 * Everyday shorthand analysts type, spelled out before a question is read, so the catalog, the
 * deal's own labels and table headings meet the whole word ("how many ppl", "what about intl?",
 * "us govt share of sales"). Only spellings that mean one thing; data, not patterns.
 */
const SPELLED_OUT: Record<string, string> = {
  ppl: "people",
  intl: "international",
  "int'l": "international",
  govt: "government",
  "gov't": "government",
  mgmt: "management",
  yrs: "years",
  approx: "approximately",
};

const WORD = new RegExp(`(?<![\\p{L}\\p{N}'])(${Object.keys(SPELLED_OUT).map((k) => k.replace(/'/g, "['’]")).join("|")})(?![\\p{L}\\p{N}'])`, "giu");

/** The text with each shorthand word spelled out, its case kept where it is all capitals ("INTL" → "INTERNATIONAL"). */
export function spellOut(text: string): string {
  return text.replace(WORD, (m: string) => {
    const full = SPELLED_OUT[m.toLowerCase().replace(/’/g, "'")] ?? m;
    return m === m.toUpperCase() && m !== m.toLowerCase() ? full.toUpperCase() : full;
  });
}
