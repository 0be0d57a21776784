/**
 * The answer to a figure a search_documents passage states in a sentence (the "sentence" and
 * "labelledSentence" steps): the sentence naming the concept, of the year and part asked, with a
 * figure of its kind; and the sentence tests the constant-currency writer shares (a part named among
 * others, a place before the figure, a table run into the text).
 */
import escapeStringRegexp from "escape-string-regexp";
import { withoutYears } from "@/lib/answers/narrative/fit";
import { sentencePieces } from "@/lib/extraction/sentences";
import { GEOGRAPHY } from "@/lib/extraction/findings/scope";
import { parsePrintedNumber } from "@/lib/metrics/printed-number";
import { monthNumber } from "@/lib/periods";
import type { Concept } from "../../concepts/catalog";
import { partInitials, PLACE_INITIALS, saysSegment } from "../../concepts/part-names";
import { PLAIN_LABEL_STEMS } from "../../concepts/generic-words";
import { tokens, type Token } from "../../concepts/match";
import { respectiveFigure } from "../../evidence/respectively";
import type { Passage, SearchDocumentsOutput } from "../../evidence/passages";
import type { Reading } from "../../reader/read";
import { isYearWord, yearsWritten } from "@/lib/periods/years";
import { countChangeLine, firstCount, initialsAsWords, passageRecency, whose } from "./shared";

/** A printed figure: a number standing alone (not the digit of a name such as "3M"), with its unit word. */
const AMOUNT = /(?:[$€£]\s?)?\b\d(?:[\d,]*\d)?(?:\.\d+)?(?![\p{L}\d])\s*(?:billion|million|thousand|bn|mn|%|percent|x|times)?/giu;
/** A figure within a dozen words after the last of the part's words. */
function figureNear(sentence: string, scopeStems: string[]): boolean {
  const toks = tokens(sentence);
  const last = Math.max(...scopeStems.map((w) => toks.findIndex((t) => t.stem === w)));
  if (last < 0) return false;
  return toks.slice(last + 1, last + 13).some((t) => /^\d/.test(t.word) && !isYearWord(t.word));
}

/** The sentence names a year other than those asked ("… charges … recognized in 2021" when 2022 was asked; with none asked, any year). */
export const namesAnotherYear = (s: string, years: number[]) => yearsWritten(s).some((y) => !years.includes(y));

/** Every word of `want` within a window one word wider than `want` itself. */
function wordsTogether(stems: string[], want: string[]): boolean {
  const span = want.length + 1;
  return stems.some((_, i) => want.every((w) => stems.slice(i, i + span).includes(w)));
}

/** The sentence's figures are of the concept's kind: money for an amount, a percentage for a rate, a count for a count. */
function figureKindFits(c: Concept, figures: string[]): boolean {
  if (c.kind === "amount") return figures.some((f) => /[$€£]|billion|million|thousand|\bbn\b|\bmn\b/i.test(f));
  if (c.kind === "percent") return figures.some((f) => /%|percent/i.test(f));
  if (c.kind === "count") return figures.some((f) => !/[$€£%]|percent/i.test(f) && Number(f.replace(/[^\d.]/g, "")) >= 10);
  return true;
}

const PER_SHARE_AFTER = /^\s*(?:per|a) (?:diluted |basic )?(?:common )?share\b/i;

/** A page's running header the text extraction glued to its first sentence. */
export const RUNNING_HEADER = /^(?:table of contents\s+)+/i;
/** "Each of our 50,110 full- and part-time employees", "our approximately 12,000 people": a count the company states of itself. */
const OUR_COUNT = /\bour\s+(?:approximately\s+|about\s+|nearly\s+|over\s+|more than\s+)?\d[\d,]*\s+\p{L}/iu;
export const STATING_VERB = /\b(?:was|were|is|are|totaled|totalled|amounted|reached|stood|increased|decreased|rose|fell|grew|declined|represented|had|employed|operated|operates)\b/i;

const DAY_FIRST = /\b(\d{1,2})\s+(\p{L}{3,})\.?,?\s+((?:19|20)\d{2})\b/gu;
const MONTH_FIRST = /\b(\p{L}{3,})\.?\s+(\d{1,2}),\s+((?:19|20)\d{2})\b/gu;

