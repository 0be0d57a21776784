/**
 * Row labels wrapped over two or more lines in a table ("Reclassification adjustment for recognized
 * gains / losses on available-" / "for-sale securities (1,895) (2,955)", "Income tax rate, excluding …
 * measurement" / "period adjustment 0.05 0.61"): the line above a row continues into it when the row's
 * label starts in lower case, or when the line above ends mid-phrase (a preposition, a conjunction, a
 * comma, a hyphen). A line ending in a colon is a heading over its rows, never their first part.
 */

/** Words and marks a label line ends with when its label goes on below. */
const DANGLING = /(?:\b(?:and|of|or|to|in|for|from|the|on|by|at|with|including|excluding|related|before|after|into|under)|[,&(/]|\p{L}-)\s*$/iu;
/** A line longer than this is prose, not the first part of a label. */
const MAX_LABEL_LINE = 120;

/** Does `next` (a row's label, or a line of one) continue `prev`, the line printed right above it? */
export function continuesLabel(prev: string, next: string): boolean {
  const p = prev.trim();
  const n = next.trim();
  if (!p || !n || p.length > MAX_LABEL_LINE || /:\s*$/.test(p)) return false;
  return /^\p{Ll}/u.test(n) || DANGLING.test(p);
}

/** The two parts as one label: a word broken at a hyphen is joined without a blank ("available-for-sale"). */
export function joinLabel(prev: string, next: string): string {
  const p = prev.trim();
  const n = next.trim();
  return /\p{L}-$/u.test(p) ? `${p}${n}` : `${p} ${n}`;
}

/** Is `to` on the line right after the line ending at `from` (no blank line between)? */
export function adjacentLine(text: string, from: number, to: number): boolean {
  const between = text.slice(from, to);
  return /^[ \t]*\n[ \t]*$/.test(between);
}
