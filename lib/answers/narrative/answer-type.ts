/**
 * What kind of answer a narrative question wants, read from the question's form (English and
 * Swedish): a person and role, an organisation, a count, a date, an amount, yes/no, a list, a
 * reason, or a description. The kind decides which sentences can answer it (lib/answers/narrative/fit.ts).
 */
import { monthWords } from "@/lib/periods/months";
import { ROLES, type RoleSpec } from "@/lib/agent/knowledge/people";

export type AnswerKind = "person" | "organisation" | "count" | "date" | "amount" | "yes_no" | "list" | "reason" | "description";

export interface AnswerType {
  kind: AnswerKind;
  /** The answer is several items ("what are the main …", "which companies"). */
  plural: boolean;
  /** How many items were asked for ("three main companies"). */
  howMany?: number;
  /** Roles a person question names (CEO, särskild utredare …). */
  roles: RoleSpec[];
  /** The counted noun of a count question ("stores" in "how many stores"). */
  counted?: string;
  /** A count question asks a part ("how many of the employees …"): "16,000 of the employees" answers it. */
  partitive?: boolean;
  /** A count question asks a stock at a date ("at year-end", "as of", "were there"), not a flow (opened, hired). */
  stock?: boolean;
  /**
   * The named figure a question asks the value of ("What was X's tenant retention rate in 2015?"
   * → ["tenant", "retention", "rate"]): only a sentence stating that figure with a number answers.
   */
  figure?: string[];
  /** An abbreviation the question gives the figure ("gross merchandise volume (GMV)"): naming it names the figure. */
  figureAlias?: string;
  /** The term a question asks the meaning of ("How does X define GMV?" → "GMV"). */
  defines?: string;
  /** What a "what is X about" question names, to be described: a sentence naming it, best one saying what it is ("X, a plan to …"). */
  describes?: string;
  /** An amount of money is asked ("in USD millions", "how much", a revenue or cost named), not a share or a count. */
  money?: boolean;
  /** A period shorter than a year named by its end date ("the three months ended October 31, 2022"): its month and year. */
  periodEnd?: { month: string; year: string };
  /** An ordinal naming which one of several is asked ("the second national hub"): the answer names it. */
  ordinal?: string;
  /** A person question asks who comes next in the role ("its next CEO", "who would be appointed"), not who holds it. */
  successor?: boolean;
  /** The person a successor question says is replaced ("who's replacing Bob Swan as CEO" → "Bob Swan"). */
  replaced?: string;
  /**
   * The event a date or reason question is about: the direction asked ("why did revenue decrease"
   * → down) or the act's word stems ("when was the plan implemented" → implement). A sentence about
   * another event of the same subject (its announcement, an increase) does not answer it.
   */
  event?: {
    direction?: "up" | "down";
    stems: string[];
    /** A reason question's subject, the noun right before its verb ("why did IOTG revenue decrease" → revenu): the sentence must name it. */
    subject?: string;
    /** The noun before the subject ("hardware" of "hardware revenue"): what the subject is of. */
    qualifier?: string;
  };
  /** The noun a "which/what <noun> …" question asks to identify ("which vulnerabilities"): a sentence must name them, not point back to them. */
  referent?: string;
  /** A "where" question: the answer names a place. */
  place?: boolean;
}

/** The month is captured as its three-letter stem: the answer is matched on "sep\w*". */
const STEM = monthWords({ stems: true });
const PERIOD_END_ASKED = new RegExp(String.raw`\b(?:three|six|nine|thirteen|twenty[- ]six|thirty[- ]nine|3|6|9|13|26|39)[- ](?:months?|weeks?) (?:period )?end(?:ed|ing)\s+(?:on\s+)?(${STEM})\w*\.?\s+\d{1,2},?\s+((?:19|20)\d\d)\b|\bquarter end(?:ed|ing)\s+(?:on\s+)?(${STEM})\w*\.?\s+\d{1,2},?\s+((?:19|20)\d\d)\b`, "i");

function periodEndAsked(q: string): { month: string; year: string } | undefined {
  const m = PERIOD_END_ASKED.exec(q);
  return m ? { month: (m[1] ?? m[3])!.toLowerCase(), year: (m[2] ?? m[4])! } : undefined;
}

