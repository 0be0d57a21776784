/**
 * A multi-part request read into items, each read by the question reader (./read.ts) like a chat
 * question: "net sales, net earnings and FCF for 2020, 2021 and 2022" is nine items, and "versus
 * 2021" makes an item a comparison (both sides and the change).
 *
 * The request is cut into sentences, a sentence into an optional header ("Nike FY2023 vs FY2022:",
 * "For 3M in 2022 —") and parts (split at commas, "and", "plus" …, never inside a concept's own
 * words such as "research and development"). Periods are shared the way analysts write them:
 * - periods in the header or before the sentence's first item are the sentence's: every item that
 *   names none takes them ("For 2020, 2021 and 2022 give me revenue and net income each year");
 * - periods after a run of items joined by commas and "and" are the run's ("net sales, operating
 *   income and net income for 2022 and 2021"); a part after "plus", "also" or "each year" starts a
 *   new run; with the sentence's own periods set, one period after a part is that part's only
 *   ("cash from operations, capex, the capex outlook for 2024");
 * - "versus 2021" makes each figure of its run (or of the sentence, in a header) a comparison.
 * A company fact (headcount) is read for the current period only. A part that names no concept
 * of the catalog but asks something ("the attrition rate", "their MSCI ESG rating") is an item,
 * put to the chat loop as written; a ranking ("which segment is largest") is its own kind. Nothing
 * here knows a company or a document.
 */
import { periodMentions, shiftYears, yearsBetween } from "@/lib/metrics/periods";
import { isDayLabel, MONTH, lastDayOfMonth, monthName, monthNumber } from "@/lib/periods";
import { detectLanguage } from "@/lib/search/language";
import type { Concept } from "../concepts/catalog";
import { findConcepts, tokens, type ConceptHit } from "../concepts/match";
import { companyIn, periodsIn, readQuestion, roomWords, type Reading } from "./read";
import { spellOut } from "../concepts/abbreviations";
import { rankAsked } from "../offline/ranking";
import { AT, END_OF, JOINERS, LEAD_WORDS as LEAD, NEW_RUN, TAIL, followUpOf } from "./request-words";

export type ItemKind = "figure" | "comparison" | "narrative" | "ranking" | "other";

export interface RequestItem {
  n: number;
  /** The part as the analyst wrote it, without the request's filler and periods. */
  ask: string;
  /** "Net sales, FY2022"; "Operating margin, FY2022 vs FY2021". */
  label: string;
  kind: ItemKind;
  concept?: Concept;
  /** figure: the period asked (none: the latest); comparison: [current, base]. */
  periods: string[];
  /** The self-contained question(s) put to the chat loop: one per period of a comparison. */
  questions: string[];
  /** Another wording of a one-question item, asked when the first finds nothing. */
  retry?: string;
  /** The question reader's reading of the first question. */
  reading: Reading;
  /**
   * Asks why the item before it moved, or how much it grew ("what drove it", "how fast did it grow"),
   * or a figure of the part the ranking before it names ("which segment is biggest and what it earned"):
   * asked once the ranking has named the part.
   */
  follow?: "reason" | "growth" | "part";
}

export interface RequestItems {
  items: RequestItem[];
  /** The data room company the request names (or the room's only company). */
  company?: string;
  /** Parts read as no item (for the trace). */
  ignored: string[];
}

interface Span {
  start: number;
  end: number;
}

interface Part extends Span {
  text: string;
  /** The delimiter before the part (", plus", " and "). */
  joiner: string;
  hits: ConceptHit[];
  /** Where the part starts asking (its first concept or content word); -1 when it asks nothing. */
  askAt: number;
  /** Period labels of the part with positions, "versus" ones apart. */
  periods: Array<{ label: string; start: number; end: number }>;
  versus?: { label: string; start: number; end: number };
  /** "compared with the prior year", "against last year": versus the year before each period asked. */
  priorYear?: boolean;
  /** The part asks how its own figure changed ("the change in revenue from 2021"): its year, if named, is its alone. */
  moved?: boolean;
}

interface Run {
  parts: Part[];
  /** Periods written for the run; empty: the sentence's. */
  periods: string[];
  versus?: string;
  /** A part about the figure before it ("what drove it", "how fast did it grow", "and the swing"), or about the part a ranking names ("what it earned"). */
  follow?: "reason" | "growth" | "change" | "part";
}

/** Words that start a new sentence even after an abbreviation's full stop ("… Inc. Then for 2015: …"). */
const STARTER = /^\s+(?:Then|Also|And|Plus|Next|Finally|What|Which|How|Who|Give|Please|Separately|Lastly|For)\b/;
const ABBREVIATION = /(?:\b(?:inc|corp|co|ltd|plc|no|vs|approx|e\.g|i\.e)|\b\p{Lu})$/iu;
const VERSUS = /\b(?:vs\.?|versus|compared (?:with|to)|against|relative to)\s*$/i;
/** "compared with the prior year", "against last year", "vs the previous fiscal year": the year before, not a year named. */
/**
 * What the item asks beside its figure, written after it: its change ("w/ chg", "+ % chg", "with the $ and %
 * change", "+ growth", its unit before it) or its sources. A change asked of one year is a comparison with the year before.
 */
const BESIDE = String.raw`(?:\b(?:with|showing|including|giving|w\/)|\+)\s*(?:the )?(?:(?:\$|%|pct|percent|pts?|bps)\s*(?:(?:and|&|\+|\/)\s*(?:\$|%|pct|percent)\s*)?)?`;
const CHANGE_WORDS = "change|chg|growth|delta|difference";
const CHANGE_SPEC = new RegExp(String.raw`${BESIDE}(?:${CHANGE_WORDS}|sources?|citations?)\b.*$`, "i");
const CHANGE_ASKED_BESIDE = new RegExp(String.raw`${BESIDE}(?:${CHANGE_WORDS})\b`, "i");
const PRIOR_YEAR = /\b(?:vs\.?|versus|compared (?:with|to)|against|relative to|over)\s+(?:the\s+)?(?:last|prior|previous|preceding)\s+(?:fiscal\s+)?year\b/i;
/** "capex yoy": the year asked against the one before (a growth or change named, "revenue growth yoy", is one figure). */
const YOY = /\b(?:yoy|y\/y|year[- ]over[- ]year)\b/i;
/** "the", "their", "its" opening an ask: no word of what is asked. */
const LEADING_DETERMINER = /^(?:the|their|its)\s+/i;
const CHANGE = /\b(?:change[ds]?|difference|growth|moved)\b/i;
const SINCE = /\b(?:from|since)\s*$/i;
const EACH = /\b(?:each|both|every) (?:year|period|quarter)s?\b|\bfor each\b|\beach of the (?:two|three|four|five|\d) (?:years|periods|quarters)\b|\bper year\b|\ball (?:three|two|four|five) years\b/i;
const RANKING = /\b(?:largest|biggest|highest|most|top|leading|smallest|lowest)\b[^,;]*\b(?:segments?|geograph\w*|regions?|divisions?|business(?:es)?|units?|markets?|tenants?|customers?|products?|brands?)\b|\b(?:which|what) (?:of (?:its|their|the) )?(?:[\p{L}-]+ )?(?:segment|geography|region|division|business|market|tenant|customer|product|brand)(?:s|es)?\b|\bwhich\b[^,;?]*\b(?:more|larger|bigger|higher)\b[^,;?]*\bor\b|\bby\s+(?:segments?|geograph\w*|regions?|divisions?|business(?:es)?|units?|products?)\b[^,;]*\b(?:largest|biggest|highest|most|top|leading|smallest|lowest)\b|\b(?:segment|geography|region|division|business|unit|product|brand)s?\s+(?:with|that (?:has|had|brings in|brought in))\s+the\s+(?:largest|biggest|highest|most|smallest|lowest)\b|\b(?:segments?|geograph\w*|regions?|divisions?)\b[^;]*\b(?:which|what)\s+(?:one\s+)?(?:is|was|were|are)\s+(?:the\s+)?(?:largest|biggest|highest|most|top|leading|smallest|lowest)\b/iu;
/** "how much did it bring in", "what it earned", "and how much": a part about the part before it. */
const BACK_REFERENCE = /^(?:and\s+)?(?:(?:how much|how many|what)\b.*\b(?:it|they|that)\b|how (?:much|many)\s*$)/i;
/**
 * A back reference naming nothing of its own: the question word, at most a verb's helper, then the
 * pronoun ("how much did it bring in", "what it earned"). "How many Prime members they have" names
 * what it asks before the pronoun: an item of its own, not a pointer back.
 */
