/**
 * The printed amounts at the end of a statement line: "(1,577)" → -1577, "—" → null, "$ 5,363"
 * → 5363. Each token keeps its offsets in the line, so columns can be told apart by position.
 * The amount itself is read by the one reader of printed numbers (lib/metrics/printed-number.ts).
 */
import { parsePrintedNumber } from "@/lib/metrics/printed-number";

export interface ValueToken {
  value: number | null;
  /** Offsets of the token within the line (without a leading "$"). */
  start: number;
  end: number;
  raw: string;
}

const DASH = /^(?:[—–-]{1,3}|n\/?m|nm)$/i;

/** Reads one printed amount; undefined when the text is no amount. */
export function readAmount(raw: string): number | null | undefined {
  const t = raw.replace(/\$/g, "").replace(/\s+/g, "");
  if (DASH.test(t)) return null;
  // a statement's amount is a bare figure: a currency code or a scale word belongs to the header
  const n = parsePrintedNumber(t);
  return n && n.value !== null && !n.currency && n.scale === 1 ? n.value : undefined;
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