/** The days a sentence states ("30 June 2024", "June 30, 2024"), as "2024-6-30". */
function daysIn(text: string): string[] {
  const days = [...[...text.matchAll(DAY_FIRST)].map((m) => ({ d: m[1]!, m: m[2]!, y: m[3]! })), ...[...text.matchAll(MONTH_FIRST)].map((m) => ({ d: m[2]!, m: m[1]!, y: m[3]! }))];
  return days.filter((x) => monthNumber(x.m) > 0).map((x) => `${x.y}-${monthNumber(x.m)}-${Number(x.d)}`);
}

/** The day a question asks a balance at ("at 30 June 2024"), as "2024-6-30". */
export function dayAsked(r: Reading): string | undefined {
  return r.periods.flatMap((p) => (/^\d{1,2} \p{L}+ \d{4}$/u.test(p) ? daysIn(p) : []))[0];
}

/**
 * The sentence stating the concept: of the years asked, else the newest. At a day asked, a
 * sentence that states another day ("at 30 September 2024") does not answer it; one that states
 * the day asked comes first.
 */
export function statedSentence(passages: Passage[], c: Concept, years: number[], scope?: string, level = false, day?: string, periods: string[] = []): { text: string; citation: string } | null {
  let fits = passages.map((p, i) => ({ s: statedIn(p, c, years, scope, level, !!p.period && periods.includes(p.period)) ?? partCountLine(p, c, years, scope), i, at: passageRecency(p) })).filter((x) => x.s);
  if (!years.length) fits.sort((a, b) => b.at - a.at || a.i - b.i);
  if (day) {
    const said = (x: (typeof fits)[number]) => daysIn(x.s!.text);
    fits = fits.filter((x) => !said(x).length || said(x).includes(day)).sort((a, b) => Number(said(b).includes(day)) - Number(said(a).includes(day)));
  }
  return fits[0]?.s ?? null;
}

/**
 * A part's count printed as a table's line the extraction kept as text ("Total International store
 * count 160"): a line whose label is the part's words and the count's name and nothing else, with one
 * number. Counts only: a count needs no scale, which a bare line of money would.
 */
