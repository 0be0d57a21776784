/**
 * get_explanations: the sentences of a company's filings that explain why a figure moved, read from
 * the Management's Discussion and Analysis pages of the filings covering the year asked (every
 * sentence of them, not a search's best passage). A sentence explains the figure when it names it
 * (by any of the catalog's names: "top line" is revenue, "comps" comparable sales) before a cause
 * ("due to", "driven by", "offset by"), moves the way asked, names the part asked (and no other part
 * when the company's figure is asked) and speaks of the year asked. None fitting comes back empty,
 * with what was read, so the caller says so rather than quote another figure's reason.
 */
import type { Queryable } from "@/lib/db";
import { listDocumentPages, listSectionPages } from "@/lib/db/queries/pages";
import { CAUSAL } from "@/lib/answers/narrative/fit";
import { sentencePieces } from "@/lib/extraction/sentences";
import { spellOut } from "../concepts/abbreviations";
import type { Concept } from "../concepts/catalog";
import { directionOf, type Direction } from "../concepts/directions";
import { GENERIC_WORDS } from "../concepts/generic-words";
import { findConcepts, tokens, type Token } from "../concepts/match";
import { recencyOf } from "./passages";
import { isScopeError, resolveScope, type ScopeDocument, type EvidenceDeps } from "./scope";

export interface ExplanationsInput {
  company?: string;
  /** The figure: a catalog concept or its name ("revenue", "top line", "gross margin"). */
  figure: string;
  /** A part of the company ("Services", "Europe", "the Intelligent Cloud segment"). */
  part?: string;
  /** A fiscal year ("2022", "FY2022"). */
  period?: string;
  direction?: Direction;
  limit?: number;
}

export interface Explanation {
  text: string;
  /** The sentence itself, without the list a "due to the following:" introduces. */
  head: string;
  document: string;
  page: number;
  citation: string;
  /** The way the sentence says the figure moved, when it says one. */
  direction?: Direction;
  score: number;
}

export interface ExplanationsOutput {
  company?: string;
  figure?: string;
  part?: string;
  period?: string;
  explanations: Explanation[];
  /** The filings and pages read. */
  read: string[];
  notes: string[];
  error?: string;
}

type Deps = EvidenceDeps;

interface Page {
  document: string;
  documentId: string;
  fiscalYear: number | null;
  page: number;
  text: string;
}

interface Ask {
  concept: Concept;
  part: string[];
  company?: string;
  direction?: Direction;
  years: string[];
}

const MAX_CHARS = 600;
/** Words before the figure's name that still make it the company's figure ("Total net revenues", "Consolidated revenue"). */
const OWN = new Set(["total", "consolidated", "net", "our", "the", "company", "company's", "group", "fiscal", "full", "year", "annual", "reported", "overall", "worldwide", "for", "in", "of", "and", "its", "this", "that", "these", "a", "an"]);
const PART_AFTER = new Set(["for", "of", "from", "in", "at"]);



/** Where the sentence names the concept (by any of its catalog terms), as a token index and a character offset. */
function namesConcept(sentence: string, c: Concept): { at: number; to: number; offset: number } | null {
  const toks = tokens(sentence);
  const hit = findConcepts(sentence, toks).find((h) => h.concept.id === c.id);
  return hit ? { at: hit.from, to: hit.to, offset: toks[hit.from]!.start } : null;
}

/** A name: a capital first letter, or a small one before a capital ("iPhone", "eBay"). */
const capitalised = (sentence: string, t: Token) => /^(?:\p{Lu}|\p{Ll}\p{Lu})/u.test(sentence.slice(t.start, t.end));

/**
 * The figure named is a part's: a name just before it ("Converse revenues", "NIKE Direct revenues") that
 * is not the company's, or just after it ("Revenues for our NIKE Kids' business").
 */
