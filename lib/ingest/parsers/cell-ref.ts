/**
 * Spreadsheet cell references, parsed in one place for the parsers, the IRL import and the
 * viewer: "B15", "$B$15", "Sheet1!B15", "'My sheet'!B15", "'Bob''s'!B15" (quoted as
 * `quoteSheetName` in sheet-text.ts writes them). Columns and rows are 1-based, as in Excel.
 */

export interface CellAddress {
  /** 1-based: A = 1. */
  col: number;
  /** 1-based. */
  row: number;
}

export interface CellRef extends CellAddress {
  /** The sheet the reference names, unquoted; null for a bare address. */
  sheet: string | null;
}

const ADDRESS = /^\$?([A-Za-z]{1,3})\$?(\d+)$/;

/** "B15" → { row: 15, col: 2 }; null when not an A1 address. */
export function parseCellAddress(ref: string): CellAddress | null {
  const m = ADDRESS.exec(ref);
  if (!m) return null;
  let col = 0;
  for (const ch of m[1]!.toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { row: parseInt(m[2]!, 10), col };
}

/** "'Bob''s'" → "Bob's", "Plan" → "Plan"; null when empty or unbalanced quotes. */
function unquoteSheetName(s: string): string | null {
  if (!s.startsWith("'")) return s || null;
  const m = /^'((?:[^']|'')+)'$/.exec(s);
  return m ? m[1]!.replace(/''/g, "'") : null;
}

/** "Sheet1!B15" → { sheet: "Sheet1", col: 2, row: 15 }; "B15" → sheet null; null when not a cell reference. */
export function parseCellRef(ref: string): CellRef | null {
  const bang = ref.lastIndexOf("!");
  const address = parseCellAddress(bang >= 0 ? ref.slice(bang + 1) : ref);
  if (!address) return null;
  if (bang < 0) return { sheet: null, ...address };
  const sheet = unquoteSheetName(ref.slice(0, bang));
  return sheet === null ? null : { sheet, ...address };
}
