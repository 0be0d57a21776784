/**
 * Statement tables in PDF/text pages: a header line of period columns ("(Millions) 2018 2017
 * 2016", "Fiscal Years Ended February 2, 2019 February 3, 2018 …", "Q3 2024 Q3 2023 9M 2024")
 * then rows "label v1 v2 v3" whose values map to those columns in order.
 */
import { pickExcerpt } from "../citation";
import type { Candidate, ExtractionPage, FindingPayload } from "../types";
import { forecastQualifier, metricKeyOf } from "./metrics";
import { parsePrintedNumber, scaleOfWord, type PrintedNumber } from "@/lib/metrics/printed-number";
import { currencyOf, scaleOf } from "./numbers";
import { endedOnDayOf, isLaterPeriod, nearestDurations, fiscalEndOf, headerColumns, labelColumn, MONTH, periodTypeOf, withoutColumnTokens, type Duration, type PeriodColumn } from "@/lib/periods";
import { labelScope } from "./scope";
import { interimOn } from "./column-periods";
import { adjacentLine, continuesLabel, joinLabel } from "./wrapped-labels";
import { isYearWord } from "@/lib/periods/years";

export type StatementKind = "income" | "balance" | "cash_flow";

const TITLE = /^(?:[A-Z][\w.,&'’ -]{0,50}?\s)?(?:condensed\s+)?(?:consolidated\s+)?(?:(?:statements?|statement)\s+of\s+(?:consolidated\s+)?(income|operations|earnings|comprehensive income|cash\s*flow\s*s?|financial position|financial condition)|(income)\s+statements?|(cash\s*flows?)\s+statements?|(balance)\s+sheets?|(cash\s*flow)\s+statement)\b/i;
const NOT_TITLE = /analysis of|notes? to|see |in the |in our |reconciliation|supplemental|information\b|data$|:$/i;

/** The first `n` non-empty lines of a text, trimmed, without splitting the rest of it. */
function firstLines(text: string, n: number): string[] {
  const out: string[] = [];
  for (let start = 0; out.length < n && start <= text.length; ) {
    const end = text.indexOf("\n", start);
    const l = text.slice(start, end === -1 ? text.length : end).trim();
    if (l) out.push(l);
    if (end === -1) break;
    start = end + 1;
  }
  return out;
}

/** The primary statement a page is titled as (in its first ten lines), or null. */
export function statementKindOf(page: string): StatementKind | null {
  for (const l of firstLines(page, 10)) {
    // a line opening in lower case is a sentence running on ("reported per our consolidated statements of operations."), no title
    if (l.length > 110 || NOT_TITLE.test(l) || /^\p{Ll}/u.test(l)) continue;
    // interim reports' short headings: "Condensed cash flow", "Consolidated cash flows", "Condensed financial position"
    const short = /^(?:condensed|consolidated|group)(?:\s+(?:condensed|consolidated|group))?\s+(cash\s*flows?|financial position|balance sheet|income statement)$/i.exec(l);
    if (short) return /cash/i.test(short[1]!) ? "cash_flow" : /income/i.test(short[1]!) ? "income" : "balance";
    // PDF text sometimes splits words ("Consolidated Statement of Incom e"): match without spaces
    const d = l.toLowerCase().replace(/\s+/g, "");
    const m = /(?:statements?of(?:consolidated)?(income|operations|earnings|comprehensive(?:income|loss)|cashflows?|financialposition|financialcondition)|(income)statements?|(cashflows?)statements?|(balance)sheets?)/.exec(d);
    if (!m || (TITLE.test(l) === false && m.index > 60)) continue;
    const w = m[1] ?? m[2] ?? m[3] ?? m[4] ?? "";
    if (/^comprehensive/.test(w)) return null; // repeats net income; not its home statement
    if (/cash/.test(w)) return "cash_flow";
    if (/balance|position|condition/.test(w)) return "balance";
    return "income";
  }
  return null;
}

const HOME: Record<string, StatementKind> = {
  revenue: "income", net_income: "income", operating_income: "income", gross_profit: "income", gross_margin: "income", ebitda: "income",
  operating_cash_flow: "cash_flow", capital_expenditure: "cash_flow",
  total_assets: "balance", total_current_liabilities: "balance", inventories: "balance", cash: "balance", total_debt: "balance",
};

const MONTH_DAY_ONLY = new RegExp(`^${MONTH}\\.?\\s+\\d{1,2},?$`, "i");
const YEAR_ONLY = /^(?:19|20)\d\d[AFE]?$/;

/** A year then words naming a column, no figures ("2022 Change", "2022 % Change"). */
const YEAR_THEN_WORDS = /^(?:19|20)\d\d\s+[\p{L}%][^\d]{0,30}$/u;

/** The last "Month day," piece of a joined header line. */
function lastPiece(joined: string): string {
  return new RegExp(`${MONTH}\\.?\\s+\\d{1,2},?$`, "i").exec(joined)?.[0] ?? "";
}

const MONTH_ONLY = new RegExp(`^${MONTH}\\.?$`, "i");

/** A line naming a month alone, then (past blank lines) one naming its day alone: "December" / "31,". */
function monthThenDay(raw: Array<{ text: string }>, at: number): { text: string; to: number } | null {
  const m = raw[at]!.text.trim();
  if (!MONTH_ONLY.test(m)) return null;
  let k = at + 1;
  while (k < raw.length && !raw[k]!.text.trim()) k++;
  const d = raw[k]?.text.trim() ?? "";
  return /^\d{1,2},?$/.test(d) ? { text: `${m} ${d}`, to: k } : null;
}

/** Joins split header lines ("November 27,\n2015") so each header sits on one line. */
export function prepareLines(text: string): Array<{ text: string; start: number; end: number }> {
  const raw: Array<{ text: string; start: number; end: number }> = [];
  let pos = 0;
  for (const l of text.split("\n")) {
    raw.push({ text: l, start: pos, end: pos + l.length });
    pos += l.length + 1;
  }
  const out: typeof raw = [];
  for (let i = 0; i < raw.length; i++) {
    const cur = { ...raw[i]! };
    const t = cur.text.trim();
    if (!t) continue;
    // merge runs of pure header pieces (month-day lines, year lines)
    if (MONTH_DAY_ONLY.test(t) || YEAR_ONLY.test(t)) {
      let j = i + 1;
      let joined = t;
      while (j < raw.length) {
        const n = raw[j]!.text.trim();
        if (!n) { j++; continue; }
        if (MONTH_DAY_ONLY.test(n) || YEAR_ONLY.test(n)) { joined += ` ${n}`; cur.end = raw[j]!.end; j++; continue; }
        // a month and its day set on lines of their own ("December" / "31,")
        const pair = monthThenDay(raw, j);
        if (pair) { joined += ` ${pair.text}`; cur.end = raw[pair.to]!.end; j = pair.to + 1; continue; }
        // a date's year followed by the column heading beside it ("June 26," / "2022 Change"): the header goes on
        if (YEAR_THEN_WORDS.test(n) && MONTH_DAY_ONLY.test(raw[j - 1]!.text.trim() || lastPiece(joined))) { joined += ` ${n}`; cur.end = raw[j]!.end; j++; continue; }
        break;
      }
      cur.text = joined;
      i = j - 1;
    }
    out.push(cur);
  }
  return out;
}

/**
 * The first figure after a label is a footnote marker, not a negative number, when it is a single
 * digit in parentheses and either nothing follows it or every figure after it is printed in another
 * form: after a currency sign, with digit groups, decimals or a percent sign, and none in
 * parentheses but percent changes ("(1) $ 205,489", "(6) 18.34% 9.51%"). "(6) (690) (494)" keeps its -6.
 */
function isFootnoteMarker(vals: PrintedNumber[], currencyNext: boolean): boolean {
  if (!/^\(\d\)$/.test(vals[0]!.raw)) return false;
  const rest = vals.slice(1).filter((v) => v.value !== null);
  if (!rest.length) return vals.length === 1;
  // a change in parentheses with a percent sign ("(8) %") is a column of its own, not the row's sign style
  if (rest.some((v) => v.negative && v.raw.startsWith("(") && !v.percent)) return false;
  return currencyNext || rest.every((v) => v.percent || /[,.]/.test(v.raw));
}

/** A cell that prints no figure: "N/A", or a dash with a percent sign ("-%"). */
const NO_FIGURE = /^(?:n\/a|[—–-]+%)$/i;

/**
 * Cells read as figures: a footnote mark printed on a figure ("$12.5^", "4.1%*") is dropped; a change
 * printed in words or points ("down 12%", "up 3 ppts", "(150) bp") is a percent change, a column of its
 * own, so the figures around it stay in their columns.
 */
function changeCells(line: string): string {
  return line
    .replace(/(\d%?\)?)[\^*†‡]+(?=\s|$)/g, "$1")
    .replace(/\b(up|down)\s+(\d[\d,.]*)\s*(?:%|ppts?|pts?|bps?)(?=\s|$)/gi, (_, dir: string, n: string) => `${/down/i.test(dir) ? "-" : ""}${n}%`)
    .replace(/(\d\)?)\s*(?:bps?|ppts?)(?=\s|$)/g, "$1%");
}

