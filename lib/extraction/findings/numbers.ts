/** Number parsing and scale for financial text. */
import { readCurrency, readScale, type ScaleWord } from "@/lib/statements/scale";

export interface NumToken {
  raw: string;
  value: number | null; // null for dashes ("—", "-", "–") meaning nil
  percent: boolean;
  negative: boolean;
}

const NUM = /^\(?[-−]?\$?€?\(?\d{1,3}(?:[,\u00a0 ]\d{3})*(?:\.\d+)?\)?%?\)?$|^\(?[-−]?\$?\d+(?:\.\d+)?\)?%?$/;
const DASH = /^[—–-]+$/;

export function parseNumToken(tok: string): NumToken | null {
  const t = tok.trim();
  if (DASH.test(t)) return { raw: t, value: null, percent: false, negative: false };
  if (!NUM.test(t)) return null;
  const negative = /^\(.*\)%?$/.test(t) || /^[-−]/.test(t);
  const percent = t.endsWith("%") || t.endsWith("%)");
  const digits = t.replace(/[()$€%,\u00a0 −-]/g, "");
  if (!/\d/.test(digits)) return null;
  const v = Number(digits);
  if (!Number.isFinite(v)) return null;
  return { raw: t, value: negative ? -v : v, percent, negative };
}

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
  const num = Number((g.num ?? g.num2)!.replace(/,/g, ""));
  const sc = (g.scale ?? g.scale2 ?? "").toLowerCase();
  const mult = sc.startsWith("b") ? 1e9 : sc === "m" || sc === "mn" || sc.startsWith("mil") || sc === "mkr" || sc === "msek" ? 1e6 : sc.startsWith("th") || sc === "k" || sc === "tkr" ? 1e3 : 1;
  const c = (g.cur ?? g.cur2 ?? "").toUpperCase();
  const currency = c === "€" ? "EUR" : c === "$" ? "USD" : c === "£" ? "GBP" : c === "KR" || c === "KRONOR" ? "SEK" : c || undefined;
  return { value: Math.round(num * mult * 1000) / 1000, currency, raw: m[0], index: m.index };
}
