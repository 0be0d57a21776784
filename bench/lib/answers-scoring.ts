/**
 * Scores an answer against a FinanceBench-style gold answer, in code (no model as judge).
 *
 * The gold is read into one of these kinds, in this order:
 * - `abstain`: the gold says the document does not state it ("Not stated in the document").
 *   An abstention is correct; any other answer, figure or prose, is wrong.
 * - `yes-no`: the gold starts with Yes or No. The answer's polarity decides: its first sentence
 *   starts with yes/no, or (for no) denies with a negation ("did not", "has not", …). An answer
 *   that takes no side is wrong.
 * - `date`: the gold is a date ("January 29, 2019."). The answer must state the same day in any
 *   common form (January 29, 2019 / 29 January 2019 / 2019-01-29 / 1/29/2019).
 * - `number`: the gold is one figure with at most two other words ("$1577.00", "0.66", "65.4%",
 *   "USD 1.58 billion"). Correct when any figure of the answer matches it at the gold's scale
 *   (its unit word, else the scale the question asks for: "in USD millions"), within half a unit
 *   of the gold's last decimal or 1% relative, whichever is larger (see answers-numbers.ts).
 * - `narrative`: anything else (a list of names, a segment, a sentence). Correct when
 *   (a) at least half (and at least one) of the gold's figures (amounts, percentages, decimals;
 *   not years or plain small integers) are in the answer, or
 *   (b) the answer holds the gold's key terms: all of them when there are three or fewer, else
 *   at least half. Key terms are the gold's words of three or more letters (digits allowed:
 *   "777X"), less stop words, generic filler ("company", "million", "fiscal"…), years and the
 *   company's own name; words match on their first five letters ("operations" ~ "operating").
 *   When the gold has figures, its figures carry the answer ("changed from 20% to 23%"), so
 *   (b) counts only the key terms the question does not already use, and only when there are
 *   at least two: echoing "effective tax rate" back is not an answer. Rule (b) is the weaker
 *   one: golds without figures are reported as "narrative (term overlap)".
 *
 * For every kind but `abstain`, an answer whose first sentence abstains ("I couldn't find …",
 * "not stated in the documents", "no finding covers …") is `abstained`, counted apart from wrong.
 * A quoted passage followed by "no extracted finding covers this" is an answer (the quote).
 * A gold that is only a year ("1905") is matched by the answer naming that year.
 */
import { figuresIn, matchesFigure, scaleAskedIn, type Figure } from "./answers-numbers";

export type GoldKind = "number" | "yes-no" | "date" | "abstain" | "narrative";
export type Verdict = "correct" | "wrong" | "abstained";

export interface Gold {
  kind: GoldKind;
  text: string;
  /** number: the one figure; narrative: the figures that count for rule (a). */
  figures: Figure[];
  askedScale: number | null;
  polarity?: "yes" | "no";
  date?: { year: number; month: number; day: number };
  terms: string[];
  /** Key terms the question does not use (rule (b) for golds with figures). */
  newTerms: string[];
}

export interface Score {
  verdict: Verdict;
  /** For narrative golds: which rule decided ("figures" | "terms"), for the report. */
  rule?: "figures" | "terms";
  why: string;
}

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const MONTH_RE = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;

const STOP = new Set(
  ("the a an and or of in on for to from by with at as is are was were be been has have had its it this that these those which who whom " +
    "there their than then also both all any each per among into over under between during about approximately around roughly nearly ~ " +
    "not but such other more most less least very well while due primarily mostly mainly including includes include " +
    "company company's companies firm business fiscal year years yoy fy million millions billion billions thousand usd dollars amount total " +
    "answer question data based shown reported reports report document documents filing filings form quarter quarterly annual")
    .split(/\s+/),
);

