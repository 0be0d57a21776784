/**
 * The offline model's evidence path: the question reader (lib/agent/reader) turns the question into
 * the same typed tool calls a remote model makes (compute_metric, get_line_items, get_people,
 * get_company_facts, search_documents), and the answer is written from their results only when the
 * evidence fits the concept, company and period asked. When it does not (an input missing, no row,
 * rows that disagree with no total among them), the path steps aside and the older planner answers
 * or abstains; it never guesses.
 */
import { coreWords } from "@/lib/ingest/metadata-company-key";
import escapeStringRegexp from "escape-string-regexp";
import type { LanguageModelV3Prompt } from "@ai-sdk/provider";
import { conceptById, type Concept } from "../concepts/catalog";
import type { ComputeOutput } from "../evidence/compute";
import type { EntitiesOutput } from "../evidence/entities";
import { ABROAD, type LineItemsOutput } from "../evidence/line-items";
import type { Passage, SearchDocumentsOutput } from "../evidence/passages";
import type { RiskFactorsOutput } from "../evidence/risks";
import { explainsFigure, type ExplanationsOutput } from "../evidence/explanations";
import { classifyQuestion, opensAsYesNo } from "@/lib/answers/narrative/answer-type";
import { writeRiskList } from "./answers/risks";
import { writeReason } from "./answers/reasons";
import { directionOf as movedWay } from "../concepts/directions";
import { spellOut } from "../concepts/abbreviations";
import { COUNT_ASKED, HEDGED, MONEY_LABEL, NARROWED } from "../concepts/answer-words";
import { partRatioOf, ratioParts } from "../concepts/ratio-parts";
import { placesIn } from "../concepts/part-names";
import { isSignWord } from "../concepts/directions";
import { periodWord, PERCENT_VALUE, yearsAsked, initialsAsWords } from "./answers-from/shared";
import { writeAction, writeSign, writeThreshold, writeCompute, writeDirectionCompute } from "./answers-from/compute";
import { pickRow, pickScopedRow } from "./answers-from/pick-row";
import { writeDirectionRow, writeRowChange, writeRowSeries, writeScopedAcrossFilings, spanEnds, writeRows, writeScopedRows } from "./answers-from/rows";
import { writeLabelledRow } from "./answers-from/labelled-row";
import { sortLabels } from "@/lib/metrics/periods";
import { writePartRatio, writePartShare, writeScopedEach, writePair } from "./answers-from/parts";
import { writeFacts, writePeople } from "./answers-from/entities";
import { dayAsked, writeStated, namedAmongParts, namesAnotherYear } from "./answers-from/stated";
import { writeRisks, writeDeal, writeHalted, writeOutlook } from "./answers-from/quoted";
import { writeSegments, writeSegmentsStated } from "./answers-from/segments";
import { writeNotFound, writePersonNotFound, closestPassage } from "./answers-from/not-found";
import { writeBasisRow, writeBasisStated, writeBasisNotFound, reportedChange } from "./answers-from/constant-currency";
import { FILING_REFERENCE, MONEY, statesAValue, SUCCESSION, withoutYears } from "@/lib/answers/narrative/fit";
import { SUBSET_BEFORE } from "../evidence/subsets";
import { looksLikePersonName } from "@/lib/extraction/entities/names";
import { asksPresent, isDayLabel, parsePeriod } from "@/lib/periods";
import { monthWords } from "@/lib/periods/months";
import { asksSuperlative, rankAsked, rankCall, rankMeasure, writeNotRanked, writeRanking } from "./ranking";
import { findConcepts, tokens } from "../concepts/match";
import { AMOUNT_RATE } from "../concepts/generic-words";
import { isMetricQuestion } from "../knowledge/metric-answer";
import { formatAmount } from "@/lib/metrics/numbers";
import { changePeriods, isDesignator, periodsIn, qualifiersOf, RATIO_OF, ratioTerms, ratioUnitOf, readQuestion, SHARE_OF, type Reading, type RoomCompany } from "../reader/read";
import type { Conversation, ToolExchange } from "./conversation";
import { withoutCitations } from "../sources";
import { isYearWord } from "@/lib/periods/years";

export const EVIDENCE_PATH_TOOLS = new Set(["compute_metric", "get_line_items", "get_people", "get_company_facts", "get_risk_factors", "get_explanations", "search_documents"]);

interface Call {
  toolName: string;
  input: Record<string, unknown>;
}

/** The companies the system prompt's "# Data room" section lists, with their tickers ("- ACME CORP (ticker ACME): …"). */
/** The system prompt's text: the data room and the deal's target are read from it. */
const systemText = (prompt: LanguageModelV3Prompt) => prompt.filter((m) => m.role === "system").map((m) => (typeof m.content === "string" ? m.content : "")).join("\n");

export function dataRoomCompanies(prompt: LanguageModelV3Prompt): Array<{ name: string; tickers: string[] }> {
  const section = systemText(prompt).split(/^# Data room$/m)[1] ?? "";
  return [...section.matchAll(/^- (.+?)(?: \(tickers? ([^)\n]+)\))?: /gm)]
    .map((m) => ({ name: m[1]!.trim(), tickers: m[2] ? m[2].split(/,\s*/) : [] }))
    .filter((c) => c.name && c.name !== "Other documents");
}

/** The deal's target as the system prompt names it ("target company: Acme"), when it is a company of the data room. */
export function dealTarget(prompt: LanguageModelV3Prompt, companies: readonly RoomCompany[]): string | undefined {
  const named = systemText(prompt).match(/\(target company: ([^)\n]+)\)/)?.[1];
  return named ? readQuestion(named, companies).company : undefined;
}

/** A question naming no company in a deal of several companies' documents, with no target to answer for: which one is meant. */
export function askWhichCompany(companies: ReadonlyArray<{ name: string }>): string {
  const names = companies.map((c) => c.name);
  // (no count: the answer guard reads a bare number as a figure the sources must state)
  const list = names.length > 6 ? `${names.slice(0, 6).join(", ")} and others` : names.join(", ");
  return `Which company do you mean? This deal holds documents of several companies (${list}), and the question names none of them. Name the company (or its ticker) and I'll answer from its filings.`;
}

/** The current turn read with the conversation before it (each earlier turn read in order, for follow-ups). */
export function readTurn(conv: Conversation, companies: readonly RoomCompany[]): Reading {
  let prev: Reading | undefined;
  for (const t of conv.past) {
    if (!t.user.trim()) continue;
    prev = readQuestion(t.user, companies, prev);
    // the period the answer took when the question left it open ("Q3 revenue" answered for Q3 2024)
    if (!prev.periods.length) prev = { ...prev, periods: answeredPeriod(t.assistant) };
  }
  return readQuestion(conv.current.user, companies, prev);
}

/** An answer that found nothing ("I couldn't find …", a question back): no period was answered. */

/** An answer that opens with a verdict: "Yes — …", "No, …". */
export const givesVerdict = (text: string) => /^\W*(?:yes|no)\b/i.test(text);
export const NO_ANSWER = /^(?:I couldn't|I could not|I did not find|I didn't find|Do you mean|Which )/i;

/**
 * The period an earlier answer gave the figure for, read from its lead line only ("For Q3 2024, …",
 * "Revenue for fiscal 2020 was …"): the evidence quoted below it names other years ("the Securities
 * Exchange Act of 1934"), and an answer that found nothing answered no period.
 */
export function answeredPeriod(answer: string): string[] {
  const lead = answer.trim().split("\n", 1)[0] ?? "";
  return NO_ANSWER.test(lead) ? [] : periodsIn(lead).slice(0, 1);
}

/** Words beyond which a question carries more than the reader's slots (definitions, spans, instructions): the metric engine reads those. */
const LONG_QUESTION = 14;
/** Facts the entity rules read whole; customers and subsidiaries are lists they read only in part (passages answer those). */
const ANSWERED_FACTS = new Set(["auditor", "headquarters", "incorporation", "employees", "registrant"]);

const computable = (c: Concept) => !!(c.metric || c.lineItems?.length) && !["count", "person", "organisation", "place", "text"].includes(c.kind);

/**
 * How a reading is answered, step by step; each step is tried when the ones before it found
 * nothing that fits. rows: a table row naming the concept; compute: the metric engine;
 * sentence: a passage stating the figure. A figure companies state themselves (their own net
 * debt, FCF, backlog) is read as stated before it is computed.
 */
type Step = "rowsMoved" | "defined" | "pair" | "basisRows" | "basisSentence" | "people" | "facts" | "riskList" | "risks" | "why" | "compute" | "ratio" | "rows" | "sentence" | "scoped" | "scopedEach" | "partProfit" | "partRatio" | "total" | "rank" | "labelled" | "labelledSentence" | "deal" | "whole" | "halted" | "outlook" | "segments" | "segmentsStated";

