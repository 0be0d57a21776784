/**
 * Page text as statement lines: each line with its offset in the page text (so excerpts stay exact
 * substrings) and a squashed form for title matching. PDF text splits words ("Balance Shee t",
 * "Cash Flow s"), so titles are matched on letters only.
 */

export interface PageLine {
  text: string;
  /** Offset of the line in the page text. */
  start: number;
  /** 0-based line number in the page text. */
  row: number;
}

export function pageLines(text: string): PageLine[] {
  const out: PageLine[] = [];
  let start = 0;
  let row = 0;
  for (const line of text.split("\n")) {
    out.push({ text: line, start, row: row++ });
    start += line.length + 1;
  }
  return out;
}

/** Lower-case letters only: "Consolidated Balance Shee t" → "consolidatedbalancesheet". */
export function squash(s: string): string {
  return s.toLowerCase().replace(/[^a-z]/g, "");
}

/** A label as compared with the line-item vocabulary: lower-case, straight quotes, single spaces, no footnote marks. */
export function normalLabel(s: string): string {
  return stripFootnotes(s)
    .replace(/\s+/g, " ")
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[—–]/g, "-")
    .replace(/\s+/g, " ")
    .replace(/[\s:.,$]+$/, "")
    .trim();
}

/** "Total assets ........" → "Total assets": a trailing run of dot leaders (scanned by hand: a regex backtracks on long runs). */
function dropLeaders(s: string): string {
  let i = s.length;
  let dots = 0;
  while (i > 0 && (s[i - 1] === "." || s[i - 1] === " " || s[i - 1] === "\t")) if (s[--i] === ".") dots++;
  return dots >= 3 ? s.slice(0, i) : s;
}

/** "Cloud services (1)", "Net revenues (a)(b)", "Revenue*" → the label without its footnote marks. */
export function stripFootnotes(s: string): string {
  return s
    .replace(/(?:\s*\(\s*(?:\d{1,2}|[a-z]|[ivx]{1,4})\s*\))+\s*$/i, "")
    .replace(/\s*[*†‡]+\s*$/, "")
    .replace(/^[^]*$/, dropLeaders)
    .replace(/[\s$]+$/, "")
    .trim();
}