/** Splits "Net income $ 5,363 $ 4,869 $ 5,058" into label and trailing numeric tokens. */
/** A year as printed in a label ("2029"), no figure's digit groups. */

export function splitRow(line: string): { label: string; values: PrintedNumber[] } | null {
  // PDF text often detaches a closing parenthesis or a percent sign ("(28,107 )", "( 1,577)", "42.0 %")
  const toks = changeCells(line.trim().replace(/(\d)\s+\)/g, "$1)").replace(/\(\s+(?=[$€]?\s?\d)/g, "(")).split(/\s+/);
  const vals: PrintedNumber[] = [];
  // the token each value was read from
  const at: number[] = [];
  let i = toks.length - 1;
  // read right to left: a detached "%" belongs to the figure before it ("(4) %"), read next
  let percentSign = false;
  for (; i >= 0; i--) {
    const t = toks[i]!;
    if (t === "$" || t === "€" || t === "%") {
      if (t === "%") percentSign = true;
      continue;
    }
    const n: PrintedNumber | null = NO_FIGURE.test(t) ? { raw: t, value: null, percent: /%/.test(t), negative: false, decimals: 0, scale: 1 } : parsePrintedNumber(t);
    if (!n) break;
    vals.unshift(percentSign && !n.percent ? { ...n, percent: true, raw: `${n.raw}%` } : n);
    at.unshift(i);
    percentSign = false;
  }
  if (!vals.length) return null;
  // a footnote marker printed after the label ("Services (3) 78,129 14 % 68,425", "Patriots Park (2)") is no value
  if (i >= 0 && isFootnoteMarker(vals, toks[i + 2] === "$")) {
    vals.shift();
    at.shift();
  }
  // a span of years right after the label, figures after it ("Fixed-rate notes 2029 – 2062 7,000 …"): the label's maturities, no figures
  if (vals.length > 3 && isYearWord(vals[0]!.raw) && /^[–—-]$/.test(vals[1]!.raw) && isYearWord(vals[2]!.raw) && Number(vals[2]!.raw) >= Number(vals[0]!.raw)) {
    i = at[2]!;
    vals.splice(0, 3);
  }
  if (!vals.length) return null;
  let label = toks.slice(0, i + 1).join(" ");
  label = label.replace(/\.{2,}$/, "").replace(/[.\s]+$/, "").replace(/\s*\$$/, "").trim();
  if (!/[A-Za-zÅÄÖåäö]/.test(label)) return null;
  return { label, values: vals };
}

