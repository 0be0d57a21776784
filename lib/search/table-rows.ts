/**
 * Table-row evidence for re-ranking: a page holding a table row whose label is what the question asks
 * for ("Purchases of property, plant and equipment (1,577) (1,373)" for capital expenditure, "Total
 * backlog 158,000 …") answers a figure question better than a page of prose that uses the same words.
 * BM25 and the phrase score see the words, not that they label a row of figures.
 *
 * A row is a line with a label and at least two figures after it. Its score is the weight of the
 * question's terms its label holds (typed words 1, synonym expansions their lighter weight), over the
 * weight a label can be expected to carry (up to three typed words); the page's score is its best row's, in [0, 1].
 */
import type { Language } from "./language";
import type { QueryTerm } from "./query-understanding";
import { tokenize } from "./tokenize";

const FIGURE = /^\(?-?[$€£]?\d[\d,]*(?:\.\d+)?\)?%?$/;
const BLANK = /^(?:[$€£%)]|—|–|-)$/;
const MAX_LABEL = 120;
/** Words a label must hold to count: a row naming one word of a long question is no evidence. */
const EXPECTED_LABEL_WORDS = 3;

/** The labels of the page's rows of figures (a label, then two figures or more; dashes and currency signs between). */
export function rowLabels(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split("\n")) {
    if (line.length > 400 || !/\d/.test(line)) continue;
    const toks = line.trim().split(/\s+/);
    let i = toks.length - 1;
    let figures = 0;
    for (; i >= 0; i--) {
      if (FIGURE.test(toks[i]!)) figures++;
      else if (!BLANK.test(toks[i]!)) break;
    }
    if (figures < 2 || i < 0) continue;
    const label = toks.slice(0, i + 1).join(" ");
    if (label.length <= MAX_LABEL && /\p{L}/u.test(label)) out.push(label);
  }
  return out;
}

/**
 * Whether a row of figures on the page is labelled with every word of one of the asked concept's
 * wordings (two words or more: "Debt maturing within one year" for short-term debt): the row names
 * what is asked whole, whatever words the question used.
 */
export function conceptRowScore(text: string, language: Language, wordings: string[][]): number {
  const whole = wordings.filter((w) => w.length >= 2);
  if (!whole.length) return 0;
  for (const label of rowLabels(text)) {
    const have = new Set(tokenize(label, language));
    if (whole.some((w) => w.every((t) => have.has(t)))) return 1;
  }
  return 0;
}

/** How well the page's best row label names what the question asks, in [0, 1]. */
export function rowLabelScore(text: string, terms: QueryTerm[], language: Language): number {
  const words = terms.filter((t) => !/^\d+$/.test(t.term));
  const typed = words.filter((t) => t.weight >= 1).length;
  if (!typed) return 0;
  const expected = Math.min(EXPECTED_LABEL_WORDS, typed);
  const weight = new Map(words.map((t) => [t.term, t.weight]));
  let best = 0;
  for (const label of rowLabels(text)) {
    const have = new Set(tokenize(label, language));
    let matched = 0;
    for (const t of have) matched += weight.get(t) ?? 0;
    // one word of a question of several is no evidence ("Total" of "total revenue growth")
    if (matched < Math.min(2, expected)) continue;
    best = Math.max(best, Math.min(1, matched / expected));
    if (best === 1) break;
  }
  return best;
}
