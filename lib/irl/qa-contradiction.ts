/**
 * The Q&A question for an unresolved contradiction: both figures in one unit with the unit named
 * ("EUR 12.9 million … and EUR 12.4 million …", not "12.9 … and 12,400"), each with its source.
 */
import { inSameUnit, type UnitValue } from "@/lib/graph/detect/values";
import type { Contradiction, FindingRef } from "@/lib/graph/types";

export interface ContradictionSide extends UnitValue {
  valueText: string;
  document: string;
  page: number;
  /** Spreadsheet cell ("'P&L'!B6"), named instead of the page when known. */
  cell?: string | null;
}

export function contradictionQuestion(metric: string, period: string | null, a: ContradictionSide, b: ContradictionSide): string {
  const [va, vb] = inSameUnit([a, b]);
  const where = (s: ContradictionSide) => `${s.document} (${s.cell ?? `p.${s.page}`})`;
  const q = `${metric}${period ? ` for ${period}` : ""} is stated as ${va} in ${where(a)} and as ${vb} in ${where(b)}. Which figure is correct, and what explains the difference?`;
  return q.charAt(0).toUpperCase() + q.slice(1);
}

function sideOfRef(f: FindingRef): ContradictionSide {
  return { valueText: f.valueText, valueNum: f.valueNum, unit: f.unit, currency: f.currency, document: f.filename, page: f.page, cell: f.cell };
}

/** The question for one of the deal's open contradictions (lib/graph/open-contradictions.ts). */
export function questionForContradiction(c: Contradiction): string {
  return contradictionQuestion(c.a.metric, c.period, sideOfRef(c.a), sideOfRef(c.b));
}
