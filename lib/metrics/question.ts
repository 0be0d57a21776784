/**
 * Cleaning a question before it is read: the analyst-prompt wrapping around the ask (statement
 * names such as "the statement of cash flows", which must not read as line items; "if X is not a
 * useful metric, state that and explain why" caveats), the definition sentence, and the cues of a
 * narrative question that no computed figure answers.
 */

/** Statement names, removed so "cash flow statement" does not read as cash or cash flow. */
const STATEMENT_NAMES =
  /\b(?:(?:the )?(?:consolidated )?(?:statements?|sheets?) of (?:cash ?flows?|financial position|financial condition|(?:comprehensive )?income|operations|earnings|comprehensive income|(?:share|stock)holders'? equity)|(?:cash ?flows?|income|earnings|p&l|profit and loss) statements?|balance sheets?|p&l|profit and loss)\b/g;

/** "If operating margin is not a useful metric for a company like this, then please state that and explain why." */
const CAVEAT = /\bif\b[^.?]*\bnot\b[^.?]*\b(?:metric|measure|relevant|useful|meaningful|applicable)\b[^.?]*(?:[.?]|$)/g;

/** Cues of a question about words, not figures: reasons, people, events, parts of the business. */
const NARRATIVE =
  /\b(?:why|what (?:drove|drives|caused|explains?)|drivers?|reasons?|explain\w*|due to|events?|factors?|risks?|litigation|lawsuits?|legal|acquisitions?|acquired|customers?|competitors?|suppliers?|segments?|regions?|geograph\w*|categor(?:y|ies)|product lines?|stores?|employees?|headcount|guidance|forecast\w*|expects?|expected to|plans?|strategy|outlook|ceo|chief|executives?|directors?|who|whom|spin(?:ning)? ?off|cyclical\w*|auditors?|intensive)\b/;

/** The definition a question states ("X is defined as: …", "defined as …", "calculated as …"). */
const DEFINITION = /(?:^|(?<=[.?!;:]\s?))([^.?!;:]*?)\s*\b(?:(?:is|are|should be|will be|to be|being)\s+)?(?:defined|calculated|computed|measured)\s+(?:as|by)\b\s*:?\s*(.+?)(?=\.\s|\.$|\?|$)/;

export interface CleanQuestion {
  /** The ask, with wrapping, caveat and definition removed (normalised). */
  ask: string;
  /** The definition's formula text and the name it defines. */
  definition?: { name: string; text: string };
}

export function cleanQuestion(normalised: string): CleanQuestion {
  let ask = normalised.replace(CAVEAT, " ");
  const def = DEFINITION.exec(ask);
  let definition: CleanQuestion["definition"];
  if (def) {
    definition = { name: def[1]!.trim(), text: def[2]!.trim() };
    ask = ask.slice(0, def.index) + " " + ask.slice(def.index + def[0].length);
  }
  ask = ask.replace(STATEMENT_NAMES, " ").replace(/\s+/g, " ").trim();
  return definition ? { ask, definition } : { ask };
}

export function isNarrative(ask: string): boolean {
  return NARRATIVE.test(ask);
}

const AUXILIARY = /^(?:is|are|does|do|did|has|have|had|was|were|can|could|will|would|should)\b/;

/** The sentence holding the position `at`, and whether it is a yes/no question. */
export function isPolarAt(ask: string, at: number): boolean {
  const before = ask.slice(0, at);
  const start = Math.max(before.lastIndexOf(". "), before.lastIndexOf("? "), before.lastIndexOf(": "), before.lastIndexOf("! "));
  const sentence = ask.slice(start < 0 ? 0 : start + 2).replace(/^(?:here'?s|here is) the question\s*:?\s*/, "").replace(/^[^a-z]+/, "");
  return AUXILIARY.test(sentence);
}