/** A question asking for a figure: how much or many, what it was, or a period named. */
const ASKS_FIGURE = /\bhow (?:much|many|big|large|high)\b|\bwhat(?:'s|\s+(?:is|was|were|are))\b|\b(?:total|number|amount|size) of\b/i;

/**
 * The question without the company's name ("Best Buy" asks for no best, "Target" for no target), nor a
 * figure's name holding a superlative's word ("grow the top line" ranks nothing).
 */
function unnamed(r: Reading): string {
  const text = withoutCompanyWords(r.text, r.company);
  // (the catalog is read only when a superlative's word is there at all)
  return asksSuperlative(text) ? findConcepts(text).filter((h) => asksSuperlative(h.text)).reduce((t, h) => t.replace(h.text, " "), text) : text;
}

export function stepsFor(r: Reading): Step[] | null {
  const steps = withOwnFigure(r, conceptSteps(r));
  // "operating overhead expense" (SG&A by "overhead"): the deal's row of that name first, the concept's steps after it
  return steps && r.printedName && !r.polar && !r.aggregate && !r.direction && !steps.includes("labelled") && FIGURE_KINDS.has(r.concepts[0]?.kind ?? "") ? ["labelled", ...steps] : steps;
}

/**
 * "ebay gmv 2022" → "and active buyers?": the follow-up's own words, read as a part of the figure
 * carried, may instead name a figure of their own. When the part's figure is found nowhere, the
 * deal's rows and sentences labelled with those words are looked up last. (A place is always a
 * part: "and the us?" never asks a figure called "us".)
 */
function withOwnFigure(r: Reading, steps: Step[] | null): Step[] | null {
  if (!steps || !steps.includes("scoped") || steps.includes("labelled")) return steps;
  if (!r.followUp?.carried.includes("concept") || !r.label || r.scope !== r.label || r.namedPart || r.segment || placesIn(r.label).length) return steps;
  // (things counted by a noun phrase of their own, "active buyers", "paid memberships"; a bare name, "how much of that was cerner", is a part)
  const words = r.label.trim().split(/\s+/);
  if (words.length < 2 || !/[a-z]s$/i.test(words.at(-1)!)) return steps;
  return [...steps, "labelled", "labelledSentence"];
}

function conceptSteps(r: Reading): Step[] | null {
  // "inventory turns fy21 = cogs / avg inventory (fy20, fy21)": the analyst's own formula, computed as stated
  // (one statement line over another is the ratio step's, read into the concepts' ids)
  if (r.formula && !r.polar && !r.reason && !(ratioOfTwo(r) && !r.definesMore)) return ["defined"];
  // "how much did they pay for Whole Foods": the sentence naming the counterparty and its price
  if (r.concepts.length === 1 && r.concepts[0]!.priced && r.scope && !r.reason && !r.polar && !r.synthesis) return ["deal"];
  // "capex plan for 2019", "what revenue do they expect next year": the company's own forecast, never an actual
  const [first] = r.concepts;
  // (a forecast compared with its actual is the knowledge base's forecast-vs-actual, not a forecast alone)
  if (first && r.concepts.length === 1 && OUTLOOK.test(r.text) && !AGAINST_ACTUAL.test(r.text) && FIGURE_KINDS.has(first.kind) && !r.reason && !r.polar && !r.scope) return ["outlook"];
  // "main risks", "any cyber risk flagged?", "summarise the risk factors": the risks the filing lists (about the topic asked)
  if (first && r.concepts.length === 1 && first.kind === "text" && first.section === "risk factors" && !r.reason) return ["riskList", "risks"];
  // "why did the top line fall in 2022": the sentences explaining the figure the reader read, moving the way asked
  // ("… and by how much": the figure's own steps for the size after it)
  if (r.reason && first && r.concepts.length === 1 && !r.synthesis && !r.polar && FIGURE_KINDS.has(first.kind)) return r.sizeToo ? ["why", ...(conceptSteps(sizeOf(r)) ?? [])] : ["why"];
  if (r.reason || r.synthesis || r.narrative || r.ambiguous) return null;
  // "emea revenue fy23, growth in cc?": the change columns a table heads as constant currency, else a sentence stating it so
  if (r.basis && first && r.concepts.length === 1 && FIGURE_KINDS.has(first.kind)) return ["basisRows", "basisSentence"];
  // no catalog concept: a figure the deal's own tables may label as the question words it
  // (…or a sentence stating it in those words: "133 million active buyers", the newest first when no year is asked)
  // "which region grew fastest", "the largest region": parts ranked by revenue when no figure is named
  if (r.concepts.length === 0 && rankAsked(unnamed(r)) && (!r.polar || !opensAsYesNo(unnamed(r)))) return ["total", "rank"];
  if (r.concepts.length === 0) return r.label && !r.polar && (r.periods.length > 0 || ASKS_FIGURE.test(r.text)) ? ["labelled", "labelledSentence"] : null;
  const [c, d] = r.concepts as [Concept, Concept | undefined];
  // "which segment had the highest revenue": the parts' rows of one table, ranked
  // (the company's total first: the parts ranked must add up to it)
  // (a terse "worst region by sales decline" reads as yes/no; only a question opening as one is)
  if (rankAsked(unnamed(r)) && rankMeasure(r) && (!r.polar || !opensAsYesNo(unnamed(r)) || asksSuperlative(unnamed(r)))) return ["total", "rank"];
  // "japan net sales down in 2022?": the figure's two periods decide it
  // ("did the US have the biggest decline?": a superlative is decided by ranking the parts, not by one part's move)
  if (r.polar && r.direction && asksSuperlative(unnamed(r))) return null;
  if (r.polar && r.direction && r.concepts.length === 1 && (computable(c) || c.rowWords?.length)) return directionSteps(r, c);
  // "was ebay in the red for 2017?": the figure's sign decides
  if (r.polar && r.sign && r.concepts.length === 1 && computable(c) && !r.scope) return ["compute"];
  // "did they clear $7bn in revenue?": the figure against the value asked decides
  // ("adbe rev growth fy17 - better than 20%?": the growth against the rate asked)
  if (r.polar && r.threshold && r.concepts.length === 1 && computable(c) && !r.scope && (!r.aggregate || r.aggregate === "growth")) return ["compute"];
  if (r.polar && !(c.kind === "person" || c.kind === "organisation" || c.action)) return null;
  // "are they still paying a dividend?": a sentence saying it was suspended decides before the last year's amount
  if (r.polar && c.action && !r.direction && ONGOING.test(r.text)) return ["halted", "compute"];
  // "any cash dividend paid in 2017?": the year's line decides; with no line, a sentence saying it never was ("have never declared or paid")
  if (r.polar && c.action && !r.direction && !r.scope && !d && computable(c)) return ["compute", "halted"];
  // "who is the CFO": a person with nothing else asked ("how much does the CEO own" asks more)
  // ("who runs aws": an officer whose title names the part)
  if (c.kind === "person") return r.scope && !c.role ? null : ["people"];
  // a headcount the entity rules did not read is often a sentence ("employed approximately 92,000 people")
  // (a part of a count, "how many of those in the US", is a sentence stating it: "37,000 employed in the United States")
  if (c.fact) return ANSWERED_FACTS.has(c.fact) && !d && !r.scope ? (c.kind === "count" ? ["facts", "sentence"] : ["facts"]) : !d && r.scope && c.kind === "count" && !r.polar ? ["sentence"] : null;
  if (c.kind === "text") return c.section === "risk factors" ? ["risks"] : c.id === "segments" && !r.scope && !r.reason ? ["segmentsStated", "segments"] : null;
  // a definition, or a long question the metric engine reads itself (a span of years, units and rounding), stays with it
  const ratio = ratioOfTwo(r);
  // a definition "A / B" of two statement lines is the ratio step's own reading
  // ("optical comms net income / net sales 2021": a part's two figures, each its own row, never the company's two lines)
  if (ratio && r.scope && !r.polar && !r.aggregate && !r.definesMore && partNamesFigure(r)) return ["partRatio"];
  if (ratio && (!r.defines || (RATIO_OF.test(r.text) && !r.definesMore))) return ["ratio"];
  // a long question read whole (company, periods, nothing left over) is the reader's; one with words it did not read is the engine's
  // a long question naming a part ("… in Latin America in fiscal 2023, in millions") is the part's figure, which the metric engine never reads
  const readWhole = !!r.company && r.periods.length > 0 && (!r.scope || !!r.namedPart);
  if (computable(c) && (r.defines || (tokens(r.text).length > LONG_QUESTION && isMetricQuestion(r.text) && !readWhole))) return null;
  // "health care segment sales + op income fy22": each figure's row of the part
  if (r.concepts.length > 1 && r.scope && !r.polar && !r.aggregate && !r.reason && r.concepts.every((x) => (x.kind === "amount" || x.kind === "count") && (computable(x) || x.rowWords?.length))) return ["scopedEach"];
  if (r.concepts.length > 1) return null;
  // "domestic or international streaming, which grew faster": each part's row, compared
  if (r.pair && !r.polar && !r.reason && (c.kind === "amount" || c.kind === "count") && (computable(c) || c.rowWords?.length)) return ["pair"];
  // a part of the company ("iPhone revenue", "the X segment's backlog"): its own row or sentence, never the
  // total; when neither fits, the rules planner's part tables and passages try (the last step abstains not)
  // "what share of revenue came from services": the part's row over the company's total
  if (partShareAsked(r)) return ["scoped", "whole"];
  // "dcg op margin": a part's rate its tables do not print is its two figures' rows divided
  if (r.scope && !r.polar && !r.aggregate && ratioParts(c)) return ["scoped", "partRatio", "sentence"];
  // "bds profit fy22": a segment reports its operating income, not a net income of its own
  if (r.scope && c.ofPart && !r.polar) return ["scoped", "partProfit", "sentence"];
  if (r.scope && (computable(c) || c.rowWords?.length) && !r.polar) return ["scoped", "sentence"];
  // a segment named but no part read ("the segment's operating income"): not the company total
  if (r.segment && computable(c)) return null;
  // a rate the filings state only in prose ("turnover rates for 2021 and 2020 were 5.8% and 4.7%"): its sentence
  // (…and a count they state only so: "approximately 1,324 stockholders of record")
  if ((c.kind === "percent" || c.kind === "count") && !computable(c) && !c.rowWords?.length && !c.fact && !r.polar && !r.aggregate) return ["sentence"];
  const stated = c.rowWords?.length ? (["rows", ...(computable(c) ? (["compute"] as Step[]) : []), "sentence"] as Step[]) : null;
  if (stated && !r.polar && !r.aggregate) return stated;
  // "how much did backlog grow in 2022": a figure only the tables print, moved: its row at each end (any filing's), and the change
  if (stated && !computable(c) && !r.polar && (r.aggregate === "growth" || r.aggregate === "change" || r.aggregate === "series")) return ["rowsMoved", ...stated];
  // "boeing buybacks 2022?": an action's amount; with no line for it, a sentence saying it was not done ("did not pay any dividends")
  if (computable(c)) return c.action && !r.aggregate && !r.direction ? ["compute", "halted"] : ["compute"];
  return stated;
}

/** The name a stated formula is given: its own ("inventory turns", the company's name left out), else the figure the question names. */
function definedName(r: Reading): string | undefined {
  const name = withoutCompanyWords(r.formula!.name, r.company).replace(/\s+/g, " ").trim();
  // (a name the catalog knows whole, "dpo", is said as the catalog says it)
  const known = findConcepts(name).filter((h) => h.from === 0 && h.to === tokens(name).length);
  if (known.length === 1) return known[0]!.concept.label;
  if (name) return name[0]!.toUpperCase() + name.slice(1);
  return r.concepts[0]?.kind === "ratio" || r.concepts[0]?.kind === "percent" ? r.concepts[0].label : "The figure as you defined it";
}

/** The text without the words of the company's name ("Best Buy" asks for no best, "acme inventory turns" names "inventory turns"). */
function withoutCompanyWords(text: string, company: string | undefined): string {
  return company ? coreWords(company).reduce((t, w) => t.replace(new RegExp(`\\b${escapeStringRegexp(w)}\\b`, "gi"), " "), text) : text;
}

/** Two statement figures, one over the other ("cogs divided by average inventory", "capex as % of revenue"). */
function ratioOfTwo(r: Reading): boolean {
  const [c, d] = r.concepts;
  return !!c && !!d && r.concepts.length === 2 && computable(c) && computable(d) && (!!r.ratioOf || RATIO_OF.test(r.text) || SHARE_OF.test(r.text));
}

/** Words between a part's name and its figure's ("the cloud segment's net income"). */
const PART_NOUNS = new Set(["segment", "segments", "business", "division", "unit"]);

/**
 * The part's name stands right before one of the figures divided ("optical communications net income",
 * "the cloud segment revenue"), not elsewhere ("r&d intensity", "cover its total current liabilities").
 */
function partNamesFigure(r: Reading): boolean {
  const toks = tokens(r.text);
  const last = tokens(r.scope ?? "").at(-1)?.stem;
  return !!last && findConcepts(r.text, toks).some((h) => {
    if (h.viaPhrase || !r.concepts.includes(h.concept)) return false;
    let i = h.from - 1;
    while (i >= 0 && PART_NOUNS.has(toks[i]!.word)) i--;
    return i >= 0 && toks[i]!.stem === last;
  });
}

/** A part's row; else the concept's row (then its metric); else the metric. */
function directionSteps(r: Reading, c: Concept): Step[] {
  if (r.scope) return ["scoped"];
  if (!c.rowWords?.length && !c.lineItems?.length) return ["compute"];
  return computable(c) ? ["rows", "compute"] : ["rows"];
}

/**
 * The words of the figure's name as the question wrote it that narrow another of its names ("paid" of
 * "paid subs" when "subs" is a name too): the call carries them, so the row saying them is chosen.
 */
function termQualifiers(text: string, c: Concept): string[] {
  const named = [...c.terms, ...(c.rowWords ?? [])].map((t) => tokens(t).map((x) => x.stem));
  const names = new Set(named.map((n) => n.join(" ")));
  // (…or a word the catalog itself puts before several of its names: "paid" of "paid subscribers", "paid memberships")
  // (…each leaving a name of its own once the word goes: "subscribers", "memberships"; never "earnings" of "earnings from operations")
  const opens = (stem: string) => named.filter((n) => n.length > 1 && n[0] === stem && names.has(n.slice(1).join(" "))).length >= 2;
  return findConcepts(text).filter((h) => h.concept.id === c.id && !h.viaPhrase).flatMap((h) => {
    const words = tokens(h.text);
    return words.length > 1 && (names.has(words.slice(1).map((x) => x.stem).join(" ")) || opens(words[0]!.stem)) ? [words[0]!.word] : [];
  });
}

/** A move asked over one period runs from the year before it ("backlog growth in 2022": 2021 and 2022). */
const movedRowPeriods = (r: Reading): string[] => (r.aggregate === "series" ? r.periods : changePeriods(r.periods));

function callFor(step: Step, r: Reading): Call {
  const [c, d] = r.concepts as [Concept, Concept | undefined];
  const company = r.company ? { company: r.company } : {};
  const periods = r.periods.length ? { periods: r.periods } : {};
  if (step === "labelled") return { toolName: "get_line_items", input: { ...company, items: [r.label ?? r.printedName!], ...periods, limit: 12 } };
  if (step === "rowsMoved") return { toolName: "get_line_items", input: { ...company, items: [c.id], periods: movedRowPeriods(r), limit: 12 } };
  if (step === "labelledSentence") {
    const years = yearsAsked(r.periods).join(" ");
    return { toolName: "search_documents", input: { ...company, query: `${r.label} ${years}`.trim(), k: 10, ...(years ? {} : { newest: true }) } };
  }
  // (the words filings state a deal's price in: "acquire X for $229 in cash per share for a total enterprise value of …")
  if (step === "deal") return { toolName: "search_documents", input: { ...company, query: `${r.scope} acquisition total purchase price acquire enterprise value`, k: 10 } };
  const format = { ...(r.decimals !== undefined ? { decimals: r.decimals } : {}), ...(r.scale ? { scale: r.scale } : {}), ...(r.aggregate ? { aggregate: r.aggregate } : {}) };
  switch (step) {
    case "basisRows": {
      const moved = changePeriods(r.periods);
      // (a part's rows by its name alone too: "Cloud and license" heads its row in a table of revenues by business)
      return { toolName: "get_line_items", input: { ...company, items: r.scope ? [`${r.scope} ${c.terms[0]}`, r.scope] : [c.id], ...(moved.length ? { periods: moved } : {}), limit: 20 } };
    }
    case "basisSentence": {
      const years = yearsAsked(r.periods).slice(-1).join(" ");
      // (a part of three words or more by its initials too: sentences write "Europe, Middle East & Africa" as "EMEA")
      const words = (r.scope ?? "").split(/[^\p{L}]+/u).filter((w) => w && !/^(?:and|of|the)$/i.test(w));
      const initials = words.length >= 3 ? words.map((w) => w[0]!.toUpperCase()).join("") : "";
      return { toolName: "search_documents", input: { ...company, query: `${r.scope ?? ""} ${initials} ${c.rowWords?.[0] ?? c.terms[0]} constant currency currency-neutral fx-neutral ${years}`.replace(/\s+/g, " ").trim(), k: 12 } };
    }
    case "total":
      return { toolName: "get_line_items", input: { ...company, items: [rankMeasure(r)!.id], ...(r.periods.length ? { periods: r.periods.slice(-1) } : {}) } };
    case "rank":
      return rankCall(r, rankAsked(unnamed(r))!, rankMeasure(r)!);
    case "people":
      // (a part's head: every officer, whose titles name the part or not; a segment is often run by a "Group President")
      return { toolName: "get_people", input: { ...company, ...(c.role && !r.scope ? { role: c.role } : {}) } };
    case "facts":
      return { toolName: "get_company_facts", input: { ...company, facts: [c.fact] } };
    case "riskList": {
      const year = r.periods.length === 1 && /^FY\d{4}$/.test(r.periods[0]!) ? { period: r.periods[0] } : {};
      const limit = Math.max(classifyQuestion(r.text).howMany ?? 0, 8);
      return { toolName: "get_risk_factors", input: { ...company, ...(r.scope ? { topic: r.scope } : {}), ...year, limit } };
    }
    case "why": {
      const direction = movedWay(tokens(r.text));
      // a year as "2022", a quarter as its label ("Q3 2024")
      const period = r.periods.map((p) => p.replace(/^FY(\d{4})$/, "$1")).find((p) => /(?:19|20)\d\d/.test(p));
      return { toolName: "get_explanations", input: { ...company, figure: c.id, ...(r.scope ? { part: r.scope } : {}), ...(period ? { period } : {}), ...(direction ? { direction } : {}) } };
    }
    case "risks":
      return { toolName: "search_documents", input: { ...company, query: "risk factors could adversely affect our business results", section: "risk factors", k: 10, newest: true } };
    case "compute": {
      // "did the dividend go up this year?": with no year named, the latest year and the one before
      const moved = r.polar && r.direction && !r.periods.length && !r.aggregate ? { aggregate: "change" } : {};
      return { toolName: "compute_metric", input: { ...company, metric: c.id, ...periods, ...format, ...moved } };
    }
    case "defined": {
      // the formula names its periods; the latest of them is the period the figure is for
      const latest = sortLabels(r.periods).at(-1);
      const name = definedName(r);
      // (an average or change the formula names is its own: the figure is asked as a value)
      const { aggregate: _own, ...asked } = format;
      return { toolName: "compute_metric", input: { ...company, formula: r.formula!.text, ...(name ? { metric: name } : {}), ...(latest ? { periods: [latest] } : {}), ...asked } };
    }
    case "ratio": {
      // a follow-up ("and fy21?") carries the ratio the conversation asked, its figures in order
      const [top, bottom] = r.ratioOf ? [c, d!] : ratioTerms(r.text, c, d!);
      // (an amount over revenue, "r&d expense / total revenue", is a share of each dollar of sales: a percentage)
      const unit = r.ratioOf ?? ratioUnitOf(r.text, top, bottom);
      // "… divided by the average of 2020 and 2021 inventory": the denominator is averaged (opening and closing), not the ratio
      if (averagedDenominator(r.text)) {
        const { aggregate: _averaged, ...rest } = format;
        const latest = r.periods.filter((p) => /^FY\d{4}$/.test(p)).sort().at(-1);
        return { toolName: "compute_metric", input: { ...company, metric: `${top.label} to average ${bottom.label}`, formula: `${top.id} / average ${bottom.id}`, unit, ...(latest ? { periods: [latest] } : periods), ...rest } };
      }
      return { toolName: "compute_metric", input: { ...company, metric: `${top.label} to ${bottom.label}`, formula: `${top.id} / ${bottom.id}`, unit, ...periods, ...format } };
    }
    case "rows":
      return { toolName: "get_line_items", input: { ...company, items: [c.id], ...periods } };
    case "whole":
      return computable(c) ? { toolName: "compute_metric", input: { ...company, metric: c.id, ...periods } } : { toolName: "get_line_items", input: { ...company, items: [c.id], ...periods } };
    case "outlook": {
      const years = yearsAsked(r.periods).join(" ");
      return { toolName: "search_documents", input: { ...company, query: `${c.label} ${c.terms[0]} guidance outlook forecast forecasted expect estimate ${years}`.trim(), k: 12, newest: true } };
    }
    case "segmentsStated":
      return { toolName: "search_documents", input: { ...company, query: "reportable segments consist of operating segments", k: 10, newest: true } };
    case "segments":
      return { toolName: "get_line_items", input: { ...company, items: ["segment", "segment revenue", "segment operating income"], limit: 20 } };
    case "halted":
      return { toolName: "search_documents", input: { ...company, query: `${c.terms[0]} suspended discontinued stopped terminated did not`, k: 10, ...(ONGOING.test(r.text) ? { newest: true } : {}) } };
    case "partProfit":
      return callFor("scoped", { ...r, concepts: [conceptById(c.ofPart!)!] });
    case "scoped": {
      // a part's growth in one year needs the year before it too
      const moved = r.aggregate === "growth" || r.aggregate === "change" ? changePeriods(r.periods) : r.periods;
      // "what % of revenue went to demand creation": the part may be a use of the whole, its own row an expense
      const items = partShareAsked(r) ? [`${r.scope} ${c.terms[0]}`, r.scope!, `${r.scope} expense`] : [`${r.scope} ${[...termQualifiers(r.text, c), c.terms[0]].join(" ")}`];
      return { toolName: "get_line_items", input: { ...company, items, ...(moved.length ? { periods: moved } : {}), limit: 12 } };
    }
    case "pair": {
      // a growth needs the year before each period asked
      const asked = r.aggregate === "growth" || r.direction ? changePeriods(r.periods) : r.periods;
      return { toolName: "get_line_items", input: { ...company, items: r.pair!.map((side) => `${side} ${c.terms[0]}`), ...(asked.length ? { periods: asked } : {}), limit: 20 } };
    }
    case "scopedEach":
      return { toolName: "get_line_items", input: { ...company, items: r.concepts.map((x) => `${r.scope} ${x.terms[0]}`), ...periods, limit: 12 } };
    case "partRatio": {
      const { top, bottom } = partRatioOf(r, c)!;
      return { toolName: "get_line_items", input: { ...company, items: [`${r.scope} ${top.terms[0]}`, `${r.scope} ${bottom.terms[0]}`], ...periods, limit: 12 } };
    }
    case "sentence": {
      // a day asked ("at 30 June 2024") is searched as written: the sentence of that day, not the newest
      // (a quarter as a release words it: "Q1 2023" → "first quarter 2023")
      const when = r.periods.filter((p) => /^(?:FY)?\d{4}$/.test(p) || /^Q[1-4] \d{4}$/.test(p) || (!!dayAsked(r) && isDayLabel(p))).map((p) => p.replace(/^FY/, "").replace(/^Q([1-4]) (\d{4})$/, (_, q: string, y: string) => `${QUARTER_WORD[Number(q) - 1]} quarter ${y}`)).join(" ");
      // a count is written many ways ("employed approximately 92,000 people", "a workforce of"): every name the catalog knows
      // (a rate too: "attrition" is printed "turnover rate")
      // (a part's count is searched by the part's name and the count's first names only: "Domestic store count")
      const what = c.kind === "count" ? (r.scope ? `${r.scope} ${c.terms.slice(0, 2).join(" ")}` : `number of ${c.terms.slice(0, 8).join(" ")}`) : c.kind === "percent" && !c.rowWords?.length ? `${r.scope ?? ""} ${c.terms.slice(0, 4).join(" ")}`.trim() : `${r.scope ?? "total"} ${c.rowWords?.[0] ?? c.terms[0]}`;
      // a count or a balance with no year asked is the current one, as is any figure asked as of now ("latest comps"):
      // the newest filings first, and the newest fitting sentence
      // ("and a year earlier?": every filing's, the year before the newest read from them)
      const newest = !when && !r.periods.includes("prior year") && (c.kind === "count" || c.balance || asksPresent(r.text)) ? { newest: true } : {};
      // (a count at each of several years: the most passages the tool gives, room for every year's sentence)
      const years = c.kind === "count" ? yearsAsked(r.periods).length : 0;
      return { toolName: "search_documents", input: { ...company, query: `${what} ${when}`.trim(), k: years >= 2 ? 12 : 10, ...newest } };
    }
  }
}

const QUARTER_WORD = ["first", "second", "third", "fourth"];

/** "divided by the average of …", "over average total assets": the definition averages its denominator. */
const averagedDenominator = (text: string) => /(?:\bdivided by|\bover|\/)\s*(?:the\s+)?(?:average|avg\.?|mean)\b/i.test(text);

/** A figure the catalog does not name, as the question's own words name it: a count when "how many" is asked, money when "how much". */
function labelConcept(r: Reading): Concept {
  const kind = COUNT_ASKED.test(r.text) ? "count" : HOW_MUCH.test(r.text) ? "amount" : "ratio";
  return { id: `label:${r.label}`, label: r.label!, kind, terms: [r.label!] };
}

/** The first calls of a reading (for tests and the planner), or null when the evidence tools do not answer it. */
export function evidenceCalls(r: Reading): Call[] | null {
  const steps = stepsFor(r);
  return steps ? [callFor(steps[0]!, r)] : null;
}

const mine = (done: ToolExchange[]) => done.filter((t) => EVIDENCE_PATH_TOOLS.has(t.toolName) && !(t.toolName === "compute_metric" && typeof t.input.question === "string"));

/** The answer a step's result gives, or null when it does not fit the question. */
function answerOf(step: Step, t: ToolExchange, r: Reading, done: ToolExchange[] = []): string | null {
  const c = r.concepts[0]!;
  const out = t.output as Record<string, unknown> | undefined;
  if (!out || typeof out !== "object") return null;
  if (step === "labelled") return writeLabelledRow(out as unknown as LineItemsOutput, r.label ? r : { ...r, label: r.printedName });
  if (step === "rowsMoved") return writeLabelledRow(out as unknown as LineItemsOutput, { ...r, label: c.label, periods: movedRowPeriods(r) });
  if (step === "labelledSentence") return writeStated(out as unknown as SearchDocumentsOutput, labelConcept(r), { ...r, scope: undefined });
  if (step === "deal") return writeDeal(out as unknown as SearchDocumentsOutput, r);
  if (step === "basisRows") return writeBasisRow(out as unknown as LineItemsOutput, c, r);
  // (with the reported change the rows found beside it)
  if (step === "basisSentence") {
    const rows = done.find((x) => x !== t && x.toolName === "get_line_items")?.output as LineItemsOutput | undefined;
    return writeBasisStated(out as unknown as SearchDocumentsOutput, c, r, reportedChange(c, r, rows, rows?.company));
  }
  if (r.polar && r.direction && step !== "total" && step !== "rank") return directionOf(step, out, r, c);
  switch (step) {
    case "total":
      return null;
    case "rank": {
      const totals = done.filter((x) => x !== t && x.toolName === "get_line_items").flatMap((x) => (x.output as LineItemsOutput | undefined)?.rows ?? []);
      return writeRanking(out as unknown as LineItemsOutput, rankMeasure(r)!, r, rankAsked(unnamed(r))!, totals);
    }
    case "people":
      return writePeople(out as unknown as EntitiesOutput, c, r.scope);
    case "facts":
      return writeFacts(out as unknown as EntitiesOutput, c, r);
    case "why":
      return writeReason(out as unknown as ExplanationsOutput);
    case "riskList":
      return writeRiskList(out as unknown as RiskFactorsOutput, r);
    case "risks":
      return writeRisks(out as unknown as SearchDocumentsOutput);
    case "compute":
    case "ratio":
    case "defined":
      // (asked as "positive" or "negative", answered in those words)
      if (r.polar && r.sign) return writeSign(out as unknown as ComputeOutput, r.sign, !tokens(r.text).some(isSignWord));
      if (r.polar && r.threshold) return writeThreshold(out as unknown as ComputeOutput, r.threshold);
      return r.polar && c.action ? writeAction(out as unknown as ComputeOutput, c) : writeCompute(out as unknown as ComputeOutput, r);
    case "rows":
      return writeRows(out as unknown as LineItemsOutput, c);
    case "outlook":
      return writeOutlook(out as unknown as SearchDocumentsOutput, c, r);
    case "segmentsStated":
      return writeSegmentsStated(out as unknown as SearchDocumentsOutput);
    case "segments":
      return writeSegments(out as unknown as LineItemsOutput);
    case "halted":
      return writeHalted(out as unknown as SearchDocumentsOutput, c, r.periods.at(-1));
    case "whole":
      return writePartShare(done.find((x) => x !== t && x.toolName === "get_line_items")?.output as LineItemsOutput | undefined, out as unknown as ComputeOutput | LineItemsOutput, c, r);
    case "partProfit": {
      const measure = conceptById(c.ofPart!)!;
      const text = answerOf("scoped", t, { ...r, concepts: [measure] }, done);
      return text ? `${text}\n_(${measure.label} is the profit the filing reports for ${r.scope}; it states no ${c.label.toLowerCase()} of its own.)_` : null;
    }
    case "scoped": {
      const rows = out as unknown as LineItemsOutput;
      if (partShareAsked(r)) return null;
      // "growth in 2022": the row printing both 2022 and the year before
      // (…or each end of the span from the filing that prints it: "from 2016 to 2020" in a deal of both 10-Ks)
      if (r.aggregate === "growth" || r.aggregate === "change") return writeRowChange(pickScopedRow(rows, c, r.scope!, r.segment, changePeriods(r.periods)), c, r, rows.company) ?? writeScopedAcrossFilings(rows, c, { ...r, periods: spanEnds(changePeriods(r.periods)) });
      if (r.periods.length > 1) return writeRowSeries(pickScopedRow(rows, c, r.scope!, r.segment, r.periods), c, r, rows.company) ?? writeScopedAcrossFilings(rows, c, r);
      return writeScopedRows(rows, c, r.scope!, r.segment, r.periods);
    }
    case "partRatio":
      return writePartRatio(out as unknown as LineItemsOutput, c, r);
    case "pair":
      return writePair(out as unknown as LineItemsOutput, c, r);
    case "scopedEach":
      return writeScopedEach(out as unknown as LineItemsOutput, r);
    case "sentence":
      return writeStated(out as unknown as SearchDocumentsOutput, c, r);
  }
}

/** A forecast asked: the company's plan, expectation or guidance for a figure. */
const OUTLOOK = /\b(?:going to|will|plan(?:s|ned)?|expect(?:s|ed|ing|ations?)?|forecast(?:s|ed)?|guidance|guid(?:e[sd]?|ing)|outlook|budget(?:s|ed)?|projected|projections?|anticipate[ds]?)\b/i;

const AGAINST_ACTUAL = /\b(?:actuals?|vs\.?|versus|compar\w*|against|variance)\b/i;

/**
 * "Still", "anymore", "currently": whether something goes on now, not whether it happened last year;
 * "ever": whether it happened at all. A sentence saying it stopped or never happened decides both.
 */
const ONGOING = /\bstill\b|\bever\b|\bany ?more\b|\bcurrently\b|\bcontinu\w* to\b|\bnow\b|\bthese days\b|^\W*(?:[\p{L}.&'’]+\s+[-–:]\s+)?(?:do|does|(?:is|are)\s+(?:[\p{L}.&'’]+\s+){0,3}?\p{L}+ing)\b(?![^?]*\b(?:19|20)\d\d\b)/iu;

