/**
 * Whether a table row's label is a label: words that name what the row measures. Text read off a
 * chart (axis years, bar values: "2016 2017 2018", "$0.4", "$0.43 or") or a row that lost its label
 * ("2022 $ 4,551" taken as the label of the line below) is no label, and its figures are no row.
 */

/** Joining words and symbols that name nothing on their own. */
const FILLER = /^(?:or|and|to|of|in|vs\.?|versus|from|the|[$€£%()—–-]+)$/i;

/** At least one word, and no more figures (years, amounts, "Q4") than words and one. */
export function isRowLabel(label: string): boolean {
  let words = 0;
  let figures = 0;
  // a footnote marker on a word ("Europe(1)", "Asia (a)") is neither word nor figure
  for (const t of label.replace(/\((?:\d|[a-z])\)/g, " ").trim().split(/\s+/)) {
    if (!t || FILLER.test(t)) continue;
    if (/\d/.test(t)) figures++;
    else if (/\p{L}{2,}|\p{L}\.\p{L}/u.test(t)) words++;
  }
  return words > 0 && figures <= words + 1;
}
