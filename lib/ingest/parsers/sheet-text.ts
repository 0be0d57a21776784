/**
 * The text form of a spreadsheet page, shared by the XLSX and CSV parsers.
 *
 * One line per non-empty row; each non-empty cell as `REF: value`, cells
 * separated by " | ":
 *
 *   A1:D1 (merged): Revenue bridge FY2023
 *   A2: Segment | B2: FY2022 | C2: FY2023
 *   A3: Nordics | B3: 1200 | C3: 1350.5
 *
 * so every value sits next to a findable reference, header words are searchable,
 * and `SheetCell.start` points at the value inside this text. Line breaks and
 * tabs inside a value become single spaces (in `value` too), so each row stays on
 * one line and `text.slice(start, start + value.length) === value` always holds.
 */
import { MandaError } from "@/lib/errors";
import type { SheetCell } from "../types";

export { parseCellAddress } from "./cell-ref";

/** One sheet page may hold at most this many filled cells (memory bound: cells are kept per page). */
export const MAX_CELLS_PER_SHEET = 1_000_000;

export interface RawCell {
  /** 1-based. */
  row: number;
  /** 1-based. */
  col: number;
  value: string;
  num?: number;
}

export function columnLetters(col: number): string {
  let s = "";
  let n = col;
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

export function cellAddress(row: number, col: number): string {
  return `${columnLetters(col)}${row}`;
}

/**
 * Sheet name as Excel writes it in a reference: bare when it is a plain
 * identifier, otherwise in single quotes with inner quotes doubled
 * (`'My Sheet'`, `'Bob''s'`).
 */
export function quoteSheetName(name: string): string {
  const plain =
    /^[\p{L}_][\p{L}\p{N}_.]*$/u.test(name) &&
    !/^[A-Za-z]{1,3}\d+$/.test(name) && // looks like a cell address
    !/^[Rr]\d*[Cc]\d*$/.test(name) && // looks like R1C1
    !/^(TRUE|FALSE)$/i.test(name);
  return plain ? name : `'${name.replace(/'/g, "''")}'`;
}

/** Values keep their characters but not their line structure. */
export function normalizeCellValue(v: string): string {
  return v.replace(/\r\n|[\r\n\t\v\f]/g, " ");
}

/**
 * Turns a number into the text we show. Floating noise is trimmed to 15
 * significant digits (what Excel displays at most): 0.1+0.2 → "0.3".
 */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return String(n);
  return String(Number(n.toPrecision(15)));
}

export class SheetPageBuilder {
  private cells: RawCell[] = [];
  private sorted = true;
  private last = -1;

  constructor(
    readonly sheetName: string,
    private readonly maxCells = MAX_CELLS_PER_SHEET,
  ) {}

  get size(): number {
    return this.cells.length;
  }

  add(cell: RawCell): void {
    if (cell.value === "") return;
    if (this.cells.length >= this.maxCells) {
      throw new MandaError(
        "too_large:file",
        `The sheet "${this.sheetName}" has more than ${this.maxCells.toLocaleString("en-US")} filled cells, which is more than Manda can index in one sheet. Split it into smaller sheets or files.`,
      );
    }
    const key = cell.row * 20_000 + cell.col;
    if (key <= this.last) this.sorted = false;
    this.last = key;
    this.cells.push(cell);
  }

  /**
   * Builds the page text and cell list. `merges` maps a master cell address
   * ("A1") to its range ("A1:D1"); merged slaves are never listed (their value
   * is the master's).
   */
  build(merges?: Map<string, string>): { text: string; cells: SheetCell[] } {
    const cells = this.cells;
    if (!this.sorted) cells.sort((a, b) => a.row - b.row || a.col - b.col);
    const sheetRef = quoteSheetName(this.sheetName);
    const out: SheetCell[] = [];
    const parts: string[] = [];
    let offset = 0;
    let row = -1;
    let prevCol = -1;
    for (const c of cells) {
      if (c.row === row && c.col === prevCol) continue; // duplicate cell element: keep the first
      let sep = "";
      if (c.row !== row) {
        if (row !== -1) sep = "\n";
        row = c.row;
      } else sep = " | ";
      prevCol = c.col;
      const addr = cellAddress(c.row, c.col);
      const range = merges?.get(addr);
      const label = range ? `${range} (merged): ` : `${addr}: `;
      const value = normalizeCellValue(c.value);
      const start = offset + sep.length + label.length;
      parts.push(sep, label, value);
      offset = start + value.length;
      const sc: SheetCell = { ref: `${sheetRef}!${addr}`, value, start };
      if (c.num !== undefined && Number.isFinite(c.num)) sc.num = c.num;
      out.push(sc);
    }
    this.cells = [];
    return { text: parts.join(""), cells: out };
  }
}
