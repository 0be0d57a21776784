/** Scale and currency for financial text (printed numbers: lib/metrics/printed-number.ts). */
import { parsePrintedNumber, scaleOfWord } from "@/lib/metrics/printed-number";
import { readCurrency, readScale, type ScaleWord } from "@/lib/statements/scale";

/** Scale declared on a page or in a header ("(In millions)", "EUR thousands", "$ and shares in millions"): the statements' reader; 1 when none. */
export function scaleOf(text: string): { scale: number; word?: ScaleWord } {
  return readScale(text) ?? { scale: 1 };
}

/** The first currency a text names (the statements' reader). */
export const currencyOf = readCurrency;

/** "EUR 4.2 million" / "$1.2 billion" / "USD 310 thousand" → units. */
export function parseMoneyPhrase(s: string): { value: number; currency?: string; raw: string; index: number } | null {
  const m = /(?<cur>EUR|USD|SEK|GBP|€|\$|£)\s?(?<num>\d{1,3}(?:,\d{3})*(?:\.\d+)?|\d+(?:\.\d+)?)\s?(?<scale>million|billion|thousand|bn|m|k|mn)?\b|(?<num2>\d{1,3}(?:,\d{3})*(?:\.\d+)?|\d+(?:\.\d+)?)\s?(?<scale2>million|billion|thousand|miljoner|mkr|msek|tkr)?\s?(?<cur2>EUR|USD|SEK|kronor|kr)\b/i.exec(s);
  if (!m) return null;
  const g = m.groups!;
  const num = parsePrintedNumber((g.num ?? g.num2)!)!.value!;
  const mult = scaleOfWord(g.scale ?? g.scale2 ?? "") ?? 1;
  const c = (g.cur ?? g.cur2 ?? "").toUpperCase();
  const currency = c === "€" ? "EUR" : c === "$" ? "USD" : c === "£" ? "GBP" : c === "KR" || c === "KRONOR" ? "SEK" : c || undefined;
  return { value: Math.round(num * mult * 1000) / 1000, currency, raw: m[0], index: m.index };
}
