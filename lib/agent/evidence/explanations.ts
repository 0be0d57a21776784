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
import { listPartNames } from "@/lib/db/queries/evidence";
import { listDocumentPages, listSectionPages } from "@/lib/db/queries/pages";
import { causeAt } from "@/lib/answers/narrative/fit";
import { sentencePieces } from "@/lib/extraction/sentences";
import { spellOut } from "../concepts/abbreviations";
import { conceptById, type Concept } from "../concepts/catalog";
import { ratioParts } from "../concepts/ratio-parts";
import { directionOf, type Direction } from "../concepts/directions";
import { GENERIC_WORDS } from "../concepts/generic-words";
import { findConcepts, tokens, type Token } from "../concepts/match";
import { definedTerm } from "./defined-terms";
import { recencyOf } from "./passages";
import { isScopeError, resolveScope, type ScopeDocument, type EvidenceDeps } from "./scope";
import { isYearWord, yearWordsIn } from "@/lib/periods/years";

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
  /** The part the company's figure was explained by ("our Domestic segment"), whose own explanation this is. */
  ofPart?: string;
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
  /** Read whole: a document with no MD&A section (an earnings release, a deck). */
  whole?: boolean;
}

interface Ask {
  concept: Concept;
  part: string[];
  company?: string;
  direction?: Direction;
  years: string[];
  /** The quarter asked ("Q2"), if one is. */
  quarter?: string;
  /** The stems of the figure as asked ("selling informational administrative expenses"): a heading of these words is the figure's. */
  words: Set<string>;
  /** A figure the catalog does not know, read by its own words and initials ("SI&A"). */
  own?: OwnFigure;
  /** Initials the filings define for the part asked ("bds"), lower case: a subject writing them names the part. */
  aliases?: Set<string>;
}

interface OwnFigure {
  /** The words' stems in order, less "and", "of" … ("sell inform administr expens"); empty for initials alone until a label expands them. */
  stems: string[];
  /** The initials as letters ("sia"): of the words but a last head noun, or as asked. */
  initials: string;
}

const MAX_CHARS = 600;
/** Words before the figure's name that still make it the company's figure ("Total net revenues", "Consolidated revenue"). */
/** ("GAAP results", "recorded earnings": the basis the figure is reported on, no part of the company.) */
const OWN = new Set(["total", "consolidated", "net", "our", "the", "company", "company's", "group", "fiscal", "full", "year", "annual", "reported", "recorded", "gaap", "overall", "worldwide", "for", "in", "of", "and", "its", "this", "that", "these", "a", "an"]);
const PART_AFTER = new Set(["for", "of", "from", "in", "at"]);



/** Where the sentence names the concept (by any of its catalog terms), as a token index and a character offset. */
function namesConcept(sentence: string, c: Concept): { at: number; to: number; offset: number } | null {
  const toks = tokens(sentence);
  const hit = findConcepts(sentence, toks).find((h) => h.concept.id === c.id && !ofAnother(toks, h.from));
  return hit ? { at: hit.from, to: hit.to, offset: toks[hit.from]!.start } : null;
}

/** Words between "of" and a figure's name that still name the figure ("cost of net revenues" is the cost's). */
const OF_SKIP = new Set(["net", "total", "the", "our", "its", "consolidated"]);

/**
 * The name is another figure's: "cost of net revenues", "percentage of revenue" name the cost and the
 * percentage; "the increase of revenue" (a move of the figure) still names it.
 */
function ofAnother(toks: Token[], at: number): boolean {
  let i = at - 1;
  while (i >= 0 && OF_SKIP.has(toks[i]!.word)) i--;
  if (toks[i]?.word !== "of" || i < 1) return false;
  const head = toks[i - 1]!;
  return !OWN.has(head.word) && !directionOf([head]) && !/^(?:change|changes|level|amount)$/.test(head.word);
}

/** A name: a capital first letter, or a small one before a capital ("iPhone", "eBay"). */
const capitalised = (sentence: string, t: Token) => /^(?:\p{Lu}|\p{Ll}\p{Lu})/u.test(sentence.slice(t.start, t.end));

/**
 * The figure named is a part's: a name just before it ("Converse revenues", "NIKE Direct revenues") that
 * is not the company's, or just after it ("Revenues for our NIKE Kids' business").
 */
