/**
 * Extractive answers to narrative questions: the sentences (or people-table rows) of candidate
 * pages that answer the question's type, quoted verbatim with their citation — or an honest
 * abstention that says what was searched when no sentence clears the bar.
 *
 * The bar: the unit names at least half of the question's content words (concepts, folded) and
 * has the answer's shape (answer-type fit). Headings, page furniture and figure rows never pass.
 */
import escapeStringRegexp from "escape-string-regexp";
import { classifyQuestion, type AnswerType } from "./answer-type";
import { FILING_REFERENCE, prepareFit, statesAValue, type Fit } from "./fit";
import { sectionFit, unitSections, wantedSections } from "./sections";
import { segmentPage, type Unit } from "./segment";
import { coreWords } from "@/lib/ingest/metadata-company-key";
import { tokenize } from "@/lib/search/tokenize";
import { matchTerms, pairHits, properNouns, questionTerms, termKey, termPairs, termWeights, textKeys, type QuestionTerm } from "./terms";
import { decideYesNo, type Verdict } from "./yes-no";
import { MONTH_NAMES_EN } from "@/lib/periods/months";
import { withoutYearWords } from "@/lib/periods/years";
import { numbersInProse } from "@/lib/metrics/printed-number";

export interface CandidatePage {
  document: string;
  page: number;
  /** "(source: FILE.pdf, p.N)" */
  citation: string;
  /** The page text (or the excerpts of it a tool returned, one passage per paragraph). */
  text: string;
  /** The page's section when search knows it ("Legal Proceedings", "Risk Factors" …). */
  section?: string | null;
}

export interface Quote {
  text: string;
  document: string;
  page: number;
  citation: string;
  section?: string;
  /** A row of a people table (name, age, title), not a sentence. */
  row?: boolean;
}

export interface Searched {
  documents: string[];
  sections: string[];
  /** The question's content words, as it wrote them. */
  terms: string[];
}

export interface NarrativeAnswer {
  type: AnswerType;
  /** Best first; empty when the documents do not answer (abstain). */
  quotes: Quote[];
  /** Yes/no questions: only when a quoted sentence decides it. */
  verdict?: Verdict;
  searched: Searched;
}

export interface ScoredUnit {
  unit: Unit;
  score: number;
  passes: boolean;
  /** Weighted share of the question's content words the unit names. */
  coverage: number;
  /** How many of the question's content words the unit does not name, of how many. */
  coreMissing?: number;
  coreTotal?: number;
  section?: string;
  /** An item of the list the unit before it introduces (kept with it, whatever its own score). */
  listItem?: boolean;
}

const BOILERPLATE = /\bforward-looking statements?\b|\bincorporat\w* (?:\w+ ){0,3}by reference\b|\bsafe harbor\b|\bthe information required by this item\b/i;
const CROSS_REFERENCE = /^(?:see|refer to|for (?:a |further |more )?(?:discussion|information|details?))\b|\bfor (?:a |further |more |additional )(?:discussion|information|details?) (?:on|about|regarding|concerning|of)\b|\b(?:is|are) (?:discussed|described|included|presented|set forth|provided) in (?:note|item|part)\b|\b(?:may|can) be found (?:in|under)\b/i;
/** Contract language of exhibits filed with a report: defined terms, numbered clauses. */
const CONTRACT = /\b(?:hereinafter|hereunder|thereunder|hereto|whereas|shall mean|as defined in|the “\p{Lu}[\p{L} ]+”\)|pursuant to section)\b|^\(?[a-z0-9]{1,3}\)\s/iu;

/** A line of an exhibit index: what it files is incorporated from elsewhere. */
const EXHIBIT = /\bincorporated (?:herein )?by reference (?:to|from)\b|\bfiled (?:as|with) exhibit\b/i;

const STOCK = /\b(?:at|as of)\b.{0,25}\b(?:year[- ]end|end of|(?:19|20)\d\d)\b|\bvid (?:årets )?utgång\b/i;

/** Plans and expectations: not the answer to a question about what is (how many stores, who is CEO). */
const FUTURE = /\b(?:will|expects? to|plans? to|intends? to|anticipates?|aims? to|kommer att|planerar)\b/i;
const ASKS_FUTURE = /\b(?:will|expect\w*|plan\w*|intend\w*|anticipat\w*|forecast\w*|outlook|guidance|future|next year|upcoming|kommer|planer\w*|framtid\w*)\b/i;

