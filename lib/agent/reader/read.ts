/**
 * The question reader: a question (and the conversation before it) read into slots, the same
 * typed slots a remote model fills when it calls the evidence tools.
 * - concept: the catalog's concepts the question names, by stems (lib/agent/concepts);
 * - company: a company of the data room named anywhere in the question ("verizon revenue 2022");
 * - periods: years and quarters (lib/periods), "last year" / "now" / "latest" kept as words for the
 *   tools to read against the filings, never against today's date;
 * - aggregate: a growth or a change when asked; several years → a series;
 * - format: decimals and scale asked;
 * - follow-up: a turn that names no concept ("and the year before?", "what about 2021?") carries the
 *   last turn's concept and company and shifts or replaces its period.
 * The reader resolves nothing it cannot: a slot it does not find stays empty, and the caller
 * decides whether the question can be answered from evidence or must be answered by searching.
 */
import { classifyQuestion } from "@/lib/answers/narrative/answer-type";
import { companyAliases, companyKey, coreWords } from "@/lib/ingest/metadata-company-key";
import { CATALOG } from "@/lib/metrics/catalog";
import { itemsOf } from "@/lib/metrics/expr";
import type { Expr } from "@/lib/metrics/types";
import { cleanQuestion } from "@/lib/metrics/question";
import { FORMULA_OPERATOR, spellWordOperators } from "@/lib/metrics/definition";
import { readAnswerFormat } from "@/lib/metrics/ask-format";
import { periodMentions, periodRange, yearsBetween } from "@/lib/metrics/periods";
import { normalise } from "@/lib/metrics/terms";
import { asksPresent, parsePeriod, presentSpans, readPeriodRequest, shiftLabelYear, withYearBefore, yearsEarlier } from "@/lib/periods";
import { monthName, monthNumber, monthWords, year4 } from "@/lib/periods/months";
import { LINE_ITEMS, type LineItemKey } from "@/lib/statements/types";
import { CONCEPTS, conceptById, type Concept } from "../concepts/catalog";
import { spellOut } from "../concepts/abbreviations";
import { ratioParts } from "../concepts/ratio-parts";
import { stemWord } from "@/lib/search/stemming";
import { FIGURE_HEADS, GENERIC_WORDS, GRAMMAR_WORDS, MEASURE_WORDS } from "../concepts/generic-words";
import { comparativeDirection, directionOf, isDirectionWord, isSignWord, isSizeVerb, namesBothDirections, reversed, signAsked, spellComparisonSigns, thresholdAsked, type Asked, type Sign, type Threshold } from "../concepts/directions";
import { findConcepts, tokens, type ConceptHit, type Token } from "../concepts/match";
import { placeNamesOf } from "../concepts/part-names";
import { CONSTANT_CURRENCY, CONSTANT_CURRENCY_ALL } from "../concepts/answer-words";
import { correctedWord, englishNeighbours, withinOneEdit } from "@/lib/search/typos";
import { ENGLISH_NEIGHBOURS } from "./english-neighbours";
import { isYearWord, yearOfLabel } from "@/lib/periods/years";

export interface Reading {
  /** The question as the reader spelled it out ("hw" → "hardware"), less a yes/no's value (read as `threshold`). */
  text: string;
  /** What a passage search reads: the spelled-out text with the value a yes/no sets said back ("…, more than 10%?"), which a deciding sentence names. */
  searchText: string;
  concepts: Concept[];
  /** The data room company the question names. */
  company?: string;
  /** The question's words naming that company ("orcl", "oracle's"): never a qualifier of the figure. */
  companyWords?: string[];
  /** Period words for the tools: "FY2022", "Q3 2023", "latest", "prior year". */
  periods: string[];
  aggregate?: "growth" | "change" | "series" | "average" | "cagr";
  decimals?: number;
  scale?: "thousands" | "millions" | "billions";
  /** Asks for an overview ("tell me about", "what do we know about"): more than one fact. */
  synthesis: boolean;
  /** Asks what someone did or said ("what did the board decide"): a passage answers, not a figure. */
  narrative: boolean;
  /** The question names a reporting segment ("the U.S. segment"). */
  segment: boolean;
  /** A follow-up whose period cannot be read without asking ("last year" after a quarter: the same quarter or the year?). */
  ambiguous?: boolean;
  /** The question defines the metric itself. */
  defines: boolean;
  /** The definition scales a quotient or adds terms ("365 × AP / COGS"): more than one line over another. */
  definesMore?: boolean;
  /** The formula the question states, as written ("fy21 cogs / avg inventory (fy20, fy21)"), and the name it gives it. */
  formula?: { text: string; name: string };
  /** A yes/no question ("did they …", "is it …", "japan sales down in 2022?"). */
  polar: boolean;
  /** The way the question says a figure moved ("down", "improve", "rise"): a change two periods decide. */
  direction?: Asked;
  /** A yes/no asking which side of zero the figure is on ("was it in the red in 2017?", "still profitable?"). */
  sign?: Sign;
  /** A yes/no asking whether the figure is above or below a value the question names ("did they clear $7bn in revenue?"). */
  threshold?: Threshold;
  /** Asks why or how: a reason, which a figure never is. */
  reason: boolean;
  /** Two parts asked against each other ("domestic or international", "optical vs display … which did better"): each side's words. */
  pair?: [string, string];
  /** A reason asked with the size of the move ("why did comps tank and by how much"): both are answered. */
  sizeToo?: boolean;
  /**
   * The part of the company asked about: the question's words beyond its concept, company, period
   * and generic words ("iPhone", "Greater China", "Space segment"). A company total never answers it.
   */
  scope?: string;
  /**
   * The words of a question naming no catalog concept, beyond its company, periods and generic
   * words ("streaming content obligations", "paid memberships"): a figure the deal's own tables may
   * label so.
   */
  label?: string;
  /**
   * The scope is a named part: a proper name as the analyst wrote it ("iPhone", "Greater China",
   * "Slack"), or the question says it is a segment. Plain nouns left over ("shares", "customers",
   * "charges") qualify the figure without naming a part of the company.
   */
  namedPart?: boolean;
  /** The label is a figure named by generic nouns ("take rate"), not a part of the company. */
  labelNamesFigure?: boolean;
  /**
   * A longer name than the catalog's word the question's concept was read from ("operating overhead
   * expense", read as SG&A by "overhead"): the deal's own row by that name answers first.
   */
  printedName?: string;
  /** Fiscal years the conversation has named up to this turn (a follow-up's change runs across them). */
  seen?: string[];
  /** A part's share of the whole asked ("what % of restaurants are franchised"), which a follow-up naming another part carries ("and company-operated?"). */
  partShare?: boolean;
  /** A ratio a follow-up carries: its two concepts, numerator first, asked as a percentage or a plain ratio. */
  ratioOf?: "percent" | "ratio";
  /**
   * The change is asked at constant currency ("growth in cc", "ex-fx", "currency-neutral"): the
   * filing's constant-currency change, never the reported one in its place.
   */
  basis?: "constant_currency";
  /** Carried from the previous turn (concept, company or periods). */
  followUp?: { from: string; carried: Array<"concept" | "company" | "periods"> };
}

/** Words of a question's grammar the generic list leaves out (articles of speech, not of content). */
const STOP = new Set(["not", "no", "yes", "if", "so", "too", "than", "into", "onto", "out", "off", "all", "each", "every", "some", "same", "other", "such", "like", "just", "very", "way", "ways", "thing", "things", "kind", "sort", "lot", "bit", "ok", "okay", "hey", "hi", "thanks"]);