function namesAPart(sentence: string, toks: Token[], named: { at: number; to: number }, company: string | undefined): boolean {
  const own = new Set(company ? tokens(company).map((t) => t.word) : []);
  // words of the figure's own phrase: not across a comma or colon ("Excluding the above items, results …")
  const from = toks[named.at]?.start ?? 0;
  const phrase = toks.slice(Math.max(0, named.at - 3), named.at).filter((t) => !/[,;:()]/.test(sentence.slice(t.end, from)));
  const before = phrase.filter((t) => !OWN.has(t.word) && !own.has(t.word) && !/^\d/.test(t.word));
  if (before.some((t) => capitalised(sentence, t))) return true;
  // a word qualifying the figure right before it ("hardware revenues", "deferred revenue") makes it a part's
  const next = phrase.at(-1)?.end === toks[named.at - 1]?.end ? toks[named.at - 1] : undefined;
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

/** The first cause a sentence states (causeAt), or "as" after a move's amount ("decreased $1.8 billion or 24% as customers bought fewer …"). */
function causeIn(sentence: string): number {
  const at = causeAt(sentence);
  if (at >= 0) return at;
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
  if (cause < 0 || !named || named.offset > cause || !asSubject(sentence, named)) return false;
  const toks = tokens(sentence);
  // the company's figure asked: a part's reason ("Europe revenue decreased … due to") explains the part
  if (!ask.part && namesAPart(sentence, toks, named, ask.company)) return false;
  const said = directionOf(toks.filter((t) => t.start >= named.offset && t.start < cause)) ?? directionOf(toks.slice(0, named.at));
  return !direction || !said || said === direction;
}

/** Words a sentence's subject may take before the figure it explains ("The year-over-year growth in R&D expense …"). */
const SUBJECT_WORDS = 8;

/** A clause a sentence may open with before its subject ("Excluding the effects of currency rate fluctuations, our total revenues increased …"). */
const OPENING_CLAUSE = /^\s*(?:excluding|including|on an?|in|during|for|compared|as|overall|also|additionally|similarly|at constant)\b/i;

/** The figure named is the sentence's subject: within its first words, or right after an opening clause and its comma. */
function asSubject(sentence: string, named: { at: number; offset: number }): boolean {
  if (named.at <= SUBJECT_WORDS) return true;
  const comma = sentence.lastIndexOf(",", named.offset);
  return comma > 0 && OPENING_CLAUSE.test(sentence) && tokens(sentence.slice(comma + 1, named.offset)).length <= 3;
}

/** How a sentence names a quarter: "second quarter", "Q2", "three months ended" (any quarter's own three months). */
const QUARTER_WORDS: Record<string, RegExp> = {
  Q1: /\b(?:first quarter|Q1|three months)\b/i,
  Q2: /\b(?:second quarter|Q2|three months)\b/i,
  Q3: /\b(?:third quarter|Q3|three months)\b/i,
  Q4: /\b(?:fourth quarter|Q4|three months)\b/i,
};

/** A verb of a figure's move ("increased 81%", "declined", "grew"), or its noun ("an increase of 97%"). */
const MOVE_VERB = /\b(?:increas|decreas|rose|rise|rising|fell|fall|grew|grow|declin|improv|climb|drop|jump)\w*/i;

/** Figures a release's "results" stand for ("Excluding the above items, results reflected … driven primarily by …"). */
const RESULTS_FIGURES = new Set(["operating_income", "net_income", "eps_diluted", "eps_basic"]);

/** "results" as the subject of a sentence before its cause, where it stands for the earnings figures. */
function namesResults(sentence: string, cause: number): { at: number; to: number; offset: number } | null {
  const toks = tokens(sentence);
  const at = toks.findIndex((t, i) => i <= SUBJECT_WORDS && t.start < cause && (t.word === "results" || t.word === "result") && toks[i + 1]?.word !== "of");
  return at < 0 ? null : { at, to: at + 1, offset: toks[at]!.start };
}

/**
 * The sentences after a figure's move that state what it included or excluded ("Results included $18
 * million of restructuring charges.", "Excluding these charges, operating income increased 20%."): a
 * release's account of a move it gives no cause for.
 */
function itemsAfter(after: string[]): string {
  const out: string[] = [];
  for (const x of after.slice(0, 3)) {
    if (!itemises(x) || out.join(" ").length + x.length > MAX_CHARS) break;
    out.push(x);
  }
  return out.length ? ` ${out.join(" ")}` : "";
}

/** The clause after "and" when both sides of it say a figure moved by an amount: "A decreased 18% to $6.2 billion and B decreased 17% to $8.33". */
function secondMove(sentence: string): { before: string; text: string } | null {
  for (const m of sentence.matchAll(/,?\s+and\s+/g)) {
    const before = sentence.slice(0, m.index);
    const text = sentence.slice(m.index + m[0].length);
    if (MOVE_VERB.test(before) && MOVED_BY.test(before) && MOVE_VERB.test(text) && MOVED_BY.test(text) && /^\S/.test(text)) return { before, text };
  }
  return null;
}

/** A move's size: a percentage or an amount. */
const MOVED_BY = /\d\s?%|\$\s?\d|\d\s(?:million|billion|basis points)/i;

/** The sentence states what a move included or excluded: charges, gains, costs, items. */
const itemises = (x: string) => /\b(?:includ|exclud)\w*/i.test(x) && /\b(?:charges?|gains?|costs?|items?|impacts?|benefits?)\b/i.test(x);

/** Words a label's initials skip ("Selling, General and Administrative" is SG&A). */
const LINK_WORDS = new Set(["and", "of", "the", "&", "for", "on", "in", "to"]);
/** A label's last word that its initials leave out ("SG&A expenses"). */
const HEAD_NOUNS = new Set(["expense", "expenses", "cost", "costs", "income", "revenue", "revenues", "charges", "margin"]);

/** A figure the catalog does not know, by its words ("selling, informational and administrative expenses") or initials ("SI&A"). */
function ownFigure(figure: string): OwnFigure | undefined {
  const acronym = figure.trim().match(/^([A-Za-z](?:[&/]?[A-Za-z]){1,5})(?:\s+(?:expenses?|costs?))?$/);
  if (acronym && /[A-Z].*[A-Z]/.test(acronym[1]!) && !/\s/.test(acronym[1]!)) return { stems: [], initials: acronym[1]!.replace(/[&/]/g, "").toLowerCase() };
  const words = tokens(figure).filter((t) => !LINK_WORDS.has(t.word));
  if (words.length < 2) return words.length ? { stems: words.map((t) => t.stem), initials: "" } : undefined;
  const lettered = HEAD_NOUNS.has(words.at(-1)!.word) ? words.slice(0, -1) : words;
  return { stems: words.map((t) => t.stem), initials: lettered.length >= 2 ? lettered.map((t) => t.word[0]).join("") : "" };
}

/** Where a sentence names a figure the catalog does not know: its words in order (links between them skipped), or its initials ("SI&A"). */
function namesOwn(sentence: string, own: OwnFigure): { at: number; to: number; offset: number } | null {
  const toks = tokens(sentence);
  if (own.stems.length) {
    for (let i = 0; i < toks.length; i++) {
      let j = i;
      let k = 0;
      while (j < toks.length && k < own.stems.length) {
        if (toks[j]!.stem === own.stems[k]) k++;
        else if (!(k > 0 && LINK_WORDS.has(toks[j]!.word))) break;
        j++;
      }
      // the words but a last head noun ("Selling, informational and administrative increased …") still name it
      if (k === own.stems.length || (k >= 2 && k === own.stems.length - 1 && own.initials)) return { at: i, to: j, offset: toks[i]!.start };
    }
  }
  if (own.initials.length >= 2) {
    const re = new RegExp(`(?<![\\p{L}&])${own.initials.split("").join("[&/]?")}(?![\\p{L}&])`, "iu");
    const m = re.exec(sentence);
    if (m && /\p{Lu}.*\p{Lu}/u.test(m[0])) {
      const at = toks.findIndex((t) => t.end > m.index);
      const to = Math.max(at + 1, toks.findIndex((t) => t.start >= m.index + m[0].length));
      return at < 0 ? null : { at, to: to > at ? to : at + 1, offset: toks[at]!.start };
    }
  }
  return null;
}

/** The words a filing spells initials asked with ("Selling, informational and administrative" for "SI&A"), the most used. */
function spelledOut(pages: Page[], initials: string): string[] {
  const pattern = initials
    .split("")
    .map((c) => `${c}[\\p{L}-]+`)
    .join("(?:,?\\s+(?:and|&)\\s+|,\\s*|\\s+)");
  const re = new RegExp(`(?<!\\p{L})${pattern}(?!\\p{L})`, "giu");
  const count = new Map<string, number>();
  for (const p of pages) for (const m of p.text.matchAll(re)) if (/^\p{Lu}/u.test(m[0]) || /^\p{Ll}/u.test(m[0])) count.set(m[0].toLowerCase(), (count.get(m[0].toLowerCase()) ?? 0) + 1);
  const best = [...count].sort((a, b) => b[1] - a[1])[0];
  return best && best[1] >= 2 ? tokens(best[0]).filter((t) => !LINK_WORDS.has(t.word)).map((t) => t.stem) : [];
}

function candidate(sentence: string, full: string, page: Page, rank: number, ask: Ask, partTitle?: string, after: string[] = [], bullets = ""): Explanation | null {
  // "net income decreased 18% to $6.2 billion and diluted EPS decreased 17% to $8.33": a second figure's move is a sentence of its own
  const second = secondMove(sentence);
  if (second && !(ask.own ? namesOwn(second.before, ask.own) : namesConcept(second.before, ask.concept))) {
    return candidate(second.text, full.startsWith(sentence) ? second.text + full.slice(sentence.length) : full, page, rank, ask, partTitle, after, bullets);
  }
  let cause = causeIn(sentence);
  if (sentence.length > MAX_CHARS || FIGURE_RUN.test(sentence) || /\bthe following table\b/i.test(sentence)) return null;
  let named = ask.own ? namesOwn(sentence, ask.own) : namesConcept(sentence, ask.concept);
  let weight = 0;
  if (cause < 0) {
    // a move with no cause ("Consolidated operating income increased 81%.") and what it included or excluded after it,
    // or the list of its parts' moves and their causes that follows it
    const items = named && named.at <= SUBJECT_WORDS ? itemsAfter(after) || (bullets && ` ${bullets}`) : "";
    // a sentence (not a table's row run into prose) that says the figure moved, by how much
    const rest = sentence.slice(named ? tokens(sentence)[named.to - 1]!.end : 0);
    const moved = MOVE_VERB.test(rest) && MOVED_BY.test(rest) && /[.!]\W*$/.test(sentence);
    if (!items || !moved) return null;
    cause = sentence.length;
    full = sentence + items;
    weight = items === ` ${bullets}` ? -0.5 : -1;
  }
  // a release read whole: its "results" before a cause stand for its earnings figures
  if ((!named || named.offset > cause) && page.whole && RESULTS_FIGURES.has(ask.concept.id)) {
    named = namesResults(sentence, cause);
    weight = -1;
  }
  // the figure explained is the sentence's subject, before its cause ("Revenue decreased … due to …"), not inside it ("… due to a shift in earnings mix")
  if (!named || named.offset > cause || !asSubject(sentence, named)) return null;
  const toks = tokens(sentence);
  const partStems = ask.part;
  // the part asked is in the subject too ("Services net sales increased … due to"), not among the causes, or heads the prose
  const subject = new Set([...toks.filter((t) => t.start < cause), ...(partTitle ? tokens(partTitle) : [])].map((t) => t.stem));
  // (…or by the initials the filings define for it: "BDS" of "Defense, Space & Security")
  const byInitials = [...(ask.aliases ?? [])].some((a) => subject.has(a));
  if (partStems.length && partStems.filter((s) => subject.has(s)).length * 2 < partStems.length && !byInitials) return null;
  // the company's figure asked: a part's explains the part
  if (!partStems.length && (partTitle || namesAPart(sentence, toks, named, ask.company))) return null;
  const asked = ask.direction;
  // the way the figure moved is the verb after its name ("Gross margin increased … driven by … offset by a decline"), else a word before it ("the growth in R&D")
  const said = directionOf(toks.filter((t) => t.start >= named.offset && t.start < cause)) ?? directionOf(toks.slice(0, named.at));
  if (asked && said && asked !== said) return null;
  // the company's own figure: its name opens the sentence or follows only words like "Total"
  const own = !partStems.length && toks.slice(0, named.at).every((t) => OWN.has(t.word) || isYearWord(t.word));
  const years = ask.years;
  const stated: string[] = yearWordsIn(sentence);
  if (years.length && !ofYearAsked(stated, years, page.fiscalYear)) return null;
  const year = years.some((y) => stated.includes(y));
  // a quarter asked: the sentence about that quarter before one about the half or the year to date
  const quarter = ask.quarter && QUARTER_WORDS[ask.quarter]?.test(sentence) ? 0.25 : 0;
  const score = 2 + weight + (said && said === asked ? 1 : 0) + (own ? 1 : 0) + (year ? 0.5 : 0) + quarter - rank * 0.005;
  return { text: full, head: sentence, document: page.document, page: page.page, citation: `(source: ${page.document}, p.${page.page})`, ...(said ? { direction: said } : {}), score };
}

/**
 * A line of a table: a third of its words or more are figures or their signs. A name with a figure in
 * it ("KC-46A", "T-7A", "Q1") is a word: prose listing charges by programme is no table.
 */
const isTableRow = (words: string[]) => {
  // (a sentence of words with its figures, "Revenue decreased $5.2 billion or 9%.", is prose)
  if (/[.!?]$/.test(words.at(-1) ?? "") && words.filter((w) => /^\p{L}{2,}/u.test(w)).length >= 3) return false;
  const figures = words.filter((w) => /^[%$€£()—–-]+$/.test(w) || (/\d/.test(w) && !/\p{L}/u.test(w))).length;
  return figures >= 2 && figures * 3 >= words.length;
};
/** A heading: a short capitalised line that is not a sentence, with a word in it (not a bare page number). */
const isTitle = (line: string, words: string[]) =>
  !/[.,;]$/.test(line) && /\p{L}{2}/u.test(line) &&
  ((words.length <= 6 && words.every((w) => /^(?:\p{Lu}|\d|&|and|of|the|for|in|on|to)/u.test(w))) ||
    // (a longer heading printed in capitals: "NET INCOME AND DILUTED EARNINGS PER COMMON SHARE")
    (words.length <= 12 && !/\p{Ll}/u.test(line)));

/** Words of an MD&A heading that name no part of the company ("Results of Operations", "Fiscal 2023 Highlights"). */
const REPORT_WORDS = new Set("exhibit mix overview highlights results operations operating summary discussion analysis comparison compared segment segments liquidity capital resources critical accounting estimates policies outlook executive item management's management financial condition fiscal year years quarter quarters ended versus vs consolidated selected data information other key metrics non-gaap measures reconciliation report interim annual quarterly release press letter shareholders statement statements performance developments significant events page".split(" "));

/**
 * A heading that names a part of the company ("Greater China", "More Personal Computing"), not the
 * report's own headings or a figure's name; `said` are the stems of the figure asked (a heading
 * "Selling, Informational and Administrative Expenses" over that figure's explanation names it, not a part).
 */
function namesAPartTitle(title: string, company: string | undefined, said: Set<string> = new Set()): boolean {
  const toks = tokens(title);
  const concepts = new Set(findConcepts(title, toks).flatMap((h) => toks.slice(h.from, h.to).map((t) => t.word)));
  const own = new Set(company ? tokens(company).map((t) => t.word) : []);
  return toks.some((t) => !concepts.has(t.word) && !own.has(t.word) && !said.has(t.stem) && !REPORT_WORDS.has(t.word) && !GENERIC_WORDS.has(t.word) && !/^\d/.test(t.word));
}

/** Words that make a heading a part's section of the report ("Domestic Segment", "Segment Performance Summary"), under which a figure's heading is the part's. */
const SEGMENT_HEADING = /\b(?:segments?|divisions?)\b/i;

/**
 * The headings the prose sits under, carried from page to page of one document: a part's section
 * ("Domestic Segment") holds the figures' headings under it ("Gross Profit", "Selected Online Revenue
 * Data") until the next part's or a report heading ("Liquidity and Capital Resources"); a figure's
 * heading elsewhere, or a bare part's name ("Greater China"), starts over.
 */
interface HeadingContext {
  titles: string[];
  /** The first title heads a part's section that figures' headings sit under. */
  holds: boolean;
}

function underHeading(context: HeadingContext, title: string, company: string | undefined): HeadingContext {
  if (SEGMENT_HEADING.test(title)) return { titles: [title], holds: true };
  const figure = findConcepts(title).length > 0;
  if (figure) return { titles: context.holds ? [context.titles[0]!, title] : [title], holds: context.holds };
  return namesAPartTitle(title, company) ? { titles: [title], holds: false } : { titles: [], holds: false };
}

/**
 * The part the headings over the prose name, if they name one beyond the figure's own words. When the
 * deal's tables name its parts (`parts`: each label's stems), a heading names a part only if it holds
 * one of them or says "segment": a chart's legend ("Franchised restaurants") heads no part's prose.
 */
function partHeading(context: HeadingContext, figureWords: Set<string>, company: string | undefined, parts: string[][] = []): string | undefined {
  if (!context.titles.length) return undefined;
  const title = context.titles.join(" — ");
  if (!namesAPartTitle(title, company, figureWords)) return undefined;
  if (!parts.length || SEGMENT_HEADING.test(title)) return title;
  const have = new Set(tokens(title).map((t) => t.stem));
  return parts.some((p) => p.length > 0 && p.every((s) => have.has(s))) ? title : undefined;
}

/**
 * Lines a document prints on page after page ("Table of Contents", its name, "PART II"): page furniture,
 * not headings. A line at a page's top or foot on two pages of it, or anywhere on half its pages.
 */
function runningLines(pages: Page[]): Set<string> {
  const anywhere = new Map<string, number>();
  const edges = new Map<string, number>();
  for (const p of pages) {
    const lines = p.text.split("\n").map((l) => l.trim()).filter(Boolean);
    for (const line of new Set(lines)) anywhere.set(line, (anywhere.get(line) ?? 0) + 1);
    for (const line of new Set([...lines.slice(0, 3), ...lines.slice(-3)].map(folio))) if (/\p{L}/u.test(line)) edges.set(line, (edges.get(line) ?? 0) + 1);
  }
  const floor = Math.max(3, pages.length / 2);
  return new Set([...[...anywhere].filter(([, n]) => n >= floor), ...[...edges].filter(([, n]) => n >= 2)].map(([line]) => line));
}

/** A page's top or foot line with its page number left out ("MD&A 32" and "MD&A 33" are one running line). */
const folio = (line: string) => line.replace(/\d+/g, "#");
const isRunning = (running: Set<string>, line: string) => running.has(line) || running.has(folio(line));

/**
 * The prose's sentences (the one splitter), after breaking it where MD&A prose starts a sentence the
 * splitter keeps whole: at a name with a small first letter ("… products. iPhone net sales …") and at
 * a bullet set without a space ("•Gross margin increased …").
 */
function sentencesOf(prose: string): Piece[] {
  return prose
    .split(PARAGRAPH)
    .flatMap((paragraph) => paragraph.split(/(?<=[.!?])\s+(?=\p{Ll}\p{Lu})|\s(?=[•●▪◦]\S)/u))
    .flatMap((chunk, item) => (chunk.trim() ? sentencePieces(chunk).map((x) => ({ text: x.trim().replace(BULLET, ""), item, bullet: BULLET.test(chunk.trim()) })) : []))
    .filter((x) => x.text);
}

/** A sentence of the prose: `item` numbers its paragraph or list item, `bullet` says the item is a bulleted one. */
interface Piece {
  text: string;
  item: number;
  bullet: boolean;
}

/**
 * The bulleted list right after a sentence, when one follows and gives causes: the parts a move with
 * no cause of its own is broken into ("Revenue decreased $5.2 billion or 9%." then "• Windows revenue
 * decreased … driven by …", "• Devices revenue decreased … as …"), up to the length of a quote.
 */
function listAfter(items: Piece[], at: number): string {
  // (the sentence closes a paragraph of its own: a bullet's sentence is one of the list's items, not its head)
  const head = items[at]!;
  if (head.bullet) return "";
  // (…or a sentence or two more close it, and a lead-in opens the list: "… impact of $0.52 on EPS. ¶ 2022 results included: • …")
  const rest = items.slice(at + 1, at + 4).filter((x) => x.item === head.item);
  if (items[at + 1 + rest.length]?.item === head.item) return "";
  const leadIn = rest.length > 0 && LEAD_IN.test(rest.at(-1)!.text);
  if (rest.length && !leadIn) return "";
  const list = bulletsAfter(items.slice(at + 1 + rest.length), leadIn);
  return list ? [...rest.map((x) => x.text), list].join(" ") : "";
}

/** A short line that opens a list of what a result included: "2022 results included:", "The decrease reflected:". */
const LEAD_IN = /^[^.;]{0,60}\b(?:includ\w*|reflect\w*|driven by|due to|attributable to|consist\w* of)\s*(?:the following)?\s*:\s*$/i;

/** A lead-in run onto the end of a list's last item. */
const NEXT_LEAD_IN = /\s+(?=(?:\S+\s+){0,2}(?:includ\w*|reflect\w*)\s*:\s*$)\S/i;

/** `itemised`: a lead-in said the items are what the result included; else one of them must state a cause. */
function bulletsAfter(after: Piece[], itemised = false): string {
  const out: string[] = [];
  for (const x of after) {
    if (!x.bullet || out.join(" ").length + x.text.length > MAX_CHARS) break;
    // (the last item runs into the next list's lead-in: "… a tax audit in France 2021 results included:")
    const next = NEXT_LEAD_IN.exec(x.text);
    out.push(next ? x.text.slice(0, next.index) : x.text);
    if (next) break;
  }
  return itemised || out.some((x) => causeIn(x) >= 0) ? out.join(" ") : "";
}

const BULLET = /^[•●▪◦*·]\s*/u;

/** Where a table stood between two paragraphs of a block's prose. */
const PARAGRAPH = "\u2029";

/** A sentence compared by its letters alone: "third- party" and "third-party" are one. */
const letters = (s: string) => s.toLowerCase().replace(/[^\p{L}]/gu, "");

interface Block {
  /** The heading the prose sits under on the page, if any. */
  title?: string;
  prose: string;
}

/** A table's column head of periods ("Three Months Ended", "Fiscal 2024 Fiscal 2023", "July 29, 2023"), or a heading that only names the periods compared ("Fiscal 2021 Compared to Fiscal 2020"): not a part's or a figure's heading. */
const PERIOD_HEAD = /^(?:(?:three|six|nine|twelve|thirteen|fifty-two|fifty-three|months?|weeks?|ended|ending|as|of|at|and|compared|to|versus|vs|fiscal|year|years|quarters?|first|second|third|fourth|half|q[1-4]|h[12]|fy|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*|\d[\d,.]*)[\s,.]*)+$/i;

/**
 * The page's prose in blocks by heading, less table rows and the document's running lines: each
 * sentence with the heading it sits under (none for the page's opening block, which goes on under
 * the previous page's headings). A heading with no prose under it is kept, for the headings below it.
 * Short capitalised lines that head a table's columns are no headings: three or more in a row
 * ("Total Stores at" / "Beginning of" / "Second Quarter") but the first, periods ("Three Months
 * Ended"), or a label between two rows.
 */
function blocksOf(text: string, running: Set<string> = new Set()): Block[] {
  const raw = text.split("\n").map((x) => x.trim());
  const lines = raw
    // (a blank line after a sentence's end closes its paragraph: the prose after a bulleted list is no item of it)
    .map((line, i) => ({ line, blank: i > 0 && !raw[i - 1] && /[.!?:]$/.test(raw.slice(0, i).findLast(Boolean) ?? "") }))
    .filter(({ line }) => line && !isRunning(running, line))
    .map(({ line, blank }) => {
      const words = line.split(/\s+/);
      // a short line that ends no sentence ("Total Stores at") is a column head's piece when it is no heading
      const kind = isTableRow(words) ? "row" : isTitle(line, words) ? "title" : words.length <= 6 && !/[.,;:]$/.test(line) ? "short" : "prose";
      return { line, kind, blank };
    });
  const head = (k: string | undefined) => k === "title" || k === "short";
  const width = Math.max(0, ...lines.filter((l) => l.kind === "prose").map((l) => l.line.length));
  const out: Block[] = [{ prose: "" }];
  for (const [i, { line, kind }] of lines.entries()) {
    // a bullet starts a paragraph, and so does a capital after a short line that ends no sentence (a bullet's last line)
    const before = lines[i - 1];
    if (kind === "prose" && (/^[•●▪◦]/u.test(line) || lines[i]!.blank || (before && before.kind !== "row" && before.kind !== "title" && /^\p{Lu}/u.test(line) && !/[.!?:;]$/.test(before.line) && before.line.length < width * 0.7))) {
      out.at(-1)!.prose += ` ${PARAGRAPH} `;
    }
    // a table ends the paragraph before it ("… as follows ($ in millions):" is not the start of the sentence after the table)
    if (kind === "row") {
      out.at(-1)!.prose += ` ${PARAGRAPH} `;
      continue;
    }
    let from = i;
    let to = i;
    while (head(lines[from - 1]?.kind)) from--;
    while (head(lines[to + 1]?.kind)) to++;
    if (kind === "prose" || (kind === "short" && to - from < 2)) {
      out.at(-1)!.prose += ` ${line}`;
      continue;
    }
    if (kind === "short") continue;
    const betweenRows = lines[from - 1]?.kind === "row" && lines[to + 1]?.kind === "row";
    // the first line of a table's head is the table's heading ("NORTH AMERICA" over "(Dollars in millions)" / "FISCAL" …), unless prose introduced the table ("… as follows:")
    const tableHead = to - from >= 2 && (i > from || /:$/.test(lines[from - 1]?.line ?? ""));
    if (tableHead || betweenRows || PERIOD_HEAD.test(line)) continue;
    out.push({ title: line, prose: "" });
  }
  return out
    .map((b) => ({ ...b, prose: b.prose.replace(/[^\S\u2029]+/g, " ").replace(/\s*\u2029[\s\u2029]*/g, PARAGRAPH).replace(/^\u2029|\u2029$/g, "").trim() }))
    .filter((b) => b.title || b.prose);
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
    // (the figure after a leading "Excluding …," is the sentence's subject: "Excluding sales of X, revenues increased 6%, reflecting …")
    const main = x.replace(LEADING_BASIS, "");
    const toks = tokens(main);
    const subject = findConcepts(main, toks).find((h) => h.from <= SUBJECT_WORDS);
    // another figure, or the same figure of a part ("Hardware revenues increased …"), is another explanation
    // (…unless the sentence adds causes to the move before it: "Volume and mix and higher research and development also contributed to …")
    if (subject && !ADDS_CAUSE.test(x) && !itemises(x) && (subject.concept.id !== ask.concept.id || namesAPart(main, toks, { at: subject.from, to: subject.to }, ask.company))) break;
    // (…or itemises the charges or gains behind it: "Charges of fixed price development programs in 2022 included …")
    if (causeIn(x) < 0 && !/\b(?:offset|impact\w*|also|partially|partly)\b/i.test(x) && !itemises(x)) break;
    if (out.join(" ").length + x.length > MAX_CHARS) break;
    out.push(x);
  }
  return out.length ? ` ${out.join(" ")}` : "";
}

