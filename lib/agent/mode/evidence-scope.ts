/**
 * What a passage's sentence says its figure is a figure of (issue 21, the gate's scope check): the
 * sentence of a tool result that holds a figure, whether that sentence names the item's concept
 * (by the catalog's stems), and whether it makes the figure a part's rather than the company's:
 * - a part named next to the figure ("FedEx Express employed approximately 245,000 employees",
 *   "the Same Property Portfolio consists of … 35.8 million net rentable square feet"): a name
 *   written with capitals before the figure or in its own clause, not the company's, a month, a
 *   currency or the concept's own words;
 * - a subset of a whole ("6,800 of our employees were located in …", "50,000 employees, which
 *   constitute 32% of our total workforce").
 * Nothing here knows a company or a document: the company's words come from the data room.
 */
import escapeStringRegexp from "escape-string-regexp";
import type { AgentToolCall } from "@/lib/agent/run";
import type { Concept } from "@/lib/agent/concepts/catalog";
import { GENERIC_WORDS } from "@/lib/agent/concepts/generic-words";
import { tokens } from "@/lib/agent/concepts/match";
import { sentencePieces } from "@/lib/extraction/sentences";
import { SUBSET_BEFORE } from "@/lib/agent/evidence/subsets";
import { MONTH } from "@/lib/periods";

/** The figure as a passage would print it: "USD 34,229 million" → "34,229". */
export function writtenDigits(display: string): string {
  return /\d[\d,]*(?:\.\d+)?/.exec(display)?.[0] ?? "";
}

/** Fields that hold a document's own words (a passage, an excerpt, a quoted sentence), not a tool's notes. */
const QUOTED_FIELDS = new Set(["text", "excerpt", "sentence", "quote", "snippet", "highlight"]);
/** Fields of a structured finding: its label and value say what the figure is, no sentence does. */
const FINDING_VALUE = ["value", "asWritten", "formatted"];

function textsOf(value: unknown, out: string[], depth = 0): void {
  if (depth > 6 || value === null || value === undefined || typeof value !== "object") return;
  if (Array.isArray(value)) {
    for (const v of value) textsOf(v, out, depth + 1);
    return;
  }
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v === "string" && QUOTED_FIELDS.has(k) && v.length >= 20) out.push(v);
    else textsOf(v, out, depth + 1);
  }
}

