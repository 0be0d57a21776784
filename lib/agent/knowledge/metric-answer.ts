/**
 * compute_metric's work: scope the question to one company's documents, read that company's
 * statement lines, let the metric engine (lib/metrics) compute what is asked, and register every
 * input as a source so the answer's citations open the statement page at the row.
 */
import type { Queryable } from "@/lib/db";
import { isoDate, monthNumber, monthWords } from "@/lib/periods";
import { computeMetric, formatMetricAnswer, parseMetricQuestion, statedResults, type MetricUnit } from "@/lib/metrics";
import type { SourceRegistry } from "../sources";
import { documentScope } from "./document-scope";
import { statementLineItems } from "./line-items";
import { plainKey } from "@/lib/text-keys";

export interface MetricAnswerDeps {
  db: Queryable;
  dealId: string;
  sources: SourceRegistry;
  targetCompany?: string | null;
}

export interface MetricInputRow {
  label: string;
  period: string;
  value: number;
  citation: string;
}

export interface MetricAnswer {
  /**
   * answered: the result is computed; incomplete: inputs are missing (named in `missing`);
   * no_statements: no statement of the company is in the deal (the knowledge base should answer);
   * not_a_metric: the question asks for no figure the engine knows;
   * ask_company: the deal holds several companies' statements and the question names none.
   */
  status: "answered" | "incomplete" | "no_statements" | "not_a_metric" | "ask_company";
  /** The analyst-facing answer (markdown, with citations). */
  answer: string;
  /** The company the figures are for, when the deal holds several. */
  company?: string;
  /** The question asks for one figure as such (no growth, average, judgement or definition): a reported figure may answer it. */
  figure?: boolean;
  formula?: string;
  /** What the engine computed, as fields (the markdown `answer` is for display): absent when nothing was computed. */
  result?: MetricAnswerResult;
  inputs: MetricInputRow[];
  missing: string[];
  notes: string[];
  /** The question asks a figure of a part the possessive names ("Widget Cloud's revenue"), not of the company: passages answer it. */
  partOf?: string;
}

export interface MetricAnswerResult {
  /** The metric as the engine names it ("EBITDA margin", "Cash from operations"). */
  name: string;
  unit: MetricUnit;
  /** In units (amounts in currency units, percents as a fraction); undefined when an input is missing. */
  value?: number;
  /** The result figure(s) as the answer states them ("26.0%"; one per period for a series); none for a judgement or an incomplete result. */
  stated: string[];
}

/** Whether the engine reads the question as a statement figure or a metric (cheap, no database). */
export function isMetricQuestion(question: string): boolean {
  return parseMetricQuestion(question) !== null;
}

export async function answerMetricQuestion(deps: MetricAnswerDeps, input: { question: string; document?: string }): Promise<MetricAnswer> {
  const notes: string[] = [];
  const request = parseMetricQuestion(input.question);
  if (!request) return { status: "not_a_metric", answer: "", inputs: [], missing: [], notes };
  const scope = await documentScope(deps.db, deps.dealId, { query: input.question, document: input.document, notes });
  // Several companies in the deal and none named: answer for the one that dominates (said), else ask
  if (!scope.companies.length && scope.askWhich?.length) {
    return { status: "ask_company", answer: askWhichCompany(scope.askWhich), inputs: [], missing: [], notes };
  }
  // "Widget Cloud's revenue" in a deal of its parent's filings: a part of the company (a subsidiary, a brand), not its statements' line
  const subjectOf = scope.answersFor ?? (scope.companies[0] ? { name: scope.companies[0], key: plainKey(scope.companies[0]) } : undefined);
  const part = (!scope.companies.length && scope.answersFor ? possessorOtherThan(input.question, scope.answersFor) : undefined) ?? (subjectOf ? subjectOtherThan(input.question, subjectOf) : undefined);
  if (part) return { status: "no_statements", answer: "", inputs: [], missing: [], notes: [...notes, `${part} is not ${(scope.answersFor ?? subjectOf)!.name}: its statements' lines are not ${part}'s figures.`], partOf: part };
  const documentIds = scope.documentIds ?? scope.answersFor?.documentIds;
  const source = statementLineItems(deps.db, { dealId: deps.dealId, documentIds, question: input.question });
  if (await source.isEmpty()) return { status: "no_statements", answer: "", inputs: [], missing: [], notes };
  const result = await computeMetric(request, source);
  // "as of June 30, 2023" read as FY2023: the statements' year-end balance is another day's figure
  const offDate = dateOtherThanAsked(input.question, result.inputs);
  if (offDate) {
    const answer = `I couldn't compute ${request.metric.name.toLowerCase()} as of ${offDate.asked}: the statements read give ${offDate.period} as of ${offDate.end}, not ${offDate.asked}.`;
    return { status: "incomplete", figure: request.aggregate === "value" && !request.judgement && !request.definition, answer, inputs: [], missing: [`${request.metric.name} as of ${offDate.asked}`], notes };
  }
  for (const i of result.inputs) deps.sources.add({ documentId: i.documentId, document: i.document, page: i.page, excerpt: i.excerpt });
  const company = scope.companies[0] ?? scope.answersFor?.name;
  const forCompany = !scope.companies.length && scope.answersFor?.why === "deal target" ? `For ${scope.answersFor.name} (the deal's target company): ` : "";
  const review = result.inputs.some((i) => (i as { inReview?: boolean }).inReview)
    ? "\n\nNote: some inputs come from a statement whose totals did not reconcile when it was read; it is in the review queue."
    : "";
  return {
    status: result.value !== undefined || result.judgement?.polarity || result.judgement?.choice ? "answered" : "incomplete",
    figure: request.aggregate === "value" && !request.judgement && !request.definition,
    answer: `${forCompany}${formatMetricAnswer(result)}${review}`,
    ...(company ? { company } : {}),
    formula: result.formula,
    result: { name: result.name, unit: result.unit, ...(result.value !== undefined ? { value: result.value } : {}), stated: statedResults(result) },
    inputs: result.inputs.map((i) => ({ label: i.label, period: i.period, value: i.value, citation: `(source: ${i.document}, p.${i.page})` })),
    missing: result.missing.map((m) => `${m.key} ${m.period}`),
    notes,
  };
}

