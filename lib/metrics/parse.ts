/**
 * parseMetricQuestion: a financial question in analyst English → what to compute. The metric is
 * the first metric or line-item name of the ask ("X as a % of Y" → X / Y), its formula the
 * catalog's unless the question defines it; the periods, the aggregate (one value, an N-year
 * average, growth, CAGR, a change), the answer format and, for yes/no and which-one questions,
 * the judgement. Null for a question no computed figure answers.
 */
import { readAnswerFormat } from "./ask-format";
import { parseDefinition } from "./definition";
import { div, item } from "./expr";
import { readJudgement } from "./judgement";
import { periodMentions, periodRange, shiftYears, sortLabels, yearsBetween } from "./periods";
import { asksNonGaap, cleanQuestion, isNarrative, isPolarAt, isQualified } from "./question";
import { findTerms, normalise, type TermMatch } from "./terms";
import type { Aggregate, AnswerFormat, Expr, Judgement, MetricFormula, MetricRequest, MetricUnit } from "./types";

const NET_INCOME: MetricFormula = { id: "net_income", name: "Net income", unit: "amount", formula: item("net_income"), better: "higher" };
const SHARE_OF = /^\s*(?:as (?:a )?(?:%|percent(?:age)?|share|proportion|fraction) of|to|divided by|over|relative to)\s*(?:total\s+)?$/;
const PART_OF = /\b(?:what|which|the)\s+(?:percentage|percent|share|proportion|portion|fraction|%)\s+of\s+(?:total\s+|the\s+)?$/;
const COUNT_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

/** The metric asked: "X as a % of Y" / "X to Y" makes X / Y; otherwise the first name in the ask. */
function pickMetric(ask: string, terms: TermMatch[]): MetricFormula | undefined {
  for (let i = 0; i + 1 < terms.length; i++) {
    const [a, b] = [terms[i]!, terms[i + 1]!];
    if (SHARE_OF.test(ask.slice(a.end, b.start)) && a.metric.unit === "amount" && b.metric.unit === "amount") {
      const percent = /%|percent|share|proportion|fraction/.test(ask.slice(a.end, b.start));
      return { id: `${a.metric.id}_to_${b.metric.id}`, name: `${a.metric.name} as % of ${b.metric.name.toLowerCase()}`, unit: percent ? "percent" : "ratio", formula: div(a.metric.formula, b.metric.formula), better: a.metric.better };
    }
  }
  // "what percentage of revenue was spent on R&D": the later name over the one after "percentage of"
  for (let i = 0; i + 1 < terms.length; i++) {
    const [whole, part] = [terms[i]!, terms[i + 1]!];
    if (PART_OF.test(ask.slice(Math.max(0, whole.start - 30), whole.start)) && whole.metric.unit === "amount" && part.metric.unit === "amount") {
      return { id: `${part.metric.id}_to_${whole.metric.id}`, name: `${part.metric.name} as % of ${whole.metric.name.toLowerCase()}`, unit: "percent", formula: div(part.metric.formula, whole.metric.formula), better: part.metric.better };
    }
  }
  // "how much cash did it spend on buybacks": cash is the medium, the later name the figure
  const first = terms[0];
  if (first?.text === "cash" && terms[1] && /\bhow much\s+$/.test(ask.slice(0, first.start))) return terms[1].metric;
  return first?.metric;
}

/** The ask with metric names blanked, so words inside a name ("net change in cash") are not read as asking for a change. */
function outsideTerms(ask: string, terms: TermMatch[]): string {
  let out = ask;
  for (const t of [...terms].reverse()) out = `${out.slice(0, t.start)}${"_".repeat(t.end - t.start)}${out.slice(t.end)}`;
  return out;
}

/** A defined metric's unit when the catalog does not know its name. */
function inferUnit(name: string, formula: Expr, format: AnswerFormat): MetricUnit {
  if (format.percent || /%|margin|rate|percent|return on/.test(name)) return "percent";
  if (/\bdays?\b/.test(name) || JSON.stringify(formula).includes('"value":365')) return "days";
  return formula.kind === "op" && formula.op === "/" ? "ratio" : "amount";
}

function metricOf(ask: string, terms: TermMatch[], definition: { name: string; text: string } | undefined, format: AnswerFormat): MetricFormula | undefined {
  const named = pickMetric(ask, terms);
  if (!definition) return named;
  const formula = parseDefinition(definition.text);
  if (!formula) return named;
  const defTerm = findTerms(definition.name)[0]?.metric ?? named;
  const name = defTerm?.name ?? (definition.name.replace(/^(?:the|a|an)\s+/, "") || "Defined metric");
  const unit = defTerm && defTerm.unit !== "amount" ? defTerm.unit : inferUnit(definition.name, formula, format);
  return { id: "defined", name, unit, formula, better: defTerm?.better ?? "higher" };
}