function namesAPart(sentence: string, toks: Token[], named: { at: number; to: number }, company: string | undefined): boolean {
  const own = new Set(company ? tokens(company).map((t) => t.word) : []);
  const before = toks.slice(Math.max(0, named.at - 3), named.at).filter((t) => !OWN.has(t.word) && !own.has(t.word) && !/^\d/.test(t.word));
  if (before.some((t) => capitalised(sentence, t))) return true;
  // a word qualifying the figure right before it ("hardware revenues", "deferred revenue") makes it a part's
  const next = toks[named.at - 1];
  if (next && !OWN.has(next.word) && !own.has(next.word) && !/^\d/.test(next.word)) return true;
  // "Revenues from comparable licensed markets", "Revenues for our NIKE Kids' business": the figure of what follows
  const [link, ...rest] = toks.slice(named.to, named.to + 4);
  const what = rest.find((t) => !["our", "the", "its"].includes(t.word));
  return !!link && PART_AFTER.has(link.word) && !!what && !OWN.has(what.word) && !own.has(what.word) && !/^\d/.test(what.word);
}





/**
 * The sentence speaks of the year asked: "increased during 2022 compared to 2021" is 2022's move (the
 * first year it states), "down from 45% for 2023" in a 2024 report compares 2024 with 2023, and a
 * sentence stating no year speaks of its filing's year.
 */
function ofYearAsked(stated: string[], years: string[], filingYear: number | null): boolean {
  const own = filingYear !== null && years.includes(String(filingYear));
  if (!stated.length) return filingYear === null || own;
  if (Number(stated[0]) > Math.max(...years.map(Number))) return false;
  return stated.some((y) => years.includes(y)) || own;
}

/** Three figures in a row ("6 % 7 % 6 %", "$ 21,914 17 % $ 18,752"): a table the passage ran together with its prose. */
const FIGURE_RUN = /(?:[$(]?\s?\d[\d,.]*\)?\s?%?\s+){3,}/;

/** The first cause a sentence states: "due to", "driven by" …; "reflect" only as a clause of cause (", reflecting higher costs"), not "are reflected net of". */
function causeIn(sentence: string): number {
  for (const m of sentence.matchAll(new RegExp(CAUSAL.source, "gi"))) {
    if (!/^reflect/i.test(m[0]) || /(?:,|primarily|mainly|largely)\s*$/i.test(sentence.slice(0, m.index))) return m.index;
  }
  // "Devices revenue decreased $1.8 billion or 24% as customers bought fewer …": "as" after the move's amount
  const as = AS_CAUSE.exec(sentence);
  return as ? as.index + as[0].length - 3 : -1;
}

/** A move's amount, then "as" opening its cause (not "as well", "as compared", "as a percentage"). */
const AS_CAUSE = /(?:\d\s?%|\bbillion|\bmillion|\bbasis points|\bpoints)\s*,?\s+as\s(?!(?:well|compared|of|a percentage|percentage|a result|reported)\b)/i;

/**
 * The sentence explains the figure: it names it as its subject before a cause, and does not say it
 * moved the other way (for a quote another path found, held to the tool's own bar).
 */
export function explainsFigure(sentence: string, concept: Concept, ask: { direction?: Direction; company?: string; part?: boolean } = {}): boolean {
  const { direction } = ask;
  const cause = causeIn(sentence);
  const named = namesConcept(sentence, concept);
  if (cause < 0 || !named || named.offset > cause || named.at > SUBJECT_WORDS) return false;
  const toks = tokens(sentence);
  // the company's figure asked: a part's reason ("Europe revenue decreased … due to") explains the part
  if (!ask.part && namesAPart(sentence, toks, named, ask.company)) return false;
  const said = directionOf(toks.filter((t) => t.start >= named.offset && t.start < cause)) ?? directionOf(toks.slice(0, named.at));
  return !direction || !said || said === direction;
}

/** Words a sentence's subject may take before the figure it explains ("The year-over-year growth in R&D expense …"). */
const SUBJECT_WORDS = 8;

