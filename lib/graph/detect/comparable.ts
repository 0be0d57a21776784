/**
 * When two findings of one metric key state the same claim, so that a different value is a
 * restatement (SUPERSEDES) or a conflict (CONTRADICTS), and an equal one agreement (SUPPORTS):
 *
 *  - the same scope: the company's total against the total, one named segment, region or
 *    programme against the same one — never a segment against the total, a non-operating line
 *    against an operating one, or a per-share amount against an amount;
 *  - the same period: the same label, the same period type (a quarter is never the year or the
 *    nine months ending the same day; a balance at a date is not the year's flow) and, when both
 *    know it, the same last day.
 *
 * Rows written before findings carried a scope (null) compare only with each other, as before; the
 * period type of such a row is what its label names. Company, definition, unit and document are
 * checked by the planner (plan.ts).
 */
import { canonicalPeriod, periodTypeOf } from "@/lib/periods";
import { plainWords } from "@/lib/text-keys";

export interface ClaimFacts {
  period: string | null;
  /** Last day of the period (ISO), when the extractor knows it. */
  periodEnd?: string | null;
  periodType?: string | null;
  periodMonths?: number | null;
  scope?: string | null;
  scopeName?: string | null;
}

/** The period type a finding states, or what its label names; "" when neither tells. */
export function periodTypeKey(f: ClaimFacts): string {
  if (f.periodType) return f.periodType;
  return periodTypeOf({ period: f.period, months: f.periodMonths })?.type ?? "";
}

/** The part a finding covers as a comparable key: "consolidated", "segment:americas", "" when unknown. */
export function scopeKey(f: ClaimFacts): string {
  if (!f.scope) return "";
  const name = plainWords(f.scopeName ?? "");
  return name ? `${f.scope}:${name}` : f.scope;
}

/** Findings with the same key state the same claim, up to the last day of the period (differentEnds). */
export function claimKey(f: ClaimFacts): string {
  return `${canonicalPeriod(f.period)?.key ?? ""}|${periodTypeKey(f)}|${scopeKey(f)}`;
}

/** Both know the last day of their period, and the days differ (a 52/53-week year is its own day). */
export function differentEnds(a: ClaimFacts, b: ClaimFacts): boolean {
  const ea = a.periodEnd?.slice(0, 10);
  const eb = b.periodEnd?.slice(0, 10);
  return Boolean(ea && eb && ea !== eb);
}

/** The same claim: same period label, period type, last day (when both know it) and scope. */
export function sameClaim(a: ClaimFacts, b: ClaimFacts): boolean {
  return claimKey(a) === claimKey(b) && !differentEnds(a, b);
}
