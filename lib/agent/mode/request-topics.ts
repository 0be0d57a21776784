/**
 * What a request asks to be answered: its topics, each with the kind of evidence that answers it
 * and the period asked. "Q2 2031 revenue and EBITDA with margins, revenue against the budget,
 * the main risks" → revenue (figure, Q2 2031), EBITDA (figure, Q2 2031), margins (ratio, Q2 2031),
 * revenue against the budget (comparison, Q2 2031), main risks (narrative).
 * Topics the constraints already name ("separate searches for revenue, margins and litigation")
 * are taken as they are; otherwise the request's own list is read. Process instructions ("open
 * two sources", "quote the figure") are not topics.
 */
import { lastDayOfMonth, makePeriod, MONTH, monthNumber, parsePeriod, priorYearPeriod, readPeriodRequest, samePeriod } from "@/lib/periods";
import { stripInstructions } from "@/lib/search/query-understanding";
import type { AgentConstraints } from "./types";
import { contentWords, escapeRe, mentionsTopic, words } from "./text";

export type TopicKind = "figure" | "ratio" | "comparison" | "narrative";

export interface RequestTopic {
  /** As the request words it ("top risks", "revenue against the management forecast"). */
  name: string;
  kind: TopicKind;
  /** The words a statement must use to be about it ("risks", "revenue", "margin"). */
  subject: string;
  /** comparison: what the subject is measured against ("forecast", "prior year"). */
  against?: string;
  /** comparison with an earlier period ("revenue versus the prior year", "fiscal 2018 revenues compared with fiscal 2017"): that period's label. */
  againstPeriod?: string;
  /** The period asked ("Q2 2031", "FY2030", a balance's date "30 September 2031"); null when the request names none (or for narrative topics). */
  period: string | null;
  /** narrative: the request asks why the subject moved or what drove it ("… and what drove it?"): a sentence giving a cause answers it. */
  reason?: boolean;
  /** narrative: the request asks how fast the subject grew ("… and how fast did it grow?"): a sentence with its growth in per cent answers it. */
  growth?: boolean;
  /** narrative: the whole request as one topic (its topics could not be read): a sentence must use its words, no leniency. */
  whole?: boolean;
  /** narrative: the request asks who ("Who is the CFO?", "Vem var särskild utredare?"): a sentence naming someone answers it. */
  who?: boolean;
}

/** Figures a statement states as amounts (a line item of the statements or a KPI). */
const FIGURE_TERMS = [
  "revenue", "revenues", "net sales", "sales", "turnover", "income", "profit", "earnings", "ebitda", "ebit", "eps", "cash flow", "cash", "capital expenditure",
  "capital expenditures", "capex", "debt", "cash and cash equivalents", "research and development", "sales and marketing", "general and administrative", "borrowings", "assets", "liabilities", "equity", "headcount", "employees", "arr", "dividend", "dividends", "expenses", "costs",
  "cost", "inventory", "inventories", "backlog", "bookings", "growth", "working capital", "receivables", "payables", "intäkter", "intäkterna", "omsättning", "omsättningen", "nettoomsättning", "nettoomsättningen", "resultat", "resultatet", "rörelseresultat", "rörelseresultatet", "kassaflöde", "kassaflödet", "skulder", "skulderna", "nettoskuld", "nettoskulden", "kassa", "kassan", "likvida medel", "anställda", "medarbetare",
];
/** A word after a figure term that asks for its amount ("cash position", "cash balance", "debt level"): the figure is the topic. */
const AMOUNT_HEAD = /^(?:position|balance|balances|level|levels|amount|figure|total|pile|count)$/i;
const AGAINST = /\s+(?:against|versus|vs\.?|compared (?:with|to)|relative to|mot|jämfört med)\s+/i;
const DESCRIPTORS = new Set("top key main major principal biggest largest most important material significant overall total the its their our company's latest current reported main största viktigaste främsta huvudsakliga väsentliga de den det".split(" "));
const QUESTION_LEAD = /^(?:what(?:'s|s)?|which|how much|how many|who(?:'s)?|where|when|tell me|give me|show me|list|summari[sz]e|describe|explain|is there|are there|do(?:es)? (?:the company|it|they|we) have|any|vad|hur mycket|hur många|hur stor|hur stora|vilka|vilken|vilket|vem|finns det)\b(?:\s+(?:was|were|is|are|did|does|do|the|about|any|var|är|blev|några|något|de|den|det)\b)*\s*/i;
/**
 * A verb clause between the question's lead and the figure it asks for ("[what did] the company
 * report as net income", "[what did] Acme record in revenue"): the figure is the topic.
 */