const BARE_BACK_REFERENCE = /^(?:and\s+)?(?:(?:how much|how many|what)\s+(?:(?:did|does|do|has|have|had|was|is|were|are|will|would)\s+)?(?:it|they|that)\b|how (?:much|many)\s*$)/i;
/** "its operating margin", "and what was its operating income": a figure of the part named before (never "their": the company's). */
const ITS = /^(?:and\s+)?(?:(?:what|how much|how many)\s+(?:(?:was|is|were|are|did|does)\s+)?)?its\b/i;
/** A share asked of the part before ("and what percentage of revenue it accounted for"): an item of its own. */
const SHARE_OF = /\b(?:percentage|percent|share|proportion|portion)\s+of\b/i;
const DELIMITER = new RegExp(String.raw`\s*,\s*(?:(?:${JOINERS}|also|then)\s+)?|\s+(?:${JOINERS}|&)\s+(?:(?:also|också)\s+)?|\s+with\s+(?=(?:the\s+|its\s+|their\s+)?[\p{L}]+\s+margins?\b)`, "giu");

/** "what they're paying", "what's left": a pronoun's contraction written out, so its ending is never read as a word ("re"). */
const CONTRACTION = /\b(they|we|you)'re\b|\b(it|that|what|there|who)'s\b/gi;

/** A list written one ask a line ("- revs '18 vs '17\n- ceo", "1. capex"): each line its own ask, not dashes around an aside once lines are joined. */
function bulletsApart(text: string): string {
  // (the first line after a header's colon stays the header's first ask)
  return text.replace(/(:?)\s*\n\s*(?:[-*•–—]|\d{1,2}[.)])\s+/g, (_, colon: string) => (colon ? ": " : "; "));
}