/** A sentence adding causes to the move before it ("… also contributed to the decline", "… were also impacted by"). */
const ADDS_CAUSE = /\balso (?:contribut|impact|affect|weigh|drove|driv)\w*|\bcontributed to the\b/i;

/** A sentence's opening clause that sets the basis of its figure ("Excluding the impact of …,", "On a constant-currency basis,"), up to its comma. */
const LEADING_BASIS = /^(?:excluding|absent|adjusting for|adjusted for|net of|on an? [\w-]+(?: [\w-]+)? basis|in constant currency|at constant currency)\b[^,]{0,200},\s*/i;

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
  const pages = rows.map((p) => ({ document: doc.filename, documentId: doc.id, fiscalYear: doc.fiscalYear, page: p.page_number, text: p.text, whole: !mdna.length }));
  return { pages, where: mdna.length ? " (MD&A)" : "" };
}

function readAsk(input: ExplanationsInput, company?: string): Ask | null {
  const figure = spellOut(input.figure.replace(/_/g, " "));
  const known = findConcepts(figure)[0]?.concept;
  // a figure the catalog does not know (a company's own line, "SI&A") is read by its own words
  const ownWords = known ? undefined : ownFigure(input.figure.replace(/_/g, " "));
  if (!known && !ownWords) return null;
  const concept: Concept = known ?? { id: `own:${input.figure}`, label: input.figure.trim(), kind: "amount", terms: [] };
  // the part's own name: "the Domestic segment" is "Domestic" (any segment's section says "segment")
  const named = input.part ? tokens(spellOut(input.part)).filter((t) => !GENERIC_WORDS.has(t.word)) : [];
  const own = named.filter((t) => !REPORT_WORDS.has(t.word));
  const part = (own.length ? own : named).map((t) => t.stem);
  const years = input.period?.match(/(?:19|20)\d\d/g) ?? [];
  const quarter = input.period?.match(/\b(Q[1-4])\b/i)?.[1]?.toUpperCase();
  const words = new Set(tokens(figure).map((t) => t.stem));
  return { concept, part, ...(company ? { company } : {}), ...(input.direction ? { direction: input.direction } : {}), years, ...(quarter ? { quarter } : {}), words, ...(ownWords ? { own: ownWords } : {}) };
}

