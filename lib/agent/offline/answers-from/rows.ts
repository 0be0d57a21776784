/**
 * Answers written from get_line_items rows: a concept's row, a part's row, a part's change or series
 * over the years asked (across filings too), and yes or no by how the row moved; a row's values shown
 * in its own scale and unit.
 */
import { comparePeriods } from "@/lib/periods/compare";
import escapeStringRegexp from "escape-string-regexp";
import { MAGNITUDE } from "@/lib/metrics/line-items";
import { formatAmount } from "@/lib/metrics/numbers";
import type { Concept } from "../../concepts/catalog";
import type { LineItemColumn, LineItemRow, LineItemsOutput } from "../../evidence/line-items";
import { changePeriods, type Reading } from "../../reader/read";
import { fiscalYears, periodWord, plainStems, SCALE_WORD, whose } from "./shared";
import { lastTwo, type Point, shownAsRate, writeDirection } from "./moves";
import { columnOf, pickRow, pickScopedRow } from "./pick-row";

/**
 * A column whose printed figure the row prints with a "%" after it ("Japan 25,977 (9) % 28,482") is
 * the change beside an amount, read into the wrong column by an older table reader: no amount.
 */
function printedAsRate(row: LineItemRow, printed: string | undefined): boolean {
  if (row.unit === "%" || !printed) return false;
  return new RegExp(`(?:^|\\s)${escapeStringRegexp(printed)}\\s*%`).test(row.row);
}

/** A row's values per period, in the row's own scale and unit. */
function rowPoints(row: LineItemRow, c: Concept): Point[] {
  const months = row.columns.find((x) => x.value !== null)?.months;
  return row.columns
    .filter((x) => x.value !== null && x.months === months && !printedAsRate(row, x.printed))
    .map((x) => asAmount(c, x))
    .map((x) => ({ period: x.period, value: x.value!, shown: shownValue(c, x, row) }));
}

/** An outflow or expense printed negative ("Dividends paid (1,177)"): the amount paid, as a formula reads it. */
function asAmount(c: Concept, col: LineItemRow["columns"][number]): LineItemRow["columns"][number] {
  return col.value !== null && col.value < 0 && c.lineItems?.some((k) => MAGNITUDE.has(k)) ? { ...col, value: -col.value, ...(col.printed ? { printed: col.printed.replace(/[()−-]/g, "").trim() } : {}) } : col;
}

/**
 * "How much did it grow?" of a part's row ("Greater China net sales"): the change between the two
 * periods asked (or the row's newest two), with both values shown. Null without two values.
 */
export function writeRowChange(row: LineItemRow | null, c: Concept, r: Reading, company?: string): string | null {
  if (!row || (r.aggregate !== "growth" && r.aggregate !== "change")) return null;
  // "growth in 2017": 2017 over the year before it; "from 2016 to 2020": the span's two ends, never its last two years
  const pair = lastTwo(rowPoints(row, c), spanEnds(fiscalYears(changePeriods(r.periods))));
  if (pair.length < 2) return null;
  const [a, b] = pair as [Point, Point];
  const rate = shownAsRate(a);
  // a rate's change is in points; an amount's growth is relative to its start
  const shown = r.aggregate === "growth" && !rate && a.value !== 0 ? `${b.value >= a.value ? "+" : "−"}${Math.abs(((b.value - a.value) / Math.abs(a.value)) * 100).toFixed(1)}%` : rate ? `${b.value >= a.value ? "+" : "−"}${Math.abs(b.value - a.value).toFixed(1)} points` : shownValue(c, { ...row.columns[0]!, value: b.value - a.value, printed: undefined }, row);
  const what = r.aggregate === "growth" && !rate ? "growth" : "change";
  return `${whose(company)}${c.label} — ${row.label} ${what}, ${periodWord(a.period)}–${periodWord(b.period)}: **${shown}** ${row.citation}\n${periodWord(a.period)}: ${a.shown}; ${periodWord(b.period)}: ${b.shown}\n(row as printed: ${row.row})`;
}

/** The first and last of the years asked: a change over a span is between its ends. */
export const spanEnds = (years: string[]): string[] => (years.length > 2 ? [years[0]!, years.at(-1)!] : years);

/**
 * "Services revenue fy22 vs fy21", "iPhone sales 2020, 2021 and 2022": the part's row for each year
 * asked, oldest first, with the change from the first to the last. Null unless every year asked has
 * a value in the row.
 */
export function writeRowSeries(row: LineItemRow | null, c: Concept, r: Reading, company?: string): string | null {
  const asked = fiscalYears(r.periods);
  if (!row || asked.length < 2) return null;
  const points = rowPoints(row, c).filter((p) => asked.includes(p.period)).sort((a, b) => comparePeriods(a.period, b.period) || a.period.localeCompare(b.period));
  if (points.length !== new Set(asked).size) return null;
  const [a, b] = [points[0]!, points.at(-1)!];
  const lines = points.map((p) => `- ${periodWord(p.period)}: **${p.shown}**`);
  return [`${whose(company)}${c.label} — ${row.label}, ${periodWord(a.period)} to ${periodWord(b.period)}: ${changeBetween(a, b, c, row)} ${row.citation}`, ...lines, `(row as printed: ${row.row})`].join("\n");
}

