/**
 * Sentences about findings shared by the answer writers: a figure with its period and source,
 * corrections, conflicts, forecast-vs-actual notes, and the P2 "nothing found" answer with a next step.
 */
import type { KbConflict, KbFinding, KbForecastVsActual, KbResult } from "@/lib/agent/knowledge/query";
import { classifyQuestion } from "@/lib/answers/narrative/answer-type";

export const cap = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

export function lowerFirst(s: string): string {
  return /^[A-Z][a-z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s;
}

export function metricName(f: { metric: string; metricKey: string }, fallback?: string): string {
  const known: Record<string, string> = { revenue: "revenue", ebitda: "EBITDA", gross_margin: "gross margin", net_income: "net income", operating_income: "operating profit", operating_cash_flow: "operating cash flow", capital_expenditure: "capital expenditure", employees: "headcount", cash: "cash", total_debt: "interest-bearing debt", arr: "ARR" };
  return known[f.metricKey] ?? fallback ?? f.metric.toLowerCase();
}

function periodPhrase(p: string | null | undefined): string {
  if (!p) return "";
  return /^\d{1,2} \w+ \d{4}$|^\w+ \d{4}$/.test(p) && !/^(?:FY|Q|H|9M)/.test(p) ? `at ${p}` : p;
}

/** "Q2 2025 revenue was EUR 4.2 million (source: …)." */
export function factSentence(f: KbFinding, assumption?: string): string {
  const name = metricName(f);
  const when = periodPhrase(f.period);
  if (assumption) return `${assumption}, ${name} was ${f.value} ${f.source.citation}.`;
  if (f.isForecast) return `The ${when ? `${when} ` : ""}${name} forecast is ${f.value} ${f.source.citation} — a forecast, not an actual.`;
  // A spending line printed negative is an outflow, not a negative amount: "USD 1.03 billion of capital expenditure (an outflow)".
  if (/^[-−]/.test(f.value.trim()) && OUTFLOW.test(name)) return `${when ? `${cap(when)}: ` : ""}${f.value.trim().replace(/^[-−]\s*/, "")} of ${name} (an outflow) ${f.source.citation}.`;
  const subject = when ? (when.startsWith("at ") ? `${cap(name)} ${when}` : `${when} ${name}`) : cap(name);
  return `${subject} was ${f.value} ${f.source.citation}.`;
}

/** Line items that are money spent (cash flow outflows), whose sign says direction, not size. */
const OUTFLOW = /\b(?:capital expenditures?|capex|purchases? of|payments? (?:for|of|to)|acquisitions? of|dividends? paid|repurchases? of|investments? in)\b/i;

export function correctionNote(f: KbFinding, result: KbResult): string | undefined {
  if (f.corrects) return `Note: this corrects the ${f.corrects.value} stated in ${f.corrects.document} ${f.corrects.citation}; ${f.source.document} supersedes it.`;
  const c = result.corrections.find((x) => x.current.findingId === f.id);
  if (c) return `Note: this was restated from ${c.previous.value} ${c.previous.citation}; ${c.current.document} supersedes ${c.previous.document}.`;
  if (f.correctedBy) return `Note: this was later corrected to ${f.correctedBy.value} in ${f.correctedBy.document} ${f.correctedBy.citation}.`;
  return undefined;
}

export function conflictNote(c: KbConflict): string {
  const [a, b, ...rest] = c.sides;
  const more = rest.length ? `, and ${rest.map((s) => `${s.value} in ${s.documentKind} ${s.citation}`).join(", ")}` : "";
  return `The sources disagree for ${c.period}: ${a!.documentKind} states ${a!.value} ${a!.citation}, while ${b!.documentKind} states ${b!.value} ${b!.citation}${more}. No correction links them, so this is an open discrepancy — worth raising with the target.`;
}

export function fvaNote(x: KbForecastVsActual): string {
  return `Note: ${x.forecast.documentKind}${x.forecast.documentDate ? ` of ${x.forecast.documentDate}` : ""} forecast ${x.forecast.value} ${x.forecast.citation}; this was a forecast made before the actuals — the actual is ${x.actual.value}.`;
}

/** What a question is about, in words ("the customer churn rate by year"). */
function subjectOf(question: string): string {
  return question
    .replace(/[?.!]+\s*$/, "")
    // "is there any litigation?" is about litigation, not "there any litigation"
    .replace(/^\s*(?:(?:is|are|was|were) there|(?:do|does|did) (?:we|you|they) have)\s+(?:any\s+|an?\s+)?/i, "")
    .replace(/^\s*(?:please\s+)?(?:what(?:'s| is| was| were| are)?|how (?:much|many|did|does|do|is|was)|who(?:'s| is| was)?|which|when|where|tell me(?: about)?|give me|show me|compare|summari[sz]e|describe)\s+/i, "")
    .replace(/^(?:did|does|do|is|was|were|are|can|could)\s+/i, "")
    .trim();
}

/** Question kinds an abstention quotes whole rather than as "information on …". */
const QUOTED_WHOLE = new Set(["yes_no", "count", "date", "person", "organisation", "amount"]);

/** What a narrative search read, in words: "BOEING_2022_10K.pdf (Legal Proceedings) for "litigation"". */
export interface SearchedScope {
  documents: string[];
  sections: string[];
  terms: string[];
}

function searchedWords(s: SearchedScope): string {
  const docs = s.documents.length > 3 ? `${s.documents.slice(0, 3).join(", ")} and ${s.documents.length - 3} more` : s.documents.join(", ");
  const sections = s.sections.length ? ` (${s.sections.join(", ")})` : "";
  const terms = s.terms.length ? ` for ${s.terms.slice(0, 6).map((t) => `"${t}"`).join(", ")}` : "";
  return `I searched ${docs}${sections}${terms}; no sentence there answers it (a heading or a table row that only repeats the words is not an answer)`;
}

/** P2: never just "I don't know" — say what was searched, why nothing answers, and offer the next step. */
export function noData(question: string, notes: string[] = [], subject?: string, searched?: SearchedScope): string {
  const why = notes.find((n) => /^No finding covers/.test(n));
  const about = subject ?? subjectOf(question);
  const what = about && about.split(/\s+/).length <= 12 && !/^(?:this|it|that)$/i.test(about) ? `information on ${/^[A-Z][a-z]/.test(about) && !/^[A-Z][a-z]+ [A-Z]/.test(about) ? about[0]!.toLowerCase() + about.slice(1) : about}` : "an answer to this";
  if (why) return `I couldn't find ${what} in the uploaded documents: ${why.charAt(0).toLowerCase()}${why.slice(1)} Would you like me to add this question to the Q&A list for the target company?`;
  // a yes/no, count or date question reads best quoted whole ("an answer to 'Is the business seasonal?'")
  const asked = searched && QUOTED_WHOLE.has(classifyQuestion(question).kind) ? `an answer to "${question.trim().replace(/"/g, "'")}"` : what;
  if (searched?.documents.length) return `I couldn't find ${asked} in the uploaded documents — none of the extracted findings or document pages cover it. ${searchedWords(searched)}. Would you like me to add this question to the Q&A list for the target company?`;
  return `I couldn't find ${what} in the uploaded documents — none of the extracted findings or document pages cover it, so it is not something the data room answers yet. Would you like me to add this question to the Q&A list for the target company?`;
}