/**
 * Part (segment, geography) names read from each tool deps' documents, by deal and document ids:
 * get_explanations is called several times a turn (again for a rate's numerator) over the same
 * documents. Kept for the deps' life only, a turn, not across turns: documents come and go.
 */
const PART_NAMES = new WeakMap<Deps, Map<string, { db: Deps["db"]; names: Promise<string[]> }>>();

/** The deal's part names in these documents (listPartNames), read once per deps, deal and documents. */
export function partNamesFor(deps: Deps, documentIds: string[]): Promise<string[]> {
  let byKey = PART_NAMES.get(deps);
  if (!byKey) PART_NAMES.set(deps, (byKey = new Map()));
  const key = JSON.stringify([deps.dealId, documentIds]);
  const had = byKey.get(key);
  if (had && had.db === deps.db) return had.names;
  const names = listPartNames({ db: deps.db, dealId: deps.dealId, documentIds });
  const entry = { db: deps.db, names };
  byKey.set(key, entry);
  // a failed read is not kept: the next call reads again, as before
  names.catch(() => byKey.get(key) === entry && byKey.delete(key));
  return names;
}

/** The sentences of the filings asked that name the figure with a cause, and the pages read. */
async function explanationsOf(deps: Deps, documents: ScopeDocument[], ask: Ask, quarter: string | undefined): Promise<{ found: Explanation[]; read: string[] }> {
  const found: Explanation[] = [];
  const read: string[] = [];
  const parts = (await partNamesFor(deps, documents.map((d) => d.id))).map((l) => tokens(l).filter((t) => !GENERIC_WORDS.has(t.word)).map((t) => t.stem));
  for (const [n, doc] of filingsFor(documents, ask.years, quarter).entries()) {
    const { pages, where } = await pagesOf(deps.db, doc);
    if (!pages.length) continue;
    // initials asked: the words this filing spells them with ("SI&A": "Selling, informational and administrative")
    if (ask.own && !ask.own.stems.length && ask.own.initials) {
      const stems = spelledOut(pages, ask.own.initials);
      if (stems.length) Object.assign(ask, { own: { ...ask.own, stems }, words: new Set([...ask.words, ...stems]) });
    }
    read.push(`${doc.filename} pp.${pages[0]!.page}–${pages.at(-1)!.page}${where}`);
    const first = scan(pages, ask, parts, n);
    let { mine, seen } = first;
    // a part the prose names only by the initials the filings define for it ("BDS" for "Defense, Space & Security")
    if (!mine.length && ask.part.length && first.initials.size) {
      const aliases = await partAliases(deps, documents, [...first.initials], ask);
      if (aliases.size) ({ mine, seen } = scan(pages, { ...ask, aliases }, parts, n));
    }
    for (const x of mine) if ((seen.get(letters(x.head)) ?? 0) < 2 && !found.some((y) => y.text === x.text)) found.push(x);
  }
  return { found, read };
}

