/**
 * Periods named in a metric question, in the canonical labels of lib/periods ("FY2018",
 * "Q2 2024", "H1 2024"): every mention with its place in the text ("FY2015", "FY 23", "fiscal
 * 2019", "Q2 of FY2024", "Q22023", "2019", "'19"), ranges ("FY2015 - FY2017", "from FY2016 to FY2018",
 * "between FY2016 and FY2017"), and year arithmetic on labels.
 */
import { endedMentions, makePeriod, parsePeriod, shiftLabelYear, year4 } from "@/lib/periods";

export interface PeriodMention {
  label: string;
  start: number;
  end: number;
}

const YEAR = "((?:19|20)\\d\\d|'?\\d\\d)";
const MENTION = new RegExp(
  [
    `\\b(?:q([1-4])|([1-4])q)\\s*(?:of\\s+)?(?:(?:fy|fiscal(?: year)?)\\s*)?'?((?:19|20)\\d\\d|\\d\\d)\\b`,
    `\\b(?:h([12])|([12])h)\\s*(?:of\\s+)?(?:(?:fy|fiscal(?: year)?)\\s*)?'?((?:19|20)\\d\\d|\\d\\d)\\b`,
    `\\b(?:fy|fye|ye|fiscal(?: year)?(?: end)?|financial year)\\s*${YEAR}\\b`,
    `(?<![\\w.$])((?:19|20)\\d\\d)(?![\\w.%]|\\s*(?:million|billion|thousand))`,
    `\\b(first|second|third|fourth|1st|2nd|3rd|4th) quarter (?:of )?(?:(?:fy|fiscal(?: year)?)\\s*)?'?((?:19|20)\\d\\d|\\d\\d)\\b`,
    `\\b(first|second|1st|2nd) half (?:of )?(?:(?:fy|fiscal(?: year)?)\\s*)?'?((?:19|20)\\d\\d|\\d\\d)\\b`,
    // "revenue in '15", "'22 capex": a year by its last two digits after an apostrophe
    // (after a month, "oct '22" is a month of that year, not a fiscal year)
    `(?<![\\w'’])(?<!\\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?\\s*)['’](\\d\\d)(?![\\w%'’])`,
    // "memberships at the end of 17": a year-end by its last two digits, with nothing counted after it
    // (…or before a word joining it to another period: "from end of 17 to end of 19")
    `\\b(?:end|close) of (?:the )?(?:year |fiscal )?(\\d\\d)(?![\\w%'’.,]|\\s*(?:%|percent|million|billion|thousand|(?!(?:to|and|vs|versus|through|thru|compared|against|or)\\b)[a-z]))`,
    // "ebay rev up in 22?": two digits ending the question after "in" / "for" / "during" are its year
    `\\b(?:in|for|during) (\\d\\d)(?=\\s*[?.!]*\\s*$)`,
  ].join("|"),
  "gi",
);

const ORDINAL: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4 };

function labelOf(m: RegExpMatchArray): string {
  if (m[10]) return makePeriod("Q", year4(m[10]), ORDINAL[m[9]!]).label;
  if (m[12]) return makePeriod("H", year4(m[12]), ORDINAL[m[11]!]).label;
  if (m[3]) return makePeriod("Q", year4(m[3]), Number(m[1] ?? m[2])).label;
  if (m[6]) return makePeriod("H", year4(m[6]), Number(m[4] ?? m[5])).label;
  const y = m[7] ?? m[8] ?? m[13] ?? m[14] ?? m[15]!;
  return `FY${year4(y.replace("'", ""))}`;
}

/**
 * Every period mention, in text order. A period named by its last day ("the three months ended
 * October 31, 2022") is one mention labelled by length and day (lib/periods/ended.ts), not the
 * fiscal year of the date's year.
 */
export function periodMentions(text: string): PeriodMention[] {
  const ended = endedMentions(text).map((e) => ({ label: e.period.label, start: e.start, end: e.end }));
  const inside = (m: RegExpMatchArray) => ended.some((e) => m.index! >= e.start && m.index! < e.end);
  const plain = [...text.matchAll(MENTION)].filter((m) => !inside(m)).map((m) => ({ label: labelOf(m), start: m.index!, end: m.index! + m[0].length }));
  return [...ended, ...plain].sort((a, b) => a.start - b.start);
}

const RANGE_JOIN = /^\s*(?:-|–|to|through|until|and)\s*$/;

/** Two consecutive mentions joined by "-", "to", "through" or "and" (after "between"/"from" or not). */
export function periodRange(text: string, mentions: PeriodMention[]): [string, string] | undefined {
  for (let i = 0; i + 1 < mentions.length; i++) {
    const a = mentions[i]!;
    const b = mentions[i + 1]!;
    const join = text.slice(a.end, b.start);
    // ("2017 and 2019" names two years; "between 2017 and 2019" the span)
    if (RANGE_JOIN.test(join) && (!/\band\b/i.test(join) || BETWEEN.test(text.slice(Math.max(0, a.start - 30), a.start)))) return sortLabels([a.label, b.label]) as [string, string];
  }
  return undefined;
}
const BETWEEN = /\b(?:between|from)\b[^,;]*$/i;

export function sortLabels(labels: string[]): string[] {
  const end = (l: string) => parsePeriod(l)?.end ?? l;
  return [...new Set(labels)].sort((a, b) => (end(a) < end(b) ? -1 : end(a) > end(b) ? 1 : 0));
}

/** The labels from `from` to `to` year by year ("FY2015", "FY2017" → FY2015, FY2016, FY2017). */
export function yearsBetween(from: string, to: string): string[] {
  const out = [from];
  for (let i = 1; i < 30; i++) {
    const next = shiftLabelYear(from, i);
    if (!next || out.includes(to)) break;
    out.push(next);
    if (next === to) break;
  }
  return out.includes(to) ? out : [from, to];
}

/** A label moved by whole years ("FY2018", -1 → "FY2017"); the label itself when it cannot move. */
export function shiftYears(label: string, by: number): string {
  return by === 0 ? label : (shiftLabelYear(label, by) ?? label);
}

export function yearsApart(from: string, to: string): number {
  const a = parsePeriod(from);
  const b = parsePeriod(to);
  return a && b ? b.year - a.year : 0;
}
