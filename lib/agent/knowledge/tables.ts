/**
 * Reading a figure straight from a table on a page when no promoted finding covers it: a
 * balance-sheet row in a PDF ("Cash and cash equivalents 4,040 3,980 4,100" under
 * "EUR thousands 30 Sep 2024 30 Sep 2023 31 Dec 2023") or a spreadsheet row (cells with refs,
 * "Alex Morgan | Chief Executive Officer | … | 15%" under "% fully diluted"). The value is
 * quoted as written, with its column header, unit line and exact location (page or cell).
 */
import { monthWords, parsePeriod, type Period } from "@/lib/periods";
import { parsePrintedNumber } from "@/lib/metrics/printed-number";

export interface TableColumn {
  header: string;
  value: string;
  cell?: string;
  period?: Period;
}

export interface TableRow {
  label: string;
  /** The whole row as written (the excerpt to cite). */
  line: string;
  columns: TableColumn[];
  /** "EUR thousands", "SEK m" … when the table states its unit. */
  scale?: string;
}

const NUM = String.raw`\(?[-–−]?\d[\d,.\s]*\d?\)?%?|–|-`;
const NUM_TOKEN = new RegExp(`^(?:${NUM})$`);
const PERIOD_TOKEN = new RegExp(String.raw`\b(?:Q[1-4]\s+(?:19|20)\d\d|H[12]\s+(?:19|20)\d\d|9M\s+(?:19|20)\d\d|FY\s?(?:19|20)\d\d[AFEB]?|\d{1,2}\s+${monthWords({ stems: true, title: true })}[a-z]*\.?\s+(?:19|20)\d\d|(?:19|20)\d\d)\b`, "g");
const SCALE = /\b(?:EUR|USD|SEK|GBP|NOK|DKK)\s*(?:thousands?|millions?|'000|k|m|bn)\b|\b(?:thousands?|millions?) of (?:euros?|dollars?|kronor)\b|\bin (?:thousands|millions)\b/i;

/** Rows of the text tables on a PDF/text page: a header line of periods, then label + figures lines. */
export function textTableRows(text: string): TableRow[] {
  const lines = text.split("\n").map((l) => l.replace(/\s+/g, " ").trim());
  const out: TableRow[] = [];
  let header: { tokens: string[]; scale?: string } | undefined;
  let lastScale: string | undefined;
  for (const line of lines) {
    if (!line) continue;
    const scaleHit = line.match(SCALE)?.[0];
    if (scaleHit) lastScale = scaleHit;
    const periods = line.match(PERIOD_TOKEN) ?? [];
    const rest = line.replace(PERIOD_TOKEN, " ").replace(SCALE, " ").replace(/\s+/g, " ").trim();
    if (periods.length >= 2 && rest.replace(/[^\p{L}]/gu, "").length <= 20) {
      header = { tokens: periods.map((p) => p.trim()), scale: scaleHit ?? lastScale };
      continue;
    }
    if (!header) continue;
    const parts = line.split(" ");
    const nums: string[] = [];
    while (parts.length && NUM_TOKEN.test(parts[parts.length - 1]!)) nums.unshift(parts.pop()!);
    // "1,050" may have been split at a thin space: only whole tokens are figures
    const label = parts.join(" ").trim();
    if (!label || !/\p{L}{3,}/u.test(label) || nums.length === 0) {
      if (nums.length === 0 && label.length > 60) header = undefined; // prose: the table ended
      continue;
    }
    if (nums.length !== header.tokens.length) continue;
    out.push({
      label,
      line,
      scale: header.scale,
      columns: nums.map((v, i) => ({ header: header!.tokens[i]!, value: v, period: parsePeriod(header!.tokens[i]!.replace(/(\d{4})[AFEB]$/, "$1")) })),
    });
  }
  return out;
}

interface SheetCell {
  ref: string;
  value: string;
}

function splitRef(ref: string): { sheet: string; col: string; row: number } | undefined {
  const m = ref.match(/^(.*)!\$?([A-Z]{1,3})\$?(\d+)$/);
  return m ? { sheet: m[1]!, col: m[2]!, row: Number(m[3]) } : undefined;
}

const isNumeric = (v: string) => /^[-–−(]?\d[\d,.\s]*\)?%?$/.test(v.trim());

/** Rows of a sheet page: each row with the header row's text above each cell. */
export function sheetTableRows(cells: SheetCell[]): TableRow[] {
  const grid = new Map<number, Array<{ col: string; ref: string; value: string }>>();
  for (const c of cells) {
    const r = splitRef(c.ref);
    if (!r || c.value === undefined || c.value === null || String(c.value).trim() === "") continue;
    grid.set(r.row, [...(grid.get(r.row) ?? []), { col: r.col, ref: c.ref, value: String(c.value).trim() }]);
  }
  const rows = [...grid.keys()].sort((a, b) => a - b);
  const out: TableRow[] = [];
  let header: Map<string, string> | undefined;
  let scale: string | undefined;
  for (const n of rows) {
    const cs = grid.get(n)!;
    const text = cs.map((c) => c.value).join(" ");
    if (SCALE.test(text) && cs.length === 1) scale = text.match(SCALE)![0];
    const textual = cs.filter((c) => !isNumeric(c.value)).length;
    if (cs.length >= 3 && textual === cs.length) {
      header = new Map(cs.map((c) => [c.col, c.value]));
      continue;
    }
    if (!header || cs.length < 2) continue;
    const labelCell = cs[0]!;
    out.push({
      label: cs.filter((c) => !isNumeric(c.value)).slice(0, 2).map((c) => c.value).join(", "),
      line: cs.map((c) => c.value).join(" | "),
      scale,
      columns: cs.filter((c) => c !== labelCell).map((c) => ({ header: header!.get(c.col) ?? c.col, value: c.value, cell: c.ref, period: parsePeriod(header!.get(c.col) ?? "") })),
    });
  }
  return out;
}

/** The column that answers for a wanted period (a date matches a quarter/year ending on it). */
export function pickColumn(row: TableRow, o: { period?: Period; percent?: boolean }): TableColumn | undefined {
  const all = row.columns;
  const pct = o.percent ? all.filter((c) => /%$/.test(c.value) || /%/.test(c.header)) : [];
  // a percent row's columns headed by periods answer only the asked period's (never the last forecast year's)
  if (pct.length && (!o.period || !pct.some((c) => c.period))) return pct[pct.length - 1];
  const cols = pct.length ? pct : all;
  if (o.period) {
    const exact = cols.find((c) => c.period && c.period.kind === o.period!.kind && c.period.end === o.period!.end);
    if (exact) return exact;
    const sameEnd = cols.find((c) => c.period && c.period.end === o.period!.end && (c.period.kind === "point" || o.period!.kind === "point"));
    if (sameEnd) return sameEnd;
    return undefined;
  }
  return cols.find((c) => isNumeric(c.value)) ?? cols[0];
}

/** Natural value of a table figure: "4,040" in "EUR thousands" → 4,040,000; "(470)" → -470. */
export function tableNumber(value: string, scale?: string): number | null {
  const n = parsePrintedNumber(value)?.value;
  if (n === undefined || n === null) return null;
  const v = value.trim();
  const mult = !scale || /%$/.test(v) ? 1 : /thousand|'000|\bk\b/i.test(scale) ? 1e3 : /million|\bm\b|\bmn\b/i.test(scale) ? 1e6 : /\bbn\b|billion/i.test(scale) ? 1e9 : 1;
  return n * mult;
}
