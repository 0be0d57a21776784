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

/**
 * Words saying a change is measured at constant currency ("growth in cc", "ex-fx", "fx-neutral",
 * "currency-neutral", "excluding currency changes", "on a constant currency basis"): in a question
 * they ask the figure's change on that basis; in a filing's sentence they say a change stated is
 * on it. A hyphen or any spaces may join a phrase's words.
 */
export const CONSTANT_CURRENCY_WORDS = [
  "on a constant currency basis",
  "on a constant-currency basis",
  "at constant currency",
  "at constant exchange rates",
  "in constant currency",
  "constant currency",
  "constant currencies",
  "cc",
  "ex fx",
  "ex currency",
  "excluding fx",
  "excl fx",
  "excluding foreign exchange",
  "excluding foreign currency",
  "excluding currency",
  "excluding currency changes",
  "excluding currency effects",
  "excluding currency impacts",
  "excluding the impact of currency",
  "excluding the impact of foreign currency",
  "excluding the effect of foreign currency",
  "excluding the effects of foreign currency",
  "fx neutral",
  "fx adjusted",
  "currency neutral",
  "on a currency neutral basis",
  "on an fx neutral basis",
];

/**
 * Headings of a change column on the constant-currency basis, beyond those words ("Constant" under
 * "Percent Change", "% Change Excluding Currency Changes"), and of the reported change beside it
 * ("Actual", "As Reported"). A plain "% Change" is the reported change, unless the table names the
 * reported column otherwise (then it spans the columns below it).
 */
export const CONSTANT_CURRENCY_HEADINGS = ["% change excluding currency changes", "constant"];
export const REPORTED_HEADINGS = ["as reported", "actual", "reported"];
export const CHANGE_HEADINGS = ["% change", "percent change", "change"];

/** One phrase of the lists above as a pattern: its words joined by any spaces or a hyphen, "%" as written. */
const phrase = (w: string) => w.split(" ").map((x) => escapeStringRegexp(x)).join("[\\s-]*").replace(/^(\w)/, "\\b$1");
const longestFirst = (ws: readonly string[]) => [...ws].sort((a, b) => b.length - a.length).map(phrase).join("|");

/** The constant-currency words anywhere in a text, as whole words. */
export const CONSTANT_CURRENCY = new RegExp(`(?:${longestFirst(CONSTANT_CURRENCY_WORDS)})(?![\\w-])`, "i");
/** …all of them, to take out of a question once read. */
export const CONSTANT_CURRENCY_ALL = new RegExp(`(?:${longestFirst(CONSTANT_CURRENCY_WORDS)})(?![\\w-])`, "gi");
/** A change column's heading: constant-currency (B) or reported (R), the longest wording first. */
export const CHANGE_HEADING = new RegExp(`(?<basis>${longestFirst([...CONSTANT_CURRENCY_HEADINGS, ...CONSTANT_CURRENCY_WORDS.filter((w) => w !== "cc")])})(?![\\w-])|(?<reported>${longestFirst(REPORTED_HEADINGS)})(?![\\w-])|(?<change>${longestFirst(CHANGE_HEADINGS)})(?![\\w-])`, "gi");
