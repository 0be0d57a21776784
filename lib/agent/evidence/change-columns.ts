/**
 * The change columns a table prints beside a row's amounts ("EMEA 12,109 1% 8% 12,011" under
 * "Percent Change — Actual / Constant"; "GMV $ 73,900 $ 87,365 (15)% (11)%" under "% Change — As
 * Reported / FX-Neutral"; "… 10 % 16 % … 5 % 6 %" under "% CHANGE / % CHANGE EXCLUDING CURRENCY
 * CHANGES" for two pairs of years): which percentage is the reported change and which the
 * constant-currency one, read from the headings printed above the row on its page.
 *
 * The table reader keeps a row's amounts by period and the row as printed; the percentages between
 * them have no column of their own. Here the headings above the row are read in order (the words as
 * data: concepts/answer-words), each constant-currency heading closing a group with the reported
 * heading before it, and group k is the change from the row's (k+1)-th newest period to its k-th.
 * A reading is kept only when the row prints one percentage per heading and each reported
 * percentage is the change its two amounts give (within a point of rounding): anything else is no
 * reading, never a guess.
 */
import { CHANGE_HEADING } from "../concepts/answer-words";
import { isYearWord } from "@/lib/periods/years";

export interface ChangeColumn {
  basis: "reported" | "constant_currency";
  /** As printed ("(11)%", "8%"). */
  printed: string;
  /** In percent (-11, 8). */
  value: number;
  from: string;
  to: string;
  /** The heading printed over the column. */
  heading: string;
}

/** A percentage cell: "8%", "-2 %", "(15)%", "— %" (nil). */
const PERCENT_CELL = /\(?[-−]?\d[\d,]*(?:\.\d+)?\)?\s*%|[—–]\s*%/g;
/** A cell of amounts or rates: a number that is not a year, a footnote mark or a heading's "(1)". */
const VALUE_CELL = /(?:^|\s)[$€£]?\s?\(?[-−]?\d[\d,]*(?:\.\d+)?\)?\s*%?(?=\s|$)/g;
/** A line of prose: a long sentence, not a heading. */
const PROSE = (line: string) => line.length > 110 || (/\p{Ll}[.;]$/u.test(line) && line.split(/\s+/).length >= 3);
/** A heading line's words: where the headings above a row begin (reading upward). */
const HEADING_WORD = /\b(?:change|changes|constant|actual|reported|neutral|excluding)\b/i;

const compact = (s: string) => s.replace(/[\s$€£]/g, "").toLowerCase();

/** A line of a table's data: two values or more, years aside. */
function isDataRow(line: string): boolean {
  const cells = [...line.matchAll(VALUE_CELL)].map((m) => m[0].trim()).filter((c) => !isYearWord(c) && !/^\(\d\)$/.test(c));
  return cells.length >= 2;
}

/** The page's lines above the row that head its columns, top down; empty when the row is not on the page. */
export function headingAbove(pageText: string, row: string): string {
  const lines = pageText.split("\n").map((l) => l.trim()).filter(Boolean);
  const want = compact(row);
  let at = lines.findIndex((l) => compact(l) === want);
  // (a label the page wraps over two lines: "Global Brand Divisions" / "(2) 58 102 …")
  if (at < 0) at = lines.findIndex((l, i) => i > 0 && compact(lines[i - 1]! + l) === want);
  if (at < 0) return "";
  const heading: string[] = [];
  let started = false;
  for (let i = at - 1; i >= 0 && at - i <= 60; i--) {
    const line = lines[i]!;
    if (PROSE(line)) break;
    if (!started) {
      // data rows and labels ("Total Revenues by Geography:") between the row and its headings
      if (isDataRow(line) || !HEADING_WORD.test(line)) continue;
      started = true;
    } else if (isDataRow(line)) break;
    heading.unshift(line);
  }
  return heading.join(" ");
}