const ASKED_DAY = new RegExp(String.raw`\b(?:as of|as at|at)\s+(${monthWords({ abbreviated: true })})\.?\s+(\d{1,2}),?\s+((?:19|20)\d\d)\b`, "i");

/**
 * A balance asked "as of" a day that the inputs' latest period does not end on (within a week, for
 * 52/53-week years): "as of June 30, 2023" answered with the fiscal year ending December 31, 2023.
 */
export function dateOtherThanAsked(question: string, inputs: Array<{ period: string; periodEnd?: string }>): { asked: string; end: string; period: string } | undefined {
  const m = ASKED_DAY.exec(question);
  const month = m ? monthNumber(m[1]!) : undefined;
  if (!m || !month) return undefined;
  const asked = isoDate(Number(m[3]), month, Number(m[2]));
  const latest = inputs.filter((i) => i.periodEnd).sort((a, b) => b.periodEnd!.localeCompare(a.periodEnd!))[0];
  if (!latest) return undefined;
  const days = Math.abs(Date.parse(latest.periodEnd!) - Date.parse(asked)) / 86_400_000;
  return days > 7 ? { asked, end: latest.periodEnd!, period: latest.period } : undefined;
}

/** Words a possessive names that are no company: periods, months, the company itself said generically. */
const NOT_A_NAME = new RegExp(String.raw`^(?:Here|There|That|This|It|What|Who|Where|When|How|Let|Q[1-4]|H[12]|FY\s?\d*|\d{4}|${monthWords({ title: true })}|The|Company|Group|Management|Board|Today|Year|Quarter|Fiscal|Its|Our|Their)$`);

/** The owner a possessive names ("Widget Cloud's revenue"), when it is not the company the answer is for. */
export function possessorOtherThan(question: string, company: { name: string; key: string }): string | undefined {
  const name = company.name.toLowerCase();
  for (const m of question.matchAll(/\b((?:\p{Lu}[\p{L}\p{N}&.-]*)(?:\s+\p{Lu}[\p{L}\p{N}&.-]*){0,3})['’]s?\b/gu)) {
    const words = m[1]!.split(/\s+/).filter((w) => !NOT_A_NAME.test(w));
    if (!words.length) continue;
    const isCompany = words.some((w) => {
      const k = w.toLowerCase().replace(/[^\p{L}\p{N}&]/gu, "");
      return k.length >= 2 && (name.includes(k) || company.key.includes(k) || k.includes(company.key));
    });
    if (!isCompany) return words.join(" ");
  }
  return undefined;
}

/** A figure's verb whose subject is what earned it: "how much revenue did Widget Pro generate", "did Acme Cloud contribute". */
const EARNED_BY = /\b(?:did|does|do|has|have|will|would)\s+((?:\p{Lu}[\p{L}\p{N}&.-]*)(?:\s+\p{Lu}[\p{L}\p{N}&.-]*){0,3})\s+(?:generate[sd]?|contribute[sd]?|earn(?:ed|s)?|bring|brought|produce[sd]?|deliver(?:ed|s)?|add(?:ed|s)?)\b/gu;

/**
 * The subject that earned the figure asked ("how much revenue did Widget Pro generate"), when it is
 * not the company the answer is for: a product, brand or subsidiary, whose figure the statements'
 * total is not. Every word of the subject must belong to the company's name: "Acme Widget Pro"
 * names a product of Acme, not Acme.
 */
export function subjectOtherThan(question: string, company: { name: string; key: string }): string | undefined {
  const name = company.name.toLowerCase();
  for (const m of question.matchAll(EARNED_BY)) {
    const words = m[1]!.split(/\s+/).filter((w) => !NOT_A_NAME.test(w));
    if (!words.length) continue;
    const isCompany = words.every((w) => {
      const k = w.toLowerCase().replace(/[^\p{L}\p{N}&]/gu, "");
      return k.length < 2 || /^(?:inc|corp|corporation|co|ltd|plc|ab|group|holdings?|company)$/.test(k) || name.includes(k) || company.key.includes(k) || (k.length >= 4 && k.includes(company.key));
    });
    if (!isCompany) return words.join(" ");
  }
  return undefined;
}

function askWhichCompany(companies: string[]): string {
  const list = companies.length > 2 ? `${companies.slice(0, -1).join(", ")} and ${companies.at(-1)}` : companies.join(" and ");
  return `This deal holds the statements of several companies (${list}). Which company do you mean?`;
}
