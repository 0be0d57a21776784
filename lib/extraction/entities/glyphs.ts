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

/**
 * Words of officers' titles and of the facts a filing states in fixed places that hold a ligature
 * or are printed split ("Execu ve", "Accoun ng", "Offi cer"), known without the document.
 */
const TITLE_WORDS = new Set([
  "executive", "executives", "officer", "officers", "office", "offices", "accounting", "operating", "operations", "administrative",
  "administration", "effective", "affairs", "information", "relations", "counsel", "strategy", "strategic", "marketing", "financial",
  "institutional", "international", "communications", "investor", "investors", "activities", "principal", "registrant", "registrants",
  "certification", "certifications", "identification", "organization", "incorporation", "jurisdiction", "notifications", "position",
  "positions", "until", "after", "chief", "technology", "staff", "sustainability", "corporation", "partnership", "employees",
]);

/** A text with its lost ligatures put back, and the maps between its offsets and the original's. */
export interface MendedText {
  text: string;
  toOriginal(offset: number): number;
  toMended(offset: number): number;
}

/**
 * Puts back the ligatures (and closes the split) of words a known vocabulary names ("Chief Execu ve
 * Offi cer" → "Chief Executive Officer"), keeping maps to the original offsets so what is read from the
 * mended text is cited in the text as stored. Null when nothing was mended.
 */
export function mendLostLigatures(text: string, words: () => Set<string>): MendedText | null {
  const known = (w: string) => TITLE_WORDS.has(w) || NAME_WORDS.has(w) || words().has(w);
  const edits: Array<{ orig: number; at: number; lig: string }> = [];
  let out = "";
  let last = 0;
  // the fragment after the gap is only looked at, so it can start the next pair ("our execu ve")
  for (const m of text.matchAll(/(\p{L}+)[\u0000 ](?=(\p{Ll}+))/gu)) {
    const [, a, b] = m as unknown as [string, string, string];
    const joined = (lig: string) => `${a}${lig}${b}`.toLowerCase();
    // a word split by kerning ("Offi cer") is closed only into a title word: "any one" stays two words
    const lig = LIGATURES.find((l) => known(joined(l))) ?? (TITLE_WORDS.has(joined("")) ? "" : undefined);
    if (lig === undefined) continue;
    const gap = m.index! + a.length;
    out += text.slice(last, gap);
    edits.push({ orig: gap, at: out.length, lig });
    out += lig;
    last = gap + 1;
  }
  if (!edits.length) return null;
  out += text.slice(last);
  return {
    text: out,
    toOriginal(n) {
      let d = 0;
      for (const e of edits) {
        if (n < e.at) break;
        if (n < e.at + e.lig.length) return e.orig;
        d += e.lig.length - 1;
      }
      return n - d;
    },
    toMended(o) {
      let d = 0;
      for (const e of edits) {
        if (o < e.orig) break;
        if (o === e.orig) return e.at;
        d += e.lig.length - 1;
      }
      return o + d;
    },
  };
}

/** A name with its lost ligatures put back, or null when a NUL gap stays that no known word closes. */
export function repairLostGlyphs(name: string, words: () => Set<string>): string | null {
  const fixed = restoreLigatures(name, words);
  return fixed.includes("\u0000") ? null : fixed;
}