function lightNormalise(text: string): string {
  return text.replace(/[’‘`]/g, "'").replace(CONTRACTION, (_, are?: string, is?: string) => (are ? `${are} are` : `${is} is`)).replace(/[“”]/g, '"').replace(/\s*(?:[—–]|-{2,3})\s*/g, " - ").replace(/\s+/g, " ").trim();
}

/** Sentences as spans: at ; | ? ! and a full stop before a capital that ends no abbreviation ("op margin | capex | top risks": a list of asks). */
function sentences(t: string): Span[] {
  const out: Span[] = [];
  let start = 0;
  const close = (end: number) => {
    const lead = t.slice(start, end).length - t.slice(start, end).trimStart().length;
    if (t.slice(start, end).trim()) out.push({ start: start + lead, end: start + t.slice(start, end).trimEnd().length });
  };
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    const stop = c === ";" || c === "|" || c === "?" || c === "!" || (c === "." && /^\s+\p{Lu}/u.test(t.slice(i + 1, i + 3)) && (!ABBREVIATION.test(t.slice(Math.max(0, i - 8), i)) || STARTER.test(t.slice(i + 1, i + 16))));
    if (!stop) continue;
    close(i);
    start = i + 1;
  }
  close(t.length);
  return out;
}

/** A header: the words before the sentence's first ":" or " - ", when words follow it. */
function headerEnd(t: string, s: Span, spans: Span[]): number | null {
  const body = t.slice(s.start, s.end);
  const m = /:\s|\s-\s/.exec(body);
  if (!m || !body.slice(m.index + m[0].length).trim()) return null;
  const end = s.start + m.index + m[0].length;
  // a header names the company and periods, never an item ("… capex, which brings in more revenue - …" is none)
  return spans.some((h) => h.start >= s.start && h.end <= end) ? null : end;
}

/** "(2021, 2022)", "(fy21 & fy22)", "(2021/2022)": a bracket holding only years is the years, listed. */
const YEAR = String.raw`(?:fy|fiscal\s+(?:year\s+)?)?'?\d{2,4}`;
const YEARS_BRACKET = new RegExp(String.raw`\(\s*(${YEAR}(?:\s*(?:,|&|\/|and)\s*${YEAR})*)\s*\)`, "gi");
/** "for both years 2021 and 2022", "for each of 2020, 2021 and 2022": the years listed say it all. */
const YEARS_NOUN = new RegExp(String.raw`\b(?:(?:both|each of(?: the)?|all)\s+(?:\w+\s+)?(?:fiscal\s+)?(?:years|periods)|each of|both)\s*:?\s*(?=${YEAR}\b)`, "gi");

/**
 * "which brings in more revenue - electric or natural gas - the dividend": a pair of dashes around a few words is an aside;
 * a bracket of years is read as the years it lists.
 */
function asides(t: string): string {
  return t
    .replace(/ - ([^-:;,\d]{1,60}?) - /g, (all, inner: string) => (inner.trim().split(/\s+/).length <= 6 ? ` (${inner.trim()}), ` : all))
    .replace(YEARS_BRACKET, (_, inner: string) => ` ${inner.split(/\s*(?:,|&|\/|\band\b)\s*/i).join(" and ")} `)
    .replace(YEARS_NOUN, "");
}

function wordsOf(company: string | undefined): Set<string> {
  return new Set(company ? tokens(company).map((w) => w.word).filter((w) => w.length > 1 && !["inc", "corp", "co", "company", "corporation", "ltd", "plc", "the"].includes(w)) : []);
}

/** Where a part starts asking: its first concept, else its first word that is no lead word, company or period. */
function askStart(t: string, b: Span, hits: Array<{ start: number }>, companyWords: Set<string>): number {
  const toks = tokens(t.slice(b.start, b.end));
  const text = t.slice(b.start, b.end);
  // "on-time", "in-service": a lead word joined to the next is part of what is asked
  // (initials written with stops, "U.S. revenue", are a word, whatever one letter of them is)
  const initials = (w: { start: number }) => /^(?:\p{Lu}\.){2,}/u.test(text.slice(w.start));
  const word = toks.find((w) => (!LEAD.has(w.word) || text[w.end] === "-") && !companyWords.has(w.word) && !/^\d/.test(w.word) && !/^(?:fy|q[1-4]|h[12])\d*$/.test(w.word) && (w.word.length > 1 || initials(w)));
  const at = [...hits.map((h) => h.start), ...(word ? [b.start + word.start] : [])];
  return at.length ? Math.min(...at) : -1;
}

/** The part's words outside the concepts it names. */
function outside(t: string, b: Span, hitSpans: Span[]): string {
  let s = "";
  let at = b.start;
  for (const h of [...hitSpans].sort((x, y) => x.start - y.start)) {
    s += `${t.slice(at, Math.max(at, h.start))} `;
    at = Math.max(at, h.end);
  }
  return s + t.slice(at, b.end);
}

/** The position lies inside a bracket opened after `from`. */
function insideBracket(t: string, from: number, at: number): boolean {
  let depth = 0;
  for (let i = from; i < at; i++) depth = t[i] === "(" ? depth + 1 : t[i] === ")" ? Math.max(0, depth - 1) : depth;
  return depth > 0;
}

/** "rev fy17 vs fy15 / op margin / headcount": a slash with spaces around it, written twice or more outside brackets, lists parts (once, it divides). */
const SPACED_SLASH = /\s+\/\s+/g;
const listedBySlashes = (text: string) => text.replace(/\([^()]*\)|\[[^\]]*\]/g, "").match(SPACED_SLASH)?.length ?? 0;
const SLASH_DELIMITER = new RegExp(`${DELIMITER.source}|${SPACED_SLASH.source}`, "giu");

function partsOf(t: string, body: Span, spans: Span[], hits: ConceptHit[], mentions: Array<{ label: string; start: number; end: number }>, companyWords: Set<string>): Part[] {
  const bounds: Array<Span & { joiner: string }> = [];
  let from = body.start;
  let joiner = "";
  const delimiter = listedBySlashes(t.slice(body.start, body.end)) >= 2 ? SLASH_DELIMITER : DELIMITER;
  for (const m of t.slice(body.start, body.end).matchAll(delimiter)) {
    const at = body.start + m.index!;
    if (spans.some((h) => at > h.start && at < h.end)) continue;
    // ("net cash (cash + mkt secs less CP and term debt)": a formula's bracket is one ask, whatever joins its terms)
    if (insideBracket(t, body.start, at)) continue;
    bounds.push({ start: from, end: at, joiner });
    from = at + m[0].length;
    joiner = m[0];
  }
  bounds.push({ start: from, end: body.end, joiner });
  return bounds.filter((b) => t.slice(b.start, b.end).trim()).map((b) => {
    const inside = (x: number) => x >= b.start && x < b.end;
    const own = mentions.filter((m) => inside(m.start));
    const partHits = hits.filter((_, i) => inside(spans[i]!.start));
    const hitStarts = spans.filter((s) => inside(s.start));
    const text = t.slice(b.start, b.end).trim();
    // "the change in revenue from 2021": a change of the part's own figure (not one its name holds, "net change in cash")
    // against the year it names after "from" or "since" ("revenue growth" alone is the chat's growth of the year asked)
    const moved = partHits.length > 0 && !partHits[0]!.concept.isChange && CHANGE.test(outside(t, b, hitStarts));
    const versus = own.find((m) => VERSUS.test(t.slice(b.start, m.start)) || (moved && SINCE.test(t.slice(b.start, m.start))));
    const priorYear = !versus && (PRIOR_YEAR.test(text) || (YOY.test(text) && !CHANGE.test(text)) || (own.length === 1 && CHANGE_ASKED_BESIDE.test(text)));
    return { ...b, text, hits: partHits, askAt: askStart(t, b, hitStarts, companyWords), periods: own.filter((m) => m !== versus), ...(versus ? { versus } : {}), ...(priorYear ? { priorYear } : {}), ...(moved ? { moved } : {}) };
  });
}

/**
 * "subscription and support revenue", "tech & dev as % of rev": a part that names no concept, joined by "and" or "&" to a part whose
 * concept follows a qualifier, is one part (the list was the qualifier's).
 */
function mergeQualifiers(parts: Part[]): Part[] {
  const out: Part[] = [];
  for (const p of parts) {
    const prev = out.at(-1);
    const qualified = p.hits.length > 0 && p.askAt >= 0 && p.askAt < Math.min(...p.hits.map((h) => h.from >= 0 ? p.start + p.text.toLowerCase().indexOf(h.text.toLowerCase()) : Infinity));
    // (a clause of its own, "what it added to sales", qualifies nothing before it)
    if (prev && /^\s+(?:and|&)\s+$/i.test(p.joiner) && !prev.hits.length && prev.askAt >= 0 && !prev.periods.length && qualified && !CLAUSE.test(p.text)) {
      out[out.length - 1] = { ...p, start: prev.start, joiner: prev.joiner, text: `${prev.text}${p.joiner}${p.text}`, askAt: prev.askAt, periods: p.periods };
      continue;
    }
    out.push(p);
  }
  return out;
}

/** Kinds of a company's parts a figure is broken down by ("revenue by segment"). */
const PART_KINDS = String.raw`segments?|geograph\w*|regions?|divisions?|business(?:es)?|units?|products?`;
/** "which is largest", "and which one was biggest": a ranking that names no figure or part of its own. */
const BARE_RANKING = /^(?:and\s+)?(?:which|what)\s+(?:one\s+)?(?:is|was|were|are)\s+(?:the\s+)?(?:largest|biggest|highest|most|top|leading|smallest|lowest)\s*[?.]?$/i;
/** "revenue by segment (which is largest)": the figure, the kind of part and the ranking word. */
const BY_PARTS_RANKING = new RegExp(String.raw`^(?:the\s+)?(.+?)\s+by\s+(${PART_KINDS})\b.*?\b(largest|biggest|highest|most|top|leading|smallest|lowest)\b`, "i");

/** "the segment with the most revenue": the kind of part, the ranking word and the figure. */
const PART_WITH_MOST = /^(?:the\s+)?(segment|geography|region|division|business|unit|product|brand)s?\s+(?:with|that (?:has|had|brings in|brought in))\s+the\s+(largest|biggest|highest|most|smallest|lowest)\s+(.+)$/i;

/** "segment revenue (which is largest)": the kind of part, the figure and the ranking word. */
const PARTS_FIRST_RANKING = new RegExp(String.raw`^(?:the\s+)?(${PART_KINDS})\s+([^(),]+?)\s*(?:\(|,\s*)(?:which|what)\b[^)]*?\b(largest|biggest|highest|most|top|leading|smallest|lowest)\b`, "i");

/**
 * "revenue by segment, which is largest": a ranking that names nothing of its own after a figure
 * broken down by parts is that breakdown ranked (one part: "revenue by segment (which is largest)").
 */
function mergeRankings(parts: Part[]): Part[] {
  const out: Part[] = [];
  for (const p of parts) {
    const prev = out.at(-1);
    if (prev && BARE_RANKING.test(p.text) && new RegExp(String.raw`\b(?:${PART_KINDS})\b`, "i").test(prev.text) && prev.hits.length) {
      out[out.length - 1] = { ...prev, end: p.end, text: `${prev.text} (${p.text.replace(/^and\s+/i, "")})` };
      continue;
    }
    out.push(p);
  }
  return out;
}

/** The ranking's own question: "revenue by segment (which is largest)" is "which segment is largest by revenue". */
function rankingAsk(ask: string): string {
  // ("segment revenue (which is largest)": the kind of part first, the figure after it)
  const withMost = PART_WITH_MOST.exec(ask);
  if (withMost) return `which ${withMost[1]!.toLowerCase()} has the ${withMost[2]!.toLowerCase()} ${withMost[3]!.trim()}`;
  const first = PARTS_FIRST_RANKING.exec(ask);
  const m = BY_PARTS_RANKING.exec(ask) ?? (first ? [first[0], first[2]!, first[1]!, first[3]!] : null);
  if (!m) return ask;
  const kind = m[2]!.toLowerCase().replace(/(?:e?s)$/, "").replace(/^geograph\w*/, "geography").replace(/^busines$/, "business");
  return `which ${kind} is ${m[3]!.toLowerCase()} by ${m[1]!.trim()}`;
}

/** The name an item asks about, written first in capitals ("Whole Foods cost": Whole Foods), that a later "it" points to. */
function nameBefore(item: RequestItem | undefined): string | undefined {
  if (!item || item.kind === "narrative") return undefined;
  const m = /^(?:the\s+)?((?:\p{Lu}[\p{L}&.'-]*)(?:\s+\p{Lu}[\p{L}&.'-]*)*)\b/u.exec(item.ask);
  return m && !item.concept ? m[1] : item.reading.scope;
}

/** "how much International lost at the operating line", "how much did Europe make at the operating level": the part's line, a loss or an income. */
const LINE_CLAUSE = /^(?:and\s+)?how much (?:did\s+)?(?:the\s+)?(\p{Lu}[\p{L}&.'-]*(?:\s+\p{Lu}[\p{L}&.'-]*)*)\s+(?:segment\s+)?(lost|lose|made|make|earned|earn)\s+at the\s+(operating|pre-?tax|net|EBIT|EBITDA)\s+(?:line|level)\s*[?.]?$/u;

/** "what Whole Foods cost", "how much did Widgetco cost them": the cost of a business named in capitals, the price paid for it. */
const NAMED_COST = /^(?:and\s+)?(?:what|how much)\s+(?:did\s+|does\s+)?(?:the\s+)?(\p{Lu}[\p{L}&.'-]*(?:\s+\p{Lu}[\p{L}&.'-]*)*)\s+(?:acquisition\s+|deal\s+)?(?:cost|costs)(?:\s+(?:them|it|the company|us))?\s*[?.]?$/u;