export function normaliseWords(text: string): string[] {
  return (text.toLowerCase().replace(/[’']s\b/g, "").match(/[a-z0-9]+(?:[-'][a-z0-9]+)*/g) ?? []).flatMap((w) => w.split(/[-']/));
}

const stem = (w: string) => w.slice(0, 5);

/** Key terms of a narrative gold (see the file comment). */
export function keyTerms(gold: string, companyName = ""): string[] {
  const company = new Set(normaliseWords(companyName).map(stem));
  // Figures are judged by rule (a); plain integers ("737") stay as words.
  const withoutFigures = gold.replace(/(?:US\$|\$|€|£)?\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\s?(?:%|percent|bn|billion|million|thousand)?/gi, (m) => (/^\s*\d+\s*$/.test(m) ? m : " "));
  const words = normaliseWords(withoutFigures).filter((w) => {
    if (STOP.has(w) || company.has(stem(w))) return false;
    if (/^\d+$/.test(w)) return w.length >= 3 && !(Number(w) >= 1900 && Number(w) <= 2100);
    return w.length >= 3 && !/^(?:fy|q[1-4])\d*$/.test(w);
  });
  return [...new Set(words.map(stem))];
}

/** The first sentence of an answer, without markdown emphasis, headings or list markers. */
export function firstSentence(answer: string): string {
  const plain = answer.replace(/[*_`#>]+/g, "").replace(/^\s*(?:[-•]\s+)?/, "").trim();
  const m = /^.*?(?:[.!?](?=\s|$)|\n|$)/s.exec(plain.replace(/(\d)\.(\d)/g, "$1\u2024$2"));
  return (m?.[0] ?? plain).replace(/\u2024/g, ".").trim();
}

const ABSTAIN = [
  /\bI (?:couldn[’']?t|could not|can[’']?t|cannot|was unable to|am unable to|did not|didn[’']?t) (?:find|locate|determine|answer|identify|see|confirm|compute|calculate|tell|give|name|say|provide)\b/i,
  /\b(?:is|are|was|were)?\s?not (?:stated|disclosed|given|reported|mentioned|covered|provided|available|found) (?:in|by) (?:the|any|these|this)\b/i,
  /\bnot (?:in|something) (?:the|these|any) (?:uploaded )?(?:documents?|filings?|data room)\b/i,
  /\bno (?:extracted )?(?:findings?|documents?|pages?|data|information|sources?) (?:covers?|answers?|states?|mentions?|(?:is|are|was|were) (?:available|found))\b/i,
  /\bthe (?:uploaded )?(?:documents?|filings?|data room) (?:do(?:es)? not|don[’']?t|doesn[’']?t) (?:state|say|cover|contain|mention|disclose|include)\b/i,
  /\b(?:not enough|insufficient) (?:information|data|evidence)\b/i,
  // a question back ("Which company do you mean?", "Do you mean X or Y?") asserts nothing: not answered, never wrong
  /^(?:which|do you mean|did you mean|could you (?:say|clarify))\b[^.!]*\?$/i,
];

/**
 * Whether the answer declines, read in its first sentence: an answer that quotes a passage
 * first and adds "no extracted finding covers this" has answered (with that quote).
 */
export function isAbstention(answer: string): boolean {
  const head = firstSentence(answer);
  return ABSTAIN.some((re) => re.test(head));
}

const NEGATION = /\b(?:did not|does not|do not|has not|have not|had not|is not|are not|was not|were not|didn[’']t|doesn[’']t|don[’']t|hasn[’']t|haven[’']t|isn[’']t|aren[’']t|wasn[’']t|weren[’']t|no longer|never|none)\b/i;

/** yes / no from the answer's first sentence, or null when it takes no side. */
export function polarityOf(answer: string): "yes" | "no" | null {
  const s = firstSentence(answer);
  const lead = /^\W*(yes|no)\b/i.exec(s);
  if (lead) return lead[1]!.toLowerCase() as "yes" | "no";
  if (NEGATION.test(s)) return "no";
  return null;
}

interface DateParts { year: number; month: number; day: number }

function monthIndex(word: string): number {
  return MONTHS.findIndex((m) => m.startsWith(word.toLowerCase().replace(/\.$/, "").slice(0, 3))) + 1;
}

/** Every calendar date written in `text`. */
export function datesIn(text: string): DateParts[] {
  const out: DateParts[] = [];
  for (const m of text.matchAll(new RegExp(String.raw`\b${MONTH_RE}\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b`, "gi"))) out.push({ month: monthIndex(m[1]!), day: Number(m[2]), year: Number(m[3]) });
  for (const m of text.matchAll(new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+${MONTH_RE},?\s+(\d{4})\b`, "gi"))) out.push({ day: Number(m[1]), month: monthIndex(m[2]!), year: Number(m[3]) });
  for (const m of text.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) out.push({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) });
  for (const m of text.matchAll(/\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g)) out.push({ month: Number(m[1]), day: Number(m[2]), year: Number(m[3]) });
  return out;
}

const ABSTAIN_GOLD = /^\s*(?:not (?:stated|disclosed|available|found|provided|mentioned|answerable)|(?:the )?(?:document|filing)s? (?:does|do) not|cannot be (?:determined|answered)|n\/a\b|unknown\b)/i;

/** Figures of a narrative gold that count for rule (a): amounts, percentages, decimals, grouped numbers. */
function narrativeFigures(text: string): Figure[] {
  return figuresIn(text).filter((f) => !f.yearLike && (f.currency || f.percent || f.scale !== null || f.decimals > 0 || f.grouped));
}

