/**
 * Cleaning a question before it is read: the analyst-prompt wrapping around the ask (statement
 * names such as "the statement of cash flows", which must not read as line items; "if X is not a
 * useful metric, state that and explain why" caveats), the definition sentence, and the cues of a
 * narrative question that no computed figure answers.
 */
import { definedKeys, parseDefinition, type Defined } from "./definition";
import type { Expr } from "./types";

/** Statement names, removed so "cash flow statement" does not read as cash or cash flow. */
const STATEMENT_NAMES =
  /\b(?:(?:the )?(?:consolidated )?(?:statements?|sheets?) of (?:cash ?flows?|financial position|financial condition|(?:comprehensive )?income|operations|earnings|comprehensive income|(?:share|stock)holders'? equity)|(?:cash ?flows?|income|earnings|p&l|profit and loss) statements?|balance sheets?|p&l|profit and loss)\b/g;

/** "If operating margin is not a useful metric for a company like this, then please state that and explain why." */
const CAVEAT = /\bif\b[^.?]*\bnot\b[^.?]*\b(?:metric|measure|relevant|useful|meaningful|applicable)\b[^.?]*(?:[.?]|$)/g;

/** Cues of a question about words, not figures: reasons, people, events, parts of the business. */
const NARRATIVE =
  /\b(?:why|what (?:drove|drives|caused|explains?)|drivers?|reasons?|explain\w*|due to|events?|factors?|risks?|litigation|lawsuits?|legal|acquisitions?|acquired|customers?|competitors?|suppliers?|segments?|regions?|geograph\w*|categor(?:y|ies)|product lines?|stores?|employees?|headcount|guidance|forecast\w*|expects?|expected to|plans?|strategy|outlook|ceo|chief|executives?|directors?|who|whom|spin(?:ning)? ?off|cyclical\w*|auditors?|intensive|polic(?:y|ies)|approach|manag(?:e|es|ed|ing|ement)|describe|discuss|summari[sz]e|overview|tell me about|sources? of|breakdown|composition|consists?|consisting|includ(?:e|es|ed|ing) in|comprised?|terms of|maturit(?:y|ies)|covenants?|interest rates?|credit ratings?|nature of|(?:kinds?|types?) of)\b/;

/** "How does the company manage inventory?" asks how, not how much; "how did X change / compare" is a figure. */
const HOW_NOT_FIGURE = /\bhow (?:does|do|did|is|are|can|could|will|would|should|has|have)\b(?![^.?]*\b(?:compare[sd]?|chang\w*|evolv\w*|develop\w*|trend\w*|mov\w*|grow\w*|grew|increas\w*|decreas\w*|declin\w*|rose|fell|shift\w*)\b)/;

/** The definition a question states ("X is defined as: …", "defined as …", "calculated as …"). */
const DEFINITION = /(?:^|(?<=[.?!;:]\s?))([^.?!;:]*?)\s*\b(?:(?:is|are|should be|will be|to be|being)\s+)?(?:defined|calculated|computed|measured)\s+(?:as|by)\b\s*:?\s*(.+?)(?=\.\s|\.$|\?|$)/g;

/** "Calculate EBITDA as operating income plus D&A." */
const IMPERATIVE_DEFINITION = /\b(?:calculate|compute|define|measure)\s+([^.?!;:]+?)\s+as\b\s*:?\s*(.+?)(?=\.\s|\.$|\?|$)/g;

export interface QuestionDefinition {
  /** The name defined ("dpo"). */
  name: string;
  /** The formula's text. */
  text: string;
  formula: Expr;
}

export interface CleanQuestion {
  /** The ask, with wrapping, caveat and definitions removed (normalised). */
  ask: string;
  /** The first definition the question states (the metric asked), its formula using any later ones. */
  definition?: QuestionDefinition;
  /** Every defined name's formula. */
  defined: Defined;
}

interface Found {
  index: number;
  length: number;
  name: string;
  text: string;
}

/** Every definition sentence, in text order, without overlaps. */
function definitionsIn(ask: string): Found[] {
  const all = [DEFINITION, IMPERATIVE_DEFINITION].flatMap((re) =>
    [...ask.matchAll(re)].map((m) => ({ index: m.index!, length: m[0].length, name: m[1]!.trim(), text: m[2]!.replace(STATEMENT_NAMES, " ").replace(/\s+/g, " ").trim() })),
  );
  all.sort((a, b) => a.index - b.index);
  return all.filter((d, i) => d.text && !all.slice(0, i).some((e) => d.index < e.index + e.length));
}

export function cleanQuestion(normalised: string): CleanQuestion {
  let ask = normalised.replace(CAVEAT, " ");
  // later definitions first, so an earlier one can use the names they define
  const defined: Defined = new Map();
  const read: Array<Found & { formula: Expr }> = [];
  for (const d of definitionsIn(ask).reverse()) {
    // only a definition that reads as a formula is taken out of the ask ("compute the margin as a percentage" is not one)
    const formula = parseDefinition(d.text, defined);
    if (!formula) continue;
    for (const k of definedKeys(d.name)) defined.set(k, formula);
    read.push({ ...d, formula });
  }
  for (const d of read) ask = `${ask.slice(0, d.index)} ${ask.slice(d.index + d.length)}`;
  ask = ask.replace(STATEMENT_NAMES, " ").replace(/\s+/g, " ").trim();
  const first = read[read.length - 1];
  return first ? { ask, defined, definition: { name: first.name, text: first.text, formula: first.formula } } : { ask, defined };
}

export function isNarrative(ask: string): boolean {
  return NARRATIVE.test(ask) || HOW_NOT_FIGURE.test(ask);
}

/**
 * Words that make a named line item another figure: "deferred revenue", "adjusted EBITDA",
 * "goodwill impairment", "dividends per share", "cash taxes paid", "revenue from its cloud
 * business", "sales in its stores" (a segment, product or source, not the statement's total). The statements' line does not
 * answer those, so the question is not captured.
 */
const QUALIFIER_BEFORE = /\b(?:deferred|unearned|accrued|prepaid|restricted|contingent|unrecognized|other|(?<!un)adjusted|organic|segment|pro forma|comprehensive|foreign|domestic|international|recurring|non ?gaap|core|underlying|contribution|incremental|cumulative|projected|expected|budgeted|target)\s*$/;
const QUALIFIER_AFTER = /^\s*(?:impairments?|write ?(?:downs?|offs?)|recognition|backlog|per (?:share|employee|store|unit|customer|user|subscriber)|guidance|paid for|taxes|mix|concentration|by (?:segment|region|geography|product|country))\b|^\s*(?:generated |earned |derived )?from (?!(?:fy|fiscal|q[1-4]\b|(?:19|20)\d\d|the (?:prior|previous|fiscal|year|quarter|period)))|^\s*(?:in|at|of|for) (?:its|their|the company'?s) /;

export function isQualified(ask: string, term: { start: number; end: number }): boolean {
  return QUALIFIER_BEFORE.test(ask.slice(Math.max(0, term.start - 20), term.start)) || QUALIFIER_AFTER.test(ask.slice(term.end, term.end + 30));
}

/** Non-GAAP or adjusted figures anywhere in the ask: a statement line never answers them. */
export function asksNonGaap(ask: string): boolean {
  return /\b(?:(?<!un)adjusted|non ?gaap|organic|pro forma|constant currency|like for like)\b/.test(ask);
}

const AUXILIARY = /^(?:is|are|does|do|did|has|have|had|was|were|can|could|will|would|should)\b/;

/** The sentence holding the position `at`, and whether it is a yes/no question. */
export function isPolarAt(ask: string, at: number): boolean {
  const before = ask.slice(0, at);
  const start = Math.max(before.lastIndexOf(". "), before.lastIndexOf("? "), before.lastIndexOf(": "), before.lastIndexOf("! "));
  const sentence = ask.slice(start < 0 ? 0 : start + 2).replace(/^(?:here'?s|here is) the question\s*:?\s*/, "").replace(/^[^a-z]+/, "");
  return AUXILIARY.test(sentence);
}
