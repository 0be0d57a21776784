/**
 * The unit scale and currency a table states, one reader for statements (lib/statements/assemble.ts)
 * and every other table (lib/extraction/findings: part, matrix, sheet and table rows), so a part row
 * and a statement line on one page read the same "(In millions)" the same way.
 *
 * Scale: "(In millions)", "(in thousands, except per share data)", "(Millions)", "$ in millions",
 * "$000s", "EUR thousands", "SEK '000", "(EUR 000)", "USD mn", "€bn", "TSEK", "MSEK", "mkr",
 * "in thousands of euros". Currency: "$", "US$", "€", "£", "¥", ISO codes (USD, EUR, SEK, GBP, NOK,
 * DKK, CHF, JPY, CAD, AUD), "TEUR"/"kSEK"/"MSEK"/"tkr"/"kr", "millions of euros" — the first named.
 */

export type ScaleWord = "thousands" | "millions" | "billions";

export interface StatedScale {
  /** Multiplier from printed values to units. */
  scale: number;
  /** The scale named, as one word. */
  word: ScaleWord;
}

const WORD_OF: Record<number, ScaleWord> = { 1e3: "thousands", 1e6: "millions", 1e9: "billions" };

/** 1e6 → "millions"; undefined for a multiplier no scale word names (1, 1e12). */
export function scaleWordOf(scale: number): ScaleWord | undefined {
  return WORD_OF[scale];
}

/** ISO codes and symbols of the currencies a header names. */
const CURRENCY_CODE: Record<string, string> = { "$": "USD", "us$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", usd: "USD", eur: "EUR", sek: "SEK", gbp: "GBP", nok: "NOK", dkk: "DKK", chf: "CHF", jpy: "JPY", cad: "CAD", aud: "AUD", kr: "SEK" };
const CODE = String.raw`(?:usd|eur|sek|gbp|nok|dkk|chf|jpy|cad|aud)`;
const CURRENCY_WORDS = String.raw`euros?|kronor|swedish kronor|pounds|dollars`;

/** The header's own scale phrases, largest first: "in billions", "(millions", "$ in millions", "millions of dollars", "$000s". */
const PHRASES: Array<[RegExp, number]> = [
  [/\bin billions?\b|\(billions\b|\$\s*in billions|billions of (?:u\.?s\.? )?dollars/i, 1e9],
  [/\bin millions?\b|\(millions\b|\$\s*(?:and shares )?in millions|millions of (?:u\.?s\.? )?dollars|\bmillions,? except\b|^\s*millions\b|\(\$\s*millions|\$\s*millions/im, 1e6],
  [/\bin thousands?\b|\(thousands\b|\$\s*(?:and shares )?in thousands|thousands of (?:u\.?s\.? )?dollars|\bthousands,? except\b|^\s*thousands\b|\(\$\s*thousands|\$\s*thousands|\$000s?\b/im, 1e3],
];

/** A currency and its scale: "EUR thousands", "SEK '000", "(EUR 000)", "USD millions", "EUR m", "€ in thousands", "TSEK", "mkr", "in thousands of euros". */
const MULTIPLIERS: Array<[RegExp, number]> = [
  [new RegExp(String.raw`(?:\b${CODE}|[€£$¥])\s*(?:in\s+)?(?:thousands?|'000|000s?|k)\b|\bthousands? of (?:${CURRENCY_WORDS})\b|\bt(?:eur|sek|usd|kr)\b|\bk(?:eur|sek|usd)\b`, "i"), 1e3],
  [new RegExp(String.raw`(?:\b${CODE}|[€£$¥])\s*(?:in\s+)?(?:millions?|mn|m)\b|\bmillions? of (?:${CURRENCY_WORDS})\b|\bm(?:eur|sek|usd|kr)\b`, "i"), 1e6],
  [new RegExp(String.raw`(?:\b${CODE}|[€£$¥])\s*(?:in\s+)?(?:billions?|bn)\b|\bbillions? of (?:${CURRENCY_WORDS})\b`, "i"), 1e9],
];

/** No-break and thin spaces (HTML filings, some PDF text layers) read as the blank they print. */
const spaced = (text: string) => text.replace(/[\u00a0\u2007\u2009\u202f]/g, " ");

/** The scale a header states, or undefined when it states none (values are then printed in units). */
export function readScale(text: string): StatedScale | undefined {
  const t = spaced(text);
  for (const [re, k] of [...PHRASES, ...MULTIPLIERS]) if (re.test(t)) return { scale: k, word: WORD_OF[k]! };
  return undefined;
}

const CURRENCY = new RegExp(String.raw`\b(us\$)|(?:^|[\s(])([€£$¥])|\b(${CODE})\b|\b[tkm](eur|sek|usd|kr)\b|\b(?:thousands?|millions?|billions?) of (${CURRENCY_WORDS})\b|\b(kr)\b`, "i");

/** The first currency a header names, as an ISO code, or undefined when it names none. */
export function readCurrency(text: string): string | undefined {
  const m = CURRENCY.exec(spaced(text));
  if (!m) return undefined;
  const word = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? m[6] ?? "").toLowerCase();
  if (/^euro/.test(word)) return "EUR";
  if (/kronor/.test(word)) return "SEK";
  if (/^pound/.test(word)) return "GBP";
  if (/^dollar/.test(word)) return "USD";
  return CURRENCY_CODE[word];
}