/**
 * A part's share of the company's figure ("what % of sales was services", "services as a % of total
 * net sales", "what share of revenue came from the cloud"): one amount, a part named, a percentage of
 * the whole asked.
 */
function partShareAsked(r: Reading): boolean {
  const c = r.concepts[0];
  // an amount the statements state, or one an operating table prints (GMV, bookings) as a total and its parts
  const tabled = !!c && (c.kind === "count" || c.kind === "amount") && !!c.rowWords?.length;
  return !!r.partShare && r.concepts.length === 1 && !!r.scope && !!c && ((c.kind === "amount" && computable(c)) || tabled) && !r.polar && !r.aggregate;
}

/**
 * The reading with the words a tool read as the deal's own ("greater chnia" → china, "serivces" →
 * services) respelled, so the answer is judged against the part the tool found.
 */
export function respelledReading(r: Reading, done: ToolExchange[]): Reading {
  const words = Object.assign({}, ...done.map((t) => (t.output as { respelled?: Record<string, string> } | undefined)?.respelled ?? {})) as Record<string, string>;
  const periods = resolvedPeriods(r, done);
  if (!Object.keys(words).length) return periods ? { ...r, periods } : r;
  // (a phrase the tools read as one name first, "outside us" → "International"; then single words)
  const phrases = Object.keys(words).filter((k) => /\s/.test(k)).sort((a, b) => b.length - a.length);
  const whole = (text: string) => phrases.reduce((t, k) => t.replace(new RegExp(`\\b${escapeStringRegexp(k).replace(/\\s+|\s+/g, "\\s+(?:the\\s+)?")}(?![\\p{L}])`, "giu"), words[k]!), text);
  const fix = (text: string | undefined) => (text === undefined ? text : whole(text).replace(/\p{L}+/gu, (w) => words[w.toLowerCase()] ?? w));
  return { ...r, ...(periods ? { periods } : {}), ...(r.scope ? { scope: fix(r.scope) } : {}), ...(r.label ? { label: fix(r.label) } : {}) };
}

