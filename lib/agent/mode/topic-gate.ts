/**
 * The per-topic answer gate: each topic of the request must be answered by a statement about
 * that topic, backed by an opened source, for the period asked — or be disclosed as a gap after
 * it was searched for. A heading, a bare label ("Revenue:"), a running header or a number that
 * no opened source states for that line item and period is no answer.
 *   figure     a value the statement gives, which an opened source states on a line (row or
 *              sentence) about the topic, for the asked period;
 *   ratio      the same with a percentage ("EBITDA margin 17.5%");
 *   comparison both sides: a value of the subject and a value of what it is measured against
 *              (a forecast, a budget), each stated by an opened source;
 *   narrative  a sentence about the topic with content beyond its name, citing (or quoting) an
 *              opened source that speaks of the topic.
 */
import type { ComputedMetric, OpenedCitation, SearchRecord } from "./types";
import { figuresIn, laterPeriodOf, periodsNamed, namesPeriod, valueNumbers, type SourceFigure } from "./figures";
import { figureIsAbout, isPercent, isPoints } from "./figure-items";
import { metricIsTopic, type RequestTopic } from "./request-topics";
import { contentWords, escapeRe, extractMarkers, extractQuotes, INTRO_SENTENCE, isDerivedPercent, mentionsTopic, numberIsKnown, percentAfter, pointsAfter, queryCoversTopic, words } from "./text";
import { fiscalEndOf, isoDate, parsePeriod, samePeriod } from "@/lib/periods";

export interface TopicVerdict {
  topic: RequestTopic;
  status: "answered" | "disclosed" | "unanswered";
  /** Why it is not answered (or what answered it). */
  reason: string;
  /** Answering it needs more tool calls (nothing opened speaks of it, or it was never searched). */
  needsTools: boolean;
}

interface Statement {
  /** One sentence of the answer. */
  text: string;
  /** The heading above it and the bold label its line starts with ("**Revenue, Q2 2031:**"). */
  context: string;
  cited: OpenedCitation[];
  /** Which line of the answer it is on. */
  line: number;
}