/** A part written as a clause ("what it added to sales", "how much they paid"). */
const CLAUSE = /^(?:and\s+)?(?:what|how|which|who|when|where|why)\b/i;

/** "2017 through 2019", "2017 to 2019": a range is every year between, not its two ends. */
const RANGE_WORD = /^\s*(?:through|thru|to|until|-|–)\s*$/i;

/** A part's period labels in order, each range written as every year between its ends. */
function spanned(p: Part, ms: Array<{ label: string; start: number; end: number }>): string[] {
  const out: string[] = [];
  for (const [i, m] of ms.entries()) {
    const prev = ms[i - 1];
    const between = prev ? p.text.slice(prev.end - p.start, m.start - p.start) : "";
    if (prev && RANGE_WORD.test(between)) out.push(...yearsBetween(prev.label, m.label).slice(1));
    else out.push(m.label);
  }
  return [...new Set(out)];
}

/** The runs of a sentence: parts sharing the periods written after them. */
function runsOf(all: Part[], sentencePeriods: boolean, firstAsk: number): Run[] {
  // periods written before the sentence's first item are the sentence's, not a part's
  const parts = all.map((p) => ({ ...p, periods: p.periods.filter((m) => m.start >= firstAsk) }));
  const runs: Run[] = [];
  let open: Part[] = [];
  let last: Run | null = null;
  // "plus fiscal 2021 operating cash flow and capex": periods written before a new run's first part are the run's
  let leading: string[] = [];
  const close = (periods: string[], versus?: string) => {
    if (!open.length) return;
    last = { parts: open, periods: periods.length ? periods : leading, ...(versus ? { versus } : {}) };
    runs.push(last);
    open = [];
    leading = [];
  };
  for (const [i, p] of parts.entries()) {
    if (p.askAt < 0) {
      // periods only: they close the open run, or extend the run just closed
      const labels = p.periods.map((m) => m.label);
      if (open.length && (labels.length || p.versus || EACH.test(p.text))) close(labels, p.versus?.label);
      else if (last) {
        (last as Run).periods.push(...labels);
        if (p.versus) (last as Run).versus = p.versus.label;
      }
      continue;
    }
    const follow = i > 0 ? followUpOf(p.text, p.hits.length > 0) : undefined;
    if (follow) {
      // "and what drove it": an item about the part before it, with that part's periods
      close([]);
      runs.push({ parts: [p], periods: [], follow });
      last = null;
      continue;
    }
    if (p.moved && p.versus) {
      // "net income 2022 and the change in revenue from 2021": the year changed from is this part's base, no other's
      // (its own year, "revenue 2020 vs 2019 w/ change", is the year changed to)
      close([]);
      runs.push({ parts: [p], periods: p.periods.map((m) => m.label), versus: p.versus.label });
      last = null;
      continue;
    }
    // "which segment is largest and what it earned": a figure of the part ranked, asked once the ranking names it;
    // "how many people it employs": the company's own figure
    // (a share of it, "and what percentage of revenue it accounted for", is an item of its own)
    // ("how much did it bring in": the ranking's own value, which the ranking states)
    if ((BACK_REFERENCE.test(p.text) || ITS.test(p.text)) && i > 0 && !SHARE_OF.test(p.text) && RANKING.test(parts[i - 1]!.text) && !p.hits[0]?.concept.fact) {
      if (!namedFigure(p) && !PROFIT_VERB.test(p.text)) continue;
      close([]);
      runs.push({ parts: [p], periods: [], follow: "part" });
      last = null;
      continue;
    }
    if (BARE_BACK_REFERENCE.test(p.text) && i > 0 && !SHARE_OF.test(p.text) && !p.hits.length) continue;
    if (open.length && (NEW_RUN.test(p.joiner) || EACH.test(parts[i - 1]?.text ?? ""))) close([]);
    const before = spanned(p, p.periods.filter((m) => m.start < p.askAt));
    const after = spanned(p, p.periods.filter((m) => m.start >= p.askAt));
    if (before.length && !after.length && !p.versus && NEW_RUN.test(p.joiner)) {
      close([]);
      open.push(p);
      leading = before;
      continue;
    }
    if (before.length && !after.length) {
      // "the FY2023 EBIT margin", "the 2022 operating margin versus 2021": this part's own
      close([]);
      runs.push({ parts: [p], periods: before, ...(p.versus ? { versus: p.versus.label } : {}) });
      last = null;
      continue;
    }
    if (after.length === 1 && sentencePeriods && !p.versus) {
      close([]);
      // "income from operations for 2016 and 2015": periods written right after it are still its own
      const own: Run = { parts: [p], periods: after };
      runs.push(own);
      last = own;
      continue;
    }
    open.push(p);
    if (EACH.test(p.text)) close([]);
    else if (p.versus || after.length) close(after, p.versus?.label);
  }
  close([]);
  return runs;
}