function candidate(sentence: string, full: string, page: Page, rank: number, ask: Ask, partTitle?: string): Explanation | null {
  const cause = causeIn(sentence);
  if (sentence.length > MAX_CHARS || cause < 0 || FIGURE_RUN.test(sentence) || /\bthe following table\b/i.test(sentence)) return null;
  const named = namesConcept(sentence, ask.concept);
  // the figure explained is the sentence's subject, before its cause ("Revenue decreased … due to …"), not inside it ("… due to a shift in earnings mix")
  if (!named || named.offset > cause || named.at > SUBJECT_WORDS) return null;
  const toks = tokens(sentence);
  const partStems = ask.part;
  // the part asked is in the subject too ("Services net sales increased … due to"), not among the causes, or heads the prose
  const subject = new Set([...toks.filter((t) => t.start < cause), ...(partTitle ? tokens(partTitle) : [])].map((t) => t.stem));
  if (partStems.length && partStems.filter((s) => subject.has(s)).length * 2 < partStems.length) return null;
  // the company's figure asked: a part's explains the part
  if (!partStems.length && (partTitle || namesAPart(sentence, toks, named, ask.company))) return null;
  const asked = ask.direction;
  // the way the figure moved is the verb after its name ("Gross margin increased … driven by … offset by a decline"), else a word before it ("the growth in R&D")
  const said = directionOf(toks.filter((t) => t.start >= named.offset && t.start < cause)) ?? directionOf(toks.slice(0, named.at));
  if (asked && said && asked !== said) return null;
  // the company's own figure: its name opens the sentence or follows only words like "Total"
  const own = !partStems.length && toks.slice(0, named.at).every((t) => OWN.has(t.word) || /^(?:19|20)\d\d$/.test(t.word));
  const years = ask.years;
  const stated: string[] = sentence.match(/\b(?:19|20)\d\d\b/g) ?? [];
  if (years.length && !ofYearAsked(stated, years, page.fiscalYear)) return null;
  const year = years.some((y) => stated.includes(y));
  const score = 2 + (said && said === asked ? 1 : 0) + (own ? 1 : 0) + (year ? 0.5 : 0) - rank * 0.005;
  return { text: full, head: sentence, document: page.document, page: page.page, citation: `(source: ${page.document}, p.${page.page})`, ...(said ? { direction: said } : {}), score };
}

const isTableRow = (words: string[]) => {
  const figures = words.filter((w) => /\d|^[%$€£()—–-]+$/.test(w)).length;
  return figures >= 2 && figures * 3 >= words.length;
};
const isTitle = (line: string, words: string[]) => words.length <= 6 && !/[.,;]$/.test(line) && words.every((w) => /^(?:\p{Lu}|\d|&|and|of|the|for|in|on|to)/u.test(w));

/** Words of an MD&A heading that name no part of the company ("Results of Operations", "Fiscal 2023 Highlights"). */
const REPORT_WORDS = new Set("overview highlights results operations operating summary discussion analysis comparison compared segment segments liquidity capital resources critical accounting estimates policies outlook executive item management's management financial condition fiscal year years quarter quarters ended versus vs consolidated selected data information other key metrics non-gaap measures reconciliation report interim annual quarterly release press letter shareholders statement statements performance developments significant events page".split(" "));

/** A heading that names a part of the company ("Greater China", "More Personal Computing"), not the report's own headings or a figure's name. */
function namesAPartTitle(title: string, company: string | undefined): boolean {
  const toks = tokens(title);
  const concepts = new Set(findConcepts(title, toks).flatMap((h) => toks.slice(h.from, h.to).map((t) => t.word)));
  const own = new Set(company ? tokens(company).map((t) => t.word) : []);
  return toks.some((t) => !concepts.has(t.word) && !own.has(t.word) && !REPORT_WORDS.has(t.word) && !GENERIC_WORDS.has(t.word) && !/^\d/.test(t.word));
}

/**
 * The prose's sentences (the one splitter), after breaking it where MD&A prose starts a sentence the
 * splitter keeps whole: at a name with a small first letter ("… products. iPhone net sales …") and at
 * a bullet set without a space ("•Gross margin increased …").
 */
function sentencesOf(prose: string): string[] {
  return prose
    .split(/(?<=[.!?])\s+(?=\p{Ll}\p{Lu})|\s(?=[•●▪◦]\S)/u)
    .flatMap((chunk) => sentencePieces(chunk))
    .map((x) => x.trim().replace(/^[•●▪◦*·]\s*/u, ""));
}