/** A yes/no verdict needs a sentence naming this share of the asked property's words (weighted). */
const DECIDING_COVERAGE = 0.6;

/**
 * The term bar: all of a single content word; of two or more, at least half of the words and a
 * fair share of their weight (a common word alone does not carry a question whose rare word is missing).
 */
function clearsTermBar(m: { coverage: number; share: number; coreHits: number; coreTotal: number }): boolean {
  if (m.coreHits === 0) return false;
  return m.coreTotal <= 1 ? m.coverage >= 1 : m.share >= 0.5 && m.coverage >= 0.4;
}

interface PageUnits {
  units: Unit[];
  keys: Array<Set<string>>;
  sections: Array<string | undefined>;
}

function readPage(text: string, pageSection?: string | null): PageUnits {
  const units = segmentPage(text);
  return { units, keys: units.map((u) => textKeys(u.text)), sections: unitSections(units, pageSection) };
}

/** Kinds whose every content word names the thing asked ("employee churn rate"): none is mere phrasing. */
const SPECIFIED_KINDS = new Set(["amount", "description", "count", "date"]);

/**
 * Term weights over the answerable units (sentences, people rows) of every page read. A word no
 * unit contains counts at half weight (often the question's own phrasing), except in questions for
 * a figure or a description, where it names what is asked and counts in full.
 */
function weightsOver(q: ReadQuestion, pages: PageUnits[]): Map<string, number> {
  const texts = pages.flatMap((r) => r.keys.filter((_, i) => r.units[i]!.kind === "sentence" || r.units[i]!.kind === "person_row"));
  const weights = termWeights(q.terms, texts);
  if (!SPECIFIED_KINDS.has(q.type.kind)) return weights;
  for (const t of q.terms) if (!texts.some((k) => k.has(t.key))) weights.set(t.key, weights.get(t.key)! * 2);
  return weights;
}

/**
 * Every unit of a page, scored for the question. `trusted`: the units were already chosen as
 * answers (a tool's narrative excerpt), so only their shape is checked again, not the term bar.
 */
function scoreUnits(page: PageUnits, q: ReadQuestion, weights: Map<string, number> | undefined, rank = 0, trusted = false, subjects: string[] = []): ScoredUnit[] {
  return page.units.map((unit, i) => {
    const keys = keysWithAcronyms(page.keys[i]!, unit.text, q.acronyms);
    const m = matchTerms(q.terms, keys, weights);
    const fit = q.fit(unit);
    const section = page.sections[i];
    // the role (who is the CEO) or the counted noun next to a number (how many stores) is the content
    // (a count: the counted noun next to a number, and at least half the question's words — "employees covered by collective bargaining" is not "employees")
    const roleOnly = fit.ok && ((q.type.kind === "person" && q.type.roles.length > 0) || (q.type.kind === "count" && fit.strength >= 2 && m.coverage >= 0.5));
    // a definition names the asked term and defines it (the term may be an abbreviation the term bar reads as a name)
    // (…and so does a sentence describing the name asked as it names it: "one FedEx, a consolidation plan to …")
    const defined = fit.ok && (!!q.type.defines || (!!q.type.describes && fit.strength >= 2));
    // a figure of another year than the one asked ("as of May 31, 2020" for 2023) does not answer it
    // (why it changed: "down from 45% for 2023, due to …" is about the asked year; the year it moved from is not the sentence's)
    const otherYear = otherYearThanAsked(q.years, q.type.kind === "reason" ? unit.text.replace(BASE_YEAR, " ") : unit.text);
    // an exhibit index line ("… (incorporated by reference to …)") states nothing about the company
    const exhibit = !trusted && EXHIBIT.test(unit.text);
    // "What does Acme's WidgetCare offer?": a sentence that does not name WidgetCare is about something else
    const offSubject = (subjects.length > 0 && !subjects.every((n) => keys.has(n))) || (!!q.segmentPattern && !q.segmentPattern.test(unit.text)) || (!!q.countedAction && !q.countedAction.some((k) => keys.has(k))) || (!!q.dealt && !keys.has(q.dealt));
    // a terse figure question's keywords all name the figure: a sentence missing more than one of them states another
    const valueless = !!q.periodFigure && (!statesAValue(unit.text) || m.coreHits < m.coreTotal - (m.coreTotal >= 3 ? 1 : 0));
    // "Further information regarding the segments may be found in Part II, Item 7": a pointer, not what it points to
    const pointer = !trusted && CROSS_REFERENCE.test(unit.text) && !statesAValue(unit.text.replace(FILING_REFERENCE, " "));
    const passes = fit.ok && !valueless && !exhibit && !pointer && !offSubject && !(otherYear && PERIOD_KINDS.has(q.type.kind === "description" && q.type.figure ? "amount" : q.type.kind)) && (trusted || roleOnly || defined || clearsTermBar(m));
    const long = unit.text.length > 600 ? 1.5 : unit.text.length > 450 ? 0.5 : 0;
    // a count: the counted noun next to a number carries most of the match; a stock "at year-end" beats a flow
    const coverage = q.type.kind === "count" && fit.strength >= 2 ? Math.max(m.coverage, 0.75) + (STOCK.test(unit.text) ? 0.125 : 0) : m.coverage;
    const score =
      coverage * 4 +
      m.optionalHits * 0.3 +
      Math.min(pairHits(q.pairs, unit.text), 2) * 0.4 +
      (q.type.kind === "description" && /\d/.test(withoutYearWords(unit.text)) ? 0.6 : 0) +
      fit.strength +
      sectionFit(q.wanted, section) -
      (unit.fragment ? 0.5 : 0) -
      (unit.cut ? 0.5 : 0) -
      long -
      (BOILERPLATE.test(unit.text) ? 1.5 : 0) -
      (CONTRACT.test(unit.text) ? 1.5 : 0) -
      (CROSS_REFERENCE.test(unit.text) ? 0.8 : 0) -
      (!q.future && FUTURE.test(unit.text) && q.type.kind !== "yes_no" ? 1 : 0) +
      (q.future && FUTURE.test(unit.text) ? 0.5 : 0) -
      (otherYear ? 1 : 0) -
      (trusted ? 0 : Math.min(rank, 10) * 0.1);
    return { unit, score, passes, coverage: m.coverage, coreMissing: m.coreTotal - m.coreHits, coreTotal: m.coreTotal, ...(section ? { section } : {}) };
  });
}

