/**
 * parseMetricQuestion: a financial question in analyst English → what to compute: the metric
 * (pick.ts), the periods and aggregate (span.ts), the answer format (ask-format.ts) and, for
 * yes/no and which-one questions, the judgement (judgement.ts). Null for a question no computed
 * figure answers (question.ts, guards.ts).
 */
import { readAnswerFormat } from "./ask-format";
import { item } from "./expr";
import { rejected, thanDirection } from "./guards";
import { readJudgement } from "./judgement";
import { periodMentions } from "./periods";
import { asAmountIfAsked, asPercentIfAsked, metricOf, outsideTerms } from "./pick";
import { asksNonGaap, cleanQuestion, isNarrative, isPolarAt, isQualified } from "./question";
import { aggregateOf, periodsOf, stablePeriods, yearCount } from "./span";
import { findTerms, normalise } from "./terms";
import type { Judgement, MetricFormula, MetricRequest } from "./types";

const NET_INCOME: MetricFormula = { id: "net_income", name: "Net income", unit: "amount", formula: item("net_income"), better: "higher" };

/** "Was the company profitable in FY2022?": a sign test on net income. */
const PROFITABLE = /\bprofitable\b/;

export function parseMetricQuestion(question: string): MetricRequest | null {
  const text = normalise(question);
  const clean = cleanQuestion(text);
  const { ask, definition } = clean;
  // a formula the question states asks its figure, whatever words the rest shares with narrative questions ("pay its suppliers")
  if (!definition && isNarrative(ask)) return null;
  const terms = findTerms(ask);
  const format = readAnswerFormat(text);
  const polar = isPolarAt(ask, terms[0]?.start ?? ask.length);
  const profitable = polar && !terms.length && PROFITABLE.test(ask);
  const judged = profitable ? { judgement: { kind: "sign", positive: true } as Judgement } : readJudgement(ask, polar, terms);
  if (polar && !judged) return null;
  const judgement = thanDirection(ask, judged?.judgement);
  const picked = profitable ? NET_INCOME : judgement?.kind === "extreme" ? judgement.candidates[0] : metricOf(ask, terms, clean, format);
  const metric = picked && asPercentIfAsked(asAmountIfAsked(picked, format), format);
  if (!metric || rejected(ask, terms, metric, judgement, metric.id === "defined")) return null;
  const aggregate = judgement ? "value" : aggregateOf(outsideTerms(ask, terms), metric, format, periodMentions(ask).length);
  const needsTwo = judgement?.kind === "trend" || judgement?.kind === "compare";
  const periods = judgement?.kind === "stable" ? stablePeriods(ask) : periodsOf(ask, aggregate, definition?.text, needsTwo);
  const span = !periods.length && (aggregate === "average" || aggregate === "cagr") ? yearCount(ask) : 0;
  return {
    question,
    metric,
    periods,
    aggregate,
    format,
    ...(span > 1 ? { span } : {}),
    ...(judgement ? { judgement } : {}),
    ...(definition && metric.id === "defined" ? { definition: definition.text } : {}),
    ...(judged?.note ? { notes: [judged.note] } : {}),
  };
}

/**
 * The question names a statement figure but qualifies it as a part of it ("revenue from its cloud
 * business", "adjusted EBITDA", "deferred revenue"): no statement line, nor any figure filed under
 * the line's name, answers it.
 */
export function asksForQualifiedFigure(question: string): boolean {
  const { ask } = cleanQuestion(normalise(question));
  return asksNonGaap(ask) || findTerms(ask).some((t) => isQualified(ask, t));
}