const PERIOD_LABEL = /^(?:FY\d{4}|[QH][1-4] \d{4})$/;

/**
 * A quarter asked without its year ("Q2", "latest quarter") as the tools read it against the
 * documents ("Q2 2024"), so the answer is judged against the period the evidence is for. Undefined
 * when the reading's periods are labels already, or no tool said how it read them.
 */
function resolvedPeriods(r: Reading, done: ToolExchange[]): string[] | undefined {
  if (!r.periods.length || r.periods.every((p) => PERIOD_LABEL.test(p)) || !r.periods.every((p) => /quarter|^[QH][1-4]\b/i.test(p))) return undefined;
  for (const t of done) {
    const read = (t.output as { periods?: unknown } | undefined)?.periods;
    if (Array.isArray(read) && read.length === r.periods.length && read.every((p) => typeof p === "string" && PERIOD_LABEL.test(p))) return read as string[];
  }
  return undefined;
}

function directionOf(step: Step, out: Record<string, unknown>, r: Reading, c: Concept): string | null {
  if (step === "compute") return writeDirectionCompute(out as unknown as ComputeOutput, r);
  const rows = out as unknown as LineItemsOutput;
  const row = step === "scoped" ? pickScopedRow(rows, c, r.scope!, r.segment, r.periods) : step === "rows" ? pickRow(rows, c, r.periods) : null;
  return writeDirectionRow(row, c, r, rows.company);
}

function unknownCompany(t: ToolExchange, r: Reading): string | null {
  const out = t.output as Record<string, unknown> | undefined;
  if (!out || !(out.status === "unknown_company" || (typeof out.error === "string" && /No company in this deal/.test(out.error)))) return null;
  const asked = typeof t.input.company === "string" ? t.input.company : (r.company ?? "that company");
  const held = typeof out.hint === "string" ? out.hint : typeof out.error === "string" ? out.error : "";
  return `This data room holds no documents of "${asked}". ${held}`.trim();
}

/** The reading of a reason's size ("why did it fall and by how much"): the move asked alone. */
const sizeOf = (r: Reading): Reading => ({ ...r, reason: false, sizeToo: false, ...(r.aggregate || r.concepts[0]?.isChange ? {} : { aggregate: "change" as const, periods: changePeriods(r.periods) }) });

/** Each step's answer of a reason with its size, the reason's first and the size's first found after it. */
function reasonAndSize(r: Reading, steps: Step[], made: ToolExchange[]): { why: string | null; size: string | null } {
  const why = made[0] ? answerOf("why", made[0], r, made) : null;
  const size = made.slice(1).map((t, i) => answerOf(steps[i + 1]!, t, sizeOf(r), made)).find(Boolean) ?? null;
  return { why, size };
}

/** The next calls of the evidence path, or null when it has nothing (more) to call. */
export function evidenceNext(r: Reading, done: ToolExchange[]): Call[] | null {
  const steps = stepsFor(r);
  if (!steps) return null;
  const made = mine(done);
  if (made.some((t) => unknownCompany(t, r))) return null;
  // (a reason's size is called as the move alone)
  const next = made.length < steps.length ? [callFor(steps[made.length]!, r.sizeToo && made.length > 0 ? sizeOf(r) : r)] : null;
  // a reason with its size goes on past the reason until the size is found too
  if (r.sizeToo && steps[0] === "why") return reasonAndSize(r, steps, made).size ? null : next;
  if (made.some((t, i) => answerOf(steps[i]!, t, r, made))) return null;
  return next;
}

