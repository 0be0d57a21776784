/**
 * What kind of answer a narrative question wants, read from the question's form (English and
 * Swedish): a person and role, an organisation, a count, a date, an amount, yes/no, a list, a
 * reason, or a description. The kind decides which sentences can answer it (lib/answers/narrative/fit.ts).
 */
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
}

const NUMBER_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, två: 2, tre: 3, fyra: 4, fem: 5 };

/** Nouns naming organisations (not people) that "who are …" may ask for. */
const ORG_NOUN = /\b(?:customers?|clients?|competitors?|suppliers?|vendors?|partners?|lenders?|auditors?|subsidiar(?:y|ies)|compan(?:y|ies)|firms?|acquisitions?|acquirers?|buyers?|distributors?|licensees?|regulators?|kunder|konkurrenter|leverantörer|bolag|företag)\b/i;

const YES_NO_START = /^(?:is|are|was|were|does|do|did|has|have|had|can|could|will|would|should|any|är|var|har|hade|finns|fanns|kan|ska|kommer)\b/i;
const REASON = /^\s*(?:why|varför)\b|\bwhat (?:drove|drives|caused|causes|explains?|led to|contributed to|was behind)\b|\breasons? (?:for|behind|why)\b|\bdriv(?:ers?|en by)\b|\bdue to what\b|\bvad (?:beror|berodde)\b/i;
const COUNT = /\bhow many\b|\bnumber of\b|\bhur många\b|\bantal(?:et)?\b/i;
const DATE = /^\s*(?:when|när)\b|\bwhat (?:date|year|day|month)\b|\bwhich (?:date|year)\b|\bby when\b|\bvilket (?:datum|år)\b/i;
const AMOUNT = /^\s*how much\b|\bhur mycket\b|\bwhat (?:is|was|were|are) the (?:amount|value|cost|price|total)\b|\bin (?:usd|eur|sek|\$|dollars?) (?:millions?|billions?|thousands?)\b/i;
const LIST = /^\s*(?:what|which) (?:are|were)\b|\b(?:list|name|enumerate)\b|\bwhich (?:\w+ ){0,2}(?:\w+s)\b|\bvilka\b/i;

/** A clause before the question proper ("As of Q2 2023, is …") is dropped. */
function questionClause(q: string): string {
  const t = q.trim();
  const m = t.match(/^[^,?]{2,60},\s*(.+)$/);
  return m && YES_NO_START.test(m[1]!) ? m[1]! : t;
}

function howManyAsked(q: string): number | undefined {
  const m = q.match(/\b(?:the |top )?(two|three|four|five|six|seven|eight|nine|ten|två|tre|fyra|fem|\d{1,2}) (?:main |major |largest |biggest |key |primary |principal |most )?\p{L}+/iu);
  if (!m) return undefined;
  const w = m[1]!.toLowerCase();
  return NUMBER_WORDS[w] ?? (Number.isFinite(Number(w)) ? Number(w) : undefined);
}

export function classifyQuestion(question: string): AnswerType {
  const q = questionClause(question);
  const roles = ROLES.filter((r) => r.asked.test(q) && r.label !== "auditor");
  const asksWho = /^\s*(?:who|whom|vem|vilka|vilken)\b|\bname of the\b|\bwho (?:is|are|was|were)\b/i.test(q);
  const plural = /\b(?:are|were|vilka)\b/i.test(q.split(/\s+/).slice(0, 3).join(" ")) || /\b(?:companies|customers|clients|competitors|suppliers|acquisitions|categories|segments|products|factors|risks|members)\b/i.test(q);
  const base = { plural, roles, howMany: howManyAsked(q) };
  if (YES_NO_START.test(q) && !/^\s*(?:how|what|which|who)\b/i.test(q)) return { ...base, kind: "yes_no", plural: false };
  if (REASON.test(q)) return { ...base, kind: "reason" };
  if (COUNT.test(q)) return { ...base, kind: "count", counted: q.match(/\b(?:how many|number of|hur många|antal(?:et)?)\s+(?:\w+\s+)??(\p{L}+)/iu)?.[1]?.toLowerCase() };
  if (DATE.test(q)) return { ...base, kind: "date" };
  if (AMOUNT.test(q)) return { ...base, kind: "amount" };
  if (asksWho && ORG_NOUN.test(q)) return { ...base, kind: "organisation" };
  if (asksWho || (roles.length > 0 && /^\s*(?:what is the name|name the)\b/i.test(q))) return { ...base, kind: "person" };
  if (/\b(?:which|what) (?:\w+ ){0,3}(?:compan(?:y|ies)|firms?|businesses|customers?|acqui\w*)\b/i.test(q) && ORG_NOUN.test(q)) return { ...base, kind: "organisation" };
  if (LIST.test(q) && (plural || base.howMany)) return { ...base, kind: "list" };
  // a topic rather than a question ("the CEO", "the primary customers of X"): the role or the organisations it names
  if (!/^\s*(?:what|which|how|why|when|where|describe|summari[sz]e|tell|explain|list|vad|hur|varför|när|var)\b/i.test(q)) {
    if (roles.length) return { ...base, kind: "person" };
    if (/\b(?:customers|clients|competitors|suppliers|vendors|partners|lenders|auditors|subsidiaries|distributors|kunder|konkurrenter|leverantörer)\b/i.test(q)) return { ...base, kind: "organisation" };
  }
  return { ...base, kind: "description" };
}
