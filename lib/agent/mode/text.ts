/**
 * Text helpers of the gate and the local driver: topic matching (stems + a small bilingual
 * DD vocabulary), number extraction with unit-scale tolerance, quoted spans, [n] markers and
 * whitespace/hyphenation-tolerant quote location (the extraction's citation rule).
 */
import { locateExcerpt } from "@/lib/extraction/citation";
import { stem } from "@/lib/search/tokenize";

/** The text as a literal inside a RegExp. */
export const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Words of a phrase, lowercased and lightly stemmed (letters and digits only). */
export function words(text: string): string[] {
  return (text.normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => stem(w));
}

const STOP = new Set(
  "the a an of and or for on in to about at by with from any all each what which how is are was were be this that these those their its it as per vs och eller för på i om av till med den det de en ett som är var alla varje".split(" "),
);

export function contentWords(text: string): string[] {
  return words(text).filter((w) => w.length >= 2 && !STOP.has(w));
}

/**
 * Topic vocabulary (English and Swedish): a topic is covered by a passage that uses any of its
 * words. Kept small and specific — a loose synonym would hide a real gap.
 */
const TOPIC_GROUPS: string[][] = [
  ["revenue", "revenues", "sales", "net sales", "turnover", "intäkter", "intäkterna", "intäkt", "omsättning", "omsättningen", "nettoomsättning", "nettoomsättningen"],
  ["margin", "margins", "gross margin", "gross profit", "marginal", "marginaler", "marginalen", "bruttomarginal", "bruttomarginalen", "rörelsemarginal", "rörelsemarginalen"],
  ["gross margin", "bruttomarginal", "bruttomarginalen"],
  ["operating margin", "rörelsemarginal", "rörelsemarginalen"],
  ["litigation", "lawsuit", "lawsuits", "legal proceedings", "legal dispute", "disputes", "dispute", "tvist", "tvister", "rättstvist", "rättegång", "domstol"],
  ["ebitda"],
  ["operating profit", "operating income", "ebit", "rörelseresultat", "rörelseresultatet"],
  ["net income", "net profit", "net earnings", "profit for the year", "nettoresultat", "årets resultat"],
  ["capital expenditure", "capital expenditures", "capex", "purchases of property plant and equipment", "purchase of property plant and equipment", "investeringar"],
  ["risk", "risks", "risk factors", "uncertainties", "risker", "riskerna", "riskfaktorer", "riskfaktorerna"],
  ["cash flow", "kassaflöde", "kassaflödet"],
  ["operating cash flow", "cash flow from operating activities", "net cash provided by operating activities", "cash generated from operations", "kassaflöde från den löpande verksamheten"],
  ["cash", "cash and cash equivalents", "liquid funds", "kassa", "kassan", "likvida medel", "likviditet"],
  ["headcount", "employees", "staff", "fte", "anställda", "medarbetare", "personal"],
  ["customers", "customer", "churn", "kunder", "kunderna", "kund"],
  ["debt", "borrowings", "loan", "loans", "skuld", "skulder", "skulderna", "lån"],
  ["net debt", "nettoskuld", "nettoskulden"],
  ["forecast", "budget", "outlook", "prognos", "prognosen"],
  ["management", "ledning", "ledningen"],
  ["ceo", "chief executive officer", "chief executive", "vd", "verkställande direktör"],
  ["cfo", "chief financial officer", "finanschef"],
  ["tax", "taxes", "skatt"],
];

const groupOf = new Map<string, string[]>();
for (const g of TOPIC_GROUPS) {
  const stems = g.map((p) => words(p).join(" "));
  // a phrase in several groups ("gross margin" is a margin and its own group) takes the union
  for (const s of stems) groupOf.set(s, [...new Set([...(groupOf.get(s) ?? []), ...stems])]);
}

const rawGroupOf = new Map<string, string[]>();
for (const g of TOPIC_GROUPS) for (const p of g) rawGroupOf.set(words(p).join(" "), g);

/** The topic's other wordings as written ("chief executive officer" for "ceo"), for search queries. */
export function topicSynonyms(topic: string): string[] {
  const own = words(topic).filter((w) => !STOP.has(w)).join(" ");
  return (rawGroupOf.get(own) ?? []).filter((p) => words(p).join(" ") !== own);
}

