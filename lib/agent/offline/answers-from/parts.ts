/**
 * Answers about parts of the company from get_line_items rows (with compute_metric's whole for a
 * share): two parts against each other, several figures of one part, a part's share of the whole,
 * and a part's rate worked out from its rows.
 */
import { formatAmount } from "@/lib/metrics/numbers";
import { shiftLabelYear } from "@/lib/periods";
import type { Concept } from "../../concepts/catalog";
import { partRatioOf, ratioParts } from "../../concepts/ratio-parts";
import { tokens } from "../../concepts/match";
import { partTokens } from "../../concepts/part-names";
import type { ComputeOutput } from "../../evidence/compute";
import type { LineItemRow, LineItemsOutput } from "../../evidence/line-items";
import type { Reading } from "../../reader/read";
import { periodWord, plainStems, whose } from "./shared";
import { columnOf, MEASURE_STEMS, pickRow, pickScopedRow } from "./pick-row";
import { writeScopedRows } from "./rows";

/**
 * The rows read for one figure of a part, asked of get_line_items as "<part> <term>" (the figure's
 * first term): with `part`, the rows of exactly that item; without, of any part, the part perhaps
 * respelled in the ask since.
 */
function partRows(o: LineItemsOutput, c: Concept, part?: string): LineItemsOutput {
  const term = c.terms[0];
  return { ...o, rows: (o.rows ?? []).filter((x) => (part === undefined ? x.item.endsWith(` ${term}`) : x.item === `${part} ${term}`)) };
}

/**
 * Several figures of one part ("health care segment sales + op income"): each figure's row of the
 * part, one line each. Null unless every figure has one (a partial answer is said as not found).
 */
export function writeScopedEach(o: LineItemsOutput, r: Reading): string | null {
  const lines: string[] = [];
  for (const c of r.concepts) {
    const line = writeScopedRows(partRows(o, c), c, r.scope!, r.segment, r.periods);
    if (!line) return null;
    lines.push(line);
  }
  return lines.join("\n\n");
}

/**
 * Two parts asked against each other ("domestic or international streaming, which grew faster"):
 * each part's row of the figure, and which is ahead, by growth when a move is asked and both rows
 * print the year before, else by level. A one-word side takes the other side's last words when it
 * names no row alone ("domestic" of "international streaming"). Null unless both rows are found.
 */
export function writePair(o: LineItemsOutput, c: Concept, r: Reading): string | null {
  const [a, b] = r.pair!;
  const x = pairSide(o, c, r, a, b);
  const y = pairSide(o, c, r, b, a);
  if (!x || !y || x.row === y.row) return null;
  const cur = [...r.periods].sort().at(-1) ?? columnOf(x.row).period;
  const before = shiftLabelYear(cur, -1);
  const at = (row: LineItemRow, period: string | null) => row.columns.find((k) => k.period === period && k.value !== null)?.value ?? undefined;
  if (at(x.row, cur) === undefined || at(y.row, cur) === undefined) return null;
  // a move asked, and both rows print the year before: by growth; else by level
  const byGrowth = (r.aggregate === "growth" || !!r.direction) && !!at(x.row, before) && !!at(y.row, before);
  const growth = (row: LineItemRow) => (at(row, cur)! - at(row, before)!) / Math.abs(at(row, before)!);
  const measure = (row: LineItemRow) => (byGrowth ? growth(row) : at(row, cur)!);
  const [w, l] = measure(x.row) >= measure(y.row) ? [x, y] : [y, x];
  const amount = (row: LineItemRow, period: string | null) => formatAmount(at(row, period)!, row.scale, row.currency);
  const rate = (row: LineItemRow) => `${growth(row) >= 0 ? "+" : "−"}${Math.abs(growth(row) * 100).toFixed(1)}%`;
  const values = (row: LineItemRow) => `(${amount(row, before)} → ${amount(row, cur)})`;
  const head = byGrowth
    ? `**${w.name}** grew faster in ${periodWord(cur)}: ${rate(w.row)} ${values(w.row)} against ${rate(l.row)} for ${l.name} ${values(l.row)}`
    : `**${w.name}** was the larger in ${periodWord(cur)}: ${amount(w.row, cur)} against ${amount(l.row, cur)} for ${l.name}`;
  const cites = [...new Set([w.row.citation, l.row.citation])].join(" ");
  return `${whose(o.company)}${head} ${cites}\n(rows as printed: ${w.row.row}; ${l.row.row})`;
}

