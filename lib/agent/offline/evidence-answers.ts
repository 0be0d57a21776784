/**
 * The offline model's answers written from the typed evidence tools' results. Each writer returns
 * null when the evidence does not fit what was asked (the caller then searches further, abstains
 * or hands over); an answer states its figure with the citation the tool gave, and says which
 * period it took and how the figure was computed.
 */
import escapeStringRegexp from "escape-string-regexp";
import { MONEY, withoutYears } from "@/lib/answers/narrative/fit";
import { sentencePieces } from "@/lib/extraction/sentences";
import { GEOGRAPHY, PER_SHARE } from "@/lib/extraction/findings/scope";
import { MAGNITUDE } from "@/lib/metrics/line-items";
import { formatAmount } from "@/lib/metrics/numbers";
import { parsePrintedNumber } from "@/lib/metrics/printed-number";
import { readCurrency } from "@/lib/statements/scale";
import { asksNewestColumn, monthNumber, namesYear, parsePeriod, readPeriodRequest, shiftLabelYear } from "@/lib/periods";
import type { Concept } from "../concepts/catalog";
import type { Threshold } from "../concepts/directions";
import { partInitials, PLACE_INITIALS } from "../concepts/part-names";
import { ratioParts } from "../concepts/ratio-parts";
import { GRAMMAR_WORDS, MEASURE_WORDS, PLAIN_LABEL_STEMS } from "../concepts/generic-words";
import { findConcepts, tokens, type Token } from "../concepts/match";
import { partTokens } from "../concepts/part-names";
import type { ComputeOutput } from "../evidence/compute";
import type { CitedItem, EntitiesOutput } from "../evidence/entities";
import { inFootnote, type LineItemColumn, type LineItemRow, type LineItemsOutput } from "../evidence/line-items";
import type { ChangeColumn } from "../evidence/change-columns";
import { CONSTANT_CURRENCY } from "../concepts/answer-words";
import { respectiveFigure } from "../evidence/respectively";
import { initialisms } from "../evidence/defined-terms";
import { recencyOf, type Passage, type SearchDocumentsOutput } from "../evidence/passages";
import { changePeriods, joinInitials, type Reading } from "../reader/read";
import { isYearWord, yearsWritten } from "@/lib/periods/years";

export const periodWord = (p: string) => p.replace(/^FY/, "fiscal ");
const whose = (company?: string) => (company ? `${company}: ` : "");

export function writeCompute(o: ComputeOutput, r: Reading): string | null {
  if (o.status !== "answered" || o.formatted === undefined || !o.inputs.length) return null;
  const cites = [...new Set(o.inputs.map((i) => i.citation))].join(" ");
  const lines: string[] = [];
  const one = o.series.length <= 1 || (r.aggregate && r.aggregate !== "series");
  if (one) {
    lines.push(`${whose(o.company)}${o.metric!.name} ${o.periods.length ? `for ${o.periods.map(periodWord).join("–")} ` : ""}was **${o.formatted}** ${cites}`);
    // a change or growth shows the values it is the change of, and the move in both the unit and percent
    if (o.series.length > 1) lines.push(o.series.filter((x) => x.formatted).map((x) => `${periodWord(x.period)}: ${x.formatted}`).join("; "));
    const moved = r.aggregate === "change" || r.aggregate === "growth" ? changeLine(o) : null;
    if (moved) lines.push(moved);
  }
  else {
    lines.push(`${whose(o.company)}${o.metric!.name}:`);
    for (const s of o.series) if (s.formatted) lines.push(`- ${periodWord(s.period)}: **${s.formatted}**`);
    // two years compared: the change between them too
    const moved = changeLine(o);
    if (moved) lines.push(moved);
    lines.push(cites);
  }
  const direct = o.inputs.length === 1 && o.metric!.id === o.inputs[0]!.item;
  if (!direct) {
    lines.push("", `Formula: ${o.formula}`);
    for (const i of o.inputs) lines.push(`- ${i.label}, ${periodWord(i.period)}: ${formatAmount(i.value, i.scale, i.currency)} ${i.citation}`);
  } else lines.push(`(line "${o.inputs[0]!.label}" as printed: ${o.inputs[0]!.row})`);
  for (const n of o.notes) lines.push(`_${n}_`);
  return lines.join("\n");
}

/**
 * The change between a two-year series' values ("Change fiscal 2019 → fiscal 2020: +2,535 million
 * (+15.6%)"), in the figure's own unit; percentage points for a rate. Null for other series.
 */
function changeLine(o: ComputeOutput): string | null {
  const pts = o.series.filter((x) => x.value !== undefined);
  // a per-share figure's change is left to the reader: the answer check finds no source for it
  if (pts.length !== 2 || !o.metric || o.metric.unit === "per_share") return null;
  const [a, b] = pts as [{ period: string; value: number }, { period: string; value: number }];
  const unit = o.metric.unit;
  if (unit === "percent") return `Change ${periodWord(a.period)} → ${periodWord(b.period)}: ${signed((b.value - a.value) * 100, 1)} percentage points`;
  const scale = o.inputs[0]?.scale ?? 1;
  const amount = unit === "amount" ? `${signed((b.value - a.value) / scale, 0)}${SCALE_WORD[scale] ? ` ${SCALE_WORD[scale]}` : ""}` : signed(b.value - a.value, 2);
  const pct = a.value !== 0 ? ` (${signed(((b.value - a.value) / Math.abs(a.value)) * 100, 1)}%)` : "";
  return `Change ${periodWord(a.period)} → ${periodWord(b.period)}: ${amount}${pct}`;
}