export interface TableContext {
  documentId?: string;
  fiscalYear?: number | null;
  fiscalPeriod?: string | null;
  filename?: string;
  /** Document holds recognised statement pages (others then count as secondary tables). */
  hasStatements?: boolean;
  forecastDoc?: boolean;
  /** The month the fiscal year ends in, when known (the cover, or the statements' own columns). */
  fiscalYearEndMonth?: number;
  /** The page's statementKindOf, when the caller already read it (read here otherwise). */
  statementKind?: StatementKind | null;
}

function labelWithoutUnit(label: string): { label: string; scale?: number; currency?: string } {
  const m = /\s*\((?:in\s+)?(EUR|USD|SEK|\$|€)?\s*(million|millions|thousand|thousands|billion|m|k|bn)?\)\s*$/i.exec(label);
  if (!m || (!m[1] && !m[2])) return { label };
  const scale = m[2] ? scaleOfWord(m[2]) : undefined;
  const currency = m[1] ? currencyOf(m[1]) : undefined;
  return { label: label.slice(0, m.index).trim(), scale, currency };
}

const MONTHS_OF: Record<Duration, number> = { FY: 12, Q: 3, H: 6, "9M": 9, point: 0 };

const SEGMENT_PAGE = /\bsegments?\b|\bby region\b|geograph|north america|greater china|emea\b|asia pacific|reportable|pro forma|quarterly (financial )?(data|results)|unaudited quarterly/i;

