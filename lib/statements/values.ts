/**
 * The printed amounts at the end of a statement line: "(1,577)" → -1577, "—" → null, "$ 5,363"
 * → 5363. Each token keeps its offsets in the line, so columns can be told apart by position.
 */

export interface ValueToken {
  value: number | null;
  /** Offsets of the token within the line (without a leading "$"). */
  start: number;
  end: number;
  raw: string;
}

const NUMBER = /^\(?-?\d{1,3}(?:,\d{3})+(?:\.\d+)?\)?%?$|^\(?-?\d*\.?\d+\)?%?$/;
const DASH = /^(?:[—–-]{1,3}|n\/?m|nm)$/i;

/** Reads one printed amount; undefined when the text is no amount. */
export function readAmount(raw: string): number | null | undefined {
  const t = raw.replace(/\$/g, "").replace(/\s+/g, "");
  if (DASH.test(t)) return null;
  if (!NUMBER.test(t)) return undefined;
  const open = t.startsWith("("), close = t.endsWith(")") || t.endsWith(")%");
  if (open !== close) return undefined;
  const n = Number(t.replace(/[(),%$\s]/g, ""));
  if (!Number.isFinite(n)) return undefined;
  return open ? -Math.abs(n) : n;
}

const TAIL = /(^|\s)\$?\s*(\(\s*\$?\s*\d[\d,]*(?:\.\d+)?\s*\)\s?%?|-?\$?\d[\d,]*(?:\.\d+)?(?:\s?%)?|-?\.\d+%?|[—–]{1,3}|-{1,3}|n\/m|nm)$/i;

/**
 * Trailing amount tokens of a line, left to right, and where the label ends. A "$" is a currency
 * sign, not a value; footnote-like "(1)" and year-like tokens are still returned (the caller
 * decides with the column count and positions).
 */
export function trailingValues(line: string): { labelEnd: number; tokens: ValueToken[] } {
  const tokens: ValueToken[] = [];
  let rest = line.replace(/[\s$]+$/, "");
  for (;;) {
    const m = TAIL.exec(rest);
    if (!m) break;
    const raw = m[2]!;
    const value = readAmount(raw);
    if (value === undefined) break;
    tokens.unshift({ value, start: rest.length - raw.length, end: rest.length, raw });
    rest = rest.slice(0, m.index + m[1]!.length).replace(/[\s$]+$/, "");
  }
  return { labelEnd: rest.length, tokens };
}
