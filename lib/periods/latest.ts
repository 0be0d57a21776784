/**
 * The words that name the newest period the documents report ("latest", "now", "most recent"),
 * one list for every reader. Each reader takes a named subset of it, and the subsets differ on
 * purpose; the differences are written here, not in each reader's own pattern:
 *  - a tool's period argument (lib/agent/evidence/periods.ts) also reads the year words
 *    ("last year", "ttm") as the newest fiscal year;
 *  - get_line_items asking for a row's newest column (lib/agent/evidence/line-items.ts) takes the
 *    plain "newest period" words only: "last year" is a year, not a newer report's quarter;
 *  - a question's text (lib/agent/reader/read.ts) says "as of now" in prose ("currently", "these
 *    days", "at present"), and not by "newest"/"recent", which there name a report or a trend;
 *  - a request asking a labelled row for its newest column (lib/agent/offline/answers-from/labelled-row.ts)
 *    takes any word starting "current" ("currently", "current-year").
 * Matching is case-insensitive; a phrase's words are separated by one space, as written here.
 */
import escapeStringRegexp from "escape-string-regexp";

export const LATEST_WORDS = [
  "latest",
  "newest",
  "most recent",
  "recent",
  "current",
  "currently",
  "now",
  "today",
  "these days",
  "at present",
  "presently",
  "at this point",
  "at the moment",
  "as it stands",
  "this year",
  "last year",
  "last fiscal year",
  "latest year",
  "ttm",
] as const;
export type LatestWord = (typeof LATEST_WORDS)[number];

/** Words that are nothing but "the newest period". */
export const NEWEST_PERIOD_WORDS: readonly LatestWord[] = ["latest", "newest", "most recent", "current", "now", "today", "recent"];
/** A tool's period argument: the newest period, or a year word the tools read as the newest fiscal year. */
export const LATEST_PERIOD_ARGUMENT_WORDS: readonly LatestWord[] = [...NEWEST_PERIOD_WORDS, "this year", "last year", "last fiscal year", "latest year", "ttm"];
/** A question's words for "as of now". */
export const PRESENT_IN_QUESTION_WORDS: readonly LatestWord[] = ["now", "currently", "current", "today", "latest", "most recent", "these days", "at present", "presently", "at this point", "at the moment", "as it stands"];
/** A request's words for a row's newest column; "current" also as the start of a longer word. */
export const NEWEST_COLUMN_WORDS: readonly LatestWord[] = ["latest", "now", "current", "most recent", "newest"];
const NEWEST_COLUMN_WORD_STARTS: readonly LatestWord[] = ["current"];

const alternation = (words: readonly string[]) => words.map(escapeStringRegexp).join("|");
/** The whole text is one of the words ("Latest", "most recent"). */
const whole = (words: readonly string[]) => new RegExp(`^(?:${alternation(words)})$`, "i");
/** The text holds one of the words as a word, or a word starting with one of `starts`. */
const within = (words: readonly string[], starts: readonly string[] = []) =>
  new RegExp([`\\b(?:${alternation(words)})\\b`, ...(starts.length ? [`\\b(?:${alternation(starts)})`] : [])].join("|"), "i");

const PERIOD_ARGUMENT = whole(LATEST_PERIOD_ARGUMENT_WORDS);
const NEWEST_PERIOD = whole(NEWEST_PERIOD_WORDS);
const PRESENT_IN_QUESTION = within(PRESENT_IN_QUESTION_WORDS);
const NEWEST_COLUMN = within(NEWEST_COLUMN_WORDS, NEWEST_COLUMN_WORD_STARTS);

/** A tool's period argument that means the newest fiscal year ("latest", "now", "last year", "TTM"). */
export const isLatestPeriodArgument = (period: string): boolean => PERIOD_ARGUMENT.test(period);
/** A period that is nothing but "the newest" ("latest", "current"; not "last year"). */
export const isNewestPeriodWord = (period: string): boolean => NEWEST_PERIOD.test(period);
/** A question that asks as of now ("what is it currently", "the latest figure"). */
export const asksPresent = (text: string): boolean => PRESENT_IN_QUESTION.test(text);
/** Where a question says "as of now" ("at this point", "as it stands"): character spans, so a reader leaves those words out of a part's name. */
export function presentSpans(text: string): Array<[number, number]> {
  return [...text.matchAll(PRESENT_IN_QUESTION_ALL)].map((m) => [m.index, m.index + m[0].length]);
}
const PRESENT_IN_QUESTION_ALL = new RegExp(PRESENT_IN_QUESTION.source, "gi");
/** A request that asks a row for its newest column ("the latest", "currently"). */
export const asksNewestColumn = (text: string): boolean => NEWEST_COLUMN.test(text);