/** The part as asked: from where it starts asking, without its periods, "versus …" and trailing filler. */
function askOf(t: string, p: Part): string {
  let s = t.slice(p.askAt, p.end);
  const cut = [...p.periods, ...(p.versus ? [p.versus] : [])].filter((m) => m.start >= p.askAt).sort((a, b) => b.start - a.start);
  for (const m of cut) s = `${s.slice(0, m.start - p.askAt)}${s.slice(m.end - p.askAt)}`;
  s = s.replace(PRIOR_YEAR, " ");
  if (p.priorYear) s = s.replace(YOY, " ");
  if (p.moved) s = s.replace(SINCE, " ");
  s = s.replace(/\b(?:vs\.?|versus|compared (?:with|to)|against|relative to)\b/gi, " ");
  s = s.replace(/\b(?:for|in)\s+(?:each|both|every)\s+(?:year|period|quarter)s?\b|\b(?:for|in)\s+each of the \w+ (?:years|periods|quarters)\b|\beach year\b/gi, " ");
  // (…and what is left of "w/ $ and % chg" or "($ and %)" once split at its "and": "w/ $", "($")
  s = s.replace(CHANGE_SPEC, " ").replace(/(?:\b(?:with|w\/)\s*|\(\s*)[$%]\s*[,)]?\s*$/i, " ").replace(/\bin the 10-?[kq]\b/i, " ");
  s = s.replace(/\b(?:(?:for|from|in|between)\s+)?(?:through|thru|to|until)\s*$/i, " ");
  s = s.replace(/\b(?:at|for|in)\s+(?:the\s+)?(?:end of\s+)?(?:fiscal\s+)?(?:year[- ]end|end[- ])?\s*$/i, " ");
  s = s.replace(/\s+/g, " ").replace(/[\s,.:;-]+$/, "").trim();
  return s.replace(TAIL, "").trim();
}

/** The periods compared with `base`: the part's own others, else the sentence's latest, else the latest year an earlier item asks after it. */
function comparedWith(periods: string[], base: string, context: string[], items: RequestItem[]): string[] {
  const others = periods.filter((x) => x !== base);
  if (others.length) return others;
  return latest(context).length ? latest(context) : latest(items.flatMap((i) => i.periods).filter((x) => /^FY\d{4}$/.test(x) && x > base));
}

/** The periods a comparison with the prior year is of: its run's, else the sentence's or the request's latest, else the latest an earlier item asks. */
function priorYearOf(periods: string[], context: string[], items: RequestItem[]): string[] {
  if (periods.length) return periods;
  return latest(context).length ? latest(context) : latest(items.flatMap((i) => i.periods).filter((x) => /^FY\d{4}$/.test(x)));
}

function latest(periods: string[]): string[] {
  const year = (p: string) => Number(/(\d{4})/.exec(p)?.[1] ?? 0);
  return periods.length ? [[...periods].sort((a, b) => year(b) - year(a))[0]!] : [];
}

function kindOf(p: Part): Exclude<ItemKind, "comparison"> {
  // ("which is biggest" with nothing before it to rank: still a ranking, answered only by parts ranked)
  // ("the fastest-growing region", "which geography fell the most": the chat's own reader of a ranking reads it too)
  if (RANKING.test(p.text) || BARE_RANKING.test(p.text) || rankAsked(p.text)) return "ranking";
  const c = p.hits[0]?.concept;
  if (c?.kind === "text") return c.section && c.section !== "segment" ? "narrative" : "other";
  // "net revenue retention rate": words after an amount that make it a rate or a score ask another measure, not the amount
  if (c?.kind === "amount" && MEASURE_AFTER.test(p.text.slice(p.text.toLowerCase().indexOf(p.hits[0]!.text.toLowerCase()) + p.hits[0]!.text.length))) return "other";
  // "Surface unit sales", "units sold": a count of units, never the amount of money the catalog's word names
  if (c?.kind === "amount" && UNITS_ASKED.test(p.text)) return "other";
  // a figure against a plan, a forecast or a budget: the chat compares them in its own words
  if (/\b(?:compare[ds]?|against|versus|vs\.?)\b/i.test(p.text) && !p.versus && !p.priorYear) return "other";
  // a person, a name, a place or a date is read from a sentence, not a figure
  if (c && ["person", "organisation", "place", "date"].includes(c.kind)) return "other";
  return c ? "figure" : "other";
}

/** "in Q3 2024", "at 30 June 2024": a day is a balance's date, anything else a period. */
export function whenOf(period: string | undefined): string {
  if (!period) return "";
  return isDayLabel(period) ? ` at ${period}` : ` in ${period}`;
}

function questionFor(kind: ItemKind, ask: string, company: string | undefined, period: string | undefined): string {
  const of = company ? ` of ${company}` : "";
  const when = whenOf(period);
  const what = ask.replace(LEADING_DETERMINER, "");
  if (kind === "narrative") return `What are the${of ? `${of}'s` : ""} ${what}`.replace(/the of (.*)'s/, "$1's").trim() + "?";
  if (/^(?:which|how|what|who|when|where|why)\b/i.test(what)) return `${what.charAt(0).toUpperCase()}${what.slice(1)}${of}${when}?`;
  // "what they are paying for the acquisition": a clause of its own, asked as a question ("What are they paying for …?")
  const clause = /^(they|we|it|he|she|you)\s+(?:(are|is|were|was|have|has|had|will|would)\s+)?(\S.*)$/i.exec(what);
  if (clause) return clause[2] ? `What ${clause[2].toLowerCase()} ${clause[1]!.toLowerCase()} ${clause[3]}${of}${when}?` : `What ${what}${of}${when}?`;
  return `What was the ${what}${of}${when}?`;
}

/** "The current quarterly dividend", "their latest credit rating": the figure as of now (a word outside the concept's own name: "current assets" is a line). */
function nowAsked(p: Part): boolean {
  const m = /\b(?:current|currently|latest|most recent|now|today|at present)\b/i.exec(p.text);
  return !!m && !p.hits.some((h) => h.text.toLowerCase().includes(m[0].toLowerCase()));
}

/** A count of units asked with a word of money ("unit sales of the devices", "units sold", "unit shipments"). */
export const UNITS_ASKED = /\bunits?\s+(?:sales|sold|shipments|shipped|volumes?)\b|\bunits\s+(?:it|they|we)\s+sold\b|\bhow many units\b/i;

