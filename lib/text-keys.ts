/**
 * Names compared by their words alone: lowercase, every run of characters that is no letter or
 * digit one space ("Acme, Inc." → "acme inc"), or none for a key ("acmeinc"). One place for the
 * comparison keys of parts, companies, scopes and Q&A questions.
 */
const NOT_WORD = /[^\p{L}\p{N}]+/gu;

/** "Greater China (net)" → "greater china net". */
export function plainWords(text: string): string {
  return text.toLowerCase().replace(NOT_WORD, " ").trim();
}

/** "Acme, Inc." → "acmeinc". */
export function plainKey(text: string): string {
  return text.toLowerCase().replace(NOT_WORD, "");
}