/** A sentence compared by its letters alone: "third- party" and "third-party" are one. */
const letters = (s: string) => s.toLowerCase().replace(/[^\p{L}]/gu, "");

interface Block {
  /** The heading the prose sits under on the page, if any. */
  title?: string;
  prose: string;
}

/** The page's prose in blocks by heading, less table rows: each sentence with the heading it sits under. */
function blocksOf(text: string): Block[] {
  const out: Block[] = [{ prose: "" }];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    const words = line.split(/\s+/).filter(Boolean);
    if (!words.length || isTableRow(words)) continue;
    if (isTitle(line, words)) out.push({ title: line, prose: "" });
    else out.at(-1)!.prose += ` ${line}`;
  }
  return out.filter((b) => b.prose.trim()).map((b) => ({ ...b, prose: b.prose.replace(/\s+/g, " ").trim() }));
}

/** "… was primarily due to:" — the reasons are the items that follow: up to three of them go with it. */
function withList(sentence: string, after: string[]): string {
  if (!/:\s*$/.test(sentence) || causeIn(sentence) < 0) return sentence;
  const items: string[] = [];
  for (const x of after.slice(0, 3)) {
    if (items.join(" ").length + x.length > MAX_CHARS) break;
    items.push(x.replace(/^[•●▪◦*-]\s*/u, ""));
  }
  return items.length ? `${sentence} ${items.join("; ")}` : sentence;
}


/**
 * The sentences after an explanation that go on with it ("Net revenues were also impacted by …",
 * "The decrease was partially offset by …"), up to a sentence about another figure.
 */
function continued(after: string[], ask: Ask): string {
  const out: string[] = [];
  for (const x of after.slice(0, 4)) {
    const toks = tokens(x);
    const subject = findConcepts(x, toks).find((h) => h.from <= SUBJECT_WORDS);
    // another figure, or the same figure of a part ("Hardware revenues increased …"), is another explanation
    if (subject && (subject.concept.id !== ask.concept.id || namesAPart(x, toks, { at: subject.from, to: subject.to }, ask.company))) break;
    if (causeIn(x) < 0 && !/\b(?:offset|impact\w*|also|partially|partly)\b/i.test(x)) break;
    if (out.join(" ").length + x.length > MAX_CHARS) break;
    out.push(x);
  }
  return out.length ? ` ${out.join(" ")}` : "";
}

/** Documents read at most: the period's own first, then later ones. */
const MAX_DOCUMENTS = 6;

/**
 * Documents that can explain the period asked: those of its year (its quarter's first), then later
 * ones, which compare it with the year before; with no period, the newest.
 */
function filingsFor(docs: ScopeDocument[], years: string[], part: string | undefined): ScopeDocument[] {
  const byRecency = [...docs].sort((a, b) => recencyOf(b) - recencyOf(a));
  if (!years.length) return byRecency.slice(0, MAX_DOCUMENTS);
  const first = Math.min(...years.map(Number));
  const rank = (d: ScopeDocument) => (d.fiscalYear === first ? (part && d.fiscalPeriod === part ? 0 : 1) : 2);
  const fitting = byRecency.filter((d) => !d.fiscalYear || d.fiscalYear >= first);
  return fitting.sort((a, b) => rank(a) - rank(b) || (a.fiscalYear ?? 9999) - (b.fiscalYear ?? 9999) || recencyOf(b) - recencyOf(a)).slice(0, MAX_DOCUMENTS);
}

/** Pages a document explains its figures on that are read whole; a report with no MD&A section (a quarterly report, a deck) is read up to this many. */
const WHOLE_DOCUMENT_PAGES = 60;