/** Words after an amount's name that make the part another measure ("… retention rate", "… quality score", "… per square foot"). */
const MEASURE_AFTER = /^\s+(?:(?:[\p{L}-]+\s+){0,2}(?:rate|ratio|score|index|retention|churn)\b|per\s+(?!cent\b)\p{L})/iu;

const AGAINST = /\b(?:against|versus|vs\.?|compared? (?:with|to)|relative to)\s+(?:the\s+)?(.+)$/i;
const MARGINS = /\b(?:with |and )?(?:the |their |its )?margins?\s*$/i;

/** The margin of a figure ("operating income" → operating margin), when the catalog has one. */
function marginOf(c: Concept | undefined): Concept | undefined {
  if (!c || c.kind !== "amount") return undefined;
  return findConcepts(`${c.label} margin`).map((h) => h.concept).find((x) => x.kind === "percent" && x.id !== c.id);
}

/** The question a company fact is asked by; a part the item names ("headcount in india") stays in it. */
function factQuestion(c: Concept, company: string | undefined, period?: string, part?: string): string {
  const who = company ?? "the company";
  const where = part ? ` in ${part}` : "";
  if (c.kind === "count") return period ? `How many ${c.label.toLowerCase()} did ${who} have${where}${whenOf(period)}?` : `How many ${c.label.toLowerCase()} does ${who} have${where}?`;
  return period ? `What was the ${c.label.toLowerCase()} of ${who}${where}${whenOf(period)}?` : `What is the ${c.label.toLowerCase()} of ${who}${where}?`;
}

function labelOf(ask: string, periods: string[], kind: ItemKind): string {
  const what = ask.replace(LEADING_DETERMINER, "");
  const head = `${what.charAt(0).toUpperCase()}${what.slice(1)}`;
  if (kind === "comparison") return `${head}, ${periods[0]} vs ${periods[1]}`;
  return periods.length ? `${head}, ${periods[0]}` : head;
}

/**
 * A year mention after a day and month ("30 June 2024", "May 31, 2018") or after "the end of" a
 * month ("the end of September 2024", "utgången av september 2024") is that day: the date a balance
 * is asked at, with the span of its words (kept whole, never read as the fiscal year).
 */
const DAY_MONTH = new RegExp(String.raw`(?:\b(\d{1,2})\s+(${MONTH})|\b(${MONTH})\.?\s+(\d{1,2}),?|\b(${MONTH}))\.?\s*$`, "i");

function pointOf(t: string, m: { label: string; start: number; end: number }): { label: string; start: number; end: number } {
  const year = /^FY(\d{4})$/.exec(m.label)?.[1];
  if (!year) return m;
  const before = t.slice(0, m.start);
  const d = DAY_MONTH.exec(before);
  const month = d ? monthNumber(d[2] ?? d[3] ?? d[5]!) : 0;
  if (!d || !month) return m;
  const head = before.slice(0, d.index);
  const endOf = END_OF.exec(head);
  const day = Number(d[1] ?? d[4] ?? 0) || (endOf ? lastDayOfMonth(Number(year), month) : 0);
  if (!day) return m;
  let start = endOf ? endOf.index : d.index;
  const at = AT.exec(t.slice(0, start));
  if (at) start = at.index;
  return { label: `${day} ${monthName(month)} ${year}`, start: start + (/^\s/.test(t.slice(start)) ? 1 : 0), end: m.end };
}

/** Sentence periods: the header's (its "versus" period apart) and those written before the first item. */
function sentencePeriodsOf(t: string, s: Span, header: Span | null, parts: Part[], mentions: Array<{ label: string; start: number }>): { periods: string[]; versus?: string; change: boolean } {
  const headerText = header ? t.slice(header.start, header.end) : "";
  const versus = header ? mentions.find((m) => m.start >= header.start && m.start < header.end && VERSUS.test(t.slice(header.start, m.start))) : undefined;
  const headerPeriods = header ? periodsIn(headerText.replace(/\b(?:vs\.?|versus|compared (?:with|to)|against)\b.*$/i, "")) : [];
  const first = parts.find((p) => p.askAt >= 0)?.askAt ?? s.end;
  const body = header ? header.end : s.start;
  const leading = first > body ? periodsIn(t.slice(body, first)) : [];
  // (the body's own leading periods say what it asks: "2022 10-K + the Q2'23 release: FY22 rev …" asks FY22, the header names documents)
  return { periods: [...new Set(leading.length ? leading : headerPeriods)], ...(versus ? { versus: versus.label } : {}), change: CHANGE.test(headerText) };
}

/**
 * "AWS sales and op income", "Europe revenue and operating profit": a figure joined by "and" to the
 * part before it, written with no qualifier of its own, is asked of the same part (the part the
 * question reader read in the words before that figure). Only a figure the catalog names, never a
 * company fact ("and headcount"), and only after "and": a list's commas do not carry a part.
 */
function partCarried(ask: string, p: Part, before: { part: Part; ask: string; scope?: string }): string {
  const scope = before.scope;
  const hit = p.hits[0];
  if (!scope || !hit || hit.concept.fact || !["amount", "percent"].includes(hit.concept.kind) || !/^\s+(?:and|&)\s+$/i.test(p.joiner)) return ask;
  // the figure is the part's first words ("op income"), and the part before read its part from the words before its figure
  const prevHit = before.part.hits[0];
  if (!prevHit || !ask.toLowerCase().startsWith(hit.text.toLowerCase())) return ask;
  const lead = before.ask.slice(0, Math.max(0, before.ask.toLowerCase().indexOf(prevHit.text.toLowerCase()))).trim();
  return lead && lead.toLowerCase() === scope.toLowerCase() ? `${lead} ${ask}` : ask;
}

/** Verbs asking a part's profit ("what it earned", "what it made in profit"). */
const PROFIT_VERB = /\b(?:earn(?:s|ed|ing)?|made in profit|makes? in profit|profit(?:s|ed)?)\b/i;

/** A figure a back reference names by its term ("and what its operating margin was"); an everyday verb ("earned") names none. */
function namedFigure(p: Part): Concept | undefined {
  return p.hits.filter((h) => !h.viaPhrase && !PROFIT_VERB.test(h.text)).map((h) => h.concept).find((c) => c.kind === "amount" || c.kind === "percent");
}

/**
 * The figure a back reference asks of the part a ranking names: a figure it names, else its profit
 * ("what it earned": operating income, the line segments report). "How much did it bring in" asks
 * the ranking's own value, which the ranking states: no item of its own.
 */
function partFigureOf(p: Part): Concept | undefined {
  const named = namedFigure(p);
  if (named) return named;
  return PROFIT_VERB.test(p.text) ? findConcepts("operating income").map((h) => h.concept).find((c) => c.kind === "amount") : undefined;
}

