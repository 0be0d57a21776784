/**
 * Figures as a source states them — each with its line item and its period — and the value
 * numbers of a piece of text. The gate checks an answer's figures against these; the offline
 * driver writes its statements from them.
 *   - a table row is read against the period columns of the header above it; a note reference
 *     printed between the label and the values ("Revenue 4 12,300" under "Note 2030") is a note,
 *     not part of the value;
 *   - a spreadsheet row ("A6: Total revenue | B6: 18400 | C6: 20500") is read by cell column
 *     against the header row whose cells name periods;
 *   - a prose sentence with a figure carries the period it names ("third quarter of 2024").
 * Years, dates, period labels ("Q3", "9M 2024"), page numbers and list numbering are no values.
 */
import { comparePeriods, headerColumns, makePeriod, periodInSentence, readPeriodRequest, samePeriod, type PeriodColumn } from "@/lib/periods";
import { trailingValues } from "@/lib/statements/values";
import { extractNumbers, sentencesOf, type NumberToken } from "./text";

export interface SourceFigure {
  /** The line item (a row's label) or, for prose, the sentence that states the figure. */
  label: string;
  /** As printed: "7,300", "(1,204)", "7.3", "17.5%". */
  raw: string;
  /** As printed, sign kept (a bracketed amount is negative). */
  value: number;
  /**
   * Canonical period label ("Q2 2031", "FY2030", "9M 2031"); null when the source does not say;
   * "comparative" for a bracketed prior-period figure; "unknown" for one of several row values
   * whose columns could not be read.
   */
  period: string | null;
  /** The column or the sentence is a forecast / budget / outlook. */
  forecast: boolean;
  /** The exact line (row) or sentence (prose) of the source: a quote the viewer can find. */
  line: string;
  kind: "row" | "cell" | "sentence";
  /** Where the figure starts in `line` (sentences: the same number may occur twice). */
  at?: number;
  /** A note reference printed between the label and the values. */
  note?: string;
}

const MONTHS = "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|januari|februari|mars|maj|juni|juli|augusti|oktober";
const DAY_BEFORE_MONTH = new RegExp(`^\\s*(?:${MONTHS})\\b`, "i");
const MONTH_BEFORE_DAY = new RegExp(`\\b(?:${MONTHS})\\.?\\s*$`, "i");
const FORECAST_WORDS = /\b(?:forecast|budget(?:ed)?|outlook|guidance|plan(?:ned)?|projected|expects?|expected|estimate[ds]?|target|prognos|förväntar)\b/i;

/** The canonical label of a header column ("Q2 2031", "FY2030", "9M 2031"); dates and bare days are points. */
function columnLabel(c: PeriodColumn): string | null {
  if (c.day !== undefined) return null;
  if (c.kind === "Q") return `Q${c.q} ${c.year}`;
  if (c.kind === "H") return `H${c.q} ${c.year}`;
  if (c.kind === "9M") return `9M ${c.year}`;
  return `FY${c.year}`;
}

/** A header line: period columns and no other numbers ("GBP thousands Q2 2031 Q2 2030 6M 2031", "Note 2030"). */
function headerOf(line: string): { labels: Array<string | null>; forecast: boolean[]; note: boolean } | null {
  const cols = headerColumns(line);
  if (cols.length === 0) return null;
  let rest = line;
  for (const c of cols) rest = rest.replace(c.raw, " ");
  // "30 Sep 2024" columns: the day and month are part of the header
  const dated = new RegExp(`\\b\\d{1,2}\\s+(?:${MONTHS})\\b`, "gi");
  const isDated = dated.test(rest);
  rest = rest.replace(dated, " ");
  if (/\d/.test(rest.replace(/\b(?:19|20)\d\d\b/g, ""))) return null;
  if ((rest.match(/\p{L}+/gu) ?? []).length > 8 || /[.;,]$/.test(line)) return null;
  if (cols.length < 2 && !/\bnote\b|thousand|million|\b(?:eur|usd|sek|gbp)\b|\$/i.test(rest)) return null;
  // "Years Ended December 31, 2023 2022": each dated column is the fiscal year ending that day
  const yearsEnded = /\b(?:(?:fiscal\s+)?years?|twelve\s+months|12\s+months)\s+ended\b/i.test(line);
  return {
    labels: cols.map((c) => (yearsEnded && c.kind !== "Q" && c.kind !== "H" && c.kind !== "9M" ? `FY${c.year}` : isDated ? null : columnLabel(c))),
    forecast: cols.map((c) => c.flag === "F" || c.flag === "B" || c.flag === "E" || FORECAST_WORDS.test(line.slice(Math.max(0, line.indexOf(c.raw) - 12), line.indexOf(c.raw)))),
    note: /\bnote\b/i.test(rest),
  };
}

