/**
 * Cleaning a question before it is read: the analyst-prompt wrapping around the ask (statement
 * names such as "the statement of cash flows", which must not read as line items; "if X is not a
 * useful metric, state that and explain why" caveats), the definition sentence, and the cues of a
 * narrative question that no computed figure answers.
 */
import { definedKeys, FORMULA_OPERATOR, parseDefinition, type Defined } from "./definition";
import { periodMentions } from "./periods";
import { findTerms } from "./terms";
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

/**
 * "inventory turns fy21 = fy21 cogs / avg inventory", "(capex = additions to pp&e)": a name set equal to
 * its formula, which runs to the end of its bracket or clause (a rounding asked after a comma is not in it).
 */
const FORMULA_RUN = String.raw`((?:[^.?!;()=,]|\([^()]*\)|,(?!\s*(?:\d\s*d\.?p\b|round|to \w+ decimal)))+?)(?=\)|,\s|\.\s|\.$|\?|;|$)`;
const EQUALS_DEFINITION = new RegExp(String.raw`(?:^|(?<=[(.?!;:]\s?))([^.?!;:()=]+?)\s*=\s*` + FORMULA_RUN, "g");
/** "amazon dpo fy2017: 365 × avg ap (fy16, fy17) / cogs": a name, a colon, and a formula that computes. */
const COLON_DEFINITION = new RegExp(String.raw`(?:^|(?<=[.?!;]\s?))([^.?!;:()=]+?)\s*:\s*` + FORMULA_RUN, "g");

/** "Use fiscal 2021 cost of goods sold divided by average inventory", "work it out as …", "compute 365 × …": the formula of the figure asked, unnamed. */
const USE_DEFINITION = /(?<![\p{L}])(?:use|using|work (?:it|this|that) out as|take (?:it|this|that) as|compute|calculate)\s*:?\s*()(.+?)(?=;|\.\s|\.$|\?|,\s*(?:and\s+)?(?:round|(?:to|in) \w+ decimal|\d\s*dp\b)|$)/giu;

/** "current ratio (total current assets / total current liabilities)": a formula in brackets after the figure's name. */
const BRACKETED_DEFINITION = new RegExp(String.raw`([^.?!;:()]+?)\s*\(\s*([^()]*?\p{L}[^()]*?\s(?:${FORMULA_OPERATOR})\s[^()]*?\p{L}[^()]*?)\s*\)`, "giu");

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
  /** A marker that also opens other sentences ("use"): the text must compute something. */
  loose: boolean;
  /** Written "name = formula" or "name: formula". */
  equals: boolean;
  /** Written "name: formula" (a colon also sets a company or topic apart). */
  colon: boolean;
  /** The periods written in the name ("dpo fy2017"): the ask keeps them when the formula names none. */
  periods: string;
}

const namedPeriods = (name: string) => periodMentions(name).map((m) => name.slice(m.start, m.end)).join(" ");