/**
 * One side's row and its name: the side's words, else (one word) with the other side's last words
 * ("domestic" of "international streaming"); named by the row's label when it holds the side's words
 * ("Greater China"), else as asked (a segment's rows may be labelled by the figure alone, "Revenues").
 */
function pairSide(o: LineItemsOutput, c: Concept, r: Reading, side: string, other: string): { row: LineItemRow; name: string } | null {
  const longer = tokens(side).length === 1 && tokens(other).length > 1 ? `${side} ${other.split(/\s+/).slice(1).join(" ")}` : undefined;
  const asked = [side, ...(longer ? [longer] : [])].map((words) => ({ words, row: pickScopedRow(o, c, words, r.segment, r.periods) })).find((z) => z.row);
  if (!asked?.row) return null;
  const labelled = partTokens(asked.words, { asked: true }).every((w) => partTokens(asked.row!.label).some((t) => t.stem === w.stem));
  return { row: asked.row, name: labelled ? asked.row.label : `${asked.words.charAt(0).toUpperCase()}${asked.words.slice(1)}` };
}

/**
 * A part's share of the company's figure: the part's row over the whole from the statements, for the
 * newest period both print ("Services were 19.6% of revenue in fiscal 2020: USD 53,768 million of
 * USD 274,515 million"). Null when either is missing.
 */
export function writePartShare(parts: LineItemsOutput | undefined, whole: ComputeOutput | LineItemsOutput, c: Concept, r: Reading): string | null {
  if (!parts) return null;
  const stated = statedShare(parts, c, r);
  if (stated) return stated;
  // the part's own figure from the rows asked as it ("international revenue"); the rows asked by the part alone only name what it goes to
  const ofFigure = partRows(parts, c, r.scope!);
  const row = pickScopedRow(ofFigure.rows.length ? ofFigure : parts, c, r.scope!, r.segment, r.periods) ?? measuredRow(parts, r.scope!, r.periods);
  const col = row ? columnOf(row, r.periods) : undefined;
  if (!row || !col || col.value === null) return null;
  const total = "status" in whole ? wholeFromCompute(whole, col.period) : wholeFromRows(whole, c, col.period, row);
  if (!total || !total.value) return null;
  const share = (col.value / total.value) * 100;
  const shown = (v: number, x: LineItemRow) => (c.kind === "count" ? v.toLocaleString("en-US") : formatAmount(v, x.scale, x.currency));
  return `${whose(parts.company)}${row.label} ${c.kind === "count" ? "were" : "was"} **${share.toFixed(1)}%** of ${c.label.toLowerCase()} in ${periodWord(col.period)}: ${shown(col.value, row)} ${row.citation} of ${total.shown ?? shown(total.value, row)} ${total.cites}\n(row as printed: ${row.row})`;
}

/**
 * A part's rate its tables do not print ("DCG operating margin"): the part's row of the rate's
 * numerator over its row of the denominator, for the same period, both cited. Null unless both rows
 * are the part's amounts for that period.
 */
export function writePartRatio(o: LineItemsOutput, c: Concept, r: Reading): string | null {
  const parts = partRatioOf(r, c);
  if (!parts || !r.scope) return null;
  // (the rows asked as "<part> <term>", the part perhaps respelled since: each figure's rows by its term)
  const pick = (x: Concept) => pickScopedRow(partRows(o, x), x, r.scope!, r.segment, r.periods);
  const [top, bottom] = [pick(parts.top), pick(parts.bottom)];
  if (!top || !bottom || top.unit === "%" || bottom.unit === "%") return null;
  const asked = r.periods.length ? r.periods : [];
  const tc = columnOf(top, asked);
  const bc = tc ? bottom.columns.find((k) => k.period === tc.period && k.value !== null) : undefined;
  if (!tc || tc.value === null || !bc?.value || (asked.length && !asked.includes(tc.period))) return null;
  const rate = (tc.value / bc.value) * 100;
  const shown = (x: LineItemRow, v: number) => formatAmount(v, x.scale, x.currency);
  const name = ratioParts(c) ? `${c.label} of ${top.label}` : `${parts.top.label} to ${parts.bottom.label.toLowerCase()} of ${r.scope}`;
  return `${whose(o.company)}${name}, ${periodWord(tc.period)}: **${rate.toFixed(1)}%**, worked out as ${parts.top.label.toLowerCase()} ${shown(top, tc.value)} ${top.citation} over ${parts.bottom.label.toLowerCase()} ${shown(bottom, bc.value)} ${bottom.citation}\n(rows as printed: ${top.row}; ${bottom.row})`;
}

