/**
 * Which language a text is written in, English or Swedish, for choosing a stemmer. Cheap by
 * design (it runs per page at indexing and per question): counts of frequent function words
 * of each language, plus the letters å/ä/ö that English does not use. Ties and texts without
 * evidence (tables, single words) read as English, the filings' usual language; callers that
 * know more (the rest of the document) pass it as `fallback`.
 */
import { asciiLettersOnly } from "./ascii-words";

export type Language = "en" | "sv";

const EN = new Set("the and of to in is that for are with as on by be this from or which have has was were it its our we not an at".split(" "));
const SV = new Set("och att det som en på är av för med till den har de inte om ett men var sig från vi så kan när också efter eller vid mot ska skall dessa detta denna samt än utan genom över eftersom enligt vilket vilka".split(" "));
const SWEDISH_LETTERS = /[åäö]/g;

export interface LanguageEvidence {
  en: number;
  sv: number;
}

/** Function-word (and å/ä/ö word) counts of each language in the text's first `maxWords` words. */
export function languageEvidence(text: string, maxWords = 400): LanguageEvidence {
  const lower = text.toLowerCase();
  const word = asciiLettersOnly(lower) ? /[a-z]+/g : /\p{L}+/gu;
  let en = 0;
  let sv = 0;
  let n = 0;
  for (let m = word.exec(lower); m && n < maxWords; m = word.exec(lower), n++) {
    const w = m[0];
    if (EN.has(w)) en++;
    if (SV.has(w)) sv++;
    else if (w.length > 2 && w.match(SWEDISH_LETTERS)) sv += 0.5;
  }
  return { en, sv };
}

/** The text's language; `fallback` when neither language has clear evidence. */
export function detectLanguage(text: string, fallback: Language = "en"): Language {
  return languageOf(languageEvidence(text), fallback);
}

/** The language counted evidence shows (a text's, or a whole document's summed over its pages). */
export function languageOf({ en, sv }: LanguageEvidence, fallback: Language = "en"): Language {
  if (sv >= 2 && sv > en * 1.5) return "sv";
  if (en >= 2 && en > sv * 1.5) return "en";
  if (sv > 0 && en === 0) return "sv";
  return fallback;
}