function aggregateOf(ask: string, metric: MetricFormula, format: AnswerFormat, periodCount: number): Aggregate {
  if (/\bcagr\b|\bcompound(?:ed)? annual growth\b/.test(ask)) return "cagr";
  if (/\b(?:average|mean)\b(?! (?:total |shareholders'? |stockholders'? )?(?:assets|equity|inventor|receivable|payable|balance))/.test(ask) && (periodCount > 1 || /\b(?:\d+|two|three|four|five) years?\b/.test(ask))) return "average";
  const changeWord = /\b(?:change[sd]?|difference|increase[sd]?|decrease[sd]?|delta|move(?:ment|d)?)\b/.test(ask);
  const growthWord = /\b(?:growth|grow|grew|(?:year over year|yoy|annual|percent(?:age)?|%) (?:change|increase|decrease|growth))\b/.test(ask);
  if (growthWord || (changeWord && format.percent && metric.unit !== "percent")) return "growth";
  if (changeWord && periodCount >= 1) return "change";
  if (periodCount >= 2 && /\b(?:trend|trends|over time|each year|every year|by year|per year|year by year|history|historical(?:ly)?|evolution|evolve[sd]?)\b/.test(ask)) return "series";
  return "value";
}

/** "3 year average", "last three years", "five-year CAGR": the number of years; 0 when none is said. */
function yearCount(ask: string): number {
  const n = ask.match(/\b(\d+|two|three|four|five|six|seven|eight|nine|ten) (?:fiscal )?years?\b/);
  return n ? (COUNT_WORDS[n[1]!] ?? Number(n[1])) : 0;
}

/** The periods a request covers, chronological. */
function periodsOf(ask: string, aggregate: Aggregate, definitionText: string | undefined, needsTwo: boolean): string[] {
  let mentions = periodMentions(ask);
  if (!mentions.length && definitionText) mentions = periodMentions(definitionText).slice(-1);
  const range = periodRange(ask, mentions);
  const labels = sortLabels(mentions.map((m) => m.label));
  if (aggregate === "average" || aggregate === "series") {
    if (range) return yearsBetween(range[0], range[1]);
    const count = yearCount(ask);
    const last = labels[labels.length - 1];
    if (last && count > 1) return yearsBetween(shiftYears(last, -(count - 1)), last);
    return labels;
  }
  if (aggregate === "cagr") {
    // an N-year CAGR runs over N years of growth: from N years before the last year; only the ends are read
    const count = yearCount(ask);
    const last = labels[labels.length - 1];
    if (!range && last && count > 0) return [shiftYears(last, -count), last];
    return labels.length > 2 ? [labels[0]!, last!] : labels;
  }
  if ((aggregate === "growth" || aggregate === "change" || needsTwo) && labels.length === 1) return [shiftYears(labels[0]!, -1), labels[0]!];
  if (labels.length > 2 && !needsTwo) return labels.slice(-2);
  return labels;
}

/** A stability test runs over the years named (a range is every year in it), else over the years the filings hold. */
function stablePeriods(ask: string): string[] {
  const mentions = periodMentions(ask);
  const range = periodRange(ask, mentions);
  return range ? yearsBetween(range[0], range[1]) : sortLabels(mentions.map((m) => m.label));
}

/**
 * "Was X higher in FY2022 than in FY2021?": the trend runs chronologically, so a question whose
 * subject period is the earlier one ("higher in FY2021 than in FY2022") asks the opposite direction.
 */
function thanDirection(ask: string, judgement: Judgement | undefined): Judgement | undefined {
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
function rejected(ask: string, terms: TermMatch[], metric: MetricFormula, judgement: Judgement | undefined, defined: boolean): boolean {
  if (!defined && asksNonGaap(ask)) return true;
  const named = terms.find((t) => t.metric.id === metric.id) ?? terms[0];
  if (named && isQualified(ask, named)) return true;
  // "grew faster than costs", "higher than USD 1 billion": a comparison this engine does not read
  if ((judgement?.kind === "trend" || judgement?.kind === "sign") && thanOtherThanPeriod(ask)) return true;
  // "what was the highest …" over one metric: which period, not a figure
  return judgement?.kind !== "extreme" && /\b(?:which|what)\b[^.?]*\b(?:most|highest|largest|biggest|lowest|least|smallest)\b/.test(ask);
}

/** "Was the company profitable in FY2022?": a sign test on net income. */
const PROFITABLE = /\bprofitable\b/;

export function parseMetricQuestion(question: string): MetricRequest | null {
  const text = normalise(question);
  const { ask, definition } = cleanQuestion(text);
  if (isNarrative(ask)) return null;
  const terms = findTerms(ask);
  const format = readAnswerFormat(text);
  const polar = isPolarAt(ask, terms[0]?.start ?? ask.length);
  const profitable = polar && !terms.length && PROFITABLE.test(ask);
  const judged = profitable ? { judgement: { kind: "sign", positive: true } as Judgement } : readJudgement(ask, polar, terms);
  if (polar && !judged) return null;
  const judgement = thanDirection(ask, judged?.judgement);
  const metric = profitable ? NET_INCOME : judgement?.kind === "extreme" ? judgement.candidates[0] : metricOf(ask, terms, definition, format);
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