/** "Percent of net sales", "as a % of revenue", "% of total": a heading naming rates of a whole. */
const SHARE_HEADING = /\bper\s?cent(?:age)?\s+of\b|%\s+of\b|\bshare\s+of\b/i;

/**
 * The share the filing states itself ("Percent of Net Sales: Technology and content 12.8"): a row of
 * rates naming the part, under a heading or title that says it is a percent of the whole asked.
 */
function statedShare(parts: LineItemsOutput, c: Concept, r: Reading): string | null {
  const want = plainStems(r.scope!);
  const ofWhole = (text: string) => {
    const m = SHARE_HEADING.exec(text);
    if (!m) return false;
    const after = new Set(plainStems(text.slice(m.index + m[0].length)));
    return c.terms.some((t) => plainStems(t).every((w) => after.has(w)));
  };
  for (const row of parts.rows ?? []) {
    if (row.unit !== "%" || !want.length || !want.every((w) => plainStems(row.label).includes(w))) continue;
    const texts = [...(row.table?.headings ?? []), row.table?.title ?? "", row.section ?? ""];
    if (!texts.some(ofWhole)) continue;
    const col = columnOf(row, r.periods);
    if (!col || col.value === null) continue;
    return `${whose(parts.company)}${row.label} was **${col.value.toFixed(1)}%** of ${c.label.toLowerCase()} in ${periodWord(col.period)}, as the filing states it ${row.citation}\n(row as printed: ${row.row})`;
  }
  return null;
}

/**
 * A share of a whole asked of what it goes to ("what % of revenue went to demand creation"): the
 * row naming the part and a measure word only ("Demand creation expense"), in money, its rows
 * agreeing on the period's value. Null when there is none, or they disagree.
 */
function measuredRow(o: LineItemsOutput, scope: string, periods: string[]): LineItemRow | null {
  const want = new Set(plainStems(scope));
  const rows = (o.rows ?? []).filter((x) => {
    const label = plainStems(x.label);
    return !!x.currency && x.unit !== "%" && label.some((w) => MEASURE_STEMS.has(w)) && [...want].every((w) => label.includes(w)) && label.every((w) => want.has(w) || MEASURE_STEMS.has(w));
  });
  const valued = rows.filter((x) => columnOf(x, periods)?.value != null);
  return valued.length && new Set(valued.map((x) => columnOf(x, periods)!.value)).size === 1 ? valued[0]! : null;
}

function wholeFromCompute(o: ComputeOutput, period: string): { value: number; shown?: string; cites: string } | null {
  const x = o.status === "answered" ? o.series.find((s) => s.period === period && s.value !== undefined) : undefined;
  return x ? { value: x.value!, ...(x.formatted ? { shown: x.formatted } : {}), cites: [...new Set(o.inputs.filter((i) => i.period === period).map((i) => i.citation))].join(" ") } : null;
}

/** The whole's own row for the part's period (a count's total: "Total restaurants"), never the part's row. */
function wholeFromRows(o: LineItemsOutput, c: Concept, period: string, part: LineItemRow): { value: number; shown?: string; cites: string } | null {
  const total = pickRow({ ...o, rows: o.rows.filter((x) => x.row !== part.row) }, c, [period]);
  const col = total?.columns.find((k) => k.period === period && k.value !== null);
  return total && col ? { value: col.value!, cites: total.citation } : null;
}