/**
 * One filing's explaining sentences, each sentence's count (a sentence a filing prints twice, "The
 * sales growth primarily reflects …", is each part's in turn, not the company's), and the initials
 * written before the figure in sentences the part asked did not pass ("BDS loss from operations").
 */
function scan(pages: Page[], ask: Ask, parts: string[][], n: number): { mine: Explanation[]; seen: Map<string, number>; initials: Set<string> } {
  const seen = new Map<string, number>();
  const mine: Explanation[] = [];
  const initials = new Set<string>();
  const running = runningLines(pages);
  let context: HeadingContext = { titles: [], holds: false };
  for (const [rank, page] of pages.entries()) {
    // the headings go on over the next page, not over a gap in the pages read
    if (rank > 0 && page.page !== pages[rank - 1]!.page + 1) context = { titles: [], holds: false };
    for (const block of blocksOf(page.text, running)) {
      if (block.title) context = underHeading(context, block.title, ask.company);
      const items = sentencesOf(block.prose);
      const pieces = items.map((x) => x.text);
      for (const [i, s] of pieces.entries()) {
        seen.set(letters(s), (seen.get(letters(s)) ?? 0) + 1);
        if (s.length > MAX_CHARS) continue;
        // prose under a part's heading ("Greater China", "Domestic Segment" a page before) is that part's
        const partTitle = partHeading(context, ask.words, ask.company, parts);
        // the year's own filing first: a later one explains the year only beside its own
        const x = candidate(s, withList(s, pieces.slice(i + 1)) + continued(pieces.slice(i + 1), ask), page, rank + n * 100, ask, partTitle, pieces.slice(i + 1), listAfter(items, i));
        if (x && !mine.some((y) => y.text === x.text)) mine.push(x);
        else if (!x && ask.part.length) for (const w of initialsBeforeFigure(s, ask)) initials.add(w);
      }
    }
  }
  return { mine, seen, initials };
}

