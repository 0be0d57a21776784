/**
 * Answers written from compute_metric's output: the figure with its formula and inputs, its change
 * over a two-year series, and yes or no by its sign, against a value asked, by an action's amount or
 * by how it moved.
 */
import { formatAmount } from "@/lib/metrics/numbers";
import type { Concept } from "../../concepts/catalog";
import type { Threshold } from "../../concepts/directions";
import type { ComputeOutput } from "../../evidence/compute";
import type { Reading } from "../../reader/read";
import { periodWord, SCALE_WORD, whose } from "./shared";
import { onAskedSide, sideOf, writeDirection } from "./moves";

/** "for fiscal 2022 ", "from fiscal 2018 to fiscal 2022 ": the periods a figure or a move is over. */
const spanWords = (periods: string[]) => (periods.length > 1 ? `from ${periodWord(periods[0]!)} to ${periodWord(periods.at(-1)!)} ` : periods.length ? `for ${periodWord(periods[0]!)} ` : "");

export function writeCompute(o: ComputeOutput, r: Reading): string | null {
  if (o.status !== "answered" || o.formatted === undefined || !o.inputs.length) return null;
  const cites = [...new Set(o.inputs.map((i) => i.citation))].join(" ");
  const lines: string[] = [];
  const one = o.series.length <= 1 || (r.aggregate && r.aggregate !== "series");
  if (one) {
    lines.push(`${whose(o.company)}${o.metric!.name} ${spanWords(o.periods)}was **${o.formatted}** ${cites}`);
    // a change or growth shows the values it is the change of, and the move in both the unit and percent
    if (o.series.length > 1) lines.push(o.series.filter((x) => x.formatted).map((x) => `${periodWord(x.period)}: ${x.formatted}`).join("; "));
    // (a growth's metric is a percentage, its series the figure's own values: a rate's move is in points, an amount's in money)
    const seriesUnit = r.aggregate === "growth" ? (r.concepts[0]?.kind === "percent" ? "percent" : "amount") : undefined;
    const moved = r.aggregate === "change" || r.aggregate === "growth" ? changeLine(o, seriesUnit) : null;
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
function changeLine(o: ComputeOutput, seriesUnit?: "percent" | "amount"): string | null {
  const pts = o.series.filter((x) => x.value !== undefined);
  // a per-share figure's change is left to the reader: the answer check finds no source for it
  if (pts.length !== 2 || !o.metric || o.metric.unit === "per_share") return null;
  const [a, b] = pts as [{ period: string; value: number }, { period: string; value: number }];
  const unit = seriesUnit ?? o.metric.unit;
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

export function writeDirectionCompute(o: ComputeOutput, r: Reading): string | null {
  if (o.status !== "answered" || !o.inputs.length) return null;
  const points = o.series.filter((x) => x.value !== undefined && x.formatted).map((x) => ({ period: x.period, value: x.value!, shown: x.formatted! }));
  const cites = [...new Set(o.inputs.map((i) => i.citation))].join(" ");
  // the figure's own name, not its growth's ("Total debt", not "Total debt growth")
  return writeDirection(points, r, r.concepts[0]?.label ?? o.metric!.name, cites, o.company);
}
