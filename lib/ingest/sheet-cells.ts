/** Lines of a spreadsheet page as the XLSX/CSV parsers write them (lib/ingest/parsers). */
/** A spreadsheet page's line: "A3: Company | B3: Example Analytics AB" (also "A1:F1 (merged): …", "'Sheet'!A3: …"). */
const CELL_REF = String.raw`(?:(?:'[^']+'|[\w.]+)!)?\$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?(?: \(merged\))?:`;
const CELL_LINE = new RegExp(`^${CELL_REF}\\s*`);
const CELL_SPLIT = new RegExp(`\\s\\|\\s(?=${CELL_REF}\\s)`);

/** The cell values of a sheet line, or null for a prose line. */
export function sheetCells(line: string): string[] | null {
  if (!CELL_LINE.test(line)) return null;
  return line.split(CELL_SPLIT).map((c) => c.replace(CELL_LINE, "").trim());
}