/** What a table's header line states: its period columns, their durations, the fiscal year's end, a notes column, and the scale. */
interface HeaderRead {
  cols: PeriodColumn[];
  durations: Duration[];
  fiscalEnd: { month: number; day: number } | undefined;
  hasNote: boolean;
  headerScale: ReturnType<typeof scaleOf>;
}

/** Reads the header line `li` (its period columns `hc`) with the lines above it, and the scale stated under it or on the page. */
function readHeader(lines: ReturnType<typeof prepareLines>, li: number, hc: PeriodColumn[], pageScale: ReturnType<typeof scaleOf>): HeaderRead {
  const t = lines[li]!.text.trim();
  const ctxText = lines.slice(Math.max(0, li - 6), li + 1).map((x) => x.text).join("\n");
  // "Three Months Ended September 30," over "2022 2021": the year columns end on that day
  const endDay = endedOnDayOf(ctxText);
  const cols = endDay ? hc.map((c) => (c.month === undefined && !c.kind ? { ...c, ...endDay } : c)) : hc;
  let fiscalEnd = fiscalEndOf(ctxText) ?? fiscalEndOf(t);
  // the scale may sit just under the header ("2015 2014 2013\n(in thousands, except per share data)")
  const s2 = scaleOf(`${ctxText}\n${lines.slice(li + 1, li + 3).filter((x) => !splitRow(x.text.trim())).map((x) => x.text).join("\n")}`);
  if (/december 31/i.test(ctxText) && !fiscalEnd) fiscalEnd = { month: 12, day: 31 };
  return { cols, durations: nearestDurations(ctxText), fiscalEnd, hasNote: /\bnote\b/i.test(t), headerScale: s2.word ? s2 : pageScale };
}

/** A cell's metric and unit: a percent in a gross profit row is the gross margin, an amount in a gross margin row the gross profit. */
function cellMetric(key: string, ruleUnit: FindingPayload["unit"] | undefined, percent: boolean): { metricKey: string; unit: FindingPayload["unit"] } {
  if (percent) return { metricKey: key === "gross_profit" ? "gross_margin" : key, unit: "percent" };
  return { metricKey: key === "gross_margin" ? "gross_profit" : key, unit: ruleUnit ?? "currency" };
}

/** How sure a row's figure is the metric itself: best on its home statement, least on a page about segments or outside the statements. */
function rowConfidence({ kind, home, label, column, pageText, hasStatements }: { kind: StatementKind | null; home: StatementKind | undefined; label: string; column: string; pageText: string; hasStatements?: boolean }): { confidence: number; reason: string } {
  if (kind && home === kind) return { confidence: 0.95, reason: `row "${label}" of the ${kind.replace("_", " ")} statement, column "${column}"` };
  if (kind) return { confidence: 0.9, reason: `row "${label}" of a ${kind.replace("_", " ")} statement (not its home statement), column "${column}"` };
  if (SEGMENT_PAGE.test(pageText)) return { confidence: 0.6, reason: `row "${label}" in a table on a page about segments/regions/quarters: may be a part, not the total` };
  if (hasStatements && !/^total\b/i.test(label)) return { confidence: 0.7, reason: `row "${label}" in a table outside the statements, column "${column}": may be a part (segment, product line), not the total` };
  return { confidence: hasStatements ? 0.85 : 0.9, reason: `row "${label}" in a table with period header, column "${column}"` };
}

/** One row of a table being read: what its label names and where it stands, and what the table around it states. */
interface RowRead {
  page: ExtractionPage;
  ctx: TableContext;
  kind: StatementKind | null;
  rule: NonNullable<ReturnType<typeof metricKeyOf>>;
  /** The label without its unit, and what the unit stated; whether the label says forecast. */
  lu: ReturnType<typeof labelWithoutUnit>;
  fq: ReturnType<typeof forecastQualifier>;
  labelStart: number;
  lineEnd: number;
  headerScale: ReturnType<typeof scaleOf>;
  fiscalEnd: HeaderRead["fiscalEnd"];
  pageCurrency: string | undefined;
  aboutParts: boolean;
  latestYear: () => number;
}