/** Upper-case initials in the words before the figure's name ("BDS" in "BDS loss from operations in 2022 …"). */
function initialsBeforeFigure(sentence: string, ask: Ask): string[] {
  const named = ask.own ? namesOwn(sentence, ask.own) : namesConcept(sentence, ask.concept);
  if (!named || named.at > SUBJECT_WORDS) return [];
  return sentence.slice(0, named.offset).match(/(?<![\p{L}&])\p{Lu}[\p{Lu}&]{1,4}(?![\p{L}&])/gu) ?? [];
}

/** Of the initials met, those the deal's filings define as a name holding every word of the part asked, lower case. */
async function partAliases(deps: Deps, documents: ScopeDocument[], initials: string[], ask: Ask): Promise<Set<string>> {
  const out = new Set<string>();
  for (const term of initials.slice(0, 6)) {
    const spelled = await definedTerm(deps.db, deps.dealId, documents.map((d) => d.id), term, ask.company);
    const stems = new Set(tokens(spelled ?? "").map((t) => t.stem));
    if (spelled && ask.part.every((s) => stems.has(s))) out.add(term.toLowerCase());
  }
  return out;
}

/**
 * An explanation quoted whole inside a longer one (a list item's "Windows revenue decreased … driven
 * by …" inside "Revenue decreased $5.2 billion or 9%. Windows revenue …") is that one's: it goes, and
 * the longer one ranks as the better of the two.
 */