/** Reads a gold answer (see the file comment for the kinds). `company` is the company the question is about. */
export function readGold(answer: string, question: string, company = ""): Gold {
  const text = answer.trim();
  const askedScale = scaleAskedIn(question);
  const base = { text, askedScale, figures: [] as Figure[], terms: [] as string[], newTerms: [] as string[] };
  if (ABSTAIN_GOLD.test(text)) return { ...base, kind: "abstain" };
  const lead = /^\W*(yes|no)\b/i.exec(text);
  if (lead) return { ...base, kind: "yes-no", polarity: lead[1]!.toLowerCase() as "yes" | "no" };
  const dates = datesIn(text);
  if (dates.length === 1 && text.replace(/[.\s]+$/, "").split(/\s+/).length <= 3) return { ...base, kind: "date", date: dates[0] };
  const figures = figuresIn(text).filter((f) => !f.yearLike);
  const rest = text.replace(/(?:US\$|\$|€|£|USD|EUR)?\s?-?\(?\d[\d,]*(?:\.\d+)?\)?\s?(?:%|percent|per cent|thousand|million|billion|bn|mn)?/gi, " ");
  if (figures.length === 1 && normaliseWords(rest).length <= 2) return { ...base, kind: "number", figures };
  const terms = keyTerms(text, company);
  const asked = new Set(normaliseWords(question).map(stem));
  return { ...base, kind: "narrative", figures: narrativeFigures(text), terms, newTerms: terms.filter((t) => !asked.has(t)) };
}

function scoreNarrative(gold: Gold, answer: string): Score {
  const found = figuresIn(answer);
  const matched = gold.figures.filter((g) => found.some((c) => matchesFigure(g, c, gold.askedScale)));
  if (gold.figures.length > 0 && matched.length >= Math.max(1, Math.ceil(gold.figures.length / 2))) {
    return { verdict: "correct", rule: "figures", why: `figures ${matched.length}/${gold.figures.length}` };
  }
  const terms = gold.figures.length === 0 ? gold.terms : gold.newTerms.length >= 2 ? gold.newTerms : [];
  const words = new Set(normaliseWords(answer).map(stem));
  const hits = terms.filter((t) => words.has(t));
  const need = terms.length <= 3 ? terms.length : Math.ceil(terms.length / 2);
  if (terms.length > 0 && hits.length >= need) return { verdict: "correct", rule: "terms", why: `terms ${hits.length}/${terms.length}` };
  return { verdict: "wrong", rule: "terms", why: `figures ${matched.length}/${gold.figures.length}, terms ${hits.length}/${terms.length} (need ${need}): missing ${terms.filter((t) => !words.has(t)).join(" ")}` };
}

/** The verdict on one answer. */
export function scoreAnswer(gold: Gold, answer: string): Score {
  const abstained = isAbstention(answer);
  if (gold.kind === "abstain") return abstained ? { verdict: "correct", why: "abstained on an unanswerable question" } : { verdict: "wrong", why: "answered an unanswerable question" };
  if (abstained) return { verdict: "abstained", why: "abstained" };
  switch (gold.kind) {
    case "yes-no": {
      const p = polarityOf(answer);
      if (p === null) return { verdict: "wrong", why: "no yes/no in the first sentence" };
      return { verdict: p === gold.polarity ? "correct" : "wrong", why: `said ${p}, gold ${gold.polarity}` };
    }
    case "date": {
      const d = gold.date!;
      const ok = datesIn(answer).some((x) => x.year === d.year && x.month === d.month && x.day === d.day);
      return { verdict: ok ? "correct" : "wrong", why: ok ? "date matches" : "date not stated" };
    }
    case "number": {
      const g = gold.figures[0]!;
      const hit = figuresIn(answer).find((c) => matchesFigure(g, c, gold.askedScale));
      return hit ? { verdict: "correct", why: `${hit.raw} ≈ ${g.raw}` } : { verdict: "wrong", why: `no figure ≈ ${g.raw}` };
    }
    default: {
      // a gold that is only a year ("1905"): neither a figure nor a term, so the answer must name that year
      const year = /^\W*(?:in\s+)?((?:19|20)\d\d)\W*$/i.exec(gold.text)?.[1];
      if (year) return new RegExp(`\\b${year}\\b`).test(answer) ? { verdict: "correct", why: `year ${year} stated` } : { verdict: "wrong", why: `year ${year} not stated` };
      return scoreNarrative(gold, answer);
    }
  }
}

/** Cited sources against the gold evidence: any cited (document, page) is an evidence page of the gold document. */
export function citesGoldPage(sources: Array<{ document: string; page: number }>, goldDocument: string, goldPages: number[]): boolean {
  const norm = (s: string) => s.replace(/\.[a-z0-9]+$/i, "").toLowerCase();
  return sources.some((s) => norm(s.document) === norm(goldDocument) && goldPages.includes(s.page));
}