const signed = (v: number, decimals: number) => `${v >= 0 ? "+" : "−"}${Math.abs(v).toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;

/** "Did they buy back stock last year?": yes with the figure when the statement line shows an amount, no when it shows none. */
export function writeAction(o: ComputeOutput, c: Concept): string | null {
  if (o.status !== "answered" || o.value === undefined || !o.inputs.length) return null;
  const i = o.inputs[0]!;
  const period = periodWord(o.periods.at(-1) ?? i.period);
  if (o.value === 0) return `No — ${whose(o.company)}the ${i.label} line shows no amount for ${period} ${i.citation}`;
  return `Yes — ${whose(o.company)}${c.label.toLowerCase()} of **${o.formatted}** in ${period} (line "${i.label}") ${i.citation}${o.notes.map((n) => `\n_${n}_`).join("")}`;
}

/** "Was it in the red?": Yes or No by the figure's sign, the figure cited. */
export function writeSign(o: ComputeOutput, sign: "loss" | "profit", profitLike = true): string | null {
  if (o.status !== "answered" || o.value === undefined || !o.inputs.length || o.value === 0) return null;
  const i = o.inputs[0]!;
  const loss = o.value < 0;
  const period = periodWord(o.periods.at(-1) ?? i.period);
  // (a flow that is no profit, "free cash flow", is negative or positive, not a loss or a profit)
  const side = profitLike ? (loss ? "a loss" : "a profit") : loss ? "negative" : "positive";
  // (a figure computed from several lines shows its formula and each input, not the first line's name)
  const from = o.inputs.length === 1 ? `(line "${i.label}") ${i.citation}` : `${[...new Set(o.inputs.map((x) => x.citation))].join(" ")}\nFormula: ${o.formula}\n${o.inputs.map((x) => `- ${x.label}, ${periodWord(x.period)}: ${formatAmount(x.value, x.scale, x.currency)} ${x.citation}`).join("\n")}`;
  return `${(sign === "loss") === loss ? "Yes" : "No"} — ${whose(o.company)}${o.metric!.name.toLowerCase()} for ${period} was **${o.formatted}**, ${side} ${from}${o.notes.map((n) => `\n_${n}_`).join("")}`;
}

/** The figure against the value asked: "above" or "below" it, or "equal to" it. */
function sideOf(value: number, against: number): "above" | "below" | "equal to" {
  return value > against ? "above" : value < against ? "below" : "equal to";
}

/** Yes when the figure is on the side of the value the question asked ("at least" takes equal as yes). */
function onAskedSide(t: Threshold, side: ReturnType<typeof sideOf>): boolean {
  return side === t.side || (side === "equal to" && t.inclusive);
}

/**
 * The value asked in the figure's terms: a rate's in percent; an amount written with a currency or
 * scale word in units. A bare number ("over 7,000") is read in the scale (units, the statement's,
 * millions or billions) that puts it nearest the figure, and the answer says how it was read. Null
 * when the two do not compare (a percent asked of an amount).
 */
function thresholdFor(o: ComputeOutput, t: Threshold): { value: number; against: number; read?: string } | null {
  const unit = o.metric!.unit;
  if (unit === "percent") return t.sized ? null : { value: o.value! * 100, against: t.value };
  if (t.percent) return null;
  if (unit !== "amount" || t.sized || o.value === 0) return { value: o.value!, against: t.value };
  const far = (scale: number) => Math.abs(Math.log10(Math.abs(o.value!) / (t.value * scale)));
  const scale = [1, o.inputs[0]?.scale ?? 1, 1e6, 1e9].reduce((best, s) => (far(s) < far(best) ? s : best));
  return { value: o.value!, against: t.value * scale, ...(scale !== 1 ? { read: `${t.written} read as ${t.written} ${SCALE_WORD[scale]}` } : {}) };
}

/** "Did they clear $7bn in revenue?": Yes or No by the figure against the value asked, the figure cited. */
export function writeThreshold(o: ComputeOutput, t: Threshold): string | null {
  if (o.status !== "answered" || o.value === undefined || !o.inputs.length || !o.metric) return null;
  const cmp = thresholdFor(o, t);
  if (!cmp) return null;
  const i = o.inputs[0]!;
  const side = sideOf(cmp.value, cmp.against);
  const period = periodWord(o.periods.at(-1) ?? i.period);
  return `${onAskedSide(t, side) ? "Yes" : "No"} — ${whose(o.company)}${o.metric.name.toLowerCase()} for ${period} was **${o.formatted}**, ${side} ${t.written}${cmp.read ? ` (${cmp.read})` : ""} (line "${i.label}") ${i.citation}${o.notes.map((n) => `\n_${n}_`).join("")}`;
}

interface Point {
  period: string;
  value: number;
  shown: string;
}

/** A point shown as a rate ("41.0%"): its moves are in points, not relative to its start. */
const shownAsRate = (p: Point) => p.shown.includes("%");

/** The asked periods' points, or the newest two; oldest first. */
/** The fiscal years among the periods ("FY2022"; not a quarter, a half or "latest"). */
const fiscalYears = (periods: readonly string[]): string[] => periods.filter((p) => /^FY\d{4}$/.test(p));

/** The periods a move is read across: the years asked, or a quarter asked and the same quarter a year before. */
function directionPeriods(periods: string[]): string[] {
  const quarter = periods.length === 1 ? /^([QH][1-4]) (\d{4})$/.exec(periods[0]!) : null;
  if (quarter) return [`${quarter[1]} ${Number(quarter[2]) - 1}`, periods[0]!];
  return fiscalYears(periods);
}

function lastTwo(points: Point[], asked: string[]): Point[] {
  const fits = asked.length ? points.filter((p) => asked.includes(p.period)) : points;
  return fits.sort((a, b) => a.period.localeCompare(b.period)).slice(-2);
}

/**
 * "Did Japan net sales fall in 2022?": yes or no from the figure's two periods, with both values and
 * the change, never from a sentence that merely mentions a fall. Null without two values.
 */
function writeDirection(points: Point[], r: Reading, label: string, cites: string, company?: string): string | null {
  const pair = lastTwo(points, directionPeriods(r.periods));
  if (pair.length < 2 || !r.direction) return null;
  const [a, b] = pair as [Point, Point];
  if (r.threshold) return writeMoveThreshold(a, b, r, label, cites, company);
  const delta = b.value - a.value;
  const moved = delta > 0 ? "up" : delta < 0 ? "down" : undefined;
  const verb = moved === "up" ? "rose" : moved === "down" ? "fell" : "was unchanged";
  const relative = moved && a.value !== 0 && !shownAsRate(a) ? `, ${delta > 0 ? "+" : "−"}${Math.abs((delta / Math.abs(a.value)) * 100).toFixed(1)}%` : "";
  const verdict = r.direction === "either" ? (moved === "up" ? "Up" : moved === "down" ? "Down" : "Unchanged") : moved === r.direction ? "Yes" : "No";
  return `${verdict} — ${whose(company)}${label} ${verb} from **${a.shown}** (${periodWord(a.period)}) to **${b.shown}** (${periodWord(b.period)})${relative} ${cites}`;
}

/**
 * "Did sales grow more than 10% in 2018?", "did debt rise by over $1bn?": the move the way asked
 * against the value asked, a rate's in points, an amount's relative to its start or, asked as an
 * amount, in units. Null when they do not compare (a bare number of an amount, a rate asked in money).
 */
function writeMoveThreshold(a: Point, b: Point, r: Reading, label: string, cites: string, company?: string): string | null {
  const t = r.threshold!;
  const rate = shownAsRate(a);
  const units = !rate && t.sized && !t.percent;
  if (r.direction === "either" || (rate && t.sized) || (!rate && !t.percent && !units) || (!rate && !units && a.value === 0)) return null;
  const printed = (p: Point) => parsePrintedNumber(p.shown)?.value ?? NaN;
  const move = rate ? printed(b) - printed(a) : units ? b.value - a.value : ((b.value - a.value) / Math.abs(a.value)) * 100;
  if (!Number.isFinite(move)) return null;
  const along = r.direction === "down" ? -move : move;
  const verdict = along > 0 && onAskedSide(t, sideOf(along, t.value)) ? "Yes" : "No";
  const shown = units ? `${move >= 0 ? "+" : "−"}${formatAmount(Math.abs(move), Math.abs(move) >= 1e9 ? 1e9 : 1e6, undefined)}` : `${move >= 0 ? "+" : "−"}${Math.abs(move).toFixed(1)}${rate ? " points" : "%"}`;
  return `${verdict} — ${whose(company)}${label} ${move > 0 ? "rose" : move < 0 ? "fell" : "was unchanged"} from **${a.shown}** (${periodWord(a.period)}) to **${b.shown}** (${periodWord(b.period)}), ${shown} against the ${t.written} asked ${cites}`;
}

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
  const points = rowPoints(row, c).filter((p) => asked.includes(p.period)).sort((a, b) => a.period.localeCompare(b.period));
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

const SCALE_WORD: Record<number, string> = { 1e3: "thousand", 1e6: "million", 1e9: "billion" };

/**
 * A figure no catalog concept names, asked in the words the deal's own table prints ("streaming
 * content obligations at end of 2015", "domestic streaming paid memberships"): a row whose label
 * says nothing the question does not, with every word of the question in its label or its table's
 * title and headings, for the period asked (or its newest). Rows that disagree answer nothing.
 */
const MEASURE_STEMS = new Set([...MEASURE_WORDS].map((w) => tokens(w)[0]!.stem));
/** The label holds a measure word ("expense", "headcount"): it names a figure, not only a part. */
const MEASURE_STEMS_IN = (label: string) => tokens(label).some((t) => MEASURE_STEMS.has(t.stem));

/** The legal forms a registrant's name ends in. */
const LEGAL_FORM = String.raw`(?:inc(?:orporated)?|corp(?:oration)?|company|co|llc|l\.?p\.?|limited partnership|operating partnership|plc|ltd|limited)\b`;

/**
 * A combined filing's other registrant named in a table's context: the company's name with another
 * legal form ("Boston Properties Limited Partnership" in the 10-K of Boston Properties, Inc.;
 * "Pacific Gas and Electric Company" beside PG&E Corporation is another name, not caught here).
 * Built once per answer, tested per row.
 */
function otherRegistrantTest(company: string | undefined): (context: string) => boolean {
  const m = company ? new RegExp(String.raw`^(.+?)[,\s]+(${LEGAL_FORM})\.?$`, "i").exec(company.trim()) : null;
  if (!m) return () => false;
  const form = (f: string) => f.toLowerCase().replace(/\./g, "");
  const own = form(m[2]!);
  const named = new RegExp(String.raw`\b${escapeStringRegexp(m[1]!.trim()).replace(/\s+/g, "\\s+")}[,\s]+(${LEGAL_FORM})`, "gi");
  return (context) => [...context.matchAll(named)].some((hit) => form(hit[1]!) !== own);
}

export function writeLabelledRow(o: LineItemsOutput, r: Reading): string | null {
  const want = new Set(plainStems(r.label ?? ""));
  if (!want.size) return null;
  // the periods as the tool read them ("last year" → the latest fiscal year), else as asked
  const periods = o.periods?.length ? o.periods : r.periods;
  const asked = [...periods].filter((p) => /^(?:FY|Q[1-4] )?\d{4}$/.test(p)).sort().at(-1);
  // "ffo per share": a per-share figure is a row naming the share, not the total under a heading that mentions shares
  const perShare = PER_SHARE.test(r.text);
  const PER_SHARE_STEMS = new Set(plainStems("per share diluted basic common"));
  const companyStems = new Set(plainStems(o.company ?? ""));
  const attributable = plainStems("attributable")[0];
  const ownedByCompany = (label: string[]) => !!attributable && label.includes(attributable) && [...companyStems].some((w) => label.includes(w));
  const fitting = (o.rows ?? []).filter((x) => {
    const label = plainStems(x.label);
    const context = new Set(plainStems([x.table?.title ?? "", ...(x.table?.headings ?? [])].join(" ")));
    if (perShare && !PER_SHARE.test(x.label)) return false;
    // ("FFO attributable to Acme, Inc.": the company's own figure, its name no extra word)
    const own = ownedByCompany(label);
    return label.length > 0 && label.every((w) => want.has(w) || MEASURE_STEMS.has(w) || (perShare && PER_SHARE_STEMS.has(w)) || (own && (companyStems.has(w) || w === attributable))) && [...want].every((w) => label.includes(w) || context.has(w));
  });
  // a row naming a cost the question does not ask, in its label ("Cost of natural gas" for "how much came from natural
  // gas") or its table's ("Hardware" in a table of stock-based compensation expense by line), gives way to the rows
  // that name none ("Natural gas", under the revenues)
  // (a cost the question does ask, "cost of natural gas", is the row whose own label names it)
  const costAsked = new Set(tokens(r.text).map((t) => t.stem).filter((w) => MEASURE_STEMS.has(w)));
  const costNamed = (x: LineItemRow) => plainStems([x.label, x.section ?? "", x.table?.title ?? "", ...(x.table?.headings ?? [])].join(" ")).some((w) => MEASURE_STEMS.has(w) && !want.has(w));
  const plain = costAsked.size ? fitting.filter((x) => plainStems(x.label).some((w) => costAsked.has(w))) : fitting.filter((x) => !costNamed(x));
  // no row in the question's words alone: the company's total of the measure asked, whose label ends in those words
  // ("Total transaction take rate" for "take rate"; the parts' rows, "StubHub take rate", are no answer)
  const ordered = plainStems(r.label ?? "");
  const totalOf = (x: LineItemRow) => {
    const label = plainStems(x.label);
    return /^\s*total\b/i.test(x.label) && label.length > ordered.length && label.slice(-ordered.length).join(" ") === ordered.join(" ");
  };
  const found = plain.length ? plain : fitting.length ? fitting : (o.rows ?? []).filter(totalOf);
  // a combined filing's other registrant (an operating partnership, a utility subsidiary) prints the same measure:
  // the row attributed to the company asked comes first
  const owned = found.filter((x) => ownedByCompany(plainStems(x.label)));
  const otherRegistrant = otherRegistrantTest(o.company);
  const fits = owned.length ? owned : found.filter((x) => !otherRegistrant([x.table?.title ?? "", ...(x.table?.headings ?? []), x.section ?? ""].join(" ")));
  // (a "latest" asked that the tool answered with a newer report's column, a release's quarter after the year: that column)
  const newer = (x: LineItemRow) => (x.columns.length === 1 && asksNewestColumn(r.text) ? x.columns[0] : undefined);
  const valued = fits.map((x) => ({ x, col: asked ? (x.columns.find((k) => k.value !== null && k.period === asked) ?? newer(x)) : columnOf(x) })).filter((f) => f.col && f.col.value !== null);
  if (!valued.length) return null;
  // rows that disagree: the value more of the filing's tables state (a misread line is one place)
  const agrees = (xs: typeof valued) => xs.length > 0 && new Set(xs.map((f) => `${f.col!.period}|${f.col!.value}`)).size === 1;
  const latest = new Set(latestFiled(valued.map((f) => f.x)));
  const ofLatest = valued.filter((f) => latest.has(f.x));
  const agreed = agrees(valued) ? valued[0]!.x : agrees(ofLatest) ? ofLatest[0]!.x : mostStated(valued.map((f) => f.x), (y) => valued.find((f) => f.x === y)!.col!);
  const picked = valued.find((f) => f.x === agreed);
  if (!picked) return null;
  const { x, col } = picked;
  // a table of money may hold counts ("Paid memberships 43,401" among dollar rows): money when the row prints it so
  // a statement's line is money; a table's when it prints a currency
  const money = !!x.currency && (x.source === "statement" || !!readCurrency(`${x.row} ${x.table?.title ?? ""} ${(x.table?.headings ?? []).join(" ")}`));
  const shownOf = (k: LineItemRow["columns"][number]) => {
    const printed = k.printed ?? String(k.value! / (x.scale || 1));
    return x.unit === "%" ? `${printed.replace(/\s*%$/, "")}%` : money ? formatAmount(k.value!, x.scale, x.currency) : `${printed}${SCALE_WORD[x.scale] ? ` ${SCALE_WORD[x.scale]}` : ""}`;
  };
  const where = [x.table?.title, ...(x.table?.headings ?? [])].filter(Boolean).join(" › ");
  // two years or more asked ("iphone units fy15 vs fy14"): each from the row, and the change
  const years = [...new Set(fiscalYears(periods))].sort();
  const series = years.map((p) => x.columns.find((k) => k.period === p && k.value !== null));
  if (years.length >= 2 && series.every(Boolean)) {
    const [a, b] = [series[0]!, series.at(-1)!];
    const delta = b.value! - a.value!;
    const change = x.unit === "%" ? `${delta >= 0 ? "+" : "−"}${Math.abs(delta).toFixed(1)} points` : `${delta >= 0 ? "+" : "−"}${a.value ? Math.abs((delta / Math.abs(a.value)) * 100).toFixed(1) : "∞"}%`;
    return [`${whose(o.company)}${x.label}${where ? ` (${where})` : ""}, ${periodWord(a.period)} to ${periodWord(b.period)}: ${change} ${x.citation}`, ...series.map((k) => `- ${periodWord(k!.period)}: **${shownOf(k!)}**`), `(row as printed: ${x.row})`].join("\n");
  }
  return `${whose(o.company)}${x.label}${where ? ` (${where})` : ""}, ${periodWord(col!.period)}: **${shownOf(col!)}** ${x.citation}\n(row as printed: ${x.row})`;
}

/** A sentence of a transaction: a verb of buying and a price. */
const BUYS = /\b(?:acquir\w*|acquisition|merger|merge[ds]?|purchase[ds]?|bought|buy(?:s|ing)?)\b/i;
const PRICE = /[$€£]\s?\d|\b\d[\d,.]*\s*(?:billion|million)\b/i;
const BOUGHT_FOR = /\b(?:acquir\w*|purchas\w*|bought|buy\w*)\b[^.;]{0,200}\bfor\b[^.;]{0,40}(?:[$€£]\s?\d|\d[\d,.]*\s*(?:billion|million))/i;

/**
 * "How much did Amazon pay for Whole Foods?": the sentences that name the counterparty asked, a verb
 * of buying and a price, newest filing first (two at most). Null when none names all three.
 */
export function writeDeal(o: SearchDocumentsOutput, r: Reading): string | null {
  const want = plainStems(r.scope ?? "");
  if (!want.length) return null;
  const found: Array<{ text: string; citation: string; at: number; priced: boolean }> = [];
  for (const p of o.passages ?? []) {
    for (const s of sentencePieces(p.text.replace(/\s+/g, " "))) {
      const stems = new Set(tokens(s).map((t) => t.stem));
      // a table run together (many figures) states no deal
      const figures = s.match(/\d[\d,.]*/g)?.length ?? 0;
      if (s.length <= 500 && figures <= 6 && want.every((w) => stems.has(w)) && BUYS.test(s) && PRICE.test(s) && !found.some((f) => f.text === s)) found.push({ text: s, citation: p.citation, at: passageRecency(p), priced: BOUGHT_FOR.test(s) });
    }
  }
  // (a sentence on how the deal is paid for, "finance the acquisition of X through $31 billion of debt", states no price)
  found.splice(0, found.length, ...found.filter((f) => f.priced || !FINANCING.test(f.text)));
  if (!found.length) return null;
  // "acquired X … for approximately $13.2 billion" states the price paid; newest filing first
  // (…a whole price before a price per share: "purchase price of $109.00 per share" < "total purchase price … $9.1 billion")
  const perShareOnly = (f: (typeof found)[number]) => {
    const price = pricePaid(f.text, r.scope ?? "");
    return Number(!!price && PRICED_PER_SHARE.test(f.text.slice(f.text.indexOf(price) + price.length)));
  };
  const ranked = found.sort((a, b) => Number(b.priced) - Number(a.priced) || perShareOnly(a) - perShareOnly(b) || b.at - a.at);
  const best = ranked[0]!.priced ? ranked.filter((f) => f.priced).slice(0, 2) : ranked.slice(0, 1);
  // the price the sentence states after "for" ("… for NetSuite was approximately $9.1 billion"), said first
  const price = ranked[0]!.priced ? pricePaid(ranked[0]!.text, r.scope ?? "") : undefined;
  return [`${o.company ? `${o.company}'s` : "The"} filing states${price ? ` a price of **${price}** for ${r.scope}` : ""}:`, ...best.map((f) => `> "${f.text.trim()}" ${f.citation}`)].join("\n");
}

/** The words after a price that say it is per share: "$109.00 per share", "$229 in cash per Seagen share". */
const PRICED_PER_SHARE = /^[^.;$€£\d]{0,25}\bper\b[^.;$€£\d]{0,25}\bshare\b/i;

/** Words of how a deal is paid for: borrowing, debt, financing. */
const FINANCING = /\b(?:financ\w*|borrow\w*|debt|notes|term loans?|bridge (?:loan|facility)|commercial paper)\b/i;

const MONEY_AMOUNT_G = /(?:approximately\s+|about\s+)?(?:[$€£]\s?\d[\d,]*(?:\.\d+)?(?:\s*(?:billion|million|thousand))?|\b\d[\d,]*(?:\.\d+)?\s*(?:billion|million))/gi;

/**
 * The price a sentence of a deal gives for the business named: the first amount after the name that
 * words of a price lead to ("for NetSuite was approximately $9.1 billion", "Whole Foods Market … for
 * approximately $13.2 billion"), never an amount said of something else ("revenue of $500 million").
 */
export function pricePaid(sentence: string, name: string): string | undefined {
  if (!BOUGHT_FOR.test(sentence) || !name.trim()) return undefined;
  const at = sentence.toLowerCase().indexOf(name.trim().toLowerCase());
  if (at < 0) return undefined;
  const priced = (x: RegExpMatchArray) => /\b(?:for|price|was|paid|consideration)\b[^$€£\d]{0,30}$/i.test(sentence.slice(Math.max(at, x.index! - 40), x.index!));
  const amounts = [...sentence.matchAll(MONEY_AMOUNT_G)].filter((x) => x.index! > at);
  // "$229 in cash per Seagen share for a total enterprise value of approximately $43 billion": the whole deal's value, not a share's
  const perShare = (x: RegExpMatchArray) => PRICED_PER_SHARE.test(sentence.slice(x.index! + x[0].length));
  const total = amounts.find((x) => /\b(?:total|aggregate|enterprise|equity) (?:enterprise )?(?:value|consideration|purchase price)\b[^$€£\d]{0,30}$|\bvalued at\b[^$€£\d]{0,20}$/i.test(sentence.slice(Math.max(at, x.index! - 50), x.index!)));
  const first = amounts.find(priced);
  return (first && perShare(first) && total ? total : first)?.[0].trim();
}

export function writeDirectionRow(row: LineItemRow | null, c: Concept, r: Reading, company?: string): string | null {
  return row ? writeDirection(rowPoints(row, c), r, `${row.label}${row.table?.title ? ` (table: ${row.table.title})` : ""}`, `${row.citation}\n(row as printed: ${row.row})`, company) : null;
}

export function writeDirectionCompute(o: ComputeOutput, r: Reading): string | null {
  if (o.status !== "answered" || !o.inputs.length) return null;
  const points = o.series.filter((x) => x.value !== undefined && x.formatted).map((x) => ({ period: x.period, value: x.value!, shown: x.formatted! }));
  const cites = [...new Set(o.inputs.map((i) => i.citation))].join(" ");
  // the figure's own name, not its growth's ("Total debt", not "Total debt growth")
  return writeDirection(points, r, r.concepts[0]?.label ?? o.metric!.name, cites, o.company);
}

function writeItems(title: string, items: CitedItem[], company?: string): string | null {
  const current = items.filter((i) => !i.superseded);
  if (!current.length) return null;
  const head = current[0]!;
  const lines = [`${company ? `${company} — ` : ""}${title}: **${head.name}**${head.detail && head.detail !== "auditor" ? ` (${head.detail})` : ""} ${head.citation}`, `> "${head.excerpt.replace(/\s+/g, " ").trim()}"`];
  for (const i of current.slice(1, 12)) lines.push(`- ${i.name}${i.detail ? ` (${i.detail})` : ""} ${i.citation}`);
  for (const i of items.filter((x) => x.superseded && x.name !== head.name).slice(0, 2)) lines.push(`_An older filing (${i.document}) listed ${i.name}${i.detail ? ` (${i.detail})` : ""} ${i.citation}._`);
  return lines.join("\n");
}

/** `part`: "who runs aws", "the CEO of the cloud unit": only an officer whose title names the part, by its words or its initials. */
export function writePeople(o: EntitiesOutput, c: Concept, part?: string): string | null {
  const items = part ? o.items.filter((i) => titleNamesPart(i.detail ?? "", part)) : o.items;
  const title = part ? `Officer heading ${part}` : c.role ? c.label : "Executive officers (newest filing)";
  return items.length ? writeItems(title, items, o.company) : null;
}

/** A title naming a part: every word of the part's name in it, or the part's initials those of a run of its words ("CEO Amazon Web Services" for AWS). */
function titleNamesPart(title: string, part: string): boolean {
  const want = tokens(part).map((t) => t.stem);
  const have = new Set(tokens(title).map((t) => t.stem));
  if (want.length && want.every((w) => have.has(w))) return true;
  const one = tokens(part);
  const key = one[0]?.word ?? "";
  return one.length === 1 && key.length >= 2 && key.length <= 6 && initialisms(title).some((r) => r.key === key && r.phrase.split(" ").length === key.length);
}

export function writeFacts(o: EntitiesOutput & { facts?: Record<string, CitedItem[]> }, c: Concept, r?: Reading): string | null {
  const items = o.facts?.[c.fact!] ?? [];
  if (!items.length) return null;
  // a headcount or an address is as of its filing: only the newest filing's (or the asked year's) answers
  const asked = yearsAsked(r?.periods ?? []).map(Number);
  // a day asked ("headcount at 4/30/2023"): a count stated as of another day is not it
  const day = (r?.periods ?? []).map((p) => parsePeriod(p)).find((p) => p?.kind === "point");
  const statedDay = (i: CitedItem) => readPeriodRequest(`${i.detail ?? ""} ${i.excerpt}`).exact;
  const onDay = (i: CitedItem) => !day || (statedDay(i)?.kind !== "point" || statedDay(i)!.label === day.label);
  // no year asked: the newest filing that states it (its later quarterly reports may not repeat a headcount); the answer says as of when
  const fits = (i: CitedItem) => (asked.length ? asked.includes(i.fiscalYear ?? -1) && onDay(i) : !i.superseded);
  const stated = c.fact === "employees" || c.fact === "headquarters" || c.fact === "incorporation";
  if (stated && !items.some((i) => !i.superseded && fits(i))) return null;
  if (stated) {
    const head = items.find((i) => !i.superseded)!;
    return `${o.company ? `${o.company} — ` : ""}${c.label}: **${head.detail ?? head.name}** ${head.citation}${items.some((i) => i.superseded) ? "\n_From the newest filing in the data room._" : ""}`;
  }
  return writeItems(c.label, items, o.company);
}

/** A row's value as the answer shows it: counts and ratios as printed, a rate with its "%", money with scale and currency. */
function shownValue(c: Concept, column: LineItemRow["columns"][number], row: LineItemRow): string {
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

/** One row answers when it names the concept in its own label and no other such row of the period disagrees, or a statement line does. */

/** A statement line's reference to its note or footnote: "(Note 10)", "(Notes 4 and 5)", "(1)". */
const NOTE_REFERENCE = /\((?:notes?\s+\d+[a-z]?(?:\s*(?:,|and|&)\s*\d+[a-z]?)*|\d{1,2}|[a-z])\)/gi;

/** The label names the concept and nothing else: "Funded backlog" or "Net debt issuance" are other figures. */
function namesOnly(label: string, c: Concept, { partWords = false } = {}): boolean {
  // (a note reference names nothing: "Restructuring (Note 10)")
  const have = tokens(label.replace(NOTE_REFERENCE, " ")).map((t) => t.stem);
  // a count by any one of its names ("Total restaurants" for stores); another figure by its row words
  // or a name of two words or more ("Sales" alone is a product line as often as it is revenue, "Gross
  // merchandise volume" is GMV); nothing but plain words beside it
  const names = c.kind === "count" ? [...new Set([...(c.rowWords ?? []), ...c.terms])] : c.rowWords?.length ? [...c.rowWords, ...c.terms.filter((t) => /\s/.test(t.trim()))] : [c.terms[0]!];
  return names.some((wording) => {
    const want = new Set(tokens(wording).map((t) => t.stem));
    // (a figure that is itself a change, comparable sales, is printed with the word of its move: "Comparable sales % gain")
    // (partWords: a part's table asked, where "Segment net income" is the part's own line)
    return [...want].every((w) => have.includes(w)) && have.every((w) => want.has(w) || (PLAIN_LABEL_STEMS.has(w) && (partWords || !PART_ONLY.has(w))) || (!!c.isChange && MOVE_STEMS.has(w)));
  });
}

/** Words naming a move ("% gain", "growth", "decline"): the figure of a change concept, not another figure. */
const MOVE_STEMS = new Set(tokens("gain gains growth increase decrease decline declines change").map((t) => t.stem));

/** A text's stems without the words every label may carry ("total", "of", "segment"). */
const plainStems = (t: string) => tokens(t.replace(/\((?:see )?notes? [\d, and]+\)|\(\d\)/gi, " ")).map((w) => w.stem).filter((w) => !PLAIN_LABEL_STEMS.has(w));

/** A heading of the row's table names the concept and nothing more ("Total revenue", "Net sales"). */
function headedByConceptAlone(x: LineItemRow, c: Concept): boolean {
  const terms = [...(c.rowWords ?? []), ...c.terms].map((t) => plainStems(t).join(" "));
  return [x.table?.title ?? "", ...(x.table?.headings ?? [])].some((h) => h && terms.includes(plainStems(h).join(" ")));
}

/** The row's column for the newest of the periods asked (when it has one), else its first with a value. */
const columnOf = (x: LineItemRow, periods: string[] = []) => x.columns.find((k) => k.value !== null && k.period === [...periods].sort().at(-1)) ?? x.columns.find((k) => k.value !== null)!;

/**
 * A row of rates ("Subscription share of revenue 82.7%", "Europe 11" in a table of growth rates)
 * states no amount, count or per-share figure; a row of money ("Marketplace 1,225") states no rate.
 */
/** "Average monthly revenue per paying membership", "sales per square foot": an amount per unit, not the amount (a per-share row is left to the rows readers, as before). */
const PER_UNIT = /\bper\s+(?!cent\b|share\b)\p{L}/iu;
const sameKind = (c: Concept, x: LineItemRow) => (!["amount", "count", "per_share"].includes(c.kind) || (x.unit !== "%" && !RATE_TABLE.test([x.table?.title ?? "", ...(x.table?.headings ?? [])].join(" ")) && !SHARE_LABEL.test(x.label))) && (c.kind !== "count" || !moneyRow(x)) && (c.kind !== "percent" || x.unit === "%" || !x.currency) && (c.kind !== "amount" || !PER_UNIT.test(x.label));
/** A row's own label naming a share ("As a % of Total Subscription and Support Revenues", "% of net sales"): never an amount or a count. */
const SHARE_LABEL = /^(?:as an? )?(?:%|percent(?:age)?)\s+of\b|\bas an? (?:%|percent(?:age)?) of\b/i;
const RATE_TABLE = /\bgrowth rates?\b|\brates? of (?:growth|change)\b|\bas a percent(?:age)? of\b/i;

/** A row of money ("Revenues from franchised restaurants $ 14,105.8", "… occupancy expenses"): no count of the things it names. */
function moneyRow(x: LineItemRow): boolean {
  return /\$|€|£/.test(x.row) || findConcepts(x.label).some((h) => h.concept.kind === "amount") || tokens(x.label).some((t) => MEASURE_STEMS.has(t.stem));
}

export function pickRow(o: LineItemsOutput, c: Concept, periods: string[] = []): LineItemRow | null {
  const word = (c.rowWords?.[0] ?? c.terms[0]!).toLowerCase();
  const agree = (xs: LineItemRow[]) => xs.length > 0 && new Set(xs.map((x) => `${columnOf(x, periods).period}|${columnOf(x, periods).value}`)).size === 1;
  const fitting = o.rows.filter((x) => namesOnly(x.label, c) && sameKind(c, x) && !inFootnote(x) && x.columns.some((col) => col.value !== null));
  // the company's figure: a segment's or a region's row ("Comparable sales % gain" of the Domestic segment's table) gives way to the company's own
  const own = fitting.filter((x) => !x.part);
  const all = own.length ? own : fitting;
  // filings that disagree (a recast, a split): the later filing's rows
  const latest = agree(all) ? [] : latestFiled(all);
  const named = latest.length ? latest : all;
  if (!named.length) return null;
  const statement = named.find((x) => x.source === "statement");
  if (statement) return statement;
  const total = named.filter((x) => /\btotal\b/i.test(x.label) || (x.label.toLowerCase().replace(/[^a-z ]/g, "").trim() === word && !x.table?.headings.length));
  const candidates = total.length ? total : named;
  // (rows that disagree: the value more of the filing's tables state, as for a figure asked by its label)
  return agree(candidates) ? candidates[0]! : mostStated(candidates, (x) => columnOf(x, periods));
}

/**
 * Rows two filings print for one period with different values: the later filing's (it restates the
 * earlier after a split, a reclassification or discontinued operations). Empty when the rows come
 * from one filing, or say nothing of when they were filed.
 */
export function latestFiled(rows: LineItemRow[]): LineItemRow[] {
  const years = new Set(rows.map((x) => x.filingYear ?? 0));
  if (years.size < 2 || years.has(0)) return [];
  const newest = Math.max(...years);
  return rows.filter((x) => x.filingYear === newest);
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

/** Label words that mark a part's row ("Total Americas Segment"): no concept's own row carries them. */
const PART_ONLY = new Set(["segment", "busi", "group", "divis", "region"]);

/** The figure concepts a text names (section words aside): a table titled "Sales and operating income" names two. */
/** The figures a table's title or headings name, of one kind ("Revenue by Geographic Locations" names revenue, not a count of locations). */
/** Words a heading adds to name the figure's unit ("Gross margin percentage"), not a narrower figure. */
const UNIT_STEMS = new Set(tokens("percent percentage percentages rate rates ratio ratios").map((t) => t.stem));
const figureConcepts = (text: string, kind?: Concept["kind"]) => new Set(findConcepts(text).filter((h) => h.concept.kind !== "text" && (!kind || h.concept.kind === kind)).map((h) => h.concept.id));

/**
 * A part's figure ("Greater China net sales"): a row whose label names the part and the concept,
 * or names only the part in a table whose title and headings name this concept and no other
 * figure. Answered when the rows that fit agree on one value for the period; otherwise nothing.
 */
export function pickScopedRow(o: LineItemsOutput, c: Concept, scope: string, segment = false, periods: string[] = []): LineItemRow | null {
  // "U.S" or "United States" as a table prints it is the "US" the reader read, as get_line_items reads it
  const stemsOf = (t: string) => partTokens(joinInitials(t)).map((x) => x.stem);
  const scopeStems = partTokens(joinInitials(scope), { asked: true }).map((x) => x.stem);
  // a segment asked: the row sits in a segment table (or names itself one), not in a product or service breakdown
  const inSegments = (x: LineItemRow) => /\bsegments?\b|\bbusiness (?:unit|group)s?\b|\bgroups?\b|\bdivisions?\b/i.test([x.label, x.table?.title ?? "", ...(x.table?.headings ?? [])].join(" "));
  const valuedRows = (o.rows ?? []).filter((x) => x.columns.some((col) => col.value !== null) && sameKind(c, x));
  const whole = valuedRows.filter((x) => scopeStems.every((s) => stemsOf(x.label).includes(s)));
  // (…or named by its row and its table together: "Platform and Other" in "Subscription and Support Revenue by … Service Offerings")
  const split = (x: LineItemRow) => {
    const label = stemsOf(x.label);
    const context = new Set(stemsOf([x.table?.title ?? "", ...(x.table?.headings ?? [])].join(" ")));
    return scopeStems.some((s) => label.includes(s)) && scopeStems.every((s) => label.includes(s) || context.has(s)) && label.every((w) => scopeStems.includes(w) || PLAIN_LABEL_STEMS.has(w) || w === "other");
  };
  const named0 = whole.length ? whole : valuedRows.filter(split);
  // a block headed by a narrower figure ("Total subscription revenue") gives way to one headed by the figure alone ("Total revenue")
  const wordingStems = new Set([...(c.rowWords ?? []), ...c.terms].flatMap((t) => stemsOf(t)));
  const narrower = (x: LineItemRow) => {
    // ("Total Revenues by Geography" is the whole figure split into parts: what follows "by" narrows nothing)
    const heading = x.table?.headings?.at(-1)?.replace(/\s+by\s+.*$/i, "");
    return !!heading && figureConcepts(heading, c.kind).has(c.id) && stemsOf(heading).some((w) => !wordingStems.has(w) && !PLAIN_LABEL_STEMS.has(w) && !UNIT_STEMS.has(w) && !scopeStems.includes(w));
  };
  const broad = named0.filter((x) => !narrower(x));
  const naming = broad.length ? broad : named0;
  // a segment asked: rows of a segment table first; a table of the segments' figure that does not say "segment" ("COMPARABLE SALES": U.S., International …) else
  const inTables = segment ? naming.filter(inSegments) : naming;
  const valued = inTables.length ? inTables : naming;
  const wordings = [...(c.rowWords ?? []), ...c.terms].map(stemsOf);
  const namesConcept = (label: string) => wordings.some((w) => w.every((s) => stemsOf(label).includes(s)));
  // (a part named by some of its words, "defense" of "Defense, Space & Security", when one label of the rows holds them)
  const partLabels = new Set(named0.map((x) => x.label.toLowerCase()));
  // (the company's own name in a part's label, "FedEx Freight segment" or "NIKE Direct", names no other part)
  const own = new Set(stemsOf(o.company ?? "").filter((w) => !scopeStems.includes(w)));
  // (…or a label opening with the words asked and naming no figure, "Display Technologies" for "display": the part's full name)
  const fullName = (x: LineItemRow) => {
    const label = stemsOf(x.label);
    return scopeStems.length > 0 && scopeStems.every((w, i) => label[i] === w) && !figureConcepts(x.label).size && !MEASURE_STEMS_IN(x.label);
  };
  const partAlone = (x: LineItemRow) => stemsOf(x.label).every((w) => scopeStems.includes(w) || PLAIN_LABEL_STEMS.has(w) || own.has(w));
  // (…unless a row is labelled by the part alone: then "Consumer Health and Safety" is a narrower part of "Consumer")
  const aloneNamed = whole.some(partAlone);
  const onlyPart = (x: LineItemRow) => partAlone(x) || (!aloneNamed && fullName(x)) || (!whole.length && split(x)) || (partLabels.size === 1 && !figureConcepts(x.label).size && !MEASURE_STEMS_IN(x.label) && headedByConceptAlone(x, c));
  // the block's own headings name its figure ("Net revenue" over "Mobileye"), even under a title naming two
  const underConcept = (x: LineItemRow) => {
    const only = (found: Set<string>) => found.size === 1 && found.has(c.id);
    const headings = x.table?.headings ?? [];
    const inHeadings = figureConcepts(headings.join(" — "), c.kind);
    const inTitle = figureConcepts(x.table?.title ?? "", c.kind);
    // (a title naming the figure over headings that are only "TOTAL …" lines of another: the total closes the block, the title heads it)
    return inHeadings.size ? only(inHeadings) || (only(inTitle) && headings.every((h) => /^total\b/i.test(h))) : only(inTitle);
  };
  // the question names the row's own label ("fcf conversion" → "Free cash flow conversion"): that row, whatever its unit
  const spelled = new Set([...scopeStems, ...wordings.flat()]);
  const exact = (o.rows ?? []).filter((x) => {
    const label = stemsOf(x.label).filter((w) => !PLAIN_LABEL_STEMS.has(w));
    return x.columns.some((col) => col.value !== null) && !SHARE_LABEL.test(x.label) && label.length > scopeStems.length && label.every((w) => spelled.has(w)) && scopeStems.every((w) => label.includes(w)) && wordings.some((t) => t.every((w) => label.includes(w)));
  });
  // (a row of another part's breakdown, "Total freight revenue" under "FedEx Express segment", is that part's: rows of no other part first)
  const first = (exact.length ? exact : valued.filter((x) => namesConcept(x.label))).filter((x) => !underAnotherPart(x, scopeStems, stemsOf, o.company));
  // the part named by the table instead of the row: "Operating income" in the "FedEx Express segment" table
  const titledByPart = (x: LineItemRow) => {
    // (the title's own sentence: "Japan. Revenues … by customer location" carries the word before it from the page)
    const context = new Set(stemsOf([titleSentence(x), ...(x.table?.headings ?? [])].join(" ")));
    // ("Segment net income" in the "Optical Communications" segment's table is that segment's net income)
    return x.columns.some((col) => col.value !== null) && sameKind(c, x) && namesOnly(x.label, c, { partWords: true }) && scopeStems.every((s) => context.has(s)) && (!segment || inSegments(x));
  };
  const labelled = valued.filter((x) => onlyPart(x) && underConcept(x));
  const ownLabelled = labelled.filter((x) => !underAnotherPart(x, scopeStems, stemsOf, o.company));
  const byLabel = first.length ? first : ownLabelled.length ? ownLabelled : labelled;
  const named = byLabel.length ? byLabel : (o.rows ?? []).filter(titledByPart);
  // an older filing's row that lacks the newest period asked is not a second opinion on it
  const newest = [...periods].sort().at(-1);
  const current = named.filter((x) => x.columns.some((k) => k.value !== null && k.period === newest));
  // rows that agree: the one printing the most periods asked (a change needs both years from one row)
  const covered = (x: LineItemRow) => periods.filter((p) => x.columns.some((k) => k.value !== null && k.period === p)).length;
  const sorted = (current.length ? current : named).slice().sort((a, b) => covered(b) - covered(a));
  // a rate asked, and the part's rows print both its amount and its rate ("Services 35,495" and "Services 66.0 %"): the rate
  const rates = c.kind === "percent" ? sorted.filter((x) => x.unit === "%") : [];
  const candidates = rates.length ? rates : sorted;
  const col = (x: LineItemRow) => columnOf(x, periods);
  const agree = (xs: LineItemRow[]) => xs.length > 0 && new Set(xs.map((x) => `${col(x).period}|${col(x).value}`)).size === 1;
  if (agree(candidates)) return candidates[0]!;
  // rows that disagree, some in the company's segment tables: the part asked is the segment ("display" is "Display
  // Technologies", the segment, not "Display products" of a table of product categories)
  const segmentRows = candidates.filter(inSegments);
  if (segmentRows.length && segmentRows.length < candidates.length && agree(segmentRows)) return segmentRows[0]!;
  const latest = latestFiled(candidates);
  if (agree(latest)) return latest[0]!;
  // rows that disagree, one in the consolidated results and the others under headings of their own
  // ("Sales through NIKE Direct" in "Consolidated Operating Results" and in each region's table): the consolidated one
  // (…and of those, the row whose label adds the fewest words to the part and the figure: "Sales through NIKE Direct", not
  // "Sales from our Wholesale Operations to NIKE Direct Operations")
  const pool = latest.length ? latest : candidates;
  // rows that disagree, one of them echoing a word the analyst wrote beside the figure ("paid subs":
  // "Paid memberships at end of period", not "Memberships at end of period"): the row with the most
  const echoed = echoingRows(pool, stemsOf, scopeStems);
  if (echoed.length < pool.length && agree(echoed)) return echoed[0]!;
  const consolidated = pool.filter((x) => /\bconsolidated\b/i.test(x.table?.title ?? ""));
  const extra = (x: LineItemRow) => stemsOf(x.label).filter((w) => !spelled.has(w) && !PLAIN_LABEL_STEMS.has(w) && !own.has(w) && w.length > 2).length;
  const fewest = consolidated.filter((x) => extra(x) === Math.min(...consolidated.map(extra)));
  if (consolidated.length < pool.length && agree(fewest)) return fewest[0]!;
  // rows that disagree: the one in a block headed by the concept alone ("Total revenue"), not a
  // narrower figure of it ("Total subscription revenue")
  const plain = candidates.filter((x) => headedByConceptAlone(x, c));
  return agree(plain) ? plain[0]! : null;
}

/**
 * The rows whose labels hold the most of the words the call asked beside the part ("paid" of "international
 * paid subscribers"): none when no row holds one, so a question naming nothing more keeps every row.
 */
function echoingRows(rows: LineItemRow[], stemsOf: (t: string) => string[], scopeStems: string[]): LineItemRow[] {
  const echo = (x: LineItemRow) => {
    const asked = new Set(stemsOf(x.item).filter((w) => !scopeStems.includes(w) && !PLAIN_LABEL_STEMS.has(w)));
    return stemsOf(x.label).filter((w) => asked.has(w)).length;
  };
  const best = Math.max(0, ...rows.map(echo));
  return best > 0 ? rows.filter((x) => echo(x) === best) : [];
}

/** The row's title or headings name another part ("… › FedEx Express segment › Freight" for a part "freight"). */
function underAnotherPart(x: LineItemRow, scopeStems: string[], stemsOf: (t: string) => string[], company?: string): boolean {
  const own = new Set(stemsOf(company ?? ""));
  const context = [x.table?.title ?? "", ...(x.table?.headings ?? [])].join(" › ");
  const other = (words: string) => {
    const named = stemsOf(words).filter((w) => !own.has(w) && !PLAIN_LABEL_STEMS.has(w));
    return named.length > 0 && !named.some((w) => scopeStems.includes(w));
  };
  // ("BCA revenues by customer location": a title's sentence opening with a part's initials is that part's table)
  const titled = INITIALS_LEAD.exec(titleSentence(x));
  return (!!titled && other(titled[1]!)) || [...context.matchAll(/((?:[\p{Lu}][\p{L}&'’.-]*\s+){1,3})segment\b/gu)].some((m) => other(m[1]!));
}
const INITIALS_LEAD = /^(\p{Lu}{2,5})\s+\p{Ll}/u;
/** A table title's last sentence: the title itself, without what the page printed before it. */
const titleSentence = (x: LineItemRow) => (x.table?.title ?? "").split(/\.\s+/).at(-1) ?? "";

/**
 * Rows of a labelled figure that disagree: the value that more of the filing's tables state than any
 * other, and at least two ("Restructuring 828" in the income statement and two MD&A tables, against
 * a misread "Restructuring 20"). Null on a tie: no guess. A part's rows are not voted on: tables
 * titled by the part hold its other figures too.
 */
function mostStated(rows: LineItemRow[], col: (x: LineItemRow) => LineItemColumn): LineItemRow | null {
  const tables = new Map<string, { row: LineItemRow; where: Set<string> }>();
  for (const x of rows) {
    const v = col(x);
    if (!v) continue;
    const key = `${v.period}|${v.value}`;
    const t = tables.get(key) ?? { row: x, where: new Set<string>() };
    t.where.add(`${x.document}|${x.page}|${x.table?.title ?? ""}`);
    tables.set(key, t);
  }
  const ranked = [...tables.values()].sort((a, b) => b.where.size - a.where.size);
  return ranked[0] && ranked[0].where.size >= 2 && (ranked[1]?.where.size ?? 0) < ranked[0].where.size ? ranked[0].row : null;
}

export function writeScopedRows(o: LineItemsOutput, c: Concept, scope: string, segment = false, periods: string[] = []): string | null {
  const row = pickScopedRow(o, c, scope, segment, periods);
  if (!row) return null;
  const v = columnOf(row, periods);
  const value = shownValue(c, v, row);
  const where = [row.table?.title, ...(row.table?.headings ?? [])].filter(Boolean).join(" › ");
  return `${whose(o.company)}${c.label} — ${row.label}${where ? ` (${where})` : ""}, ${periodWord(v.period)}: **${value}** ${row.citation}\n(row as printed: ${row.row})`;
}

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

/** A sentence that states a risk: what could or may hurt the business, not the section's introduction. */
const STATES_RISK = /\b(?:could|may|might|would)\b[^.]*\b(?:advers\w*|harm\w*|negative\w*|affect\w*|impact\w*|disrupt\w*|los[se]\w*|declin\w*|reduc\w*|fail\w*)/i;
const NOT_A_RISK = /forward-looking|cautionary|following (?:discussion|risk factors)|should be considered|incorporated by reference|table of contents/i;

/** The same sentence in two filings, however each spaces and punctuates it: compared by letters. */
const lettersKey = (t: string) => t.toLowerCase().replace(/^[^a-z]*(?:general risks\s*)?/, "").replace(/[^a-z]/g, "");
const sameWords = (a: string, b: string) => lettersKey(a) === lettersKey(b);

export function writeRisks(o: SearchDocumentsOutput): string | null {
  const risks: Array<{ text: string; citation: string }> = [];
  for (const p of o.passages.filter((x) => x.section === "risk_factors")) {
    const found = sentencePieces(p.text.replace(/\s+/g, " ")).find((x) => STATES_RISK.test(x) && !NOT_A_RISK.test(x) && x.length <= 400);
    if (found && !risks.some((x) => sameWords(x.text, found))) risks.push({ text: found.replace(/^[•*\-–\s]+/, ""), citation: p.citation });
  }
  if (!risks.length) return null;
  return [`${o.company ? `${o.company}'s` : "The"} risk factors (Item 1A) include:`, ...risks.slice(0, 5).map((x) => `- ${x.text} ${x.citation}`)].join("\n");
}

/** A printed figure: a number standing alone (not the digit of a name such as "3M"), with its unit word. */
const AMOUNT = /(?:[$€£]\s?)?\b\d(?:[\d,]*\d)?(?:\.\d+)?(?![\p{L}\d])\s*(?:billion|million|thousand|bn|mn|%|percent|x|times)?/giu;
/** A figure within a dozen words after the last of the part's words. */
function figureNear(sentence: string, scopeStems: string[]): boolean {
  const toks = tokens(sentence);
  const last = Math.max(...scopeStems.map((w) => toks.findIndex((t) => t.stem === w)));
  if (last < 0) return false;
  return toks.slice(last + 1, last + 13).some((t) => /^\d/.test(t.word) && !isYearWord(t.word));
}

/** The sentence names a year other than those asked ("… charges … recognized in 2021" when 2022 was asked; with none asked, any year). */
export const namesAnotherYear = (s: string, years: number[]) => yearsWritten(s).some((y) => !years.includes(y));

/** Every word of `want` within a window one word wider than `want` itself. */
function wordsTogether(stems: string[], want: string[]): boolean {
  const span = want.length + 1;
  return stems.some((_, i) => want.every((w) => stems.slice(i, i + span).includes(w)));
}

/** The sentence's figures are of the concept's kind: money for an amount, a percentage for a rate, a count for a count. */
function figureKindFits(c: Concept, figures: string[]): boolean {
  if (c.kind === "amount") return figures.some((f) => /[$€£]|billion|million|thousand|\bbn\b|\bmn\b/i.test(f));
  if (c.kind === "percent") return figures.some((f) => /%|percent/i.test(f));
  if (c.kind === "count") return figures.some((f) => !/[$€£%]|percent/i.test(f) && Number(f.replace(/[^\d.]/g, "")) >= 10);
  return true;
}

const PER_SHARE_AFTER = /^\s*(?:per|a) (?:diluted |basic )?(?:common )?share\b/i;

/** A page's running header the text extraction glued to its first sentence. */
const RUNNING_HEADER = /^(?:table of contents\s+)+/i;
/** "Each of our 50,110 full- and part-time employees", "our approximately 12,000 people": a count the company states of itself. */
const OUR_COUNT = /\bour\s+(?:approximately\s+|about\s+|nearly\s+|over\s+|more than\s+)?\d[\d,]*\s+\p{L}/iu;
const STATING_VERB = /\b(?:was|were|is|are|totaled|totalled|amounted|reached|stood|increased|decreased|rose|fell|grew|declined|represented|had|employed|operated|operates)\b/i;

/** A passage's document in time, as search orders documents (recencyOf); its period reads "FY2022" or "Q3 2024". */
function passageRecency(p: Passage): number {
  const m = /^(?:FY(\d{4})|(\S+) (\d{4}))$/.exec(p.period ?? "");
  return m ? recencyOf({ fiscalYear: Number(m[1] ?? m[3]), fiscalPeriod: m[2] ?? "FY" }) : 0;
}

/**
 * The sentence that states the concept's figure itself ("Our total backlog was $150.0 billion at
 * December 31, 2022"), for the company as a whole; with no year asked, the newest filing's.
 */
const DAY_FIRST = /\b(\d{1,2})\s+(\p{L}{3,})\.?,?\s+((?:19|20)\d{2})\b/gu;
const MONTH_FIRST = /\b(\p{L}{3,})\.?\s+(\d{1,2}),\s+((?:19|20)\d{2})\b/gu;

/** The days a sentence states ("30 June 2024", "June 30, 2024"), as "2024-6-30". */
function daysIn(text: string): string[] {
  const days = [...[...text.matchAll(DAY_FIRST)].map((m) => ({ d: m[1]!, m: m[2]!, y: m[3]! })), ...[...text.matchAll(MONTH_FIRST)].map((m) => ({ d: m[2]!, m: m[1]!, y: m[3]! }))];
  return days.filter((x) => monthNumber(x.m) > 0).map((x) => `${x.y}-${monthNumber(x.m)}-${Number(x.d)}`);
}

/** The day a question asks a balance at ("at 30 June 2024"), as "2024-6-30". */
export function dayAsked(r: Reading): string | undefined {
  return r.periods.flatMap((p) => (/^\d{1,2} \p{L}+ \d{4}$/u.test(p) ? daysIn(p) : []))[0];
}

/**
 * The sentence stating the concept: of the years asked, else the newest. At a day asked, a
 * sentence that states another day ("at 30 September 2024") does not answer it; one that states
 * the day asked comes first.
 */
export function statedSentence(passages: Passage[], c: Concept, years: number[], scope?: string, level = false, day?: string, periods: string[] = []): { text: string; citation: string } | null {
  let fits = passages.map((p, i) => ({ s: statedIn(p, c, years, scope, level, !!p.period && periods.includes(p.period)) ?? partCountLine(p, c, years, scope), i, at: passageRecency(p) })).filter((x) => x.s);
  if (!years.length) fits.sort((a, b) => b.at - a.at || a.i - b.i);
  if (day) {
    const said = (x: (typeof fits)[number]) => daysIn(x.s!.text);
    fits = fits.filter((x) => !said(x).length || said(x).includes(day)).sort((a, b) => Number(said(b).includes(day)) - Number(said(a).includes(day)));
  }
  return fits[0]?.s ?? null;
}

/**
 * A part's count printed as a table's line the extraction kept as text ("Total International store
 * count 160"): a line whose label is the part's words and the count's name and nothing else, with one
 * number. Counts only: a count needs no scale, which a bare line of money would.
 */
function partCountLine(p: Passage, c: Concept, years: number[], scope?: string): { text: string; citation: string } | null {
  if (c.kind !== "count" || !scope) return null;
  // (a passage of another year's report is another year's count)
  if (years.length && p.period && !years.some((y) => p.period!.includes(String(y)))) return null;
  const scopeStems = tokens(initialsAsWords(scope)).map((t) => t.stem);
  const names = [...(c.rowWords ?? []), ...c.terms].map((t) => tokens(t).map((x) => x.stem));
  // each label and its number on a line (two columns of a page laid side by side: "Missouri 17 Total Domestic store count 978 Montana 3")
  for (const m of p.text.matchAll(/([\p{L}][\p{L}.&'’ -]*?)[ \t]+(\d{1,3}(?:,\d{3})*|\d+)(?=[ \t]*(?:\n|$)|[ \t]+\p{L})/gu)) {
    const label = tokens(initialsAsWords(m[1]!)).map((t) => t.stem);
    const named = names.find((n) => n.length > 0 && ` ${label.join(" ")} `.includes(` ${n.join(" ")} `));
    const rest = label.filter((w) => !scopeStems.includes(w) && !named?.includes(w) && !PLAIN_LABEL_STEMS.has(w) && !COUNT_WORDS.has(w));
    if (named && scopeStems.every((w) => label.includes(w)) && !rest.length) return { text: `${m[1]!.trim()} ${m[2]}`, citation: p.citation };
  }
  return null;
}
const COUNT_WORDS = new Set(tokens("count number").map((t) => t.stem));

/** "An increase of $1.3 billion", "decreased by 4%", "we reduced our ARR balance by $75 million", "The change in X …": the figure is a change, not the level asked. */
const CHANGE_FIGURE = /^\W*(?:the\s+)?(?:net\s+)?(?:increase|decrease|rise|decline|growth|change|drop|reduction)s?\s+in\b|\b(?:reduced|raised|lowered|cut|increased|decreased)\b[^.;]{0,60}?\bby\s+(?:[a-z]+\s+){0,2}[$€£]?\d|\b(?:increase|decrease|rise|decline|growth|change|drop|gain|reduction)s?\s+(?:of|by)\s+(?:approximately\s+|about\s+)?[$€£]?\d|\b(?:increased|decreased|rose|fell|grew|declined|dropped)\s+(?:by\s+)?(?:approximately\s+|about\s+)?[$€£]?\d/i;

/** A number (not a year) within five words of one of the count's names (a date may stand between). */
function countBesideNoun(sentence: string, names: string[][]): boolean {
  // (a number joined to a word, "COVID-19", "Form 10-K", counts nothing)
  const toks = tokens(withoutYears(sentence).replace(/\p{L}+-\d+(?:-\p{L}+)?/gu, " "));
  // (a name of several words by where it starts and ends: "83,883 registered holders of record")
  const at = nameSpans(toks, names).flatMap((n) => [n.start, n.end]);
  return toks.some((t, j) => /^\d/.test(t.word) && at.some((i) => Math.abs(i - j) <= 5));
}

/** Where each of a count's names (as stems, word after word) stands among the tokens: first and last token. */
function nameSpans(toks: Token[], names: string[][]): Array<{ start: number; end: number }> {
  return names.flatMap((n) => toks.flatMap((_, i) => (n.length > 0 && n.every((w, k) => toks[i + k]?.stem === w) ? [{ start: i, end: i + n.length - 1 }] : [])));
}

/** Words heading a count that name no part ("Total store count", "The Company's 1,138 stores"). */
const NO_PART = new Set(tokens("total the our its their company company's we in at of and").map((t) => t.stem));

/**
 * Each of the count's names in the sentence is headed by a capitalised word or two that name a part
 * ("International stores", "Domestic segment stores"), not by a number or a plain word: the count is the part's.
 */
function countOfAPart(sentence: string, names: string[][]): boolean {
  const plain = withoutYears(sentence);
  const toks = tokens(plain);
  // (the names that stand beside a figure: "The location and total square footage" counts nothing)
  const near = (i: number) => toks.some((t, j) => /^\d/.test(t.word) && Math.abs(i - j) <= 5);
  const at = nameSpans(toks, names).map((n) => n.start).filter(near);
  const headed = (i: number) => {
    const before = toks[i - 1]?.stem === "segment" ? i - 2 : i - 1;
    const t = toks[before];
    return !!t && /^\p{Lu}/u.test(plain.slice(t.start)) && !NO_PART.has(t.stem) && !/^\d/.test(t.word);
  };
  return at.length > 0 && at.every(headed);
}

const FLOW_VERB = /\b(?:hired|recruited|added|opened|closed|acquired|divested|sold|issued|repurchased)\b/i;
/** Three figures or more with nothing but units between them: a table's row, not a sentence. */
const FIGURE_RUN_IN_TEXT = /(?:[$€£]\s?)?\(?\d[\d,.]*\)?\s*%?\s+(?:[$€£]\s?)?\(?\d[\d,.]*\)?\s*%?\s+(?:[$€£]\s?)?\(?\d[\d,.]*\)?(?!\w)/;

/**
 * The part is named beside another in a list ("our Domestic and International segments", "U.S.,
 * Canada and Mexico"): a figure of the sentence is the listed parts' together, not this part's.
 */
export function namedAmongParts(scope: string, text: string): boolean {
  const words = text.split(/\s+/).map((w) => w.replace(/^[("“]+|[)"”.;:]+$/g, ""));
  const want = tokens(initialsAsWords(scope)).map((t) => t.stem);
  const stemOf = (w: string) => tokens(initialsAsWords(w))[0]?.stem;
  const first = words.findIndex((w) => stemOf(w) === want[0]);
  if (first < 0 || !want.every((x, i) => stemOf(words[first + i] ?? "") === x)) return false;
  const last = first + want.length - 1;
  const name = (w: string | undefined) => !!w && /^[A-Z]/.test(w) && !STOP_NAMES.has(w.toLowerCase());
  const joiner = (w: string | undefined) => !!w && /^(?:and|&|or)$/i.test(w);
  const before = joiner(words[first - 1]) ? name(words[first - 2]?.replace(/,$/, "")) : /,$/.test(words[first - 1] ?? "") && name(words[first - 1]!.replace(/,$/, ""));
  const after = /,$/.test(words[last] ?? "") ? name(words[last + 1]) : joiner(words[last + 1]) && name(words[last + 2]);
  // (…or the first of what a larger figure includes: "Microsoft Cloud revenue, which includes Azure and other cloud services, …")
  const listed = /^(?:includes?|including|comprises?|comprising|such as|consists? of)$/i.test(words[first - 1] ?? "") || /^(?:consists?|such)$/i.test(words[first - 2] ?? "");
  return before || after || listed;
}

/** Capitalised words that open a sentence or a name, not another part ("We", "The", "Our"). */
const STOP_NAMES = new Set(["we", "the", "our", "its", "their", "in", "of", "for", "total", "and"]);

/** "U.S." and "United States" read as "US", the way the question reader reads the analyst's "U.S.". */
export function initialsAsWords(text: string): string {
  // (one list of places and their initials: concepts/part-names)
  return partInitials(joinInitials(text));
}

/** A sentence that opens by pointing back ("This is …", "These amounts …", "It was …"): it is of the sentence before. */
const ANAPHORIC_OPENING = /^\W*(?:this|that|these|those|such|it)\b(?!\s+(?:year|quarter|fiscal|period|month)\b)/i;

/** `ofPeriod`: the passage's document is of the period asked (a quarter's report), so its sentences need not name the year. */
function statedIn(p: Passage, c: Concept, years: number[], scope?: string, level = false, ofPeriod = false): { text: string; citation: string } | null {
  const names = [...(c.rowWords ?? []), ...c.terms].map((t) => tokens(t).map((x) => x.stem));
  const scopeStems = scope ? tokens(initialsAsWords(scope)).map((t) => t.stem) : [];
  let before = "";
  for (const s of sentencePieces(p.text.replace(/\s+/g, " "))) {
    // "This is equivalent to an annual dividend of $6.00": the sentence before says of when
    const context = ANAPHORIC_OPENING.test(s) ? `${before} ${s}` : s;
    before = s;
    const stems = tokens(s).map((x) => x.stem);
    // the concept's words in a row ("operating income", not "operating revenues … earnings")
    const named = names.some((n) => n.length > 0 && ` ${stems.join(" ")} `.includes(` ${n.join(" ")} `));
    // the days of dates and note numbers are no figures ("as of December 31, 2022")
    // "$1.39 per share" is a per-share figure, no amount of the company's
    const plain = withoutYears(s);
    const perShare = (m: RegExpMatchArray) => c.kind !== "per_share" && PER_SHARE_AFTER.test(plain.slice(m.index! + m[0].length, m.index! + m[0].length + 30));
    // (…nor is a version or model number in a name: "Accelerating the Arches 2.0", "Office 365", "Network 2.0")
    const inName = (m: RegExpMatchArray) => /^\d{1,3}(?:\.\d)?$/.test(m[0].trim()) && /\b\p{Lu}[\p{L}&-]*\s$/u.test(plain.slice(0, m.index! + m[0].length - m[0].trimStart().length));
    const figures = [...plain.matchAll(AMOUNT)].filter((m) => !perShare(m) && !inName(m)).map((m) => m[0].trim()).filter((f) => /\d/.test(f) && !isYearWord(f));
    // (a report of the period asked speaks of it without its year, but not of another year it names: "… recognized in 2021")
    // (a sentence pointing back takes the year of the one before only when it names no other itself)
    const dated = !years.length || years.some((y) => s.includes(String(y))) || (context !== s && years.some((y) => context.includes(String(y))) && !namesAnotherYear(s, years)) || (ofPeriod && !namesAnotherYear(context, years));
    const kind = figureKindFits(c, figures);
    // (…or a place named before the figure: "Comparable sales in the U.S. increased 5.9%" is the U.S.'s)
    const part = !scope && namesAPart(s, plain);
    // a part's figure: the figure close after the part's name ("Mac net sales were $40.2 billion"), not a total beside a list of parts
    const placed = scopeStems.length ? tokens(initialsAsWords(s)).map((x) => x.stem) : stems;
    // (…and not one of a list of parts: "commercial cloud, which comprises Office 365, Azure, Dynamics …, was $9.5 billion")
    // (…its words together, not spread over two clauses: "FedEx employed … part-time employees, and FedEx Ground utilized …")
    const scoped = scopeStems.every((w) => placed.includes(w)) && (!scopeStems.length || (figureNear(initialsAsWords(s), scopeStems) && !namedAmongParts(scope!, s) && wordsTogether(placed, scopeStems)));
    // a sentence, not a table run together: a verb, and few figures
    // (three figures in a row, "Total 5 % 21 % 11 % 18 %", are a table's row run into the text)
    // ("each of our 50,110 employees": a count written after "our" is stated, whatever the verb)
    const prose = (STATING_VERB.test(s) || (c.kind === "count" && OUR_COUNT.test(plain))) && figures.length <= 4 && !FIGURE_RUN_IN_TEXT.test(plain);
    // a count's figure stands near its noun ("employed approximately 92,000 people", "workforce was approximately 156,000")
    if (c.kind === "count" && !countBesideNoun(s, names)) continue;
    // ("Total International store count 160", "our Domestic segment stores": a part's count, not the company's)
    if (c.kind === "count" && !scope && countOfAPart(s, names)) continue;
    // a stock at a date (headcount, stores) is not what was hired, opened or closed in the year
    const change = level && (CHANGE_FIGURE.test(s) || (!!c.balance && FLOW_VERB.test(s)));
    if (named && scoped && prose && kind && figures.length && dated && !part && !change && s.length <= 400) return { text: s.replace(RUNNING_HEADER, ""), citation: p.citation };
  }
  return null;
}

export function writeStated(o: SearchDocumentsOutput, c: Concept, r: Reading): string | null {
  // the years the periods name, however written ("FY2022", "Q3 2024", "nine months ended 2023-07-01")
  const years = [...new Set(r.periods.flatMap(yearsWritten))];
  // (a figure that is itself a change, comparable sales, is stated by how it moved: "increased 12.6%")
  const s = statedSentence(o.passages, c, years, r.scope, !r.aggregate && !c.isChange, dayAsked(r), r.periods);
  if (!s) return null;
  // "… for 2021 and 2020 were 5.8% and 4.7%, respectively": the figure of the year asked, said
  const paired = years.length === 1 ? respectiveFigure(s.text, years[0]!) : null;
  // "1,187 large-format and 51 small-format stores": a count stated in two kinds, added up
  const summed = !paired && c.kind === "count" ? countInKinds(s.text, c) : null;
  return `${whose(o.company)}${r.scope ? `${r.scope} ` : ""}${c.label}${years.length ? ` (${years.map((y) => `fiscal ${y}`).join(", ")})` : ""}${paired ? `: **${paired}**` : ""}${summed ? `: ${summed.replace(/[\d,]+/, "**$&**")} in all` : ""} — the filing states: "${s.text}" ${s.citation}`;
}

/**
 * "1,187 large-format and 51 small-format stores", "approximately 328,000 full-time and approximately
 * 201,000 part-time employees": two counts of kinds of the count's noun joined by "and", their sum.
 */
export function countInKinds(sentence: string, c: Concept): string | null {
  const nouns = [...(c.rowWords ?? []), ...c.terms].filter((t) => !/\s/.test(t)).map(escapeStringRegexp);
  if (!nouns.length) return null;
  const count = String.raw`(approximately |about |nearly |some )?(\d{1,3}(?:,\d{3})+|\d+)`;
  const kind = String.raw`(?:[\p{L}-]+ ){1,3}`;
  const m = new RegExp(String.raw`${count} ${kind}and ${count} ${kind}(?:${nouns.join("|")})\b`, "iu").exec(sentence.replace(/\s+/g, " "));
  if (!m) return null;
  const total = [m[2]!, m[4]!].reduce((sum, x) => sum + (parsePrintedNumber(x)?.value ?? NaN), 0);
  return Number.isFinite(total) ? `${m[1] || m[3] ? "about " : ""}${total.toLocaleString("en-US")}` : null;
}

/** A passage shown as the closest evidence: its page and its opening words. */
export const closestPassage = (p: Passage) => `- passage on ${p.citation.replace(/^\(source: |\)$/g, "")}: "${p.text.replace(/\s+/g, " ").slice(0, 160)}…"`;

/** A percentage stated with its figure ("11.2%", "4 percent", "80 percentage points"). */
export const PERCENT_VALUE = /\d\s*(?:%|percent\b|percentage points?\b)/i;

/** The four-digit years the periods asked name ("FY2019", "Q2 2023"). */
export const yearsAsked = (periods: readonly string[]) => periods.flatMap((p) => /(\d{4})/.exec(p)?.[1] ?? []);

/** Nothing fits: say what was searched and show the closest evidence, with links, instead of a guess. */
/** What was searched for a person the documents do not name in that role, with the closest passages. */
export function writePersonNotFound(c: Concept, passages: Passage[], company?: string): string {
  const lines = [`I couldn't find who the ${c.label.toLowerCase()}${company ? ` of ${company}` : ""} is in the documents. I looked in the officer lists, signatures and certifications, and for passages naming the role.`];
  const closest = passages.slice(0, 2).map(closestPassage);
  if (closest.length) lines.push("Closest evidence (not an answer to the question as asked):", ...closest);
  lines.push("Would you like me to add this question to the Q&A list?");
  return lines.join("\n");
}