/** The answer from the evidence path's results, or null when they do not fit (the rules planner then answers). */
export function evidenceAnswer(r: Reading, done: ToolExchange[]): string | null {
  const steps = stepsFor(r);
  const made = mine(done);
  if (!steps || !made.length) return null;
  if (r.sizeToo && steps[0] === "why") {
    const { why, size } = reasonAndSize(r, steps, made);
    // (the size alone is no reason: the rules planner's passages may give it)
    return why && size ? `${size}\n\n${why}` : why;
  }
  for (const [i, t] of made.entries()) {
    const a = unknownCompany(t, r) ?? answerOf(steps[i]!, t, r, made);
    if (a) return a;
  }
  // a constant-currency change found nowhere: said so, the reported change shown as the closest evidence only
  if (made.length === steps.length && steps[0] === "basisRows") {
    const rows = made[0]!.output as LineItemsOutput | undefined;
    const passages = made.flatMap((t) => ((t.output as SearchDocumentsOutput | undefined)?.passages ?? []));
    return writeBasisNotFound(r.concepts[0]!, r, rows, passages, made.map((t) => (t.output as { company?: string } | undefined)?.company).find(Boolean));
  }
  // a figure companies state themselves, found nowhere: say so with the closest evidence (a look-alike figure is no answer);
  // a part's figure not found goes to the rules planner, whose part-table reader knows more table shapes
  if (made.length === steps.length && steps.includes("sentence") && !steps.includes("scoped")) return notFound(r, made);
  // a reason no MD&A sentence gives: the rules planner's passages may (its quote is held to the same bar, quoteAnswerOverride)
  // two parts asked against each other and either's row not found: the company's total is no answer
  if (made.length === steps.length && steps[0] === "pair") return notFound(r, made);
  // a forecast asked and none stated: an actual is no answer to it
  if (made.length === steps.length && steps[0] === "outlook") return writeNoOutlook(r.concepts[0]!, made, r);
  // parts asked against each other and no table ranks them: the company's total or one part's move is no answer
  if (made.length === steps.length && steps[1] === "rank") return writeNotRanked(r, rankMeasure(r)!, rankAsked(unnamed(r))!);
  return null;
}

/**
 * A figure the evidence path computes from statement lines the statements do not print, which the
 * rules planner then answered with no figure (an IRL coverage note for "interest coverage", a
 * passage): the turn says which inputs are missing instead. Null when the planner gave a figure
 * (the figure gate judges it) or the evidence path did not stop at such a computation.
 */
export function incompleteAnswerOverride(r: Reading, done: ToolExchange[], text: string): string | null {
  const steps = stepsFor(r);
  const made = mine(done);
  const lead = withoutCitations(text.trim().split("\n", 1)[0]!);
  // any figure the planner found elsewhere (a table, a sentence) is judged by the figure gate, not replaced
  if (!steps || made.length !== steps.length || steps.at(-1) !== "compute" || (statesAValue(lead) && !/^I (?:couldn|could not)/i.test(lead))) return null;
  return writeIncomplete(made.at(-1)!.output as ComputeOutput | undefined);
}

/** "Interest coverage = Operating income / Interest expense": the inputs the statements do not print for the periods asked. */
function writeIncomplete(o: ComputeOutput | undefined): string | null {
  if (!o || o.status !== "incomplete" || !o.missing.length || !o.metric) return null;
  const missing = [...new Set(o.missing.map((m) => `${m.label} (${periodWord(m.period)})`))];
  const found = o.inputs.map((i) => `- ${i.label}, ${periodWord(i.period)}: ${formatAmount(i.value, i.scale, i.currency)} ${i.citation}`);
  return [
    `I couldn't compute ${o.metric.name.toLowerCase()}${o.company ? ` for ${o.company}` : ""}: ${o.formula ?? ""}, and the statements print no line for ${missing.join(", ")}.`,
    ...(found.length ? ["Inputs found:", ...found] : []),
    "Would you like me to add this question to the Q&A list?",
  ].join("\n");
}

/** A forecast asked that no sentence states: what was searched, and the closest passages. */
function writeNoOutlook(c: Concept, made: ToolExchange[], r: Reading): string {
  const passages = made.flatMap((t) => ((t.output as SearchDocumentsOutput | undefined)?.passages ?? []));
  const when = r.periods.length ? ` for ${r.periods.map(periodWord).join(", ")}` : "";
  return [
    `I couldn't find a forecast of ${c.label.toLowerCase()}${when} in the documents: no sentence states what the company expects, plans or estimates it to be (a reported actual is not a forecast).`,
    ...(passages.length ? ["Closest evidence (not an answer to the question as asked):", ...passages.slice(0, 2).map(closestPassage)] : []),
    "Would you like me to add this question to the Q&A list?",
  ].join("\n");
}

/** No passage explains the figure asked: what was looked for, and the closest passage shown as such. */
function writeNoReason(r: Reading, made: ToolExchange[], closest?: Passage): string {
  const c = r.concepts[0]!;
  const read = made.flatMap((t) => (t.output as ExplanationsOutput | undefined)?.read ?? []);
  const when = r.periods.length ? ` in ${r.periods.map(periodWord).join(", ")}` : "";
  const way = movedWay(tokens(r.text));
  return [
    `I couldn't find a passage in the documents explaining why ${r.scope ? `${r.scope} ` : ""}${c.label.toLowerCase()}${way === "up" ? " rose" : way === "down" ? " fell" : " moved"}${when}: no sentence ${read.length ? `of ${read.join(", ")} ` : ""}names that figure with a cause (such as "due to" or "driven by")${way ? " moving that way" : ""}.`,
    ...(closest ? ["Closest evidence (not an answer to the question as asked):", closestPassage(closest)] : []),
    "Would you like me to add this question to the Q&A list?",
  ].join("\n");
}

/** What was searched and the closest evidence the calls found (`closest` first), in place of a guess. */
function notFound(r: Reading, made: ToolExchange[], closest: Passage[] = [], answered: string[] = []): string {
  const rows = made.flatMap((t) => ((t.output as LineItemsOutput | undefined)?.rows ?? []));
  const passages = [...closest, ...made.flatMap((t) => ((t.output as SearchDocumentsOutput | undefined)?.passages ?? []))];
  return writeNotFound(r.concepts[0]!, r, rows, passages, made.map((t) => (t.output as { company?: string } | undefined)?.company).find(Boolean), answered);
}

/** The text names the part asked by at least half its words (a long question's leftover words are not all the part's name). */
function namesHalfOf(scope: string | undefined, text: string): boolean {
  const want = scope ? tokens(initialsAsWords(scope)).map((t) => t.stem) : [];
  // the text's shorthand spelled out as the question's was ("outside the U.S." is the international part)
  // (…and "outside the U.S." is the International part the tools read it as)
  const spelled = spellOut(initialsAsWords(text));
  const said = tokens(ABROAD.test(spelled) ? `${spelled} international` : spelled);
  const have = new Set(said.map((t) => t.stem));
  // a model's letter or number is said right after the word it follows in the part's name ("iPhone X", not "216.8")
  const modelSaid = (w: string, i: number) => !isDesignator(w) || (i > 0 && said.some((t, j) => t.stem === want[i - 1] && said[j + 1]?.stem === w));
  return want.filter((w) => have.has(w)).length * 2 >= want.length && want.every(modelSaid);
}


/** A question opened by a question word or an auxiliary (English or Swedish), not typed as keywords. */
export const QUESTION_OPENING = /^\W*(?:what|which|who|whom|how|why|when|where|is|are|was|were|do|does|did|can|could|has|have|will|would|should|vem|vad|hur|när|var|varför|vilken|vilket|vilka)(?![\p{L}])/iu;

/** Every place the part asked names ("us digital sales" → US) is named by the text ("U.S.", "United States"). */
function namesPlacesOf(scope: string, text: string): boolean {
  const named = placesIn(text);
  return placesIn(scope, { asked: true }).every((p) => named.includes(p));
}

/** The documents write a word of the scope as a name ("Tableau", "App Store", "San Francisco") where the analyst typed it in lower case. */
function namedInDocuments(scope: string, made: ToolExchange[]): boolean {
  const texts = made.flatMap((t) => ((t.output as SearchDocumentsOutput | undefined)?.passages ?? []).map((p) => p.text));
  const words = scope.split(/\s+/).filter((w) => w.length > 2);
  // as a name ("Tableau") or as initials ("APAC")
  return words.length > 0 && words.some((w) => texts.some((t) => new RegExp(`\\b(?:${escapeStringRegexp(w.charAt(0).toUpperCase() + w.slice(1))}|${escapeStringRegexp(w.toUpperCase())})\\b`).test(t)));
}

/**
 * A named part's figure ("Slack revenue") the reader's rows and sentences did not find, which the rules
 * planner then answered: its answer stands only when a part-table row gave it. Anything else it
 * found (the company's total, a passage sharing the words) is not the part's figure, so the turn
 * says what was searched instead. Null when the answer stands.
 */
export function partAnswerOverride(r: Reading, done: ToolExchange[], text = ""): string | null {
  const steps = stepsFor(r);
  const made = mine(done);
  // a yes/no about the part ("did Japan sales fall?") may be decided by a sentence: the planner's verdict stands
  // (a part's count, "how many stores there", is sought as a sentence: the same holds)
  const ofPart = !!steps?.includes("scoped") || (!!r.scope && r.concepts[0]?.kind === "count" && !!steps?.includes("sentence"));
  if (r.polar || !ofPart || made.length < steps!.length || !(r.namedPart || namedInDocuments(r.scope!, made))) return null;
  // a row naming the part: a total's row is not the part's
  const fromRow = done.some((t) => t.toolName === "query_knowledge_base" && ((t.output as { tableValues?: Array<{ label: string; column?: string }> } | undefined)?.tableValues ?? []).some((v) => namesHalfOf(r.scope, `${v.label} ${v.column ?? ""}`)));
  // a quoted sentence naming the part with a value ("Of the 40,275 restaurants, approximately 95% were franchised") stands too
  const quote = quoteAnswer(text)?.[2];
  // (…but not one naming it in a list of parts, "throughout our Domestic and International segments": that is their total)
  // (a place the part names must be named too: "digital sales in our top six markets" is no US figure)
  const fromQuote = !!quote && namesHalfOf(r.scope, quote) && statesAValue(quote) && !namedAmongParts(r.scope!, quote) && namesPlacesOf(r.scope!, quote);
  return fromRow || fromQuote ? null : notFound(r, made);
}

/** The part of an answer that says what its figure is: the lead paragraph, before a formula's inputs table. */
function answeredEvidence(text: string): string {
  return text.trim().split(/\n\s*\n|\bFormula:/)[0]!;
}

/**
 * A figure qualified by plain words the reader kept as its scope ("us employees", "part-time
 * employees", "franchised revenue", "cash paid … after refunds"): the answer stands only when the
 * row or sentence it gives names at least half of them. A company-wide figure that drops the
 * qualifier answers another question, so the turn says what was searched and shows it as the
 * closest evidence. Named parts are partAnswerOverride's. Null when the answer stands.
 */
export function qualifierAnswerOverride(r: Reading, done: ToolExchange[], text: string): string | null {
  const c = r.concepts[0];
  if (!c || !r.scope || r.namedPart || r.polar || r.narrative || r.reason || r.synthesis || r.defines || !FIGURE_KINDS.has(c.kind)) return null;
  const lead = text.trim().split("\n", 1)[0]!;
  const m = quoteAnswer(text);
  if (!m && !figureLead(text)) return null;
  const qualifier = qualifiersOf(r).join(" ");
  const evidence = m ? m[2]! : answeredEvidence(text);
  if (!qualifier || (namesHalfOf(qualifier, evidence) && namesPlacesOf(qualifier, evidence))) return null;
  const quoted: Passage[] = m ? [{ document: m[1]!, page: 0, charStart: 0, charEnd: m[2]!.length, text: m[2]!, citation: m[3]! }] : [];
  return notFound(r, mine(done), quoted, m ? [] : [`- ${lead}`]);
}

