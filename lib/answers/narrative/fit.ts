/**
 * Whether a unit has the shape of the answer asked for: a person's name next to the role, a
 * number with the counted noun, a date, an amount, an enumeration, a causal connective, names of
 * organisations. A sentence that matches the question's words but not its answer type does not
 * answer it.
 */
import { MONTH as MONTH_ANY, monthWords } from "@/lib/periods/months";
import { tokenizeWithOffsets } from "@/lib/search/tokenize";
import type { AnswerType } from "./answer-type";
import { fold, termKey, textKeys, type QuestionTerm } from "./terms";
import type { Unit } from "./segment";
import { isYearWord, withoutYearWords } from "@/lib/periods/years";

export interface Fit {
  /** The unit can answer this kind of question. */
  ok: boolean;
  /** How well (0–2): a bonus on top of the term match. */
  strength: number;
}

const NAME = /\b\p{Lu}[\p{Ll}'’-]+(?:\s+\p{Lu}\.)*(?:\s+\p{Lu}[\p{Ll}'’-]+){1,3}(?:,?\s+(?:Jr|Sr|II|III|IV)\.?)?|\b\p{Lu}{2,}(?:\s+\p{Lu}\.)*(?:\s+\p{Lu}{2,}){1,3}\b/gu;
const HONORIFIC_NAME = /\b(?:Mr|Mrs|Ms|Dr)\.\s+\p{Lu}[\p{Ll}'’-]+/u;
/** Capitalised words that are not parts of a person's name. */
const NOT_NAME = new RegExp(String.raw`\b(?:Company|Companies|Inc|Corporation|Corp|Board|Directors?|Code|Conduct|Officers?|Stock|Options?|Notice|Terms|Exhibit|Certification|Section|Award|Agreement|Units|Restricted|Performance|Sarbanes|Oxley|Limited|Airways|Airlines|Chief|Executive|Financial|Operating|President|Vice|Senior|Chair\w*|United|States|Securities|Exchange|Commission|Act|Item|Part|Note|Annual|Report|Form|Group|Holdings|Committee|Audit|Plan|Policy|Statements?|Ethics|Business|Our|The|This|Global|International|National|Department|Government|Services|Systems|${monthWords()}|Monday|Tuesday|Wednesday|Thursday|Friday)\b`, "i");
const MONTHS = new RegExp(`^${monthWords({ abbreviated: true, title: true })}\\b`);

/** Person names in a text: two to four capitalised words that are not organisation or title words. */
export function personNames(text: string): string[] {
  return [...text.matchAll(NAME)].map((m) => m[0]).filter((n) => !NOT_NAME.test(n));
}

/** Evidence that capitalised words name a person: an initial, an honorific, or an appointment verb. */
const PERSON_CUE = /\b\p{Lu}\.\s+\p{Lu}|\b(?:Mr|Mrs|Ms|Dr)\.|\b(?:appointed|named|elected|joined|serves|served|has been|was hired|förordnades|utsågs|utnämndes|anställdes|advokat|professor|docent|jur\.?\s?kand)\b/u;

const GENERIC_ROLE = /\b(?:chief \w+ officer|president|chair(?:man|woman|person)?|director|vice president|treasurer|controller|secretary|general counsel|head of|officer|founder|partner|verkställande direktör|ordförande|utredare|sekreterare|sakkunnig|expert)\b/i;
export const CAUSAL = /\b(?:due (?:primarily |mainly |largely |in part )?to|because(?: of)?|driven (?:primarily |mainly |largely )?by|primarily (?:as a result of|attributable to|reflecting|from|by)|as a result of|attributable to|result(?:ed|ing)? (?:primarily |mainly )?from|reflect(?:s|ed|ing)?|owing to|caused by|led by|offset by|(?:impacted|affected) (?:primarily |mainly |largely )?by|på grund av|till följd av|beror(?:de)? på|drivs? av|följd av)\b/i;

/** Where a sentence first states a cause ("due to", "driven by" …), -1 when it states none: "reflect" only as a clause of cause (", reflecting higher costs"), not "to reflect the carrying value"; "attributable to" not in a line's name ("Net income attributable to Intel"). */
export function causeAt(sentence: string): number {
  for (const m of sentence.matchAll(new RegExp(CAUSAL.source, "gi"))) {
    const before = sentence.slice(0, m.index);
    // (…nor "per share (EPS) attributable to Intel": a line's name with its initials after it)
    if (/^attributable/i.test(m[0]) && /(?:income|earnings|loss|losses|\(loss\)|shares?|eps)(?:\s*\([^()]{1,12}\))?\s*$/i.test(before)) continue;
    if (!/^reflect/i.test(m[0]) || /(?:,|primarily|mainly|largely)\s*$/i.test(before)) return m.index!;
  }
  return -1;
}

const MONTH = new RegExp(`\\b${MONTH_ANY}\\b`, "i");
const NUMBER_WORD = /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|hundred|thousand|million|billion|dozen|en|ett|två|tre|fyra|fem|sex|sju|åtta|nio|tio)\b/i;
const AMOUNT = /(?:[$€£¥]|\b(?:usd|eur|sek|gbp|kr|dollars?|kronor)\b)\s?\d|\d[\d,.]*\s*(?:million|billion|thousand|mn|bn|m\b|k\b|miljoner|miljarder|mkr|msek|kr\b|%|percent)/i;
const ORGANISATION = /\b(?:\p{Lu}[\p{L}&.'’-]*\s+)*(?:Inc|Corp|Corporation|Company|Co|Ltd|LLC|plc|AB|AG|SA|NV|Group|Holdings|Bank|Airlines?|Government|Department|Agency|Ministry)\b|\b(?:government|airlines?|carriers|retailers|distributors|wholesalers|operators|agencies|departments?|ministries|hospitals|utilities|myndighet(?:er)?|kommuner|regioner)\b|\bU\.S\.\s/u;

/** Proper nouns not at the start of the unit (names of companies, places, products). */
/** Capitalised words that name no other organisation: sentence furniture, accounting acronyms. */
const NOT_ORGANISATION = /^["“(]?(?:The|This|These|Those|Our|We|In|On|At|For|As|It|Its|Item|Note|Part|Notes|Consolidated|Financial|Statements?|Company|ASC|ASU|GAAP|IFRS|SEC|IT|ROU|EPS|IPR&D|Form|Exhibit|Section)\b/;

function properNounsInside(text: string, exclude: Set<string> = new Set()): number {
  const words = text.split(/\s+/).slice(1);
  return words.filter((w) => /^["“(]?\p{Lu}[\p{Ll}\p{Lu}&'’.-]+/u.test(w) && !MONTHS.test(w) && !NOT_ORGANISATION.test(w) && !exclude.has(w.replace(/['’]s$|[^\p{L}]/gu, "").toLowerCase())).length;
}

const PAST_ROLE = /\b(?:prior to|previously|formerly|former|before joining|served as|from (?:\w+ )?\d{4} (?:to|until|through))\b/i;

/**
 * A person's name within a few words of the role (or a people-table row holding the role). A role
 * held before, or at another organisation ("served as CEO of X from 2015 to 2017"), fits less.
 */
/** Wording of a coming appointment: who is to take the role, not who holds it. */
export const SUCCESSION = /\b(?:(?:would|will|to) (?:be )?(?:appointed|named|elected|succeed|replace|become|assume)|successor|succeed(?:s|ed|ing)?|effective (?:as of )?(?:\p{Lu}\p{Ll}+ \d{1,2}|upon|on)|incoming|designate)\b/iu;

function personFit(u: Unit, t: AnswerType, roleRes: RegExp[]): Fit {
  if (t.successor && !SUCCESSION.test(u.text)) return { ok: false, strength: 0 };
  const roleAt = roleRes.flatMap((re) => [...u.text.matchAll(re)].map((m) => ({ at: m.index ?? 0, end: (m.index ?? 0) + m[0].length })));
  if (!roleAt.length) return { ok: false, strength: 0 };
  // "CEO of <another company>" or "CEO — <a division>" is not the registrant's CEO ("CEO — Mr. Doe" is)
  const elsewhere = /^\s+of\s+(?:the\s+)?\p{Lu}|^\s*(?:[—–]|-\s)\s*(?!(?:Mr|Ms|Mrs|Dr)\.)\p{Lu}/u;
  const current = roleAt.some(({ at, end }) => !PAST_ROLE.test(u.text.slice(Math.max(0, at - 100), at)) && !elsewhere.test(u.text.slice(end)));
  if (u.kind === "person_row") return { ok: true, strength: current ? 2.5 : 1 };
  const cue = PERSON_CUE.test(u.text);
  const near = roleAt.some(({ at }) => {
    const window = u.text.slice(Math.max(0, at - 90), at + 90);
    return HONORIFIC_NAME.test(window) || (cue && personNames(window).length > 0);
  });
  return { ok: near, strength: near ? (current ? 1.5 : 0.3) : 0 };
}

const FLOW_BEFORE = /(?:\b(?:opened|closed|added|hired|recruited|acquired|sold|refranchised|built|launched|shipped|delivered|filed|issued|granted|repurchased|terminated|remodel(?:l)?ed|converted)|\b(?:closures?|closings?|openings?|sales?|acquisitions?|additions?|conversions?|dispositions?|divestitures?)\s+of)\s+(?:a\s+(?:total|net)\s+of\s+|approximately\s+|about\s+|over\s+|more than\s+|nearly\s+)?$/i;
/** A code printed before a number ("CN 102956457", "US 7,123,456"): the number names something, it counts nothing. */
const CODE_BEFORE = /\b\p{Lu}{2,}\s+$/u;
const IDENTIFIER_BEFORE = /(?:['’#]|\b(?:no|nos|number|note|notes|item|items|part|page|section|exhibit|rule|article|patent|u\.s\.\s+patent)\.?\s*)$/i;

function countFit(u: Unit, t: AnswerType, noun: string | undefined): Fit {
  const re = /(?:\b\d[\d,.]*\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|hundred|thousand|million|dozen)\b)(?:\s+\S+){0,3}/gi;
  for (const m of u.text.matchAll(re)) {
    if (isYearWord(m[0].split(/\s/)[0]!)) continue;
    // an identifier is not a count: "the '226 patent", "No. 5 plant", "#3 line", "Note 12"
    const lead = u.text.slice(Math.max(0, (m.index ?? 0) - 12), m.index ?? 0);
    if (IDENTIFIER_BEFORE.test(lead) || CODE_BEFORE.test(lead) || /^\d{6,}\b/.test(m[0])) continue;
    // "six of the patents-in-suit" counts a part of them, not how many there are (unless a part is asked)
    if (!t.partitive && /^\S+\s+of\s+(?:the|its|our|their|these|those|which|whom)\b/i.test(m[0])) continue;
    // a stock asked ("restaurants at year-end"): "opened 1,576 restaurants" counts a flow
    if (t.stock && FLOW_BEFORE.test(u.text.slice(Math.max(0, (m.index ?? 0) - 40), m.index ?? 0))) continue;
    if (!noun || m[0].toLowerCase().split(/\W+/).some((w) => w.length > 2 && fold(w) === noun)) return { ok: true, strength: 2 };
  }
  const anyNumber = /\d/.test(withoutYearWords(u.text)) || NUMBER_WORD.test(u.text);
  return { ok: anyNumber && !noun, strength: anyNumber ? 0.5 : 0 };
}

function listFit(u: Unit): number {
  const commas = (u.text.match(/,/g) ?? []).length;
  const semis = (u.text.match(/;/g) ?? []).length;
  return commas >= 2 || semis >= 1 || /\b(?:include|including|such as|consist(?:s|ing)? of|namely|are|omfattar|bland annat|såsom)\b.*,.*\band\b/i.test(u.text) ? 1 : 0;
}


/** A proper noun (not the unit's first word, not the question's own names) or an organisation word within `reach` characters of a content word. */
function nameNearTerms(text: string, keys: Set<string>, exclude: Set<string>, reach: number): boolean {
  const at = tokenizeWithOffsets(text).filter((t) => keys.has(termKey(t.term))).map((t) => [t.start, t.end] as const);
  if (!at.length) return false;
  const near = (i: number, j: number) => at.some(([s, e]) => j >= s - reach && i <= e + reach);
  for (const m of text.matchAll(/\S+/g)) {
    const w = m[0];
    const i = m.index ?? 0;
    if (i === 0 || !near(i, i + w.length)) continue;
    if (/^["“(]?\p{Lu}[\p{Ll}\p{Lu}&'’.-]+/u.test(w) && !MONTHS.test(w) && !NOT_ORGANISATION.test(w) && !exclude.has(w.replace(/['’]s$|[^\p{L}]/gu, "").toLowerCase())) return true;
  }
  return at.some(([s, e]) => ORGANISATION.test(text.slice(Math.max(0, s - reach), e + reach)));
}

/** A list of kinds opened by "such as", "including", "include": three items or more ("A, B and C"). */
const KINDS_LIST = /^[^.;]{0,80}?\b(?:such as|including|include[sd]?|namely)\b[^.;]*?,[^.;]*?\b(?:and|or)\b/i;

/** The asked noun or verb followed by a list of kinds of organisation ("compete against … providers, such as A, B and C"). */
function kindsListedAfterTerms(text: string, keys: Set<string>): boolean {
  return tokenizeWithOffsets(text).some((t) => keys.has(termKey(t.term)) && KINDS_LIST.test(text.slice(t.end)));
}

/** What may sit between the asked noun or verb and the organisation it names. */
const COMPLEMENT = /^\s*(?:,|:|—|–|of|are|is|was|were|include\w*|such as|consist\w* of)?\s*(?:all (?:of )?the (?:outstanding )?(?:shares|stock|equity|interests?) (?:of|in)\s+)?(?:the\s+|our\s+)?(\p{Lu}[\p{L}\p{N}&.'’-]*)/u;

/** The organisation named as the asked word's complement: "customers are X", "we acquired X", "our largest customer, X". */
function namedAfterTerms(text: string, keys: Set<string>, exclude: Set<string>): boolean {
  return tokenizeWithOffsets(text).some((t) => {
    if (!keys.has(termKey(t.term))) return false;
    const m = text.slice(t.end).match(COMPLEMENT);
    return !!m && !NOT_ORGANISATION.test(m[1]!) && !MONTHS.test(m[1]!) && !exclude.has(m[1]!.replace(/['’]s$|[^\p{L}]/gu, "").toLowerCase());
  });
}

/** A number that is not a year: a figure's value. */
const VALUE = /\d/;
/** A footnote's marker ("(7) Note that …"), years, the days of dates ("December 31, 2015", "31 December") and references ("Note 11", "Item 7", "page 48") are not values. */
const MONTH_EN = monthWords({ abbreviated: true });
const DAY_OF_DATE = new RegExp(String.raw`\b${MONTH_EN}\.?\s+\d{1,2}\b|\b\d{1,2}\s+(?=${MONTH_EN}\b)`, "gi");
/** The text without its years, the days of its dates and its references: what is left of it that may be a figure. */
export const withoutYears = (text: string) => text.replace(/^\s*\(\d{1,2}\)\s*/, " ").replace(DAY_OF_DATE, " ").replace(/\b(?:FY\s?)?(?:19|20)\d\d\b/g, "").replace(/\b(?:notes?|items?|parts?|pages?|p\.|sections?|exhibits?|schedules?|no\.|rule|article)\s+[\dIVX][\w.()-]*/gi, "");

/** The text states a value: a number other than a year, a day of a date or a reference ("Note 11"). */
export const statesAValue = (text: string) => VALUE.test(withoutYears(text));
/** "Part II, Item 7", "Note 12", "Form 10-K": where a filing points, not figures it states. */
export const FILING_REFERENCE = /\b(?:part|item|note|form|exhibit|schedule)\s+[\dIVXA-Z][\w.-]*/gi;

/**
 * A named figure ("tenant retention rate") answered: the unit names its noun and the word before
 * it ("retention rate"), every other word of a short name (one of a name of four or more may be
 * missing: "undesired employee turnover rate" ~ "undesired turnover rate"), or the abbreviation the
 * question gave it, and states a number. A sentence about tenant retention with no rate does not.
 */
export function figureFit(u: Unit, t: AnswerType): Fit {
  return figureFitWith(u, figureKeysOf(t));
}

interface FigureKeys {
  words: string[];
  keys: string[];
  alias?: RegExp;
  /** A share asked ("market share", "percentage"): only a percentage states it. */
  share: boolean;
}

function figureKeysOf(t: AnswerType): FigureKeys {
  const words = t.figure ?? [];
  const keys = [...new Set(words.flatMap((w) => tokenizeWithOffsets(w).map((x) => termKey(x.term))))];
  const alias = t.figureAlias ? new RegExp(`\\b${t.figureAlias.replace(/[&]/g, "\\$&")}\\b`) : undefined;
  return { words, keys, ...(alias ? { alias } : {}), share: /^(?:share|percentage|proportion)$/i.test(words[words.length - 1] ?? "") };
}

const PERCENT = /\d\s*(?:%|percent\b|per cent\b|procent\b)/i;

function figureFitWith(u: Unit, f: FigureKeys): Fit {
  const has = textKeys(u.text);
  const aliased = !!f.alias && f.alias.test(u.text);
  const missing = f.keys.filter((k) => !has.has(k));
  const tail = f.keys.slice(-2);
  const named = aliased || (tail.every((k) => has.has(k)) && missing.length <= (f.keys.length >= 4 ? 1 : 0) && !onlyInsideOtherFigure(u.text, f.keys, f.words));
  const ok = named && perUnitNamed(u.text, f.words) && VALUE.test(withoutYears(u.text)) && (!f.share || PERCENT.test(u.text)) && (aliased || valueBesideFigure(u.text, tail));
  return { ok, strength: ok ? 1.5 : 0 };
}

/** Where a sentence turns to another subject's cause or context: its value is not the named figure's. */
const CLAUSE_TURN = /;|\b(?:benefit(?:ing|ed) (?:primarily |mainly |largely )?from|reflecting|driven (?:primarily |mainly |largely )?by|due (?:primarily |mainly |largely )?to|(?:partially|partly) offset by|offset by|as a result of|attributable to)\b/i;

/**
 * The figure's name and a value in one clause: "Comparable sales increased 5.9%, benefiting from
 * strong average check growth" states comparable sales, not the average check's growth.
 */
function valueBesideFigure(text: string, tail: string[]): boolean {
  return text.split(CLAUSE_TURN).some((clause) => {
    const has = textKeys(clause);
    return tail.every((k) => has.has(k)) && VALUE.test(withoutYears(clause));
  });
}

/** A figure named only as what another figure is "of" ("cost of revenues", "percentage of sales"). */
const OTHER_FIGURE_OF = /\b(?:costs?|percent(?:age)?|share|portion|proportion|fraction|cents?)\s+(?:of|on)\s+(?:total\s+|net\s+)?$|%\s+of\s+(?:total\s+|net\s+)?$/i;

/**
 * The figure's first word appears only inside another figure's name: "the increase in cost of
 * revenues" does not state revenues (unless the question asks that other figure itself).
 */
function onlyInsideOtherFigure(text: string, keys: string[], words: string[]): boolean {
  const first = keys[0];
  if (!first || words.some((w) => /^(?:costs?|percent(?:age)?|share|portion|proportion|fraction)$/i.test(w))) return false;
  const at = tokenizeWithOffsets(text).filter((t) => termKey(t.term) === first);
  return at.length > 0 && at.every((t) => OTHER_FIGURE_OF.test(text.slice(Math.max(0, t.start - 30), t.start)));
}

/** "revenue per customer": the sentence must say per what ("per customer"), not only name both words. */
function perUnitNamed(text: string, words: string[]): boolean {
  const i = words.indexOf("per");
  if (i < 0 || !words[i + 1]) return true;
  const unit = termKey(tokenizeWithOffsets(words[i + 1]!)[0]?.term ?? words[i + 1]!);
  return [...text.matchAll(/\bper\s+(\p{L}[\p{L}-]*)/giu)].some((m) => termKey(tokenizeWithOffsets(m[1]!)[0]?.term ?? m[1]!) === unit);
}

/** An amount of money (a currency or a money scale), not a share or a count. */
export const MONEY = /(?:[$€£¥]|\b(?:usd|eur|sek|gbp|kr|dollars?|kronor)\b)\s?\d|\d[\d,.]*\s*(?:million|billion|thousand|mn|bn|miljoner|miljarder|mkr|msek)\b|\d[\d,.]*\s*(?:dollars?|euros?|kronor)\b/i;

/** Wording that gives a term's meaning: "GMV consists of …", "We consider X to be …", "X means …". */
/** A name described where it is named: "one FedEx, a consolidation plan to …", "Network 2.0, the multi-year effort to …", "X is a program that …". */
const DESCRIBED = /^\s*(?:(?:,|—|–|\()\s*|(?:is|are|was|were)\s+)(?:a|an|the|our)\s+(?:[\p{L}-]+\s+){0,3}?(?:plan|program(?:me)?|effort|initiative|strategy|project|platform|service|business|agreement|transaction|measure|metric|network|company|process|framework|system|offering|product)s?\b/iu;
const DEFINING = /\b(?:means?|meaning|(?:is|are) defined (?:as|to)|defined as|we define|refers? to|consists? of|represents?|comprises?|we (?:consider|regard|use the term)|(?:is|are) (?:a |an |the )?(?:measure|term|metric) (?:of|for|that|used))\b|\bto be\b/i;

/** A unit that gives the meaning of the asked term: it names the term, then defining wording. */
export function definitionFit(u: Unit, term: string): Fit {
  return definitionFitWith(u, tokenizeWithOffsets(term).map((x) => termKey(x.term)));
}

function definitionFitWith(u: Unit, asked: string[]): Fit {
  const located = tokenizeWithOffsets(u.text);
  const findAt = (want: string[]) => located.findIndex((_, i) => want.length > 0 && want.every((k, j) => located[i + j] && termKey(located[i + j]!.term) === k));
  // ("ebay gmv definition": the term may follow words of its own, the company's name; the words from the last back are the term)
  const want = asked.map((_, i) => asked.slice(i)).find((w) => findAt(w) >= 0) ?? asked;
  const at = findAt(want);
  if (at < 0) return { ok: false, strength: 0 };
  const after = u.text.slice(located[at + want.length - 1]!.end, located[at + want.length - 1]!.end + 80);
  // "We define Gross Merchandise Volume (“GMV”) as …", "we consider X to be …": the cue before the term
  const before = u.text.slice(Math.max(0, located[at]!.start - 70), located[at]!.start);
  const ok = DEFINING.test(after) || (/\b(?:we (?:define|consider|regard)|the term)\b/i.test(before) && /^[^.;]{0,60}?\b(?:as|to be|to mean)\b/i.test(after));
  return { ok, strength: ok ? 2 : 0 };
}

/** Kinds of thing a name is given to, which a question may add after it ("the X plan"). */
const NAMED_KINDS = new Set(["plan", "program", "programme", "strategy", "initiative", "project", "effort", "framework"].map((w) => termKey(w)));

/**
 * A unit about the name asked: it holds the name's words (a name in several words may be split,
 * "DRIVE transformation program"); the stronger where the name is described as it is named
 * ("one FedEx, a consolidation plan to …").
 */
function descriptionFitWith(u: Unit, asked: string[]): Fit {
  const located = tokenizeWithOffsets(u.text);
  const keys = located.map((x) => termKey(x.term));
  // ("the accelerating the arches plan": the kind of thing named, a plan or a programme, need not be written beside it)
  const want = asked.length > 1 && NAMED_KINDS.has(asked.at(-1)!) ? asked.slice(0, -1) : asked;
  if (!want.every((k) => keys.includes(k))) return { ok: false, strength: 0 };
  // (where the name is written whole, the words after it: "one FedEx, a consolidation plan …")
  const describedAs = (name: string[]) => located.some((_, i) => name.every((k, j) => located[i + j] && termKey(located[i + j]!.term) === k) && DESCRIBED.test(u.text.slice(located[i + name.length - 1]!.end, located[i + name.length - 1]!.end + 80)));
  const described = describedAs(asked) || describedAs(want);
  return { ok: true, strength: described ? 2 : 0.5 };
}

/**
 * The fit test of one question, built once: its role patterns, counted noun, figure and definition
 * keys, period-end and ordinal patterns, event words and asked names are read from the question
 * here, not again for every sentence of every page.
 */
export function prepareFit(t: AnswerType, terms: QuestionTerm[] = []): (u: Unit) => Fit {
  const roleRes = t.roles.length ? t.roles.map((r) => new RegExp(r.written.source, "gi")) : [new RegExp(GENERIC_ROLE.source, "gi")];
  const noun = t.counted ? fold(t.counted.toLowerCase()) : undefined;
  const figure = t.figure ? figureKeysOf(t) : undefined;
  const defined = t.defines ? tokenizeWithOffsets(t.defines).map((x) => termKey(x.term)) : undefined;
  const described = t.describes ? tokenizeWithOffsets(t.describes).map((x) => termKey(x.term)) : undefined;
  const ordinal = t.ordinal ? new RegExp(`\\b${t.ordinal}\\b`, "i") : undefined;
  const periodEnd = t.periodEnd ? new RegExp(`\\b${t.periodEnd.month}\\w*\\.?\\s+\\d{1,2},?\\s+${t.periodEnd.year}\\b`, "i") : undefined;
  const coreKeys = new Set(terms.filter((x) => x.core).map((x) => x.key));
  const askedNames = new Set(terms.filter((x) => !x.core).map((x) => x.word.replace(/['’]s$/, "")));
  const event = t.event ? eventTest(t.event) : undefined;
  const referent = t.referent ? referentTest(t.referent) : undefined;
  const place = t.place ? placeTest(askedNames) : undefined;
  const moved = t.event?.subject && t.event.direction ? new RegExp(`${t.event.qualifier ? `\\b${t.event.qualifier}\\w*\\s+(?:[\\p{L}’'-]+\\s+)?` : "\\b"}${t.event.subject}\\w*(?:\\s+[\\p{L}\\d,.’'-]+){0,3}?\\s+(?:${(t.event.direction === "up" ? UP : DOWN).source})`, "iu") : undefined;
  const shape = (u: Unit): Fit => {
    if (figure && t.kind === "description") {
      const f = figureFitWith(u, figure);
      return f.ok && (!t.money || MONEY.test(u.text)) ? f : { ok: false, strength: 0 };
    }
    // an amount asked ("in USD millions"): the named figure with an amount (currency, scale or percent)
    if (figure && t.kind === "amount") {
      // money asked ("in USD millions", "how much", a revenue or cost): a share ("93 percent of revenues") does not state it
      const f = figureFitWith(u, figure);
      return f.ok && (t.money ? MONEY.test(u.text) : AMOUNT.test(u.text)) ? f : { ok: false, strength: 0 };
    }
    if (defined && t.kind === "description") return definitionFitWith(u, defined);
    if (described?.length && t.kind === "description") return descriptionFitWith(u, described);
    switch (t.kind) {
      case "person":
        return personFit(u, t, roleRes);
      case "count":
        return countFit(u, t, noun);
      case "date": {
        const ok = MONTH.test(u.text) || /\b(?:19|20)\d\d\b/.test(u.text) || /\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b/.test(u.text);
        return { ok, strength: ok ? 1 : 0 };
      }
      case "amount": {
        const ok = t.money ? MONEY.test(u.text) : AMOUNT.test(u.text);
        return { ok, strength: ok ? 1.5 : 0 };
      }
      case "reason": {
        // (a cause the sentence states, not "to reflect the carrying value" nor a line "attributable to" its owners)
        const at = causeAt(u.text);
        // (…about what was asked: a content word of the question before the cause, not only inside it —
        // "operating income was down due to spending driven by the Moovit acquisition" is no reason for buying Moovit)
        const before = coreKeys.size ? new Set(tokenizeWithOffsets(u.text).filter((x) => x.end <= at).map((x) => termKey(x.term))) : undefined;
        const ok = at >= 0 && (!before || [...coreKeys].some((k) => before.has(k)));
        // the asked figure as the sentence's subject ("hardware revenues decreased … due to"), not an object ("expenses … aligned to lower revenues")
        return { ok, strength: ok ? 1.5 + (moved?.test(u.text) ? 0.75 : 0) : 0 };
      }
      case "organisation": {
        // an organisation named next to the asked noun ("our primary competitors are UPS …")
        // another organisation than the one asked about (the question's own names), close to the asked noun
        const names = properNounsInside(u.text, askedNames);
        // (…or the kinds of organisation listed after it: "we compete against other video providers, such as MVPDs, internet-based providers and DVD retailers")
        const ok = coreKeys.size ? nameNearTerms(u.text, coreKeys, askedNames, 45) || kindsListedAfterTerms(u.text, coreKeys) : names > 0 || ORGANISATION.test(u.text);
        // the organisation named as the noun's complement: "customers are/include X", "our largest customer, X,"
        const named = namedAfterTerms(u.text, coreKeys, askedNames);
        return { ok, strength: (ok ? 1 : 0) + (named ? 0.75 : 0) + Math.min(names, 3) * 0.2 + (t.plural ? listFit(u) * 0.5 : 0) };
      }
      case "list": {
        const l = listFit(u);
        return { ok: true, strength: l + (t.howMany ? Math.min(properNounsInside(u.text), t.howMany) * 0.2 : 0) };
      }
      case "yes_no":
      case "description":
        return { ok: true, strength: 0 };
    }
  };
  return (u: Unit): Fit => {
    if (u.kind === "heading" || u.kind === "noise" || u.kind === "row") return NO_FIT;
    if (u.kind === "person_row") return t.kind === "person" ? personFit(u, t, roleRes) : NO_FIT;
    // "the second national hub": a sentence about the others does not say which is the second
    if (ordinal && !ordinal.test(u.text)) return NO_FIT;
    // a quarter named by its end date: only a sentence naming that month and year speaks of it
    if (periodEnd && t.kind !== "person" && !periodEnd.test(u.text)) return NO_FIT;
    // "when was the plan implemented", "why did revenue decrease": a sentence about another event
    // (its announcement) or the other direction (an increase) answers another question
    if (event && !event(u.text)) return NO_FIT;
    // "which vulnerabilities …": a sentence naming them only as "the above vulnerabilities" does not say which
    if (referent && !referent(u.text)) return NO_FIT;
    // "where …": a place must be named ("in the U.S., Europe and Asia")
    if (place && !place(u.text)) return NO_FIT;
    return shape(u);
  };
}

const NO_FIT: Fit = { ok: false, strength: 0 };

/** Does the unit have the answer's shape, and how strongly. Rows only answer person questions. */
export function answerFit(u: Unit, t: AnswerType, terms: QuestionTerm[] = []): Fit {
  return prepareFit(t, terms)(u);
}

const UP = /\b(?:increas\w*|ros[e]|ris(?:e|es|en|ing)|gr[eo]w\w*|higher|gain\w*|improv\w*|expan\w*|up)\b/i;
const DOWN = /\b(?:decreas\w*|declin\w*|f[ae]ll\w*|dropp?\w*|lower\w*|reduc\w*|deteriorat\w*|down|contract(?:ed|ion)|shr[au]nk|weaken\w*)\b/i;

/** A sentence names the asked event: the direction asked (up or down), else one of the event's word stems. */
function eventTest(event: NonNullable<AnswerType["event"]>): (text: string) => boolean {
  const subject = event.subject ? new RegExp(`\\b${event.subject}\\w*`, "i") : undefined;
  const named = (text: string) => !subject || subject.test(text);
  if (event.direction) {
    const want = event.direction === "up" ? UP : DOWN;
    return (text) => want.test(text) && named(text);
  }
  const stems = event.stems.map((s) => new RegExp(`\\b${s}\\w*`, "i"));
  return (text) => stems.some((re) => re.test(text)) && named(text);
}

/** Words that point back to something named before: "the above vulnerabilities", "such claims", "these customers". */
const POINTS_BACK = /\b(?:above|aforementioned|foregoing|such|these|those|said|same|this|that)\s+(?:\S+\s+){0,3}$/i;

/** The asked noun is named in the sentence other than only by a word pointing back to an earlier one. */
function referentTest(head: string): (text: string) => boolean {
  const re = new RegExp(`\\b${head}\\w*`, "gi");
  return (text) => {
    const at = [...text.matchAll(re)];
    return at.length === 0 || at.some((m) => !POINTS_BACK.test(text.slice(Math.max(0, m.index! - 60), m.index!)));
  };
}

/** A place: a capitalised name after a word of place ("in the U.S.", "located in Indianapolis", "across Europe"). */
const PLACE = /\b(?:in|at|near|across|throughout|from|to|within|outside(?: of)?|located|based|headquartered|situated)\s+(?:the\s+)?(?:city of\s+|state of\s+)?(\p{Lu}[\p{L}.'’-]*)/gu;

/** "in the United States and other countries": one place and the rest of the world, which says nowhere in particular. */
const AND_ELSEWHERE = /^(?:\s+\p{Lu}[\p{L}.'’-]*)*\s*,?\s*(?:and|or)\s+(?:in\s+)?(?:(?:other|various|certain|many|several|numerous|additional)\s+(?:countries|locations|jurisdictions|regions|places|markets|geographies)|elsewhere|abroad|internationally|worldwide|around the world)\b/u;

function placeTest(asked: Set<string>): (text: string) => boolean {
  const askedLower = new Set([...asked].map((w) => w.toLowerCase()));
  return (text) =>
    [...text.matchAll(PLACE)].some((m) => {
      const w = m[1]!;
      if (AND_ELSEWHERE.test(text.slice(m.index! + m[0].length, m.index! + m[0].length + 80))) return false;
      return !MONTHS.test(w) && !NOT_ORGANISATION.test(w) && !askedLower.has(w.replace(/['’]s$|[^\p{L}]/gu, "").toLowerCase()) && !/^(?:Note|Item|Part|Exhibit|Section|Fiscal|Q[1-4])$/.test(w);
    });
}