function absorbed(found: Explanation[]): Explanation[] {
  const inside = (x: Explanation, y: Explanation) => y !== x && y.text.length > x.text.length && y.text.includes(x.head);
  return found.filter((x) => !found.some((y) => inside(x, y))).map((y) => ({ ...y, score: Math.max(y.score, ...found.filter((x) => inside(x, y)).map((x) => x.score)) }));
}

/** Words a cause naming only a part says beside its name ("primarily driven by our Domestic segment"). */
const PART_CAUSE_WORDS = new Set("our its the primarily mainly largely principally substantially entirely driven by due to attributable reflecting reflects reflected result of from in segment segments business businesses division divisions operations unit units group".split(" "));

/**
 * The part a sentence gives as the whole cause of the company's figure ("… were primarily driven by
 * our Domestic segment."), and that part's own explanations of the figure; none when the cause says more.
 */
async function partCauses(deps: Deps, documents: ScopeDocument[], ask: Ask, quarter: string | undefined, best: Explanation): Promise<Explanation[] | undefined> {
  const at = causeIn(best.head);
  const cause = tokens(best.head.slice(at).split(/[.;]/, 1)[0]!).filter((t) => !PART_CAUSE_WORDS.has(t.word) && !GENERIC_WORDS.has(t.word));
  if (at < 0 || !cause.length) return undefined;
  const stemsOf = (label: string) => tokens(label).filter((t) => !GENERIC_WORDS.has(t.word) && !REPORT_WORDS.has(t.word)).map((t) => t.stem);
  const label = (await partNamesFor(deps, documents.map((d) => d.id))).find((l) => {
    const stems = stemsOf(l);
    return stems.length > 0 && cause.every((t) => stems.includes(t.stem)) && stems.every((x) => cause.some((t) => t.stem === x));
  });
  if (!label) return undefined;
  const { found } = await explanationsOf(deps, documents, { ...ask, part: stemsOf(label) }, quarter);
  return absorbed(found).sort((a, b) => b.score - a.score).slice(0, 2).map((x) => ({ ...x, ofPart: label }));
}

