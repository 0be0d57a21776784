/**
 * query_knowledge_base (seed 002, P1): intent (fact retrieval vs research) → findings by vector
 * (match_findings) fused with keyword matches on metric / metric_key / period → internal scoring
 * similarity × recency × confidence → temporal grouping by period → SUPERSEDES chains (prefer the
 * correction, and say so) → CONTRADICTS only when same period + no SUPERSEDES + different
 * documents (forecast vs actual is not a conflict) → pages (searchPages) when no finding covers
 * the question. Results carry sources and words, never a score.
 *
 * This file runs the steps in order; each step lives in its own file of lib/agent/knowledge.
 */
import { classifyQuestion } from "@/lib/answers/narrative/answer-type";
import { asksForQualifiedFigure } from "@/lib/metrics";
import { getEmbeddingSpace } from "@/lib/models/embeddings";
import { comparePeriods, samePeriod } from "@/lib/periods";
import { DATA_NOTICE } from "../guardrails/injection";
import { askedPeriod } from "./asked-period";
import { toKbFinding } from "./cite";
import { formatDate, monthsBetween } from "./describe";
import { documentScope } from "./document-scope";
import type { FindingFilters, FindingRow } from "./findings";
import { defaultGraphReader } from "./graph";
import { labelFitsQuestion } from "./label-fit";
import { listFindings } from "./listing";
import { detectMetrics, keysOf, type MetricSpec } from "./metrics";
import { possessorOtherThan } from "./metric-answer";
import { pagesForQuestion } from "./pages";
import { asksFigure, partFigures } from "./part-figures";
import { peopleInQuestion } from "./people-answer";
import { pickAnswer } from "./preference";
import { newestRelatedDates } from "./related-documents";
import { relateFindings } from "./relations";
import { retrieveFindings } from "./retrieve";
import { resolveSupersession } from "./supersession";
import { tableLookup } from "./table-lookup";
import type { KbDeps, KbInput, KbIntent, KbPage, KbResult, KbTableValue } from "./types";

export type * from "./types";
export { kbSource, sideOf } from "./cite";
export { pageFallback, sentenceExcerpt } from "./pages";
export { preferOrder } from "./preference";
export { classifyPair, differs, resolveSupersession, type Supersession } from "./supersession";
export { documentsByKindMention } from "./document-scope";

const RESEARCH = /\b(?:trend|over time|evolution|develop(?:ment|ed)|history|historic|walk me|summar|overview|what do we know|tell me about|concerns?|risks?|compare|comparison|versus|vs\.?|breakdown|break down|by quarter|quarterly|each quarter|all\b|growth|explain)\b/i;
const WANTS_FORECAST = /\b(?:forecast|budget|outlook|expect(?:ed|ation)?|guidance|plan(?:ned)?|projection|projected|target)\b/i;

/** The question asks when something happened or where something is: the answer is a date or a place, which passages state. */
export function asksDateOrPlace(question: string): boolean {
  const t = classifyQuestion(question);
  return t.kind === "date" || !!t.place;
}

/** Kinds of answer no table cell states: "what are X's segments" (a list), "who are its customers", "why …", "when …", "where …". */
const NO_TABLE_VALUE = new Set(["list", "organisation", "reason", "date"]);

export function asksNoTableValue(question: string): boolean {
  const t = classifyQuestion(question);
  return NO_TABLE_VALUE.has(t.kind) || !!t.place;
}