const CELL = /(?:^|\s\|\s)([A-Z]{1,3})(\d+)(?::[A-Z]{1,3}\d+)?(?:\s\(merged\))?:\s([^|]*?)(?=\s\|\s|$)/g;

function cellsOf(line: string): Array<{ col: string; text: string }> | null {
  if (!/^[A-Z]{1,3}\d+(?::[A-Z]{1,3}\d+)?(?:\s\(merged\))?:\s/.test(line)) return null;
  return [...line.matchAll(CELL)].map((m) => ({ col: m[1]!, text: m[3]!.trim() }));
}

function amountOf(raw: string): number | null {
  const t = raw.replace(/[\s$€£]/g, "");
  if (!/^\(?-?\d[\d,]*(?:\.\d+)?\)?%?$/.test(t)) return null;
  const n = Number(t.replace(/[(),%]/g, ""));
  if (!Number.isFinite(n)) return null;
  return t.startsWith("(") || t.startsWith("-") ? -Math.abs(n) : n;
}

function sheetFigures(lines: string[]): SourceFigure[] {
  const out: SourceFigure[] = [];
  let header: Map<string, { label: string | null; forecast: boolean }> | null = null;
  for (const line of lines) {
    const cells = cellsOf(line);
    if (!cells || cells.length < 2) continue;
    const periodCells = cells.slice(1).map((c) => ({ c, cols: /^\S+(?:\s\S+)?$/.test(c.text) ? headerColumns(c.text) : [] }));
    if (periodCells.filter((p) => p.cols.length === 1).length >= 1 && periodCells.every((p) => p.cols.length === 1 || amountOf(p.c.text) === null)) {
      header = new Map(periodCells.filter((p) => p.cols.length === 1).map((p) => [p.c.col, { label: columnLabel(p.cols[0]!), forecast: p.cols[0]!.flag === "F" || p.cols[0]!.flag === "B" || p.cols[0]!.flag === "E" }]));
      continue;
    }
    const label = cells[0]!.text;
    if (!/\p{L}/u.test(label) || amountOf(label) !== null) continue;
    for (const c of cells.slice(1)) {
      const v = amountOf(c.text);
      if (v === null) continue;
      const h = header?.get(c.col);
      out.push({ label, raw: c.text, value: v, period: h?.label ?? null, forecast: h?.forecast ?? false, line, kind: "cell" });
    }
  }
  return out;
}

function rowFigures(lines: string[]): SourceFigure[] {
  const out: SourceFigure[] = [];
  let header: ReturnType<typeof headerOf> = null;
  for (const raw of lines) {
    const line = raw.trim();
    if (!line || cellsOf(line)) continue;
    const h = headerOf(line);
    if (h) {
      header = h;
      continue;
    }
    const { labelEnd, tokens } = trailingValues(line);
    const label = line.slice(0, labelEnd).replace(/[\s:–—-]+$/, "").trim();
    if (tokens.length === 0) {
      if ((line.match(/\p{L}+/gu) ?? []).length > 10) header = null; // prose ends the table
      continue;
    }
    if (!/\p{L}{2,}/u.test(label) || label.length > 90) continue;
    let values = tokens;
    let note: string | undefined;
    const n = header?.labels.length ?? 0;
    const first = values[0]!;
    const noteLike = /^\d{1,2}$/.test(first.raw) && values.length >= 2;
    if (noteLike && (values.length === n + 1 || (header?.note && values.length > n))) {
      note = first.raw;
      values = values.slice(1);
    }
    // "% change" columns between the period columns: the amounts map to the periods in order
    const amounts = header && values.length > n && values.filter((v) => !/%$/.test(v.raw)).length === n ? values.filter((v) => !/%$/.test(v.raw)) : values;
    const mapped = header && amounts.length === n;
    amounts.forEach((t, i) => {
      if (t.value === null) return;
      // several values and no header to tell their periods apart: no period can be claimed for any
      const period = mapped ? header!.labels[i] ?? null : amounts.length > 1 ? "unknown" : null;
      out.push({ label, raw: t.raw, value: t.value, period, forecast: mapped ? header!.forecast[i] ?? false : false, line, kind: "row", ...(note ? { note } : {}) });
    });
  }
  return out;
}

