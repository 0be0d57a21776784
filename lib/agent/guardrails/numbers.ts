/**
 * Numbers in an answer must come from its sources: quoted in an excerpt or a tool result, or
 * derived from them (difference, sum, percentage change, ratio, rounding). Anything else is
 * flagged as unverifiable. Period labels, years, dates, page numbers and citations are not
 * figures and are skipped.
 */
import { monthWords } from "@/lib/periods/months";

export interface ParsedNumber {
  text: string;
  raw: number; // as written (4.2 in "EUR 4.2 million")
  value: number; // natural units (5200000)
  decimals: number;
  percent: boolean;
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

const NUM_RE = /(?<![\w.])(?:(EUR|USD|SEK|GBP|€|\$|£)\s?)?([-+−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)(\s?%|\s?pp\b|\s?(?:million|billion|thousand|bn|mn|m|k)\b)?(?![\w])/gi;

export function parseNumbers(text: string, mask = true): ParsedNumber[] {
  const t = mask ? maskNonFigures(text) : text;
  const out: ParsedNumber[] = [];
  for (const m of t.matchAll(NUM_RE)) {
    const digits = m[2]!.replace(/[,+]/g, "").replace("−", "-");
    const raw = Number(digits);
    if (!Number.isFinite(raw)) continue;
    const suffix = (m[3] ?? "").trim().toLowerCase();
    const scale = suffix.startsWith("b") ? 1e9 : suffix === "m" || suffix === "mn" || suffix.startsWith("million") ? 1e6 : suffix === "k" || suffix.startsWith("thousand") ? 1e3 : 1;
    const decimals = (digits.split(".")[1] ?? "").length;
    out.push({ text: m[0].trim(), raw: Math.abs(raw), value: Math.abs(raw) * scale, decimals, percent: suffix === "%" || suffix === "pp" });
  }
  return out;
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
    const target = answer.raw * scaleMatch;
    // rounding tolerance: half a unit of the answer's last decimal place, or 0.5% relative
    const unit = Math.pow(10, -answer.decimals) * scaleMatch;
    const tol = Math.max(unit / 2 + 1e-9 * Math.abs(target), Math.abs(target) * 0.005);
    return Math.abs(candidate - target) <= tol;
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