/**
 * Kinds whose answer belongs to a period: a figure of it, or why something changed in it ("why did
 * revenue decrease in 2020" is not answered by a sentence on 2019): a sentence naming only other
 * years than the asked ones does not state it.
 */
const PERIOD_KINDS = new Set(["count", "amount", "reason"]);

const YEAR = /\b(?:FY\s?)?((?:19|20)\d\d)\b/gi;

/** The years a text names. */
/** A year the PDF's text layer split by letter spacing ("December 31, 201 6") joined again. */
const joinSplitYears = (text: string) => text.replace(/\b((?:19|20)\d) (\d)\b(?![\d,.])/g, "$1$2");

function yearsIn(text: string): string[] {
  return [...joinSplitYears(text).matchAll(YEAR)].map((m) => m[1]!);
}

/** "down from 45% for the full year 2023", "compared with 2023": the year a change is measured from, not the sentence's period. */
const BASE_YEAR = /\b(?:from|compared (?:with|to)|versus|vs\.?|than|against)\b[^.;:]{0,40}?\b(?:FY\s?)?(?:19|20)\d\d\b/gi;

/** The unit names years, none of them one the question asks about. */
function otherYearThanAsked(asked: string[], text: string): boolean {
  if (!asked.length) return false;
  const named = yearsIn(text);
  return named.length > 0 && !named.some((y) => asked.includes(y));
}

/** Kinds that describe a named thing, or a figure of one (a segment's income, a product's units): the sentence must name it. */
const ABOUT_A_THING = new Set(["description", "reason", "amount", "count", "date"]);

/** Month names and the corporate-form words of a name ("VLSI Technology LLC" is named "VLSI"), as the names are keyed (stemmed). */
const NOT_A_SUBJECT = new Set(
  [...MONTH_NAMES_EN, ..."technology technologies inc incorporated corp corporation co company llc ltd limited plc holdings group".split(" ")].flatMap((w) => tokenize(w)),
);

/**
 * The names a description or reason question is about, other than the documents' own company
 * (its filename: "Acme's WidgetCare" → WidgetCare): match keys every answering sentence must hold.
 */
