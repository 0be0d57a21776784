/**
 * The period a sentence of a report names: "third quarter of 2024", "Q3 2024", "first nine months
 * of 2024", "first half 2024", "financial year 2023", "FY2024". A bare year is not enough: prose
 * mentions years for many reasons ("founded in 2019").
 */
import { makePeriod, type PeriodLabel } from "./period";

const ORD: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4 };

export function periodInSentence(s: string): PeriodLabel | null {
  let m = /\b(first|second|third|fourth) quarter (?:of )?((?:19|20)\d\d)\b/i.exec(s);
  if (m) return { period: makePeriod("Q", Number(m[2]), ORD[m[1]!.toLowerCase()]).label };
  m = /\bQ([1-4]) ?((?:19|20)\d\d)\b/.exec(s);
  if (m) return { period: makePeriod("Q", Number(m[2]), Number(m[1])).label };
  m = /\bfirst nine months (?:of )?((?:19|20)\d\d)\b/i.exec(s);
  if (m) return { period: makePeriod("9M", Number(m[1])).label };
  m = /\b(first|second) half (?:of )?(?:the year )?((?:19|20)\d\d)\b/i.exec(s);
  if (m) return { period: makePeriod("H", Number(m[2]), m[1]!.toLowerCase() === "first" ? 1 : 2).label };
  m = /\b(?:FY ?|fiscal (?:year )?|financial year |full[- ]year |full year )((?:19|20)\d\d)\b/i.exec(s);
  if (m) return { period: makePeriod("FY", Number(m[1])).label };
  return null;
}

/**
 * The text names the year: "2024", or in the two-digit forms reports print beside a fiscal year or
 * quarter ("FY24", "Q3 FY24", "fiscal '24", "1H24").
 */
export function namesYear(text: string, year: string): boolean {
  const yy = year.slice(2);
  return new RegExp(String.raw`\b${year}\b|\b(?:FY|fiscal(?: year)?|Q[1-4]|[12]H|H[12])\s?'?${yy}\b|'${yy}\b`, "i").test(text);
}
