import { stemmer as englishStemmer } from "@orama/stemmers/english";
import { stemmer as swedishStemmer } from "@orama/stemmers/swedish";
import type { Language } from "./language";

/**
 * Stems for search terms: the Porter stemmer for English and the Snowball stemmer for Swedish
 * (@orama/stemmers: maintained, dependency-free, plain JS). "customers" and "customer" both
 * become "custom", "Utredaren" and "utredare" both "utred". Stems are cached per language:
 * filings repeat a small vocabulary, so indexing stems each distinct word about once.
 * Short words and words with digits are kept as they are ("ceo", "q4", "10k").
 */
const STEMMERS: Record<Language, (w: string) => string> = { en: englishStemmer, sv: swedishStemmer };
const MAX_CACHED = 200_000;
const caches: Record<Language, Map<string, string>> = { en: new Map(), sv: new Map() };

export function stemWord(word: string, language: Language = "en"): string {
  const cache = caches[language];
  let s = cache.get(word);
  if (s === undefined) {
    s = word.length <= 3 || /\d/.test(word) ? word : STEMMERS[language](word);
    if (s.length < 2) s = word;
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(word, s);
  }
  return s;
}

/**
 * The start a word's forms share, for finding them in raw text by prefix: the word up to where its
 * stem departs from it ("customers" → "custom", "company" → "compan", "income" → "incom").
 */
export function wordStart(word: string, language: Language = "en"): string {
  const s = stemWord(word, language);
  let i = 0;
  while (i < s.length && s[i] === word[i]) i++;
  return word.slice(0, Math.max(i, Math.min(word.length, 3)));
}