export function writeNotFound(c: Concept, r: Reading, rows: LineItemRow[], passages: Passage[], company?: string, answered: string[] = []): string {
  const when = r.periods.length ? ` for ${r.periods.map(periodWord).join(", ")}` : "";
  const lines = [
    `I couldn't find a stated ${r.scope ? `${r.scope} ` : ""}${c.label.toLowerCase()}${when}${company ? ` for ${company}` : ""} in the documents. I looked for table rows and statement lines named "${r.scope ? `${r.scope} ` : ""}${c.rowWords?.[0] ?? c.terms[0]}" and for passages stating it${r.scope ? "; the company's total is not that figure" : ""}.`,
  ];
  const closest = [
    ...answered,
    // (a row of another kind, money for a count, is no evidence of it)
    ...rows.filter((x) => sameKind(c, x)).slice(0, 3).map((x) => `- row "${x.label}"${x.table?.title ? ` in "${x.table.title}"` : ""} ${x.citation}`),
    ...passages.slice(0, 2).map(closestPassage),
  ];
  if (closest.length) lines.push("Closest evidence (not an answer to the question as asked):", ...closest);
  lines.push("Would you like me to add this question to the Q&A list?");
  return lines.join("\n");
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
  const parts = ratioParts(c);
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
  return `${whose(o.company)}${c.label} of ${top.label}, ${periodWord(tc.period)}: **${rate.toFixed(1)}%**, worked out as ${parts.top.label.toLowerCase()} ${shown(top, tc.value)} ${top.citation} over ${parts.bottom.label.toLowerCase()} ${shown(bottom, bc.value)} ${bottom.citation}\n(rows as printed: ${top.row}; ${bottom.row})`;
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

/** Verbs that say something stopped; a modal before them ("may suspend") says it could. */
const HALTED = /\b(?:suspend(?:ed|s)?|suspension of|discontinu(?:ed|es)|ceased|halted|eliminated|stopped|terminated|paused|(?:have|has) (?:never|not) (?:declared or |paid or |made or )?(?:paid|declared|made|repurchased)|(?:did|do|does) not (?:pay|declare|purchase|repurchase|buy back) any|never (?:declared or |paid or )?(?:paid|declared)|(?:no|not any) (?:present )?(?:intention|plans?) (?:of|to) (?:paying|pay|declaring|declare))\b/i;
const MODAL = /\b(?:may|might|could|would|can|cannot|should|will|if)\b/i;

/**
 * "Are they still paying a dividend?": the newest sentence saying the action (dividends, buybacks)
 * was suspended or stopped, stated as done, not as a risk. Null when none says so.
 */
export function writeHalted(o: SearchDocumentsOutput, c: Concept, asked?: string): string | null {
  // each name's head noun: the one word of "buybacks", the last of "share repurchases", the one before "of" in "repurchases of
  // common stock" ("dividends paid" opens with a one-word name: its last word is no noun)
  const single = new Set(c.terms.filter((t) => !/\s/.test(t)).map((t) => tokens(t)[0]!.stem));
  const names = [...single, ...c.terms.map((t) => tokens(t.split(/\s+of\s+/)[0]!)).filter((w) => w.length > 1 && !single.has(w[0]!.stem)).map((w) => w.at(-1)!.stem)];
  for (const p of [...(o.passages ?? [])].sort((a, b) => passageRecency(b) - passageRecency(a))) {
    for (const s of sentencePieces(p.text.replace(/\s+/g, " "))) {
      const halted = HALTED.exec(s);
      if (!halted || s.length > 450 || MODAL.test(s.slice(0, halted.index))) continue;
      // the action named beside the verb ("suspended dividends", "dividends were suspended"), not elsewhere in the sentence
      const toks = tokens(s);
      const at = toks.findIndex((t) => t.start >= halted.index);
      if (at < 0 || !toks.slice(Math.max(0, at - 5), at + 9).some((t) => names.includes(t.stem))) continue;
      // (an older filing's "never" speaks for its own year: a later year asked is said to rest on it)
      const older = asked && p.period && fiscalYears([asked, p.period]).length === 2 && p.period < asked ? `\n_Stated in the ${periodWord(p.period)} filing, the newest one saying it; the question asks about ${periodWord(asked)}._` : "";
      return `No — ${o.company ? `${o.company}'s` : "the"} filing states: "${s.trim()}" ${p.citation}${older}`;
    }
  }
  return null;
}

/** Words of a forecast: what the company expects, plans or projects. */
const FORWARD = /\b(?:expects?|expected|anticipates?|anticipated|plans?|planned|forecasts?|forecasted|projects|projected|estimates?|estimated|intends?|will|guidance|guid(?:e[sd]?|ing)|outlook)\b/i;
/** The nouns heading a forecast's table or lead-in: "Business Outlook", "Q3 2023 Guidance". */
const FORWARD_HEADING = /\b(?:guidance|outlook|forecasts?)\b/i;
/** More figures than a forecast states in one sentence: a statement's rows run together. */
const MANY_FIGURES = 6;

/**
 * A piece of a passage that states a forecast: a sentence with a forward word, or the rows of a
 * table under a guidance or outlook heading (in the piece or the one before it). Rows run together
 * (a cash-flow statement's "incentive plans … proceeds from sales") need the heading, not a verb.
 */
function statesForecast(piece: string, before: string | undefined): boolean {
  const figures = withoutYears(piece).match(/\d[\d,.]*/g)?.length ?? 0;
  if (figures > MANY_FIGURES) return FORWARD_HEADING.test(piece) || (!!before && FORWARD_HEADING.test(before));
  return FORWARD.test(piece) || (!!before && FORWARD_HEADING.test(before));
}

/**
 * "Capex plan for 2019", "q3 rev guide": the company's sentences (or guidance table rows) stating its
 * forecast of the figure (the figure's name, a value of its kind — a percentage for a margin or a
 * rate, an amount otherwise — and the year asked when one is), newest filing first, two at most.
 * Null when none states one: an actual is no answer to a plan.
 */
export function writeOutlook(o: SearchDocumentsOutput, c: Concept, r: Reading): string | null {
  const names = [...(c.rowWords ?? []), ...c.terms].map((t) => tokens(t).map((x) => x.stem)).filter((n) => n.length);
  const years = yearsAsked(r.periods);
  const value = c.kind === "percent" ? PERCENT_VALUE : MONEY;
  const found: Array<{ text: string; citation: string; years: number; at: number }> = [];
  for (const p of o.passages ?? []) {
    const pieces = sentencePieces(p.text.replace(/\s+/g, " "));
    for (const [i, s] of pieces.entries()) {
      const stems = ` ${tokens(s).map((x) => x.stem).join(" ")} `;
      if (s.length > 450 || !value.test(s) || !statesForecast(s, pieces[i - 1])) continue;
      if (!names.some((n) => stems.includes(` ${n.join(" ")} `)) || (years.length && !years.some((y) => namesYear(s, y) || namesYear(pieces[i - 1] ?? "", y)))) continue;
      if (!found.some((f) => f.text === s.trim())) found.push({ text: s.trim(), citation: p.citation, years: years.filter((y) => namesYear(s, y)).length, at: passageRecency(p) });
    }
  }
  if (!found.length) return null;
  // the sentence naming more of the years asked, then the newest filing's
  found.sort((a, b) => b.years - a.years || b.at - a.at);
  return [`${o.company ? `${o.company}'s` : "The"} filing states its outlook:`, ...found.slice(0, 2).map((f) => `> "${f.text}" ${f.citation}`)].join("\n");
}

/** Rows of a segment table that are no segment: totals, reconciling lines, the segments' own measure. */
const NOT_A_SEGMENT = /^(?:total|segment|consolidated|corporate|eliminations?|intersegment|reconcil|unallocated|less\b|other\b|non-?reportable)|\b(?:charges?|expenses?|costs?|adjustments?|investments?|segments)$/i;

/**
 * "Which segments do they report?": the parts the newest filing's segment tables name (a row's label,
 * "FedEx Ground segment", or the heading over a measure's row: "Americas" over "Net sales") in at
 * least two tables, in the order printed, cited from the table naming the most of them. Null when
 * fewer than two parts are named so.
 */
export function writeSegments(o: LineItemsOutput): string | null {
  const SEGMENT_WORD = /\bsegments?\b/i;
  const rows = (o.rows ?? []).filter((x) => SEGMENT_WORD.test([x.label, x.table?.title ?? "", ...(x.table?.headings ?? [])].join(" ")));
  const newest = Math.max(0, ...rows.map((x) => x.filingYear ?? 0));
  const names = new Map<string, { name: string; tables: Set<string>; cites: string[] }>();
  for (const x of rows.filter((y) => (y.filingYear ?? 0) === newest)) {
    const figure = findConcepts(x.label).some((h) => h.concept.kind !== "text");
    const raw = figure ? (x.table?.headings ?? []).find((h) => !SEGMENT_WORD.test(h) && !findConcepts(h).some((k) => k.concept.kind !== "text")) : x.label;
    const name = raw?.replace(/\s+segment\s*$/i, "").replace(/[:\s]+$/, "").trim();
    if (!name || NOT_A_SEGMENT.test(name) || /\d/.test(name)) continue;
    const key = name.toLowerCase();
    const seen = names.get(key) ?? { name, tables: new Set<string>(), cites: [] };
    seen.tables.add(`${x.document}|${x.page}|${x.table?.title ?? ""}`);
    seen.cites.push(x.citation);
    names.set(key, seen);
  }
  const parts = [...names.values()].filter((n) => n.tables.size >= 2);
  if (parts.length < 2) return null;
  const cites = parts.flatMap((p) => p.cites);
  const cite = [...new Set(cites)].sort((a, b) => cites.filter((c) => c === b).length - cites.filter((c) => c === a).length)[0]!;
  return `${o.company ? `${o.company} reports` : "The filing reports"} ${parts.length} segments: ${parts.map((p) => p.name).join(", ")} ${cite}`;
}

/** A sentence naming the company's segments: "our reportable segments consist of …", "operates in five reportable segments: …". */
const STATES_SEGMENTS = /\b(?:reportable|operating|business) segments?\b[^.;]{0,60}?(?:\bconsist(?:s|ed)? of\b|\bare\b|\binclude[sd]?\b|\bcompris(?:e|es|ed|ing)\b|:)/i;

/**
 * "Which segments do they report?": the newest sentence stating the segments by name (at least two
 * capitalised names after the statement). Null when none does.
 */
export function writeSegmentsStated(o: SearchDocumentsOutput): string | null {
  for (const p of [...(o.passages ?? [])].sort((a, b) => passageRecency(b) - passageRecency(a))) {
    for (const s of sentencePieces(p.text.replace(/\s+/g, " "))) {
      const m = STATES_SEGMENTS.exec(s);
      // a table run together ("… as follows (in millions): FedEx Express Segment … 2,157") states no list
      if (!m || s.length > 450 || (s.match(/\d[\d,.]*/g)?.length ?? 0) > 2) continue;
      const after = s.slice(m.index + m[0].length);
      const names = after.match(/\b\p{Lu}[\p{L}&.-]*(?:\s+(?:of\s+|and\s+)?\p{Lu}[\p{L}&.-]*)*/gu) ?? [];
      if (names.length >= 2) return `${o.company ? `${o.company}'s` : "The"} filing states: "${s.trim()}" ${p.citation}`;
    }
  }
  return null;
}

/** A change in percent, signed ("+8%", "−11%"). */
const signedPercent = (v: number) => `${v > 0 ? "+" : v < 0 ? "−" : ""}${Math.abs(v)}%`;

/**
 * The constant-currency change a row's change columns print for the periods asked (the last two
 * fiscal years asked, or the last asked and the year before it; the newest pair when none is
 * asked), with the reported change beside it. Null when the row prints none for them.
 */
export function basisChangeOf(row: LineItemRow, periods: string[]): { cc: ChangeColumn; reported?: ChangeColumn } | null {
  const cc = changeColumnOf(row, periods, "constant_currency");
  if (!cc) return null;
  return { cc, reported: row.changes!.find((x) => x.basis === "reported" && x.to === cc.to && x.from === cc.from) };
}

/** A row's change column of one basis for the periods asked (the newest when none is asked). */
function changeColumnOf(row: LineItemRow, periods: string[], basis: ChangeColumn["basis"]): ChangeColumn | undefined {
  const fy = fiscalYears(periods).sort();
  const cols = (row.changes ?? []).filter((x) => x.basis === basis).sort((a, b) => b.to.localeCompare(a.to));
  return fy.length ? cols.find((x) => x.to === fy.at(-1) && (fy.length < 2 || x.from === fy.at(-2))) : cols[0];
}

/**
 * "EMEA revenue growth in cc": the row's constant-currency change for the periods asked, read from
 * the column its table heads so ("Constant", "FX-Neutral"), with the reported change and both
 * amounts beside it. Null when no row fitting the figure prints one.
 */
export function writeBasisRow(o: LineItemsOutput, c: Concept, r: Reading): string | null {
  const withBasis = { ...o, rows: (o.rows ?? []).filter((x) => basisChangeOf(x, r.periods)) };
  if (!withBasis.rows.length) return null;
  const periods = changePeriods(r.periods);
  // (a row labelled by the part's own words alone, "Cloud and license", before rows naming more: "Total cloud services and license support revenues")
  const partStems = r.scope ? new Set(plainStems(initialsAsWords(r.scope))) : undefined;
  const ownLabel = partStems ? withBasis.rows.filter((x) => { const l = plainStems(initialsAsWords(x.label)).filter((w) => w !== "and"); return l.length > 0 && l.length === partStems.size && l.every((w) => partStems.has(w)); }) : [];
  const scoped = ownLabel.length ? { ...withBasis, rows: ownLabel } : withBasis;
  const row = r.scope ? pickScopedRow(scoped, c, r.scope, r.segment, periods) : (wholeAmong(o, withBasis.rows, c, r.periods) ?? pickRow(withBasis, c, periods));
  const found = row ? basisChangeOf(row, r.periods) : null;
  if (!row || !found) return null;
  const { cc, reported } = found;
  const amount = (p: string) => {
    const col = row.columns.find((x) => x.period === p && x.value !== null);
    return col ? `${periodWord(p)}: ${shownValue(c, col, row)}` : undefined;
  };
  const amounts = [amount(cc.from), amount(cc.to)].filter(Boolean).join("; ");
  return [
    `${whose(o.company)}${c.label} — ${row.label}, ${periodWord(cc.from)}–${periodWord(cc.to)}: **${signedPercent(cc.value)} at constant currency** (column "${cc.heading}")${reported ? `; ${signedPercent(reported.value)} as reported (column "${reported.heading}")` : ""} ${row.citation}`,
    ...(amounts ? [amounts] : []),
    `(row as printed: ${row.row})`,
  ].join("\n");
}

/** The company's own line of the figure: the row pickRow takes, else the statement line naming the concept ("Net revenues"). */
function companyLine(o: LineItemsOutput, c: Concept, periods: string[]): LineItemRow | null {
  return pickRow(o, c, changePeriods(periods)) ?? (o.rows ?? []).find((x) => x.source === "statement" && x.columns.some((k) => k.value !== null) && findConcepts(x.label).some((h) => h.concept.id === c.id)) ?? null;
}

/**
 * The company's own figure among rows of several tables (its total beside each business's "Total
 * revenues"): the row whose amounts for the two periods of its change are the ones the company's
 * own line prints (its statement line, or the rows that agree).
 */
function wholeAmong(o: LineItemsOutput, rows: LineItemRow[], c: Concept, periods: string[]): LineItemRow | null {
  const whole = companyLine(o, c, periods);
  if (!whole) return null;
  const valueOf = (x: LineItemRow, p: string) => x.columns.find((k) => k.period === p && k.value !== null)?.value;
  return (
    rows.find((x) => {
      const ch = basisChangeOf(x, periods);
      // (the amounts the row's columns place: a row whose earlier year the table reader missed still shows its newest)
      const placed = [ch?.cc.from, ch?.cc.to].filter((p): p is string => !!p && valueOf(x, p) !== undefined);
      return placed.length > 0 && placed.every((p) => valueOf(x, p) === valueOf(whole, p));
    }) ?? null
  );
}

/**
 * The sentence stating the figure's constant-currency change ("… increased 4% on a
 * currency-neutral basis", "… increased 7% (11% in constant currency)", "… increased 10% and 16%
 * on a reported and currency-neutral basis, respectively"): a sentence saying the basis in its own
 * words, naming the figure (and the part asked, not among a list of parts; no part when none is
 * asked), of the year asked (said in it, or a sentence of that year's report saying no year), with
 * the percentage the basis words qualify. Null when none does.
 */
export function writeBasisStated(o: SearchDocumentsOutput, c: Concept, r: Reading, reported?: string | null): string | null {
  const year = yearsAsked(r.periods).sort().at(-1);
  const names = [...(c.rowWords ?? []), ...c.terms].map((t) => tokens(t).map((x) => x.stem)).filter((n) => n.length);
  const named = r.scope ? tokens(initialsAsWords(r.scope)).map((t) => t.stem) : [];
  // (a part of three words or more is often written by its initials: "Europe, Middle East & Africa" as "EMEA")
  const words = (r.scope ?? "").split(/[^\p{L}]+/u).filter((w) => w && !/^(?:and|of|the)$/i.test(w));
  const initials = words.length >= 3 ? words.map((w) => w[0]!.toLowerCase()).join("") : "";
  const byInitials = (s: string) => !!initials && new RegExp(`\\b${initials}\\b`, "i").test(s);
  let scopeStems = named;
  // the words a sentence may put before the figure's name: the part asked, the company's name, plain words
  const subjectWords = new Set([...named, initials, ...tokens(o.company ?? "").map((t) => t.stem), ...PLAIN_LABEL_STEMS, ...tokens("our its the net reported").map((t) => t.stem), ...[...GRAMMAR_WORDS].map((w) => tokens(w)[0]?.stem ?? w)]);
  const found: Array<{ figure: string; text: string; citation: string }> = [];
  for (const p of o.passages ?? []) {
    for (const s of sentencePieces(p.text.replace(/\s+/g, " "))) {
      // a sentence, not a table run into the text
      if (!CONSTANT_CURRENCY.test(s) || !PERCENT_VALUE.test(s) || s.length > 400 || !STATING_VERB.test(s) || FIGURE_RUN_IN_TEXT.test(withoutYears(s))) continue;
      scopeStems = byInitials(s) ? [initials] : named;
      const toks = tokens(initialsAsWords(s));
      const stems = toks.map((x) => x.stem);
      const at = names.map((n) => stems.findIndex((_, i) => n.every((w, j) => stems[i + j] === w))).filter((i) => i >= 0).sort((a, b) => a - b)[0];
      if (at === undefined) continue;
      // the figure's own subject: "NIKE, Inc. Revenues", "Greater China revenues", not "Footwear revenues" (a part not asked)
      if (!stems.slice(Math.max(0, at - 6), at).every((w) => subjectWords.has(w) || /^\d/.test(w))) continue;
      if (scopeStems.length ? !scopeStems.every((w) => stems.slice(0, at).includes(w)) || namedAmongParts(scopeStems === named ? r.scope! : initials, s) : namesAPart(s)) continue;
      const years = [...s.matchAll(/\b((?:19|20)\d\d)\b/g)].map((m) => m[1]!);
      if (year && !(years.includes(year) || (!years.length && p.period === `FY${year}`))) continue;
      const figure = basisFigure(s);
      if (figure) found.push({ figure, text: s.replace(RUNNING_HEADER, "").trim(), citation: p.citation });
    }
  }
  // sentences stating different figures (one of each region's sections, each saying "Footwear revenues increased …"): none is the one asked
  if (!found.length || new Set(found.map((f) => f.figure)).size > 1) return null;
  const { figure, text, citation } = found[0]!;
  return `${whose(o.company)}${r.scope ? `${r.scope} ` : ""}${c.label} change${year ? ` (fiscal ${year})` : ""}: **${figure} at constant currency** — the filing states: "${text}" ${citation}${reported ? `\nReported change: ${reported}` : ""}`;
}

/** A percentage (a year before "%", "FISCAL 2022 % CHANGE", is a heading's, not one). */
const PERCENT_AT = /\(?[-−]?(?!(?:19|20)\d\d\b)\d[\d,]*(?:\.\d+)?\s*(?:%|percent\b)/g;

/**
 * The percentage the constant-currency words qualify: the one paired with them by "respectively"
 * ("10% and 16% … on a reported and currency-neutral basis, respectively"), else the one just
 * before them ("11% in constant currency", "4% on a currency-neutral basis"). Undefined when
 * neither reads plainly.
 */
function basisFigure(s: string): string | undefined {
  const basis = CONSTANT_CURRENCY.exec(s);
  if (!basis) return undefined;
  if (/\brespectively\b/i.test(s)) {
    // "a reported and currency-neutral basis": the second; "a constant currency and reported basis": the first
    const second = new RegExp(`\\breported\\s+and\\s+(?:${CONSTANT_CURRENCY.source})`, "i").test(s);
    const first = new RegExp(`(?:${CONSTANT_CURRENCY.source})(?:\\s+basis)?\\s+and\\s+(?:an?\\s+)?(?:as\\s+)?reported\\b`, "i").test(s);
    const figures = /(\d[\d,.]*\s*%)\s*(?:,\s*|\s+)and\s+(\d[\d,.]*\s*%)/.exec(s);
    if (second === first || !figures) return undefined;
    return figures[second ? 2 : 1]!.replace(/\s+/g, "");
  }
  const before = [...s.slice(0, basis.index).matchAll(PERCENT_AT)].at(-1);
  if (!before) return undefined;
  // (only a few words between the figure and the basis: "11% in", "4% on a")
  const between = s.slice(before.index! + before[0].length, basis.index);
  return between.split(/\s+/).filter(Boolean).length <= 3 && !/\d/.test(between) ? before[0].replace(/[\s(]+/g, "") : undefined;
}

/**
 * A sentence about a part of the company: a segment, or a place or region named before its figure
 * (`figures`: the sentence as its figures are sought, e.g. without its years).
 */
function namesAPart(s: string, figures = s): boolean {
  const first = figures.search(/\d/);
  const before = partInitials(figures.slice(0, first < 0 ? undefined : first));
  // ("throughout our Domestic and International segments", "across all of our segments": the parts together are the whole)
  const segment = /\bsegments?\b/i.test(s.replace(SEGMENTS_TOGETHER, " "));
  return (segment || GEOGRAPHY.test(before) || PLACE_INITIALS.test(before)) && !/\b(?:total|consolidated|global|globally|worldwide)\b/i.test(s);
}
/** Segments named together: a list joined by "and" before "segments", or "all/both/each of our segments". */
const SEGMENTS_TOGETHER = /\b\p{Lu}[\p{L}&-]*(?:,? \p{Lu}[\p{L}&-]*)*,? and \p{Lu}[\p{L}&-]* segments\b|\b(?:all|both|each) (?:of )?(?:our |its |the )?(?:\w+ )?segments\b/gu;

/**
 * The figure's reported change for the periods asked: as its table prints it ("Actual", "As
 * Reported"), else as the row's two amounts give it (only for periods asked). Null without a row.
 */
export function reportedChange(c: Concept, r: Reading, rows: LineItemsOutput | undefined, company?: string): string | null {
  if (!rows) return null;
  const row = r.scope ? pickScopedRow(rows, c, r.scope, r.segment, changePeriods(r.periods)) : companyLine(rows, c, r.periods);
  if (!row) return null;
  const printed = changeColumnOf(row, r.periods, "reported");
  if (printed) return `${row.label}, ${periodWord(printed.from)}–${periodWord(printed.to)}: ${signedPercent(printed.value)} (column "${printed.heading}") ${row.citation}`;
  // (its figure not in bold: beside a constant-currency answer or a refusal it is evidence, not the answer)
  return r.periods.length ? (writeRowChange(row, c, { ...r, aggregate: "growth" }, company)?.split("\n")[0]?.replace(/\*\*/g, "") ?? null) : null;
}

/**
 * No constant-currency change found for the figure: said so, with the reported change shown as
 * the closest evidence (never as the answer), and what was searched.
 */
export function writeBasisNotFound(c: Concept, r: Reading, rows: LineItemsOutput | undefined, passages: Passage[], company?: string): string {
  const when = r.periods.length ? ` for ${r.periods.map(periodWord).join("–")}` : "";
  const reported = reportedChange(c, r, rows, company);
  const lines = [
    `I couldn't find the constant-currency change of ${r.scope ? `${r.scope} ` : ""}${c.label.toLowerCase()}${when}${company ? ` for ${company}` : ""} in the documents: no table column headed as constant currency and no sentence stating it on that basis. The reported change is not the constant-currency one.`,
  ];
  const closest = [...(reported ? [`- reported (not constant currency): ${reported}`] : []), ...passages.slice(0, reported ? 1 : 2).map(closestPassage)];
  if (closest.length) lines.push("Closest evidence (not an answer to the question as asked):", ...closest);
  lines.push("Would you like me to add this question to the Q&A list?");
  return lines.join("\n");
}