/** "second", "third" … before a noun, not a period ("second quarter", "second half") or a count ("second-largest" is kept). */
const ORDINAL_ASKED = /\b(second|third|fourth|fifth)\s+(?!(?:quarter|half|fiscal|year|time|phase)\b)\p{L}/iu;

/** The person a successor question names as replaced: "replacing Bob Swan as", "succeed Jane Roe as", "taking over from X as". */
const REPLACED = /\b(?:replac(?:e|es|ed|ing)|succeed(?:s|ed|ing)?|successor (?:to|of)|take over from|taking over from)\s+((?:\p{L}[\p{L}.'’-]*\s+){0,2}\p{L}[\p{L}'’-]+)\s+(?:as|at|in)\b/iu;
const SUCCESSOR_ASKED = /\b(?:next|incoming|successor|succeed\w*|replac\w*|taking over|take over|(?:would|will) be (?:appointed|named|elected))\b/i;

/** A unit of money asked, or a figure whose name is money (revenue, costs), unless a share or rate is asked. */
const MONEY_ASKED = /\bin (?:usd|eur|sek|gbp|\$|dollars?|euros?|kronor)\b|(?:^|\s)\$(?=\s|$)|\b(?:paying|paid|cost|price|consideration|proceeds|penalty|payout|fee|fees|owe|owes|owed)\b|\b(?:usd|eur|sek|\$)\s*(?:millions?|billions?|thousands?)\b|^\s*how much\b|\bhur mycket\b/i;
const MONEY_HEAD = /^(?:revenues?|sales|income|earnings|profits?|expenses?|costs?|spend(?:ing)?|assets|liabilities|debt|price|prices|fees?|backlog|bookings|deposits|loans|reserves)$/i;
const SHARE_ASKED = /\b(?:percent(?:age)?|share|proportion|ratio|rate|margin|%|growth|how many)\b/i;

function moneyAsked(q: string, figure: string[] | undefined): boolean {
  if (SHARE_ASKED.test(q.replace(/\bin (?:usd|eur|sek|\$|dollars?)\b.*$/i, ""))) return false;
  if (MONEY_ASKED.test(q)) return true;
  const last = figure?.filter((w) => w !== "per").slice(-1)[0];
  return !!last && MONEY_HEAD.test(last) && !figure!.includes("per");
}

const NUMBER_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, två: 2, tre: 3, fyra: 4, fem: 5 };

/** Nouns naming organisations (not people) that "who are …" may ask for. */
const ORG_NOUN = /\b(?:customers?|clients?|competitors?|compet(?:e|es|ition)|rivals?|suppliers?|vendors?|partners?|lenders?|auditors?|subsidiar(?:y|ies)|compan(?:y|ies)|firms?|acquisitions?|acquirers?|buyers?|distributors?|licensees?|regulators?|kunder|konkurrenter|leverantörer|bolag|företag)\b/i;

/**
 * Verbs of buying or selling a business: "who is buying it", "who did they acquire" ask a company,
 * not a person. "Who buys what they sell" asks their customers: the habitual present is no deal.
 */
const DEAL_VERB = /\b(?:acquir(?:e|es|ed|ing)|buying|bought|(?:did|does|will|would|to|going to)\s+(?:\S+\s+){0,2}?buy|purchas(?:ed|ing)|merg(?:e|es|ed|ing) with|sell(?:s|ing)? (?:it |them )?to|sold (?:it |them )?to|tak(?:e|es|ing) over(?! from)|took over(?! from))\b(?!\s+back)/i;