/**
 * The phrases (stemmed, space-joined) that count as mentioning a topic: the topic, its group's
 * other wordings, and each word's other wordings with the rest of the topic kept ("subscription
 * sales" for "subscription revenue", never plain "sales": a qualifier is part of the topic).
 */
export function topicVariants(topic: string, strict = false): string[] {
  const all = words(topic);
  const ws = all.filter((w) => !STOP.has(w));
  const own = ws.join(" ");
  const variants = new Set<string>([own, all.join(" "), ...(groupOf.get(own) ?? []), ...(groupOf.get(all.join(" ")) ?? [])]);
  ws.forEach((w, i) => {
    for (const v of groupOf.get(w) ?? []) {
      variants.add([...ws.slice(0, i), v, ...ws.slice(i + 1)].join(" "));
      // loosely (a narrative topic: "the leadership" for "management team"), any word's wording alone
      if (!strict) variants.add(v);
    }
  });
  return [...variants].filter(Boolean);
}

/**
 * Whether `text` mentions the topic (any variant as a run of stemmed words). `strict`: a
 * qualifier is part of the topic ("subscription revenue" is not mentioned by "revenue").
 */
export function mentionsTopic(text: string, topic: string, strict = false): boolean {
  const hay = ` ${words(text).join(" ")} `;
  return topicVariants(topic, strict).some((v) => hay.includes(` ${v} `));
}

/** Whether `text` names the phrase word for word (stemmed; no synonyms): "EBITDA margin" is not named by "gross margin". */
export function namesPhrase(text: string, phrase: string): boolean {
  const p = words(phrase).join(" ");
  return !!p && ` ${words(text).join(" ")} `.includes(` ${p} `);
}

/** Whether a search query is about the topic. */
export function queryCoversTopic(query: string, topic: string): boolean {
  return mentionsTopic(query, topic);
}

// ---------------------------------------------------------------- numbers

export interface NumberToken {
  raw: string;
  index: number;
  values: number[];
  /** Followed or preceded by a unit (%, currency, million …): never ignorable. */
  withUnit: boolean;
}