/** The document's MD&A pages; every page of one that has no such section. */
async function pagesOf(db: Queryable, doc: ScopeDocument): Promise<{ pages: Page[]; where: string }> {
  const mdna = await listSectionPages({ db, documentId: doc.id, section: "mdna" });
  const rows = mdna.length ? mdna : await listDocumentPages({ db, documentId: doc.id, limit: WHOLE_DOCUMENT_PAGES });
  const pages = rows.map((p) => ({ document: doc.filename, documentId: doc.id, fiscalYear: doc.fiscalYear, page: p.page_number, text: p.text }));
  return { pages, where: mdna.length ? " (MD&A)" : "" };
}

function readAsk(input: ExplanationsInput, company?: string): Ask | null {
  const figure = spellOut(input.figure.replace(/_/g, " "));
  const concept = findConcepts(figure)[0]?.concept;
  if (!concept) return null;
  const part = input.part ? tokens(spellOut(input.part)).filter((t) => !GENERIC_WORDS.has(t.word)).map((t) => t.stem) : [];
  const years = input.period?.match(/(?:19|20)\d\d/g) ?? [];
  return { concept, part, ...(company ? { company } : {}), ...(input.direction ? { direction: input.direction } : {}), years };
}

export async function runExplanations(deps: Deps, input: ExplanationsInput): Promise<ExplanationsOutput> {
  const scope = await resolveScope(deps.db, deps.dealId, { company: input.company });
  if (isScopeError(scope)) return { explanations: [], read: [], notes: [`The deal holds: ${scope.companies.join("; ")}.`], error: scope.error };
  const ask = readAsk(input, scope.company);
  const company = scope.company ? { company: scope.company } : {};
  if (!ask) return { ...company, explanations: [], read: [], notes: [`"${input.figure}" names no figure the catalog knows; search_documents reads passages by its words.`] };
  const found: Explanation[] = [];
  const read: string[] = [];
  const quarter = input.period?.match(/\b([QH][1-4])\b/i)?.[1]?.toUpperCase();
  for (const [n, doc] of filingsFor(scope.documents, ask.years, quarter).entries()) {
    const { pages, where } = await pagesOf(deps.db, doc);
    if (!pages.length) continue;
    read.push(`${doc.filename} pp.${pages[0]!.page}–${pages.at(-1)!.page}${where}`);
    // a sentence a filing prints twice ("The sales growth primarily reflects …") is each part's in turn, not the company's
    const seen = new Map<string, number>();
    const mine: Explanation[] = [];
    for (const [rank, page] of pages.entries()) {
      for (const block of blocksOf(page.text)) {
        // prose under a part's heading ("Greater China", "More Personal Computing") is that part's
        const partTitle = block.title && namesAPartTitle(block.title, ask.company) ? block.title : undefined;
        const pieces = sentencesOf(block.prose);
        for (const [i, s] of pieces.entries()) {
          seen.set(letters(s), (seen.get(letters(s)) ?? 0) + 1);
          if (s.length > MAX_CHARS) continue;
          // the year's own filing first: a later one explains the year only beside its own
          const x = candidate(s, withList(s, pieces.slice(i + 1)) + continued(pieces.slice(i + 1), ask), page, rank + n * 100, ask, partTitle);
          if (x && !mine.some((y) => y.text === x.text)) mine.push(x);
        }
      }
    }
    for (const x of mine) if ((seen.get(letters(x.head)) ?? 0) < 2 && !found.some((y) => y.text === x.text)) found.push(x);
  }
  const limit = Math.min(Math.max(input.limit ?? 4, 1), 10);
  const best = found.sort((a, b) => b.score - a.score).slice(0, limit);
  for (const x of best) {
    const doc = scope.documents.find((d) => d.filename === x.document);
    if (doc) deps.sources.add({ documentId: doc.id, document: x.document, page: x.page, excerpt: x.text.slice(0, 300) });
  }
  const notes = best.length ? [] : [`No sentence of ${read.join(", ") || "the filings' MD&A"} names ${ask.concept.label.toLowerCase()}${input.part ? ` of ${input.part}` : ""} with a cause${ask.years.length ? ` for ${ask.years.join(", ")}` : ""}.`];
  return { ...company, figure: ask.concept.label, ...(input.part ? { part: input.part } : {}), ...(input.period ? { period: input.period } : {}), explanations: best, read, notes };
}