/** A structured finding of the calls (a metric with its value) that states the figure. */
function findingStates(value: unknown, re: RegExp, depth = 0): boolean {
  if (depth > 6 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((v) => findingStates(v, re, depth + 1));
  const o = value as Record<string, unknown>;
  if ((typeof o.metric === "string" || typeof o.label === "string") && FINDING_VALUE.some((k) => typeof o[k] === "string" && re.test(o[k] as string))) return true;
  return Object.values(o).some((v) => findingStates(v, re, depth + 1));
}

/**
 * The sentences of the calls' passages (text, excerpts, quoted sentences) that print the figure;
 * none when a structured finding states it (its label, not a sentence, says what it is).
 */
export function sentencesHolding(written: string, calls: AgentToolCall[]): string[] {
  if (!written || !/\d/.test(written)) return [];
  const re = new RegExp(`(?<![\\d.,])${escapeStringRegexp(written)}(?![\\d])`);
  const texts: string[] = [];
  const own = calls.filter((c) => c.toolName !== "compute_metric" && c.toolName !== "get_line_items");
  if (own.some((c) => findingStates(c.output, re))) return [];
  for (const c of own) textsOf(c.output, texts);
  const out = new Set<string>();
  for (const t of texts) {
    const flat = t.replace(/\s+/g, " ").trim();
    if (!re.test(flat)) continue;
    for (const s of sentencePieces(flat)) if (re.test(s)) out.add(s);
  }
  return [...out];
}

/** The stems a passage names the concept by: its terms' and phrases' content words, and its row words. */
function conceptStems(concept: Concept | undefined, ask: string): Set<string>[] {
  const names = concept ? [...concept.terms, ...(concept.rowWords ?? []), concept.label] : [ask];
  return names.map((n) => new Set(tokens(n.replace(/[/-]/g, " ")).filter((w) => !GENERIC_WORDS.has(w.word) && w.word.length > 1).map((w) => w.stem))).filter((s) => s.size > 0);
}

/** The sentence names the item's concept: all content stems of one of its names. */
export function namesConcept(sentence: string, concept: Concept | undefined, ask: string): boolean {
  const have = new Set(tokens(sentence.replace(/[/-]/g, " ")).map((w) => w.stem));
  return conceptStems(concept, ask).some((name) => [...name].every((s) => have.has(s)));
}

const SUBSET_AFTER = /^\s*(?:of|among)\s+(?:our|the|its|their|these|those|which)\b/i;
const SHARE_OF_WHOLE = /\b(?:constitut|represent|make up|made up|account(?:ed|s|ing)? for|compris)\w*\s+(?:approximately |about |roughly |around |nearly |over )?\d[\d.,]*\s?(?:%|percent|per cent)\s+of\b/i;
const MONTH_WORD = new RegExp(`^(?:${MONTH})\\.?$`, "i");
const CURRENCY = /^(?:USD|EUR|SEK|GBP|US|CHF|JPY|NOK|DKK)$/;
/** Capitalised words that name no part: the company's own forms, pronouns, sentence lead words, totals. */
const NOT_A_PART = new Set(["company", "companies", "corporation", "group", "inc", "corp", "ltd", "plc", "llc", "we", "our", "us", "the", "a", "an", "it", "its", "they", "their", "this", "as", "at", "on", "in", "for", "during", "of", "fiscal", "year", "total", "consolidated", "approximately", "about", "in", "by", "and", "with", "q1", "q2", "q3", "q4", "fy", "i", "note", "item", "part"]);

/** Capitalised words of a stretch of a sentence that name something other than the company or the concept. */
function namesIn(stretch: string, skipFirst: boolean, company: Set<string>, concept: Set<string>): string[] {
  const words = [...stretch.matchAll(/[\p{L}][\p{L}\p{N}&'’.]*/gu)];
  // a sentence's first word is capitalised anyway: a name only when written as one (an acronym, "iPhone")
  // or when it qualifies the concept right after it ("BCA loss from operations", "Americas net sales")
  const named = (w: string, next: string | undefined) => /^\p{Lu}{2,}|^\p{Ll}+\p{Lu}/u.test(w) || (!!next && concept.has(tokens(next)[0]?.stem ?? ""));
  const caps = words.filter((m, i) => !(skipFirst && i === 0 && !named(m[0], words[1]?.[0])) && /^\p{Lu}/u.test(m[0]));
  // a heading or a table's title case names nothing on its own
  if (words.length >= 4 && caps.length / words.length > 0.6) return [];
  return caps.map((m) => m[0].replace(/[.’']+$/, "")).filter((w) => {
    const t = tokens(w.replace(/\./g, ""))[0];
    const low = t?.word ?? w.toLowerCase();
    if (NOT_A_PART.has(low) || company.has(low) || MONTH_WORD.test(w) || CURRENCY.test(w) || GENERIC_WORDS.has(low) || /\d/.test(w)) return false;
    return !t || !concept.has(t.stem);
  });
}

const SUFFIX = String.raw`(?:Corporation|Corp\.?|Incorporated|Inc\.?|Company|Co\.?|Limited|Ltd\.?|plc|Group|Holdings?|LLC|AG|SA|AB|ASA|N\.V\.)`;

/**
 * "PG&E Corporation and the Utility had approximately 24,000 employees", "the Company and its
 * subsidiaries employed …": what is named together with the company is the company's group, not a
 * part of it. The lead without the names joined to the company's by "and".
 */
function groupTail(lead: string, companies: string[]): string {
  const firsts = companies.map((c) => c.trim().split(/\s+/)[0]!).filter((w) => w.length > 1).map(escapeStringRegexp);
  const m = new RegExp(`(?<![\\p{L}])(?:the company|we|${[...firsts].join("|") || "the company"})(?!['’\\p{L}])(?:,?\\s+${SUFFIX})*\\s+and\\s`, "iu").exec(lead);
  return m ? lead.slice(0, m.index) : lead;
}

/**
 * Why the sentence makes its figure a part's (a segment, a unit, a place, a share of the whole), or
 * null when it states the figure as the company's.
 */
export function partOfSentence(sentence: string, written: string, companies: string[], concept: Concept | undefined, ask: string): string | null {
  const at = new RegExp(`(?<![\\d.,])${escapeStringRegexp(written)}(?![\\d])`).exec(sentence);
  if (!at) return null;
  const before = sentence.slice(0, at.index);
  const after = sentence.slice(at.index + at[0].length);
  if (SUBSET_AFTER.test(after)) return `it counts a subset ("${written}${after.slice(0, 24).trimEnd()}…")`;
  if (SHARE_OF_WHOLE.test(after.slice(0, 120))) return "the sentence gives it as a share of the whole";
  if (SUBSET_BEFORE.test(before)) return `it is what the whole includes ("…${before.slice(-40).trimStart()}${written}")`;
  const company = new Set(companies.flatMap((c) => tokens(c).map((w) => w.word)));
  const concepts = new Set(conceptStems(concept, ask).flatMap((s) => [...s]));
  // the figure's clause: from the comma, semicolon or colon before it to the next one after it
  // ("30,000" is one figure, not two clauses); "across Europe", "worldwide": the whole, not a part
  // a table row's clause ends at the next figure ("Gross margin 42.0% 45.0% Sales and marketing …")
  const own = (after.replace(/^[.,]\d+/, "").split(/[,;:](?=\s|$)|\s[—–-]\s|\d/)[0] ?? "").split(/\b(?:across|throughout|worldwide|globally)\b/i)[0]!;
  const cut = Math.max(-1, ...[...before.matchAll(/[,;:]\s|\s[—–-]\s/g)].map((m) => m.index! + m[0].length - 1));
  const lead = cut >= 0 ? before.slice(cut + 1) : before;
  const names = [...namesIn(groupTail(lead, companies), cut < 0, company, concepts), ...namesIn(own, false, company, concepts)];
  return names.length ? `the sentence gives it for ${[...new Set(names)].join(" ")}` : null;
}