/** "Which segment is biggest?", "the largest region by sales": a ranking of the company's parts. */
const RANKING = /\b(?:biggest|largest|smallest|highest|lowest|most|least|top|leading|fastest[- ]growing)\b.{0,40}\b(?:segments?|regions?|geograph\w*|products?|business(?:es)?|divisions?|markets?|categor\w+|brands?)\b|\b(?:segments?|regions?|geograph\w*|products?|business(?:es)?|divisions?|markets?|categor\w+|brands?)\b.{0,40}\b(?:biggest|largest|smallest|highest|lowest|most|least|top)\b/i;

/**
 * A ranking of parts ("which segment is biggest?") the rules planner answered with a quote that
 * states no figure: a sentence naming a segment is not the ranking. The turn says so instead.
 */
function rankingOverride(r: Reading, text: string, done: ToolExchange[]): string | null {
  if (!RANKING.test(r.text) || r.polar) return null;
  const quoted = quotedPassage(text);
  if (!quoted || statesAValue(quoted.text.replace(FILING_REFERENCE, " "))) return null;
  const passages = [quoted, ...mine(done).flatMap((t) => ((t.output as SearchDocumentsOutput | undefined)?.passages ?? []))];
  return [
    "I couldn't find a ranking of the company's parts that answers this in the documents: no table or sentence found compares them by a figure.",
    "Closest evidence (not an answer to the question as asked):",
    ...passages.slice(0, 2).map(closestPassage),
    "Would you like me to add this question to the Q&A list?",
  ].join("\n");
}

/** "Which customers …", "who …", "where …": a name or a place is asked, which a quote without a figure may give. */
const NAME_ASKED = /\b(?:which|who|whom|where|when|why)\b/i;
const FIGURE_KINDS = new Set(["amount", "percent", "ratio", "count", "per_share"]);
/** A quote answer as the rules planner writes it: `FILE states: "…" (source: FILE, p.N)`. */
const QUOTE_ANSWER = /^(?:(?:Yes|No) — )?(\S+\.\w+) states: "([^"]+)" (\(source: [^)]+\))/;
/** A figure question answered with the sentence stating it: `<sentence> (source: FILE, p.N).` then `(Quoted from FILE; …)`. */
const SENTENCE_ANSWER = /^(?:[^:\n"]{2,80}: )?([^\n]+?) (\(source: ([^,)]+), p\.\d+\))\.?\s*\n\s*\n\(Quoted from /;

/** The quote an answer gives as its answer, in either form, as [whole, document, quote, citation]; null for any other answer. */
function quoteAnswer(text: string): [string, string, string, string] | null {
  const m = QUOTE_ANSWER.exec(text);
  if (m) return [m[0], m[1]!, m[2]!, m[3]!];
  const s = SENTENCE_ANSWER.exec(text.trim());
  return s ? [s[0], s[3]!, s[1]!, s[2]!] : null;
}

/** The quote an answer gives as its answer, as a passage (its page read from the citation); null for any other answer. */
export function quotedPassage(text: string): Passage | null {
  const m = quoteAnswer(text);
  if (!m) return null;
  return { document: m[1], page: Number(/p\.(\d+)/.exec(m[3])?.[1] ?? 0), charStart: 0, charEnd: m[2].length, text: m[2], citation: m[3] };
}

/**
 * A figure asked ("boston properties new york noi 2015") that the rules planner answered with a
 * quoted sentence: the quote stands only when it names the figure's concept (and the part asked),
 * and states a value. A sentence that merely shares words with the question is no answer: the turn
 * says what was searched and shows the quote as the closest evidence. Null when the answer stands.
 */
export function quoteAnswerOverride(r: Reading, text: string, done: ToolExchange[]): string | null {
  const ranked = rankingOverride(r, text, done);
  if (ranked) return ranked;
  const c = r.concepts[0];
  const quoted = quotedPassage(text);
  if (!quoted) return null;
  const quote = quoted.text;
  const kind = r.reason || r.synthesis || r.polar ? undefined : ASKED_VALUE.find((k) => k.asks.test(r.text));
  if (kind && !kind.states.test(quote)) return noValueFound(quoted, kind.what);
  // "in bn", "in millions": an amount of that size, which a sentence of per-share or unit prices ("$26.79 in cash") does not state
  if (r.scale && !r.reason && !r.polar && !SIZED_AMOUNT.test(quote)) return noValueFound(quoted, "amount");
  // "why was express so weak?": a reason for the part asked names the part, not the company's other figures
  if (r.reason && r.scope && c && FIGURE_KINDS.has(c.kind) && !namesHalfOf(r.scope, quote)) return noReasonFound(r, quoted);
  // "why did the top line fall": a quote explains the figure read, as its subject before a cause, moving the way asked
  if (r.reason && c && FIGURE_KINDS.has(c.kind) && r.concepts.length === 1 && !explainsFigure(quote, c, { direction: movedWay(tokens(r.text)), company: r.company, part: !!r.scope })) return writeNoReason(r, mine(done), quoted);
  // "what state are they incorporated in": a sentence on the fact asked names it ("incorporated", "auditor"), whatever else it shares
  if (c && (c.kind === "place" || c.kind === "organisation") && !r.polar && !r.narrative && !r.synthesis && !findConcepts(quote).some((h) => h.concept.id === c.id)) return notFound(r, mine(done), [quoted]);
  // "does amazon pay a dividend?": a yes or no is a sentence stating the action itself, not one weighing it ("evaluate opportunities to … pay dividends")
  if (r.polar && c?.action && givesVerdict(text) && (!namesAction(quote, c) || HEDGED.test(quote))) return notFound(r, mine(done), [quoted]);
  // "is it still in chapter 11?": a state asked as of now is settled by the newest filing, not an older one's sentence
  if (r.polar && r.periods.includes("latest") && givesVerdict(text) && olderThanSeen(quoted.document, done)) return `I couldn't find a sentence in the newest filing that settles this. An older filing, ${quoted.document}, states: "${quote}" ${quoted.citation} — it may no longer hold. Would you like me to add this question to the Q&A list?`;
  // "ebay rev up in 22?": a figure's move asked yes or no, answered by quotes that decide nothing, is no answer
  // (…and "did they clear $7bn?": a figure against a value, which a quote never weighs)
  if (r.polar && (r.direction || r.threshold) && c && FIGURE_KINDS.has(c.kind) && !/^\W*(?:yes|no|up|down|unchanged)\b/i.test(text)) return notFound(r, mine(done), [quoted]);
  if (r.polar || r.narrative || r.reason || r.synthesis || r.defines || NAME_ASKED.test(r.text)) return null;
  // "how much did the segment lose": an amount's level, which a sentence stating only how much it moved ("losses increased $173.6 million") does not give
  const levelAsked = HOW_MUCH.test(r.text) && !r.aggregate && !r.direction && !RATE_WORD.test(r.text);
  if (levelAsked && (!c || !FIGURE_KINDS.has(c.kind)) && !STATED_AMOUNT.test(withoutChanges(quote))) return noValueFound(quoted, "amount");
  // a rate the catalog does not know ("on-time delivery rate"): a sentence with no percentage states none
  if (!c) return RATE_WORD.test(r.text) && !PERCENT_VALUE.test(text) ? noValueFound(quoted, "rate") : null;
  if (!FIGURE_KINDS.has(c.kind)) return null;
  const hits = findConcepts(quote);
  // "interest expense on unrecognized tax benefits": the figure narrowed to a matter, another figure than the one asked
  const quoteToks = tokens(quote);
  const narrowed = hits.filter((h) => r.concepts.some((x) => x.id === h.concept.id)).every((h) => NARROWED.test(quote.slice(quoteToks[h.to - 1]!.end)));
  if (hits.some((h) => r.concepts.some((x) => x.id === h.concept.id)) && narrowed && !r.scope) return notFound(r, mine(done), [quoted]);
  const named = new Set(hits.map((h) => h.concept.id));
  // an amount asked is its level: "operating income increased 19%" states its change, not the amount
  // …nor does "BGS earnings from operations increased by $276 million": the amount it moved by
  // …and a count is a number of things: "accounted for 35% of total average paid memberships" states none
  const level = c.kind === "count" ? !!r.aggregate || !!r.direction || statesACount(withoutChanges(quote)) : c.kind !== "amount" || !!r.aggregate || !!r.direction || RATE_WORD.test(r.text) || STATED_AMOUNT.test(withoutChanges(quote.replace(PERCENT_VALUE_G, " ")));
  // "Cerner contributed $140 million to our hardware revenues": a part of the figure, not the figure
  const partOnly = [...quote.matchAll(/[$€£]?\s?\d[\d,.]*/g)].every((m) => SUBSET_BEFORE.test(quote.slice(0, m.index)) || isYearWord(m[0].trim().replace(/[.,]+$/, "")));
  // the part asked is the value's subject, named before it ("Azure revenue grew 29%"), not among its causes ("… revenue increased $12.6 billion driven by Azure")
  // (a count names what it counts after the number: "164,000 full-time equivalent employees"; a share asked is
  // stated after the whole it is of: "$74 billion in GMV, of which 51 percent was generated outside the U.S.")
  const value = STATED_AMOUNT.exec(quote);
  const subject = value && c.kind !== "count" && !PERCENT_ASKED.test(r.text) ? quote.slice(0, value.index) : quote;
  if (r.concepts.some((x) => named.has(x.id)) && namesHalfOf(r.scope, subject) && statesAValue(quote) && level && !partOnly && (!r.scope || value)) return null;
  return notFound(r, mine(done), [quoted]);
}

/** The document is dated before another the turn's tool results show (their pages' `documentDate`). */
function olderThanSeen(document: string, done: ToolExchange[]): boolean {
  const dates = new Map<string, string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== "object") return;
    const o = v as Record<string, unknown>;
    if (typeof o.document === "string" && typeof o.documentDate === "string") dates.set(o.document, o.documentDate);
    Object.values(o).forEach(walk);
  };
  done.forEach((t) => walk(t.output));
  const own = dates.get(document);
  return !!own && [...dates.values()].some((d) => d > own);
}

/** The sentence names the action asked by a word of its terms ("dividends", "repurchased"), as a stem. */
function namesAction(quote: string, c: Concept): boolean {
  const have = new Set(tokens(quote).map((t) => t.stem));
  return findConcepts(quote).some((h) => h.concept.id === c.id) || c.terms.some((t) => tokens(t).every((x) => have.has(x.stem)));
}

const AMOUNT = String.raw`[$€£]?\s?\(?\d[\d,.]*\)?(?:\s*(?:million|billion|thousand|bn|mn)\b)?`;
/** Amounts a sentence gives as a move ("increased by $276 million", "a $1.2 billion decrease"), not as a level. */
const CHANGE_AMOUNT_G = new RegExp(
  String.raw`\b(?:increase[sd]?|decrease[sd]?|improve[sd]?|decline[sd]?|grew|rose|fell|drop(?:ped|s)?|up|down|higher|lower)\s+(?:by\s+)?(?:approximately\s+|about\s+|nearly\s+)?${AMOUNT}|${AMOUNT}\s+(?:increase|decrease|improvement|decline|reduction|rise|drop)\b`,
  "gi",
);
/** The sentence without the amounts it gives as moves. */
export const withoutChanges = (text: string) => text.replace(CHANGE_AMOUNT_G, " ");

/** No passage gives the reason for the part's figure: what was asked, and the closest passage shown as such. */
function noReasonFound(r: Reading, quoted: Passage): string {
  const what = `${r.scope} ${r.concepts[0]!.label.toLowerCase()}`;
  return [
    `I couldn't find a passage in the documents explaining the ${what}: the passages found give reasons for other figures.`,
    "Closest evidence (not an answer to the question as asked):",
    `- "${quoted.text.length > 300 ? `${quoted.text.slice(0, 300)}…` : quoted.text}" ${quoted.citation}`,
    "Would you like me to add this question to the Q&A list?",
  ].join("\n");
}

