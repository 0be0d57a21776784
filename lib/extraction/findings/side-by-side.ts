/**
 * Tables printed side by side: one header line repeats one run of period columns per table
 * ("2023 2022 2023 2022", "February 2, 2019 February 3, 2018 February 2, 2019 February 3, 2018"),
 * and a line above it names each table in a cell of its own ("Revenue Mix Summary" … gap …
 * "Comparable Sales Summary"). Every printed row then holds one row of each table, and a reader
 * that takes the first run of columns reads the left table only, under both tables' names.
 *
 * The cells of a line come from the PDF text runs (a blank between them wider than the text is
 * high, lib/extraction/entities/layout), or, for plain text, from runs of three or more blanks.
 */
import type { PeriodColumn } from "@/lib/periods";
import { cellGaps } from "../entities/layout";
import type { TextSpan } from "@/lib/ingest/types";

export interface TableGroup {
  /** The table's own name, as printed over its columns. */
  title: string;
  /** Header columns [from, to) that are this table's. */
  from: number;
  to: number;
  /** The printed line naming the tables. */
  line: string;
}

export interface TextLine { text: string; start: number; end: number }

/** The cells of one line of the page: its text split at the wide blanks between printed cells. */
export function lineCells(text: string, spans: () => TextSpan[] | undefined): (line: TextLine) => string[] {
  let gaps: Array<[number, number]> | undefined;
  let runs: TextSpan[] | undefined | null = null;
  return (line) => {
    if (runs === null) runs = spans();
    if (!runs?.length) return line.text.trim().split(/\s{3,}|\t+/).map((c) => c.trim()).filter(Boolean);
    gaps ??= cellGaps(text, runs).gaps;
    const cells: string[] = [];
    let from = line.start;
    for (const [a, b] of gaps) {
      if (a < line.start || b > line.end) continue;
      cells.push(text.slice(from, a));
      from = b;
    }
    cells.push(text.slice(from, line.end));
    return cells.map((c) => c.trim()).filter(Boolean);
  };
}

/** The header's columns are k equal runs of the same periods. */
function repeatedRuns(hc: PeriodColumn[], k: number): number | undefined {
  if (hc.length < k || hc.length % k) return undefined;
  const w = hc.length / k;
  const run = (g: number) => hc.slice(g * w, (g + 1) * w).map((c) => c.raw.toLowerCase().replace(/\s+/g, " ")).join("|");
  for (let g = 1; g < k; g++) if (run(g) !== run(0)) return undefined;
  return w;
}

/**
 * The tables a header line holds side by side, named by the nearest line above it (of the few
 * lines before it) that prints one name per table (after the stub column's own cell, "(Millions)",
 * where it prints one); undefined for an ordinary header. Lines that only repeat a column piece
 * ("Year Ended    Year Ended") are passed over.
 */
export function sideBySide(hc: PeriodColumn[], above: TextLine[], cellsOf: (line: TextLine) => string[], isPiece: (cell: string) => boolean): TableGroup[] | undefined {
  for (const line of above) {
    const all = cellsOf(line);
    if (all.every(isPiece)) continue;
    if (all.length < 2) return undefined;
    for (const cells of [all, all.slice(1)]) {
      const k = cells.length;
      const w = k >= 2 && k <= MAX_TABLES ? repeatedRuns(hc, k) : undefined;
      if (!w || cells.some((c) => !/\p{L}{2,}/u.test(c) || /^[$(\d]/.test(c))) continue;
      return cells.map((title, g) => ({ title, from: g * w, to: (g + 1) * w, line: line.text.trim() }));
    }
    return undefined;
  }
  return undefined;
}

/** Tables printed side by side under one header line, at most. */
const MAX_TABLES = 4;