/** "What drove it", "how fast did it grow": an item about the figure of the item before it; "and the swing" its change across the years its items asked. */
function followUp(kind: "reason" | "growth" | "change", prev: RequestItem, company: string | undefined, companies: string[], byConcept: boolean, items: RequestItem[]): RequestItem {
  const what = byConcept && prev.concept ? prev.concept.label.toLowerCase() : prev.ask.replace(LEADING_DETERMINER, "");
  const period = prev.periods[0];
  const of = company ? ` of ${company}` : "";
  if (kind === "change") return changeOf(prev, what, of, companies, items);
  const question = kind === "reason" ? `What drove the ${what}${of}${whenOf(period)}?` : `How much did the ${what}${of} grow year on year${whenOf(period)}?`;
  const head = kind === "reason" ? `What drove the ${what}` : `${what.charAt(0).toUpperCase()}${what.slice(1)} growth`;
  return {
    n: prev.n + 1, ask: kind === "reason" ? what : `${what} growth`, label: period ? `${head}, ${period}` : head, kind: "other", follow: kind,
    ...(prev.concept ? { concept: prev.concept } : {}), periods: period ? [period] : [], questions: [question], reading: readQuestion(question, companies),
  };
}

/** "gross margin fy21 and fy22 and the swing in pts": the change of the figure between the first and last periods its items asked (over the year before, with one). */
function changeOf(prev: RequestItem, what: string, of: string, companies: string[], items: RequestItem[]): RequestItem {
  const asked = [...new Set(items.filter((i) => i.concept && i.concept === prev.concept).flatMap((i) => i.periods))].sort();
  const [from, to] = asked.length >= 2 ? [asked[0]!, asked.at(-1)!] : [undefined, asked[0] ?? prev.periods[0]];
  const question = from ? `How much did the ${what}${of} change from ${from} to ${to}?` : `How much did the ${what}${of} change year on year${whenOf(to)}?`;
  const head = `${what.charAt(0).toUpperCase()}${what.slice(1)} change`;
  return {
    n: prev.n + 1, ask: `${what} change`, label: from ? `${head}, ${from}–${to}` : to ? `${head}, ${to}` : head, kind: "other", follow: "growth",
    ...(prev.concept ? { concept: prev.concept } : {}), periods: [from, to].filter((x): x is string => !!x), questions: [question], reading: readQuestion(question, companies),
  };
}