/** Capitalised words after a question's first word: the company's, a segment's or a person's name, not what is asked of them. */
function namesIn(question: string): Set<string> {
  return new Set([...question.matchAll(/(?<=\S\s+)(\p{Lu}[\p{L}\p{N}&.-]*)/gu)].map((m) => m[1]!.replace(/['’]s$/, "").toLowerCase()));
}

/**
 * A table row whose label holds a name of the question (the company's, a segment's) answers only
 * when the rest of its label shares a word with the question or the asked metrics' own words: the
 * name alone says whose row it is, not that it is the figure asked. A row naming none of them was
 * found by the metric's synonyms ("Purchases of property" for capex) and stays.
 */
export function rowFitsQuestion(label: string, question: string, metrics: MetricSpec[]): boolean {
  const names = namesIn(question);
  const bare = (w: string) => w.replace(/[^\p{L}\p{N}&.-]/gu, "").replace(/['’]s$/, "").toLowerCase();
  const unnamed = (text: string) => text.split(/\s+/).filter((w) => !names.has(bare(w))).join(" ");
  if (!label.split(/\s+/).some((w) => names.has(bare(w)))) return true;
  const asked = [unnamed(question), ...metrics.flatMap((m) => m.words).map(unnamed)].join(" ");
  return labelFitsQuestion(unnamed(label), asked);
}

export function inferKbIntent(query: string): KbIntent {
  return RESEARCH.test(query) ? "research" : "fact";
}

/** The metrics a question (or the tool's metric argument) asks about, as finding keys and words. */
function askedMetrics(query: string, metric?: string): { metrics: MetricSpec[]; keys: string[]; words: string[] } {
  const metrics: MetricSpec[] = detectMetrics(metric ? `${metric}` : query);
  if (metrics.length === 0 && metric) metrics.push(...detectMetrics(query));
  const keys = [...new Set(metrics.flatMap(keysOf))];
  const words = [...new Set(metrics.flatMap((m) => m.words))];
  if (metric && metrics.length === 0) words.push(metric.toLowerCase());
  return { metrics, keys, words };
}

export async function queryKnowledgeBase(deps: KbDeps, input: KbInput): Promise<KbResult> {
  const { db, dealId, sources } = deps;
  const graph = deps.graph ?? defaultGraphReader;
  const space = deps.space ?? getEmbeddingSpace();
  const query = input.query.trim();
  const intent = input.intent ?? inferKbIntent(query);
  const { metrics, keys, words } = askedMetrics(query, input.metric);
  const wantForecast = WANTS_FORECAST.test(`${query} ${input.metric ?? ""}`);
  const notes: string[] = [];

  // the company is read from the analyst's question too: a rewritten search ("headcount by quarter") may have lost it
  const scopeText = input.question && input.question !== query ? `${query}\n${input.question}` : query;
  const { documentIds, kindDocs, comparing, companies, askWhich } = await documentScope(db, dealId, { query: scopeText, document: input.document, notes });
  const filters: FindingFilters = { documentIds, domains: input.domains?.length ? input.domains : undefined };
  // A named company's periods ("last year" is the last year its documents report), else the deal's
  const { resolved, wanted, docPeriods, endedPhrase } = await askedPeriod(db, dealId, input.period ?? query, keys, companies.length ? documentIds : undefined);
  // a period written out by its end date is the period filter's business, not words for the search by likeness
  const likeness = endedPhrase ? query.replace(endedPhrase, " ").replace(/\s+/g, " ").trim() : query;
  const { scored, retrieved, retrievedIds } = await retrieveFindings({ db, dealId, sources, space }, { query: likeness, keys, words, metricsAsked: metrics.length > 0, filters, wanted, notes });

  // Supersession: the findings that replace retrieved ones join them; replaced ones are marked
  const edges = await graph.findingEdges(db, dealId, scored.map((s) => s.row.id));
  const { sup, extra } = await resolveSupersession(db, dealId, scored.map((s) => s.row), edges, graph);
  for (const r of extra) {
    if (!retrievedIds.has(r.id) && (keys.length === 0 || keys.includes(r.metric_key))) scored.push({ row: r, similarity: 0, keyword: false, score: 0 });
  }
  const isReplaced = (r: FindingRow) => r.superseded || sup.replacedBy.has(r.id);
  const rows = scored.map((s) => ({ ...s.row, superseded: isReplaced(s.row) }));

  // Period filter
  let inPeriod = wanted ? rows.filter((r) => samePeriod(r.period, wanted)) : rows;
  if (wanted && inPeriod.length === 0 && rows.length > 0) {
    const have = [...new Set(rows.map((r) => r.period).filter((p): p is string => !!p))].sort(comparePeriods);
    notes.push(`No finding covers ${wanted}${have.length ? `; the documents cover ${have.slice(-6).join(", ")}` : ""}.`);
    inPeriod = [];
  }

  // Relations between the findings that answer (conflicts, corrections, forecast vs actual)
  const { conflicts, corrections, fva } = relateFindings(inPeriod.length ? inPeriod : wanted ? [] : rows, sup, sources);
  if (comparing && kindDocs?.length) {
    // the document the question names comes first
    const named = new Set(kindDocs);
    const docOf = new Map(rows.map((r) => [r.id, r.document_id]));
    fva.sort((a, b) => Number(named.has(docOf.get(b.forecast.findingId) ?? "")) - Number(named.has(docOf.get(a.forecast.findingId) ?? "")));
  }

  // Fact retrieval: the most current, most authoritative finding (latest period when none was asked for)
  const toKb = (r: FindingRow) => toKbFinding(r, { sources, sup, rows });
  const picked = pickAnswer((wanted ? inPeriod : rows).filter((r) => !r.superseded || !sup.replacedBy.has(r.id)), { metrics, wanted, wantForecast });
  // a finding found by likeness alone (no metric named) answers only when its label is about what is asked
  // a date or a place asked ("on what date did X announce …", "where does X operate …") is never a figure's value
  const asksNoFigure = asksDateOrPlace(input.question ?? query);
  const answerRow = picked && !asksNoFigure && (metrics.length > 0 || labelFitsQuestion(picked.metric, input.question ?? query)) ? picked : undefined;
  // A question that asks for something other than a figure is answered from passages, never from a figure that merely shares its words
  // several companies' documents, none named and none dominating, and the question's owner ("the Utility's employees")
  // is none of them: a figure of whichever company matched is no answer
  const unknownOwner = !companies.length && !!askWhich?.length && !!possessorOtherThan(input.question ?? query, { name: "", key: "\u0000" });
  const answer = answerRow && !input.passages && !unknownOwner ? toKb(answerRow) : undefined;
  if (answerRow && unknownOwner) notes.push(`This deal holds documents of several companies (${askWhich!.slice(0, 4).join(", ")}${askWhich!.length > 4 ? " …" : ""}); name the company to get its figure.`);

  // Findings list: research → per period; fact → the answer and the findings that bear on it
  const limit = Math.min(input.limit ?? (intent === "research" ? 16 : 6), 30);
  const { listed, timeline } = listFindings({ intent, answerRow, conflicts, corrections, rows, inPeriod, wanted, wantForecast });
  // a fact question whose likeliest finding is about something else reads the pages instead
  const unfit = (!!picked && !answerRow && intent === "fact") || asksNoFigure;
  const findings = input.passages || unfit ? [] : listed.slice(0, limit).map((r) => (r.id === answerRow?.id && answer ? answer : toKb(r)));

  // Reliability in words for the answer: its age against the newest related document (same company or same report), never another company's
  const newest = answerRow?.document_date ? newestRelatedDates([...retrieved, ...extra]).get(answerRow.document_id) : undefined;
  if (answerRow?.document_date && newest) {
    const age = monthsBetween(answerRow.document_date, newest);
    if (age >= 2) notes.push(`The figure comes from a document dated ${formatDate(answerRow.document_date)}, ${age} months older than the newest related document.`);
  }
  if (answerRow?.is_forecast) notes.push("This figure is a forecast; no actual was found for the period.");
  if (resolved.note) notes.push(`Period read as ${resolved.note}.`);

  // Fallback to pages when no finding covers the question
  let pages: KbPage[] = [];
  let coverage: KbResult["coverage"] = findings.length ? "findings" : "none";
  if (findings.length === 0) {
    pages = await pagesForQuestion(deps, { query, question: input.question, period: resolved.period, documentNamed: Boolean(input.document), docPeriods, metrics: input.passages ? [] : metrics, documentIds });
    if (pages.length) coverage = "pages";
  }

  // People the question is about (CEO, "the management team", a name, "särskild utredare")
  const { request: peopleReq, chosen, people, missingRoles } = await peopleInQuestion(deps, { query, metrics, domains: input.domains, documentIds: companies.length ? documentIds : undefined });

  // Figures read from page tables when no finding covers the metric (or a person's row, e.g. the cap table)
  let tableValues: KbTableValue[] | undefined;
  // (not for a question whose answer is no figure: a list, organisations, a reason, a date or a place is read from passages)
  if (metrics.length && !input.passages && !asksNoTableValue(input.question ?? query) && (findings.length === 0 || (chosen.length && metrics.some((m) => m.key === "ownership")))) {
    tableValues = await tableLookup(deps, { metrics, people: chosen, roleAsked: peopleReq.roles.map((r) => r.written), period: resolved.period, documentIds });
    // a row read for a name the question holds ("… against Acme Services in the lawsuit" → that segment's assets) answers only when its label is about what is asked
    if (!chosen.length) tableValues = tableValues.filter((t) => rowFitsQuestion(t.label, input.question ?? query, metrics));
    if (tableValues.length && coverage === "none") coverage = "pages";
  }
  // A part's figure or an operating figure ("the X segment's revenue", "revenue from Europe", "average daily volume"): a table row naming every word asked
  if (!answer && !tableValues?.length && asksFigure(input.question ?? query) && (input.passages || metrics.length === 0 || asksForQualifiedFigure(input.question ?? query))) {
    tableValues = await partFigures(deps, { question: input.question ?? query, period: resolved.period, documentIds, companyWords: companies });
    if (tableValues.length && coverage === "none") coverage = "pages";
  }

  return {
    dataNotice: DATA_NOTICE,
    query,
    intent,
    understood: { metrics: metrics.map((m) => m.label), period: wanted, periodNote: resolved.note },
    answer,
    findings,
    timeline,
    corrections,
    conflicts,
    forecastVsActual: fva,
    pages,
    coverage,
    notes: [...new Set(notes)],
    ...(people ? { people } : {}),
    ...(missingRoles?.length ? { missingRoles } : {}),
    ...(tableValues?.length ? { tableValues } : {}),
  };
}