function subjectsOf(q: ReadQuestion, pages: CandidatePage[]): string[] {
  if (!ABOUT_A_THING.has(q.type.kind) || q.type.defines) return [];
  // a figure's own words and abbreviation are matched by the figure bar ("gross merchandise volume (GMV)")
  const figure = new Set([...(q.type.figure ?? []), ...(q.type.figureAlias ? [q.type.figureAlias] : [])].flatMap((w) => tokenize(w)));
  const own = new Set(pages.flatMap((p) => tokenize(p.document.replace(/\.[a-z0-9]+$/i, "").replace(/[_-]+/g, " "))));
  const names = [...new Set([...q.names, ...namesTheDealCapitalises(q.terms, pages)])];
  return names.filter((n) => n.length >= 4 && !MONTH_NAMES_EN.includes(n) && !NOT_A_SUBJECT.has(n) && !figure.has(n) && ![...own].some((o) => o.includes(n) || (o.length >= 4 && n.startsWith(o) && n.length - o.length < 3))).map(termKey);
}

/** Times a word must be printed, and the share of them capitalised inside a sentence, to read as a name. */
const NAME_PRINTED_MIN = 2;
const NAME_CAPITALISED_SHARE = 0.9;

/**
 * Question words typed in lower case ("how did oracle fund cerner") that the deal's pages print as a
 * name: capitalised nearly every time they appear inside a sentence ("Cerner", never "cerner"). The
 * deal's own spelling tells a name from a word ("fund" is printed in lower case), whatever the question's case.
 */
function namesTheDealCapitalises(terms: QuestionTerm[], pages: CandidatePage[]): string[] {
  const out: string[] = [];
  for (const t of terms) {
    const word = t.word.toLowerCase();
    if (word.length < 4 || t.word !== word || !/^\p{L}+$/u.test(word)) continue;
    let printed = 0;
    let capitalised = 0;
    const re = new RegExp(`(?<=[\\p{L},;] )${escapeStringRegexp(word)}\\b`, "giu");
    for (const p of pages) for (const m of p.text.matchAll(re)) { printed++; if (m[0][0] !== word[0]) capitalised++; }
    if (printed >= NAME_PRINTED_MIN && capitalised / printed >= NAME_CAPITALISED_SHARE) out.push(...tokenize(word));
  }
  return out;
}

/**
 * The part a question names by its segment ("Acme's U.S. segment", "the Acme Ground segment",
 * "its International Operated Markets segment"): the capitalised words right before "segment".
 */
