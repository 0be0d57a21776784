/**
 * When two period labels name the same period, and in which order periods fall. One rule for
 * extraction, relation detection and the agent: "FY 2023" = "FY2023" = "2023" = "fiscal year 2023";
 * "Q3 2024" ≠ "Q2 2024"; FY2023 ≠ Q4 2023 ≠ 31 December 2023 (a year, a quarter and a day all end
 * on 2023-12-31 but are different periods); a June fiscal year ≠ a December one.
 */
import { parsePeriod } from "./parse";
import { periodKey } from "./period";

export interface CanonicalPeriod {
  /** Comparable key: FY2023 | FY2024-06 | Q3 2024 | H1 2024 | 9M 2024 | 2024-09-30 | free text lower-cased. */
  key: string;
  /**
   * True when the key was widened from a month ("September 2024" → month end 2024-09-30):
   * good enough to count agreement, never enough to call a conflict.
   */
  approximate: boolean;
}

function freeText(label: string): string {
  return label.trim().replace(/\s+/g, " ").toLowerCase();
}

/** Canonical form of a finding's period text; null when the finding names no period. */
export function canonicalPeriod(label: string | null | undefined): CanonicalPeriod | null {
  if (label == null || !label.trim()) return null;
  const p = parsePeriod(label);
  if (!p) return { key: freeText(label), approximate: false };
  return { key: periodKey(p), approximate: p.approximate ?? false };
}

/**
 * Same period? By meaning when both labels read as periods (a month and a day of it count as the
 * same, see `approximate`); otherwise by the words, ignoring case and spacing. A missing label
 * matches nothing.
 */
export function samePeriod(a: string | null | undefined, b: string | null | undefined): boolean {
  const pa = canonicalPeriod(a);
  const pb = canonicalPeriod(b);
  return Boolean(pa && pb && pa.key === pb.key);
}

/** Same period, and stated precisely enough on both sides to call a disagreement a conflict. */
export function sameExactPeriod(a: string | null | undefined, b: string | null | undefined): boolean {
  const pa = canonicalPeriod(a);
  const pb = canonicalPeriod(b);
  return Boolean(pa && pb && pa.key === pb.key && !pa.approximate && !pb.approximate);
}

/** Orders labels by the last day of their period; unreadable labels first. */
export function comparePeriods(a: string | null | undefined, b: string | null | undefined): number {
  const ea = parsePeriod(a)?.end ?? "";
  const eb = parsePeriod(b)?.end ?? "";
  return ea < eb ? -1 : ea > eb ? 1 : 0;
}