/** A printed percentage as a number: "(15)%" → -15, "— %" → 0. */
function percentValue(printed: string): number {
  if (/^[—–]/.test(printed)) return 0;
  const n = Number(printed.replace(/[()%\s,]/g, "").replace("−", "-"));
  return /^\(/.test(printed) ? -Math.abs(n) : n;
}

/**
 * The row's change columns read against the headings above it on its page: the reported and the
 * constant-currency change of each pair of periods. Empty when the headings name no
 * constant-currency column, the percentages do not line up with the headings, or a reported
 * percentage is not the change the row's own amounts give.
 */
export function changeColumns(pageText: string, row: string, columns: ReadonlyArray<{ period: string; value: number | null; printed?: string }>): ChangeColumn[] {
  const heading = headingAbove(pageText, row);
  if (!heading) return [];
  const found = [...heading.matchAll(CHANGE_HEADING)].map((m) => ({ kind: m.groups?.basis ? "basis" : m.groups?.reported ? "reported" : "change", text: m[0] }));
  // a plain "% Change" over named columns ("As Reported", "Actual") spans them: not a column of its own
  const named = found.some((h) => h.kind === "reported");
  const heads = found.filter((h) => !(named && h.kind === "change")).map((h) => ({ ...h, kind: h.kind === "basis" ? "basis" : "reported" }));
  if (!heads.some((h) => h.kind === "basis")) return [];
  // one reported and one constant-currency column per pair of periods, in that order
  if (heads.length % 2 !== 0 || heads.some((h, i) => h.kind !== (i % 2 === 0 ? "reported" : "basis"))) return [];
  const cells = [...row.matchAll(PERCENT_CELL)].map((m) => m[0]);
  if (cells.length !== heads.length) return [];
  // the row's periods, newest first, each once (a table repeating the middle year prints it twice)
  let periods: Array<{ period: string; value: number | null; printed?: string }> = [];
  for (const c of columns) if (!periods.some((p) => p.period === c.period)) periods.push(c);
  // (a row whose amounts the table reader did not all place: its printed amounts under the headings' years)
  // (…each of the periods it did place printing the same amount there)
  if (periods.length < 2) {
    const printed = printedAmounts(row, heading);
    const same = (a: string | undefined, b: string | undefined) => !!a && !!b && a.replace(/[^\d.]/g, "") === b.replace(/[^\d.]/g, "");
    if (!columns.every((c) => !c.printed || same(c.printed, printed.find((p) => p.period === c.period)?.printed))) return [];
    periods = printed.filter((p, i) => printed.findIndex((q) => q.period === p.period) === i);
  }
  if (periods.some((p, i) => i > 0 && p.period >= periods[i - 1]!.period)) return [];
  const out: ChangeColumn[] = [];
  for (let k = 0; k * 2 < heads.length; k++) {
    const to = periods[k];
    const from = periods[k + 1];
    // (the periods asked may leave a pair out: its columns are not read, never read unverified)
    if (!to || !from) break;
    if (to.value === null || from.value === null || from.value === 0) continue;
    const reported = percentValue(cells[2 * k]!);
    const computed = ((to.value - from.value) / Math.abs(from.value)) * 100;
    if (Math.abs(reported - computed) > 1) return [];
    out.push({ basis: "reported", printed: cells[2 * k]!.replace(/\s+/g, ""), value: reported, from: from.period, to: to.period, heading: heads[2 * k]!.text });
    out.push({ basis: "constant_currency", printed: cells[2 * k + 1]!.replace(/\s+/g, ""), value: percentValue(cells[2 * k + 1]!), from: from.period, to: to.period, heading: heads[2 * k + 1]!.text });
  }
  return out;
}

/**
 * The amounts a row prints (its percentages aside), each under the fiscal year the headings above
 * it name in the same order ("FISCAL 2023 FISCAL 2022 … FISCAL 2021"). Empty unless there are as
 * many years as amounts.
 */
function printedAmounts(row: string, heading: string): Array<{ period: string; value: number | null; printed: string }> {
  const rest = row.replace(PERCENT_CELL, " ");
  const amounts = [...rest.matchAll(/(?:^|\s)[$€£]?\s?(\(?[-−]?\d[\d,]*(?:\.\d+)?\)?)(?=\s|$)/g)].map((m) => m[1]!).filter((a) => !/^\(\d\)$/.test(a));
  // (a table repeating the middle year, "2022 2021 … 2021 2020", prints its amount twice)
  const years = [...heading.matchAll(/\b((?:19|20)\d\d)\b/g)].map((m) => m[1]!);
  if (!amounts.length || years.length !== amounts.length) return [];
  return years.map((y, i) => {
    const a = amounts[i]!;
    const n = Number(a.replace(/[(),\s]/g, "").replace("−", "-"));
    return { period: `FY${y}`, value: Number.isFinite(n) ? (a.startsWith("(") ? -Math.abs(n) : n) : null, printed: a };
  });
}
