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
 * fiscal year of the date's year. Bare two-digit years count only beside another year
 * (bareYearMentions).
 */
export function periodMentions(text: string): PeriodMention[] {
  const ended = endedMentions(text).map((e) => ({ label: e.period.label, start: e.start, end: e.end }));
  const inside = (m: RegExpMatchArray) => ended.some((e) => m.index! >= e.start && m.index! < e.end);
  const plain = [...text.matchAll(MENTION)].filter((m) => !inside(m)).map((m) => ({ label: labelOf(m), start: m.index!, end: m.index! + m[0].length }));
  const found = [...ended, ...plain];
  const bare = bareYearMentions(text, found).filter((b) => !found.some((f) => b.start < f.end && f.start < b.end));
  return [...found, ...bare].sort((a, b) => a.start - b.start);
}

/** Words that set two periods side by side or span them ("and"/"or" only beside a year already read: "top 10 and 12" names no years). */
const PAIR_JOIN = String.raw`\s*(?:vs\.?|v\.?|versus|against|compared (?:to|with)|to|through|thru|-|–)\s*`;
const YEAR_JOIN = String.raw`\s*(?:vs\.?|v\.?|versus|against|compared (?:to|with)|to|through|thru|and|or|-|–)\s*`;
/** Two digits standing alone: not part of a longer number, an amount, a percentage or a decimal. */
const DIGITS = String.raw`(\d\d)(?![\d\p{L}%'’]|[.,/]\d)`;
const TWO_DIGITS = String.raw`(?<![\d.,$€£%'’/\p{L}-])${DIGITS}`;
const JOINED_DIGITS = String.raw`(?<![\d.,$€£%'’/\p{L}])${DIGITS}`;
/** Nothing counted after the second number ("18 vs 17 stores", "10 to 12 %"). */
const NOT_COUNTED = String.raw`(?!\s*(?:%|percent\b|pts?\b|points?\b|bps\b|x\b|times\b|(?:million|billion|thousand|mn|bn|m|k)\b|\p{L}+s\b))`;
const BARE_PAIR = new RegExp(`${TWO_DIGITS}(${PAIR_JOIN})${JOINED_DIGITS}${NOT_COUNTED}`, "giu");
const BARE_AFTER = new RegExp(`^${YEAR_JOIN}${JOINED_DIGITS}${NOT_COUNTED}`, "iu");
const BARE_BEFORE = new RegExp(`${TWO_DIGITS}${YEAR_JOIN}$`, "iu");
const LISTED_AFTER_IN = new RegExp(`\\b(?:in|for|during|by)\\s+${TWO_DIGITS}(\\s*(?:and|or|&|,)\\s*)${JOINED_DIGITS}${NOT_COUNTED}`, "giu");
/** A two-digit year this side of 2040, and a pair a few years apart. */
const yearLike = (yy: string) => Number(yy) <= 39;
const closeYears = (a: number, b: number) => a !== b && Math.abs(a - b) <= 10;

/**
 * Two-digit years an analyst types beside another year: a pair compared or spanned ("rev 18 vs
 * 17", "growth 16 to 17", "capex 19-21"), or one joined to a year already read ("fy18 vs 17",
 * "17 vs fy18"). Alone, two digits are a figure ("margin 18"), never a year.
 */
export function bareYearMentions(text: string, found: readonly PeriodMention[] = []): PeriodMention[] {
  const out: PeriodMention[] = [];
  for (const m of text.matchAll(BARE_PAIR)) {
    const [a, join, b] = [m[1]!, m[2]!, m[3]!];
    if (!yearLike(a) || !yearLike(b) || !closeYears(Number(a), Number(b))) continue;
    const start = m.index!;
    out.push({ label: `FY${year4(a)}`, start, end: start + 2 }, { label: `FY${year4(b)}`, start: start + 2 + join.length, end: start + 4 + join.length });
  }
  // "due in 23 and 24", "for 21 or 22": two-digit years listed after a preposition of time
  for (const m of text.matchAll(LISTED_AFTER_IN)) {
    const [a, join, b] = [m[1]!, m[2]!, m[3]!];
    if (!yearLike(a) || !yearLike(b) || !closeYears(Number(a), Number(b))) continue;
    const start = m.index! + m[0].length - (a.length + join.length + b.length);
    out.push({ label: `FY${year4(a)}`, start, end: start + 2 }, { label: `FY${year4(b)}`, start: start + 2 + join.length, end: start + 4 + join.length });
  }
  for (const f of found) {
    const y = parsePeriod(f.label)?.year;
    if (!y) continue;
    const after = BARE_AFTER.exec(text.slice(f.end));
    if (after && yearLike(after[1]!) && closeYears(year4(after[1]!), y)) out.push({ label: `FY${year4(after[1]!)}`, start: f.end + after[0].length - 2, end: f.end + after[0].length });
    const before = BARE_BEFORE.exec(text.slice(0, f.start));
    if (before && yearLike(before[1]!) && closeYears(year4(before[1]!), y)) out.push({ label: `FY${year4(before[1]!)}`, start: before.index, end: before.index + 2 });
  }
  return out;
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
