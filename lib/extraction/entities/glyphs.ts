/**
 * Letters the PDF text layer lost: a ligature ("ti", "fi", "fl", "ff", "ffi", "ffl") comes out as
 * U+0000, which ingestion stores as a blank ("Harbour Corpora\u0000on" → "Harbour Corpora on").
 * A name read across such a gap is put back together when the joined word is a known one (a legal
 * form, or a word the document prints whole elsewhere); else it is no clean name.
 */

const LIGATURES = ["ti", "fi", "fl", "ff", "ffi", "ffl", "ft"];
/** Words of company names that hold a ligature, known without the document. */
const NAME_WORDS = new Set([
  "corporation", "international", "financial", "financing", "office", "offices", "solutions", "communications", "operations", "technologies", "foundation",
  "association", "pacific", "scientific", "specialties", "affiliates", "software", "first", "fifth", "fidelity", "properties", "utilities", "logistics",
  "pharmaceuticals", "therapeutics", "automotive", "traffic", "offshore", "profit",
]);

/** The words a document prints whole (lower case), read once. */
export function documentWords(texts: string[]): Set<string> {
  const out = new Set<string>();
  for (const t of texts) for (const w of t.toLowerCase().match(/\p{L}{4,}/gu) ?? []) out.add(w);
  return out;
}

/**
 * The text with each lost ligature put back where the joined word is known ("Harbour Corpora on" →
 * "Harbour Corporation"). A blank between a word and a lower-case fragment is read as a gap only
 * then, so "Beacon on Demand" stays as it is.
 */
export function restoreLigatures(text: string, words: () => Set<string>): string {
  const known = (w: string) => NAME_WORDS.has(w.toLowerCase()) || words().has(w.toLowerCase());
  return text.replace(/(\p{L}+)[\u0000 ](\p{Ll}+)/gu, (all, a: string, b: string) => LIGATURES.map((lig) => `${a}${lig}${b}`).find(known) ?? all);
}

/** A name with its lost ligatures put back, or null when a NUL gap stays that no known word closes. */
export function repairLostGlyphs(name: string, words: () => Set<string>): string | null {
  const fixed = restoreLigatures(name, words);
  return fixed.includes("\u0000") ? null : fixed;
}