const NUMBER = /(?<![\p{L}\p{N}_.,])(?:\d{1,3}(?:[,\u00a0\u202f ]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)(?![\p{N}])/gu;
/** A percentage unit right after a number: "17.5%", "1.5 percent", "per cent", "procent" (not "percentage"). */
export const PERCENT_AFTER = /^\s?(?:%|percent(?!age)|per cent|procent)/i;
/** A change in points right after a number: "1.5 percentage points", "50 bps", "2 pp". */
export const POINTS_AFTER = /^\s?(?:percentage points?|basis points?|pp\b|bps\b)/i;
/** Whether the number ending at `end` of `text` is a percentage (PERCENT_AFTER follows it). */
export const percentAfter = (text: string, end: number): boolean => PERCENT_AFTER.test(text.slice(end, end + 20));
/** Whether the number ending at `end` of `text` is a change in points (POINTS_AFTER follows it). */
export const pointsAfter = (text: string, end: number): boolean => POINTS_AFTER.test(text.slice(end, end + 20));

const UNIT_AFTER = /^\s?(?:%|percent|procent|per cent|million|millions|mn|m\b|bn|billion|thousand|k\b|tkr|mkr|msek|meur|eur|sek|usd|kr\b)/i;
const UNIT_BEFORE = /(?:eur|sek|usd|gbp|€|\$|£|kr)\s?$/i;

function variantsOf(raw: string): number[] {
  const s = raw.replace(/[\u00a0\u202f ]/g, " ");
  const out = new Set<number>();
  if (/^\d{1,3}(?:[ ,]\d{3})+(?:\.\d+)?$/.test(s)) out.add(Number(s.replace(/[ ,]/g, "")));
  if (/^\d{1,3}(?: \d{3})+(?:,\d+)?$/.test(s)) out.add(Number(s.replace(/ /g, "").replace(",", ".")));
  if (/^\d+,\d+$/.test(s)) {
    out.add(Number(s.replace(",", "."))); // Swedish decimal comma
    if (/^\d{1,3},\d{3}$/.test(s)) out.add(Number(s.replace(",", "")));
  }
  if (/^\d+(?:\.\d+)?$/.test(s)) out.add(Number(s));
  return [...out].filter((n) => Number.isFinite(n));
}

export function extractNumbers(text: string): NumberToken[] {
  const out: NumberToken[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const raw = m[0].trim();
    const after = text.slice(m.index! + m[0].length, m.index! + m[0].length + 12);
    const before = text.slice(Math.max(0, m.index! - 5), m.index!);
    out.push({ raw, index: m.index!, values: variantsOf(raw), withUnit: UNIT_AFTER.test(after) || UNIT_BEFORE.test(before) });
  }
  return out;
}

function decimals(raw: string): number {
  const m = /[.,](\d+)$/.exec(raw.replace(/[\u00a0\u202f ]/g, ""));
  return m && !/^\d{1,3}(?:[ ,]\d{3})+$/.test(raw) ? m[1]!.length : 0;
}

/**
 * Whether a number of the answer appears among `known` values — as written, or scaled by a
 * unit step (GBP 7.3 million ⇐ 7,300 in a table of GBP thousands), rounded to the answer's
 * precision.
 */
export function numberIsKnown(token: NumberToken, known: Set<number>): boolean {
  const d = decimals(token.raw);
  for (const v of token.values) {
    if (known.has(v)) return true;
    for (const k of known) {
      for (const scale of [1, 1e3, 1e6, 1e-3, 1e-6, 1e9, 1e-9]) {
        const scaled = k / scale;
        if (Math.abs(scaled) < 1e-9) continue;
        if (Number(scaled.toFixed(d)) === v && Math.abs(scaled - v) <= 0.5 * 10 ** -d + 1e-9) return true;
      }
    }
  }
  return false;
}

/**
 * Whether a percentage is the ratio (a/b) or the change ((a−b)/b) of two other numbers, to its
 * printed precision: "20.0% (1,460 / 7,300)" is checkable arithmetic on sourced figures.
 */
export function isDerivedPercent(p: NumberToken, inputs: number[]): boolean {
  const d = decimals(p.raw);
  for (const v of p.values) {
    for (const a of inputs) {
      for (const b of inputs) {
        if (a === b || b === 0) continue;
        for (const r of [(100 * a) / b, (100 * (a - b)) / Math.abs(b)]) if (Math.abs(Math.abs(r) - v) <= 0.5 * 10 ** -d + 1e-9) return true;
      }
    }
  }
  return false;
}

/**
 * Whether an amount is the difference (a − b) of two other numbers, to its printed precision:
 * "EUR 5.2 million against EUR 5.0 million — EUR 0.2 million above" is checkable arithmetic.
 */
export function isDerivedDifference(n: NumberToken, inputs: number[]): boolean {
  const d = decimals(n.raw);
  return n.values.some((v) => v !== 0 && inputs.some((a) => inputs.some((b) => a !== b && Math.abs(Math.abs(a - b) - v) <= 0.5 * 10 ** -d + 1e-9)));
}

export function knownNumbers(texts: string[]): Set<number> {
  const set = new Set<number>();
  for (const t of texts) {
    for (const n of extractNumbers(t)) {
      for (const v of n.values) set.add(v);
      // "650 720" in a row of columns is two values as much as one with a space for thousands
      if (/^\d{1,3}(?:[\u00a0\u202f ]\d{3})+$/.test(n.raw)) for (const part of n.raw.split(/[\u00a0\u202f ]/)) set.add(Number(part));
    }
  }
  return set;
}

// ---------------------------------------------------------------- markers, quotes

const MARKER = /\[(\d{1,3}(?:\s*[,;–-]\s*\d{1,3})*)\](?!\()/g;

/** [n] citation markers (also [1, 2] and [1–3]) with their positions. */
export function extractMarkers(text: string): Array<{ n: number; index: number; length: number; raw: string }> {
  const out: Array<{ n: number; index: number; length: number; raw: string }> = [];
  for (const m of text.matchAll(MARKER)) {
    const inner = m[1]!;
    const nums: number[] = [];
    for (const part of inner.split(/\s*[,;]\s*/)) {
      const range = /^(\d+)\s*[–-]\s*(\d+)$/.exec(part);
      if (range) {
        const a = Number(range[1]);
        const b = Number(range[2]);
        for (let i = a; i <= Math.min(b, a + 20); i++) nums.push(i);
      } else nums.push(Number(part));
    }
    for (const n of nums) out.push({ n, index: m.index!, length: m[0].length, raw: m[0] });
  }
  return out;
}

/** Rewrites [n] markers: `keep(n)` false drops the number (and the marker when none is left). */
export function rewriteMarkers(text: string, keep: (n: number) => boolean): string {
  return text
    .replace(MARKER, (_m, inner: string) => {
      const kept = inner
        .split(/\s*[,;]\s*/)
        .flatMap((part) => {
          const range = /^(\d+)\s*[–-]\s*(\d+)$/.exec(part);
          if (!range) return [Number(part)];
          const a = Number(range[1]);
          return Array.from({ length: Math.max(0, Math.min(Number(range[2]), a + 20) - a + 1) }, (_, i) => a + i);
        })
        .filter(keep);
      return kept.length ? kept.map((n) => `[${n}]`).join("") : "";
    })
    .replace(/[ \t]+([.,;:])/g, "$1")
    .replace(/[ \t]{2,}/g, " ");
}

export interface QuotedSpan {
  text: string;
  index: number;
  end: number;
}

/** Quoted passages: "…", “…”, ”…” (Swedish), «…», and markdown blockquote lines. */
export function extractQuotes(text: string): QuotedSpan[] {
  const out: QuotedSpan[] = [];
  const patterns = [/"([^"\n]{4,600})"/g, /“([^”“\n]{4,600})”/g, /”([^”“\n]{4,600})”/g, /«([^»\n]{4,600})»/g, /^>\s?(.{4,600})$/gm];
  const taken: Array<[number, number]> = [];
  for (const re of patterns) {
    for (const m of text.matchAll(re)) {
      const s = m.index!;
      const e = s + m[0].length;
      if (taken.some(([a, b]) => s < b && e > a)) continue;
      taken.push([s, e]);
      out.push({ text: m[1]!.trim(), index: s, end: e });
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

/** Whether the quote occurs in `source` (whitespace / line-break / end-of-line hyphenation tolerant; "…" joins parts in order). */
export function quoteFoundIn(quote: string, source: string): boolean {
  const parts = quote
    .split(/\s*(?:…|\.\.\.|\[…\]|\[\.\.\.\])\s*/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  if (parts.length === 0) return false;
  let from = 0;
  for (const p of parts) {
    const hit = locateExcerpt(source.slice(from), p);
    if (!hit) return false;
    from += hit.end;
  }
  return true;
}

/** Sentences (split within lines at ". X") with offsets, for the driver's quotes and the context window. */
export function sentencesOf(text: string): Array<{ text: string; start: number; end: number }> {
  const out: Array<{ text: string; start: number; end: number }> = [];
  const push = (a: number, b: number) => {
    const raw = text.slice(a, b);
    const lead = raw.length - raw.trimStart().length;
    const t = raw.trim();
    if (t) out.push({ text: t, start: a + lead, end: a + lead + t.length });
  };
  for (const line of text.matchAll(/[^\n]+/g)) {
    const base = line.index!;
    const l = line[0];
    let from = 0;
    for (const m of l.matchAll(/[.!?](?=\s+[\p{Lu}"“(•–-])/gu)) {
      push(base + from, base + m.index! + 1);
      from = m.index! + 1;
    }
    push(base + from, base + l.length);
  }
  return out;
}

/** A sentence about the document rather than its subject ("This document presents …", "Provided below is …"). */
export const INTRO_SENTENCE = /^(?:[•*-]\s*)?(?:provided below|set forth below|the following|below (?:is|are)|this (?:document|section|report|page|presentation|chapter|appendix|note)\b|see |please (?:carefully )?(?:consider|read|see)\b)/i;

export function normaliseSpace(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}
