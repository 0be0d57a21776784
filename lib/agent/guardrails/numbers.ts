/**
 * Numbers in an answer must come from its sources: quoted in an excerpt or a tool result, or
 * derived from them (difference, sum, percentage change, ratio, rounding). Anything else is
 * flagged as unverifiable. Period labels, years, dates, page numbers and citations are not
 * figures and are skipped.
 */
import { monthWords } from "@/lib/periods/months";
import { parsePrintedNumber, scaleOfWord } from "@/lib/metrics/printed-number";

export interface ParsedNumber {
  /** As written, sign, currency and scale word included ("USD (1,577) million"). */
  text: string;
  raw: number; // as written, unsigned (4.2 in "EUR 4.2 million")
  value: number; // natural units, unsigned (4200000)
  decimals: number;
  percent: boolean;
  /** Written with a minus or in brackets ("−3.9", "(1,577)"). */
  negative: boolean;
  /** As written: "USD", "$", "€". */
  currency?: string;
  /** The scale word's factor (1e6 for "million"); 1 when none. */
  scale: number;
}

const MONTH = monthWords({ abbreviated: true });

/** Removes what looks numeric but is no figure: citations, periods, years, dates, cell refs, list markers. */
export function maskNonFigures(text: string): string {
  const blank = (m: string) => " ".repeat(m.length);
  return text
    .replace(/\((?:source|sources)\s*:[^)]*\)/gi, blank)
    .replace(/\[[^\]]*\]\([^)]*\)/g, blank) // markdown links
    .replace(/\b(?:p|pp|page|pages|slide|line|row|note)\.?\s*\d+(?:\s*[-–]\s*\d+)?\b/gi, blank)
    .replace(/\b[A-Za-z_][\w .&']*![$]?[A-Z]{1,3}[$]?\d+\b/g, blank)
    .replace(/\b(?:Q[1-4]|H[12]|9M|FY|fy)\s*'?\d{2,4}[AFEB]?\b/g, blank)
    .replace(/\b(?:Q[1-4]|H[12]|9M)\b/g, blank)
    .replace(new RegExp(`\\b\\d{1,2}\\s+${MONTH}\\b`, "gi"), blank)
    .replace(new RegExp(`\\b${MONTH}\\s+\\d{1,2},`, "gi"), blank)
    .replace(/\b\d{4}-\d\d-\d\d\b/g, blank)
    .replace(/(?<![\d.,])(?:19|20)\d\d(?![\d.,%]|\s*(?:million|billion|thousand|bn|mn|k|m|EUR|USD|SEK)\b)/gi, blank)
    .replace(/^\s*(?:\d+[.)]|[-*+])\s+/gm, blank)
    .replace(/\b\d+(?:st|nd|rd|th)\b/gi, blank)
    .replace(/\b[A-Za-z]+\d+[A-Za-z\d]*\b/g, blank); // identifiers like B15, v2, ESOP2021
}

/**
 * A printed figure: an optional sign or opening bracket, currency, a sign or bracket again ("USD
 * (1,577) million", as lib/metrics prints inputs), the digits (thousands grouped by commas), a
 * closing bracket, then a percent or scale word. Not a digit run inside a word.
 */
const NUM_RE = /(?<![\p{L}\d_.])(?<sign>[-−–(]\s?|\+)?(?:(?<cur>US\$|EUR|USD|SEK|GBP|€|\$|£)\s?)?(?<minus>[-−(])?(?<num>(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)\)?(?<unit>\s?%|\s?pp\b|\s?percent\b|\s?(?:thousands?|millions?|billions?|trillions?|bn|mn|m|k)\b)?(?![\p{L}\d_])/giu;

/** The figures a text prints, in order; `mask` first blanks what is no figure (see maskNonFigures). */
export function parseNumbers(text: string, mask = true): ParsedNumber[] {
  const t = mask ? maskNonFigures(text) : text;
  const out: ParsedNumber[] = [];
  for (const m of t.matchAll(NUM_RE)) {
    const g = m.groups!;
    const num = parsePrintedNumber(g.num!);
    if (num?.value == null) continue;
    const raw = num.value;
    const unit = (g.unit ?? "").trim().toLowerCase();
    const percent = unit === "%" || unit === "pp" || unit === "percent";
    // a bare "m"/"k" scales only an amount in a currency ("EUR 5.2m"; "3M" is a name)
    const bare = (unit === "m" || unit === "k") && !g.cur;
    const scale = bare ? 1 : (scaleOfWord(unit) ?? 1);
    const decimals = num.decimals;
    const negative = (!!g.sign && g.sign !== "+") || !!g.minus;
    // a closing bracket belongs to the figure only after an opening one ("(1,577)", not "padEnd(22)")
    const written = bare ? m[0].slice(0, -g.unit!.length) : m[0];
    const text = g.sign?.startsWith("(") || g.minus === "(" ? written : written.replace(/(?<=\d)\)/, "");
    out.push({ text: text.trim(), raw, value: raw * scale, decimals, percent, negative, ...(g.cur ? { currency: g.cur } : {}), scale });
  }
  return out;
}

/**
 * The one tolerance for "this value is the figure as written": equal once rounded to the digits
 * the figure shows (half a unit of its last decimal, in its scale: "5.4%" for 5.448), or within
 * 0.5% of it. Signs are not compared.
 */
export function writtenAs(figure: { value: number; decimals: number; scale: number }, value: number): boolean {
  const target = Math.abs(figure.value);
  const tolerance = Math.max(0.5 * 10 ** -figure.decimals * figure.scale, 0.005 * target) + 1e-9 * Math.max(1, target);
  return Math.abs(Math.abs(value) - target) <= tolerance;
}

/** All numeric values found in a JSON value (numbers, and numbers inside its strings). */
export function numbersInJson(v: unknown, into: number[] = [], skip?: (s: string) => boolean): number[] {
  if (typeof v === "number" && Number.isFinite(v)) into.push(Math.abs(v));
  else if (typeof v === "string") {
    if (!skip?.(v)) for (const n of parseNumbers(v, false)) into.push(n.raw, n.value);
  } else if (Array.isArray(v)) for (const x of v) numbersInJson(x, into, skip);
  else if (v && typeof v === "object") {
    // identifiers and links are not figures
    for (const [k, x] of Object.entries(v)) if (!/(?:^id$|Id$|Ids$|url$|^citation$)/i.test(k)) numbersInJson(x, into, skip);
  }
  return into;
}

export class KnownNumbers {
  private readonly base: number[];
  private readonly derivedAbs: number[];
  private readonly derivedPct: number[];

  constructor(values: number[]) {
    const uniq = [...new Set(values.filter((x) => Number.isFinite(x) && x !== 0).map((x) => Math.abs(x)))].slice(0, 400);
    this.base = uniq;
    const abs: number[] = [];
    const pct: number[] = [];
    // derive only from amounts (natural units): margins, changes and differences of money/counts
    const lim = uniq.filter((x) => x >= 1000).slice(0, 160);
    for (let i = 0; i < lim.length; i++) {
      for (let j = 0; j < lim.length; j++) {
        if (i === j) continue;
        const a = lim[i]!;
        const b = lim[j]!;
        if (a > b) abs.push(a - b);
        if (i < j) abs.push(a + b);
        if (a / b > 100 || b / a > 100) continue;
        pct.push(Math.abs(((a - b) / b) * 100)); // % change
        pct.push(((a + b) / b) * 100); // % change across a sign ("1,544 to (3,544)": −329.5%)
        pct.push((a / b) * 100); // share / margin
      }
    }
    this.derivedAbs = abs;
    this.derivedPct = pct;
  }

  get size(): number {
    return this.base.length;
  }

  private static close(answer: ParsedNumber, candidate: number, scaleMatch: number): boolean {
    return writtenAs({ value: answer.raw * scaleMatch, decimals: answer.decimals, scale: scaleMatch }, candidate);
  }

  supports(n: ParsedNumber): boolean {
    const scales = [1, 1e3, 1e6, 1e9];
    const natural = n.value / n.raw || 1;
    const tryList = (list: number[]) =>
      list.some((k) => KnownNumbers.close(n, k, natural) || scales.some((s) => KnownNumbers.close(n, k * s, natural) || KnownNumbers.close(n, k / s, 1)));
    if (tryList(this.base)) return true;
    // percentages may be computed (change, share, margin); amounts may be differences or sums
    if (n.percent) return this.derivedPct.some((k) => KnownNumbers.close(n, k, 1)) || tryList(this.derivedAbs);
    return tryList(this.derivedAbs);
  }
}

/** Plain small integers (counts in the answer's own structure: "3 of 5 items", "2 sources"). */
export function isTrivial(n: ParsedNumber): boolean {
  return !n.percent && n.value === n.raw && Number.isInteger(n.raw) && n.raw <= 10;
}
