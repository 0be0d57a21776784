/**
 * Page text as statement lines: each line with its offset in the page text (so excerpts stay exact
 * substrings) and a squashed form for title matching. PDF text splits words ("Balance Shee t",
 * "Cash Flow s") and drops ligatures ("Cash \u0000ows"), so titles are matched on letters only.
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

/**
 * Words of statement labels that hold a ligature ("ti", "fi", "fl", "ff"). Some PDF fonts drop the
 * ligature glyph from the text layer, leaving "opera ng ac vi es" for "operating activities"; the
 * fragments are joined back when the joined word is one of these.
 */
const LIGATURE_WORDS = new Set([
  "operating", "operations", "activities", "investing", "marketing", "administrative", "amortization", "acquisition", "acquisitions",
  "compensation", "additional", "liabilities", "securities", "maturities", "vesting", "depreciation", "contributions", "obligations",
  "distributions", "continuing", "discontinued", "position", "additions", "participating", "entities", "restricted", "financing",
  "flows", "flow", "profit", "benefit", "benefits", "fixed", "deficit", "certificates", "identifiable", "financial", "effective",
  "derivatives", "noncontrolling", "allocation", "utilities", "facilities", "retirement", "construction", "proceeds", "affiliates",
  "traffic", "officers", "offering", "different", "fiscal", "definite", "indefinite", "unrealized", "repatriation", "other",
]);

/** Word starts that end where a ligature was lost ("opera" of "opera ng"): only these are tried. */
const LIGATURE_STARTS = new Set([...LIGATURE_WORDS].flatMap((w) => [...w.matchAll(/ti|fi|fl|ff/g)].map((m) => w.slice(0, m.index))));

function repairLigatures(s: string): string {
  const words = s.split(" ");
  if (!words.some((w) => LIGATURE_STARTS.has(w.toLowerCase().replace(/^[^\p{L}]+/u, "")))) return s;
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    let joined: string | undefined;
    if (!LIGATURE_STARTS.has(words[i]!.toLowerCase().replace(/^[^\p{L}]+/u, ""))) {
      out.push(words[i]!);
      continue;
    }
    for (let n = Math.min(4, words.length - i); n >= 2 && !joined; n--) {
      const parts = words.slice(i, i + n);
      const tail = /[^\p{L}]*$/u.exec(parts[n - 1]!)![0];
      const core = [...parts.slice(0, n - 1), parts[n - 1]!.slice(0, parts[n - 1]!.length - tail.length)];
      for (const lig of ["ti", "fi", "fl", "ff"]) {
        const cand = core.join(lig);
        if (LIGATURE_WORDS.has(cand.toLowerCase().replace(/^[^\p{L}]+/u, ""))) {
          joined = cand + tail;
          i += n - 1;
          break;
        }
      }
    }
    out.push(joined ?? words[i]!);
  }
  return out.join(" ");
}

/** "Cash \u0000ows", "ac\u0000vi\u0000es" (ligatures the PDF text layer lost as U+0000) → "Cash flows", "activities". */
function lostGlyphs(word: string): string {
  const parts = word.split("\u0000");
  for (const lig of ["fl", "fi", "ff", "ti"]) if (LIGATURE_WORDS.has(parts.join(lig).toLowerCase())) return parts.join(lig);
  return parts.join("fi");
}

/** A label as compared with the line-item vocabulary: lower-case, straight quotes, single spaces, no footnote marks, ligatures repaired. */
export function normalLabel(s: string): string {
  return repairLigatures(stripFootnotes(s).replace(/\s+/g, " ").replace(/[\p{L}\u0000]*\u0000[\p{L}\u0000]*/gu, lostGlyphs))
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