/** "+8.3 points", "−USD 8,184 million, −16.9%": the move from the first point to the last, in the row's unit. */
function changeBetween(a: Point, b: Point, c: Concept, row: LineItemRow): string {
  const delta = b.value - a.value;
  if (shownAsRate(a)) return `${delta >= 0 ? "+" : "−"}${Math.abs(delta).toFixed(1)} points`;
  return `${delta >= 0 ? "+" : "−"}${shownValue(c, { ...row.columns[0]!, value: Math.abs(delta), printed: undefined }, row)}${a.value !== 0 ? `, ${delta >= 0 ? "+" : "−"}${Math.abs((delta / Math.abs(a.value)) * 100).toFixed(1)}%` : ""}`;
}

/**
 * A part's figure for years no one filing prints together ("Greater China net sales FY2020 vs
 * FY2016" in a deal of both 10-Ks): each year from the part's row that prints it, each with its own
 * citation, and the change between them. Rows of one scale only; null when a year has no row.
 */
export function writeScopedAcrossFilings(o: LineItemsOutput, c: Concept, r: Reading): string | null {
  const asked = [...new Set(fiscalYears(r.periods))].sort();
  if (asked.length < 2) return null;
  const found = asked.map((p) => {
    const row = pickScopedRow(o, c, r.scope!, r.segment, [p]);
    const point = row ? rowPoints(row, c).find((x) => x.period === p) : undefined;
    return row && point ? { row, point } : null;
  });
  if (found.some((x) => !x) || new Set(found.map((x) => `${x!.row.scale}|${x!.row.unit ?? ""}`)).size > 1) return null;
  const [a, b] = [found[0]!, found.at(-1)!];
  const lines = found.map((x) => `- ${periodWord(x!.point.period)}: **${x!.point.shown}** — ${x!.row.label} ${x!.row.citation}`);
  return [`${whose(o.company)}${c.label} — ${b.row.label}, ${periodWord(a.point.period)} to ${periodWord(b.point.period)}: ${changeBetween(a.point, b.point, c, b.row)} (each year from the filing that prints it)`, ...lines].join("\n");
}

export function writeDirectionRow(row: LineItemRow | null, c: Concept, r: Reading, company?: string): string | null {
  return row ? writeDirection(rowPoints(row, c), r, `${row.label}${row.table?.title ? ` (table: ${row.table.title})` : ""}`, `${row.citation}\n(row as printed: ${row.row})`, company) : null;
}

/** A row's value as the answer shows it: counts and ratios as printed, a rate with its "%", money with scale and currency. */
export function shownValue(c: Concept, column: LineItemRow["columns"][number], row: LineItemRow): string {
  const col = asAmount(c, column);
  if (c.kind === "ratio") return col.printed ?? String(col.value);
  // a count printed in thousands ("in thousands, except …": 27,438) says its scale: 27,438 thousand
  // (when the tool read it so: its value is the printed number times the scale)
  if (c.kind === "count") {
    const printed = col.printed ?? String(col.value);
    const scaled = !!SCALE_WORD[row.scale] && col.value !== null && Math.abs(col.value - Number(printed.replace(/[^\d.]/g, "")) * row.scale) < row.scale;
    return scaled ? `${printed} ${SCALE_WORD[row.scale]}` : printed;
  }
  if (row.unit === "%") return /%/.test(col.printed ?? "") ? col.printed! : `${col.printed ?? String(col.value)}%`;
  // a rate asked of a row printed in money ("Gross margin: Services 14,965") stays money: no "%" on an amount
  if (c.kind === "percent" && !row.currency) return /%/.test(col.printed ?? "") ? col.printed! : `${col.printed ?? String(col.value)}%`;
  // (with the decimals it was printed with past two: $0.795 a share is not $0.80)
  const decimals = /\.(\d{3,})\b/.exec(col.printed ?? "")?.[1]?.length;
  return formatAmount(col.value!, row.scale, row.currency, decimals);
}

export function writeRows(o: LineItemsOutput, c: Concept): string | null {
  const row = pickRow(o, c);
  if (!row) return null;
  const col = row.columns.find((x) => x.value !== null)!;
  const value = shownValue(c, col, row);
  const where = row.table?.title ? ` (table: ${row.table.title})` : "";
  return `${whose(o.company)}${row.label}, ${periodWord(col.period)}: **${value}**${where} ${row.citation}\n(row as printed: ${row.row})${[...o.notes, ...restated(o.rows, row, col)].map((n) => `\n_${n}_`).join("")}`;
}

/** An earlier filing's row printing another value for the period: the later filing restates it, said so. */
function restated(rows: LineItemRow[], row: LineItemRow, col: LineItemColumn): string[] {
  const key = (x: LineItemRow) => plainStems(x.label).join(" ");
  const earlier = rows.find((x) => x !== row && x.filingYear !== undefined && row.filingYear !== undefined && x.filingYear < row.filingYear && key(x) === key(row) && x.columns.some((k) => k.period === col.period && k.value !== null && k.value !== col.value));
  const then = earlier?.columns.find((k) => k.period === col.period);
  return earlier && then ? [`${earlier.document} printed ${then.printed ?? then.value} for ${periodWord(col.period)}; the later ${row.document} restates it.`] : [];
}

export function writeScopedRows(o: LineItemsOutput, c: Concept, scope: string, segment = false, periods: string[] = []): string | null {
  const row = pickScopedRow(o, c, scope, segment, periods);
  if (!row) return null;
  const v = columnOf(row, periods);
  const value = shownValue(c, v, row);
  const where = [row.table?.title, ...(row.table?.headings ?? [])].filter(Boolean).join(" › ");
  return `${whose(o.company)}${c.label} — ${row.label}${where ? ` (${where})` : ""}, ${periodWord(v.period)}: **${value}** ${row.citation}\n(row as printed: ${row.row})`;
}
