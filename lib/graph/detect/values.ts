/**
 * Pure helpers for comparing findings' values: agreement within rounding ("EUR 4.2 million" and
 * 4,190,000 agree; 12.4M and 12.9M do not) and comparable units. Periods compare in lib/periods.
 */
import { parsePrintedNumber } from "@/lib/metrics/printed-number";

/**
 * The rounding step of a figure as written: "EUR 4.2 million" (4,200,000) → 100,000;
 * "18,400" in thousands (18,400,000) → 1,000; "42.0%" → 0.1. 0 when it cannot be told.
 */
export function roundingStep(valueText: string | null | undefined, valueNum: number): number {
  if (!valueText || !Number.isFinite(valueNum) || valueNum === 0) return 0;
  const tokens = valueText.match(/\(?[-\u2212]?\d[\d.,\u00a0\u202f ]*\d\)?|\(?[-\u2212]?\d\)?/g) ?? [];
  let best = 0;
  for (const tok of tokens) {
    // a figure as either market writes it: "18,400" / "18 400" / "5,2" / "1.234,5"
    const parsed = parsePrintedNumber(tok, { decimalComma: "auto" });
    if (!parsed?.value) continue;
    const scale = Math.abs(valueNum / parsed.value);
    // The token must be the figure (possibly scaled by thousand/million/billion), not a year or a footnote.
    const log = Math.log10(scale);
    if (Math.abs(log - Math.round(log)) > 1e-6) continue;
    const step = 10 ** -parsed.decimals * scale;
    best = Math.max(best, step);
  }
  return best;
}

export interface ComparableValue {
  valueNum: number;
  valueText?: string | null;
}

/** Default relative tolerance: differences up to 0.5% are rounding. */
export const RELATIVE_TOLERANCE = 0.005;

/**
 * Two figures agree when they differ by no more than 0.5% of the larger, or by no more than half
 * the rounding step of the less precise one (EUR 4.2 million covers 4.15–4.25 million).
 */
export function valuesAgree(a: ComparableValue, b: ComparableValue, relTol = RELATIVE_TOLERANCE): boolean {
  const diff = Math.abs(a.valueNum - b.valueNum);
  if (diff === 0) return true;
  const larger = Math.max(Math.abs(a.valueNum), Math.abs(b.valueNum));
  if (diff <= relTol * larger + 1e-9) return true;
  const step = Math.max(roundingStep(a.valueText, a.valueNum), roundingStep(b.valueText, b.valueNum));
  return diff <= step / 2 + step * 1e-9;
}

/** Units/currencies must match when both are known (EUR vs SEK, percent vs currency are not comparable). */
export function comparableUnits(
  a: { unit?: string | null; currency?: string | null },
  b: { unit?: string | null; currency?: string | null },
): boolean {
  const norm = (s?: string | null) => (s ? s.trim().toLowerCase() : "");
  if (norm(a.unit) && norm(b.unit) && norm(a.unit) !== norm(b.unit)) return false;
  if (norm(a.currency) && norm(b.currency) && norm(a.currency) !== norm(b.currency)) return false;
  return true;
}

/** "EUR 4.2 million" → "EUR 4.2 million"; a number without text → grouped digits. */
export function displayValue(f: { valueText?: string | null; valueNum?: number | null }): string {
  if (f.valueText) return f.valueText;
  return f.valueNum == null ? "?" : f.valueNum.toLocaleString("en-US");
}

export interface UnitValue {
  valueNum: number | null;
  valueText?: string | null;
  unit?: string | null;
  currency?: string | null;
}

const SCALES: Array<[number, string]> = [[1e9, " billion"], [1e6, " million"], [1e3, " thousand"], [1, ""]];

/** Fewest decimals (0–3) that show each value exactly and keep different values apart. */
function decimalsFor(scaled: number[]): number {
  for (let d = 0; d <= 3; d++) {
    const shown = scaled.map((x) => Number(x.toFixed(d)));
    const exact = scaled.every((x, i) => Math.abs(shown[i]! - x) < 1e-9 * Math.max(1, Math.abs(x)));
    const apart = new Set(shown).size === new Set(scaled.map((x) => x.toPrecision(12))).size;
    if (exact && apart) return d;
  }
  return 3;
}

/**
 * Figures side by side in one unit, the unit named: 12.9 (a deck in EUR million) and 12,400 (a
 * sheet in EUR thousand) → "EUR 12.9 million" and "EUR 12.4 million". One scale for all (the
 * largest figure's), one currency (the first named; comparable figures share it), and the fewest
 * decimals that show each exactly and keep different figures apart. A figure without a number
 * keeps its text.
 */
export function inSameUnit(values: UnitValue[]): string[] {
  const nums = values.map((v) => (v.valueNum != null && Number.isFinite(v.valueNum) ? v.valueNum : null));
  const known = nums.filter((n): n is number => n !== null);
  if (!known.length) return values.map((v) => v.valueText ?? "?");
  const unit = values.find((v) => v.unit)?.unit ?? null;
  const currency = values.find((v) => v.currency)?.currency ?? null;
  const text = (v: UnitValue, s: string) => (v.valueNum == null ? (v.valueText ?? "?") : s);
  if (unit === "percent") {
    const d = decimalsFor(known);
    return values.map((v, i) => text(v, `${(nums[i] ?? 0).toFixed(d)}%`));
  }
  if (unit === "count" || unit === "ratio") {
    const d = decimalsFor(known);
    return values.map((v, i) => text(v, (nums[i] ?? 0).toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d })));
  }
  const largest = Math.max(...known.map(Math.abs));
  const [scale, word] = SCALES.find(([s]) => largest >= s) ?? [1, ""];
  const d = decimalsFor(known.map((n) => n / scale));
  return values.map((v, i) => {
    const n = (nums[i] ?? 0) / scale;
    const digits = Math.abs(n).toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });
    return text(v, `${n < 0 ? "-" : ""}${currency ? `${currency} ` : ""}${digits}${word}`);
  });
}
