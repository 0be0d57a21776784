/**
 * A number as documents print it, read once: "1,577", "(1,577)", "-3.9", "−3.9", "$5,363",
 * "€ 4.2", "USD (1,577) million", "12.5%", "(4.5)%", "18 400", ".5", "1.2E+05", "—" (nil), and
 * with a decimal comma "5,2" or "1.234,56". Every reader of printed figures (tables, prose, sheets, CSV cells,
 * value comparison) calls this one.
 *
 * Decimal commas: "never" (the default: a comma groups thousands, "1,234"), "always" (a file or
 * market that writes "1.234,56"), or "auto" (read from the form: "18,400" groups thousands, "5,2"
 * is a decimal, and of "1,234.5" / "1.234,5" the later mark is the decimal one).
 */

import { isYearWord } from "@/lib/periods/years";

export type DecimalComma = "never" | "auto" | "always";

export interface PrintedNumber {
  /** The token as printed (trimmed). */
  raw: string;
  /** The value as printed, signed, before its scale word; null for a dash printed for nil ("—"). */
  value: number | null;
  negative: boolean;
  percent: boolean;
  /** Digits after the decimal mark. */
  decimals: number;
  /** The currency as printed before the number ("$", "€", "US$", "USD"). */
  currency?: string;
  /** The scale word's multiplier ("million" → 1e6); 1 without one. */
  scale: number;
}

/** Scale words after a figure, English and Swedish; "m", "k" and "b" count only after a currency. */
const SCALES: Array<[RegExp, number]> = [
  [/^(?:thousands?|k|tkr|tsek|tusen)$/i, 1e3],
  [/^(?:millions?|mn|m|mkr|msek|miljon(?:er)?|mio)$/i, 1e6],
  [/^(?:billions?|bn|b|mdkr|mdr|miljard(?:er)?)$/i, 1e9],
  [/^trillions?$/i, 1e12],
];

/** The multiplier of a scale word ("million" → 1e6, "bn" → 1e9), or undefined when it is none. */
export function scaleOfWord(word: string): number | undefined {
  return SCALES.find(([re]) => re.test(word.trim()))?.[1];
}

const NIL = /^[—–-]{1,3}$/;
const TOKEN = new RegExp(
  String.raw`^(?<open>\()?\s*(?<sign>[-−–+])?\s*(?:(?<cur>US\$|[$€£]|(?:USD|EUR|SEK|GBP|NOK|DKK|CHF|JPY)(?=[\s(\d−-]))\s*)?` +
    String.raw`(?<open2>\()?\s*(?<sign2>[-−–])?\s*(?<num>\.\d+|\d(?:[\d,.\u00a0\u202f ]*\d)?)(?<exp>[eE][-+]?\d{1,3})?\s*(?<close>\))?\s*(?<pct>%)?\s*(?<close2>\))?` +
    String.raw`\s*(?<word>[A-Za-z]+)?$`,
  "i",
);

/** One printed number (see the top of the file), or null when the token is none. */
export function parsePrintedNumber(token: string, o: { decimalComma?: DecimalComma } = {}): PrintedNumber | null {
  const raw = token.trim();
  if (raw.length === 0 || raw.length > 60) return null;
  if (NIL.test(raw)) return { raw, value: null, negative: false, percent: false, decimals: 0, scale: 1 };
  const g = TOKEN.exec(raw)?.groups;
  if (!g) return null;
  const opens = (g.open ? 1 : 0) + (g.open2 ? 1 : 0);
  const closes = (g.close ? 1 : 0) + (g.close2 ? 1 : 0);
  if (opens !== closes || opens > 1 || (g.sign && g.sign2)) return null;
  const scale = g.word ? scaleOfWord(g.word) : 1;
  if (scale === undefined || (g.word && /^[mkb]$/i.test(g.word) && !g.cur)) return null;
  const n = readDigits(g.num!, o.decimalComma ?? "never");
  if (!n || (g.exp && /,/.test(g.num!))) return null;
  if (g.exp) n.value *= 10 ** Number(g.exp.slice(1));
  const negative = opens === 1 || (!!g.sign && g.sign !== "+") || !!g.sign2;
  return {
    raw,
    value: negative ? -n.value : n.value,
    negative,
    percent: !!g.pct,
    decimals: n.decimals,
    ...(g.cur ? { currency: g.cur } : {}),
    scale,
  };
}

const SPACE_GROUPED = /^\d{1,3}(?:[\u00a0\u202f ]\d{3})+(?:[.,]\d+)?$/;

/** The digits of a number, its separators read as the decimal-comma rule says. */
function readDigits(body: string, decimalComma: DecimalComma): { value: number; decimals: number } | null {
  let normal: string | null;
  if (/[\u00a0\u202f ]/.test(body)) normal = SPACE_GROUPED.test(body) ? body.replace(/[\u00a0\u202f ]/g, "").replace(",", ".") : null;
  else if (decimalComma === "never") normal = pointDecimal(body);
  else if (decimalComma === "always") normal = commaDecimal(body);
  else normal = autoDecimal(body);
  if (normal === null || !/^\d+(?:\.\d+)?$/.test(normal)) return null;
  const value = Number(normal);
  return Number.isFinite(value) ? { value, decimals: normal.split(".")[1]?.length ?? 0 } : null;
}

/** "1,234.5", "1234.5", ".5", "1234" → "1234.5"; commas must group thousands. */
function pointDecimal(s: string): string | null {
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(s)) return s.replace(/,/g, "");
  if (/^\.\d+$/.test(s)) return `0${s}`;
  return /^\d+(?:\.\d+)?$/.test(s) ? s : null;
}

/** "1.234,5", "1234,5", "1234" → "1234.5"; points must group thousands. */
function commaDecimal(s: string): string | null {
  if (/^\d{1,3}(?:\.\d{3})+(?:,\d+)?$/.test(s)) return s.replace(/\./g, "").replace(",", ".");
  return /^\d+(?:,\d+)?$/.test(s) ? s.replace(",", ".") : null;
}

/** The decimal mark read from the form: the later of two marks; a lone comma before three digits groups thousands. */
function autoDecimal(s: string): string | null {
  const dot = s.lastIndexOf(".");
  const comma = s.lastIndexOf(",");
  if (dot >= 0 && comma >= 0) return dot > comma ? pointDecimal(s) : commaDecimal(s);
  if (comma >= 0) {
    const groups = s.split(",");
    const thousands = groups.length > 2 || (groups[1]!.length === 3 && groups[0]!.length <= 3);
    return thousands ? pointDecimal(s) : commaDecimal(s);
  }
  if (dot >= 0 && s.split(".").length > 2) return commaDecimal(s);
  return pointDecimal(s);
}

/** Numbers standing as words of their own in running text: never "fy22", "q2", "2nd" or a date's "12/31". */
const PROSE_NUMBER = /(?<![\w.,/])[$€£]?\d[\d,]*(?:\.\d+)?(?:\s?%)?(?![\w/]|[.,]\d)/g;

/**
 * The printed numbers of a sentence or a phrase, in order ("about 17,973 employees" → 17973,
 * "over 10% of revenue" → 10), each read by parsePrintedNumber. Years are left out unless kept
 * (a caller that has taken the years out itself keeps "1900 stores").
 */
export function numbersInProse(text: string, o: { keepYears?: boolean } = {}): PrintedNumber[] {
  return [...text.matchAll(PROSE_NUMBER)]
    .map((m) => m[0].trim())
    .filter((raw) => o.keepYears || !isYearWord(raw))
    .map((raw) => parsePrintedNumber(raw))
    .filter((n): n is PrintedNumber => n?.value != null);
}
