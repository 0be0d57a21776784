/**
 * Whether a text's word characters are all ASCII, so a tokeniser may find its runs of letters and
 * digits with ASCII patterns instead of Unicode property escapes (several times faster on a page;
 * search re-reads 20 pages per query). Non-ASCII punctuation and symbols (’, —, ™ …) do not count:
 * both kinds of pattern treat them as separators. Callers test the exact text they will match
 * (after NFKC, which turns ™ into letters, and after lowercasing, which turns K into k).
 */
const NON_ASCII = /[^\x00-\x7f]/;
const NON_ASCII_LETTER_OR_DIGIT = /(?![\x00-\x7f])[\p{L}\p{N}]/u;
const NON_ASCII_LETTER = /(?![\x00-\x7f])\p{L}/u;

/** No letter or digit outside ASCII: /[\p{L}\p{N}]+/u and /[A-Za-z0-9]+/ find the same runs. */
export function asciiWordsOnly(text: string): boolean {
  return !NON_ASCII.test(text) || !NON_ASCII_LETTER_OR_DIGIT.test(text);
}

/** No letter outside ASCII: /\p{L}+/u and /[A-Za-z]+/ find the same runs. */
export function asciiLettersOnly(text: string): boolean {
  return !NON_ASCII.test(text) || !NON_ASCII_LETTER.test(text);
}