export function readItems(request: string, companies: string[]): RequestItems {
  // everyday shorthand spelled out as the chat's reader does ("gm%", "op inc"), the room's names kept
  const t = asides(spellOut(lightNormalise(bulletsApart(request)), roomWords(companies)));
  const named = companyIn(t, companies);
  const company = named ?? (companies.length === 1 ? companies[0] : undefined);
  // the question names the company only when the room holds several (the reader then needs it)
  const asked = companies.length > 1 ? named : undefined;
  const companyWords = new Set([...wordsOf(company), ...companies.flatMap((c) => [...wordsOf(c)])]);
  const toks = tokens(t);
  const all = findConcepts(t, toks);
  const hits = all.filter((h, i) => !all.some((o, j) => j !== i && o.from <= h.from && o.to >= h.to && o.to - o.from > h.to - h.from)).sort((a, b) => a.from - b.from);
  const spans = hits.map((h) => ({ start: toks[h.from]!.start, end: toks[h.to - 1]!.end }));
  // a year that ends a sentence ("versus 2021.") is still a year
  const mentions = periodMentions(t.toLowerCase().replace(/(\d)\.(?=\s|$)/g, "$1 ")).map((m) => pointOf(t, m));
  // a Swedish request's parts are put to the chat by their concept's name
  const swedish = detectLanguage(t) === "sv";
  const items: RequestItem[] = [];
  const ignored: string[] = [];
  let requestPeriods: string[] = [];
  for (const s of sentences(t)) {
    const h = headerEnd(t, s, spans);
    const header = h ? { start: s.start, end: h } : null;
    const parts = partsOf(t, header ? { start: header.end, end: s.end } : s, spans, hits, mentions, companyWords);
    const sp = sentencePeriodsOf(t, s, header, parts, mentions);
    const context = sp.periods.length ? sp.periods : requestPeriods;
    if (sp.periods.length) requestPeriods = sp.periods;
    const change = sp.change || parts.some((p) => p.askAt < 0 && CHANGE.test(p.text));
    // `dated`: a company fact asked at this period, not as of the newest filing (one of several years asked)
    const push = (given: Part, kind: ItemKind, ask: string, periods: string[], dated = false) => {
      // (a count of units asked is no amount of the catalog: the part is put to the chat as written)
      const p = kind === "other" && given.hits[0]?.concept.kind === "amount" && UNITS_ASKED.test(given.text) ? { ...given, hits: [] } : given;
      // (…not a year set against another, "content obligations ye17 vs ye15": a comparison of the two)
      const against = kind === "other" && !given.versus ? AGAINST.exec(p.text) : null;
      if (against) {
        // "revenue against the management forecast": the chat compares them; the question says so
        const subject = p.text.slice(0, against.index).replace(/\b(?:Q[1-4]|H[12]|FY)?\s?'?\d{4}\b/gi, " ").replace(/^\s*(?:how did|what was|what were|and|plus|the)\s+/i, "").replace(/\s+compare\b.*$/i, "").replace(/\s+/g, " ").trim();
        const target = against[1]!.replace(/[?.!]+$/, "").trim();
        const q = `How did ${subject}${periods[0] ? ` in ${periods[0]}` : ""} compare with ${target}?`;
        const label = `${subject.charAt(0).toUpperCase()}${subject.slice(1)} against ${target}${periods[0] ? `, ${periods[0]}` : ""}`;
        items.push({ n: items.length + 1, ask: `${subject} ${target}`, label, kind, ...(p.hits[0] ? { concept: p.hits[0].concept } : {}), periods, questions: [q], reading: readQuestion(q, companies) });
        return;
      }
      const fact = p.hits[0]?.concept.fact;
      const what = swedish && p.hits[0] ? p.hits[0].concept.label.toLowerCase() : ask;
      // a company fact is stated once, in the newest filing: asked as of now, the way the filings state it (at a day asked: at that day)
      const day = fact && periods[0] && (dated || whenOf(periods[0]).startsWith(" at")) ? periods[0] : undefined;
      // "what Whole Foods cost": the price paid for the business named, asked the way the filings state an acquisition
      const bought = kind === "other" ? NAMED_COST.exec(p.text) : null;
      // (a fact compared across years, "headcount ye20 vs ye19", is asked at each year's end)
      const part = fact ? readQuestion(ask, companies).scope : undefined;
      const questions = fact && kind === "comparison" ? periods.map((x) => factQuestion(p.hits[0]!.concept, asked, x, part)) : fact ? [factQuestion(p.hits[0]!.concept, asked, day, part)] : kind === "comparison" ? periods.map((x) => questionFor("figure", what, asked, x)) : bought ? [`What did ${asked ?? "they"} pay for ${bought[1]}${whenOf(periods[0])}?`] : [questionFor(kind, what, asked, periods[0])];
      const retry = fact && periods[0] && !day ? factQuestion(p.hits[0]!.concept, asked, periods[0], part) : undefined;
      items.push({ n: items.length + 1, ask, label: labelOf(ask, periods, kind), kind, ...(p.hits[0] ? { concept: p.hits[0].concept } : {}), periods, questions, ...(retry ? { retry } : {}), reading: readQuestion(questions[0]!, companies) });
    };
    const firstAsk = parts.find((p) => p.askAt >= 0)?.askAt ?? s.end;
    for (const run of runsOf(mergeRankings(mergeQualifiers(parts)), sp.periods.length > 0, firstAsk)) {
      if (run.follow === "part") {
        // "and what it earned": a figure of the part the ranking names, asked once it has named it
        const prev = items.at(-1);
        const p = run.parts[0]!;
        const concept = prev?.kind === "ranking" ? partFigureOf(p) : undefined;
        if (!prev || !concept) {
          ignored.push(p.text);
          continue;
        }
        const ask = p.text.replace(/^(?:and\s+)?/i, "").replace(/[\s,.;:?!]+$/, "");
        const question = `What was the ${concept.label.toLowerCase()} of the part ranked${whenOf(prev.periods[0])}?`;
        items.push({ n: items.length + 1, ask, label: labelOf(ask, prev.periods.slice(0, 1), "figure"), kind: "figure", concept, periods: prev.periods.slice(0, 1), questions: [question], reading: readQuestion(question, companies), follow: "part" });
        continue;
      }
      if (run.follow) {
        const prev = items.at(-1);
        if (prev && prev.kind !== "narrative") items.push(followUp(run.follow, prev, asked, companies, swedish, items));
        else ignored.push(run.parts[0]!.text);
        continue;
      }
      let before: { part: Part; ask: string; scope?: string } | null = null;
      for (const p of run.parts) {
        const own = askOf(t, p);
        if (!own) {
          ignored.push(p.text);
          continue;
        }
        // "AWS sales and op income": a figure joined by "and" to a part's figure, with no qualifier of its own, is the part's too
        // "what Whole Foods cost and what it added to sales": "it" is the name the item before it asks about, the figure its own
        // ("Whole Foods sales"); after a figure of the company's own ("revenues, and what it earned") "it" is the company
        // ("what they are paying for X": "they" is the company)
        const pointing = BARE_BACK_REFERENCE.test(p.text) && /\b(?:it|that)\b/i.test(p.text) && !SHARE_OF.test(p.text) && p.hits.length > 0;
        const named = pointing ? nameBefore(items.at(-1)) : undefined;
        const kind = kindOf(p);
        const atLine = LINE_CLAUSE.exec(p.text);
        const ask: string = atLine ? `${atLine[1]} ${atLine[3]!.toLowerCase()} ${/^los/i.test(atLine[2]!) ? "loss" : "income"}` : named ? `${named} ${p.hits[0]!.text}` : kind === "ranking" ? rankingAsk(own) : before ? partCarried(own, p, before) : own;
        const pushed = items.length;
        const periods = run.periods.length ? [...new Set(run.periods)] : context;
        const base = run.versus ?? (run.periods.length ? undefined : sp.versus);
        // "operating income with margins": the figure and its margin
        const margin = MARGINS.test(p.text) ? marginOf(p.hits[0]?.concept) : undefined;
        if (margin) {
          const base = { ...p, hits: [{ ...p.hits[0]!, concept: margin }] };
          const label = /^\p{Lu}\p{Ll}/u.test(margin.label) ? `${margin.label.charAt(0).toLowerCase()}${margin.label.slice(1)}` : margin.label;
          const plain = ask.replace(MARGINS, "").trim();
          const periods = run.periods.length ? [...new Set(run.periods)] : context;
          for (const x of periods.length ? periods : [undefined]) push(p, "figure", plain, x ? [x] : []);
          for (const x of periods.length ? periods : [undefined]) push(base, "figure", label, x ? [x] : []);
          continue;
        }
        if (!p.hits.length && /^(?:the |their |its )?margins?$/i.test(ask)) {
          // a bare "margins" after figures: the margins of those figures
          const made = items.filter((i) => (i.kind === "figure" || i.kind === "comparison") && i.concept && marginOf(i.concept)).map((i) => ({ c: marginOf(i.concept)!, periods: i.periods, kind: i.kind }));
          for (const m of made.filter((x, j) => made.findIndex((y) => y.c.id === x.c.id && y.periods.join() === x.periods.join()) === j)) push({ ...p, hits: [{ ...(hits[0] ?? ({} as ConceptHit)), concept: m.c }] }, m.kind, /^\p{Lu}\p{Ll}/u.test(m.c.label) ? m.c.label.toLowerCase() : m.c.label, m.periods);
          if (made.length) continue;
        }
        if (kind === "narrative") push(p, kind, ask, []);
        // ("which segment is largest by revenue", read from "revenue by segment (which is largest)": a ranking of the parts, as its own words say)
        else if (kind === "ranking" && ask !== own) push({ ...p, hits: findConcepts(ask) }, kind, ask, latest(run.periods.length ? run.periods : context));
        // ("streaming content obligations ye17 vs ye15": a figure no concept names, set against another year, is compared too)
        // (…by its own "vs": a run's comparison written after another part's figure is that part's)
        else if (kind === "other" && !p.hits.length && p.versus && p.askAt >= 0) for (const cur of comparedWith(periods, p.versus.label, context, items)) push(p, "comparison", ask, [cur, p.versus.label]);
        else if (kind !== "figure") push(p, kind, ask, latest(run.periods.length ? run.periods : context));
        // ("headcount 2021 and 2022": a fact asked of several years is asked at each; of one, as of the newest filing;
        // against another year, "headcount ye20 vs ye19", the two years compared)
        else if (p.hits[0]!.concept.fact) {
          const years = [...new Set([...periods, ...(base ? [base] : [])])].sort();
          if (base && years.length === 2) push(p, "comparison", ask, [years[1]!, years[0]!], true);
          else if (years.length > 1) for (const x of years) push(p, "figure", ask, [x], true);
          else push(p, "figure", ask, latest(periods));
        }
        // "FY20 vs FY19 — … the current quarterly dividend": a figure asked as of now is no comparison of years
        else if (base && nowAsked(p)) push(p, "figure", ask, []);
        // "operating income vs 2016" with no year of its own: against the latest year the request asks
        else if (base) for (const cur of comparedWith(periods, base, context, items)) push(p, "comparison", ask, [cur, base]);
        else if (p.priorYear && priorYearOf(periods, context, items).length) for (const cur of priorYearOf(periods, context, items)) push(p, "comparison", ask, [cur, shiftYears(cur, -1)]);
        else if (change && periods.length === 2) push(p, "comparison", ask, latest(periods).concat(periods.filter((x) => x !== latest(periods)[0])));
        else if (!periods.length) push(p, "figure", ask, []);
        else for (const x of periods) push(p, "figure", ask, [x]);
        before = { part: p, ask, ...(items.length > pushed && items.at(-1)!.reading.scope ? { scope: items.at(-1)!.reading.scope } : {}) };
      }
    }
  }
  // a request naming no concept is read only when a part asks something in words of its own (two or more)
  const asks = items.some((i) => i.concept) ? items : items.filter((i) => tokens(i.ask).filter((w) => !LEAD.has(w.word)).length >= 2);
  return { items: asks.map((i, k) => ({ ...i, n: k + 1 })), ...(company ? { company } : {}), ignored };
}