function segmentAsked(question: string): string | undefined {
  const m = question.match(/((?:\p{Lu}[\p{L}\p{N}&.’'-]*\s+){1,4})(?:reportable\s+|operating\s+|business\s+)?segment\b/u);
  if (!m) return undefined;
  // the company's possessive is the owner, not the part ("Acme's U.S." → "U.S.")
  const words = m[1]!.trim().split(/\s+/);
  const own = words.findLastIndex((w) => /['’]s$/.test(w));
  const part = words.slice(own + 1).join(" ");
  return part || undefined;
}

/** A pattern naming the segment as written, case kept ("U.S." ~ "US", never the pronoun "us"), dots and spacing aside. */
function segmentPatternOf(segment: string): RegExp {
  const pattern = segment
    .split(/\s+/)
    .map((w) => [...w.replace(/[.’']/g, "")].map((c) => escapeStringRegexp(c)).join("\\.?"))
    .join("\\s+");
  return new RegExp(`(?<![\\p{L}])${pattern}\\.?(?![\\p{L}])`, "u");
}

export interface ReadQuestion {
  /** Capitalised words inside the question (search tokens). */
  names: string[];
  /** Names of several capitalised words with their initials ("European Commission" → EC): a unit writing the initials names them. */
  acronyms?: Array<{ pattern: RegExp; keys: string[] }>;
  type: AnswerType;
  /** The years the question names ("FY2022", "as of May 31, 2023"). */
  years: string[];
  terms: QuestionTerm[];
  /** Consecutive terms, for phrase matches. */
  pairs: Array<[string, string]>;
  wanted: RegExp[];
  /** The question asks about plans or expectations. */
  future: boolean;
  /** The segment the question names ("U.S.", "Acme Ground"): an answering unit must name it. */
  segment?: string;
  /** The segment as a pattern, built once (see segmentPatternOf). */
  segmentPattern?: RegExp;
  /** A count of things done ("how many patents did X file"): the act's keys (its forms), one of which an answering unit must name. */
  countedAction?: string[];
  /** A company bought or sold ("who was X buying"): an answering unit names the acquisition, not just a company. */
  dealt?: string;
  /** The answer-type test of this question (lib/answers/narrative/fit.ts), built once for all its units. */
  fit: (u: Unit) => Fit;
  /**
   * Keywords and a period, no question words ("acme tenant retention 2015", "Acme's store count at
   * year-end 2022?"): the value of something in that period, which only a sentence stating a value answers.
   */
  periodFigure?: boolean;
}

const QUESTION_WORD = /\b(?:what|how|which|who|whom|when|where|why|is|are|was|were|does|do|did|has|have|had|can|could|will|would|should)\b/i;
const PERIOD_WORD = /\b(?:fy\s?\d{2,4}|(?:19|20)\d\d|q[1-4]|h[12])\b/i;

/** A terse question for a figure of a period: keywords and a period, nothing asked of a description. */
function asksPeriodFigure(question: string, type: AnswerType): boolean {
  return type.kind === "description" && !type.defines && !QUESTION_WORD.test(question) && PERIOD_WORD.test(question);
}

/** Verbs that only hold what is counted ("how many employees did X have"): any sentence stating the count will do. */
const HOLDING_VERB = /^(?:have|has|had|own|hold|employ|operate|maintain|record|report|count|serve|list|get|see)$/i;

/** Verbs that govern the counted act ("decide to retire", "plan to open", "agree to sell"). */
const CONTROL_VERB = /^(?:decide|decided|plan|planned|agree|agreed|expect|expected|intend|intended|choose|chose|elect|elected|seek|sought|try|tried|commit|committed)$/i;

/** Past forms the stemmer does not join to the verb ("sold" is not "sell"). */
const IRREGULAR: Record<string, string> = { sell: "sold", buy: "bought", build: "built", make: "made", grow: "grew", win: "won", lose: "lost", pay: "paid", spend: "spent", hire: "hired", sign: "signed", bring: "brought", give: "given", take: "taken", send: "sent", lend: "lent", ship: "shipped" };

/** "How many patents did Acme file in 2020?" → the keys of "file" (and "filed"). */
function countedActionOf(question: string, type: AnswerType): string[] | undefined {
  if (type.kind !== "count") return undefined;
  const m = question.match(/\b(?:did|does|do|will|has|have|had)\s+(?:(?:the\s+)?\p{Lu}[\p{L}\p{N}&.'’-]*\s+){1,4}(\p{Ll}{3,})\b/u);
  if (!m) return undefined;
  // "did Acme decide to permanently retire": the act counted is the one decided, planned or agreed
  const governed = CONTROL_VERB.test(m[1]!) ? question.slice(m.index! + m[0].length).match(/^\s+to\s+(?:\p{Ll}+ly\s+)?(\p{Ll}{3,})\b/u)?.[1] : undefined;
  const verb = (governed ?? m[1]!).toLowerCase();
  if (HOLDING_VERB.test(verb)) return undefined;
  const keys = [verb, IRREGULAR[verb]].filter((w): w is string => !!w).flatMap((w) => tokenize(w).map(termKey));
  return keys.length ? keys : undefined;
}

/** "the European Commission", "Department of Justice": a name of two or more capitalised words, and its initials (EC, DOJ). */
function acronymsOf(question: string): Array<{ pattern: RegExp; keys: string[] }> {
  const out: Array<{ pattern: RegExp; keys: string[] }> = [];
  for (const m of question.matchAll(/(?<=\s)(\p{Lu}\p{Ll}+(?:\s+(?:of|and|for|&)\s+\p{Lu}\p{Ll}+|\s+\p{Lu}\p{Ll}+)+)/gu)) {
    const words = m[1]!.split(/\s+/).filter((w) => /^\p{Lu}/u.test(w));
    if (words.length < 2) continue;
    const initials = words.map((w) => w[0]!).join("");
    out.push({ pattern: new RegExp(`\\b${initials}\\b`), keys: words.flatMap((w) => tokenize(w)).map(termKey) });
  }
  return out;
}

/** A unit's keys, with the words of a name it writes only by its initials. */
function keysWithAcronyms(keys: Set<string>, text: string, acronyms: ReadQuestion["acronyms"]): Set<string> {
  const hit = (acronyms ?? []).filter((a) => a.pattern.test(text) && !a.keys.every((k) => keys.has(k)));
  return hit.length ? new Set([...keys, ...hit.flatMap((a) => a.keys)]) : keys;
}

/** The key of acquiring (and buying) a business. */
const ACQUIRED = termKey("acquire");

export function readQuestion(question: string): ReadQuestion {
  const segment = segmentAsked(question);
  const type = classifyQuestion(question);
  const countedAction = countedActionOf(question, type);
  const terms = questionTerms(question);
  const acronyms = acronymsOf(question);
  const dealt = type.kind === "organisation" && terms.some((t) => t.key === ACQUIRED) ? ACQUIRED : undefined;
  return { ...(countedAction ? { countedAction } : {}), ...(dealt ? { dealt } : {}), ...(acronyms.length ? { acronyms } : {}), ...(asksPeriodFigure(question, type) ? { periodFigure: true } : {}), type, names: [...properNouns(question)], years: yearsIn(question), terms, pairs: termPairs(question), wanted: wantedSections(question), future: ASKS_FUTURE.test(question), ...(segment ? { segment, segmentPattern: segmentPatternOf(segment) } : {}), fit: prepareFit(type, terms) };
}

/**
 * The question without its owners' names as content: the company that wrote the pages is who the
 * question is about ("acme backlog 2022", "Acme's tenant retention"), which its filing writes "we",
 * so the name carries no evidence of an answer. Kept when it is the question's only content word.
 */
export function withoutOwners(q: ReadQuestion, owners: Array<string | null | undefined>): ReadQuestion {
  const keys = new Set(owners.flatMap((o) => coreWords(o ?? "")).flatMap((w) => tokenize(w)).map(termKey));
  const owned = (t: QuestionTerm) => t.core && keys.has(t.key);
  if (!q.terms.some(owned) || !q.terms.some((t) => t.core && !owned(t))) return q;
  const terms = q.terms.map((t) => (owned(t) ? { ...t, core: false } : t));
  return { ...q, terms, fit: prepareFit(q.type, terms) };
}

/** How many quotes an answer of this type carries, and how far below the best a further quote may score. */
function quoteLimit(t: AnswerType): { max: number; within: number } {
  if (t.kind === "list" || t.kind === "organisation") return { max: 3, within: 1.5 };
  if (t.kind === "person") return { max: Math.max(1, Math.min(t.roles.length, 3)), within: 1.5 };
  return { max: 2, within: 0.75 };
}

const byScore = (a: ScoredUnit, b: ScoredUnit) => b.score - a.score || a.unit.index - b.unit.index;

/** The best passing units of one page, best first (term weights from this page alone). */
export function bestUnitsOfPage(question: string | ReadQuestion, text: string, section?: string | null, max = 3): ScoredUnit[] {
  const q = typeof question === "string" ? readQuestion(question) : question;
  const page = readPage(text, section);
  return scoreUnits(page, q, weightsOver(q, [page])).filter((s) => s.passes).sort(byScore).slice(0, max);
}

/**
 * The answering units of each candidate page (best first, at most `perPage`), with term weights
 * from all the pages: what a search tool returns as each page's excerpt for a narrative question.
 */
export function answersByPage(question: string | ReadQuestion, pages: CandidatePage[], perPage = 3): ScoredUnit[][] {
  const q = typeof question === "string" ? readQuestion(question) : question;
  const read = pages.map((p) => readPage(p.text, p.section));
  const weights = weightsOver(q, read);
  const subjects = subjectsOf(q, pages);
  // a unit introducing a list is followed by the list's items (the causes after "the following factors:")
  return read.map((r) => scoreUnits(r, q, weights, 0, false, subjects).filter((s) => s.passes).sort(byScore).slice(0, perPage).flatMap((s, _, top) => [s, ...listAfter(r, s.unit).filter((u) => !top.some((t) => t.unit.index === u.index)).map((u) => ({ ...s, unit: u, listItem: true }))]));
}

/**
 * The quotes that answer the question across the candidate pages (best page order kept as a
 * tiebreak). `trusted`: the pages' texts are answers already chosen by answersByPage (a tool's
 * excerpts), so they are ranked and shaped, not filtered by the term bar again.
 */
export function answerFromPages(question: string, pages: CandidatePage[], opts: { trusted?: boolean; yesNo?: boolean } = {}): NarrativeAnswer {
  // (`yesNo`: the chat's question reader read a yes or no the words alone do not open with, "bxp pay a special divvy for 2015?")
  const asked = readQuestion(question);
  const q = opts.yesNo && asked.type.kind !== "yes_no" ? { ...asked, type: { ...asked.type, kind: "yes_no" as const, plural: false } } : asked;
  const read = pages.map((p) => readPage(p.text, p.section));
  const weights = opts.trusted ? undefined : weightsOver(q, read);
  const subjects = opts.trusted ? [] : subjectsOf(q, pages);
  const all = pages.flatMap((p, rank) => scoreUnits(read[rank]!, q, weights, rank, opts.trusted, subjects).filter((s) => s.passes).map((s) => ({ ...s, p, rank })));
  all.sort((a, b) => b.score - a.score || a.rank - b.rank || a.unit.index - b.unit.index);
  const searched = searchedOf(pages, q, all.map((a) => a.section));
  const best = all[0];
  if (!best || (FIGURE_OF_A_THING.has(q.type.kind) && namesSomethingUnread(question, pages))) return { type: q.type, quotes: [], searched };
  const seen = new Set<string>();
  const limit = quoteLimit(q.type);
  const picked = all.filter((a) => {
    if (seen.has(a.unit.text) || a.score < best.score - limit.within) return false;
    seen.add(a.unit.text);
    return true;
  }).slice(0, limit.max);
  const quoteOf = (a: { unit: Unit; p: CandidatePage; section?: string }): Quote => ({
    text: a.unit.text,
    document: a.p.document,
    page: a.p.page,
    citation: a.p.citation,
    ...(a.section ? { section: a.section } : {}),
    ...(a.unit.kind === "person_row" ? { row: true } : {}),
  });
  // a sentence that introduces a list ("… primarily reflecting the following factors:") is quoted with the list's items
  const quotes: Quote[] = picked.flatMap((a) => [quoteOf(a), ...listAfter(read[a.rank]!, a.unit).filter((u) => !picked.some((x) => x.p === a.p && x.unit.index === u.index)).map((u) => quoteOf({ unit: u, p: a.p, ...(a.section ? { section: a.section } : {}) }))]);
  const answer: NarrativeAnswer = { type: q.type, quotes, searched };
  if (q.type.kind === "yes_no") decideFromQuotes(question, q, picked, answer);
  return answer;
}

const LIST_ITEMS_MAX = 6;

/**
 * The items of the list a unit introduces (it ends with ":"): the sentences right after it on its
 * page, up to the one that ends the list (a full stop where the items end in ";"), at most a few.
 */
function listAfter(page: PageUnits, intro: Unit): Unit[] {
  if (!/:\s*$/.test(intro.text)) return [];
  const items: Unit[] = [];
  for (const u of page.units.slice(intro.index + 1)) {
    // the bullets between the items are no units of their own
    if (u.kind === "noise") continue;
    if (u.kind !== "sentence" || items.length >= LIST_ITEMS_MAX) break;
    items.push(u);
    if (!/;\s*(?:and|or)?\s*$/i.test(u.text) && !u.cut) break;
  }
  return items;
}

/**
 * A quote decides a yes/no only when it names most of what is asked, weighted, and leaves out at most
 * one content word in four (one at least) ("is optane part of the nand sale to sk hynix?" is not decided by a sentence about
 * the NAND sale that never names Optane).
 */
const decides = (x: ScoredUnit) => x.coverage >= DECIDING_COVERAGE && (x.coreMissing ?? 0) <= Math.max(1, Math.floor((x.coreTotal ?? 0) / 4));

const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];

const valuesIn = (text: string) => numbersInProse(text).map((n) => n.value!);

/**
 * A value the question sets as its condition ("a tenant over 10% of rental revenue", "more than $1
 * billion") is part of what is asked: a sentence deciding it names that value.
 */
function namesAskedValues(question: string, sentence: string): boolean {
  const asked = valuesIn(question);
  if (!asked.length) return true;
  // ("the next 5 years" said "the next five years")
  const spelled = [...sentence.toLowerCase().matchAll(/\b[a-z]+\b/g)].map((m) => NUMBER_WORDS.indexOf(m[0])).filter((n) => n > 0);
  const said = new Set([...valuesIn(sentence), ...spelled]);
  return asked.every((v) => said.has(v));
}

/**
 * The verdict of the best quote that names the asked property; a weaker quote saying the opposite
 * is dropped, an equally strong one leaves no verdict. The deciding quote goes first.
 */
/** "did they hit it?", "did they beat that": a yes or no about a thing named only by a pronoun, earlier in the conversation. */
const OBJECT_POINTS_BACK = /\s(?:it|that|this|them|those)\s*[?.!]*\s*$/i;

function decideFromQuotes(question: string, q: ReadQuestion, picked: ScoredUnit[], answer: NarrativeAnswer): void {
  // (a sentence sharing only the verb, "hitting key product milestones", says nothing of the thing the pronoun stands for)
  if (OBJECT_POINTS_BACK.test(question) && q.terms.filter((t) => t.core).length <= 1) return;
  // (a sentence of another year than the one asked, "In March 2020, the Board terminated …" for 2022, decides nothing about it)
  const verdicts = picked.map((x) => (decides(x) && !otherYearThanAsked(q.years, x.unit.text) && namesAskedValues(question, x.unit.text) ? decideYesNo(question, x.unit.text, q.terms) : undefined));
  const i = verdicts.findIndex((v) => v !== undefined);
  if (i < 0) return;
  const verdict = verdicts[i]!;
  const against = verdicts.map((v, j) => (v !== undefined && v !== verdict ? j : -1)).filter((j) => j >= 0);
  if (against.some((j) => picked[j]!.coverage >= picked[i]!.coverage)) return;
  answer.verdict = verdict;
  const decider = answer.quotes[i]!;
  answer.quotes = [decider, ...answer.quotes.filter((_, j) => j !== i && !against.includes(j))];
}

function searchedOf(pages: CandidatePage[], q: ReadQuestion, unitSectionsSeen: Array<string | undefined>): Searched {
  const sections = [...new Set([...pages.map((p) => p.section), ...unitSectionsSeen].filter((s): s is string => !!s))];
  return {
    documents: [...new Set(pages.map((p) => p.document))],
    sections: sections.slice(0, 4),
    terms: q.terms.filter((t) => t.core).map((t) => t.word),
  };
}

const FINANCE_ACRONYMS = new Set(["CEO", "CFO", "COO", "CTO", "USD", "EUR", "SEK", "GBP", "GAAP", "IFRS", "EPS", "EBIT", "EBITDA", "SEC", "ROA", "ROE", "ROI", "ROIC", "DPO", "DSO", "DIO", "CCC", "FCF", "COGS", "SGA", "PPE", "PPNE", "LLC", "INC", "NYSE", "ESG", "IPO", "ARR", "NRR", "CAGR", "YOY", "TTM", "LTM", "CAPEX", "OPEX", "IRL", "KPI", "AGM", "LBO", "NASDAQ"]);

/** Questions about a named thing or year the pages must mention (a "who" question's name is what is sought). */
const FIGURE_OF_A_THING = new Set(["amount", "description", "count", "date", "yes_no", "list", "reason"]);

/**
 * A proper name the question asks about ("… revenue from its Antarctic stations", "the Upjohn
 * spin-off"), or a year, that no page read contains: the pages are about something else, whatever words they
 * share. The question's first word, possessives and names the pages do contain (the company) do not count.
 */
export function namesSomethingUnread(question: string, pages: CandidatePage[]): boolean {
  // a possessive is the company asked about ("Acme's customers"): its filing says "we"
  const names = [
    ...[...question.matchAll(/(?<=\S\s+)([A-Z][a-z]{3,})\b(?!['’]s\b)/g)].map((m) => m[1]!),
    // an acronym that names something ("a merger with SAP"), not one of finance's own
    ...[...question.matchAll(/(?<=\S\s+)([A-Z]{3,5})\b(?!['’]s\b)/g)].map((m) => m[1]!).filter((a) => !FINANCE_ACRONYMS.has(a)),
  ].map((n) => n.toLowerCase());
  // a year asked about ("FY2030", "in 2021") that no page names: the pages are about other years
  const years = [...question.matchAll(/(?:\bFY\s?|\b)((?:19|20)\d\d)\b/gi)].map((m) => m[1]!);
  if (!names.length && !years.length) return false;
  // the documents' own names count as read: a filing rarely names its company on every page ("we")
  const raw = pages.map((p) => `${p.document}\n${p.text}`).join("\n");
  const text = joinSplitYears(raw.toLowerCase());
  // a name the pages write by its initials ("the EC" for "the European Commission") is read
  const byInitials = new Set(acronymsOf(question).filter((a) => a.pattern.test(raw)).flatMap((a) => a.keys));
  return names.some((n) => !text.includes(n.slice(0, Math.max(4, n.length - 2))) && !tokenize(n).map(termKey).every((k) => byInitials.has(k))) || years.some((y) => !text.includes(y));
}