/** "How does the utility generate its revenues?": a description, not a figure ("how much", "how many" are figures). */
/** "what is one fedex about", "what's the plan all about": a description of what is named, never a figure. */
const ABOUT = /^\W*(?:\p{L}+\W+){0,3}?(?:what|what's|whats|what’s)\b.*\b(?:all )?about\s*\W*$/iu;
const HOW_DOES = /^\s*how (?:does|do|did|is|are|was|were|has|have)\b/i;
/** "The X segment": the scope is a reporting segment, whose rows sit in segment tables. */
/** "How did X do / perform / fare": how a figure went. */
const PERFORMED = /^\s*how (?:did|does|do|has|have|is|are|was|were)\b.{0,60}?\b(?:do|doing|done|perform(?:ed|ing)?|fare[d]?|faring|go|going|gone)\b/i;
const FIGURE_KIND = new Set(["amount", "percent", "ratio", "count", "per_share"]);
const SEGMENT = /\bsegments?\b|\bbusiness (?:unit|group)s?\b|\bdivisions?\b/i;
const SYNTHESIS = /\b(?:tell me about|what do (?:we|you) know|overview|summar(?:y|ise|ize)|walk me through|describe|background on|profile of)\b/i;
/** Verbs of what someone did or said: "what did the board decide", "what does management expect". */
const NARRATIVE = /\b(?:decide[ds]?|decision|say|says|said|announce[ds]?|mention(?:s|ed)?|discuss(?:es|ed)?|explain(?:s|ed)?|approve[ds]?|plan(?:s|ned)? to|intend[s]?|expect[s]?|think[s]?|believe[s]?|comment(?:s|ed)?|note[d]?|highlight(?:s|ed)?|drive[ns]?|drove|driver[s]?|cause[ds]?|impact(?:s|ed)?)\b(?![-‐])/i;

/** A verb of a business growing or shrinking ("did apac grow", "how fast did it shrink"). */
const GROWTH = /\b(?:growth|grow|grew|growing|increase[ds]?|decrease[ds]?|decline[ds]?|yoy|y\/y|year[- ]over[- ]year)\b/i;
const CHANGE_WORD = /\b(?:change[ds]?|difference|move[ds]?)\b|\bhow much (?:smaller|bigger|larger|higher|lower|more|less)\b/i;
/** A change asked; "how many units did they move": in a count, moving is selling, not a change. */
const changeAsked = (text: string) => CHANGE_WORD.test(/\bhow many\b/i.test(text) ? text.replace(/\bmove[ds]?\b/gi, "") : text);
/** "how much did it …", "by how much", "how far": the size of a move asked. */
const HOW_MUCH_MOVED = /\bhow (?:much|far)\b/i;
const CAGR = /\bcagr\b|\bcompound(?:ed)? annual\b/i;
/** "By what percent did X change", "% change": a relative change, whatever verb says it. */
const PERCENT_CHANGE = /\b(?:by )?what (?:percentage|percent|%)(?![\w%])(?!\s+of\b)|%\s*change\b|\bpercent(?:age)? change\b|\bchange in percent\b/i;
/** "… / total …", "over the total", "divided by total": a figure over the company's total of it. */
const OVER_TOTAL = /(?:\/|\bover\b|\bdivided by\b)\s*(?:the\s+)?(?:company'?s?\s+)?total\b/i;
const IN_PERCENT = /\bin\s*(?:%|percent(?:age)?s?\b)|\bas an? (?:%|percent(?:age)?\b)|[\s,(]%\s*\)?\s*\??\s*$/i;
/** "YoY", "y/y": a relative change, whichever noun says it ("yoy revenue change"). */
const YOY = /\byoy\b|\by\/y\b|\byear[- ]over[- ]year\b/i;
const AVERAGE = /\baverage\b|\bavg\b|\bmean\b/i;
// ("minus capex?", "net of capex": a turn opening with a formula's operator works on the figure before it)
const FOLLOW_UP = /^\s*(?:and|what about|how about|same for|also|then|ok(?:ay)?,?\s+and|less|minus|plus|net of|after)\b|^\s*(?:the\s+)?(?:year|quarter) before\b|^\s*(?:prior|previous) year\b/i;
const YEAR_BEFORE = /\b(?:the\s+)?(?:year|one) before\b|\b(?:prior|previous) year\b|\ba year earlier\b|\blast year'?s?\b/i;
const COMPARE = /\b(?:compare[sd]?|comparison|vs\.?|versus|against|relative to)\b/i;
const YEAR_AFTER = /\b(?:the\s+)?(?:following|next|subsequent) (?:fiscal )?year\b|\ba year later\b|\b(?:the\s+)?(?:year|one) after\b/i;
const LAST_YEAR = /\b(?:last|past|previous) (?:fiscal )?year\b/i;
const SCALE_NAME: Record<number, "thousands" | "millions" | "billions"> = { 1e3: "thousands", 1e6: "millions", 1e9: "billions" };

/**
 * Years, quarters and halves the text names, in order (lib/metrics/periods); two joined by "to" or
 * "-" as every year between; a day ("at 30 September 2024") as that day (lib/periods). A period said
 * twice, by its fiscal name and by its last day ("Q1 FY24 (quarter ended April 30, 2023)"), is the
 * first of the two.
 */
export function periodsIn(text: string): string[] {
  const t = normalise(text);
  const mentions = periodMentions(t);
  const range = mentions.length === 2 ? periodRange(t, mentions) : undefined;
  if (range) return yearsBetween(range[0], range[1]);
  const kinds = new Set<string>();
  const labels: string[] = [];
  for (const m of mentions) {
    const p = parsePeriod(m.label);
    const said = p?.endedOn ? p.kind : undefined;
    if (said && kinds.has(said)) continue;
    if (p && !p.endedOn) kinds.add(p.kind);
    if (!labels.includes(m.label)) labels.push(m.label);
  }
  const day = readPeriodRequest(text).exact;
  if (day?.kind === "point") return [...labels.filter((l) => l !== `FY${day.year}`), day.label];
  return labels.length || !day ? labels : [day.label];
}

const ORDINAL_QUARTER: Record<string, string> = { first: "1", second: "2", third: "3", fourth: "4", "1st": "1", "2nd": "2", "3rd": "3", "4th": "4" };
const BARE_QUARTER = /\b(?:q([1-4])|(first|second|third|fourth|1st|2nd|3rd|4th) (?:fiscal )?quarter)\b/i;
const BARE_HALF = /\b(?:h([12])|(first|second) half)\b/i;
/** Two digits (a year this side of 2040) ending the question, right after a figure's name. */
function yearAfterFigure(text: string, hits: ConceptHit[]): string[] {
  const m = /\s(\d\d)\s*[?.!]*\s*$/.exec(text);
  if (!m || Number(m[1]) > 39) return [];
  const toks = tokens(text);
  const at = toks.findIndex((t) => t.start === m.index + 1);
  return at > 0 && hits.some((h) => h.to === at && !h.viaPhrase) ? [`FY${year4(m[1]!)}`] : [];
}

/** "the june quarter", "june-quarter '23", "sept qtr": the quarter ending in that month. */
/** "the june quarter", "sept qtr '22", "the quarter ending june 2023" (a day named is a date, read elsewhere). */
const MONTH_QUARTER = new RegExp(String.raw`\b(?:(${monthWords({ abbreviated: true })})\.?[- ]?(?:quarter|qtr)|(?:quarter|qtr)\s+(?:ending|ended)\s+(?:in\s+)?(${monthWords({ abbreviated: true })})\.?(?!\s*\d{1,2}\b))\b(?:\s*(?:of\s+)?['’]?((?:19|20)?\d{2})\b)?`, "i");
// ("most recent quarterly revenue", "latest qtrly dividend": the newest quarter's figure)
const THIS_QUARTER = /\b(?:this|the|latest|last|most recent|current) (?:fiscal )?quarter\b|\b(?:latest|last|most recent|current|recent) (?:quarterly|qtrly)\b/i;

/**
 * A quarter named without its year ("ebay q1 gmv", "revenue in the first quarter", "gross margin
 * this quarter"): "Q1", "H1", "latest quarter", words the tools read against the documents' own
 * quarters (the newest such quarter they report), never against today's date.
 */
function quarterWithoutYear(text: string): string[] {
  const m = MONTH_QUARTER.exec(text);
  if (m) return [`quarter ending ${monthName(monthNumber((m[1] ?? m[2])!))}${m[3] ? ` ${year4(m[3])}` : ""}`];
  const q = BARE_QUARTER.exec(text);
  if (q) return [`Q${q[1] ?? ORDINAL_QUARTER[q[2]!.toLowerCase()]}`];
  const h = BARE_HALF.exec(text);
  if (h) return [`H${h[1] ?? (h[2]!.toLowerCase() === "first" ? "1" : "2")}`];
  return THIS_QUARTER.test(text) ? ["latest quarter"] : [];
}

/**
 * A data room company: its name, and the tickers its filings' cover pages print ("AMZN"), which an
 * analyst types as often as the name ("amzn net income 2019").
 */
export type RoomCompany = string | { name: string; tickers?: readonly string[] };
const nameOf = (c: RoomCompany) => (typeof c === "string" ? c : c.name);
const tickersOf = (c: RoomCompany) => (typeof c === "string" ? [] : (c.tickers ?? []));

/** A company name's words without its legal form ("VERIZON COMMUNICATIONS INC" → verizon, communications), as names are keyed ("PG&E" → pge, "McDonald's" → mcdonalds). */
function nameWords(company: string): string[] {
  return coreWords(company).filter((w) => w.length >= 2);
}

/** A word of the question keyed as company names are ("pg&e" → pge; "mcdonald" stays, its name key is matched possessive-free too). */
const wordKey = (w: string) => companyKey(w) || w;

/**
 * The question's tokens that are one of the company's tickers: as printed ("MSFT"), or typed in
 * lower case when the ticker is no word of a question ("msft", "ba", never "it" or "all" for IT or ALL).
 */
function tickerTokens(text: string, toks: Token[], company: RoomCompany): Set<string> {
  const out = new Set<string>();
  const tickers = tickersOf(company).map((t) => t.toLowerCase().replace(/[^a-z0-9]/g, ""));
  for (const t of toks) {
    if (!tickers.includes(t.word)) continue;
    const typed = text.slice(t.start, t.end);
    if (typed === typed.toUpperCase() || (t.word.length >= 2 && !GENERIC_WORDS.has(t.word) && !STOP.has(t.word) && !findConcepts(t.word).length)) out.add(t.word);
  }
  return out;
}

/** The words of the text that name the company: its first distinctive word, its name key or a possessive-free form of it, or a ticker. */
function namesCompany(words: Set<string>, squashed: string, company: RoomCompany, tickers: Set<string>): boolean {
  const name = nameOf(company);
  const ws = nameWords(name);
  if (ws[0] !== undefined && words.has(ws[0])) return true;
  if (tickers.size) return true;
  return companyAliases(name).some((k) => words.has(k) || (k.length >= 3 && squashed.includes(k))) || (ws.length > 0 && squashed.includes(ws.join("")));
}

/** The data room company the text names: its first distinctive word, its whole squashed name ("3m") or its ticker. */
export function companyIn(text: string, companies: readonly RoomCompany[]): string | undefined {
  const toks = tokens(text);
  const keys = toks.map((t) => wordKey(t.word));
  const words = new Set(keys);
  const squashed = keys.join("");
  const hits = companies.filter((c) => namesCompany(words, squashed, c, tickerTokens(text, toks, c)));
  if (hits.length === 1) return nameOf(hits[0]!);
  // "oracel": a name typed one letter off, when nothing named a company as typed
  const typed = hits.length ? [] : companies.filter((c) => toks.some((t) => misspells(t.word, c)));
  if (typed.length === 1) return nameOf(typed[0]!);
  // "mcd", "orcl", "bby": a ticker-like shortening of the name when the documents print no ticker
  const short = hits.length || typed.length ? [] : companies.filter((c) => toks.some((t) => abbreviates(t.word, c)));
  return short.length === 1 ? nameOf(short[0]!) : undefined;
}

/**
 * The word shortens the company's name as tickers do: three to five letters, the name's first
 * letter first and the rest in the name's order ("mcd" of McDonald's, "bby" of Best Buy), two at
 * least before its legal form, and no word of a question's grammar or a figure's.
 */
function abbreviates(word: string, company: RoomCompany): boolean {
  // letters in the name's order ("intc" of Intel Corporation, "bby" of Best Buy), at least two of them from the
  // name before its legal form: a part's initials drawn from the legal form ("BCA" of "The Boeing Company") name a part
  const name = nameOf(company).toLowerCase().replace(/^\s*the\s+/, "");
  const compact = name.replace(/[^a-z]/g, "");
  const own = name.replace(/\b(?:company|corporation|corp|incorporated|inc|co|ltd|limited|plc|holdings|group)\b.*$/, "").replace(/[^a-z]/g, "");
  if (!/^[a-z]{3,5}$/.test(word) || word[0] !== compact[0] || GENERIC_WORDS.has(word) || STOP.has(word) || catalogWords().has(word) || findConcepts(word).length) return false;
  let at = 0;
  let inOwn = 0;
  for (const ch of word) {
    at = compact.indexOf(ch, at) + 1;
    if (!at) return false;
    if (at <= own.length) inOwn++;
  }
  return inOwn >= 2;
}

/** Every word is a figure's (a word of the catalog's names, "margins", "stock"), or a measure's: no business's name. */
function namesAFigure(words: string): boolean {
  termStems ??= new Set([...catalogWords()].map((w) => stemWord(w)));
  return tokens(words).every((t) => termStems!.has(t.stem) || MEASURE_WORDS.has(t.word));
}
let termStems: Set<string> | undefined;


/** The words end in a figure's head noun, or a catalog word ("… streaming content obligations", "… unit costs"). */
function endsInFigureNoun(words: string): boolean {
  const last = tokens(words).at(-1);
  return !!last && (FIGURE_HEADS.has(last.word) || namesAFigure(last.word));
}

let termWords: Set<string> | undefined;
/** Every word of the catalog's terms ("net" of "net income"): figure words, never a company's shortening. */
function catalogWords(): Set<string> {
  termWords ??= new Set([...PART_WORDS, ...CONCEPTS.flatMap((c) => c.terms.flatMap((t) => t.toLowerCase().split(/[^\p{L}]+/u)))]);
  return termWords;
}

let vocabulary: Set<string> | undefined;
/** Words naming a kind of part, which the reader's patterns read (SEGMENT). */
const PART_WORDS = ["segment", "segments", "division", "divisions", "region", "regions", "business", "businesses", "geography", "geographic"];

/**
 * The reader's own words of six letters or more: the catalog's terms and everyday phrases ("bought"
 * of "bought back", never a "brought" mistyped) and the words of questions' grammar.
 */
export function readerVocabulary(): Set<string> {
  vocabulary ??= new Set([...GENERIC_WORDS, ...PART_WORDS, ...CONCEPTS.flatMap((c) => [...c.terms, ...(c.phrases ?? [])].flatMap((t) => t.toLowerCase().split(/[^\p{L}]+/u)))].filter((w) => w.length >= 6 && /^\p{L}+$/u.test(w)));
  return vocabulary;
}

/** Uses in the SUBTLEX film-subtitle counts that make a word common English, not a typo's chance spelling ("assots"). */
const COMMON_USES = 20;

/**
 * The common English words one edit from the reader's words (ENGLISH_NEIGHBOURS, generated by
 * `npm run gen:reader-words` from the word counts, so no question loads the 3 MB list).
 */
export function readerEnglishNeighbours(counts: Array<{ word: string; count: number }>): string[] {
  return englishNeighbours(readerVocabulary(), counts.filter((c) => c.count >= COMMON_USES).map((c) => c.word), 6);
}

/** Two words that differ only in their last letter are one word's forms ("states", "stated"; "equivalent", "equivalents"; "employed", "employee"), not a typo. */
function inflects(a: string, b: string): boolean {
  let same = 0;
  while (same < a.length && same < b.length && a[same] === b[same]) same++;
  return same >= Math.min(a.length, b.length) - 1;
}

/**
 * A word of six letters or more typed one letter off one of the reader's words ("segmnt", "quartr")
 * is read as that word, the first letter kept ("ground" is no "around"); a company's name word never is.
 */
function respellTypos(text: string, names: ReadonlySet<string>): string {
  return text.replace(/\p{L}{6,}/gu, (w: string) => {
    // (a common English word one letter from a reader's word is typed as meant: "compete" is no "compute", "planes" no "places")
    if (names.has(w.toLowerCase()) || ENGLISH_NEIGHBOURS.has(w.toLowerCase())) return w;
    // a typo keeps its first letter: "ground" is a word of its own, not "around" mistyped
    const fixed = correctedWord(w, readerVocabulary());
    // (a form of the word differing in its ending is left when the stemmer reads both as one: "headquarterd" is not "headquartered"'s)
    return fixed && fixed[0] === w[0]!.toLowerCase() && (!inflects(w.toLowerCase(), fixed) || stemWord(w.toLowerCase()) !== stemWord(fixed)) ? fixed : w;
  });
}

/**
 * The word is the company's first name word typed one letter off ("oracel", "salesforse"): six
 * letters or more, the same first letter, and no word of the question's grammar or a figure's.
 */
function misspells(word: string, company: RoomCompany): boolean {
  const first = nameWords(nameOf(company))[0];
  return !!first && word.length >= 6 && first.length >= 6 && word[0] === first[0] && word !== first && !GENERIC_WORDS.has(word) && withinOneEdit(word, first);
}

/** Tickers and name words of the data room's companies, lower case: names, never shorthand to spell out. */
export function roomWords(companies: readonly RoomCompany[]): Set<string> {
  return new Set(companies.flatMap((c) => [...tickersOf(c).map((t) => t.toLowerCase()), ...nameWords(nameOf(c))]));
}

/** The question's words that name one of these companies. */
function companyWords(text: string, companies: readonly RoomCompany[]): Set<string> {
  const toks = tokens(text);
  const out = new Set<string>(companies.flatMap((c) => [...tickerTokens(text, toks, c)]));
  const shortened: string[] = [];
  for (const t of toks) {
    const k = wordKey(t.word);
    // "adobes operating income": a possessive typed without its apostrophe
    const bare = k.length > 3 && k.endsWith("s") ? k.slice(0, -1) : k;
    if (companies.some((c) => [k, bare].some((w) => nameWords(nameOf(c)).includes(w) || companyAliases(nameOf(c)).includes(w)) || misspells(t.word, c))) out.add(t.word);
    else if (companies.filter((c) => abbreviates(t.word, c)).length === 1) shortened.push(t.word);
  }
  // a name cut short ("msft") names the company, unless the question names it in full as well:
  // then the short word is a word of its own ("the app store" beside "apple")
  if (!out.size) for (const w of shortened) out.add(w);
  // "boston properites", "bostn properties", "procter & gambel": a word of the name typed one letter off beside
  // a word of it typed right (never on its own: "internationl revenue" names no company, only a figure word mistyped)
  const typedRight = new Set(out);
  const beside = (i: number, step: number) => {
    const j = toks[i + step]?.word === "and" ? i + 2 * step : i + step;
    return !!toks[j] && typedRight.has(toks[j]!.word);
  };
  toks.forEach((t, i) => {
    if (!out.has(t.word) && (beside(i, -1) || beside(i, 1)) && companies.some((c) => typedNameWord(t.word, c))) out.add(t.word);
  });
  return out;
}

/** The word is a word of the company's name typed one letter off (five letters or more, the first letter kept). */
function typedNameWord(word: string, company: RoomCompany): boolean {
  return word.length >= 5 && !GENERIC_WORDS.has(word) && nameWords(nameOf(company)).some((n) => n.length >= 5 && n[0] === word[0] && n !== word && withinOneEdit(word, n));
}

/**
 * A one-word hit shorter than every term it matched by stem is the verb of a noun term ("earn" of
 * "earnings", "spend" of "spending"): beside another figure ("how much revenue did they earn") it
 * says how the figure came about, not a second figure.
 */
function verbOfTerm(h: ConceptHit): boolean {
  const word = h.text.toLowerCase();
  if (h.viaPhrase || /\s/.test(word)) return false;
  const same = h.concept.terms.filter((t) => !/\s/.test(t) && tokens(t)[0]?.stem === tokens(word)[0]?.stem);
  return same.length > 0 && same.every((t) => t.length > word.length && t.startsWith(word));
}

/** Words joining two figures asked together ("cash and dividends", "cash vs buybacks", "cash over debt"). */
const JOINING = new Set(["and", "or", "vs", "versus", "plus", "minus", "over", "against", "compared", "relative", "ratio", "per", "than", "beside"]);

/**
 * Cash named before a payment of the cash-flow statement, with no word joining the two ("cash apple
 * handed out as dividends", "cash spent on buybacks"): what paid for it, not the cash balance.
 */
function cashPaying(h: ConceptHit, hits: ConceptHit[], toks: Token[]): boolean {
  if (h.concept.id !== "cash") return false;
  const paid = hits.find((a) => a.from >= h.to && a.concept.kind === "amount" && (a.concept.lineItems ?? []).some((k) => (LINE_ITEMS as Record<string, string>)[k as LineItemKey] === "cash_flow"));
  if (!paid) return false;
  const between = toks.slice(h.to, paid.from);
  return between.length > 0 && !between.some((t) => JOINING.has(t.word));
}

/** The concepts named, with a measure word dropped: "how much cash did they put into new plants" asks capex, not the cash balance. */
function conceptsOf(hits: ConceptHit[], toks: Token[]): Concept[] {
  const viaPhrase = hits.some((h) => h.viaPhrase && h.concept.kind === "amount") || hits.some((h) => cashPaying(h, hits, toks));
  // "revenue in the X segment": the figure is the concept, "segment" says where it sits
  const figure = hits.some((h) => h.concept.kind !== "text");
  const kept = hits.filter((h) => !(viaPhrase && !h.viaPhrase && h.concept.id === "cash") && !(figure && h.concept.kind === "text") && !(hits.length > 1 && verbOfTerm(h))).map((h) => h.concept);
  const parts = new Set(kept.flatMap((c) => c.madeOf ?? []));
  return kept.filter((c, i) => kept.indexOf(c) === i && !parts.has(c.id));
}

/**
 * "physical stores sales", "how much did they make from franchised restaurants": a count's noun right
 * after a part's own words, with an amount asked and no joining word between them, is the last word
 * of the part's name ("Physical stores"), not a count asked beside the amount.
 */
function countEndingPartName(hits: ConceptHit[], text: string, company: string | undefined, companies: readonly RoomCompany[]): ConceptHit[] {
  const count = hits.length === 2 ? hits.find((h) => h.concept.kind === "count" && !h.viaPhrase) : undefined;
  const amount = hits.find((h) => h.concept.kind === "amount");
  if (!count || !amount) return hits;
  const toks = tokens(text);
  const [from, to] = count.from < amount.from ? [count.to, amount.from] : [amount.to, count.from];
  if (toks.slice(from, to).some((t) => JOINING.has(t.word))) return hits;
  const rest = hits.filter((h) => h !== count);
  const scope = scopeOf(text, rest, company, companies);
  const before = toks[count.from - 1];
  const words = scope ? tokens(scope) : [];
  return before && words.length > 1 && words.some((t) => t.word === before.word) && words.at(-1)!.stem === toks[count.to - 1]!.stem ? rest : hits;
}

/** A word of the scope written with a capital (or mixed case: "iPhone") away from the question's start: a name. */
function namesProperly(text: string, scope: string): boolean {
  // a capital that opens a sentence ("… balance sheet? Base your judgments …") names nothing
  const openers = new Set([...text.matchAll(/(?:^|[.?!:]\s+)([\p{L}\p{N}]+)/gu)].map((m) => m[1]!));
  return scope.split(/\s+/).some((w) => !openers.has(w) && /\p{Lu}/u.test(w));
}

/** The scope ends in, or is followed by, a kind of part, in lower case as often as not ("the dvd by mail business", "its dvd arm"). */
function namedAsBusiness(text: string, scope: string): boolean {
  const words = scope.split(/\s+/);
  if (words.length > 1 && KIND_AFTER_NAME.has(words.at(-1)!)) return true;
  const toks = tokens(text);
  return toks.some((t, i) => t.word === words.at(-1) && KIND_AFTER_NAME.has(toks[i + 1]?.word ?? ""));
}

/** "dvd arm" → "dvd": the part is named by its own words, which its rows print. */
function withoutPartNoun(scope: string): string {
  const words = scope.split(/\s+/);
  return words.length > 1 && KIND_AFTER_NAME.has(words.at(-1)!) ? words.slice(0, -1).join(" ") : scope;
}

/** Pronouns that are also initials when capitalised: "us" is a pronoun, "US" (or "U.S.") the country, "IT" a business. */
const PRONOUN_INITIALS = new Set(["us", "it"]);
const capitalPronoun = (text: string, t: Token) => PRONOUN_INITIALS.has(t.word) && text.slice(t.start, t.end) === t.word.toUpperCase() && /\p{Ll}/u.test(text);
/** Verbs and prepositions whose object "us" is the pronoun ("tell us", "give us", "for us?"). */
const TAKES_US = new Set(["tell", "tells", "told", "give", "gives", "gave", "show", "shows", "let", "lets", "help", "helps", "send", "get", "brief", "walk", "remind", "owe", "owes", "cost", "costs", "for", "to", "with", "of", "about"]);
/**
 * A lower-case "us" typed for the country ("oracle us employees", "% of staff in us"): not the
 * object of a verb or preposition that takes a pronoun ("tell us", "for us") unless a noun it
 * qualifies follows it ("revenue from us customers").
 */
function usAsCountry(toks: Token[], i: number): boolean {
  if (toks[i]!.word !== "us") return false;
  const before = toks[i - 1]?.word;
  const after = toks[i + 1];
  if (!before || !TAKES_US.has(before)) return true;
  return !!after && before !== "tell" && before !== "give" && before !== "show" && !GENERIC_WORDS.has(after.word) && !STOP.has(after.word);
}

/** Words naming a kind of part of a company, not a part: the segment flag and the tables' titles say them. */
/** Words after "unit" that make it units sold or made ("unit sales", "unit volume"), not a business unit. */
const UNITS_MEASURED = new Set(["sales", "sold", "shipments", "shipped", "volume", "volumes", "growth", "price", "prices", "cost", "costs", "economics", "count", "counts"]);
const PART_KINDS = new Set(["segment", "segments", "region", "regions", "regional", "geography", "geographic", "geographical", "geographies", "division", "divisions"]);

/** The words end in a participle after a plural noun ("active buyers shopping"): the noun's verb, no word of its name. */
function endsInParticiple(words: readonly Token[]): boolean {
  return words.length > 1 && /\p{L}{3}ing$/u.test(words.at(-1)!.word) && words.at(-2)!.word.endsWith("s");
}

/** A product line or category, written after its name ("the Wearables line"). */
const LINE_KINDS = new Set(["line", "lines", "category", "categories"]);
/** Kinds of part written after a part's name ("the Wearables line", "the cloud business"). */
const KIND_AFTER_NAME = new Set([...PART_KINDS, ...LINE_KINDS, "business", "businesses", "unit", "units", "arm", "arms", "customers", "clients"]);

/** Generic words that open names when a name follows ("New York", "Whole Foods", "General Dynamics"). */
const NAME_OPENERS = new Set(["new", "whole", "general", "united", "first", "great"]);

const PHRASE_STEMS = new WeakMap<Concept, ReadonlySet<string>>();
/** The stems of a concept's terms and everyday phrases. */
function phraseStems(c: Concept): ReadonlySet<string> {
  let set = PHRASE_STEMS.get(c);
  if (!set) PHRASE_STEMS.set(c, (set = new Set([...c.terms, ...(c.phrases ?? [])].flatMap((p) => tokens(p).map((x) => x.stem)))));
  return set;
}

/**
 * A catalog ratio or rate named right before a bracket that only spells out a formula ("net margin
 * (net income / total revenues)"): the bracket's first token, so its inputs are read as the ratio's
 * own, not as figures asked. Undefined when no such bracket follows a ratio the catalog computes.
 */
function catalogRatioRestated(hits: ConceptHit[], text: string): { from: number; at: number } | undefined {
  const open = restatementAt(text);
  if (open < 0) return undefined;
  const toks = tokens(text);
  const from = toks.findIndex((t) => t.start > open);
  if (from < 0) return undefined;
  const before = hits.filter((h) => h.to <= from);
  const ratio = before.at(-1);
  const metric = ratio && (ratio.concept.kind === "ratio" || ratio.concept.kind === "percent") ? CATALOG.find((m) => m.id === ratio.concept.metric) : undefined;
  if (!metric) return undefined;
  // (only the catalog's own inputs: "quick ratio (cash plus receivables / current liabilities)" is the analyst's definition, which stands)
  const own = new Set(itemsOf(metric.formula));
  const inside = hits.filter((h) => h.from >= from).map((h) => h.concept.lineItems?.[0]);
  return inside.length > 0 && inside.every((k) => !!k && own.has(k)) && inside.length >= own.size ? { from, at: open } : undefined;
}
/**
 * Where a formula restating the figure before it starts: its bracket ("op margin (op income / rev)"), or a
 * break after the figure with only the formula after it ("dcai op margin fy22? seg op income / seg rev"); -1 when none.
 */
function restatementAt(text: string): number {
  const open = text.indexOf("(");
  if (open >= 0 && FORMULA_JOINS_INSIDE.test(text.slice(open))) return open;
  const stop = /[?:=,]|\s[-–]\s/.exec(text);
  return stop && FORMULA_ONLY.test(text.slice(stop.index + stop[0].length)) ? stop.index : -1;
}

/** The words and signs that join a formula's terms, one list for the readers below. */
const OPERATORS = String.raw`less|minus|plus|over|divided by|[-+/÷×*]`;
const FORMULA_JOINS_INSIDE = new RegExp(String.raw`^\([^()]*\s(?:${OPERATORS})\s[^()]*\)`, "i");
const FORMULA_ONLY = new RegExp(String.raw`^[^?:=,()]*\S\s+(?:${OPERATORS})\s+\S[^?:=,()]*[?.!]*\s*$`, "i");

/** Words that join the terms of a formula ("cfo less capex", "cfo - capex", "cfo / revenue"). */
const FORMULA_JOINS = new RegExp(String.raw`^\s*(?:${OPERATORS})\s+\S|\S\s+(?:${OPERATORS})\s*$`, "i");
/** Each formula-only shorthand and the concept it names there ("cfo" → cash from operations), read once from the catalog. */
const FORMULA_TERMS = new Map(CONCEPTS.flatMap((c) => (c.formulaTerms ?? []).map((t) => [t, c] as const)));

/** A word another concept owns that names a figure inside a formula ("cfo less capex"): read as that figure. */
function inFormula(hits: ConceptHit[], text: string): ConceptHit[] {
  return hits.map((h) => {
    const figure = FORMULA_TERMS.get(h.text.toLowerCase());
    if (!figure || figure === h.concept) return h;
    const around = [text.slice(0, text.toLowerCase().indexOf(h.text.toLowerCase())).slice(-14), text.slice(text.toLowerCase().indexOf(h.text.toLowerCase()) + h.text.length).slice(0, 14)];
    return FORMULA_JOINS.test(around[1]!) || FORMULA_JOINS.test(around[0]!) ? { ...h, concept: figure } : h;
  });
}

/** Prepositions that name where an amount comes from ("revenue from …", "sales at …", "earned by …"). */
const SOURCE_PREPOSITIONS = new Set(["from", "at", "by", "through", "via", "in"]);

/**
 * "revenue from franchised restaurants", "sales at company-operated stores": a count named after a
 * preposition that qualifies an amount is the part the amount comes from, not a second figure asked.
 */
/**
 * A figure named after "ex", "excluding", "without" another ("eps ex the restructuring charges") is
 * what the figure asked leaves out, not a figure asked: its words qualify the figure, as a part's do.
 */
function excludedFigures(hits: ConceptHit[], toks: Token[]): ConceptHit[] {
  const excluded = (h: ConceptHit) => {
    let i = h.from - 1;
    if (toks[i]?.word === "the") i--;
    return !!toks[i] && EXCLUDING.has(toks[i]!.word) && hits.some((a) => a !== h && a.to <= i);
  };
  return hits.filter((h) => !excluded(h));
}
const EXCLUDING = new Set(["ex", "excluding", "excl", "without", "exclusive"]);

function qualifyingCounts(hits: ConceptHit[], toks: Token[]): ConceptHit[] {
  const qualifies = (h: ConceptHit) => {
    if (h.concept.kind !== "count" || !hits.some((a) => a.to <= h.from && a.concept.kind === "amount")) return false;
    for (let i = h.from - 1, seen = 0; i >= 0 && seen <= 3; i--, seen++) {
      if (hits.some((a) => i >= a.from && i < a.to)) return false;
      if (SOURCE_PREPOSITIONS.has(toks[i]!.word)) return true;
    }
    return false;
  };
  return hits.filter((h) => !qualifies(h));
}

const CONCESSIVE = new Set(["despite", "notwithstanding", "although", "though"]);

/** A model's letter or short number ("x", "8s", "3"), never a year, a quarter or a figure. */
const DESIGNATOR = /^(?:[a-z]|\d{1,2}[a-z]{0,2})$/;
/** A word of a part's name that is a model's letter or number: the part is another without it ("iphone x" is no "iphone"). */
export const isDesignator = (word: string) => DESIGNATOR.test(word);
/** Words after a number that make it a length of time, a rate or a scaled amount ("2 years", "5 percent", "3 bn"), not a model's number. */
const UNIT_AFTER_NUMBER = /^(?:years?|yrs?|months?|mos?|quarters?|qtrs?|weeks?|days?|percent|pct|bn|mn|m|b|k|million|billion|thousand|times)$/;

/** Words left once the concept, the company, periods and generic words are read: the scope asked. */
function scopeOf(text: string, hits: ConceptHit[], company: string | undefined, companies: readonly RoomCompany[], concepts: Concept[] = []): string | undefined {
  const toks = tokens(text);
  // "cash left from operations after capex": the words of what the figure is made of describe it
  const describing = new Set(concepts.flatMap((c) => c.madeOf ?? []).flatMap((id) => conceptById(id)?.terms ?? []).flatMap((t) => tokens(t).map((x) => x.stem)));
  const named = companyWords(text, company ? companies.filter((c) => nameOf(c) === company) : companies);
  // "total net rev": "net" before a figure's name is how the figure is printed, not a part of the company
  const plainBefore = (i: number) => PLAIN_QUALIFIERS.has(toks[i]!.word) && hits.some((h) => h.from === i + 1 || (h.from === i + 2 && PLAIN_QUALIFIERS.has(toks[i + 1]!.word)));
  // "at this point", "as it stands": words saying "now" name no part
  const present = presentSpans(text);
  // a word inside an everyday phrase's gap ("how much did the Mobileye unit sell") is no word of the phrase
  const inHit = (t: Token, i: number) => hits.some((h) => i >= h.from && i < h.to && (!h.viaPhrase || phraseStems(h.concept).has(t.stem)));
  // "how much stock did they buy back": the object of an everyday phrase, a word of the concept's own names, is no part
  const objectOf = (t: Token) => hits.some((h) => h.viaPhrase && phraseStems(h.concept).has(t.stem));
  // "… despite the wildfires": a concession says what the figure held against, not which part of the company
  const conceded = toks.findIndex((t) => CONCESSIVE.has(t.word));
  const content = (t: Token, i: number) => !(conceded >= 0 && i >= conceded) && !inHit(t, i) && !objectOf(t) && !present.some(([a, b]) => t.start >= a && t.end <= b) && !plainBefore(i) && !named.has(t.word) && !describing.has(t.stem) && !isDirectionWord(t) && !isSignWord(t) && !/^\d/.test(t.word) && !/^(?:fye?|ye|q[1-4]|h[12])\d*$/.test(t.word) && t.word.length > 1 && !STOP.has(t.word);
  const kept = (t: Token, i: number) => content(t, i) && (!GENERIC_WORDS.has(t.word) || capitalPronoun(text, t) || usAsCountry(toks, i));
  // "new" opens a name ("New York", "Whole Foods"): kept before a word of the scope
  // "company-operated": a generic word joined by a hyphen to a word of the scope is part of its name
  const hyphened = (i: number, j: number) => !!toks[i] && !!toks[j] && /^[-‐]$/.test(text.slice(toks[Math.min(i, j)]!.end, toks[Math.max(i, j)]!.start));
  const joinedToKept = (i: number) => [i - 1, i + 1].some((j) => hyphened(i, j) && kept(toks[j]!, j));
  // "iphone x", "iphone 8s", "series 3": a model's letter or number right after its name is a word of the name
  // (…never a year: "subs 16 to 17")
  const periods = periodMentions(text);
  const designates = (t: Token, i: number) => i > 0 && DESIGNATOR.test(t.word) && !periods.some((p) => t.start >= p.start && t.end <= p.end) && !UNIT_AFTER_NUMBER.test(toks[i + 1]?.word ?? "") && !/%/.test(text.slice(t.end, t.end + 2)) && kept(toks[i - 1]!, i - 1);
  const left = toks.filter((t, i) => kept(t, i) || designates(t, i) || (content(t, i) && joinedToKept(i)) || (NAME_OPENERS.has(t.word) && content(t, i) && !!toks[i + 1] && kept(toks[i + 1]!, i + 1)));
  // "rev by region - americas": the kind of part ("region", "segment") beside its name is no part of the name
  // ("the Mobileye unit": a business unit; "iPhone unit sales": units sold)
  const businessUnit = (t: Token) => t.word === "unit" && !UNITS_MEASURED.has(toks[toks.indexOf(t) + 1]?.word ?? "");
  // ("the wearables line", "iphone line sales": a product line or category after its name is no word of the name)
  const names = left.filter((t, i) => !PART_KINDS.has(t.word) && !businessUnit(t) && !(i > 0 && LINE_KINDS.has(t.word)));
  // ("active buyers shopping on eBay": a participle after a plural noun is the noun's verb, no word of the name)
  // (a kind of part alone, "which segment", "in that segment", names no part; before the figure, "segment operating profit", it names the segments' sum)
  const namesSum = (t: Token) => {
    const j = toks.indexOf(t) + 1;
    return !!toks[j] && inHit(toks[j]!, j);
  };
  const words = names.length ? (names.length > 2 && endsInParticiple(names) ? names.slice(0, -1) : names) : left.filter((t) => !PART_KINDS.has(t.word) || namesSum(t));
  // ("harbor's op margin": the part is "harbor")
  return words.length ? words.map((t) => text.slice(t.start, t.end).replace(/['’]s$/i, "")).join(" ") : undefined;
}

/**
 * A figure named only by generic words ("ebay take rate 2021", "what's the run rate"): the run of two
 * or more adjacent words left once the company, periods and grammar go. Undefined when there is none.
 */
function genericNounLabel(text: string, company: string | undefined, companies: readonly RoomCompany[]): string | undefined {
  const toks = tokens(text);
  const named = companyWords(text, company ? companies.filter((c) => nameOf(c) === company) : companies);
  const runs: Token[][] = [[]];
  for (const t of toks) {
    // ("how much did content obligations grow": a verb of the move ends the figure's name)
    const noun = !named.has(t.word) && !GRAMMAR_WORDS.has(t.word) && !STOP.has(t.word) && !PERIOD_WORDS.has(t.word) && !/^\d/.test(t.word) && !/^(?:fye?|ye|q[1-4]|h[12])\d*$/.test(t.word) && t.word.length > 1 && !ADVERB(t.word) && !isDirectionWord(t) && !isSizeVerb(t);
    if (noun) runs.at(-1)!.push(t);
    else if (runs.at(-1)!.length) runs.push([]);
  }
  const run = runs.filter((r) => r.length >= 2);
  if (run.length !== 1) return undefined;
  // "the wearables/home/accessories line", "the cloud business": the kind of part after its name is no word of its label
  // ("active buyers shopping on eBay": a participle after a plural noun is the noun's verb, no word of its label either)
  const words = KIND_AFTER_NAME.has(run[0]!.at(-1)!.word) || endsInParticiple(run[0]!) ? run[0]!.slice(0, -1) : run[0]!;
  return words.map((t) => text.slice(t.start, t.end)).join(" ");
}

/**
 * The question's run of nouns around a one-word catalog hit, when it says more than the hit ("operating
 * overhead expense" around "overhead"): a name the deal may print as a row of its own. Words that only
 * restate a figure (generic words, "expense", "costs") add nothing.
 */
function longerName(text: string, hits: ConceptHit[], company: string | undefined, companies: readonly RoomCompany[]): string | undefined {
  const [hit] = hits;
  if (hits.length !== 1 || !hit || hit.viaPhrase || hit.to - hit.from !== 1) return undefined;
  const run = genericNounLabel(text, company, companies);
  if (!run) return undefined;
  const words = tokens(run);
  const hitStems = new Set(tokens(hit.text).map((t) => t.stem));
  const named = new Set([...hit.concept.terms, ...(hit.concept.rowWords ?? [])].map((t) => tokens(t).map((x) => x.stem).join(" ")));
  // (a word of direction is how it moved, "gmv still growing", never a word of its name)
  const more = words.filter((t) => !hitStems.has(t.stem) && !GENERIC_WORDS.has(t.word) && !MEASURE_WORDS.has(t.word) && !isDirectionWord(t));
  return words.some((t) => hitStems.has(t.stem)) && more.length > 0 && !named.has(words.map((t) => t.stem).join(" ")) ? run : undefined;
}

/**
 * An officer asked by an everyday phrase of running ("who runs", "who heads") before a figure's name
 * ("r&d", "marketing"): the function that figure is spent on is the part the officer's title names.
 */
function functionRun(hits: ConceptHit[]): { person: Concept; part: string } | undefined {
  const [who, what] = hits;
  if (hits.length !== 2 || !who || !what || who.concept.kind !== "person" || !who.viaPhrase || who.to > what.from || what.concept.kind !== "amount") return undefined;
  // (named in full, "research and development", as titles spell it)
  return { person: who.concept, part: (what.concept.terms.find((t) => /\s/.test(t) && !/&/.test(t)) ?? what.concept.label).toLowerCase() };
}

/** "is it still …", "do they still …": a state asked as of now. */
const STILL = /^\W*(?:is|are|does|do|has|have)\b[^?]*\bstill\b/i;

/** An everyday adverb ("actually", "roughly", "really"): it names no figure. */
const ADVERB = (word: string) => GENERIC_WORDS.has(word) && word.endsWith("ly");

/** `part` follows `run` joined by a preposition ("take rate in marketplace", "the margin of the cloud"). */
function attachedAfter(text: string, run: string, part: string): boolean {
  const words = tokens(text).map((t) => t.word);
  const [r, p] = [tokens(run).map((t) => t.word), tokens(part).map((t) => t.word)];
  const at = (xs: string[], i: number) => xs.every((w, k) => words[i + k] === w);
  for (let i = 0; i + r.length < words.length; i++) {
    if (!at(r, i)) continue;
    let j = i + r.length;
    if (!QUALIFYING_PREPOSITIONS.has(words[j] ?? "")) continue;
    j += words[j + 1] === "the" ? 2 : 1;
    if (at(p, j)) return true;
  }
  return false;
}

/** A word followed by a parenthesised shorthand of two to five letters holding its first letter ("defense (bds)", "ops (cfo)"). */
const NAMED_WITH_INITIALS = /(\p{L}[\p{L}&'’-]*)\s*\((\p{L}{2,5})\)/gu;

/** Words of a period ("the first half", "the fourth quarter"), never a figure's name. */
const PERIOD_WORDS = new Set(["first", "second", "third", "fourth", "half", "halves", "quarter", "quarters", "year", "years", "month", "months", "week", "weeks", "fiscal", "end", "ended", "ending", "exiting"]);

/** Prepositions that attach a qualifier after a figure's name ("employees in the US", "revenue from franchised restaurants"). */
const QUALIFYING_PREPOSITIONS = new Set(["in", "under", "from", "for", "outside", "at", "within", "of", "by", "ex", "excluding", "excl", "without"]);
const PLAIN_QUALIFIERS = new Set(["net", "gross", "total", "operating"]);

/**
 * The words of the scope that qualify the figure asked, read as an English noun phrase: the run of
 * scope words just before the figure's name ("us employees", "permanent part-time employees") and
 * those a preposition attaches after it ("employees under collective bargaining", "revenue from
 * franchised restaurants"). A scope word elsewhere ("by how much did the rate move", "how much
 * merchandise did they carry as inventory") is a verb or filler, not a qualifier.
 */
export function qualifiersOf(r: Reading): string[] {
  // a question that defines its figure ("… divided by …") names inputs, not qualifiers
  if (!r.scope || r.defines || /\bdivided by\b|[a-z)]\s*\/\s*[a-z(]/i.test(r.text)) return [];
  const toks = tokens(r.text);
  const scope = new Set(tokens(r.scope).map((t) => t.stem));
  const named = new Set(r.company ? nameWords(r.company).concat(companyAliases(r.company), r.companyWords ?? []) : []);
  const isScope = (i: number) => !!toks[i] && scope.has(toks[i]!.stem) && !PLAIN_QUALIFIERS.has(toks[i]!.word);
  const out = new Set<number>();
  // the figure asked: one concept (several name inputs or framing, "as a public equities analyst … net PP&E")
  if (r.concepts.length !== 1) return [];
  for (const h of findConcepts(r.text, toks).filter((x) => x.concept.id === r.concepts[0]!.id)) {
    // a hyphenated word ("part-time") is walked whole
    const joined = (i: number) => !!toks[i + 1] && /^[-‐]$/.test(r.text.slice(toks[i]!.end, toks[i + 1]!.start));
    for (let i = h.from - 1; i >= 0 && (isScope(i) || PLAIN_QUALIFIERS.has(toks[i]!.word) || joined(i)); i--) if (isScope(i)) out.add(i);
    // "revenue did corning get from apple": the preposition after the verb still attaches to the figure
    let j = h.to;
    while (toks[j] && !QUALIFYING_PREPOSITIONS.has(toks[j]!.word) && !isScope(j) && (GENERIC_WORDS.has(toks[j]!.word) || named.has(toks[j]!.word))) j++;
    if (!toks[j] || !QUALIFYING_PREPOSITIONS.has(toks[j]!.word)) continue;
    for (j++; toks[j] && (STOP_BEFORE_NAME.has(toks[j]!.word) || isScope(j)); j++) if (isScope(j)) out.add(j);
  }
  return [...out].sort((a, b) => a - b).map((i) => r.text.slice(toks[i]!.start, toks[i]!.end));
}
const STOP_BEFORE_NAME = new Set(["the", "its", "their", "his", "her", "our", "a", "an"]);

const WH = /\b(?:what|how|which|who|whom|when|where|why)\b/i;
/** A clause asking why, after a break: "…, why down", "… - what drove that", "… and why did it fall". */
const WHY_CLAUSE = /(?:[,;:]|\s[-–—]+\s|\s(?:and|but)\s)\s*(?:so\s+)?(?:why\b|what\s+(?:drove|caused|explains|happened)\b|how\s+come\b)/i;
/** The question types a figure first, with no question word, then asks why it moved. */
function figureThenWhy(text: string): boolean {
  const at = WHY_CLAUSE.exec(text);
  return !!at && at.index > 0 && !WH.test(text.slice(0, at.index));
}
/** "costco pay a dividend in 2021?", "ba buy back any stock in 22": an action's object after "a" or "any", with no question word, asks whether it was done. */
const INDEFINITE = /\b(?:any|an?)\s+\p{L}/iu;
/** "up" and "down" say a direction only after the figure or a verb of motion ("sales down", "going up"), not in "make up" or "pay down". */
const MOTION = new Set(["go", "goe", "going", "gone", "went", "trend", "trending", "move", "moving", "moved", "been", "is", "are", "was", "were", "it", "that", "this", "they", "or"]);

/** The direction a figure is asked to have moved in, when the question names a figure. */
function directionAsked(toks: Token[], hits: ConceptHit[], concepts: Concept[], followUp = false, text = ""): Asked | undefined {
  const ends = /\?\s*$/.test(text);
  const wh = WH.test(text);
  // "is that up or down?" after a figure: the figure is the conversation's
  if (!followUp && !concepts.some((c) => c.kind === "amount" || c.kind === "percent" || c.kind === "ratio" || c.kind === "count")) return undefined;
  const said = toks.filter((t, i) => {
    // ("how much did they ring up in sales": a word of the figure's own name says no move)
    if (!isDirectionWord(t) || hits.some((h) => i >= h.from && i < h.to)) return false;
    // "higher than 30%" compares with a threshold; "higher than in 2022" with another period
    const than = toks.slice(i + 1, i + 3).findIndex((x) => x.word === "than");
    const after = than >= 0 ? toks[i + 2 + than] : undefined;
    if (than >= 0 && (!after || (/^\d/.test(after.word) && !isYearWord(after.word)))) return false;
    if (t.word !== "up" && t.word !== "down") return true;
    const before = toks[i - 1];
    // "debt fy23 vs fy22 — up?": the last word of a terse question with no wh-word
    if (i === toks.length - 1 && ends && !wh) return true;
    // "up or down?": both ways asked
    if (toks[i + 1]?.word === "or" && toks[i + 2] && isDirectionWord(toks[i + 2]!)) return true;
    return !!before && (hits.some((h) => i - 1 >= h.from && i - 1 < h.to) || MOTION.has(before.word));
  });
  return directionOf(said) ?? (namesBothDirections(said) ? "either" : undefined);
}

/** Words joining two parts asked against each other. */
const PAIR_JOINERS = new Set(["or", "vs", "versus"]);

/**
 * "domestic or international streaming revs, which grew faster", "optical comms vs display sales -
 * which did better": a "which" question whose part words are split by "or"/"vs" names two parts;
 * each side's words as the scope writes them. Undefined unless both sides keep a word.
 */
function pairAsked(text: string, scope: string): [string, string] | undefined {
  const toks = tokens(text);
  if (!toks.some((t) => t.word === "which")) return undefined;
  const words = tokens(scope).map((t) => t.word);
  const at = toks.findIndex((t, i) => PAIR_JOINERS.has(t.word) && words.includes(toks[i - 1]?.word ?? "") && words.includes(toks[i + 1]?.word ?? ""));
  if (at < 0) return undefined;
  const cut = words.indexOf(toks[at + 1]!.word);
  const [a, b] = [words.slice(0, cut), words.slice(cut)];
  return a.length && b.length ? [a.join(" "), b.join(" ")] : undefined;
}

/**
 * "higher in fy21 than in fy22": a move is read from the earlier period to the later, so a comparison
 * whose period before "than" is the earlier one asks the other way.
 */
function thanOrdered(text: string, periods: string[], asked: Asked | undefined): Asked | undefined {
  const than = tokens(text).find((t) => t.word === "than");
  if (!asked || !than || periods.length !== 2) return asked;
  const [subject, other] = [periodsIn(text.slice(0, than.start)), periodsIn(text.slice(than.start))];
  return subject.length === 1 && other.length === 1 && yearOfLabel(subject[0]!) < yearOfLabel(other[0]!) ? reversed(asked) : asked;
}

/** "Down in 2022", "growth in q4 22": the year asked and the year before it, a quarter and the same quarter a year before; other periods as read. */
export const changePeriods = (periods: string[]): string[] => movePeriods(periods);

/**
 * The periods a move asked yes or no is read across ("was q3 net income up?"): a year asked and the
 * year before; a quarter and the same quarter a year before, in words the tools read against the
 * documents ("Q3 a year earlier", "quarter ending June a year earlier").
 */
function movePeriods(periods: string[]): string[] {
  const only = periods.length === 1 ? periods[0]! : undefined;
  if (only && /^[QH][1-4] \d{4}$/.test(only)) return [shiftLabelYear(only, -1)!, only];
  if (only && /\bquarter\b|^[QH][1-4]$/i.test(only)) return [`${only} a year earlier`, only];
  return withYearBefore(periods);
}

/** Initials written with stops are one word: "U.S." (and "U.S", as table labels print it) → "US". */
export function joinInitials(text: string): string {
  return text.replace(/\b((?:\p{Lu}\.)+\p{Lu})\.?(?!\p{L})/gu, (m: string) => m.replace(/\./g, "") + " ");
}

/**
 * "Last year" said before the comparison and a year named after it ("take rate last yr vs 2021",
 * "last year's margin compared with 2020"): the latest year is compared with the one named. Said
 * after it ("2022 vs last year"), it is the year before the one named (read elsewhere).
 */
function lastYearBeforeCompared(text: string): boolean {
  const last = LAST_YEAR.exec(text);
  const compare = COMPARE.exec(text);
  return !!last && !!compare && last.index < compare.index && periodsIn(text.slice(compare.index)).length > 0;
}

/** A bracket listing examples, "(stores, IT etc)", "(e.g. stores and IT)", "(incl. leases)", or setting a condition aside, "(if not disclosed, say so)". */
// ("health care op margin (the biz they're spinning)": a remark about the part, its own subject a pronoun, names nothing asked)
const EXAMPLES_GLOSS = /\s*\((?:(?:e\.?\s?g\.?|i\.?\s?e\.?|incl\.?|including|such as|like|if)\s[^()]*|[^()]*\betc\.?|[^()\d]*\b(?:they|they're|they’re|we|we're|we’re|i|i'm|you|he|she)\b[^()\d]*)\)/gi;

/** A bracket setting a name equal to words: "(capex = additions to pp&e)". */
const FORMULA_SIGN = new RegExp(String.raw`\s(?:${OPERATORS})\s`, "i");
const EQUALS_GLOSS = /\s*\(\s*([^()=]+?)\s*=\s*([^()=]+?)\s*\)/g;

/** "(capex = additions to pp&e)": a bracket saying which line a figure named is (both sides one concept) glosses it, naming no other figure. */
function withoutSameNameGloss(text: string): string {
  return text.replace(EQUALS_GLOSS, (whole, name: string, line: string) => {
    const [a, b] = [findConcepts(name), findConcepts(line)];
    // (a line with more added or taken away, "additions to pp&e + software", defines the figure anew)
    return !FORMULA_SIGN.test(line) && a.length === 1 && b.length === 1 && a[0]!.concept.id === b[0]!.concept.id ? "" : whole;
  });
}

/** A formula that is one line over another, with no constant or further term. */
const plainQuotient = (e: Expr) => e.kind === "op" && e.op === "/" && !JSON.stringify(e).includes('"kind":"num"') && e.left.kind !== "op" && e.right.kind !== "op";

/** "spend on shipping", "spent for marketing": what was spent on, before the period or the end of the question. */
const SPENT_ON = /\b(?:spend|spends|spent|spending)\s+(?:on|for)\s+((?:the\s+)?[\p{L}][\p{L}&-]*(?:\s+[\p{L}][\p{L}&-]*){0,3}?)(?=\s+(?:in|during|over|last|this|since|for|at)\b|\s+(?:fy|q[1-4])?['’]?\d|\s*[?.!,]|\s*$)/iu;

/**
 * "what did they spend on shipping in 2019": the costs of what was spent on ("shipping costs"), the
 * way filings name the figure, when the catalog names no figure in the words ("spend on new plants and
 * equipment" is capex).
 */
function spentOn(text: string): string {
  const m = SPENT_ON.exec(text);
  if (!m || findConcepts(m[0]).length) return text;
  return `${text.slice(0, m.index)}${m[1]!.replace(/^the\s+/i, "")} costs${text.slice(m.index + m[0].length)}`;
}

const BUT = /\s(?:but|yet)\s/i;
const CONCEDING = /\b(?:even though|although|though|despite|in spite of|whereas|while)\b/i;

/**
 * "intelligent cloud rev was up in fy16 but op income went down - why?", "op income fell even though revenue
 * grew, why": a reason asked of one figure's move against another's. The conceded figure and its way are
 * taken out; the part, the company and the period it names stay.
 */
function withoutConcession(text: string): string {
  if (classifyQuestion(text).kind !== "reason") return text;
  const but = BUT.exec(text);
  const conceding = but ? null : CONCEDING.exec(text);
  const end = conceding ? text.slice(conceding.index).search(/[,;?]|\s[-–—]\s/) : -1;
  const span = but ? [0, but.index] : conceding ? [conceding.index, end < 0 ? text.length : conceding.index + end] : undefined;
  if (!span) return text;
  const toks = tokens(text);
  const inSpan = (t: Token) => t.start >= span[0]! && t.end <= span[1]!;
  const hits = findConcepts(text, toks).filter((h) => FIGURE_KIND.has(h.concept.kind));
  const conceded = hits.filter((h) => inSpan(toks[h.from]!));
  if (!conceded.length || conceded.length === hits.length) return text;
  const drop = new Set(conceded.flatMap((h) => toks.slice(h.from, h.to)));
  for (const t of toks) if (inSpan(t) && isDirectionWord(t)) drop.add(t);
  // (…and the connective: "intelligent cloud … but" names no part)
  const said = but ? { at: but.index, to: but.index + but[0].length } : { at: conceding!.index, to: conceding!.index + conceding![0].length };
  for (const t of toks) if (t.start >= said.at && t.end <= said.to) drop.add(t);
  let out = text;
  for (const t of [...drop].sort((a, b) => b.start - a.start)) out = `${out.slice(0, t.start)}${out.slice(t.end)}`;
  return closeGaps(out);
}

/** A formula in brackets after a figure's name, whose terms are no statement lines ("take rate (rev / gmv)", "net debt (total indebtedness - cash)"): its name and text. */
const BRACKET_QUOTIENT = new RegExp(String.raw`([^()]+?)\s*\(\s*([^()]*\p{L}[^()]*\s(?:${FORMULA_OPERATOR})\s[^()]*\p{L}[^()]*?)\s*\)`, "u");
function unreadQuotient(text: string, companies: readonly RoomCompany[]): { name: string; text: string; formula?: Expr } | undefined {
  const m = BRACKET_QUOTIENT.exec(text);
  if (!m) return undefined;
  const own = companyWords(m[1]!, companies);
  const name = tokens(m[1]!).filter((t) => !own.has(t.word) && !isYearWord(t.word) && !/^(?:fy|q[1-4]|h[12])?'?\d{2,4}$/.test(t.word) && !GRAMMAR_WORDS.has(t.word) && !WH.test(t.word)).map((t) => t.word).join(" ");
  // (its terms stay words, no parsed formula: compute_metric reads them as the tables' rows, its operators spelled as signs)
  return name ? { name, text: spellWordOperators(m[2]!.trim()).replace(/\s+/g, " ") } : undefined;
}

/** The text with a yes/no's value said back ("…, more than 10%?"). */
const withThresholdSaid = (text: string, t: Threshold) => `${text.replace(/[?.!\s]+$/, "")}, ${t.side === "above" ? "more than" : "less than"} ${t.written}?`;

/** A question with words taken out: no space before a stop, none doubled. */
const closeGaps = (text: string) => text.replace(/\s+([,?.!])/g, "$1").replace(/\s{2,}/g, " ").trim();

export function readQuestion(asWritten: string, companies: readonly RoomCompany[], previous?: Reading): Reading {
  // "aapl buybacks > $80B in fiscal 22?": a comparison sign is read as its words
  const question = spellComparisonSigns(asWritten);
  // "growth in cc", "ex-fx": the basis of the change asked, read and taken out (no part, label or figure of its own)
  const basis = CONSTANT_CURRENCY.test(question);
  const based = basis ? closeGaps(question.replace(CONSTANT_CURRENCY_ALL, " ")) : question;
  // "did they clear $7bn in revenue?": the value to clear is read and taken out (it names no part, scale or period)
  // (a wh-question asks which or why, "which segments topped $1bn": no yes or no, and the words stay)
  const threshold = WH.test(based) ? undefined : thresholdAsked(based, tokens(based));
  const asked = threshold ? closeGaps(`${based.slice(0, threshold.from)} ${based.slice(threshold.to)}`) : based;
  // initials written with stops ("U.S.", "U.K.") are one word; a spaced "&" is "and" ("cash & cash equivalents"); shorthand spelled out
  // "sales-wise", "margin-wise": the noun is the figure asked
  // "defense (bds)": a name with its shorthand after it is one part, named by its words
  // "capex (stores, IT etc)": a bracketed list of examples glosses the figure, naming none of its own
  // "capex (capex = additions to pp&e)": a bracket naming the figure's own line glosses it too
  const typed = joinInitials(withoutSameNameGloss(asked.replace(EXAMPLES_GLOSS, ""))).replace(/(\S)\s+&\s+(?=\S)/g, "$1 and ").replace(/(\p{L})-wise\b/gu, "$1").replace(NAMED_WITH_INITIALS, (m, word: string, initials: string) => (initials.toLowerCase().includes(word[0]!.toLowerCase()) ? word : m));
  const text = withoutConcession(respellTypos(spellOut(typed, roomWords(companies)), roomWords(companies)));
  const found = inFormula(excludedFigures(qualifyingCounts(findConcepts(text, tokens(text), companyWords(text, companies)), tokens(text)), tokens(text)), text);
  // "current ratio (total current assets / total current liabilities)": a catalog ratio's own formula in brackets restates it
  const restated = catalogRatioRestated(found, text);
  // ("ebay take rate 2022 (rev / gmv)": a quotient over figures no statement prints, a KPI's row, is still the formula asked)
  const definition: { name: string; text: string; formula?: Expr } | undefined = restated ? undefined : (cleanQuestion(normalise(text)).definition ?? unreadQuotient(text, companies));
  // (…and its words name no part: the part is read from the words before it)
  const partText = restated ? text.slice(0, restated.at) : text;
  const company = companyIn(text, companies);
  const hits = countEndingPartName(restated ? found.filter((h) => h.to <= restated.from) : found, partText, company, companies);
  // "the june quarter of 2022" is a quarter, not the year its number names
  const periods = MONTH_QUARTER.test(text) ? quarterWithoutYear(text) : periodsIn(text);
  if (!periods.length) periods.push(...quarterWithoutYear(text));
  // "pfe cash from ops 21": two digits ending the question right after the figure's name are its year
  if (!periods.length) periods.push(...yearAfterFigure(text, hits));
  // a figure named by generic nouns only ("take rate 2021") is read when a period is asked with it ("compare forecast to actual" names none)
  // …or asked after a turn, whose period it carries ("and the take rate on that?")
  // "last year", "now": periods the documents resolve; "take rate last yr vs 2021" asks the latest year beside the one named
  const relative = LAST_YEAR.test(text) ? "last year" : asksPresent(text) || STILL.test(text) ? "latest" : undefined;
  if (relative === "last year" && periods.length === 1 && lastYearBeforeCompared(text)) periods.unshift(relative);
  // (a part's name inside a longer run of nouns no concept names, "marketplace take rate", is that figure's label, not the part)
  const partNamed = hits.length ? undefined : scopeOf(text, [], company, companies);
  const run = partNamed && (periods.length || relative || previous) ? genericNounLabel(text, company, companies) : undefined;
  // (a measure word after the part, "restructuring charges", names the part's own amount: the part stays)
  const inRun = (p: string, whole: string) => tokens(p).every((t) => tokens(whole).some((w) => w.stem === t.stem)) && tokens(whole).some((w) => !tokens(p).some((t) => t.stem === w.stem) && !MEASURE_WORDS.has(w.word));
  // (…and one a preposition attaches after that run, "the take rate in marketplace", is the same figure: "marketplace take rate")
  const attached = partNamed && run && !inRun(partNamed, run) && attachedAfter(text, run, partNamed) ? `${partNamed} ${run}` : undefined;
  const part = partNamed && run && (inRun(partNamed, run) || attached) ? undefined : partNamed;
  // ("what did they spend on shipping": the label is the filings' "shipping costs")
  const nouns = attached ?? (hits.length || part || !(periods.length || relative || previous) ? undefined : genericNounLabel(spentOn(text), company, companies));
  // "did it go up or down?", "yoy change on that?" name a move, not a figure
  const figure = nouns && !tokens(nouns).some(isDirectionWord) && !GROWTH.test(nouns) && !changeAsked(nouns) ? nouns : undefined;
  const named = part ?? figure;
  // "how did the health care segment do in 2018": a part's performance is its sales, and how they moved
  const partAsked = hits.length ? scopeOf(partText, hits, company, companies) : named;
  // (…and "constant currency growth of the cloud segment": a part's growth at constant currency is its sales')
  // (…and "why did more personal computing shrink", "why did the company grow": a business that grew or shrank moved in its sales)
  const classified = classifyQuestion(text);
  const kind = classified.kind;
  const noFigure = !hits.some((h) => FIGURE_KIND.has(h.concept.kind)) && !previous;
  const askedWhyMoved = noFigure && kind === "reason" && tokens(text).some(isDirectionWord);
  // (the words before the move, less the company's, name the business: not a figure's word, "why did margins drop")
  // ("why did streaming content obligations rise": words ending in a figure's head noun name the figure, a business is named otherwise)
  const movedPart = askedWhyMoved ? [partAsked, partNamed].find((p) => p && !namesAFigure(p) && !endsInFigureNoun(p)) : undefined;
  const businessMoved = askedWhyMoved && (!!movedPart || (!!company && !partAsked && !partNamed));
  // ("how fast did adbe grow in apac", "how much did emea grow in fy17": a part that grew, no figure named, grew in its sales)
  // (…never a figure named by its own nouns, "how much did content obligations / the average check grow": that figure moved)
  const partGrew = !!partAsked && partAsked !== figure && !endsInFigureNoun(partAsked) && !!periods.length && tokens(text).some(isSizeVerb) && kind !== "reason";
  const sales = noFigure && ((!!partAsked && (PERFORMED.test(text) || (basis && GROWTH.test(text)) || partGrew)) || businessMoved) ? conceptById("revenue") : undefined;
  // "who runs r&d at pfizer", "who heads marketing": the one who runs a function, the figure's name naming the function, not a figure
  const runs = sales ? undefined : functionRun(hits);
  const concepts = sales ? [sales] : runs ? [runs.person] : conceptsOf(hits, tokens(text));
  const scope = sales ? (businessMoved ? movedPart : partAsked) : runs ? runs.part : hits.length ? scopeOf(partText, hits, company, companies, concepts) : undefined;
  const label = sales ? undefined : named;
  const printedName = !sales && !scope && !label && concepts.length === 1 && kind !== "reason" ? longerName(text, hits, company, companies) : undefined;
  const format = readAnswerFormat(normalise(text));
  // ("more stock in fy22 than in fy21": a comparative with "than" between two periods says the way too)
  const said = directionAsked(tokens(text), hits, concepts, !!previous?.concepts.length && !concepts.length, text) ?? (periods.length === 2 && !threshold ? comparativeDirection(tokens(text)) : undefined);
  const direction = thanOrdered(text, periods, said);
  // "domestic or international streaming revs — which grew faster": two parts asked against each other
  const pair = scope && concepts.length === 1 ? pairAsked(text, withoutPartNoun(scope)) : undefined;
  // "how did europe do in fy20, sales-wise": a figure's level and how it moved, not a description
  const performance = PERFORMED.test(text) && concepts.some((c) => FIGURE_KIND.has(c.kind)) && periods.length <= 1;
  const reading: Reading = {
    text,
    searchText: text,
    concepts,
    ...(company ? { company, companyWords: [...companyWords(text, companies.filter((c) => nameOf(c) === company))] } : {}),
    // ("chinese customers": the part is the place its table prints, "China")
    ...(scope ? { scope: placeNamesOf(withoutPartNoun(scope)), namedPart: SEGMENT.test(text) || namesProperly(text, scope) || namedAsBusiness(text, scope) } : {}),
    ...(pair ? { pair: pair.map(placeNamesOf) as [string, string] } : {}),
    ...(label ? { label } : {}),
    ...(label && label === figure ? { labelNamesFigure: true } : {}),
    ...(printedName ? { printedName } : {}),
    periods,
    ...(CAGR.test(text) ? { aggregate: "cagr" as const } : AVERAGE.test(text) ? { aggregate: "average" as const } : PERCENT_CHANGE.test(text) || (changeAsked(text) && (IN_PERCENT.test(text) || YOY.test(text))) ? { aggregate: (concepts[0]?.kind === "percent" ? "change" : "growth") as "change" | "growth" } : changeAsked(text) ? { aggregate: "change" as const } : GROWTH.test(text) ? { aggregate: (concepts[0]?.kind === "percent" ? "change" : "growth") as "change" | "growth" } : periods.length > 1 ? { aggregate: "series" as const } : {}),
    ...(format.decimals !== undefined ? { decimals: format.decimals } : {}),
    ...(format.scale ? { scale: SCALE_NAME[format.scale] } : {}),
    defines: text.includes("=") || !!definition,
    ...(definition?.formula && !plainQuotient(definition.formula) ? { definesMore: true } : {}),
    ...(definition ? { formula: { text: definition.text, name: definition.name } } : {}),
    synthesis: SYNTHESIS.test(text),
    // "how does 2022's tax rate stack up against 2021's" compares a figure across periods: not a description
    // "what does eBay mean by GMV": the meaning of a term, which a passage defines, never a figure
    // (a date asked, "restructuring plan announcement date", is a sentence's, never a figure's value)
    narrative: NARRATIVE.test(text) || ABOUT.test(text) || !!classified.defines || kind === "date" || (HOW_DOES.test(text) && !(concepts.some((c) => c.kind !== "text") && periods.length >= 2) && !performance),
    segment: SEGMENT.test(text),
    polar: kind === "yes_no" || (!!direction && !WH.test(text) && kind !== "reason") || (!WH.test(text) && concepts.length === 1 && !!concepts[0]!.action && INDEFINITE.test(text)),
    reason: kind === "reason",
    ...(direction ? { direction } : {}),
  };
  // "debt to assets", "cash over total debt": two figures joined by nothing but a ratio's word, the first over the second
  if (concepts.length === 2 && joinedAsRatio(text, hits, concepts)) reading.ratioOf = ratioUnitOf(text, concepts[0]!, concepts[1]!);
  // "current rpo as of oct 31 2022": "current" right before a balance's name, a date or year asked beside it, is the part due within a
  // year, as "noncurrent" is the rest (never "current assets", a name of its own, nor "current backlog" asked with no period: the newest)
  const dueWithinYear = !scope && concepts.length === 1 && !!concepts[0]!.balance && periods.length > 0 && hits.some((h) => h.concept === concepts[0] && tokens(text)[h.from - 1]?.word === "current");
  if (dueWithinYear) Object.assign(reading, { scope: "current", namedPart: false });
  // (a "%" beside a move asked, "how much did X fall, $ and %", is the move's rate, not the part's share)
  const moveAsked = !!reading.direction || reading.aggregate === "growth" || reading.aggregate === "change";
  // ("aws op income / total amzn op income": the part's figure over the company's total of it is its share too)
  if (scope && concepts.length === 1 && (OF_WHOLE.test(text) || OVER_TOTAL.test(text) || (!moveAsked && /%|\bper ?cent(?:age)?\b/i.test(text) && FIGURE_KIND.has(concepts[0]!.kind) && concepts[0]!.kind !== "percent"))) reading.partShare = true;
  if (reading.direction && reading.polar) reading.periods = movePeriods(periods);
  const sign = reading.polar && !reading.direction ? signAsked(tokens(text)) : undefined;
  if (sign) reading.sign = sign;
  // "corning working capital positive fy2022?", "ebay in the red 2017": a figure and a side of zero, typed with no verb, ask yes or no
  // (…said outside the figure's own name: "harbor profit fy22" asks the profit, not whether there was one; nor a restating formula's "gross profit")
  const bareSign = !reading.polar && !reading.direction && !WH.test(text) && concepts.length === 1 && FIGURE_KIND.has(concepts[0]!.kind) ? signAsked(tokens(text).map((t, i) => (found.some((h) => !h.viaPhrase && i >= h.from && i < h.to) ? { ...t, word: "_", stem: "_" } : t))) : undefined;
  if (bareSign) Object.assign(reading, { polar: true, sign: bareSign });
  // "adobe net income above $1bn?": a value to be above is asked yes or no
  if (threshold) Object.assign(reading, { threshold, polar: true, searchText: withThresholdSaid(text, threshold) });
  // "how much did revenue drop in fy23": the size of the move, not the level ("comps" is a change: its own size)
  const sizeAsked = HOW_MUCH_MOVED.test(text) && !!reading.direction && !reading.polar && concepts.length === 1;
  if (sizeAsked && !reading.reason && !reading.aggregate && !concepts[0]!.isChange) {
    reading.aggregate = "change";
    reading.periods = changePeriods(periods);
  }
  // "why did comps tank in fy23 and by how much": the reason, and the size too
  // (…and "intl segment rev fy23, why down", "domestic revenue fy23 and what drove the decline": the figure typed first, then why it moved)
  if ((sizeAsked || figureThenWhy(text)) && reading.reason && concepts.length === 1) reading.sizeToo = true;
  if (performance && !reading.aggregate) {
    reading.aggregate = concepts[0]!.kind === "percent" ? "change" : "growth";
    if (periods.length) reading.periods = changePeriods(periods);
  }
  // "how much did comparable sales grow": the figure is the growth
  if (concepts[0]?.isChange && (reading.aggregate === "growth" || reading.aggregate === "change") && periods.length <= 1) delete reading.aggregate;
  // "gross margin in fy16 compared with the prior year": the year named and the one before it, and the change
  if (periods.length === 2 && periods[0] === "last year" && concepts.length === 1 && reading.aggregate === "series") reading.aggregate = concepts[0]!.kind === "percent" || concepts[0]!.kind === "ratio" ? "change" : "growth";
  if (periods.length === 1 && /^FY\d{4}$/.test(periods[0]!) && COMPARE.test(text) && YEAR_BEFORE.test(text) && concepts.length === 1) {
    reading.periods = [`FY${Number(periods[0]!.slice(2)) - 1}`, periods[0]!];
    reading.aggregate = concepts[0]!.kind === "percent" || concepts[0]!.kind === "ratio" ? "change" : "growth";
  }
  if (!periods.length && relative) reading.periods = [relative];
  // a constant-currency figure is a change: "emea revenue fy23 in cc" asks fiscal 2023's growth on that basis
  if (basis) {
    reading.basis = "constant_currency";
    if (reading.aggregate !== "growth" && reading.aggregate !== "change" && concepts[0]?.kind !== "percent") reading.aggregate = "growth";
  }
  // "vs the start of the fiscal year": the year's opening balance, the last day of the year before the period asked
  const base = periods.at(-1) ?? previous?.periods.at(-1);
  const opening = START_OF_YEAR.test(text) && base ? /((?:19|20)\d\d)$/.exec(base)?.[1] : undefined;
  if (opening) reading.periods = [`FY${Number(opening) - 1}`, base!];
  // "why the big jump from 2015", "why did revenue grow from 2021": the year a move starts, not the year asked
  if (periods.length === 1 && movedFromAsked(text, periods[0]!) && (reading.direction || reading.reason || reading.aggregate === "growth" || reading.aggregate === "change")) {
    const later = previous?.periods.find((p) => /^FY\d{4}$/.test(p) && p > periods[0]!) ?? shiftLabelYear(periods[0]!, 1);
    if (later) reading.periods = [periods[0]!, later];
  }
  return previous ? carried(reading, previous, companies) : reading;
}

/** "The start of the fiscal year", "beginning of the year": the opening day of the year asked. */
const START_OF_YEAR = /\b(?:start|beginning|begining)\s+of\s+(?:the\s+)?(?:fiscal\s+|financial\s+)?year\b/i;
/** "from 2015" with no end year after it: where a move starts ("from 71%" is a level, not a year). */
const MOVED_FROM = /\bfrom\s+(?:fy\s*|fiscal\s+(?:year\s+)?)?['’]?((?:19|20)?\d\d)\b(?![.,]?\d|\s*(?:%|percent|pct|points?|bps|basis|x\b|times))(?!\s*(?:to|through|until|and|-|–)\s)/i;

/** The text names the period read as where a move starts ("why the jump from 2015", "from fy15"). */
function movedFromAsked(text: string, period: string): boolean {
  const m = MOVED_FROM.exec(text);
  if (!m) return false;
  const y = m[1]!.length === 2 ? 2000 + Number(m[1]) : Number(m[1]);
  return period.endsWith(String(y));
}

/** "What share of revenue did it keep as operating income": the second figure over the first. */
/** Nouns of a part's share of a whole ("share", "slice" …). */
const SHARE_NOUNS = "share|portion|proportion|fraction|part|slice|chunk|piece";
export const SHARE_OF = new RegExp(String.raw`\b(?:${SHARE_NOUNS})\s+of\b`, "i");
export const RATIO_OF = /(?:\bas an? |\bas )?(?:%|\bpercent(?:age)?) of\b|\bdivided by\b|\//i;
/** "A / B", "A divided by B": the first over the second. */
const DIVIDED = /\bdivided by\b|\//i;
/** "% of", "share of", "portion of": the figure named after it is the whole. */
export const OF_WHOLE = new RegExp(String.raw`(?:%|\bpercent(?:age)?|\b(?:${SHARE_NOUNS}))\s+of\s+`, "i");

/**
 * Numerator and denominator of a ratio question: "A / B" is A over B; otherwise the figure named
 * right after "% of" / "share of" is the whole ("what percent of revenue was left as gross profit",
 * "gross profit as a % of revenue", "what share of sales did it keep as operating income" all put
 * revenue below).
 */
export function ratioTerms(text: string, c: Concept, d: Concept): [Concept, Concept] {
  // "A divided by B": the figure named after "divided by" is the denominator, whichever the question named first
  // ("how many times did they turn inventory? … cost of goods sold divided by average inventory")
  const divided = DIVIDED.exec(text);
  if (divided) {
    const at = tokens(text.slice(0, divided.index)).length;
    const after = findConcepts(text).filter((h) => h.from >= at && (h.concept.id === c.id || h.concept.id === d.id));
    return after[0]?.concept.id === c.id ? [d, c] : [c, d];
  }
  const of = OF_WHOLE.exec(text);
  const whole = of ? findConcepts(text.slice(of.index + of[0].length))[0]?.concept.id : undefined;
  return whole === c.id ? [d, c] : [c, d];
}

/** Words that set one figure over another when they alone stand between the two names ("debt to assets", "cash over debt"). */
const RATIO_JOIN = /^\s*(?:to|over|divided by|\/)\s*(?:total\s+)?$/i;
/** "compare revenue to net income" sets two figures side by side, not one over the other. */
const SIDE_BY_SIDE = /\b(?:compar\w*|vs\.?|versus|against|relative|contrast\w*|from)\b/i;

/** The two figures, named in this order, stand joined by a ratio's word alone. */
function joinedAsRatio(text: string, hits: ConceptHit[], [top, bottom]: Concept[]): boolean {
  const toks = tokens(text);
  const a = hits.find((h) => h.concept === top && !h.viaPhrase);
  const b = hits.find((h) => h.concept === bottom && !h.viaPhrase);
  if (!a || !b || b.from < a.to || !toks[a.to - 1] || !toks[b.from]) return false;
  const between = text.slice(toks[a.to - 1]!.end, toks[b.from]!.start);
  return RATIO_JOIN.test(between) && !SIDE_BY_SIDE.test(text.slice(0, toks[a.from]!.start)) && top.kind === "amount" && bottom.kind === "amount";
}

/** A ratio asked as a percentage ("%", "share of") or as a plain ratio. */
export const ratioUnit = (text: string): "percent" | "ratio" => (/%|percent|share|portion|proportion/i.test(text) ? "percent" : "ratio");

/** The unit of one figure over another: an amount over revenue is a share of each dollar of sales ("r&d / revenue"), a percentage. */
export const ratioUnitOf = (text: string, top: Concept, bottom: Concept): "percent" | "ratio" => (bottom.id === "revenue" && top.kind === "amount" ? "percent" : ratioUnit(text));

/** "services share" → "services": the words of a label before its last word when that word is a share's. */
function partBeforeShareWord(label: string): string | undefined {
  const words = label.trim().split(/\s+/);
  return words.length > 1 && SHARE_WORD.test(words.at(-1)!) ? words.slice(0, -1).join(" ") : undefined;
}
const SHARE_WORD = new RegExp(`^(?:${SHARE_NOUNS})$`, "i");

/** The part the last turn asked, as a share of the company's figure it is part of: its company and periods carried when the turn names none. */
function shareOfPart(r: Reading, prev: Reading): Reading {
  const carry = [...(!r.company && prev.company ? (["company"] as const) : []), ...(!r.periods.length && prev.periods.length ? (["periods"] as const) : [])];
  return {
    ...r,
    scope: prev.scope,
    namedPart: !!prev.namedPart,
    segment: prev.segment,
    partShare: true,
    ...(!r.company && prev.company ? { company: prev.company } : {}),
    periods: r.periods.length ? r.periods : prev.periods,
    followUp: { from: prev.text, carried: ["concept", ...carry] },
  };
}

/** A follow-up takes what the previous turn left open: its concept, company and period, shifted or replaced. */
function carried(r: Reading, prev: Reading, companies: readonly RoomCompany[]): Reading {
  // "and what did that segment earn": a part noun pointed back to names no part of its own
  if (r.scope && prev.scope && PART_POINTED_BACK.test(r.text) && tokens(r.scope).every((t) => PART_NOUNS.has(t.word))) r = { ...r, scope: undefined, namedPart: undefined, segment: prev.segment };
  const short = tokens(r.text).length <= 8;
  // "as a % of revenue?" after net income: the figure the conversation was on, over the one named after "of"
  const over = short && r.concepts.length === 1 && prev.concepts.length > 0 && prev.concepts[0]!.id !== r.concepts[0]!.id && OF_WHOLE.test(r.text);
  // "how many stores there?", "what's the margin in that segment?": the part the last turn named, pointed back to
  // (…or the pronoun of the turn's subject, "how much did it make": what the last turn was about, a part or the company)
  const pointsBack = !!prev.scope && !r.scope && (PART_POINTED_BACK.test(r.text) || ON_THAT.test(r.text) || IT_SUBJECT.test(r.text));
  // "how much of that came from the safety & graphics segment?": a part of the figure asked before, named by a part noun or pointed back to
  const partOfLast = !r.concepts.length && !r.company && !r.periods.length && prev.concepts.length > 0 && (!!r.scope || !!r.label) && (SEGMENT.test(r.text) || OF_THAT.test(r.text));
  // "pcg net income 2015" → "and 2014?" → "so how much did profit fall, in %": the same figure named again, of no company or period of its own
  const sameFigure = r.concepts.length === 1 && prev.concepts.length === 1 && r.concepts[0]!.id === prev.concepts[0]!.id && !r.company && !r.periods.length && !r.scope;
  const follows = FOLLOW_UP.test(r.text) || (short && !r.concepts.length) || pointsBack || partOfLast || sameFigure || (short && IT_SUBJECT.test(r.text) && !r.company && !r.scope && !r.periods.length);
  // "how much did they make from services" → "what's the gross margin % on that": a figure of the part the last turn read by its label
  if (!prev.concepts.length && prev.label && !prev.labelNamesFigure && !r.scope && !r.label && r.concepts.length && ON_THAT.test(r.text) && r.concepts.every((c) => FIGURE_KINDS_OF_PART.has(c.kind))) return carriedPart(r, prev, prev.label);
  // "how many iphones did they move in fy16" → "same for ipad", "2019?": what the last turn asked, by its own words
  if (!prev.concepts.length) {
    if (follows && !r.concepts.length && (prev.label || prev.scope) && asksAgainOf(r, prev)) return carriedSubject(r, prev, companies);
    // "demand creation expense fy23" → "what about sg&a?": another figure, of the company and periods the turn before asked
    if (!(FOLLOW_UP.test(r.text) && r.concepts.length && !r.periods.length && prev.label)) return r;
  }
  // "how much did pfe sell of comirnaty in 2021" → "what % of total rev is that": the part's share of the whole it is of
  // (…however long, when "that" points back to it: "how much is that as a % of total rev")
  if ((short || THAT_FIGURE.test(r.text)) && prev.scope && !r.scope && r.concepts.length === 1 && prev.concepts[0]?.id === r.concepts[0]!.id && OF_WHOLE.test(r.text)) return shareOfPart(r, prev);
  if (!follows && !over) return r;
  // "services share of that?", "services slice of that, as a %": a part named before a share word, as a share of the figure the conversation was on
  const sharedPart = !r.concepts.length && r.label && prev.concepts.length && OF_WHOLE.test(r.text) ? partBeforeShareWord(r.label) : undefined;
  if (sharedPart) return shareOfPart({ ...r, concepts: prev.concepts, label: undefined, labelNamesFigure: undefined }, { ...prev, scope: sharedPart, namedPart: namesProperly(r.text, sharedPart), segment: r.segment });
  // "and the take rate on that?": another figure of the part the conversation was on
  // (…but "creative cloud revenue" → "what about document cloud": a part of the same kind, named by the same head noun, asked the same figure)
  if (r.labelNamesFigure && !r.concepts.length && !r.reason && !r.polar && !r.narrative && !siblingPart(r, prev)) return carriedFigure(r, prev);
  const out: Reading = { ...r, followUp: { from: prev.text, carried: [] } };
  if (over) {
    out.concepts = [prev.concepts[0]!, ...r.concepts];
    out.followUp!.carried.push("concept");
  }
  // "and fy21?" after a ratio: the same two figures, in the order asked
  const prevRatio = prev.ratioOf ?? (prev.concepts.length === 2 && (RATIO_OF.test(prev.text) || SHARE_OF.test(prev.text)) ? ratioUnit(prev.text) : undefined);
  if (!r.concepts.length && prevRatio) {
    out.concepts = prev.ratioOf ? prev.concepts : ratioTerms(prev.text, prev.concepts[0]!, prev.concepts[1]!);
    out.ratioOf = prevRatio;
    out.followUp!.carried.push("concept");
  }
  // "so what's the margin on that?" after operating income: the rate the catalog works out of that figure over revenue
  const rate = !r.concepts.length && !out.ratioOf && MARGIN_OF.test(r.text) ? marginOf(prev.concepts[0]!) : undefined;
  if (rate) {
    out.concepts = [rate];
    out.followUp!.carried.push("concept");
    if (prev.scope) Object.assign(out, { scope: prev.scope, namedPart: !!prev.namedPart, segment: prev.segment });
    delete out.label;
  } else if (!r.concepts.length && !out.ratioOf) {
    out.concepts = prev.concepts;
    out.followUp!.carried.push("concept");
    if (!r.aggregate && prev.aggregate && prev.aggregate !== "series") out.aggregate = prev.aggregate;
    // "what about the U.S.?", "how many are franchised?": the turn's own words are the part asked;
    // "and 2021?" keeps the part the conversation was about
    const sibling = siblingPart(r, prev);
    const own = sibling ? r.label : scopeOf(r.text, [], r.company, companies);
    if (sibling) {
      delete out.label;
      delete out.labelNamesFigure;
    }
    const scope = own ?? prev.scope;
    if (prev.partShare) out.partShare = true;
    if (scope) {
      out.scope = scope;
      out.namedPart = own ? SEGMENT.test(r.text) || namesProperly(r.text, own) : !!prev.namedPart;
      out.segment = own ? r.segment : prev.segment;
    }
  }
  // "aws sales 2019?" → "and op income?": another figure of the part the conversation was on
  if (r.concepts.length && !r.scope && prev.scope && !prev.polar && !prev.reason && (FOLLOW_UP_PART.test(r.text) || pointsBack) && r.concepts.every((c) => FIGURE_KINDS_OF_PART.has(c.kind))) {
    Object.assign(out, { scope: prev.scope, namedPart: !!prev.namedPart, segment: prev.segment });
    delete out.label;
  }
  // "and fy22?" after a change asked in cc: the same basis, unless the turn asks the reported one
  if (prev.basis && !r.basis && out.followUp!.carried.includes("concept") && !/\breported\b|\bactual\b/i.test(r.text)) out.basis = prev.basis;
  if (!r.company && prev.company) {
    out.company = prev.company;
    out.followUp!.carried.push("company");
  }
  const shifted = followedPeriods(r, prev);
  if (shifted) {
    out.periods = shifted.periods;
    if (shifted.ambiguous) out.ambiguous = true;
    out.followUp!.carried.push("periods");
  }
  // the periods the conversation has named so far, for a change across them
  out.seen = [...new Set([...(prev.seen ?? []), ...prev.periods, ...out.periods])].filter((p) => /^FY\d{4}$/.test(p)).sort();
  // "is that up or down?", "did it fall?": the last year named against the one before it, or the two named
  if (out.direction && out.polar && !r.periods.length) out.periods = out.seen.length >= 2 ? out.seen.slice(-2) : changePeriods(out.periods);
  // "how does that compare to 2021?": the year named beside the one the conversation was on
  if (COMPARE.test(r.text) && r.periods.length && prev.periods.length) {
    out.periods = [...new Set([...prev.periods, ...r.periods])].sort();
    if (!out.aggregate) out.aggregate = "change";
    out.narrative = false;
  }
  // ("so how much did it shrink?", "by how much did they fall": the size of a move, in any verb of direction)
  const moveSize = HOW_MUCH_MOVED.test(r.text) && tokens(r.text).some(isDirectionWord);
  if ((GROWTH.test(r.text) || changeAsked(r.text) || moveSize || !!r.basis) && (!r.concepts.length || sameFigure) && prev.periods.length) {
    // "so how much growth is that?", "how much did it change?": across the two years the conversation named, else the last and the year before it
    const last = prev.periods.at(-1)!;
    const kind = changeAsked(r.text) && !IN_PERCENT.test(r.text) && !PERCENT_CHANGE.test(r.text) ? "change" : "growth";
    out.aggregate = out.concepts[0]?.kind === "percent" ? "change" : kind;
    const seen = out.seen.length >= 2 ? out.seen.slice(-2) : undefined;
    if (prev.periods.length > 1) out.periods = prev.periods;
    else if (seen) out.periods = seen;
    else if (/^FY\d{4}$/.test(last)) out.periods = [`FY${Number(last.slice(2)) - 1}`, last];
  }
  return out;
}

/**
 * The periods a follow-up asks, read against the last turn's: its own, or the last turn's shifted
 * ("the year before", "2 years earlier", "the following year") or kept. Undefined when the turn
 * names its own periods.
 */
function followedPeriods(r: Reading, prev: Reading): { periods: string[]; ambiguous?: boolean } | undefined {
  // "and for the first half?" after Q2 FY24: the half of that fiscal year
  const year = /(?:^FY| )(\d{4})$/.exec(prev.periods.at(-1) ?? "")?.[1];
  if (year && r.periods.length && r.periods.every((p) => /^[QH][1-4]$/.test(p))) return { periods: r.periods.map((p) => `${p} ${year}`) };
  const back = yearsBack(r.text);
  if (r.periods.length && !((r.periods[0] === "latest" || r.periods[0] === "last year") && back)) return undefined;
  const base = prev.periods.at(-1);
  const quarter = !!base && (/^[QH][1-4](?: \d{4})?$/.test(base) || /\bquarter\b/i.test(base));
  // after a quarter, "a year earlier" / "the year before" is the same quarter a year before (the tools resolve it) …
  if (back === 1 && quarter && SAME_PERIOD_BACK.test(r.text)) return { periods: [`${base} a year earlier`] };
  // … and "last year" is the same quarter or the year
  if (back && quarter) return { periods: ["prior year"], ambiguous: true };
  if (back && base && /^FY\d{4}$/.test(base)) return { periods: [`FY${Number(base.slice(2)) - back}`] };
  if (YEAR_AFTER.test(r.text) && base && /^FY\d{4}$/.test(base)) return { periods: [`FY${Number(base.slice(2)) + 1}`] };
  // after a day ("cash at 30 June 2023"), "a year earlier" is the same day a year before
  const day = back && base ? parsePeriod(base) : undefined;
  if (day?.kind === "point" && !day.approximate) return { periods: [yearsEarlier(day, back).label] };
  if (back === 1) return { periods: ["prior year"] };
  return { periods: prev.periods };
}

/** Words that move the last period back a year as it is ("a year earlier", "the year before"), not to "last year". */
const SAME_PERIOD_BACK = /\ba year (?:earlier|before|prior|ago)\b|\b(?:the\s+)?year before\b|\bprior[- ]year (?:quarter|period)\b/i;

const COUNT_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5 };
const YEARS_EARLIER = /\b(\d|one|two|three|four|five) (?:fiscal )?years? (?:earlier|before|prior)\b/i;

/** How many years back the turn asks from the last one ("the year before" 1, "2 years earlier" 2), or 0. */
function yearsBack(text: string): number {
  const n = YEARS_EARLIER.exec(text)?.[1]?.toLowerCase();
  if (n) return COUNT_WORDS[n] ?? Number(n);
  return YEAR_BEFORE.test(text) ? 1 : 0;
}

/**
 * The turn asks the last figure again for something it names: another period ("2019?", "2 years
 * earlier"), another part ("same for ipad"), after a question for a figure, not a yes/no, a reason
 * or an overview ("yes please" after "any red flags?" asks nothing again).
 */
function asksAgainOf(r: Reading, prev: Reading): boolean {
  if (prev.polar || prev.reason || prev.narrative || prev.synthesis || REPLY.test(r.text)) return false;
  // (…or how much it moved: "how much did that grow yoy")
  return r.periods.length > 0 || yearsBack(r.text) > 0 || YEAR_AFTER.test(r.text) || ((!!r.label || !!r.scope) && FOLLOW_UP_PART.test(r.text)) || (!r.label && !r.scope && (r.aggregate === "growth" || r.aggregate === "change"));
}

/** "the margin on that", "what margin is that": the rate of the figure the conversation was on. */
const MARGIN_OF = /\bmargins?\b/i;
/** Kinds of figure a part of the company has its own of (an amount, a rate, a count). */
const FIGURE_KINDS_OF_PART = new Set(["amount", "percent", "count"]);

/** The percent concept the catalog works out as `c` over revenue ("operating income" → operating margin). */
function marginOf(c: Concept): Concept | undefined {
  return CONCEPTS.find((x) => {
    const parts = ratioParts(x);
    return !!parts && parts.top.id === c.id && parts.bottom.id === "revenue";
  });
}

/** A reply or an instruction, not a question ("Yes, add them to the Q&A list.", "thanks"). */
const REPLY = /^\s*(?:yes|yeah|yep|no|nope|ok(?:ay)?|sure|please|thanks|thank you|add|remove|delete|save|flag|export)\b/i;
/** A follow-up naming another part: "same for ipad", "what about gadgets", "and gadgets?". */
const FOLLOW_UP_PART = /^\s*(?:and|what about|how about|same for|also|ok(?:ay)?,?\s+and)\b/i;
/** Words pointing back to a place or part named before ("there", "in that segment", "that business"). */
/** "on that", "for it", "of those" closing a question: the figure or part the last turn was on. */
/** "that" or "this" standing for the last answer's figure ("how much is that", "what is this as a % of"), not naming a part. */
const THAT_FIGURE = /\b(?:is|was|are|were|of|from|makes?|made)\s+(?:that|this|it)\b(?!\s+(?:segment|business|division|unit|region|market|country|part|group)s?\b)/i;
const ON_THAT = /\b(?:on|of|for|from|in)\s+(?:that|this|it|those|them)\s*[?.!]*\s*$/i;
/** "how much of that …", "what share of it …": the figure the last turn gave, pointed back to anywhere in the turn. */
const OF_THAT = /\b(?:of|from)\s+(?:that|this|it|those)\b(?!\s+(?:is|was|are|were)\b)/i;

/** Another figure of the part the last turn asked by its label: the part, the company and the periods carried. */
function carriedPart(r: Reading, prev: Reading, part: string): Reading {
  const out: Reading = { ...r, scope: part, namedPart: !!prev.namedPart, segment: prev.segment, followUp: { from: prev.text, carried: [] } };
  if (!r.company && prev.company) {
    out.company = prev.company;
    out.followUp!.carried.push("company");
  }
  if (!r.periods.length && prev.periods.length) {
    out.periods = prev.periods;
    out.followUp!.carried.push("periods");
  }
  return out;
}

/** "did it", "is it", "its": the pronoun of what the last turn was about (not "is it up", which asks a move of the same figure). */
const IT_SUBJECT = /\b(?:did|does|do|is|was|has|had|will|would|can)\s+it\b|\bits\b/i;
/** Nouns of a part of a company, which "that …" points back with. */
const PART_NOUN_WORDS = ["segment", "business", "division", "unit", "region", "market", "country", "geography", "part", "group"];
const PART_NOUNS = new Set([...PART_NOUN_WORDS, "segments", "businesses", "divisions", "units", "regions", "markets", "countries", "geographies", "parts", "groups"]);
const PART_POINTED_BACK = new RegExp(String.raw`\bthere\b(?!\s+(?:is|are|was|were|be|been|any|a|an)\b)|\b(?:that|this|the same|those)\s+(?:${PART_NOUN_WORDS.join("|")})s?\b`, "i");

/**
 * A follow-up to a question that named no catalog figure ("how many iphones did they move in fy16",
 * "wildfire claims charge in 2018"): the last question again, by its own words, with the part the
 * turn names in place of the last one ("same for ipad") and the turn's periods ("2019?", "and the
 * year before?"), read as a question of its own.
 */
function carriedSubject(r: Reading, prev: Reading, companies: readonly RoomCompany[]): Reading {
  const subject = (prev.label ?? prev.scope)!;
  const own = r.label ?? r.scope;
  // "domestic streaming paid memberships" then "what about intl?": one word for a long subject names another part of the same figure
  const words = subject.split(/\s+/);
  const replaced = own && !/\s/.test(own.trim()) && words.length >= 3 && !prev.concepts.length ? words[0]! : subject;
  let text = own && own.toLowerCase() !== subject.toLowerCase() ? replaceSpan(prev.text, replaced, own) : prev.text;
  const shifted = followedPeriods(r, prev);
  const periods = shifted?.periods ?? r.periods;
  if (periods.length && periods.join() !== prev.periods.join()) text = withPeriods(text, periods);
  const out = readQuestion(text, companies);
  const carried: Array<"concept" | "company" | "periods"> = ["concept", ...(prev.company && !r.company ? (["company"] as const) : []), ...(shifted ? (["periods"] as const) : [])];
  // the periods the turn moved to, as read (the rewritten text may word them so the period reader misses one)
  // ("how much did that grow": the same figure's move, over the year before the one asked)
  const moved = !r.periods.length && (r.aggregate === "growth" || r.aggregate === "change") ? { aggregate: r.aggregate, periods: changePeriods(shifted?.periods ?? out.periods) } : {};
  return { ...out, ...(shifted ? { periods: shifted.periods } : {}), ...(shifted?.ambiguous ? { ambiguous: true } : {}), ...moved, followUp: { from: prev.text, carried } };
}

/** A follow-up naming a figure by generic nouns: that figure, for the part, company and periods the last turn asked. */
/** The turn names only another part of the kind the last turn's part is ("document cloud" after "creative cloud"): its last word, not pointing back at that. */
function siblingPart(r: Reading, prev: Reading): boolean {
  if (!r.label || !prev.scope || !prev.concepts.length || ON_THAT.test(r.text)) return false;
  const [own, last] = [tokens(r.label), tokens(prev.scope)];
  return own.length >= 2 && own.at(-1)!.stem === last.at(-1)!.stem && own[0]!.stem !== last[0]!.stem;
}

function carriedFigure(r: Reading, prev: Reading): Reading {
  const shifted = followedPeriods(r, prev);
  const label = [prev.scope ?? (prev.concepts.length ? undefined : prev.label), r.label].filter(Boolean).join(" ");
  return {
    ...r,
    label,
    ...(r.company || !prev.company ? {} : { company: prev.company }),
    periods: shifted?.periods ?? r.periods,
    followUp: { from: prev.text, carried: [...(prev.company && !r.company ? (["company"] as const) : []), ...(shifted ? (["periods"] as const) : [])] },
  };
}

/** The text with the run of `words` that starts at the first of them (as they stand in it) replaced by `by`. */
function replaceSpan(text: string, words: string, by: string): string {
  const ws = new Set(words.toLowerCase().split(/\s+/).filter(Boolean));
  const toks = tokens(text);
  const from = toks.findIndex((t) => ws.has(text.slice(t.start, t.end).toLowerCase()));
  if (from < 0) return `${text} ${by}`;
  let to = from;
  while (toks[to + 1] && ws.has(text.slice(toks[to + 1]!.start, toks[to + 1]!.end).toLowerCase())) to++;
  return `${text.slice(0, toks[from]!.start)}${by}${text.slice(toks[to]!.end)}`;
}

/** The text with its period mentions replaced by `periods`, in words the period reader reads back. */
function withPeriods(text: string, periods: string[]): string {
  const t = normalise(text);
  let out = "";
  let at = 0;
  for (const m of periodMentions(t)) {
    out += t.slice(at, m.start).replace(/\b(?:in|for|during|of|at)\s*$/i, "");
    at = m.end;
  }
  out += t.slice(at);
  const words = periods.map((p) => (/^FY\d{4}$/.test(p) ? `fiscal ${p.slice(2)}` : p)).join(" and ");
  return `${out.replace(/\s+/g, " ").replace(/\s*\?\s*$/, "").trim()} in ${words}`;
}

/**
 * A follow-up's question written out from what it carried ("what drove that?" after "operating
 * income 2022" → "Why did operating income change in fiscal 2022?"), for readers that take one
 * question alone. Undefined when the turn carried no figure or asks for one (the tools read those).
 */
export function standaloneQuestion(r: Reading): string | undefined {
  const c = r.concepts[0];
  if (!c || !r.followUp?.carried.includes("concept") || !r.reason) return undefined;
  const what = `${r.scope ? `${r.scope} ` : ""}${c.label.toLowerCase()}`;
  const when = r.periods.filter((p) => /^FY\d{4}$/.test(p)).map((p) => `fiscal ${p.slice(2)}`).at(-1);
  return `Why did ${r.company ? `${r.company}'s ` : ""}${what} change${when ? ` in ${when}` : ""}?`;
}