/** The finding of one cell (a row's value in a period column), ranked against the page's others for the same key, or undefined. */
function cellFinding({ page, ctx, kind, rule, lu, fq, labelStart, lineEnd, headerScale, fiscalEnd, pageCurrency, aboutParts, latestYear }: RowRead, v: PrintedNumber, col: PeriodColumn, dur: Duration | undefined): { key: string; rank: number; c: Candidate<FindingPayload> } | undefined {
  if (v.value === null) return undefined;
  // an interim column printed with its day is the fiscal period that day ends, whatever year the document's name gives
  const lab = interimOn(col, dur, ctx.fiscalYearEndMonth) ?? labelColumn(col, dur, fiscalEnd, { fiscalYear: ctx.fiscalYear, fiscalPeriod: ctx.fiscalPeriod, latestYear: latestYear() });
  const { metricKey, unit } = cellMetric(rule.key, rule.unit, v.percent);
  if (unit === "percent" && !["gross_margin", "ebitda_margin"].includes(metricKey)) return undefined;
  const scale = unit === "currency" ? lu.scale ?? headerScale.scale : 1;
  const valueNum = unit === "currency" ? Math.round(v.value * scale * 1000) / 1000 : v.value;
  const excerpt = pickExcerpt(page.text, labelStart, lineEnd, "line");
  if (!excerpt) return undefined;
  const home = HOME[metricKey];
  // a balance item's row on a cash flow or income statement is its change or a charge ("Inventories (737)"), not the balance
  if (kind && kind !== "balance" && home === "balance" && metricKey !== "cash") return undefined;
  let { confidence, reason } = rowConfidence({ kind, home, label: lu.label, column: col.raw, pageText: page.text, hasStatements: ctx.hasStatements });
  if (!headerScale.word && !lu.scale && unit === "currency" && Math.abs(v.value) < 100000) {
    confidence = Math.min(confidence, 0.7);
    reason += "; no scale stated (units assumed)";
  }
  const isForecast = lab.isForecast ?? (fq.forecast || !!ctx.forecastDoc || isLaterPeriod(lab.period, ctx.fiscalYear));
  const span = periodTypeOf({ period: lab.period, months: dur ? MONTHS_OF[dur] : undefined });
  const payload: FindingPayload = {
    metric: lu.label,
    metricKey,
    valueText: v.raw,
    valueNum,
    unit,
    currency: unit === "currency" ? lu.currency ?? pageCurrency : undefined,
    period: lab.period,
    periodEnd: lab.periodEnd,
    ...(span ? { periodType: span.type, ...(span.months !== undefined ? { periodMonths: span.months } : {}) } : {}),
    ...labelScope(lu.label, aboutParts),
    isForecast,
    domain: rule.domain,
  };
  const key = `${metricKey}|${lab.period}|p${page.pageNumber}`;
  const rank = confidence * 10 + labelRank(metricKey, lu.label);
  return {
    key,
    rank,
    c: { candidateType: "finding", candidateKey: key, payload, confidenceScore: confidence, confidenceReason: reason, evidence: { text: excerpt, page: page.pageNumber }, evidenceType: "formal" },
  };
}

