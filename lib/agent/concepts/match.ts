/**
 * Finds the catalog's concepts in a question, by stems: each term and phrase of the catalog is a
 * sequence of stems (lib/search/stemming.ts), found in the question's stems in order. A term must
 * be contiguous ("net income"); an everyday phrase may have a word or two between its words ("did
 * they buy back any stock" holds "buy back stock"). Longer matches win over the shorter ones they
 * cover ("operating margin" over "margin", "net debt" over "debt"), so one stretch of the question
 * names one concept.
 */
import { stemWord } from "@/lib/search/stemming";
import { CONCEPTS, type Concept } from "./catalog";

export interface Token {
  word: string;
  stem: string;
  start: number;
  end: number;
}

export interface ConceptHit {
  concept: Concept;
  /** Token span in the question [from, to). */
  from: number;
  to: number;
  /** The words as written. */
  text: string;
  /** Matched an everyday phrase, not a term. */
  viaPhrase: boolean;
}

/** Words with their stems and offsets; "&" stays inside a word (R&D, PP&E) and is "and" between words, a possessive "'s" goes. */
export function tokens(text: string): Token[] {
  const out: Token[] = [];
  // (a spaced "&" is the word "and": "sales & marketing" reads as "sales and marketing")
  for (const m of text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}&]*(?:['’]s\b)?|(?<=\s)&(?=\s)/gu)) {
    const word = m[0] === "&" ? "and" : m[0].toLowerCase().replace(/['’]s$/, "");
    out.push({ word, stem: stemWord(word), start: m.index!, end: m.index! + m[0].length });
  }
  return out;
}

/** A catalog term's words: "p&l/income" and "short-term" are read word by word. */
const termTokens = (s: string) => tokens(s.replace(/[/-]/g, " "));
const stemsOf = (s: string) => termTokens(s).map((t) => t.stem);

interface Pattern {
  concept: Concept;
  stems: string[];
  phrase: boolean;
  /** A short one-word term, matched as written or its plural: stems of short words collide ("units" and "united" are both "unit"). */
  literal?: string;
  /** The term's words as written, for a concept matched so. */
  words?: string;
}

/** One-word terms this short are matched as written, not by stem. */
const LITERAL_UP_TO = 5;
const literalOf = (t: string) => {
  const w = t.trim().toLowerCase();
  return /^\p{L}+$/u.test(w) && w.length <= LITERAL_UP_TO ? w : undefined;
};
/** The word is the term as written or its plural: "sales" is no "sale" (of a business, of bonds), "comps" no "comp", "units" no "unit". */
const spellsLiteral = (word: string, literal: string) => word === literal || word === `${literal}s`;

let patterns: Pattern[] | undefined;

function allPatterns(): Pattern[] {
  patterns ??= CONCEPTS.flatMap((concept) => [
    ...concept.terms.map((t) => ({ concept, stems: stemsOf(t), phrase: false, literal: literalOf(t), words: termTokens(t).map((x) => x.word).join(" ") })),
    ...(concept.phrases ?? []).map((t) => ({ concept, stems: stemsOf(t), phrase: true })),
  ]).filter((p) => p.stems.length > 0);
  return patterns;
}

/** Where `stems` occurs in `toks` from `at`: contiguous, or for a phrase with at most `gap` words between words. */
function matchAt(toks: Token[], at: number, stems: string[], gap: number, tightLast = false, skip: ReadonlySet<string> = NONE): number | undefined {
  if (toks[at]?.stem !== stems[0]) return undefined;
  let i = at + 1;
  // (the word after a company's name standing for a pronoun follows it: "where is oracle located", not "… oracle data center located")
  let named = false;
  for (let k = 1; k < stems.length; k++) {
    const room = (tightLast && k === stems.length - 1) || named ? 0 : gap;
    let j = i;
    // a pronoun of an everyday phrase is said as the company's name too ("where is it based": "where is oracle based")
    const slot = PRONOUN_STEMS.has(stems[k]!);
    const fits = (t: Token) => t.stem === stems[k] || (slot && skip.has(t.word));
    // words in `skip` (the company's name) do not count towards a phrase's gap
    let between = 0;
    while (j < toks.length && between <= room && !fits(toks[j]!)) {
      if (!skip.has(toks[j]!.word)) between++;
      j++;
    }
    if (j >= toks.length || !fits(toks[j]!) || between > room) return undefined;
    named = slot && toks[j]!.stem !== stems[k];
    if (named) while (j + 1 < toks.length && skip.has(toks[j + 1]!.word)) j++;
    i = j + 1;
  }
  return i;
}

/** Pronouns of the catalog's everyday phrases, for which the company's name may stand. */
const PRONOUN_STEMS = new Set(["it", "they", "them", "their", "its"].map((w) => stemWord(w)));

const CLAUSE_BREAK = /[,:;!?/÷×+=]|\.\s|\s[-–—*]\s/;
/**
 * A phrase opened by a preposition is said as written ("in restructuring charges" is no "in
 * charge"); one closed by a preposition ends on it ("take rate in 2021" is no "take in").
 */
const OPENS_TIGHT = new Set(["in", "on", "at", "of", "for", "to", "by", "the", "a", "an"]);

const NONE: ReadonlySet<string> = new Set();

/**
 * Every concept the question names, left to right, longest match first where they overlap. `skip`:
 * words (the company's name) an everyday phrase may run across ("cash did Salesforce generate from
 * running its business").
 */
export function findConcepts(text: string, toks: Token[] = tokens(text), skip: ReadonlySet<string> = NONE): ConceptHit[] {
  const found: ConceptHit[] = [];
  for (const p of allPatterns()) {
    for (let at = 0; at < toks.length; at++) {
      const end = matchAt(toks, at, p.stems, p.phrase && !OPENS_TIGHT.has(p.stems[0]!) ? 2 : 0, OPENS_TIGHT.has(p.stems.at(-1)!), skip);
      if (end === undefined) continue;
      if (p.literal && !spellsLiteral(toks[at]!.word, p.literal)) continue;
      if (p.concept.asWritten && !p.phrase && toks.slice(at, end).map((t) => t.word).join(" ") !== p.words) continue;
      // a phrase's words are one clause: "an operating summary: revenue" is no "operating revenue"
      if (p.phrase && CLAUSE_BREAK.test(text.slice(toks[at]!.end, toks[end - 1]!.start))) continue;
      found.push({ concept: p.concept, from: at, to: end, text: text.slice(toks[at]!.start, toks[end - 1]!.end), viaPhrase: p.phrase });
    }
  }
  // an everyday phrase never runs across the name of another figure of its kind: "how much revenue did they make" names
  // revenue, not "how much did they make" (a word of another kind between, "how much did the Widgetco unit sell", is filler)
  const across = (h: ConceptHit) => h.viaPhrase && found.some((t) => !t.viaPhrase && t.concept.id !== h.concept.id && t.concept.kind === h.concept.kind && t.from > h.from && t.to < h.to);
  found.splice(0, found.length, ...found.filter((h) => !across(h)));
  // longest first; a hit overlapping a longer (or earlier equal) one is dropped
  found.sort((a, b) => b.to - b.from - (a.to - a.from) || a.from - b.from);
  const kept: ConceptHit[] = [];
  for (const h of found) {
    if (kept.some((k) => h.from < k.to && k.from < h.to)) continue;
    kept.push(h);
  }
  return kept.sort((a, b) => a.from - b.from);
}