const REPORTED_AS = /^(?:[\p{L}\p{N}'’&.-]+\s+){0,4}?(?:report|reported|record|recorded|post|posted|disclose|disclosed|generate|generated|earn|earned|achieve|achieved|book|booked|spend|spent|invest|invested|redovisade|rapporterade)\s+(?:as\s+|in\s+|for\s+|on\s+|som\s+)?(?:its\s+|their\s+|the\s+)?/iu;
/** Swedish and English articles and descriptors before a subject ("de största riskerna"). */
const LEADING = /^(?:the|a|an|our|its|their|de|den|det|on|in)\s+/i;
/** Requests about a relation or a process, not a topic the gate can check ("the difference between …", "walk me through …"). */
const META = /\b(?:difference|differences|trend|trends|walk|through|missing|compare|comparison|change|changes|overview|summary|everything|anything|skillnad|trend|saknas)\b/i;

const QUALIFIERS = new Set("operating net gross free total subscription recurring adjusted organic long-term short-term".split(" "));

function subjectOf(item: string, amount = true): string {
  const kept = (item.toLowerCase().match(/[\p{L}\p{N}&'-]+/gu) ?? []).filter((w) => !DESCRIPTORS.has(w) && !/\d/.test(w));
  if (!amount) return kept.join(" ");
  const literal = ` ${kept.join(" ")} `;
  const figure = FIGURE_TERMS.filter((t) => literal.includes(` ${t} `)).sort((a, b) => b.length - a.length)[0];
  if (!figure) return kept.join(" ");
  // the figure term as the request words it, with a qualifier right before it ("operating income", "free cash flow")
  const first = figure.split(" ")[0]!;
  const at = kept.findIndex((w) => w.startsWith(first.slice(0, Math.max(3, first.length - 2))));
  if (at < 0) return figure;
  const start = at > 0 && QUALIFIERS.has(kept[at - 1]!) ? at - 1 : at;
  return kept.slice(start, at + figure.split(" ").length).join(" ");
}

function kindOf(item: string): TopicKind {
  if (AGAINST.test(` ${item} `)) return "comparison";
  if (/\bmargins?\b|marginal/i.test(item)) return "ratio";
  // an amount when a figure term is the item's head ("net income", "revenue growth", "cash position"), not a qualifier ("debt covenants")
  const ws = item.split(/\s+/);
  const last = (AMOUNT_HEAD.test(ws.at(-1) ?? "") && ws.length > 1 ? ws.at(-2) : ws.at(-1)) ?? "";
  if (FIGURE_TERMS.some((t) => mentionsTopic(last, t.split(" ").at(-1)!) && mentionsTopic(item, t))) return "figure";
  return "narrative";
}

/** The prior year of the period asked ("the prior year", "the same quarter last year", "föregående år"). */
const PRIOR = /\b(?:prior|previous|last|preceding)\s+(?:year|fiscal year|financial year)|\byear\s+(?:before|earlier)|\bsame\s+(?:quarter|period)\s+(?:last|of the previous|a)\s+year|\bföregående\s+år|\bfjolåret|\bförra\s+året/i;

/** The other side of a comparison as a period: a period named ("fiscal 2017") or the prior year of the period asked. */
function againstPeriodOf(right: string, period: string | null): string | undefined {
  const named = readPeriodRequest(right).exact;
  if (named) return askedPeriod(right).label ?? undefined;
  if (!period || !PRIOR.test(right)) return undefined;
  const p = parsePeriod(period);
  return p ? priorYearPeriod(p).label : undefined;
}

function topicOf(raw: string, period: string | null): RequestTopic | null {
  const name = raw.replace(/\s+/g, " ").trim().toLowerCase();
  if (contentWords(name).length === 0) return null;
  const kind = kindOf(name);
  if (kind === "comparison") {
    const [left, right] = name.split(AGAINST);
    const subject = subjectOf(left ?? "");
    const againstPeriod = againstPeriodOf(right ?? "", period);
    if (subject && againstPeriod && (!period || !samePeriod(againstPeriod, period))) return { name, kind, subject, against: againstPeriod, againstPeriod, period };
    const against = subjectOf(right ?? "").split(" ").filter((w) => !/^(?:management|management's|the)$/.test(w)).join(" ") || subjectOf(right ?? "");
    if (!subject || !against) return null;
    return { name, kind, subject, against, period };
  }
  if (kind === "narrative" && contentWords(subjectOf(name, false)).length > 3) return null; // too long to be one topic: not checked
  const qualifier = /(\p{L}+)\s+margins?/u.exec(name)?.[1];
  const compound = /(\p{L}+marginal\p{L}*)/u.exec(name)?.[1]; // "bruttomarginalen"
  const subject = kind === "ratio" ? (compound ?? (qualifier && !DESCRIPTORS.has(qualifier) ? `${qualifier} margin` : "margin")) : subjectOf(name, kind === "figure");
  if (!subject) return null;
  return { name, kind, subject, period: kind === "narrative" ? null : period };
}

/** Words about the process, not the subject ("open the source", "quote the exact figure"). */
const PROCESS = new Set(
  "using use newest latest most recent dated document documents source sources open opened quote quoted exact exactly figure figures number search searches separate separately cite citation citations say state insufficient documentation least at one two three produce give provide answer find tell show please verbatim then also from data room it them this that".split(" "),
);
const isProcess = (item: string) => (item.toLowerCase().match(/\p{L}+/gu) ?? []).every((w) => PROCESS.has(w) || DESCRIPTORS.has(w) || /^(?:the|a|an|for|of|in|and|or|to)$/.test(w));

/** What is left of a period asked for a balance after the date is cut out: "cash position at the end (of)", "kassan vid utgången av", "headcount as (of)". */
const POINT_TAIL = /\s+(?:(?:at|by|as(?:\s+(?:of|at))?|per(?:\s+den)?|vid(?:\s+utgången)?(?:\s+av)?|i\s+slutet(?:\s+av)?)(?:\s+the)?(?:\s+(?:end|close)(?:\s+of)?(?:\s+the)?)?|(?:the\s+)?(?:end|close)(?:\s+of)?(?:\s+the)?)\s*$/i;

/** One item of the list as a topic name: no lead words, no verb clause around the figure, no dangling preposition. */
function cleanItem(raw: string): string {
  let s = raw.replace(LEADING, "").replace(LEADING, "");
  const reported = REPORTED_AS.exec(s);
  if (reported && reported[0].length < s.length && FIGURE_TERMS.some((t) => mentionsTopic(s.slice(reported[0].length), t))) s = s.slice(reported[0].length);
  return s
    .replace(/\s+by\s+\p{L}+$/iu, "")
    .replace(/\s+(?:does|do|did|has|have|had|hade|har)\b.*$/i, "")
    // "litigation is Acme exposed to", "risks are the company facing": the clause after the subject is no part of it
    .replace(/^(\p{L}[\p{L}\p{N}'’&-]*(?:\s+\p{L}[\p{L}\p{N}'’&-]*){0,2})\s+(?:is|are|was|were)\s+\S.*$/iu, "$1")
    .replace(POINT_TAIL, "")
    .replace(/\s+(?:in|for|of|during|under|over|över|för|i|på|av)(?:\s+(?:the|its|their|a|an))?\s*$/i, "")
    .replace(/[.]+$/, "")
    .trim();
}

/** Line items whose name holds "and" or a comma: one topic, not two. */
const COMPOUND_ITEMS = /\b(?:cash and cash equivalents|property,? plant,? and equipment|research and development|sales and marketing|selling,? general,? and administrative|general and administrative|depreciation and amorti[sz]ation|mergers and acquisitions|profit and loss)\b/gi;
const protect = (s: string) => s.replace(COMPOUND_ITEMS, (m) => m.replace(/ /g, "\uE000").replace(/,/g, "\uE001"));
const unprotect = (s: string) => s.replace(/\uE000/g, " ").replace(/\uE001/g, ",");

/** Splits the request's subject list: commas, "and", "with", "as well as", semicolons. */
function items(text: string): string[] {
  return protect(text)
    .replace(/\([^)]*\)/g, " ")
    .split(/\s*[,;]\s*|\s+(?:and|with|as well as|plus|including|och|med|samt)\s+|\s*&\s*/i)
    .map((s) => s.replace(/\([^)]*\)/g, " ").replace(/\s+(?:in|from|according to|per|as (?:shown|reported|stated) in)\s+(?:the|its|their)\s+.*$/i, "").trim())
    .map((s) => cleanItem(unprotect(s).replace(/^(?:and|or|also|search(?:\s+separately)?\s+for|look\s+(?:up|for)|find)\s+/i, "").replace(QUESTION_LEAD, "")))
    .filter((s) => s.length > 1 && s.split(/\s+/).length <= (AGAINST.test(` ${s} `) ? 10 : 6) && !isProcess(s) && !META.test(s));
}

/** The words before a period that make it a date a balance is asked at: "at the end of Q3 2024", "as of", "per den", "vid utgången av". */
const POINT_LEAD = /(?:\b(?:at|by|as\s+(?:of|at)|per(?:\s+den)?|vid(?:\s+utgången\s+av)?|i\s+slutet\s+av)\s+(?:the\s+)?(?:(?:end|close)\s+of\s+(?:the\s+)?)?|\b(?:end|close)\s+of\s+(?:the\s+)?|\b(?:(?:at|for|by)\s+)?(?:the\s+)?year[- ]end\s+)$/i;

/**
 * The period the request asks, as a label the source figures' periods compare with, and the words
 * that ask it (cut from the topics). A balance at a date is a point ("at the end of Q3 2024" →
 * 30 September 2024; "as of 30 September 2024"; "vid utgången av september 2024"), not the quarter.
 */
export function askedPeriod(question: string): { label: string | null; point: boolean; words: string | null } {
  const req = readPeriodRequest(question);
  const asked = req.exact;
  const phrase = req.phrase ?? null;
  if (!asked || !phrase) return { label: null, point: false, words: phrase };
  const at = question.toLowerCase().indexOf(phrase.toLowerCase());
  if (at < 0) return { label: asked.kind === "point" ? null : asked.label, point: false, words: phrase };
  let before = question.slice(0, at);
  const month = asked.kind === "FY" ? new RegExp(`\\b(${MONTH})\\.?\\s+$`, "i").exec(before) : null;
  if (month) before = before.slice(0, month.index);
  const lead = POINT_LEAD.exec(before);
  const start = lead ? lead.index : month ? month.index : at;
  const words = question.slice(start, at + phrase.length);
  if (asked.kind === "point") return { label: asked.label, point: true, words };
  if (month) {
    const m = monthNumber(month[1]!);
    return { label: makePeriod("point", asked.year, undefined, m, lastDayOfMonth(asked.year, m)).label, point: true, words };
  }
  if (lead) {
    const [y, m, d] = asked.end.split("-").map(Number) as [number, number, number];
    return { label: makePeriod("point", y, undefined, m, d).label, point: true, words };
  }
  // "nine months ended 30 September 2024" is the calendar nine months the reports head "9M 2024"
  if (asked.kind === "9M" && asked.end === `${asked.year}-09-30`) return { label: makePeriod("9M", asked.year).label, point: false, words: phrase };
  return { label: asked.label, point: false, words: phrase };
}

/** "… and what drove it?", "… and why did it change?", "… och vad drev den?": a reason asked about the topic before it. */
const REASON_FOLLOW = /(?:,\s*|\s+)(?:and\s+|och\s+)?(?:(?:what|which\s+factors?)\s+(?:drove|drives|driving|caused|causes|explains?|explained|(?:is|was|were|are)\s+(?:driving|behind))|why\s+(?:did|has|have|was|were|is|are|does|do)|vad\s+(?:drev|driver|förklarar|låg\s+bakom)|varför\s+(?:har|hade|ökade|minskade|förändrades|sjönk|steg))\s+(?:it|this|that|them|they|these|those|den|det|dem|de|(?:the|its|their)\s+(?:change|changes|increase|decrease|decline|drop|improvement|growth|movement|deterioration)|(?:förändringen|ökningen|minskningen))\b.*$/i;
/** "Why did EBITDA increase …?", "What drove operating income …?", "Varför minskade bruttomarginalen?": a reason asked about a subject it names. */
const REASON_ABOUT = /^(?:why\s+(?:did|has|have|was|were|is|are|does|do)\s+(.+?)\s+(?:change|changed|increase|increased|decrease|decreased|decline|declined|drop|dropped|fall|fallen|fell|rise|risen|rose|grow|grown|grew|improve|improved|deteriorate|deteriorated|go\s+(?:up|down)|move|moved|weaken|weakened|strengthen|strengthened)\b(.*)|(?:what|which\s+factors?)\s+(?:drove|drives|caused|causes|explains?|explained|(?:is|was|were|are)\s+(?:driving|behind))\s+(.+)|varför\s+(?:ökade|minskade|förändrades|sjönk|steg)\s+(.+)|vad\s+(?:drev|förklarar)\s+(.+))$/i;
const REASON_MARK = "\u0001";
/** "… and how fast did it grow?", "… and how much did it increase year over year?": the growth of the topic before it. */
const GROWTH_FOLLOW = /(?:,\s*|\s+)(?:and\s+|och\s+)?(?:how\s+(?:fast|much)\s+(?:did|has|have|was|is)\s+(?:it|they|this|that)\s+(?:grow|grown|growing|increase|increased|rise|risen)|hur\s+(?:snabbt|mycket)\s+(?:växte|ökade)\s+(?:den|det|de))\b.*$/i;
const GROWTH_MARK = "\u0002";

/** A request asking who: its narrative topic is answered by a name. */
const WHO = /^\s*(?:who|whom|vem|vilka personer)\b/i;

function reasonTopic(base: RequestTopic, sv: boolean): RequestTopic {
  return { name: `${sv ? "vad som drev" : "what drove"} ${base.name}`, kind: "narrative", subject: base.subject, period: base.period, reason: true };
}

/** The request's topics, each with its kind and the period asked. */
export function requestTopics(question: string, c?: Pick<AgentConstraints, "requiredTopics"> & Partial<Pick<AgentConstraints, "detected">>): RequestTopic[] {
  const asked = askedPeriod(question);
  const period = asked.label;
  const phrase = asked.words;
  let list: string[];
  // topics the request names for their own searches; the sides of a "compare X with Y" are not topics of their own
  const explicit = !c?.detected || c.detected.some((d) => d.constraint === "requiredTopics" && d.kind === "explicit");
  if (c?.requiredTopics.length && explicit) list = c.requiredTopics;
  else {
    let body = stripInstructions(question);
    // the period's words, with the preposition that asked it ("net income in Q3 2024 versus …")
    if (phrase) body = body.replace(new RegExp(`(?:\\b(?:in|for|of|during|over|i|för|under)\\s+(?:the\\s+)?)?${escapeRe(phrase)}`, "i"), " ");
    // the asking sentence: a question when there is one, else the first sentence
    const sentences = body.split(/(?<=[.?!:])\s+/).map((x) => x.trim()).filter(Boolean);
    const asking = sentences.filter((x) => /\?$/.test(x)).length ? sentences.filter((x) => /\?$/.test(x)) : sentences.slice(0, 1);
    list = [];
    for (const sentence of asking) {
      // "how did X compare with Y", "X compared with Y": one comparison (not a list split at "with")
      let x = sentence.replace(/[?!]+$/, "").trim().replace(/^how\s+(?:did|does|do|has|have|is|was)\s+(.+?)\s+compare\s+(?:with|to|against)\s+/i, "$1 versus ")
        // "Compare Q2 2024 EBITDA with Q2 2023": a comparison with a period is well defined (one with "actual" is not guessed at)
        .replace(/^compare\s+(.+?)\s+(?:with|to|against)\s+(.+)$/i, (m, a: string, b: string) => (readPeriodRequest(b).exact || PRIOR.test(b) ? `${a} versus ${b}` : m)).replace(/\b(?:as\s+)?compared\s+(?:with|to)\b/gi, "versus").replace(/\bjämfört\s+med\b/gi, "mot");
      const about = REASON_ABOUT.exec(x);
      if (about) {
        list.push(REASON_MARK + (about[1] ? `${about[1]}${about[2] ?? ""}` : (about[3] ?? about[4] ?? about[5] ?? "")));
        continue;
      }
      const follow = REASON_FOLLOW.exec(x);
      if (follow) x = x.slice(0, follow.index);
      const growth = GROWTH_FOLLOW.exec(x);
      if (growth) x = x.slice(0, growth.index);
      if (!META.test(x)) list.push(...items(x));
      if (growth) list.push(GROWTH_MARK);
      if (follow) list.push(REASON_MARK);
    }
  }
  const sv = /[åäö]|\b(?:vad|varför|och)\b/i.test(question);
  const cut = (raw: string) => cleanItem(phrase ? raw.replace(new RegExp(escapeRe(phrase), "i"), " ") : raw);
  const out: RequestTopic[] = [];
  for (const raw of list) {
    let t: RequestTopic | null;
    if (raw === GROWTH_MARK) {
      const base = [...out].reverse().find((o) => !o.reason && !o.growth && o.kind !== "narrative");
      t = base ? { name: `${base.name} ${sv ? "tillväxt" : "growth"}`, kind: "narrative", subject: base.subject, period: base.period, growth: true } : null;
    } else if (raw.startsWith(REASON_MARK)) {
      const target = raw.slice(1).trim();
      const base = target ? topicOf(cut(target.replace(QUESTION_LEAD, "")), period) : [...out].reverse().find((o) => !o.reason) ?? null;
      t = base ? reasonTopic(base, sv) : null;
    } else t = topicOf(cut(raw), period);
    if (t && t.kind === "narrative" && !t.reason && !t.growth && WHO.test(stripInstructions(question))) t = { ...t, who: true };
    if (!t || out.some((o) => o.kind === t.kind && o.subject === t.subject && o.against === t.against && !!o.reason === !!t.reason && !!o.growth === !!t.growth)) continue;
    out.push(t);
  }
  return out.slice(0, 6);
}

/**
 * The request as one narrative topic, for a request whose topics could not be read ("What did the
 * board discuss at the September meeting?"): the gate still wants a sentence with content from an
 * opened source, not a page header or a table heading. Null for a request with no content words.
 */
export function wholeRequestTopic(question: string): RequestTopic | null {
  const asked = askedPeriod(question);
  let body = stripInstructions(question);
  if (asked.words) body = body.replace(new RegExp(escapeRe(asked.words), "i"), " ");
  const sentence = body.split(/(?<=[.?!:])\s+/).find((x) => /\?$/.test(x.trim())) ?? body.split(/(?<=[.?!:])\s+/)[0] ?? "";
  const name = sentence.replace(/[?!.]+$/, "").replace(QUESTION_LEAD, "").replace(LEADING, "").replace(/\s+/g, " ").trim().toLowerCase();
  const subject = (name.match(/[\p{L}\p{N}&'-]+/gu) ?? []).filter((w) => !DESCRIPTORS.has(w) && !isProcess(w) && contentWords(w).length > 0).slice(0, 4).join(" ");
  return subject ? { name, kind: "narrative", subject, period: null, whole: true } : null;
}

/** The topics as requirements for the model's prompt (and the UI). */
export function describeTopics(topics: RequestTopic[], phrase: string): string[] {
  if (topics.length === 0) return [];
  const list = topics.map((t) => `"${t.name}"${t.period ? ` (${t.period})` : ""}`).join(", ");
  return [
    `Answer every topic in its own statement, with its [n]: ${list}. A figure needs its line item, its value and its period as an opened source states them; a comparison needs both figures; a narrative topic needs a sentence about it. A heading, a label or a page header answers nothing.`,
    `For a topic the opened sources do not answer, write "${phrase}" with the topic and what you searched.`,
  ];
}

/**
 * Whether a computed metric, by the name the metric engine gives it ("EBITDA margin", "Revenue
 * growth"), is the topic: the name is the topic's subject, or a phrase of the topic's name.
 * Words, not synonyms: an EBITDA margin is no operating margin.
 */
export function metricIsTopic(name: string, t: Pick<RequestTopic, "name" | "subject">): boolean {
  const n = words(name).join(" ");
  return !!n && (n === words(t.subject).join(" ") || ` ${words(t.name).join(" ")} `.includes(` ${n} `));
}

