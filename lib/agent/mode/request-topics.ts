/**
 * What a request asks to be answered: its topics, each with the kind of evidence that answers it
 * and the period asked. "Q2 2031 revenue and EBITDA with margins, revenue against the budget,
 * the main risks" → revenue (figure, Q2 2031), EBITDA (figure, Q2 2031), margins (ratio, Q2 2031),
 * revenue against the budget (comparison, Q2 2031), main risks (narrative).
 * Topics the constraints already name ("separate searches for revenue, margins and litigation")
 * are taken as they are; otherwise the request's own list is read. Process instructions ("open
 * two sources", "quote the figure") are not topics.
 */
import { readPeriodRequest } from "@/lib/periods";
import { stripInstructions } from "@/lib/search/query-understanding";
import type { AgentConstraints } from "./types";
import { contentWords, mentionsTopic, words } from "./text";

export type TopicKind = "figure" | "ratio" | "comparison" | "narrative";

export interface RequestTopic {
  /** As the request words it ("top risks", "revenue against the management forecast"). */
  name: string;
  kind: TopicKind;
  /** The words a statement must use to be about it ("risks", "revenue", "margin"). */
  subject: string;
  /** comparison: what the subject is measured against ("forecast"). */
  against?: string;
  /** The period asked ("Q2 2031", "FY2030"); null when the request names none (or for narrative topics). */
  period: string | null;
}

/** Figures a statement states as amounts (a line item of the statements or a KPI). */
const FIGURE_TERMS = [
  "revenue", "revenues", "net sales", "sales", "turnover", "income", "profit", "earnings", "ebitda", "ebit", "eps", "cash flow", "cash", "capital expenditure",
  "capital expenditures", "capex", "debt", "borrowings", "assets", "liabilities", "equity", "headcount", "employees", "arr", "dividend", "dividends", "expenses", "costs",
  "cost", "inventory", "inventories", "backlog", "bookings", "growth", "working capital", "receivables", "payables", "intäkter", "intäkterna", "omsättning", "omsättningen", "nettoomsättning", "nettoomsättningen", "resultat", "kassaflöde", "skulder", "anställda",
];
const AGAINST = /\s+(?:against|versus|vs\.?|compared (?:with|to)|relative to|mot|jämfört med)\s+/i;
const DESCRIPTORS = new Set("top key main major principal biggest largest most important material significant overall total the its their our company's latest current reported main".split(" "));
const QUESTION_LEAD = /^(?:what(?:'s|s)?|which|how much|how many|who(?:'s)?|where|when|tell me|give me|show me|list|summari[sz]e|describe|explain|is there|are there|do(?:es)? (?:the company|it|they|we) have|any|vad|hur mycket|hur många|vilka|vilken|vem|finns det)\b(?:\s+(?:was|were|is|are|did|does|do|the|about|any|var|är|några|något))*\s*/i;
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
  if (/\bmargins?\b|\bmarginal/i.test(item)) return "ratio";
  // an amount when a figure term is the item's head ("net income", "revenue growth"), not a qualifier ("debt covenants")
  const last = item.split(/\s+/).at(-1) ?? "";
  if (FIGURE_TERMS.some((t) => mentionsTopic(last, t.split(" ").at(-1)!) && mentionsTopic(item, t))) return "figure";
  return "narrative";
}

