/**
 * Words the offline evidence path (lib/agent/offline/evidence-path.ts) weighs a found sentence or
 * the question by, as data: hedges that condition an action, phrases that narrow a figure's name to
 * one matter, money labels, and the units that make "how many" ask for an amount, not a count. Each
 * list is compiled once into the pattern its reader tests. Matching is case-insensitive and by whole
 * words; a word ending in "*" also matches any longer word starting so ("evaluat*": "evaluating").
 * A phrase's words are matched as written, one space apart, unless the list says any run of spaces.
 */
import escapeStringRegexp from "escape-string-regexp";

/** Words that weigh or condition an action rather than state it ("we may repurchase"). */
export const HEDGE_WORDS = ["may", "might", "could", "would", "evaluat*", "opportunity", "opportunities", "from time to time", "if", "whether", "consider*"];

/** Words right after a figure's name that narrow it to one matter ("… related to the settlement"). */
export const NARROWING_WORDS = ["on", "related to", "relating to", "associated with", "in connection with"];
/** …unless what follows names a period or the whole ("on the year", "on fiscal 2023", "in connection with 2022"). */
export const NOT_NARROWED_BY = ["year", "quarter", "period", "fiscal", "first", "second", "third", "fourth", "full"];

/** A label or heading of money: net sales and revenue ("Sales Data" or "unit sales" head counts too); any spaces inside. */
export const MONEY_LABEL_WORDS = ["net sales", "revenue", "revenues"];

/** "How many" asks a count… */
export const COUNT_WORDS = ["how many"];
/** …unless a unit of money, scale or rate follows ("how many dollars", "how many times"). */
export const NOT_A_COUNT_UNITS = ["dollars", "euros", "millions", "billions", "thousands", "times", "percent", "basis points"];

/** The alternation of the words: escaped, "*" ending a word as \w*, spaces as written or as \s+. */
function alternation(words: readonly string[], spaces: "as written" | "any" = "as written"): string {
  return words
    .map((w) => {
      const open = w.endsWith("*");
      const word = escapeStringRegexp(open ? w.slice(0, -1) : w);
      return (spaces === "any" ? word.replace(/ /g, "\\s+") : word) + (open ? "\\w*" : "");
    })
    .join("|");
}

/** A hedge anywhere in the text, as a whole word. */
export const HEDGED = new RegExp(`\\b(?:${alternation(HEDGE_WORDS)})\\b`, "i");
/** The text starts (after spaces) with a narrowing phrase not followed by a period word or a year. */
export const NARROWED = new RegExp(`^\\s+(?:${alternation(NARROWING_WORDS)})\\s+(?!(?:the\\s+)?(?:${alternation(NOT_NARROWED_BY)}|(?:19|20)\\d\\d)\\b)`, "i");
/** A money label anywhere in the text. */
export const MONEY_LABEL = new RegExp(`\\b(?:${alternation(MONEY_LABEL_WORDS, "any")})\\b`, "i");
/** "How many" not followed by a unit of money, scale or rate. */
export const COUNT_ASKED = new RegExp(`\\b(?:${alternation(COUNT_WORDS)})\\b(?!\\s+(?:${alternation(NOT_A_COUNT_UNITS)})\\b)`, "i");