/** A percentage asked: "%", "percent", or a rate asked for a period ("on-time delivery rate for fy23?"), not "production rate changes". */
const RATE_WORD_RE = /%|\bpercent(?:age)?\b|\bmargins?\b(?!\s+(?:dollars|in dollars|\$))|\brate\s*(?:(?:for|in|at|of)\s+)?(?:fy|fiscal|q[1-4]\b|(?:19|20)\d\d|\?|$)/i;
/** (a run rate or a burn rate asked is an amount per period, stated in money: no percentage asked) */
const RATE_WORD = { test: (text: string) => RATE_WORD_RE.test(text.replace(AMOUNT_RATE, " amount ")) };
const PERCENT_VALUE_G = /[-+(]?\d[\d,.]*\)?\s*(?:%|percent\b|percentage points?\b)/gi;

const TIME_UNIT = String.raw`(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b`;
/** An amount as filings state one: a currency sign, a percentage, a scale word, or thousands separators ("Office 365" states none). */
const STATED_AMOUNT = /[$€£]\s?\d|\d[\d,.]*\s?(?:%|percent\b|million\b|billion\b|thousand\b)|\b\d{1,3}(?:,\d{3})+\b/i;

/**
 * Values a question's own words ask for, whatever its figure: a price, fee or commission an amount,
 * "how long" a length of time, "what share", "at what rate" or "by what percentage" a percentage. A
 * quoted sentence stating none is no answer to it, whatever words it shares with the question.
 */
/** A share stated: a percentage "of" a whole, or one a part "accounted for" or "represented". */
const SHARE_STATED = /\d(?:[\d.,]*\d)?\s*(?:%|percent)\s+(?:of|share of)\b|\b(?:accounted for|represent(?:ed|s|ing)?|made up|comprised?|contributed)\b[^.;]{0,60}\d(?:[\d.,]*\d)?\s*(?:%|percent)/i;