export async function runExplanations(deps: Deps, input: ExplanationsInput): Promise<ExplanationsOutput> {
  const scope = await resolveScope(deps.db, deps.dealId, { company: input.company });
  if (isScopeError(scope)) return { explanations: [], read: [], notes: [`The deal holds: ${scope.companies.join("; ")}.`], error: scope.error };
  const ask = readAsk(input, scope.company);
  const company = scope.company ? { company: scope.company } : {};
  if (!ask) return { ...company, explanations: [], read: [], notes: [`"${input.figure}" names no figure the catalog knows; search_documents reads passages by its words.`] };
  const quarter = input.period?.match(/\b([QH][1-4])\b/i)?.[1]?.toUpperCase();
  let { found, read } = await explanationsOf(deps, scope.documents, ask, quarter);
  // a part's profit or loss that the filings explain only as its operating earnings (most parts report no net income of
  // their own: "why did the defense business lose money"); a part that does report one is read as asked first
  const operating = !found.length && input.part && ask.concept.ofPart ? conceptById(ask.concept.ofPart) : undefined;
  if (operating) {
    const again = await explanationsOf(deps, scope.documents, { ...ask, concept: operating, words: new Set(tokens(operating.terms[0]!).map((t) => t.stem)) }, quarter);
    if (again.found.length) ({ found, read } = again);
  }
  const asOperating = operating && found.length ? operating : undefined;
  // a rate the filing explains only through its numerator: the numerator's causes, said so
  const numerator = found.length ? undefined : ratioParts(ask.concept)?.top;
  let through: string | undefined;
  if (numerator) {
    const again = await explanationsOf(deps, scope.documents, { ...ask, concept: numerator, words: new Set(tokens(numerator.terms[0]!).map((t) => t.stem)), direction: undefined }, quarter);
    if (again.found.length) ({ found, read, through } = { ...again, through: numerator.label });
  }
  const limit = Math.min(Math.max(input.limit ?? 4, 1), 10);
  let best = absorbed(found).sort((a, b) => b.score - a.score).slice(0, limit);
  // "… rate changes were primarily driven by our Domestic segment": the company's figure explained by a part alone is
  // explained by that part's own reasons, which follow the sentence naming it
  const byPart = !input.part && best[0] ? await partCauses(deps, scope.documents, ask, quarter, best[0]) : undefined;
  if (byPart?.length) best = [best[0]!, ...byPart, ...best.slice(1).filter((x) => !byPart.some((y) => y.text === x.text))].slice(0, limit);
  for (const x of best) {
    const doc = scope.documents.find((d) => d.filename === x.document);
    if (doc) deps.sources.add({ documentId: doc.id, document: x.document, page: x.page, excerpt: x.text.slice(0, 300) });
  }
  const notes = through ? [`No sentence names ${ask.concept.label.toLowerCase()} with a cause; these explain ${through.toLowerCase()}, the rate's numerator, and the rate moves with it.`] : best.length ? [] : [`No sentence of ${read.join(", ") || "the filings' MD&A"} names ${ask.concept.label.toLowerCase()}${input.part ? ` of ${input.part}` : ""} with a cause${ask.years.length ? ` for ${ask.years.join(", ")}` : ""}.`];
  if (asOperating) notes.push(`No sentence explains ${ask.concept.label.toLowerCase()} of ${input.part}; these explain its ${asOperating.label.toLowerCase()}, the profit or loss a part reports.`);
  return { ...company, figure: ask.concept.label, ...(input.part ? { part: input.part } : {}), ...(input.period ? { period: input.period } : {}), explanations: best, read, notes };
}