export function extractTableFindings(page: ExtractionPage, ctx: TableContext): Candidate<FindingPayload>[] {
  const text = page.text;
  if (!/\d/.test(text)) return [];
  const kind = ctx.statementKind !== undefined ? ctx.statementKind : statementKindOf(text);
  const lines = prepareLines(text);
  const pageScale = scaleOf(text.slice(0, 1500));
  const pageCurrency = currencyOf(text);
  const out = new Map<string, { c: Candidate<FindingPayload>; rank: number }>();
  // rows of a table on a page about segments or regions, outside the statements, may be a part's
  const aboutParts = !kind && SEGMENT_PAGE.test(text);
  let cols: PeriodColumn[] = [];
  let durations: Duration[] = [];
  let fiscalEnd: { month: number; day: number } | undefined;
  let hasNote = false;
  let headerScale = pageScale;
  let prevNoNum: { text: string; start: number; end: number } | null = null;
  const latestYear = () => Math.max(...cols.map((c) => c.year));
  for (let li = 0; li < lines.length; li++) {
    const L = lines[li]!;
    const t = L.text.trim();
    const hc = headerColumns(t);
    const rest = withoutColumnTokens(t);
    const restNums = (rest.match(/\d[\d,.]*/g) ?? []).filter((x) => x.length > 0);
    const restWords = rest.replace(/[()\-–,.%$]/g, " ").trim();
    if (hc.length >= 1 && restNums.length === 0 && restWords.length <= 60 && !(hc.length === 1 && restWords.length > 30 && !/note|eur|usd|sek|thousand|million/i.test(restWords))) {
      ({ cols, durations, fiscalEnd, hasNote, headerScale } = readHeader(lines, li, hc, pageScale));
      prevNoNum = null;
      continue;
    }
    if (!cols.length) continue;
    const row = splitRow(t);
    if (!row) {
      // a line going on with the label line above it ("… on available-" / "for-sale securities"): one label line
      prevNoNum = prevNoNum && /^\p{Ll}/u.test(t) && adjacentLine(text, prevNoNum.end, L.start) && continuesLabel(prevNoNum.text, t) ? { text: joinLabel(prevNoNum.text, t), start: prevNoNum.start, end: L.end } : { text: t, start: L.start, end: L.end };
      continue;
    }
    let label = row.label;
    let labelStart = L.start;
    // (a row starting in capitals stays its own here: its label names the metric, and a heading above may end in "and")
    if (prevNoNum && adjacentLine(text, prevNoNum.end, L.start) && continuesLabel(prevNoNum.text, label) && (/^\p{Ll}/u.test(label) || /\p{L}-$/u.test(prevNoNum.text))) {
      label = joinLabel(prevNoNum.text, label);
      labelStart = prevNoNum.start;
    }
    prevNoNum = null;
    const fq = forecastQualifier(labelWithoutUnit(label).label);
    const lu = { ...labelWithoutUnit(label), label: fq.label };
    const rule = metricKeyOf(lu.label);
    if (!rule) continue;
    let values = row.values;
    if (hasNote && values.length === cols.length + 1 && values[0]!.value !== null && Math.abs(values[0]!.value!) < 100 && !/[,.()]/.test(values[0]!.raw)) values = values.slice(1);
    if (values.length !== cols.length) {
      const noPct = values.filter((v) => !v.percent);
      if (noPct.length === cols.length && values.some((v) => v.percent)) values = noPct;
      else continue;
    }
    // durations: one group per block of columns
    const groupOf = (i: number): Duration | undefined => {
      if (!durations.length) return undefined;
      if (durations.length === 1) return durations[0];
      const per = cols.length / durations.length;
      return Number.isInteger(per) ? durations[Math.floor(i / per)] : durations[0];
    };
    const at: RowRead = { page, ctx, kind, rule, lu, fq, labelStart, lineEnd: L.end, headerScale, fiscalEnd, pageCurrency, aboutParts, latestYear };
    for (let ci = 0; ci < cols.length; ci++) {
      const cell = cellFinding(at, values[ci]!, cols[ci]!, kind === "balance" ? "point" : groupOf(ci));
      if (!cell) continue;
      const prev = out.get(cell.key);
      if (prev && prev.rank >= cell.rank) continue;
      out.set(cell.key, { rank: cell.rank, c: cell.c });
    }
  }
  return [...out.values()].map((x) => x.c);
}

/** Among rows of one page mapping to the same metric, which label is the headline one. */
function labelRank(key: string, label: string): number {
  const l = label.toLowerCase();
  if (key === "net_income") {
    if (/attributable to (?!non)/.test(l)) return 3;
    if (/including non-?controlling|before allocation/.test(l)) return 1;
    return 2;
  }
  if (key === "revenue") return /^total/.test(l) ? 3 : /net sales|revenues?$/.test(l) ? 2 : 1;
  if (key === "operating_cash_flow") return /continuing/.test(l) ? 1 : 2;
  if (key === "cash") return /end of/.test(l) ? 1 : 2;
  return 1;
}