const ORD: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4 };
const PERIOD_PHRASES: Array<[RegExp, (m: RegExpMatchArray) => string]> = [
  [/\b(first|second|third|fourth) quarter (?:of )?((?:19|20)\d\d)\b/gi, (m) => makePeriod("Q", Number(m[2]), ORD[m[1]!.toLowerCase()]).label],
  [/\bQ([1-4]) ?((?:19|20)\d\d)\b/g, (m) => makePeriod("Q", Number(m[2]), Number(m[1])).label],
  [/\b(?:first nine months|9M) ?(?:of )?((?:19|20)\d\d)\b/gi, (m) => makePeriod("9M", Number(m[1])).label],
  [/\b(first|second) half (?:of )?(?:the year )?((?:19|20)\d\d)\b/gi, (m) => makePeriod("H", Number(m[2]), m[1]!.toLowerCase() === "first" ? 1 : 2).label],
  [/\bH([12]) ?((?:19|20)\d\d)\b/g, (m) => makePeriod("H", Number(m[2]), Number(m[1])).label],
  [/\b(?:FY ?|fiscal (?:year )?|financial year |full[- ]year |full year )((?:19|20)\d\d)\b/gi, (m) => makePeriod("FY", Number(m[1])).label],
  [/\b(?:in|for|during)\s+((?:19|20)\d\d)\b(?![-–]\d)/gi, (m) => makePeriod("FY", Number(m[1])).label],
];

/** The periods a sentence names, with where. */
export function periodPhrases(s: string): Array<{ label: string; start: number; end: number }> {
  const out: Array<{ label: string; start: number; end: number }> = [];
  for (const [re, label] of PERIOD_PHRASES) {
    for (const m of s.matchAll(re)) {
      const start = m.index!;
      if (out.some((o) => start < o.end && start + m[0].length > o.start)) continue;
      out.push({ label: label(m), start, end: start + m[0].length });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The period of one figure of a sentence: the one right after it ("EUR 4.6 million in Q3 2023"), else the last one before it. */
function periodOfNumber(s: string, n: NumberToken, phrases: Array<{ label: string; start: number; end: number }>): string | null {
  const end = n.index + n.raw.length;
  const after = phrases.find((p) => p.start >= end && /^\s*(?:%|percent|per cent|[a-z]{0,8}illion|thousand|m|bn|k)?\s*\)?,?\s*(?:in|for|during|at|as of|of)?\s*(?:the\s+)?(?:full\s+year\s+|fiscal\s+)?$/i.test(s.slice(end, p.start)));
  if (after) return after.label;
  const before = phrases.filter((p) => p.end <= n.index).pop();
  return before?.label ?? null;
}

/** A table row: a short label and trailing amounts, no verb, no full stop. */
function isRowLine(line: string): boolean {
  const { labelEnd, tokens } = trailingValues(line);
  if (tokens.length === 0 || /[.]$/.test(line)) return false;
  if (tokens.length >= 2) return true;
  const label = line.slice(0, labelEnd);
  return (label.match(/\p{L}+/gu) ?? []).length <= 8 && !/\b(?:was|were|is|are|amounted|grew|rose|fell|increased|decreased|totall?ed)\b/i.test(label);
}

/** Prose sentences across wrapped lines (a blank line, a bullet or a table row ends a paragraph). */
export function proseSentences(text: string): Array<{ text: string }> {
  const paras: string[] = [];
  let cur: string[] = [];
  const flush = () => {
    if (cur.length) paras.push(cur.join(" "));
    cur = [];
  };
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || cellsOf(line) || headerOf(line)) {
      flush();
      if (line) paras.push(line);
      continue;
    }
    if (/^[•\-*–]\s/.test(line) || isRowLine(line)) flush();
    cur.push(line);
    if (isRowLine(line)) flush();
  }
  flush();
  return paras.flatMap((p) => sentencesOf(p).map((x) => ({ text: x.text })));
}

