/**
 * How the question asks the answer to be given: the scale ("in USD millions", "in billions",
 * "($ thousands)"), a currency, a percentage ("in units of percents", "as a %"), and rounding
 * ("round to one decimal place", "two decimal places", "2dp", "to the nearest whole number").
 */
import type { AnswerFormat } from "./types";

const SCALES: Record<string, number> = { thousand: 1e3, thousands: 1e3, k: 1e3, million: 1e6, millions: 1e6, mn: 1e6, mm: 1e6, m: 1e6, billion: 1e9, billions: 1e9, bn: 1e9, b: 1e9 };
const NUMBERS: Record<string, number> = { zero: 0, no: 0, one: 1, two: 2, three: 3, four: 4, "0": 0, "1": 1, "2": 2, "3": 3, "4": 4 };
const CURRENCY = "(usd|us\\$|\\$|eur|€|gbp|£|sek|chf|jpy|cad|aud)";
const CURRENCY_CODES: Record<string, string> = { usd: "USD", "us$": "USD", $: "USD", eur: "EUR", "€": "EUR", gbp: "GBP", "£": "GBP", sek: "SEK", chf: "CHF", jpy: "JPY", cad: "CAD", aud: "AUD" };

/** Reads the format asked in normalised question text. */
export function readAnswerFormat(text: string): AnswerFormat {
  const format: AnswerFormat = {};
  const scale =
    text.match(new RegExp(`\\b(?:in|of|\\()\\s*(?:units of\\s+)?(?:${CURRENCY}\\s*)?(thousands?|millions?|billions?|mn|mm|bn)\\b(?:\\s+of\\s+(?:us\\s+)?(dollars|euros|kronor))?`)) ??
    text.match(new RegExp(`(?:^|\\s|\\()${CURRENCY}\\s*(k|m|mn|mm|b|bn)\\b`));
  if (scale) {
    format.scale = SCALES[scale[2]!];
    const cur = scale[1] ?? (scale[3] === "dollars" ? "usd" : scale[3] === "euros" ? "eur" : undefined);
    if (cur) format.currency = CURRENCY_CODES[cur];
  }
  if (/\b(?:in (?:units of )?percent(?:s|age|ages)?|as (?:a )?(?:%|percent(?:age)?)|in %|\(%\)|% terms|percentage terms)/.test(text)) format.percent = true;
  const round = text.match(/\b(?:round(?:ed|ing)?\b[^.?]*?\bto|to|with|in|using)\s+(?:the nearest\s+)?(zero|no|one|two|three|four|[0-4])\s+decimal(?:\s+(?:places?|points?|digits?))?/);
  const dp = round ? undefined : text.match(/\b([0-4])\s*dp\b/);
  if (round) format.decimals = NUMBERS[round[1]!];
  else if (dp) format.decimals = Number(dp[1]);
  else if (/\b(?:nearest|to an?) (?:whole number|integer)\b/.test(text)) format.decimals = 0;
  else if (/\bnearest tenth\b/.test(text)) format.decimals = 1;
  else if (/\bnearest hundredth\b/.test(text)) format.decimals = 2;
  return format;
}