const YES_NO_START = /^(?:is|are|was|were|does|do|did|has|have|had|can|could|will|would|should|any|är|var|har|hade|finns|fanns|kan|ska|kommer)\b/i;
/** "nflx ever paid a dividend?": "ever" with no question word asks whether it happened, however terse. */
const EVER_ASKED = /^(?!.*\b(?:how|what|which|who|whom|when|where|why)\b).*\bever\b/i;
/** A question opening as a yes/no ("is", "did", "has", "any" …, and their Swedish): one test for every reader. */
export const opensAsYesNo = (text: string): boolean => YES_NO_START.test(text.trimStart());
const REASON = /^\s*(?:why|varför)\b|\b(?:why|reasons?|causes?|explanation)\s*\??\s*$|\bwhy (?:up|down|higher|lower|so (?:high|low|much|big|weak|strong))\s*\??\s*$|\bwhy (?:did|does|do|is|are|was|were|has|have|had|would|will|so)\b|\bwhat(?:'s|’s| is| was)? behind\b|\bhow come\b|\bwhat (?:happened|went (?:wrong|right))\b|\bwhat(?:'s|’s| is| was) going on\s*\??\s*$|\bwhat (?:drove|drives|caused|causes|explains?|led to|contributed to|dragged|drags|weighed on|weighs on|hurt|hurts|held back|holds back|pushed|pushes|boosted|boosts|lifted|lifts|fu?ell?ed)\b|\bwhat(?:'s|’s|s| is| are)? (?:eating (?:into|away at)|weighing on|squeezing|pressuring|dragging down|holding back|hurting|driving)\b|\breasons? (?:for|behind|why)\b|\bdriv(?:ers?|en by)\b|\bdue to what\b|\bvad (?:beror|berodde)\b/i;
const COUNT = /\bhow many\b|\bnumber of\b|\bhur många\b|\bantal(?:et)?\b/i;
const DATE = /^\s*(?:when|när)\b|\bwhat (?:date|year|day|month)\b|\bwhich (?:date|year)\b|\bby when\b|\bvilket (?:datum|år)\b/i;
const AMOUNT = /^\s*(?:by )?how much\b|\bhow much\s*\??\s*$|(?:^|\s)\$(?=\s|$)|\bwhat(?:'s|’s|s)? (?:the )?(?:total |full |overall )?(?:amount|value|cost|price|consideration|proceeds|penalty|payout)\b|\b(?:total|overall|full) (?:cost|price|amount|value|consideration)\s*\??\s*$|\bwhat (?:are|is|were|was) (?:they|it|we|\w+) (?:paying|pay|paid)\b|\bwhat(?:'s|’s|s)? (?:\w+ ){0,2}paying\b|^\s*(?:by )?what (?:percent(?:age)?|%)\s+(?:did|has|have|does|do|was|were|is|are|will)\b|\bhur mycket\b|\bwhat (?:is|was|were|are) the (?:amount|value|cost|price|total)\b|\bin (?:usd|eur|sek|\$|dollars?) (?:millions?|billions?|thousands?)\b/i;
const LIST = /^\s*(?:what|which) (?:are|were)\b|\b(?:list|name|enumerate)\b|\bwhich (?:\w+ ){0,2}(?:\w+s)\b|\bvilka\b/i;

/** Nouns that name a measured figure: the last word of "average order value", "employee turnover rate". */
const FIGURE_HEAD = String.raw`(?:rates?|ratios?|share|values?|costs?|scores?|percentages?|prices?|volumes?|margins?|yields?|levels?|spend(?:ing)?|headcount|multiples?|utili[sz]ation|occupancy|backlog|penetration|churn|attrition|turnover|retention|amounts?|revenues?|sales|income|earnings|profits?|expenses?|assets|liabilities|debt|backlog|bookings|deposits|loans|reserves|times?|durations?|speeds?|frequenc(?:y|ies)|tenure|sizes?|weights?)`;
const FIGURE_ASK = new RegExp(
  String.raw`^\s*(?:what|which)\s+(?:is|was|were|are|has been|had been)\s+(?:the\s+)?(?:[\p{L}\p{N}&.-]+(?:\s+[\p{L}\p{N}&.-]+){0,3}(?:['’]s|s['’])\s+)?((?:[\p{L}-]+\s+){0,6}?${FIGURE_HEAD}(?:\s+${FIGURE_HEAD})*(?:\s+per\s+\p{L}[\p{L}-]*)?)\b(?!\s+(?:of|for|on|in|from)\s+(?:its|their|the)\s+\p{L}+\s+(?:segment|business|division))`,
  "iu",
);
const FIGURE_FILLER = /^(?:the|a|an|its|their|our|average|total|overall|annual|fiscal|company|company's)$/i;

/** The words of the figure a "what was X's <figure>" question asks for, or undefined. */
/** "By what percentage did X's average check grow": the figure is the verb's subject. */
const GROWTH_ASK = /^\s*(?:by )?what (?:percent(?:age)?|%)\s+(?:did|has|have|does|do|will)\s+(?:the\s+)?(?:[\p{L}\p{N}&.-]+(?:\s+[\p{L}\p{N}&.-]+){0,3}(?:['’]s|s['’])\s+)?((?:[\p{L}.&-]+\s+){0,5}?[\p{L}&-]+)\s+(?:grow|increase|decrease|decline|change|rise|fall|drop|improve|shrink)\b/iu;

function figureAsked(q: string): string[] | undefined {
  const m = q.match(FIGURE_ASK) ?? q.match(GROWTH_ASK);
  if (!m) return undefined;
  const words = m[1]!.toLowerCase().split(/\s+/).filter((w) => w && !FIGURE_FILLER.test(w));
  return words.length ? words : undefined;
}

const DEFINE = /\b(?:how (?:does|do|did) (?:[\p{L}&.'’-]+\s+){1,3}define|what is (?:the )?definition of|what (?:does|do) (?:the term\s+)?)\s*["“]?([\p{L}\p{N}&][\p{L}\p{N}&\s-]{0,60}?)["”]?(?:\s+(?:mean|stand for))?\s*\??\s*$/iu;

/** "What does eBay mean by GMV", "what do they mean when they talk about take rate", "define GMV", "meaning of take rate", "ebay gmv definition". */
const DEFINE_BY = /\bwhat (?:does|do|did) (?:[\p{L}&.'’-]+\s+){1,3}mean (?:by|when (?:it|they|he|she) (?:talks?|speaks?|says?|refers?) (?:about|of|to))\s+(?:the\s+)?["“]?([\p{L}\p{N}&][\p{L}\p{N}&\s-]{0,60}?)["”]?\s*\??\s*$|^\s*(?:define|definition of|meaning of)\s+(?:the\s+)?["“]?([\p{L}\p{N}&][\p{L}\p{N}&\s-]{0,60}?)["”]?\s*\??\s*$|^\s*(?:the\s+)?["“]?([\p{L}\p{N}&][\p{L}\p{N}&\s-]{0,60}?)["”]?\s+(?:definition|meaning)\s*\??\s*$/iu;

/** "what is one fedex about", "what's the drive program all about?", "explain their drive program": what is named, to be described. */
const DESCRIBE_ABOUT = /\bwhat(?:'s|’s|s| is| are| was| were)\s+(?:the\s+)?([\p{L}\p{N}&][\p{L}\p{N}&\s./-]{0,60}?)\s+(?:all\s+)?about\s*\??\s*$|^\W*(?:explain|describe|tell me (?:more )?about|walk me through)\s+(?:the\s+)?(?:[\p{L}&.-]+['’]s\s+)?([\p{L}\p{N}&][\p{L}\p{N}&\s./-]{0,60}?)\s*\??\s*$/iu;

/** The term a question asks the meaning of. */
function definedAsked(q: string): string | undefined {
  const by = q.match(DEFINE_BY);
  if (by) return (by[1] ?? by[2] ?? by[3])!.trim() || undefined;
  const m = q.match(DEFINE);
  if (!m) return undefined;
  if (/^\s*what (?:does|do)\b/i.test(q) && !/\b(?:mean|stand for)\s*\??\s*$/i.test(q)) return undefined;
  return m[1]!.trim() || undefined;
}

/** A clause before the question proper ("As of Q2 2023, is …") is dropped. */
export function questionClause(q: string): string {
  const t = q.trim();
  // "Apple, does it …", "Apple: is …", "Apple — as of Q2, did it …": the question after topics set apart
  let rest = t;
  for (let i = 0; i < 3; i++) {
    const m = rest.match(/^[^,:?—–]{2,60}?(?:,|:|\s[—–-])\s*(.+)$/);
    if (!m) break;
    // (…or a question word: "eBay classifieds unit - who's buying it?", "Boston Properties — which four markets …")
    if (YES_NO_START.test(m[1]!) || /^(?:who|whom|what|which|when|where|why|how)\b/i.test(m[1]!)) return m[1]!;
    rest = m[1]!;
  }
  return t;
}

function howManyAsked(q: string): number | undefined {
  const m = q.match(/\b(?:the |top )?(two|three|four|five|six|seven|eight|nine|ten|två|tre|fyra|fem|\d{1,2}) (?:main |major |largest |biggest |key |primary |principal |most )?\p{L}+/iu);
  if (!m) return undefined;
  const w = m[1]!.toLowerCase();
  return NUMBER_WORDS[w] ?? (Number.isFinite(Number(w)) ? Number(w) : undefined);
}

const STOCK_ASKED = new RegExp(String.raw`\b(?:at|as of|by)\s+(?:the\s+)?(?:(?:fiscal\s+)?year[- ]end|end of|${monthWords()}\b)|\b(?:were|are) there\b|\bin (?:operation|service)\b|\b(?:did|does) [\p{L}&.'’ -]{1,40} (?:have|own|operate|employ)\b`, "iu");

const COUNT_PHRASE_END = /^(?:did|does|do|were|was|are|is|had|has|have|will|would|can|could|in|at|of|as|on|for|by|from|to|with|and|or|that|which|who|worked|work|there|per|during|across|under|hade|har|var|finns|fanns|i|av|som)$/i;

/**
 * The counted noun of a count question: "how many stores", "how many of the Utility's employees",
 * "how many Acme's restaurants" (a possessive names whose, not what is counted).
 */
function countedNoun(q: string): string | undefined {
  const t = q.replace(/\b(how many|number of)\s+of\s+(?:the|its|their|[\p{L}&.-]+['’]s?)\s+/iu, "$1 ").replace(/\b(how many|number of)\s+(?:the\s+)?[\p{L}&.-]+['’]s?\s+(?=\p{L})/iu, "$1 ");
  const run = t.match(/\b(?:how many|number of|hur många|antal(?:et)?)\s+((?:[\p{L}][\p{L}\p{N}-]*\s*){1,5})/iu)?.[1];
  if (!run) return undefined;
  // the noun phrase runs to the first verb, preposition or conjunction: its last word is the counted noun
  const words = run.trim().split(/\s+/);
  const stop = words.findIndex((w, i) => i > 0 && COUNT_PHRASE_END.test(w));
  const phrase = stop > 0 ? words.slice(0, stop) : words;
  return phrase[phrase.length - 1]!.split("-")[0]!.toLowerCase();
}

/** Acts a date or reason question may ask about, as regex stems (general English, any tense or noun form). */
const EVENT_STEMS = [
  "acqui", "adopt", "amend", "announc", "appoint", "approv", "authori[sz]", "award", "b(?:egin|egan|egun)", "clos", "commenc", "complet", "conclud",
  "declar", "deliver", "divest", "elect", "enact", "enter", "expir", "extend", "finali[sz]", "found", "grant", "hir", "implement", "incorporat",
  "introduc", "issu", "join", "launch", "matur", "merg", "open", "p(?:ay|aid)", "purchas", "rais", "receiv", "redeem", "redemption", "releas", "relocat",
  "renew", "repurchas", "resign", "restat", "retir", "s(?:ell|old)", "settl", "sign", "spin", "start", "submit", "sued?", "su(?:ing|it)", "terminat", "transfer",
];
/** The stems as anchored patterns, compiled once (classifyQuestion runs several times per question). */
const EVENT_STEM_RES = EVENT_STEMS.map((s) => ({ stem: s, re: new RegExp(`^(?:${s})`, "i") }));
const ASK_UP = /\b(?:increas\w*|r[io]se[sn]?|rising|gr[eo]w\w*|improv\w*|expand\w*|gain\w*)\b/i;
const ASK_DOWN = /\b(?:decreas\w*|declin\w*|f[ae]ll\w*|dropp?\w*|lower\w*|reduc\w*|deteriorat\w*|shr[iau]nk\w*|contract(?:ed|ion)|weaken\w*)\b/i;

/** The event of a date, reason or amount question (see AnswerType.event: "how much did X pay for …" needs a payment), read after its question word. */
function eventAsked(q: string, kind: AnswerKind): AnswerType["event"] {
  if (kind !== "date" && kind !== "reason" && kind !== "amount") return undefined;
  const body = q.replace(/^\s*(?:on |in |by )?(?:when|why|how much|what (?:date|year|day|month)|which (?:date|year))\b/i, "");
  const up = ASK_UP.exec(body);
  const down = ASK_DOWN.exec(body);
  const subject = kind === "reason" ? subjectBefore(body, (up ?? down)?.index) : undefined;
  const withSubject = subject ? { subject: subject.stem, ...(subject.qualifier ? { qualifier: subject.qualifier } : {}) } : {};
  if (!up !== !down) return { direction: up ? "up" : "down", stems: [], ...withSubject };
  const stems = [...new Set((body.match(/\p{Ll}[\p{Ll}-]*/gu) ?? []).map((w) => EVENT_STEM_RES.find((e) => e.re.test(w))?.stem).filter((s): s is string => !!s))];
  return stems.length ? { stems, ...withSubject } : undefined;
}

/** The noun right before a reason question's verb ("… operating income decrease" → "incom"), as a stem; none when a name, a verb or an adverb stands there. */
function subjectBefore(body: string, at: number | undefined): { stem: string; qualifier?: string } | undefined {
  if (at === undefined) return undefined;
  // "sales keep falling", "margins continued to shrink": the noun before the verb of aspect
  const before = body.slice(0, at).replace(/\s+(?:keeps?|kept|continu\w*|start\w*|began|begins?)(?:\s+to)?\s+$/i, " ");
  const m = /(?:([\p{L}'’-]+)\s+)?([\p{L}'’-]+)\s+$/u.exec(before);
  const noun = (x: string | undefined) => x?.replace(/['’]s?$/, "");
  const plain = (w: string | undefined): w is string => !!w && w.length >= 4 && /^\p{Ll}+$/u.test(w) && !/ly$/.test(w) && !REFERENT_STOP.test(w) && !/^(?:been|being|have|there|much|significantly)$/.test(w);
  const w = noun(m?.[2]);
  if (!plain(w)) return undefined;
  const q = m?.[1] && !/['’]/.test(m[1]) ? noun(m[1]) : undefined;
  const stem = (x: string) => x.replace(/ies$/, "i").replace(/(?:es|s)$/, "").replace(/e$/, "");
  return { stem: stem(w), ...(plain(q) ? { qualifier: stem(q) } : {}) };
}

const REFERENT_STOP = /^(?:is|are|was|were|do|does|did|has|have|had|will|would|can|could|should|of|in|on|for|to|from|by|with|at|that|which|who)$/i;

/** "Which security vulnerabilities are …" → "vulnerabilit": the asked noun's stem, for list, organisation and description questions. */
function referentAsked(q: string, kind: AnswerKind): string | undefined {
  if (kind !== "list" && kind !== "organisation" && kind !== "description") return undefined;
  const m = q.match(/^\s*(?:which|what)\s+((?:[\p{L}][\p{L}'’-]*\s+){1,5})/iu);
  if (!m) return undefined;
  const words = m[1]!.trim().split(/\s+/);
  const stop = words.findIndex((w) => REFERENT_STOP.test(w) || /ed$/i.test(w));
  const run = stop < 0 ? words : words.slice(0, stop);
  const head = run[run.length - 1]?.replace(/['’]s?$/, "").toLowerCase();
  if (!head || head.length < 4 || !/^\p{Ll}+$/u.test(head)) return undefined;
  return head.replace(/ies$/, "i").replace(/(?:es|s)$/, "");
}

const PLACE_ASKED = /^\s*where\b|\bin which (?:countr(?:y|ies)|cit(?:y|ies)|states?|regions?|locations?|markets?)\b|\bvar (?:finns|ligger|är)\b/i;

export function classifyQuestion(question: string): AnswerType {
  const t = classifyKind(question);
  const q = questionClause(question);
  const event = eventAsked(q, t.kind);
  const referent = referentAsked(q, t.kind);
  return { ...t, ...(event ? { event } : {}), ...(referent ? { referent } : {}), ...(PLACE_ASKED.test(q) ? { place: true } : {}) };
}

function successorOf(q: string): { replaced?: string } {
  const replaced = REPLACED.exec(q)?.[1]?.trim();
  return replaced ? { replaced } : {};
}

function classifyKind(question: string): AnswerType {
  const q = questionClause(question);
  const roles = ROLES.filter((r) => r.asked.test(q) && r.label !== "auditor");
  const asksWho = /^\s*(?:who|whom|vem|vilka|vilken)\b|\bname of the\b|\bwho (?:is|are|was|were)\b/i.test(q);
  const plural = /\b(?:are|were|vilka)\b/i.test(q.split(/\s+/).slice(0, 3).join(" ")) || /\b(?:companies|customers|clients|competitors|suppliers|acquisitions|categories|segments|products|factors|risks|members)\b/i.test(q);
  const figure = figureAsked(q);
  const figureAlias = figure ? q.match(/\(\s*(\p{Lu}[\p{Lu}\p{N}&]{1,7})\s*\)/u)?.[1] : undefined;
  const defines = definedAsked(q);
  // ("the accelerating the arches plan at mcdonald's actually": the name, less an adverb and where it is)
  const described = q.match(DESCRIBE_ABOUT);
  const describes = defines ? undefined : (described?.[1] ?? described?.[2])?.replace(/\b(?:actually|really|exactly|basically|even)\b/gi, "").replace(/\s+/g, " ").trim().replace(/\s+(?:at|of|for)\s+\S+$/i, "") || undefined;
  const money = moneyAsked(q, figure);
  const periodEnd = periodEndAsked(q);
  const ordinal = ORDINAL_ASKED.exec(q);
  const base = { plural, roles, howMany: howManyAsked(q), ...(figure ? { figure } : {}), ...(figureAlias ? { figureAlias } : {}), ...(defines ? { defines } : {}), ...(describes ? { describes } : {}), ...(money ? { money } : {}), ...(periodEnd ? { periodEnd } : {}), ...(ordinal ? { ordinal: ordinal[1]!.toLowerCase() } : {}) };
  if ((YES_NO_START.test(q) || EVER_ASKED.test(q)) && !/^\s*(?:how|what|which|who)\b/i.test(q)) return { ...base, kind: "yes_no", plural: false };
  if (REASON.test(q)) return { ...base, kind: "reason" };
  if (COUNT.test(q)) return { ...base, kind: "count", counted: countedNoun(q), ...(/\b(?:how many|number of)\s+of\b/i.test(q) ? { partitive: true } : {}), ...(STOCK_ASKED.test(q) ? { stock: true } : {}) };
  if (DATE.test(q)) return { ...base, kind: "date" };
  // "who was X buying, and for how much?": the company bought first; the sentence naming it states the price
  if (/^\W*who\b/i.test(q) && DEAL_VERB.test(q)) return { ...base, kind: "organisation" };
  if (AMOUNT.test(q)) return { ...base, kind: "amount" };
  if (asksWho && (ORG_NOUN.test(q) || DEAL_VERB.test(q))) return { ...base, kind: "organisation" };
  if (asksWho || (roles.length > 0 && /^\s*(?:what is the name|name the)\b/i.test(q))) return { ...base, kind: "person", ...(SUCCESSOR_ASKED.test(q) ? { successor: true, ...successorOf(q) } : {}) };
  // "which companies …" asks organisations; "what share / percentage of the company …" asks a figure of one
  if (/\b(?:which|what) (?!(?:share|percentage|per ?cent|portion|proportion|fraction|part|stake)\b)(?:\w+ ){0,3}(?:compan(?:y|ies)|firms?|businesses|customers?|acqui\w*)\b/i.test(q) && ORG_NOUN.test(q)) return { ...base, kind: "organisation" };
  if (LIST.test(q) && (plural || base.howMany)) return { ...base, kind: "list" };
  // a topic rather than a question ("the CEO", "the primary customers of X"): the role or the organisations it names
  if (!/^\s*(?:what|which|how|why|when|where|describe|summari[sz]e|tell|explain|list|vad|hur|varför|när|var)\b/i.test(q)) {
    if (roles.length) return { ...base, kind: "person" };
    if (/\b(?:customers|clients|competitors|suppliers|vendors|partners|lenders|auditors|subsidiaries|distributors|kunder|konkurrenter|leverantörer)\b/i.test(q)) return { ...base, kind: "organisation" };
    // "restructuring plan announcement date", "full implementation timing", "year founded": a topic naming a date of an act asks one
    // ("pfas exit timing" names no act a sentence's date could be checked against: "timing" alone asks none)
    if (/\bdates?\b|\byear (?:founded|established|incorporated|formed)\b/i.test(q) || (/\btiming\b/i.test(q) && eventAsked(q, "date")?.stems.length)) return { ...base, kind: "date" };
    // "intel reportable segments 2020", "main risks": a topic naming things in the plural asks for them listed
    if (plural) return { ...base, kind: "list" };
  }
  return { ...base, kind: "description" };
}
