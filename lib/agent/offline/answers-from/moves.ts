/**
 * A figure compared: its move between two periods ("Did Japan net sales fall in 2022?", "did sales
 * grow more than 10%?"), and a value against the one asked ("above", "below"). Shared by the writers
 * from compute_metric (compute.ts) and from get_line_items rows (rows.ts).
 */
import { comparePeriods } from "@/lib/periods/compare";
import { formatAmount } from "@/lib/metrics/numbers";
import { parsePrintedNumber } from "@/lib/metrics/printed-number";
import type { Threshold } from "../../concepts/directions";
import type { Reading } from "../../reader/read";
import { fiscalYears, periodWord, whose } from "./shared";

/** The figure against the value asked: "above" or "below" it, or "equal to" it. */
export function sideOf(value: number, against: number): "above" | "below" | "equal to" {
  return value > against ? "above" : value < against ? "below" : "equal to";
}

/** Yes when the figure is on the side of the value the question asked ("at least" takes equal as yes). */
export function onAskedSide(t: Threshold, side: ReturnType<typeof sideOf>): boolean {
  return side === t.side || (side === "equal to" && t.inclusive);
}

export interface Point {
  period: string;
  value: number;
  shown: string;
}

/** A point shown as a rate ("41.0%"): its moves are in points, not relative to its start. */
export const shownAsRate = (p: Point) => p.shown.includes("%");

/** The periods a move is read across: the years asked, or a quarter asked and the same quarter a year before. */
function directionPeriods(periods: string[]): string[] {
  const quarter = periods.length === 1 ? /^([QH][1-4]) (\d{4})$/.exec(periods[0]!) : null;
  if (quarter) return [`${quarter[1]} ${Number(quarter[2]) - 1}`, periods[0]!];
  return fiscalYears(periods);
}

/** The asked periods' points, or the newest two; oldest first. */
export function lastTwo(points: Point[], asked: string[]): Point[] {
  const fits = asked.length ? points.filter((p) => asked.includes(p.period)) : points;
  // in time, not as spelled: "29 July 2023" is after "30 July 2022", "Q1 2024" after "Q2 2023"
  return fits.sort((a, b) => comparePeriods(a.period, b.period) || a.period.localeCompare(b.period)).slice(-2);
}

/**
 * "Did Japan net sales fall in 2022?": yes or no from the figure's two periods, with both values and
 * the change, never from a sentence that merely mentions a fall. Null without two values.
 */
export function writeDirection(points: Point[], r: Reading, label: string, cites: string, company?: string): string | null {
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