function sentenceFigures(text: string): SourceFigure[] {
  const out: SourceFigure[] = [];
  for (const s of proseSentences(text)) {
    if (s.text.length < 15 || (s.text.match(/\p{L}{3,}/gu) ?? []).length < 4 || cellsOf(s.text)) continue;
    if (isRowLine(s.text)) continue; // a table row, read as a row
    const phrases = periodPhrases(s.text);
    const nums = valueNumbers(s.text);
    nums.forEach((n, i) => {
      // "(EUR 1.0 million)" right after a figure: the comparative period's figure
      const comparative = i > 0 && /\(\s*(?:EUR|SEK|USD|GBP|\$|€|£)?\s*$/i.test(s.text.slice(Math.max(0, n.index - 8), n.index)) && !phrases.some((p) => p.start > n.index && p.start - n.index < 30);
      out.push({ label: s.text, raw: n.raw, value: n.values[0]!, period: comparative ? "comparative" : periodOfNumber(s.text, n, phrases), forecast: FORECAST_WORDS.test(s.text), line: s.text, kind: "sentence", at: n.index });
    });
  }
  return out;
}

const cache = new Map<string, SourceFigure[]>();

/** Every figure a source text states, with its line item and period where the text says (the gate asks per number: cached). */
export function figuresIn(text: string): SourceFigure[] {
  const hit = cache.get(text);
  if (hit) return hit;
  const lines = text.split("\n");
  const out = [...sheetFigures(lines), ...rowFigures(lines), ...sentenceFigures(text)];
  if (cache.size >= 64) cache.delete(cache.keys().next().value!);
  cache.set(text, out);
  return out;
}

/**
 * The numbers of a text that are values: not years, dates, period labels ("Q3", "9M 2024"),
 * page numbers, list numbering, nor a note reference glued before a value ("Revenue 4 12,300").
 */
export function valueNumbers(text: string): NumberToken[] {
  const all = extractNumbers(text);
  return all.filter((n, i) => {
    const before = text.slice(Math.max(0, n.index - 12), n.index);
    const after = text.slice(n.index + n.raw.length, n.index + n.raw.length + 14);
    const plain = /^\d+$/.test(n.raw);
    if (plain && /^(?:19|20)\d\d$/.test(n.raw) && !n.withUnit) return false; // a year
    if (/\d-$/.test(before) || /^-\d/.test(after)) return false; // an identifier ("559123-4567")
    if (/^[MH]\b|^[MH]\s*(?:19|20)\d\d/.test(after) && plain) return false; // 9M 2024, 6M
    if (plain && Number(n.raw) <= 31 && (DAY_BEFORE_MONTH.test(after) || MONTH_BEFORE_DAY.test(before))) return false; // a day of a date
    if (/(?:\bp\.?|\bpp\.|\bpages?|\bsida|\bs\.|\bnote|\bnot|\bitem|\bof)\s*$/i.test(before) && plain) return false;
    if (/(?:^|\n)\s*(?:[-*•]\s*)?$/.test(before) && /^[.)]\s/.test(after)) return false; // "1. " numbering
    const next = all[i + 1];
    if (plain && n.raw.length <= 2 && !n.withUnit && next && /^\s+$/.test(text.slice(n.index + n.raw.length, next.index))) return false; // note column
    return true;
  });
}

/** Whether a text names the period (by any wording the period reader knows). */
export function namesPeriod(text: string, period: string): boolean {
  for (const s of sentencesOf(text)) {
    const p = periodInSentence(s.text)?.period ?? readPeriodRequest(s.text).exact?.label;
    if (p && samePeriod(p, period)) return true;
  }
  for (const line of text.split("\n")) {
    const h = headerOf(line.trim());
    if (h?.labels.some((l) => l && samePeriod(l, period))) return true;
  }
  return false;
}

/** The periods a text names (first per sentence). */
export function periodsNamed(text: string): string[] {
  const out = new Set<string>();
  for (const s of sentencesOf(text)) {
    const p = periodInSentence(s.text)?.period ?? readPeriodRequest(s.text).exact?.label;
    if (p) out.add(p);
  }
  return [...out];
}

/**
 * A later period the same source states for the same line item (same row label, actuals only):
 * with no period asked, the latest one is meant; null when `f` is the latest (or has no period).
 */
export function laterPeriodOf(f: SourceFigure, all: SourceFigure[]): string | null {
  if (!f.period || f.kind === "sentence" || f.period === "comparative") return null;
  const later = all.filter((g) => g.kind === f.kind && g.label === f.label && !g.forecast && g.period && g.period !== "comparative" && comparePeriods(g.period, f.period) > 0);
  return later.sort((a, b) => comparePeriods(b.period, a.period))[0]?.period ?? null;
}