const HEADING = /^(?:#{1,6}\s+.*|\*\*[^*]+\*\*\s*:?|__[^_]+__\s*:?|[^\s].{0,60}:)\s*$/;
const GAP_WORDS = /insufficient documentation|otillräcklig dokumentation|not (?:found|available|established|disclosed|stated|covered)|no (?:document|source|figure|information)|could not be (?:found|established)|does not (?:state|cover|disclose)|saknas|framgår inte/i;

/** Sentences of a line, never split inside a quotation ("… 2023." [1] stays whole). */
function sentencesOutsideQuotes(line: string): string[] {
  const out: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === '"' || ch === "“" || ch === "”") quoted = ch === "“" ? true : ch === "”" ? false : !quoted;
    if (quoted || !/[.!?]/.test(ch)) continue;
    const next = /^\s+(?=[\p{Lu}*“"])/u.exec(line.slice(i + 1));
    if (!next || /\b(?:p|pp|no|inc|ltd|co|fig)$/i.test(line.slice(Math.max(0, i - 4), i))) continue;
    out.push(line.slice(start, i + 1).trim());
    start = i + 1 + next[0].length;
  }
  out.push(line.slice(start).trim());
  return out.filter(Boolean);
}

/** Statements of an answer: sentences, each with the heading above it and its line's label. */
function statementsOf(answer: string, opened: OpenedCitation[]): Statement[] {
  const byN = new Map(opened.map((o) => [o.n, o]));
  const citedIn = (text: string) => [...new Set(extractMarkers(text).map((m) => m.n))].map((n) => byN.get(n)).filter((o): o is OpenedCitation => !!o && o.role === "evidence");
  const out: Statement[] = [];
  let heading = "";
  for (const [index, raw] of answer.split("\n").entries()) {
    const line = raw.trim();
    if (!line) continue;
    if (HEADING.test(line)) {
      heading = line;
      continue;
    }
    const lead = /^(?:[-*•]\s+)?(\*\*[^*]+\*\*|__[^_]+__)/.exec(line)?.[1] ?? "";
    const lineCited = citedIn(line);
    for (const text of sentencesOutsideQuotes(line)) {
      const cited = citedIn(text);
      out.push({ text, context: `${heading} ${lead}`, cited: cited.length ? cited : lineCited, line: index });
    }
  }
  return out;
}

/** The statement without its [n] markers and with its label words ("Revenue, Q2 2031: …"). */
const bare = (s: string) => s.replace(/\[(\d{1,3}(?:\s*[,;–-]\s*\d{1,3})*)\]/g, " ");

interface Backing {
  figure: SourceFigure;
  source: OpenedCitation;
}

/** Source figures of the statement's values that an opened source states on a line about `subject`. */
function backing(st: Statement, subject: string, opened: OpenedCitation[], pct: boolean): { hits: Backing[]; offTopic: string[]; unknown: string[] } {
  const sources = st.cited.length ? st.cited : opened.filter((o) => o.role === "evidence");
  const hits: Backing[] = [];
  const offTopic: string[] = [];
  const unknown: string[] = [];
  for (const n of valueNumbers(bare(st.text))) {
    const end = n.index + n.raw.length;
    if (pointsAfter(bare(st.text), end)) continue; // a change, neither an amount nor a level
    if (pct !== percentAfter(bare(st.text), end)) continue; // a ratio is a percentage; an amount is not
    let found = false;
    let onTopic = false;
    for (const o of sources) {
      for (const f of figuresIn(o.text)) {
        if (!numberIsKnown(n, new Set([f.value, Math.abs(f.value)]))) continue;
        found = true;
        if (!figureIsAbout(f, subject, pct) || isPoints(f) || pct !== isPercent(f)) continue;
        onTopic = true;
        hits.push({ figure: f, source: o });
      }
    }
    if (!found) unknown.push(n.raw);
    else if (!onTopic) offTopic.push(n.raw);
  }
  return { hits, offTopic, unknown };
}

/**
 * Whether a figure's period is the one asked. A balance asked at a date ("30 September 2031") is
 * also stated by the column of a period ending that day (a balance sheet headed "2031" or "Q3 2031").
 */
export function periodMatches(stated: string, asked: string, sourceText?: string): boolean {
  if (samePeriod(stated, asked)) return true;
  const a = parsePeriod(asked);
  if (a?.kind !== "point" || a.approximate) return false;
  const s = parsePeriod(stated);
  if (!s || s.kind === "point") return false;
  if (s.end === a.end) return true;
  // a year column of a balance sheet headed by its fiscal year end ("May 31," over "2018 2017") ends that day
  const fiscal = s.kind === "FY" && !s.yearEndMonth && sourceText ? fiscalEndOf(sourceText) : undefined;
  return !!fiscal && a.end === isoDate(s.year, fiscal.month, fiscal.day);
}

function periodOk(b: Backing, period: string | null): boolean {
  if (b.figure.period === "unknown") return false;
  if (!period) return b.figure.period !== "comparative" && !laterPeriodOf(b.figure, figuresIn(b.source.text)); // none asked: the latest
  if (b.figure.period === "comparative") return false;
  if (b.figure.period) return periodMatches(b.figure.period, period, b.source.text);
  return namesPeriod(b.source.text, period);
}

const about = (st: Statement, subject: string) => mentionsTopic(bare(st.text), subject) || mentionsTopic(st.context, subject);

/** A statement giving a compute_metric result for the topic, citing the inputs' pages it was computed from. */
function computedFor(t: RequestTopic, sts: Statement[], computed: ComputedMetric[]): string | null {
  for (const m of computed) {
    if (!m.results.length || !metricIsTopic(m.name, t)) continue;
    const head = m.answer.split("\n")[0] ?? "";
    if (t.period && !head.includes(t.period) && !namesPeriod(`${m.question} ${head}`, t.period)) continue;
    const results = valueNumbers(m.results.join(" "));
    const ns = new Set(m.inputs.map((i) => i.n));
    for (const st of sts.filter((s) => about(s, t.subject) && s.cited.some((o) => ns.has(o.n)))) {
      if (valueNumbers(bare(st.text)).some((n) => results.some((r) => numberIsKnown(n, new Set(r.values))))) return `${m.results.join(", ")} computed from ${m.inputs.length} cited input(s)`;
    }
  }
  return null;
}

function figureVerdict(t: RequestTopic, sts: Statement[], opened: OpenedCitation[], pct: boolean, computed: ComputedMetric[] = []): { ok: boolean; reason: string } {
  const viaEngine = computedFor(t, sts, computed);
  if (viaEngine) return { ok: true, reason: viaEngine };
  let reason = `no statement gives ${pct ? "a percentage" : "a figure"} for ${t.subject}${t.period ? ` (${t.period})` : ""}`;
  for (const st of sts.filter((s) => about(s, t.subject))) {
    const b = backing(st, t.subject, opened, pct);
    const good = b.hits.filter((h) => periodOk(h, t.period));
    if (good.length) {
      const wrong = t.period ? periodsNamed(`${st.context} ${bare(st.text)}`).filter((p) => !samePeriod(p, t.period!) && !good.some((g) => g.figure.period && samePeriod(g.figure.period, p))) : [];
      if (wrong.length === 0 || namesPeriod(`${st.context} ${st.text}`, t.period!)) return { ok: true, reason: `${good[0]!.figure.raw} (${good[0]!.source.document} p.${good[0]!.source.page})` };
    }
    if (pct) {
      const derived = derivedRatio(st, opened, t.period);
      if (derived) return { ok: true, reason: derived };
    }
    if (b.hits.length) {
      const h = b.hits[0]!;
      const later = t.period ? null : laterPeriodOf(h.figure, figuresIn(h.source.text));
      reason = later ? `${h.figure.raw} is for ${h.figure.period}, not the latest period the source gives (${later})` : `${h.figure.raw} is stated for ${h.figure.period === "comparative" ? "the comparative period" : h.figure.period ?? "an unstated period"}, not ${t.period}`;
    }
    else if (b.offTopic.length) reason = `${b.offTopic[0]} is not stated for ${t.subject} in the opened source (a number without its line item)`;
    else if (b.unknown.length) reason = `${b.unknown[0]} appears in no opened source`;
  }
  return { ok: false, reason };
}

/** A percentage of the statement computed from two amounts it states, each backed by an opened source for the period. */
function derivedRatio(st: Statement, opened: OpenedCitation[], period: string | null): string | null {
  const text = bare(st.text);
  const nums = valueNumbers(text);
  const sources = st.cited.length ? st.cited : opened;
  const backed = nums.filter((n) => !percentAfter(text, n.index + n.raw.length) && sources.some((o) => figuresIn(o.text).some((f) => !isPercent(f) && numberIsKnown(n, new Set([f.value, Math.abs(f.value)])) && periodOk({ figure: f, source: o }, period))));
  for (const p of nums.filter((n) => percentAfter(text, n.index + n.raw.length))) {
    if (isDerivedPercent(p, backed.flatMap((n) => n.values))) return `${p.raw}% computed from ${backed.map((n) => n.raw).join(" and ")}`;
  }
  return null;
}

function comparisonVerdict(t: RequestTopic, all: Statement[], opened: OpenedCitation[]): { ok: boolean; reason: string } {
  // a comparison may take two sentences of one paragraph ("Revenue was … [1]. The forecast was … [2].")
  const pairs: Statement[] = [];
  for (let i = 0; i + 1 < all.length; i++) {
    const [a, b] = [all[i]!, all[i + 1]!];
    if (a.line === b.line) pairs.push({ text: `${a.text} ${b.text}`, context: a.context, cited: [...new Set([...a.cited, ...b.cited])], line: a.line });
  }
  const sts = [...all, ...pairs];
  if (t.againstPeriod) {
    // against an earlier period: the subject's value for each period, each backed for its own period
    for (const st of sts.filter((s) => about(s, t.subject))) {
      const hits = backing(st, t.subject, opened, false).hits;
      const now = hits.filter((h) => periodOk(h, t.period));
      const then = hits.filter((h) => periodOk(h, t.againstPeriod!));
      if (now.length && then.length && now.some((a) => then.every((b) => b.figure.value !== a.figure.value))) return { ok: true, reason: `${now[0]!.figure.raw} against ${then[0]!.figure.raw}` };
    }
    return { ok: false, reason: `no statement gives ${t.subject} for both ${t.period ?? "the period asked"} and ${t.againstPeriod}, each from an opened source` };
  }
  for (const st of sts.filter((s) => about(s, t.subject) && (mentionsTopic(bare(s.text), t.against!) || mentionsTopic(s.context, t.against!)))) {
    const side = backing(st, t.subject, opened, false).hits.filter((h) => periodOk(h, t.period));
    const actual = side.filter((h) => !h.figure.forecast && !mentionsTopic(h.figure.label, t.against!));
    const other = side.filter((h) => h.figure.forecast || mentionsTopic(h.figure.label, t.against!));
    if (actual.length && other.length && actual.some((a) => other.every((o) => o.figure.value !== a.figure.value))) return { ok: true, reason: `${actual[0]!.figure.raw} against ${other[0]!.figure.raw}` };
  }
  return { ok: false, reason: `no statement gives both ${t.subject} and the ${t.against}${t.period ? ` for ${t.period}` : ""}, each from an opened source` };
}

/** Any word of the topic (stemmed) in the text: "the leadership team" for "management team" needs the team. */
const looseMention = (text: string, subject: string) => {
  const hay = new Set(words(text));
  return contentWords(subject).some((w) => hay.has(w));
};

/** File names, page references and markers: not content. */
const stripRefs = (s: string) => bare(s).replace(/\S+\.(?:pdf|docx?|xlsx?|csv|txt|pptx?)\b/gi, " ").replace(/\bp(?:p|age)?\.?\s*\d+/gi, " ");

/** A quoted page header or running title ("Company Board pack | 1 July 2031"): the first line of its page, or a "|" line without a verb. */
function isHeaderLine(quote: string, sources: OpenedCitation[]): boolean {
  if (/\|/.test(quote) && !/\b(?:is|are|was|were|has|have|had|will|may|could|would)\b/i.test(quote)) return true;
  const norm = (x: string) => x.replace(/\s+/g, " ").trim().toLowerCase();
  return sources.some((o) => norm(o.text.split("\n").find((l) => l.trim()) ?? "") === norm(quote));
}

/** A sentence giving a cause ("due to", "driven by", "reflecting", "tack vare"): what answers "what drove it" / "why". */
export const CAUSE = /\b(?:due to|driven by|drove|driving|because|as a result of|resulting from|result of|reflect(?:s|ed|ing)?|attributable to|owing to|thanks to|caused by|led by|on the back of|offset by|relat(?:es|ed|ing) to|primarily (?:by|from)|mainly (?:by|from)|contributed|weigh(?:s|ed)? on|savings? from|higher|lower|increase[sd]? in|decrease[sd]? in|tack vare|på grund av|beroende på|till följd av|drevs av|förklaras av|högre|lägre)\b/i;

/** A name: two capitalised words in a row, the first not a sentence's article or pronoun ("Anna Berg", "John Q. Public", "Per Lind"). */
export const NAME = /(?<![\p{L}])(?!(?:The|A|An|In|On|At|For|Our|Its|This|That|These|Those|Som|Den|Det|De|En|Ett|Vi|Han|Hon)\s)\p{Lu}\p{Ll}+\s+\p{Lu}[\p{L}.'’-]*/u;

/** A sentence stating the subject's growth: names it (qualifier kept), a percentage and a word of change ("Subscription revenue grew 16% year on year"). */
export function statesGrowth(text: string, subject: string): boolean {
  return mentionsTopic(text, subject, true) && /\d\s?(?:%|percent|per cent|procent)/i.test(text) && /\b(?:grew|grow|grown|growth|increase[ds]?|rose|up|decline[ds]?|decrease[ds]?|fell|down|ökade|ökning|tillväxt|minskade|växte)\b/i.test(text);
}

/** A sentence naming periods names the one asked among them ("… for fiscal 2017" does not explain fiscal 2018). */
export function samePeriodIfNamed(text: string, period: string | null): boolean {
  if (!period) return true;
  // a comparative's period ("down from 45% for the full year 2023", "lower than fiscal 2017") is not the one it explains
  const named = periodsNamed(text.replace(/\b(?:from|than|compared (?:with|to)|versus|vs\.?|against)\b[^,.;]*/gi, " "));
  return named.length === 0 || named.some((p) => periodMatches(p, period));
}

/** Words before a line item that keep it whole ("total revenues", "the company's net sales", "increase in revenue"). */
const WHOLE_BEFORE = new Set("total net consolidated group reported our its their the company's a in of and for with was were that which whose".split(" "));

/** Capitalised words after a line item that are times, not parts ("Revenue for Q3", "for Fiscal 2018", "in January"). */
const PERIOD_WORD = /^(?:Q[1-4]|H[12]|FY\S*|Fiscal|Full|First|Second|Third|Fourth|The|This|That|Our|Its|January|February|March|April|May|June|July|August|September|October|November|December)$/;

const PART_SCOPE = /\b(?:segments?|divisions?|businesses|business (?:unit|group)s?|regions?|geograph(?:y|ies)|segmentet|divisionen|affärsområdet|regionen)\b/i;

/** Whether the text names the subject itself, not a cost or a share of it ("Cost of sales, measured as a percent of sales, …" is not about net sales). */
export function mentionsWhole(text: string, subject: string, asked = subject): boolean {
  // a segment's, division's or region's figure is a part of the company's ("Sales increased 3 percent in the electronics-related businesses")
  if (PART_SCOPE.test(text) && !PART_SCOPE.test(subject)) return false;
  // … and so is a named part the request does not name ("Revenues for BrandX decreased 8%" for the company's revenues)
  const head = escapeRe(subject.split(/\s+/).at(-1) ?? "").replace(/s$/, "");
  const named = head ? new RegExp(`\\b${head}s?\\s+(?:for|of|in|from|at)\\s+(?:the\\s+)?(\\p{Lu}\\p{Ll}[\\p{L}&.'’-]*)`, "u").exec(text) : null;
  if (named && !PERIOD_WORD.test(named[1]!) && !words(asked).includes(words(named[1]!)[0] ?? "")) return false;
  // … or a kind of it the request does not ask ("Acme Brand footwear revenues"): every mention has a qualifier of its own
  if (head) {
    const before = [...text.matchAll(new RegExp(`(^|[^\\p{L}])([\\p{L}'’-]+)\\s+${head}s?\\b`, "giu"))].map((m) => m[2]!.toLowerCase());
    const own = new Set(words(asked));
    const atStart = new RegExp(`^\\W*${head}`, "iu").test(text);
    if (before.length && !atStart && before.every((w) => !WHOLE_BEFORE.has(w) && !own.has(words(w)[0] ?? ""))) return false;
  }
  const own = ` ${words(subject).join(" ")} `;
  const rest = (/\b(?:costs?|percent|per cent|share|proportion)\s+of\b/i.test(subject) ? text : text.replace(/\b(?:costs?|percent|per cent|share|proportion)\s+of\s+(?:(?:net|total|the)\s+)?[\p{L}-]+/giu, " "))
    // "the sale of the business" is a transaction, not sales
    .replace(/\bsale\s+of\b/gi, " ");
  return mentionsTopic(rest, subject) || ` ${words(rest).join(" ")} `.includes(own);
}

/** Words that introduce a list of causes without giving one ("primarily reflecting the following factors:"). */
const LIST_INTRO = new Set(words("following factors factor reasons reason items item below these those include including several number"));

/** Whether a sentence gives a cause: a causal phrase followed by what it is ("due to higher hosting costs"), not a list's introduction. */
export function givesCause(text: string): boolean {
  const last = [...text.matchAll(new RegExp(CAUSE.source, "gi"))].at(-1);
  if (!last) return false;
  return contentWords(text.slice(last.index + last[0].length)).filter((w) => !LIST_INTRO.has(w) && !/^\d/.test(w)).length >= 2;
}

/** The statement's own words: without the bold label the answer wrote before it ("**Cash position:**"), which is a name, not content. */
const withoutLabel = (s: string) => s.replace(/^\s*(?:[-*•]\s+)?(?:\*\*[^*]+\*\*|__[^_]+__)\s*:?\s*/, "");

/** A narrative topic that names an amount ("revenue forecast", "net revenue retention"): answered by a figure about it, not by any sentence. */
export const namesAmount = (t: Pick<RequestTopic, "subject">) => /\d/.test(t.subject) === false && /\b(?:revenue|revenues|sales|income|profit|earnings|ebitda|ebit|cash|debt|borrowings|assets|liabilities|equity|headcount|employees|arr|retention|churn|share|percentage|rate|forecast|budget|backlog|bookings|dividends?|capex|omsättning\p{L}*|intäkt\p{L}*|resultat\p{L}*|kassa\p{L}*|anställda)\b/iu.test(t.subject);

function narrativeVerdict(t: RequestTopic, sts: Statement[], single: boolean): { ok: boolean; reason: string } {
  const own = new Set(contentWords(`${t.subject} ${t.name}`));
  // the one topic of a request ("Summarize the management team") may be answered in other words than its name;
  // not a reason, and not an amount: those need a sentence about the subject itself
  const lenient = single && !t.reason && !t.growth && !t.whole && !namesAmount(t);
  for (const st of sts.filter((s) => about(s, t.subject) || looseMention(`${s.context} ${s.text}`, t.subject) || lenient)) {
    const text = stripRefs(withoutLabel(st.text));
    if (GAP_WORDS.test(text)) continue;
    if (t.reason && !(givesCause(text) && mentionsWhole(text, t.subject, t.name) && samePeriodIfNamed(text, t.period))) continue;
    if (t.who && !NAME.test(text)) continue;
    if (t.growth && !statesGrowth(text, t.subject)) continue;
    // an amount's label is no answer: the sentence itself names it and gives a figure
    if (!t.reason && !t.growth && namesAmount(t) && !(mentionsTopic(text, t.subject, true) && /\d/.test(text))) continue;
    const quotes = extractQuotes(st.text);
    const unquoted = quotes.reduce((x, q) => x.replace(q.text, " "), text);
    // a quoted page header, or a sentence about the document ("This document presents …"), says nothing of the topic
    if (quotes.length && quotes.every((q) => isHeaderLine(q.text, st.cited) || INTRO_SENTENCE.test(q.text)) && contentWords(unquoted).filter((w) => !own.has(w)).length < 3) continue;
    const content = contentWords(text).filter((w) => !own.has(w) && !/^\d/.test(w));
    if (content.length < ((namesAmount(t) || t.growth) && !t.reason ? 1 : t.who ? 2 : 5)) continue; // an amount stated with its name, or a name, needs no more words
    // the request's only topic: any cited opened source will do (its words may not be the request's: "red flags")
    if (st.cited.some((o) => mentionsTopic(o.text, t.subject) || lenient || (t.whole && looseMention(o.text, t.subject)))) return { ok: true, reason: t.reason ? "a sentence giving its cause, cited" : "a sentence about it, cited" };
  }
  if (t.reason) return { ok: false, reason: `no sentence says what drove ${t.subject} (a cause: "due to", "driven by" …), citing an opened source that speaks of it` };
  if (t.growth) return { ok: false, reason: `no sentence states the growth of ${t.subject} in per cent${t.period ? ` for ${t.period}` : ""}, citing an opened source that speaks of it` };
  if (t.who) return { ok: false, reason: `no sentence about ${t.subject} names anyone, citing an opened source that speaks of it` };
  return { ok: false, reason: `no sentence about ${t.subject} ${namesAmount(t) ? "states a figure for it and " : ""}cites an opened source that speaks of it` };
}

/** Per-topic verdicts for a final answer. */
export function checkTopics(input: { answer: string; topics: RequestTopic[]; opened: OpenedCitation[]; searches: SearchRecord[]; phrase: string; computed?: ComputedMetric[] }): TopicVerdict[] {
  const { answer, topics, opened, searches } = input;
  const sts = statementsOf(answer, opened);
  const evidence = opened.filter((o) => o.role === "evidence");
  return topics.map((t) => {
    const computed = input.computed ?? [];
    const v = t.kind === "figure" ? figureVerdict(t, sts, evidence, false, computed) : t.kind === "ratio" ? figureVerdict(t, sts, evidence, true, computed) : t.kind === "comparison" ? comparisonVerdict(t, sts, evidence) : narrativeVerdict(t, sts, topics.length === 1);
    if (v.ok) return { topic: t, status: "answered" as const, reason: v.reason, needsTools: false };
    const searched = searches.some((s) => !s.error && (queryCoversTopic(s.query, t.subject) || queryCoversTopic(s.query, t.name)));
    const disclosed = sts.some((s) => (GAP_WORDS.test(s.text) || s.text.toLowerCase().includes(input.phrase.toLowerCase())) && (about(s, t.subject) || mentionsTopic(s.text, t.name)));
    if (disclosed && searched) return { topic: t, status: "disclosed" as const, reason: "disclosed as a gap after a search", needsTools: false };
    const sourceSpeaks = evidence.some((o) => mentionsTopic(o.text, t.subject) && (t.kind === "narrative" || !t.period || namesPeriod(o.text, t.period)));
    return { topic: t, status: "unanswered" as const, reason: disclosed ? `it is called missing but was never searched for` : v.reason, needsTools: !searched || !sourceSpeaks };
  });
}
