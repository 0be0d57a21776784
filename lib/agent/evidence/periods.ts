/**
 * Periods in a tool call, read against the documents in scope, never against today's date: "last
 * year", "latest", "now" and "current" are the newest fiscal year the company's documents report;
 * "prior year" / "the year before" the one before it; "2022", "FY22", "fiscal 2022" are FY2022;
 * quarters, halves and dates keep their canonical labels (lib/periods). Every relative reading is
 * returned as a note, so the answer can say which year it took.
 */
import { isLatestPeriodArgument, isNewestPeriodWord, parsePeriod, readPeriodRequest, shiftLabelYear } from "@/lib/periods";
import { effectiveMonth, monthNumber } from "@/lib/periods/months";
import type { ScopeDocument } from "./scope";
import { isYearWord } from "@/lib/periods/years";

export interface ResolvedPeriods {
  labels: string[];
  notes: string[];
  /** Periods the call gave that could not be read. */
  unread: string[];
}

const PRIOR = /^(?:prior year|previous year|year before|the year before|last year's prior|year earlier|a year earlier|prior)$/i;
const LAST_N = /^(?:last|past|previous)\s+(\d{1,2}|two|three|four|five)\s+(?:fiscal\s+)?years$/i;
const WORD_N: Record<string, number> = { two: 2, three: 3, four: 4, five: 5 };

/** A document reporting a whole year: a full-year period, or an annual report or 10-K by its kind. */
export const isFullYear = (d: Pick<ScopeDocument, "fiscalPeriod" | "kind">): boolean => d.fiscalPeriod === "FY" || /annual|10-?k/i.test(d.kind ?? "");

/**
 * The newest fiscal year the documents report for a whole year: their own fiscal year, read from
 * the full-year documents (an annual report, a 10-K) when there are any — a 10-Q for the next
 * year reports quarters of a year no annual column holds yet.
 */
export function latestFiscalYear(docs: ScopeDocument[]): number | undefined {
  const annual = docs.filter(isFullYear);
  const years = (annual.length ? annual : docs).map((d) => d.fiscalYear).filter((y): y is number => typeof y === "number");
  return years.length ? Math.max(...years) : undefined;
}

/**
 * The fiscal year an annual document closes on this day (52/53-week years end up to a week from
 * a month's end): a balance asked "at September 24, 2022" is the balance sheet of that year.
 */
function fiscalYearEnding(day: string | undefined, docs: ScopeDocument[]): number | undefined {
  if (!day) return undefined;
  const t = Date.parse(day);
  const hit = docs.find((d) => d.date && d.fiscalYear && isFullYear(d) && Math.abs(Date.parse(d.date) - t) <= 7 * 86_400_000);
  return hit?.fiscalYear ?? undefined;
}

/**
 * A quarter or half asked without its year ("Q1", "latest quarter"): the newest one of the documents
 * report (an earnings release's own quarter), else that quarter of the latest fiscal year.
 */
function quarterOf(p: string, latest: number | undefined, docs: ScopeDocument[]): string | undefined {
  const ending = /^quarter ending (\p{L}+)(?: (\d{4}))?$/iu.exec(p);
  if (ending) return quarterEnding(monthNumber(ending[1]!), ending[2] ? Number(ending[2]) : undefined, docs);
  const part = /^(?:latest|last|this|current|most recent) quarter$/i.test(p) ? "Q" : /^[QH][1-4]$/i.test(p) ? p.toUpperCase() : undefined;
  if (!part) return undefined;
  const own = docs
    .filter((d) => typeof d.fiscalYear === "number" && !!d.fiscalPeriod && (part === "Q" ? /^Q[1-4]$/.test(d.fiscalPeriod) : d.fiscalPeriod === part))
    .sort((a, b) => b.fiscalYear! - a.fiscalYear! || (b.fiscalPeriod! > a.fiscalPeriod! ? 1 : -1))[0];
  if (own) return `${own.fiscalPeriod} ${own.fiscalYear}`;
  return part !== "Q" && latest !== undefined ? `${part} ${latest}` : undefined;
}

/**
 * The quarter ending in a month ("the june quarter", "sept qtr '22"): the newest quarterly document
 * whose period ends in that month (and year, when asked), as its own fiscal quarter ("Q2 2024" for a
 * July quarter of a January fiscal year).
 */
function quarterEnding(month: number, year: number | undefined, docs: ScopeDocument[]): string | undefined {
  if (!month) return undefined;
  const quarterly = docs.filter((d) => typeof d.fiscalYear === "number" && /^Q[1-4]$/.test(d.fiscalPeriod ?? "")).sort((a, b) => (b.date ?? "").localeCompare(a.date ?? ""));
  // a document dated the day its quarter ends first; else a release dated weeks after its quarter
  const ended = [...quarterly.map((d) => ({ d, end: dayEnded(d) })), ...quarterly.map((d) => ({ d, end: quarterEnd(d, yearEndMonth(d, docs)) }))].filter((x) => x.end?.month === month);
  const own = ended.find((x) => !year || x.end!.year === year);
  if (own) return `${own.d.fiscalPeriod} ${own.d.fiscalYear}`;
  // "the june quarter of 2022" in a 2023 release: its quarter a year (or years) before, a year-ago column
  const newest = ended[0];
  return newest && year ? shiftLabelYear(`${newest.d.fiscalPeriod} ${newest.d.fiscalYear}`, year - newest.end!.year) ?? undefined : undefined;
}

/** The month a document's date closes (a 52/53-week quarter ends up to a week into the next month: "July 1, 2023" closes June). */
function dayEnded(d: ScopeDocument): { month: number; year: number } | undefined {
  const at = d.date ? new Date(d.date) : undefined;
  return at ? effectiveMonth(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate()) : undefined;
}

/** The month the company's fiscal year ends, read from the date of an annual document of the same company; December when none says. */
function yearEndMonth(d: ScopeDocument, docs: ScopeDocument[]): number {
  const annual = docs.find((a) => a.date && a.company === d.company && isFullYear(a));
  if (!annual) return 12;
  const at = new Date(annual.date!);
  return effectiveMonth(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate()).month;
}

/**
 * The month and year a release's or current report's quarter ends when it is dated after it:
 * quarters end three months apart, so its quarter ended in the last quarter-end month under three
 * months before the date (counted from the fiscal year's end month).
 */
function quarterEnd(d: ScopeDocument, yearEnd: number): { month: number; year: number } | undefined {
  const at = d.date ? new Date(d.date) : undefined;
  if (!at || !/release|current report/i.test(d.kind ?? "")) return undefined;
  const dated = at.getUTCFullYear() * 12 + at.getUTCMonth();
  // month indexes 0–2 before the date; the one three months apart from the fiscal year's end
  const back = [0, 1, 2].find((b) => (((dated - b) % 12) + 12) % 12 % 3 === (yearEnd - 1) % 3) ?? 1;
  const end = dated - back;
  return { month: (end % 12) + 1, year: Math.floor(end / 12) };
}

function one(raw: string, latest: number | undefined, notes: string[], docs: ScopeDocument[] = [], balance = false): string[] | undefined {
  const p = raw.trim().replace(/^the\s+/i, "");
  if (!p) return [];
  // "Q3 a year earlier", "the june quarter a year earlier": the period read, a year before
  const earlier = /^(.+?)\s+a year earlier$/i.exec(p);
  if (earlier) {
    const base = one(earlier[1]!, latest, [], docs, balance);
    const shifted = base?.map((l) => shiftLabelYear(l, -1));
    if (!shifted?.length || shifted.some((l) => !l)) return undefined;
    notes.push(`"${raw}" read as ${shifted.join(", ")}.`);
    return shifted as string[];
  }
  const quarter = quarterOf(p, latest, docs);
  if (quarter) {
    notes.push(`"${raw}" read as ${quarter}, the latest such period the documents report.`);
    return [quarter];
  }
  if (isLatestPeriodArgument(p)) {
    // a balance asked as of now: the newest balance sheet, a quarterly report's after the last annual one
    const quarter = balance ? newerQuarter(latest, docs) : undefined;
    if (quarter) {
      notes.push(`"${raw}" read as ${quarter}, the newest balance sheet the documents print.`);
      return [quarter];
    }
    // a deal of interim reports only (earnings releases, 10-Qs): "latest" is the newest quarter they report, not a year none covers
    const interimOnly = docs.length > 0 && !docs.some(isFullYear);
    const newestQuarter = interimOnly && isNewestPeriodWord(p) ? quarterOf("latest quarter", latest, docs) : undefined;
    if (newestQuarter) {
      notes.push(`"${raw}" read as ${newestQuarter}, the newest period the documents report (they hold no annual report).`);
      return [newestQuarter];
    }
    if (latest === undefined) return undefined;
    notes.push(`"${raw}" read as FY${latest}, the latest fiscal year the documents report.`);
    return [`FY${latest}`];
  }
  if (PRIOR.test(p)) {
    if (latest === undefined) return undefined;
    notes.push(`"${raw}" read as FY${latest - 1}, the year before the latest reported.`);
    return [`FY${latest - 1}`];
  }
  const n = LAST_N.exec(p);
  if (n) {
    if (latest === undefined) return undefined;
    const count = WORD_N[n[1]!.toLowerCase()] ?? Number(n[1]);
    notes.push(`"${raw}" read as FY${latest - count + 1}–FY${latest}.`);
    return Array.from({ length: count }, (_, i) => `FY${latest - count + 1 + i}`);
  }
  if (isYearWord(p)) return [`FY${p}`];
  const parsed = parsePeriod(p);
  const yearEnd = parsed?.kind === "point" ? fiscalYearEnding(parsed.end, docs) : undefined;
  if (yearEnd) {
    notes.push(`"${raw}" read as FY${yearEnd}, the fiscal year ending that day.`);
    return [`FY${yearEnd}`];
  }
  if (parsed) return [parsed.label];
  const req = readPeriodRequest(p);
  if (req.exact) return [req.exact.label];
  return undefined;
}

/**
 * The quarter of the newest quarterly document when it closes after the latest fiscal year (a 10-Q
 * of the next year): where a balance "now" is printed. Undefined when the annual report is newest.
 */
function newerQuarter(latest: number | undefined, docs: ScopeDocument[]): string | undefined {
  const quarterly = docs.filter((d) => typeof d.fiscalYear === "number" && /^Q[1-3]$/.test(d.fiscalPeriod ?? "") && (latest === undefined || d.fiscalYear > latest));
  const newest = quarterly.sort((a, b) => b.fiscalYear! - a.fiscalYear! || b.fiscalPeriod!.localeCompare(a.fiscalPeriod!))[0];
  return newest ? `${newest.fiscalPeriod} ${newest.fiscalYear}` : undefined;
}

/** `balance`: the figures asked are balances at a date, so "now" is the newest balance sheet, not the last fiscal year. */
export function resolvePeriods(raw: string[] | undefined, docs: ScopeDocument[], o: { balance?: boolean } = {}): ResolvedPeriods {
  const latest = latestFiscalYear(docs);
  const out: ResolvedPeriods = { labels: [], notes: [], unread: [] };
  for (const r of raw ?? []) {
    const got = one(r, latest, out.notes, docs, o.balance);
    if (got === undefined) out.unread.push(r);
    else for (const l of got) if (!out.labels.includes(l)) out.labels.push(l);
  }
  return out;
}