const ASKED_VALUE: Array<{ asks: RegExp; states: RegExp; what: string }> = [
  // "what commission do they charge", "what fee does it take", "for how much": a price or a rate, which a sentence naming the parties alone does not state
  { asks: /\bwhat (?:\w+ ){0,2}(?:commissions?|fees?|prices?|premiums?|royalt(?:y|ies)|take rates?)\b|\bfor how much\b|\bhow much (?:do|does|did|will|would) (?:\w+ ){1,3}(?:charge|take|cost|pay)\b/i, states: STATED_AMOUNT, what: "amount" },
  { asks: /\bhow long\b/i, states: new RegExp(String.raw`\d[\d,.]*[\s-]*${TIME_UNIT}|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a few|several)[\s-]+${TIME_UNIT}`, "i"), what: "length of time" },
  // "nike direct as % of nike brand rev": a share of a whole, which a sentence gives as "X% of …" or "accounted for X%" (not "increased 20%")
  { asks: /(?:\bas (?:a )?|^|\s)(?:%|percent(?:age)?|share|proportion|portion|fraction) of\b/i, states: SHARE_STATED, what: "percentage" },
  { asks: /\b(?:what|which) (?:share|percent(?:age)?|proportion|portion|fraction)\b|\bwhat ?%|\b(?:by|at) what (?:percent(?:age)?|rate)\b/i, states: PERCENT_VALUE, what: "percentage" },
  // "by when", "what's the deadline": a sentence dating the thing ("by the end of 2025", "in December 2022"), not one mentioning a year
  { asks: /\b(?:by|until|till) when\b|\bwhat(?:'s| is)? the (?:deadline|timeline|target date)\b|^\W*when\b|\bwhen (?:will|would|is|are|do|does|did|was|were)\b/i, states: new RegExp(String.raw`\b(?:by|until|through|before|in|during|starting|beginning|from|on|as of)\s+(?:the\s+)?(?:end\s+of\s+)?(?:(?:fiscal|calendar)\s+(?:year\s+)?)?(?:(?:19|20)\d\d|${monthWords({ abbreviated: false })}|(?:first|second|third|fourth) quarter|(?:first|second) half)\b`, "i"), what: "date" },
];

/** An amount of a size asked in millions or billions: a scale word, or a figure with thousands separators. */
const SIZED_AMOUNT = /\d\s?(?:million|billion|thousand|bn|mn)\b|\b\d{1,3}(?:,\d{3})+\b/i;

function noValueFound(quoted: Passage, what: string): string {
  return [`I couldn't find the ${what} asked in the documents: the closest sentence states no ${what === "length of time" || what === "amount" || what === "date" ? what : "percentage"}.`, "Closest evidence (not an answer to the question as asked):", `- passage on ${quoted.citation.replace(/^\(source: |\)$/g, "")}: "${quoted.text.replace(/\s+/g, " ").slice(0, 160)}…"`, "Would you like me to add this question to the Q&A list?"].join("\n");
}


/** Words of titles and bodies: a run of capitalised words made of them is a role ("Corporate Vice President"), not a name. */
const TITLE_WORDS = new Set("chief executive financial operating accounting legal technology information officer officers president vice senior executive corporate associate assistant general counsel secretary treasurer controller director directors chair chairman chairwoman board principal managing partner head global group company corporation inc llp llc the and of".split(" "));

/** A person's name in the text: 2–4 capitalised words (initials allowed) that are not all title words. */
export function namesAPerson(text: string): boolean {
  for (const m of text.matchAll(/\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){1,3}/gu)) {
    const words = m[0].split(/\s+/);
    if (words.some((w) => TITLE_WORDS.has(w.toLowerCase().replace(/[^a-z]/g, "")))) continue;
    if (looksLikePersonName(m[0])) return true;
  }
  return false;
}

/**
 * Who holds a role ("and the CFO?"), answered by the rules planner from passages: the answer stands
 * only when its lead line names a person. A quote that only names the role ("Chief Executive
 * Officer or Chief Financial Officer 18 months") says who nobody is: the turn says what was
 * searched instead. Null when the answer stands.
 */
/**
 * A figure no catalog concept names, asked by the question's own words ("ffo per share guidance"),
 * that the reader's rows and sentences did not find and the rules planner then answered: its answer
 * stands only when it names at least half the words asked and states a value. Anything else (an
 * officer's line, a sentence sharing the year, one naming the figure without a number) answers
 * another question. Null when the answer stands.
 */
/** A figure's name ending in a thing counted ("iphone units", "paid members", "deliveries"): its value is a count. */
const COUNTED_HEAD = /\b(?:units?|employees|members|memberships|subscribers|customers|users|accounts|deliveries|shipments|stores|restaurants|locations|people|vehicles|aircraft|airplanes|orders|transactions|buyers|sellers|listings|households)(?:\s+(?:sold|shipped|delivered|opened|closed))?$/i;
/** A number of things: two digits or more (not a year) or a number with a scale word ("211.9 million", "1,332"). */
const COUNT_STATED = /\b(?!(?:19|20)\d\d\b)\d[\d,.]*\d\b|\b\d+(?:\.\d+)?\s*(?:million|billion|thousand)\b/i;
/** Money amounts and percentages with their numbers, to leave what counts things. */
const MONEY_OR_SHARE = /(?:[$€£¥]\s?|\b(?:usd|eur|gbp)\s?)\d[\d,.]*(?:\s*(?:million|billion|thousand|bn|mn|m|b)\b)?|\d[\d,.]*\s*(?:%|per ?cent\b|percentage points?\b|basis points\b)/gi;

/** The text states a number of things: a count left once its money amounts, percentages, years, days of dates and references are out. */
function statesACount(text: string): boolean {
  return COUNT_STATED.test(withoutYears(text.replace(MONEY_OR_SHARE, " ")));
}

export function labelAnswerOverride(r: Reading, done: ToolExchange[], text: string): string | null {
  const steps = stepsFor(r);
  const made = mine(done);
  // (only where a figure of a period is asked, "what was … in 2022", "how much … fy22", or keywords with a year:
  // "what changes is it forecasting", "what's missing" ask a description)
  const figureAsked = r.periods.length > 0 && (ASKS_FIGURE.test(r.text) || !QUESTION_OPENING.test(r.text));
  if (!r.label || r.concepts.length || !steps?.includes("labelled") || made.length < steps.length) return null;
  // (asked with no period, the quotes must still name the thing asked, the label's last noun: "what's their monthly
  // churn" is not answered by "average monthly revenue per paying membership")
  const head = tokens(r.label).at(-1)?.stem;
  const namesHead = (q: string) => !head || tokens(spellOut(q)).some((t) => t.stem === head);
  const quoted = [...withoutCitations(answeredEvidence(text), { documents: true }).matchAll(/"([^"]{12,})"/g)].map((m) => m[1]!);
  if (!figureAsked) return !r.periods.length && quoted.length && !quoted.some(namesHead) ? notFound({ ...r, concepts: [labelConcept(r)] }, made) : null;
  // …and states a value of it: "net revenues rose on a higher take rate" names the figure asked but gives none
  // (what the quotes say, without their citations and the documents' names: "(source: X_2023Q2_10Q.pdf, p.48)" states no value)
  const evidence = withoutCitations(answeredEvidence(text), { documents: true });
  // one quote must do it all, for the year asked ("VC-25B ($318 million) … recognized in 2021" is no 2022 charge)
  const years = yearsAsked(r.periods);
  const ofYear = (q: string) => !years.length || years.some((y) => q.includes(y)) || !namesAnotherYear(q, []);
  // (digits of a name, "3M's", "VC-25B", "10-K", are no value)
  // (a count asked, "iphone units", is stated by a number of things: a money amount or a percentage is another figure)
  const counted = COUNTED_HEAD.test(r.label);
  // (…and a count worth stating has a magnitude: "iPhone 6" names a model)
  const states = (q: string) => (counted ? statesAValue(q) && statesACount(q) : statesAValue(q));
  const fits = (q: string) => namesHalfOf(r.label, q) && namesHead(q) && states(q.replace(FILING_REFERENCE, " ").replace(/\p{L}[\p{L}-]*\d\S*|(?<![\d.,$€£])\b\d+-?\p{Lu}\S*/gu, " ")) && ofYear(q);
  const quotes = [...evidence.matchAll(/"([^"]{12,})"/g)].map((m) => m[1]!);
  if (quotes.length ? quotes.some(fits) : fits(evidence)) return null;
  return notFound({ ...r, concepts: [labelConcept(r)] }, made);
}

/**
 * "who's replacing bob swan as ceo?": an answer naming the person replaced, with no word of a
 * succession in its evidence, is no answer. Null when the answer stands.
 */
export function successorAnswerOverride(r: Reading, text: string, done: ToolExchange[]): string | null {
  const { successor, replaced } = classifyQuestion(r.text);
  if (!successor || /^I couldn't/.test(text)) return null;
  const said = text.replaceAll(r.text, " ").slice(0, 600);
  if (SUCCESSION.test(said)) return null;
  // (the holder the newest filing names answers "the next CEO" in a deal with later reports: it is wrong when it is the person replaced)
  const surname = replaced?.split(/\s+/).at(-1) ?? "";
  if (!(surname.length > 2 && new RegExp(`\\b${escapeStringRegexp(surname)}\\b`, "i").test(said))) return null;
  const passages = mine(done).flatMap((t) => ((t.output as SearchDocumentsOutput | undefined)?.passages ?? []));
  return [`I couldn't find a sentence in the documents naming who succeeds ${replaced}: the person found is the one being replaced.`, ...(passages.length ? ["Closest evidence (not an answer to the question as asked):", ...passages.slice(0, 2).map(closestPassage)] : []), "Would you like me to add this question to the Q&A list?"].join("\n");
}

export function personAnswerOverride(r: Reading, text: string, done: ToolExchange[]): string | null {
  const c = r.concepts[0];
  const successor = successorAnswerOverride(r, text, done);
  if (successor) return successor;
  if (!c || c.kind !== "person" || !c.role || r.polar || r.narrative || r.reason || r.synthesis || r.scope) return null;
  const lead = text.trim().split("\n", 1)[0] ?? "";
  if (namesAPerson(withoutCitations(lead))) return null;
  const passages = mine(done).flatMap((t) => ((t.output as SearchDocumentsOutput | undefined)?.passages ?? []));
  return writePersonNotFound(c, passages, mine(done).map((t) => (t.output as { company?: string } | undefined)?.company).find(Boolean));
}

/** How a figure answer names its figure: "Revenue for FY2022: **…**", "Acme: Revenue for fiscal 2020 was …", "FY2020 revenue was USD …". */
const ANSWERED_LABEL = [/^(?:[^:*]{2,60}: )?(.{3,80}?) for (?:fiscal |FY|Q[1-4] |H[12] |quarter|six|nine|the )/, /^([^:*]{3,80}?) at (?:fiscal |FY)?\d{4}: /, /^(?:FY\d{4}|Q[1-4] \d{4}|H[12] \d{4}) (.{3,60}?) (?:was|were) /, /^For (?:FY\d{4}|[QH][1-4] \d{4}|fiscal \d{4}|the [^,]{3,40}), (.{3,60}?) (?:was|were) /];
const CURRENCY_VALUE = /\b(?:USD|EUR|GBP|SEK|CHF|JPY)\s*-?[\d,.]+|[$€£]\s*-?[\d,.]+/;
const ASKS_RATE = /%|\bpercent(?:age)?\b|\bmargin\b|\bratio\b|\bhow many times\b|\bshare of\b/i;

/** Why a figure answer does not answer the question read, or null when it may. */
function figureMisfit(r: Reading, lead: string): string | null {
  if (r.polar) return "I couldn't answer this yes or no from the documents: the figure found does not settle it by itself.";
  if (r.reason) return "I couldn't find the reason in the documents: the figure found is not a reason.";
  if (NAME_ASKED.test(r.text) && r.concepts.some((c) => c.kind === "person" || c.kind === "organisation" || c.kind === "place")) return "I couldn't find the names asked in the documents: the figure found does not name them.";
  const asked = r.concepts.filter((c) => c.kind !== "text");
  // a figure the catalog does not name ("digital media ARR"): the answer must say every word of it
  if (!r.concepts.length && r.label) {
    const said = new Set(tokens(lead).map((t) => t.stem));
    if (tokens(r.label).some((t) => !said.has(t.stem))) return `I couldn't find the ${r.label} asked in the documents: the figure found is another one.`;
  }
  const label = ANSWERED_LABEL.map((re) => re.exec(lead)?.[1]).find(Boolean);
  const answered = label ? findConcepts(label).map((h) => h.concept.id) : [];
  const fits = new Set(asked.flatMap((c) => [c.id, ...(c.madeOf ?? [])]));
  // (a question defining its figure names that figure's inputs, which the answer's figure is made of, not named as)
  if (!r.defines && asked.length && answered.length && !answered.some((id) => fits.has(id))) return `I couldn't find the ${asked[0]!.label.toLowerCase()} asked in the documents: the figure found is another one.`;
  const when = periodMisfit(r.periods, label ? lead.replace(label, " ") : lead);
  if (when) return `I couldn't find the figure for ${when} in the documents: the figure found is for another period.`;
  const rateAsked = asked.some((c) => c.kind === "percent" || c.kind === "ratio") || (ASKS_RATE.test(r.text) && !IN_MONEY.test(r.text));
  if (rateAsked && CURRENCY_VALUE.test(lead) && !/%|\bratio\b|\btimes\b/i.test(lead)) return "I couldn't find the rate asked in the documents: the figure found is an amount, not a rate.";
  // a rate of change or share asked ("attrition", "at what rate did they lose employees"), answered with a count
  if (asked.some((c) => c.kind === "percent") && statesAValue(withoutCitations(lead)) && !/%|\bper ?cent|\bratio\b|\btimes\b|\bbasis points\b/i.test(lead)) return "I couldn't find the percentage asked in the documents: the figure found is not a percentage.";
  return percentMisfit(r, lead);
}

/** A misfit said first, then the figure found as the closest evidence. */
/** "How much did they get paid", "how much revenue came from X": an amount of money asked (not "how much of", not how much it grew). */
const HOW_MUCH = /\bhow much\b(?!\s+of\b)/i;
/** An answer that found nothing, or asks back: nothing to judge. */
const NO_ANSWER_LEAD = /^(?:I couldn't|I could not|I did not|I didn't|This data room|Do you mean|Which |Did you)/i;

/**
 * An amount of money asked ("how much did the CEO get paid in 2017") that the rules planner answered
 * with no amount at all (the person's title, a sentence on another matter): the turn says so and
 * shows what it found as the closest evidence. Null when the answer states an amount or found nothing.
 */
export function amountAnswerOverride(r: Reading, text: string): string | null {
  const c = r.concepts[0];
  // "when did they close the deal and for how much": a date answered is half the answer, not a misfit
  if (!HOW_MUCH.test(r.text) || NAME_ASKED.test(r.text) || r.polar || r.reason || r.narrative || r.synthesis || r.aggregate || r.direction || (c && c.kind !== "amount" && c.kind !== "person")) return null;
  const lead = withoutCitations(answeredEvidence(text));
  if (NO_ANSWER_LEAD.test(lead.trim()) || MONEY.test(lead)) return null;
  return shownAsClosest("I couldn't find the amount asked in the documents: what I found states no amount of money.", text.trim().split("\n", 1)[0]!.slice(0, 400));
}

/**
 * Organisations asked ("which three customers made up the largest shares of revenue", "who are their
 * biggest suppliers") that the rules planner answered with a figure naming none (the company's
 * revenue): the figure is context, not the answer. Null when the answer quotes a passage or found nothing.
 */
export function organisationAnswerOverride(r: Reading, text: string): string | null {
  if (r.polar || classifyQuestion(r.text).kind !== "organisation") return null;
  const lead = withoutCitations(answeredEvidence(text)).trim();
  if (NO_ANSWER_LEAD.test(lead) || /\bstates?:|"/.test(lead)) return null;
  return shownAsClosest("I couldn't find a passage naming the organisations asked: a figure of the company's own does not say which they are.", text.trim().split("\n", 1)[0]!.slice(0, 400));
}

function shownAsClosest(why: string, lead: string): string {
  return [why, "Closest evidence (not an answer to the question as asked):", `- ${lead}`, "Would you like me to add this question to the Q&A list?"].join("\n");
}

/** "%", "percent", "share of", "proportion of" asked of a figure that is not itself a ratio. */
const PERCENT_ASKED = /%|\bper ?cent(?:age)?\b|\b(?:share|proportion|portion|fraction) of\b|\b(?:by|at) what (?:rate|pace)\b/i;

/**
 * A percentage asked ("mcdonalds % franchised", "what share of staff are in the us") answered with
 * a count or an amount: the figure found is the whole or the part, not its share.
 */
function percentMisfit(r: Reading, lead: string): string | null {
  const counted = countMisfit(r, lead);
  if (counted) return counted;
  if (!PERCENT_ASKED.test(r.text) || IN_MONEY.test(r.text) || r.aggregate || r.direction || r.concepts.some((c) => c.kind === "ratio" || c.kind === "percent")) return null;
  // the bold figure, or a table read's value ("Employees (in thousands) at 2020: 110.6")
  const figure = BOLD_FIGURE.exec(lead)?.[1] ?? withoutCitations(lead);
  return statesAValue(figure) && !/%|\bper ?cent\b/i.test(figure) ? "I couldn't find the percentage asked in the documents: the figure found is a count or an amount, not a share." : null;
}

/**
 * A count asked ("how many iphones did they ship") answered with an amount of money (the product's
 * revenue): the money is another figure, however well its label fits.
 */
function countMisfit(r: Reading, lead: string): string | null {
  // ("how many shares did they repurchase" asks shares, whatever money the repurchase figure is)
  if (!COUNT_ASKED.test(r.text) || IN_MONEY.test(r.text) || r.concepts.some((c) => c.kind === "per_share")) return null;
  const figure = BOLD_FIGURE.exec(lead)?.[1] ?? withoutCitations(lead);
  // (a row of a sales table printed without a currency sign is money too: "iPad (Net Sales by Product): 20,628 million")
  const label = lead.split("**")[0] ?? "";
  const money = CURRENCY_VALUE.test(figure) || (MONEY_LABEL.test(label) && !MONEY_LABEL.test(r.text));
  return money ? "I couldn't find the count asked in the documents: the figure found is an amount of money, not a count." : null;
}

/** A figure answer from the evidence path that gives a count or amount for a percentage asked, or money for a count; null when it may stand. */
export function percentAnswerOverride(r: Reading, text: string): string | null {
  const lead = figureLead(text);
  if (!lead) return null;
  const why = percentMisfit(r, lead);
  return why ? shownAsClosest(why, lead) : null;
}
/** A figure in bold ("**USD 1,577 million**"), its text captured. */
const BOLD_FIGURE = /\*\*([^*]*\d[^*]*)\*\*/;

/**
 * An answer that gives a figure as its own: a bold number or a "<figure> for <period>" line. A
 * quoted sentence ("X states: …") and a name in bold answer otherwise.
 */
function isFigureAnswer(lead: string): boolean {
  if (/^I (?:couldn|could not|can)/i.test(lead) || / states: /.test(lead)) return false;
  return BOLD_FIGURE.test(lead) || (ANSWERED_LABEL.some((re) => re.test(lead)) && statesAValue(withoutCitations(lead)));
}

/** The lead line of an answer that gives a figure as its own, not a yes/no's verdict; null for any other answer. */
function figureLead(text: string): string | null {
  const lead = text.trim().split("\n", 1)[0]!;
  return givesVerdict(text) || !isFigureAnswer(lead) ? null : lead;
}

const FISCAL_LABEL = /^(?:FY|[QH][1-4] )\d{4}$/;

/**
 * The period asked, when the answer gives its figure for none of the periods asked ("FY15 … ratio"
 * answered "for FY2022"). Years and quarters are compared as labels, a day by its year; relative
 * words and lengths ended on a day are not compared.
 */
function periodMisfit(asked: string[], answerText: string): string | null {
  const got = periodsIn(answerText);
  if (!asked.length || !got.length) return null;
  const yearOf = (p: string) => /((?:19|20)\d\d)/.exec(p)?.[1];
  const comparable = asked.every((p) => FISCAL_LABEL.test(p) || parsePeriod(p)?.kind === "point") && got.every((p) => FISCAL_LABEL.test(p) || parsePeriod(p)?.kind === "point");
  if (!comparable) return null;
  const fits = got.some((g) => asked.some((a) => a === g || ((parsePeriod(a)?.kind === "point" || parsePeriod(g)?.kind === "point") && yearOf(a) === yearOf(g))));
  return fits ? null : asked.map(periodWord).join(", ");
}

/** "in $ millions", "in USD": the answer is asked as money. */
const IN_MONEY = /\bin (?:\$|usd|eur|dollars|millions|billions|thousands)\b|\$\s*(?:m|mm|bn|millions?)\b/i;

/**
 * A figure the rules planner answered that does not fit what was read: a yes/no question ("is it
 * turning more of its earnings into cash?") or a why question answered with one figure, names asked
 * ("which three customers …") answered with a total, another concept than the one asked (the
 * cash balance for "cash from operations after capital spending"), or an amount for a rate
 * ("what percent of revenue was operating income plus D&A"). The turn says so and shows the figure
 * as the closest evidence. Null when the answer may stand (it says yes or no, or found nothing).
 */
export function figureAnswerOverride(r: Reading, text: string): string | null {
  const lead = figureLead(text);
  if (!lead) return null;
  const why = figureMisfit(r, lead);
  return why ? shownAsClosest(why, lead) : null;
}
