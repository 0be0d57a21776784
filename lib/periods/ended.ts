/**
 * A period named by its length and last day, as US filings head their columns and questions
 * quote them: "the three months ended October 31, 2022", "the quarter ended March 31, 2023",
 * "six months ended July 31, 2023", "nine months ended 30 September 2024". The fiscal quarter
 * such a period is depends on the company's fiscal year (a quarter ending in October is Q3 of a
 * January year), so it is kept as written — a length and an end date — and matched against a
 * finding by the finding's own period length and `period_end`, never by a calendar guess.
 *
 * Label: "quarter ended 2022-10-31" | "six months ended 2023-07-31" | "nine months ended 2024-09-30".
 */
import { isoDate, lastDayOfMonth, MONTH, monthNumber, year4 } from "./months";
import { makePeriod, type Period } from "./period";

export type EndedKind = "Q" | "H" | "9M";

const WORD: Record<EndedKind, string> = { Q: "quarter", H: "six months", "9M": "nine months" };

const LENGTH = String.raw`(three|3|six|6|nine|9)[ -]months?|(quarter|fiscal quarter)`;
const DATE_MDY = String.raw`(${MONTH})\.?\s+(\d{1,2}),?\s+((?:19|20)\d\d)`;
const DATE_DMY = String.raw`(\d{1,2})\s+(${MONTH})\.?,?\s+((?:19|20)\d\d)`;
/** "10/31/2022", "7/31/23": month first, as US filings and analysts write it. */
const DATE_NUMERIC = String.raw`(\d{1,2})\/(\d{1,2})\/((?:19|20)?\d\d)\b`;
/**
 * Length, "ended"/"ending" (or "to"/"through", as analysts write it: "the six months to July 31,
 * 2023"), then a date in any of the three forms; global for scanning mentions.
 */
export const ENDED_SOURCE = String.raw`\b(?:${LENGTH})\s+(?:period\s+)?(?:ended|ending|to|through|thru)\s+(?:on\s+)?(?:${DATE_MDY}|${DATE_DMY}|${DATE_NUMERIC})`;
/** Compiled once (the MONTH alternation is long); matchAll scans a copy, so its lastIndex stays 0. */
const ENDED = new RegExp(ENDED_SOURCE, "gi");

function kindOf(length: string | undefined, quarter: string | undefined): EndedKind {
  if (quarter) return "Q";
  const w = (length ?? "").toLowerCase();
  return w === "six" || w === "6" ? "H" : w === "nine" || w === "9" ? "9M" : "Q";
}

/** The period a match of ENDED_SOURCE names; undefined for an impossible date. */
function fromMatch(m: RegExpMatchArray): Period | undefined {
  const kind = kindOf(m[1], m[2]);
  const [month, day, year] = m[3] ? [monthNumber(m[3]), Number(m[4]), Number(m[5])] : m[7] ? [monthNumber(m[7]), Number(m[6]), Number(m[8])] : [Number(m[9]), Number(m[10]), year4(m[11]!)];
  if (!month || month > 12 || day < 1 || day > lastDayOfMonth(year, month)) return undefined;
  return endedPeriod(kind, isoDate(year, month, day));
}

/** The Period of a length ending on an ISO date. */
export function endedPeriod(kind: EndedKind, end: string): Period {
  return { label: `${WORD[kind]} ended ${end}`, kind, year: Number(end.slice(0, 4)), end, endedOn: true };
}

/** The first period by end date a text names, with the words that named it. */
export function readEndedPeriod(text: string): { period: Period; phrase: string; index: number } | undefined {
  for (const m of text.matchAll(ENDED)) {
    const period = fromMatch(m);
    if (period) return { period, phrase: m[0], index: m.index! };
  }
  return undefined;
}

/** Every period by end date in a text, with its place (for readers that list period mentions). */
export function endedMentions(text: string): Array<{ period: Period; start: number; end: number }> {
  const out: Array<{ period: Period; start: number; end: number }> = [];
  for (const m of text.matchAll(ENDED)) {
    const period = fromMatch(m);
    if (period) out.push({ period, start: m.index!, end: m.index! + m[0].length });
  }
  return out;
}

/** "quarter ended 2022-10-31" (the label above) → its Period; undefined for another form. */
export function parseEndedLabel(label: string): Period | undefined {
  const m = /^(quarter|six months|nine months) ended (\d{4})-(\d{2})-(\d{2})$/.exec(label.trim().toLowerCase());
  if (!m) return undefined;
  const kind: EndedKind = m[1] === "quarter" ? "Q" : m[1] === "six months" ? "H" : "9M";
  const [y, mo, d] = [Number(m[2]), Number(m[3]), Number(m[4])];
  if (mo < 1 || mo > 12 || d < 1 || d > lastDayOfMonth(y, mo)) return undefined;
  return endedPeriod(kind, isoDate(y, mo, d));
}

/**
 * Whether a finding's period is the one asked by its end date: the same length (a quarter is not
 * the six or nine months ending the same day, nor the year) and the same last day. The finding's
 * own `period_end` decides when it has one (fiscal quarters); a label without one is read on the
 * calendar ("Q1 2023" ends 2023-03-31). A 52/53-week quarter ending up to a week after the asked
 * day's month end ("January 1, 2023" for a December quarter) is not guessed at: the day must match.
 */
export function matchesEnded(asked: Period, statedLabel: string | null | undefined, statedEnd?: string | null): boolean {
  if (!asked.endedOn || !statedLabel) return false;
  const stated = parseEndedLabel(statedLabel) ?? parseStated(statedLabel);
  if (!stated || stated.kind !== asked.kind) return false;
  const end = statedEnd ? statedEnd.slice(0, 10) : stated.end;
  return end === asked.end;
}

/** A stored label read as a length: "Q3 2023" is a quarter, "H1 2024" six months, "9M 2024" nine months. */
function parseStated(label: string): Period | undefined {
  const m = /^(Q|H)([1-4]) ((?:19|20)\d\d)$|^9M ((?:19|20)\d\d)$/.exec(label.trim());
  if (!m) return undefined;
  if (m[4]) return makePeriod("9M", Number(m[4]));
  return makePeriod(m[1] as "Q" | "H", Number(m[3]), Number(m[2]));
}
