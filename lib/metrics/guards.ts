/**
 * Readings that must not be answered with a figure, and "than" comparisons between periods.
 */
import { periodMentions, sortLabels } from "./periods";
import { asksNonGaap, isQualified } from "./question";
import type { TermMatch } from "./terms";
import type { Judgement, MetricFormula } from "./types";

/**
 * "Was X higher in FY2022 than in FY2021?": the trend runs chronologically, so a question whose
 * subject period is the earlier one ("higher in FY2021 than in FY2022") asks the opposite direction.
 */
export function thanDirection(ask: string, judgement: Judgement | undefined): Judgement | undefined {
  if (judgement?.kind !== "trend" || (judgement.direction !== "up" && judgement.direction !== "down")) return judgement;
  const mentions = periodMentions(ask);
  const than = mentions.find((m) => /\bthan\s+(?:(?:in|for|at|during|of)\s+)?(?:the\s+)?$/.test(ask.slice(Math.max(0, m.start - 25), m.start)));
  const subject = mentions.find((m) => m !== than);
  if (!than || !subject || sortLabels([subject.label, than.label])[0] !== subject.label || subject.label === than.label) return judgement;
  return { kind: "trend", direction: judgement.direction === "up" ? "down" : "up" };
}

/** A comparison against the period after "than" is a trend; against anything else (a figure, another line) it is not read. */
function thanOtherThanPeriod(ask: string): boolean {
  const m = /\bthan\b/.exec(ask);
  if (!m) return false;
  const next = ask.slice(m.index + 4, m.index + 40);
  return !periodMentions(next).some((p) => /^\s+(?:(?:in|for|at|during|of)\s+)?(?:the\s+)?$/.test(next.slice(0, p.start))) && !/^\s+(?:in\s+)?(?:the\s+)?(?:prior|previous|last|preceding) (?:fiscal )?year\b/.test(next);
}

/** Why a reading must not be answered with a figure: the figure asked is another one than the statements give. */
export function rejected(ask: string, terms: TermMatch[], metric: MetricFormula, judgement: Judgement | undefined, defined: boolean): boolean {
  if (!defined && asksNonGaap(ask)) return true;
  const named = terms.find((t) => t.metric.id === metric.id) ?? terms[0];
  if (named && isQualified(ask, named)) return true;
  // "grew faster than costs", "higher than USD 1 billion": a comparison this engine does not read
  if ((judgement?.kind === "trend" || judgement?.kind === "sign") && thanOtherThanPeriod(ask)) return true;
  // "what was the highest …" over one metric: which period, not a figure
  return judgement?.kind !== "extreme" && /\b(?:which|what)\b[^.?]*\b(?:most|highest|largest|biggest|lowest|least|smallest)\b/.test(ask);
}