function partCountLine(p: Passage, c: Concept, years: number[], scope?: string): { text: string; citation: string } | null {
  if (c.kind !== "count" || !scope) return null;
  // (a passage of another year's report is another year's count)
  if (years.length && p.period && !years.some((y) => p.period!.includes(String(y)))) return null;
  const scopeStems = tokens(initialsAsWords(scope)).map((t) => t.stem);
  const names = [...(c.rowWords ?? []), ...c.terms].map((t) => tokens(t).map((x) => x.stem));
  // each label and its number on a line (two columns of a page laid side by side: "Missouri 17 Total Domestic store count 978 Montana 3")
  for (const m of p.text.matchAll(/([\p{L}][\p{L}.&'’ -]*?)[ \t]+(\d{1,3}(?:,\d{3})*|\d+)(?=[ \t]*(?:\n|$)|[ \t]+\p{L})/gu)) {
    const label = tokens(initialsAsWords(m[1]!)).map((t) => t.stem);
    const named = names.find((n) => n.length > 0 && ` ${label.join(" ")} `.includes(` ${n.join(" ")} `));
    const rest = label.filter((w) => !scopeStems.includes(w) && !named?.includes(w) && !PLAIN_LABEL_STEMS.has(w) && !COUNT_WORDS.has(w));
    if (named && scopeStems.every((w) => label.includes(w)) && !rest.length) return { text: `${m[1]!.trim()} ${m[2]}`, citation: p.citation };
  }
  return null;
}
const COUNT_WORDS = new Set(tokens("count number").map((t) => t.stem));

/** "An increase of $1.3 billion", "decreased by 4%", "we reduced our ARR balance by $75 million", "The change in X …": the figure is a change, not the level asked. */
const CHANGE_FIGURE = /^\W*(?:the\s+)?(?:net\s+)?(?:increase|decrease|rise|decline|growth|change|drop|reduction)s?\s+in\b|\b(?:reduced|raised|lowered|cut|increased|decreased)\b[^.;]{0,60}?\bby\s+(?:[a-z]+\s+){0,2}[$€£]?\d|\b(?:increase|decrease|rise|decline|growth|change|drop|gain|reduction)s?\s+(?:of|by)\s+(?:approximately\s+|about\s+)?[$€£]?\d|\b(?:increased|decreased|rose|fell|grew|declined|dropped)\s+(?:by\s+)?(?:approximately\s+|about\s+)?[$€£]?\d/i;

/** A number (not a year) within five words of one of the count's names (a date may stand between). */
function countBesideNoun(sentence: string, names: string[][]): boolean {
  // (a number joined to a word, "COVID-19", "Form 10-K", counts nothing)
  const toks = tokens(withoutYears(sentence).replace(/\p{L}+-\d+(?:-\p{L}+)?/gu, " "));
  // (a name of several words by where it starts and ends: "83,883 registered holders of record")
  const at = nameSpans(toks, names).flatMap((n) => [n.start, n.end]);
  return toks.some((t, j) => /^\d/.test(t.word) && at.some((i) => Math.abs(i - j) <= 5));
}

/** Where each of a count's names (as stems, word after word) stands among the tokens: first and last token. */
function nameSpans(toks: Token[], names: string[][]): Array<{ start: number; end: number }> {
  return names.flatMap((n) => toks.flatMap((_, i) => (n.length > 0 && n.every((w, k) => toks[i + k]?.stem === w) ? [{ start: i, end: i + n.length - 1 }] : [])));
}

/** Words heading a count that name no part ("Total store count", "The Company's 1,138 stores"). */
const NO_PART = new Set(tokens("total the our its their company company's we in at of and").map((t) => t.stem));

/**
 * Each of the count's names in the sentence is headed by a capitalised word or two that name a part
 * ("International stores", "Domestic segment stores"), not by a number or a plain word: the count is the part's.
 */
function countOfAPart(sentence: string, names: string[][]): boolean {
  // "approximately 50,000 employees, which constitute 32% of our total workforce, were union represented": a count the sentence calls a share of the whole
  // (…in the count's own clause: "… 79,000 people worldwide, with approximately 29,000 based in the U.S. Women compose approximately 49% of our
  // global workforce" is two sentences a stop after initials kept as one)
  const clauses = sentence.split(/(?<=\.)\s+(?=\p{Lu})/u);
  const own = clauses.find((c) => nameSpans(tokens(withoutYears(c)), names).length > 0) ?? sentence;
  if (SHARE_OF_WHOLE.test(own)) return true;
  const plain = withoutYears(sentence);
  const toks = tokens(plain);
  // (the names that stand beside a figure: "The location and total square footage" counts nothing)
  const near = (i: number) => toks.some((t, j) => /^\d/.test(t.word) && Math.abs(i - j) <= 5);
  const at = nameSpans(toks, names).map((n) => n.start).filter(near);
  const headed = (i: number) => {
    const before = toks[i - 1]?.stem === "segment" ? i - 2 : i - 1;
    const t = toks[before];
    return !!t && /^\p{Lu}/u.test(plain.slice(t.start)) && !NO_PART.has(t.stem) && !/^\d/.test(t.word);
  };
  return at.length > 0 && at.every(headed);
}

const SHARE_OF_WHOLE = /\d(?:\.\d+)?\s*(?:%|percent)\s+of\s+(?:our|its|their|the company's|the company’s|total)\b/i;
const FLOW_VERB = /\b(?:hired|recruited|added|opened|closed|acquired|divested|sold|issued|repurchased)\b/i;
/** Three figures or more with nothing but units between them: a table's row, not a sentence. */
export const FIGURE_RUN_IN_TEXT = /(?:[$€£]\s?)?\(?\d[\d,.]*\)?\s*%?\s+(?:[$€£]\s?)?\(?\d[\d,.]*\)?\s*%?\s+(?:[$€£]\s?)?\(?\d[\d,.]*\)?(?!\w)/;

/**
 * The part is named beside another in a list ("our Domestic and International segments", "U.S.,
 * Canada and Mexico"): a figure of the sentence is the listed parts' together, not this part's.
 */
export function namedAmongParts(scope: string, text: string): boolean {
  const words = text.split(/\s+/).map((w) => w.replace(/^[("“]+|[)"”.;:]+$/g, ""));
  const want = tokens(initialsAsWords(scope)).map((t) => t.stem);
  const stemOf = (w: string) => tokens(initialsAsWords(w))[0]?.stem;
  const first = words.findIndex((w) => stemOf(w) === want[0]);
  if (first < 0 || !want.every((x, i) => stemOf(words[first + i] ?? "") === x)) return false;
  const last = first + want.length - 1;
  const name = (w: string | undefined) => !!w && /^[A-Z]/.test(w) && !STOP_NAMES.has(w.toLowerCase());
  const joiner = (w: string | undefined) => !!w && /^(?:and|&|or)$/i.test(w);
  const before = joiner(words[first - 1]) ? name(words[first - 2]?.replace(/,$/, "")) : /,$/.test(words[first - 1] ?? "") && name(words[first - 1]!.replace(/,$/, ""));
  const after = /,$/.test(words[last] ?? "") ? name(words[last + 1]) : joiner(words[last + 1]) && name(words[last + 2]);
  // (…or the first of what a larger figure includes: "Microsoft Cloud revenue, which includes Azure and other cloud services, …")
  const listed = /^(?:includes?|including|comprises?|comprising|such as|consists? of)$/i.test(words[first - 1] ?? "") || /^(?:consists?|such)$/i.test(words[first - 2] ?? "");
  return before || after || listed;
}

/** Capitalised words that open a sentence or a name, not another part ("We", "The", "Our"). */
const STOP_NAMES = new Set(["we", "the", "our", "its", "their", "in", "of", "for", "total", "and"]);

/** A sentence that opens by pointing back ("This is …", "These amounts …", "It was …"): it is of the sentence before. */
const ANAPHORIC_OPENING = /^\W*(?:this|that|these|those|such|it)\b(?!\s+(?:year|quarter|fiscal|period|month)\b)/i;

/**
 * The sentence that states the concept's figure itself ("Our total backlog was $150.0 billion at
 * December 31, 2022"), for the company as a whole; with no year asked, the newest filing's.
 */
/** `ofPeriod`: the passage's document is of the period asked (a quarter's report), so its sentences need not name the year. */
function statedIn(p: Passage, c: Concept, years: number[], scope?: string, level = false, ofPeriod = false): { text: string; citation: string } | null {
  const names = [...(c.rowWords ?? []), ...c.terms].map((t) => tokens(t).map((x) => x.stem));
  const scopeStems = scope ? tokens(initialsAsWords(scope)).map((t) => t.stem) : [];
  let before = "";
  for (const s of sentencePieces(p.text.replace(/\s+/g, " "))) {
    // "This is equivalent to an annual dividend of $6.00": the sentence before says of when
    const context = ANAPHORIC_OPENING.test(s) ? `${before} ${s}` : s;
    before = s;
    const stems = tokens(s).map((x) => x.stem);
    // the concept's words in a row ("operating income", not "operating revenues … earnings")
    const named = names.some((n) => n.length > 0 && ` ${stems.join(" ")} `.includes(` ${n.join(" ")} `));
    // the days of dates and note numbers are no figures ("as of December 31, 2022")
    // "$1.39 per share" is a per-share figure, no amount of the company's
    const plain = withoutYears(s);
    const perShare = (m: RegExpMatchArray) => c.kind !== "per_share" && PER_SHARE_AFTER.test(plain.slice(m.index! + m[0].length, m.index! + m[0].length + 30));
    // (…nor is a version or model number in a name: "Accelerating the Arches 2.0", "Office 365", "Network 2.0")
    const inName = (m: RegExpMatchArray) => /^\d{1,3}(?:\.\d)?$/.test(m[0].trim()) && /\b\p{Lu}[\p{L}&-]*\s$/u.test(plain.slice(0, m.index! + m[0].length - m[0].trimStart().length));
    const figures = [...plain.matchAll(AMOUNT)].filter((m) => !perShare(m) && !inName(m)).map((m) => m[0].trim()).filter((f) => /\d/.test(f) && !isYearWord(f));
    // (a report of the period asked speaks of it without its year, but not of another year it names: "… recognized in 2021")
    // (a sentence pointing back takes the year of the one before only when it names no other itself)
    const dated = !years.length || years.some((y) => s.includes(String(y))) || (context !== s && years.some((y) => context.includes(String(y))) && !namesAnotherYear(s, years)) || (ofPeriod && !namesAnotherYear(context, years));
    const kind = figureKindFits(c, figures);
    // (…or a place named before the figure: "Comparable sales in the U.S. increased 5.9%" is the U.S.'s)
    const part = !scope && namesAPart(s, plain);
    // a part's figure: the figure close after the part's name ("Mac net sales were $40.2 billion"), not a total beside a list of parts
    const placed = scopeStems.length ? tokens(initialsAsWords(s)).map((x) => x.stem) : stems;
    // (…and not one of a list of parts: "commercial cloud, which comprises Office 365, Azure, Dynamics …, was $9.5 billion")
    // (…its words together, not spread over two clauses: "FedEx employed … part-time employees, and FedEx Ground utilized …")
    const scoped = scopeStems.every((w) => placed.includes(w)) && (!scopeStems.length || (figureNear(initialsAsWords(s), scopeStems) && !namedAmongParts(scope!, s) && wordsTogether(placed, scopeStems)));
    // a sentence, not a table run together: a verb, and few figures
    // (three figures in a row, "Total 5 % 21 % 11 % 18 %", are a table's row run into the text)
    // ("each of our 50,110 employees": a count written after "our" is stated, whatever the verb)
    const prose = (STATING_VERB.test(s) || (c.kind === "count" && OUR_COUNT.test(plain))) && figures.length <= 4 && !FIGURE_RUN_IN_TEXT.test(plain);
    // a count's figure stands near its noun ("employed approximately 92,000 people", "workforce was approximately 156,000")
    if (c.kind === "count" && !countBesideNoun(s, names)) continue;
    // ("Total International store count 160", "our Domestic segment stores": a part's count, not the company's)
    if (c.kind === "count" && !scope && countOfAPart(s, names)) continue;
    // a stock at a date (headcount, stores) is not what was hired, opened or closed in the year
    const change = level && (CHANGE_FIGURE.test(s) || (!!c.balance && FLOW_VERB.test(s)));
    if (named && scoped && prose && kind && figures.length && dated && !part && !change && s.length <= 400) return { text: s.replace(RUNNING_HEADER, ""), citation: p.citation };
  }
  return null;
}

export function writeStated(o: SearchDocumentsOutput, c: Concept, r: Reading): string | null {
  // the years the periods name, however written ("FY2022", "Q3 2024", "nine months ended 2023-07-01")
  // ("and a year earlier?" after the newest: the year before the newest filing's)
  const before = yearBeforeNewest(o.passages, r.periods);
  const years = [...new Set([...r.periods.flatMap(yearsWritten), ...before])];
  // a count at each of several year ends (headcount, stores): each year's filing states its own
  if (c.kind === "count" && years.length >= 2 && !r.scope) return writeCountsByYear(o, c, r, years);
  // (a figure that is itself a change, comparable sales, is stated by how it moved: "increased 12.6%")
  const s = statedSentence(o.passages, c, years, r.scope, !r.aggregate && !c.isChange, dayAsked(r), [...r.periods, ...before.map((y) => `FY${y}`)]);
  if (!s) return null;
  // "… for 2021 and 2020 were 5.8% and 4.7%, respectively": the figure of the year asked, said
  const paired = years.length === 1 ? respectiveFigure(s.text, years[0]!) : null;
  // "1,187 large-format and 51 small-format stores": a count stated in two kinds, added up
  const summed = !paired && c.kind === "count" ? countInKinds(s.text, c) : null;
  return `${whose(o.company)}${r.scope ? `${r.scope} ` : ""}${c.label}${years.length ? ` (${years.map((y) => `fiscal ${y}`).join(", ")})` : ""}${paired ? `: **${paired}**` : ""}${summed ? `: ${summed.replace(/[\d,]+/, "**$&**")} in all` : ""} — the filing states: "${s.text}" ${s.citation}`;
}

/**
 * "1,187 large-format and 51 small-format stores", "approximately 328,000 full-time and approximately
 * 201,000 part-time employees": two counts of kinds of the count's noun joined by "and", their sum.
 */
export function countInKinds(sentence: string, c: Concept): string | null {
  const nouns = [...(c.rowWords ?? []), ...c.terms].filter((t) => !/\s/.test(t)).map(escapeStringRegexp);
  if (!nouns.length) return null;
  const count = String.raw`(approximately |about |nearly |some )?(\d{1,3}(?:,\d{3})+|\d+)`;
  const kind = String.raw`(?:[\p{L}-]+ ){1,3}`;
  const m = new RegExp(String.raw`${count} ${kind}and ${count} ${kind}(?:${nouns.join("|")})\b`, "iu").exec(sentence.replace(/\s+/g, " "));
  if (!m) return null;
  const total = [m[2]!, m[4]!].reduce((sum, x) => sum + (parsePrintedNumber(x)?.value ?? NaN), 0);
  return Number.isFinite(total) ? `${m[1] || m[3] ? "about " : ""}${total.toLocaleString("en-US")}` : null;
}

/**
 * A sentence about a part of the company: a segment, or a place or region named before its figure
 * (`figures`: the sentence as its figures are sought, e.g. without its years).
 */
export function namesAPart(s: string, figures = s): boolean {
  const first = figures.search(/\d/);
  const before = partInitials(figures.slice(0, first < 0 ? undefined : first));
  // ("throughout our Domestic and International segments", "across all of our segments": the parts together are the whole)
  const segment = saysSegment(s.replace(SEGMENTS_TOGETHER, " "));
  return (segment || GEOGRAPHY.test(before) || PLACE_INITIALS.test(before)) && !/\b(?:total|consolidated|global|globally|worldwide)\b/i.test(s);
}
/** Segments named together: a list joined by "and" before "segments", or "all/both/each of our segments". */
const SEGMENTS_TOGETHER = /\b\p{Lu}[\p{L}&-]*(?:,? \p{Lu}[\p{L}&-]*)*,? and \p{Lu}[\p{L}&-]* segments\b|\b(?:all|both|each) (?:of )?(?:our |its |the )?(?:\w+ )?segments\b/gu;

/** "prior year" asked where the documents resolve it: the year before the newest passage's filing. */
function yearBeforeNewest(passages: Passage[], periods: string[]): number[] {
  if (!periods.includes("prior year")) return [];
  const newest = Math.max(0, ...passages.flatMap((p) => yearsWritten(p.period ?? "")));
  return newest ? [newest - 1] : [];
}

/**
 * A count at each year end asked ("corning employees end of 2020 vs 2021"), each from the sentence of
 * its own year's filing; with a change asked, the change. Null when a year has no such sentence.
 */
function writeCountsByYear(o: SearchDocumentsOutput, c: Concept, r: Reading, years: number[]): string | null {
  const moveAsked = r.aggregate === "growth" || r.aggregate === "change" || !!r.direction;
  const all = [...years].sort((a, b) => a - b).map((y) => ({ y, s: statedSentence(o.passages.filter((p) => !p.period || yearsWritten(p.period).includes(y)), c, [y], undefined, true, dayAsked(r), [`FY${y}`]) }));
  // (a move across a span needs its two ends: a year between them no filing of the deal states is left out)
  const found = moveAsked ? all.filter((f, i) => f.s || i === 0 || i === all.length - 1) : all;
  if (found.some((f) => !f.s)) return null;
  const counts = found.map((f) => countInSentence(f.s!.text, c));
  const lines = [`${whose(o.company)}${c.label}:`, ...found.map((f, i) => `- fiscal ${f.y}: ${counts[i] !== undefined ? `**${counts[i]!.toLocaleString("en-US")}** — ` : ""}"${f.s!.text}" ${f.s!.citation}`)];
  const [from, to] = [counts[0], counts.at(-1)];
  if (moveAsked && from && to !== undefined) {
    lines.push(countChangeLine(from, to, found[0]!.y, found.at(-1)!.y));
  }
  return lines.join("\n");
}

/** The count a sentence states beside the concept's noun: the first figure that is no year. */
function countInSentence(text: string, c: Concept): number | undefined {
  return firstCount(countInKinds(text, c) ?? withoutYears(text));
}
