/**
 * Judgement questions decided by computed figures, read as one of a few tests: a trend ("improving
 * operating margin", "did X grow", "any drop in cash"), a sign ("positive working capital"), a
 * stability test ("consistent, not fluctuating more than 2%"), a comparison of two periods ("how
 * does X in FY2022 compare to FY2021") or the largest/smallest of named line items ("which of
 * operating, investing and financing cash flow brought in the most").
 */
import { item } from "./expr";
import type { TermMatch } from "./terms";
import type { Judgement, MetricFormula } from "./types";

const IMPROVE = /\b(?:improv\w*|better|strengthen\w*)\b/;
const WORSEN = /\b(?:deteriorat\w*|worsen\w*|weaken\w*)\b/;
const UP = /\b(?:grow|grew|grown|growing|growth|increas\w*|rise|rose|risen|rising|higher|expand\w*|gain\w*)\b/;
const DOWN = /\b(?:drop\w*|declin\w*|decreas\w*|fall|fell|fallen|falling|reduc\w*|lower|shrink|shrank|shrunk|contract(?:ed|ing)?)\b/;
const ANY_CHANGE = /\b(?:any|a) (?:change|movement|difference)\b|\bchanged?\b/;
const STABLE = /\b(?:consistent\w*|stable|steady|flat)\b/;
const UNSTABLE = /\b(?:fluctuat\w*|volatil\w*|vary|varied|varies|swing\w*)\b/;
const MOST = /\b(?:most|highest|largest|biggest|greatest|maximum)\b/;
const LEAST = /\b(?:least|lowest|smallest|fewest|minimum)\b/;

const CASH_FLOW_SECTIONS: Array<[RegExp, MetricFormula]> = [
  [/\boperat(?:ing|ions?)\b/, { id: "operating_cash_flow", name: "Cash from operations", unit: "amount", formula: item("operating_cash_flow"), better: "higher" }],
  [/\binvesting\b/, { id: "investing_cash_flow", name: "Cash from investing", unit: "amount", formula: item("investing_cash_flow"), better: "higher" }],
  [/\bfinancing\b/, { id: "financing_cash_flow", name: "Cash from financing", unit: "amount", formula: item("financing_cash_flow"), better: "higher" }],
];

/** The candidates of a "which of A, B, C … most/least" question: named metrics, or the cash-flow sections. */
function candidates(text: string, terms: TermMatch[]): MetricFormula[] {
  if (/\bcash\b/.test(text)) {
    const sections = CASH_FLOW_SECTIONS.filter(([re]) => re.test(text)).map(([, m]) => m);
    if (sections.length >= 2) return sections;
  }
  const seen = new Map<string, MetricFormula>();
  for (const t of terms) seen.set(t.metric.id, t.metric);
  return [...seen.values()];
}

function firstIndex(text: string, re: RegExp): number {
  const m = re.exec(text);
  return m ? m.index : Infinity;
}

/** The stability threshold the question states ("more than roughly 2%") as a fraction; none is assumed. */
function threshold(text: string): number | undefined {
  const m = text.match(/(\d+(?:\.\d+)?)\s*(?:%|percent(?:age)? points?|pp\b|percent)/);
  return m ? Number(m[1]) / 100 : undefined;
}

/**
 * The test a judgement question asks for, from its normalised text; `polar` when it is a yes/no
 * question. Undefined when the question is not a judgement this engine can decide.
 */
export function readJudgement(text: string, polar: boolean, terms: TermMatch[]): { judgement: Judgement; note?: string } | undefined {
  const most = firstIndex(text, MOST);
  const least = firstIndex(text, LEAST);
  if (/\b(?:which|what)\b/.test(text) && (most < Infinity || least < Infinity)) {
    const list = candidates(text, terms);
    if (list.length >= 2) return { judgement: { kind: "extreme", most: most <= least, candidates: list } };
    return undefined;
  }
  if (!polar) {
    if (/\bcompare[sd]?\b|\bcomparison\b|\bversus\b|\bvs\b|\brelative to\b/.test(text)) return { judgement: { kind: "compare" } };
    return undefined;
  }
  if (/\bpositive\b/.test(text)) return { judgement: { kind: "sign", positive: true } };
  if (/\bnegative\b/.test(text)) return { judgement: { kind: "sign", positive: false } };
  if (STABLE.test(text) || UNSTABLE.test(text)) {
    const askedStable = STABLE.test(text) || /\bnot (?:\w+ )?(?:fluctuat|volatil|vary)/.test(text);
    return { judgement: { kind: "stable", threshold: threshold(text), askedStable } };
  }
  if (IMPROVE.test(text)) return { judgement: { kind: "trend", direction: "improve" } };
  if (WORSEN.test(text)) return { judgement: { kind: "trend", direction: "worsen" } };
  const up = firstIndex(text, UP);
  const down = firstIndex(text, DOWN);
  if (up < Infinity || down < Infinity) return { judgement: { kind: "trend", direction: up < down ? "up" : "down" } };
  if (ANY_CHANGE.test(text)) return { judgement: { kind: "trend", direction: "any" } };
  return undefined;
}
