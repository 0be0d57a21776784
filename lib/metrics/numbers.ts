/**
 * Numbers as the answer shows them: amounts in the scale asked or the filing's own ("USD 1,577
 * million"), percents from fractions ("2.8%"), ratios and days with the decimals asked, and an
 * input as the filing printed it ("USD (1,577) million").
 */
import type { AnswerFormat, MetricUnit } from "./types";

const SCALE_WORD: Record<number, string> = { 1: "", 1e3: "thousand", 1e6: "million", 1e9: "billion" };

export function groupDigits(n: number, decimals: number): string {
  return n.toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** Decimals for an amount in a scale: none for whole numbers, else two. */
function amountDecimals(scaled: number): number {
  return Math.abs(scaled - Math.round(scaled)) < 1e-9 ? 0 : 2;
}

export function formatAmount(value: number, scale: number, currency: string | undefined, decimals?: number): string {
  const scaled = value / scale;
  const digits = groupDigits(scaled, decimals ?? amountDecimals(scaled));
  return [currency, digits, SCALE_WORD[scale] ?? `× ${scale}`].filter(Boolean).join(" ");
}

export interface ValueStyle {
  format: AnswerFormat;
  /** The filing's scale and currency (of the first input), used when the question asks none. */
  filingScale: number;
  currency?: string;
  /**
   * A share named a ratio or return ("payout ratio", "return on assets") asked with decimals but
   * not in percent: analysts write it as a fraction (0.26), so the fraction leads and the percent follows.
   */
  fraction?: boolean;
  /** A quotient of two amounts ("total debt / total assets"): under one it is a share, so its percent follows (0.49 (49.2%)). */
  share?: boolean;
}

/** A computed value in its unit, as asked. */
export function formatValue(value: number, unit: MetricUnit, style: ValueStyle): string {
  const { format } = style;
  switch (unit) {
    case "percent":
      if (style.fraction) return `${groupDigits(value, format.decimals ?? 2)} (${groupDigits(value * 100, 1)}%)`;
      return `${groupDigits(value * 100, format.decimals ?? 1)}%`;
    case "ratio": {
      // a ratio under 0.1 keeps three significant digits ("0.0466", not "0.05") unless decimals are asked
      const ratio = groupDigits(value, format.decimals ?? (Math.abs(value) > 0 && Math.abs(value) < 0.1 ? Math.min(6, 2 - Math.floor(Math.log10(Math.abs(value)))) : 2));
      return style.share && Math.abs(value) < 1 ? `${ratio} (${groupDigits(value * 100, 1)}%)` : ratio;
    }
    case "days":
      return `${groupDigits(value, format.decimals ?? 2)} days`;
    case "per_share":
      return [format.currency ?? style.currency, groupDigits(value, format.decimals ?? 2)].filter(Boolean).join(" ");
    case "count":
      return groupDigits(value / (format.scale ?? 1), format.decimals ?? 0) + (format.scale ? ` ${SCALE_WORD[format.scale]}` : "");
    case "amount":
      return formatAmount(value, format.scale ?? style.filingScale, format.currency ?? style.currency, format.decimals);
  }
}

/** An input as the filing printed it: its own scale, negatives in brackets. */
export function formatPrinted(value: number, scale: number, currency: string | undefined, perShare: boolean): string {
  const printed = perShare ? value : value / scale;
  const digits = groupDigits(Math.abs(printed), Math.abs(printed - Math.round(printed)) < 1e-9 ? 0 : 2);
  const shown = printed < 0 ? `(${digits})` : digits;
  return [currency, shown, perShare ? "" : SCALE_WORD[scale]].filter(Boolean).join(" ");
}