/** A defined name without the periods it was asked for ("inventory turns fy2021" names "inventory turns"). */
/** The name a definition gives, without its periods or the question words before it ("what was the fcf conversion rate" → "fcf conversion rate"). */
function withoutPeriods(name: string): string {
  return periodMentions(name).reverse().reduce((n, m) => `${n.slice(0, m.start)} ${n.slice(m.end)}`, name).replace(/\s+/g, " ").replace(/[\s,]+$/, "").trim().replace(ASKED_BEFORE_NAME, "");
}
const ASKED_BEFORE_NAME = /^(?:(?:what|how much|how many)(?:'s|\s+(?:is|was|are|were))?\s+|(?:give|show|tell)\s+me\s+)?(?:the\s+)?(?=\S)/i;

/** Every definition sentence, in text order, without overlaps. */
function definitionsIn(ask: string): Found[] {
  const all = [DEFINITION, IMPERATIVE_DEFINITION, BRACKETED_DEFINITION, EQUALS_DEFINITION, COLON_DEFINITION, USE_DEFINITION].flatMap((re) =>
    [...ask.matchAll(re)].map((m) => {
      // a formula in brackets leaves the words before it (company, period) in the ask: only the bracket is the definition's text
      const at = re === BRACKETED_DEFINITION ? m[0].indexOf("(") : 0;
      // ("use …" names a formula only when it computes: "use the 10-K figure" defines nothing)
      return { index: m.index! + at, length: m[0].length - at, name: withoutPeriods(m[1]!), text: m[2]!.replace(STATEMENT_NAMES, " ").replace(/\s+/g, " ").trim(), loose: re === USE_DEFINITION || re === COLON_DEFINITION, equals: re === EQUALS_DEFINITION || re === COLON_DEFINITION, colon: re === COLON_DEFINITION, periods: namedPeriods(m[1]!) };
    }),
  );
  all.sort((a, b) => a.index - b.index);
  // ("Nike: FY21 inventory turnover — …": a colon after a name that is no figure's sets the company apart, defining nothing)
  const named = all.filter((d) => !(d.colon && !findTerms(d.name).length));
  return named.filter((d, i) => d.text && !named.slice(0, i).some((e) => d.index < e.index + e.length));
}

export function cleanQuestion(normalised: string): CleanQuestion {
  let ask = normalised.replace(CAVEAT, " ");
  // later definitions first, so an earlier one can use the names they define
  const defined: Defined = new Map();
  const read: Array<Found & { formula: Expr }> = [];
  for (const d of definitionsIn(ask).reverse()) {
    // only a definition that reads as a formula is taken out of the ask ("compute the margin as a percentage" is not one)
    const formula = parseDefinition(d.text, defined);
    if (!formula || (d.loose && formula.kind !== "op")) continue;
    for (const k of definedKeys(d.name)) defined.set(k, formula);
    read.push({ ...d, formula });
  }
  for (const d of read) ask = `${ask.slice(0, d.index)} ${d.equals ? d.periods : ""} ${ask.slice(d.index + d.length)}`;
  ask = ask.replace(STATEMENT_NAMES, " ").replace(/\s+/g, " ").trim();
  // ("(capex = additions to pp&e)" names what one of the asked figure's inputs is: a name for one line, not the figure asked)
  const first = read.filter((d) => !(d.equals && d.formula.kind !== "op")).at(-1);
  return first ? { ask, defined, definition: { name: first.name, text: first.text, formula: first.formula } } : { ask, defined };
}

/** "How does the company generate its revenue?": asks how, which no figure answers (the text as asked). */
export function asksHow(question: string): boolean {
  return HOW_NOT_FIGURE.test(question.toLowerCase());
}

export function isNarrative(ask: string): boolean {
  return NARRATIVE.test(ask) || HOW_NOT_FIGURE.test(ask);
}

/**
 * Words that make a named line item another figure: "deferred revenue", "adjusted EBITDA",
 * "goodwill impairment", "dividends per share", "cash taxes paid", "cash paid for income taxes" (the cash-flow
 * statement's supplemental line, not the provision), "revenue from its cloud
 * business", "sales in its stores" (a segment, product or source, not the statement's total). The statements' line does not
 * answer those, so the question is not captured.
 */
const QUALIFIER_BEFORE = /\b(?:deferred|unearned|accrued|prepaid|restricted|contingent|unrecognized|other|(?<!un)adjusted|organic|segment|pro forma|comprehensive|foreign|domestic|international|recurring|non ?gaap|core|underlying|contribution|incremental|cumulative|projected|expected|budgeted|target|(?:segment|division|unit|subsidiary|brand|region)['’]s|\b(?:paid|pay|payments?)\s+(?:for|of))\s*$/;
const QUALIFIER_AFTER = /^\s*(?:impairments?|write ?(?:downs?|offs?)|recognition|backlog|(?:(?:declared|paid|distributed|earned) )?per (?!cent\b)[a-z]+|guidance|paid for|taxes|mix|concentration|by (?:segment|region|geography|product|country))\b|^\s*(?:generated |earned |derived )?from (?!(?:fy|fiscal|q[1-4]\b|(?:19|20)\d\d|the (?:prior|previous|fiscal|year|quarter|period)))|^\s*(?:in|at|of|for) (?:its|their|the company'?s) /;

/**
 * Where the words that modify a figure's name stop, reading back from the name: question words,
 * articles, prepositions, a possessive (the company: "acme's revenue"), a period ("fy2022 revenue").
 */
const MODIFIER_STOP = /^(?:what|which|how|is|was|were|are|did|does|do|has|have|had|the|a|an|its|their|our|his|her|of|for|in|at|on|to|from|by|as|with|year|end|much|many|much|show|give|calculate|compute|report(?:ed)?|fiscal|not|no|any|improv\w*|positive|negative|higher|lower|increas\w*|decreas\w*|declin\w*|grow\w*|stable|consistent|strong|healthy|most|least|more|less|highest|lowest|largest|biggest|smallest|better|worse|fy|q[1-4]|h[12]|(?:fy|q[1-4]|h[12])?\d[\d,.]*|[a-z0-9&.]+'s?|[a-z0-9&.]+s')$/;
/** Words that leave a figure the statements' own line: "total revenue", "net sales", "consolidated net income". */
const SAME_FIGURE = /^(?:total|net|gross|annual|annuali[sz]ed|reported|consolidated|unadjusted|gaap|overall|full|company|group|basic|diluted|statutory|cash|amount|change|growth|yoy|average|the)$/;

/**
 * Words before a figure's name that make it a part of it: "greater china net sales", "cloud services
 * and license support revenues", "subscription revenue": a segment, region, product or source line,
 * not the statements' total (read back to the first question word, article, possessive or period).
 */
function modifiedBefore(ask: string, start: number): boolean {
  // an enumeration ("operations, investing, and financing activities") names several figures, not a part of one
  const before = ask.slice(Math.max(0, start - 80), start);
  const cut = Math.max(...[",", ";", ":", "(", ")", "?"].map((c) => before.lastIndexOf(c)));
  const clause = before.slice(cut + 1);
  // "operating, investing and financing cash flow": the end of a list of figures
  if (cut >= 0 && before[cut] === "," && /\b(?:and|or)\b/.test(clause)) return false;
  const words = clause.split(/\s+/).filter(Boolean);
  if (start > 80 && clause.length >= 80) words.shift();
  const modifiers: string[] = [];
  for (let i = words.length - 1; i >= 0 && !MODIFIER_STOP.test(words[i]!); i--) modifiers.push(words[i]!);
  return modifiers.some((w) => w !== "and" && w !== "&" && !SAME_FIGURE.test(w));
}

/** "net sales in japan", "revenue at its outlets": a place or part after the name (not a period, unit or scale). */
const PLACE_AFTER = /^\s*(?:in|at) (?!(?:fy\d*|fiscal|q[1-4]|h[12]|(?:19|20)\d\d|the|usd|us|eur|sek|gbp|dollars?|millions?|billions?|thousands?|percent\w*|units?|total|terms|between|each|both|its|their|this|that|those|these|a|an|any|comparison|line|order|relation|absolute|nominal|real|aggregate|decimal\w*|one|two|three|four|five|last|prior|previous|recent|current|year|years|quarter|quarters|period|periods|months?|\d)\b)[a-z]/;

/** "operating income of acme's widget and edge segment", "revenue for its services division": a part named after the figure. */
const PART_AFTER = /^\s*(?:of|for|in|at|from)\s+(?:the\s+|its\s+|their\s+)?(?:[a-z0-9&.-]+(?:['’]s)?\s+){0,6}?(?:segments?|divisions?|business units?|operating units?|reportable units?|subsidiar(?:y|ies))\b/;

/** "what percentage of revenue in 2020 came from sales outside the us": the share of a part, read later in the clause. */
const SOURCED_LATER = /^[^.?;:]{0,45}?\b(?:came|comes|come|coming|was (?:generated|derived|earned)|were (?:generated|derived|earned)|originated) (?:from|by|in|outside|within)\b/;

export function isQualified(ask: string, term: { start: number; end: number }): boolean {
  const after = ask.slice(term.end, term.end + 30);
  return SOURCED_LATER.test(ask.slice(term.end, term.end + 90)) || QUALIFIER_BEFORE.test(ask.slice(Math.max(0, term.start - 20), term.start)) || modifiedBefore(ask, term.start) || QUALIFIER_AFTER.test(after) || PLACE_AFTER.test(after) || PART_AFTER.test(ask.slice(term.end, term.end + 90));
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