function topicOf(raw: string, period: string | null): RequestTopic | null {
  const name = raw.replace(/\s+/g, " ").trim().toLowerCase();
  if (contentWords(name).length === 0) return null;
  const kind = kindOf(name);
  if (kind === "comparison") {
    const [left, right] = name.split(AGAINST);
    const subject = subjectOf(left ?? "");
    const against = subjectOf(right ?? "").split(" ").filter((w) => !/^(?:management|management's|the)$/.test(w)).join(" ") || subjectOf(right ?? "");
    if (!subject || !against) return null;
    return { name, kind, subject, against, period };
  }
  if (kind === "narrative" && contentWords(subjectOf(name, false)).length > 3) return null; // too long to be one topic: not checked
  const qualifier = /(\p{L}+)\s+margins?/u.exec(name)?.[1];
  const subject = kind === "ratio" ? (qualifier && !DESCRIPTORS.has(qualifier) ? `${qualifier} margin` : "margin") : subjectOf(name, kind === "figure");
  if (!subject) return null;
  return { name, kind, subject, period: kind === "narrative" ? null : period };
}

/** Words about the process, not the subject ("open the source", "quote the exact figure"). */
const PROCESS = new Set(
  "using use newest latest most recent dated document documents source sources open opened quote quoted exact exactly figure figures number search searches separate separately cite citation citations say state insufficient documentation least at one two three produce give provide answer find tell show please verbatim then also from data room it them this that".split(" "),
);
const isProcess = (item: string) => (item.toLowerCase().match(/\p{L}+/gu) ?? []).every((w) => PROCESS.has(w) || DESCRIPTORS.has(w) || /^(?:the|a|an|for|of|in|and|or|to)$/.test(w));

/** Splits the request's subject list: commas, "and", "with", "as well as", semicolons. */
function items(text: string): string[] {
  return text
    .replace(/\([^)]*\)/g, " ")
    .split(/\s*[,;]\s*|\s+(?:and|with|as well as|plus|including|och|med|samt)\s+|\s*&\s*/i)
    .map((s) => s.replace(/\([^)]*\)/g, " ").replace(/\s+(?:in|from|according to|per|as (?:shown|reported|stated) in)\s+(?:the|its|their)\s+.*$/i, "").trim())
    .map((s) => s.replace(/^(?:and|or|also|search(?:\s+separately)?\s+for|look\s+(?:up|for)|find)\s+/i, "").replace(QUESTION_LEAD, "").replace(/^(?:the|a|an|our|its|their)\s+/i, "").replace(/\s+by\s+\p{L}+$/iu, "").replace(/\s+(?:does|do|did|has|have|had)\b.*$/i, "").replace(/\s+(?:in|for|of|during|under|over|över|för|i|på|av)(?:\s+(?:the|its|their|a|an))?\s*$/i, "").replace(/[.]+$/, "").trim())
    .filter((s) => s.length > 1 && s.split(/\s+/).length <= 6 && !isProcess(s) && !META.test(s));
}

/** The request's topics, each with its kind and the period asked. */
export function requestTopics(question: string, c?: Pick<AgentConstraints, "requiredTopics"> & Partial<Pick<AgentConstraints, "detected">>): RequestTopic[] {
  const asked = readPeriodRequest(question).exact;
  const period = asked && asked.kind !== "point" ? asked.label : null;
  const phrase = readPeriodRequest(question).phrase;
  let list: string[];
  // topics the request names for their own searches; the sides of a "compare X with Y" are not topics of their own
  const explicit = !c?.detected || c.detected.some((d) => d.constraint === "requiredTopics" && d.kind === "explicit");
  if (c?.requiredTopics.length && explicit) list = c.requiredTopics;
  else {
    let body = stripInstructions(question);
    if (phrase) body = body.replace(phrase, " ");
    // the asking sentence: a question when there is one, else the first sentence
    const sentences = body.split(/(?<=[.?!:])\s+/).map((x) => x.trim()).filter(Boolean);
    const asking = (sentences.filter((x) => /\?$/.test(x)).length ? sentences.filter((x) => /\?$/.test(x)) : sentences.slice(0, 1)).filter((x) => !META.test(x));
    list = asking.flatMap((x) => items(x.replace(/[?!]+$/, "")));
  }
  const out: RequestTopic[] = [];
  for (const raw of list) {
    const t = topicOf(raw.replace(phrase ?? "\u0000", " "), period);
    if (!t || out.some((o) => o.kind === t.kind && o.subject === t.subject && o.against === t.against)) continue;
    out.push(t);
  }
  return out.slice(0, 6);
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

