/**
 * Which financial statement a page IS, if any: the statement's title in the page's first
 * lines and a high share of numeric tokens. A table of contents names several statements
 * (not one) and a note or MD&A page that mentions "the statements of cash flows" has the
 * words further down or too few numbers, so neither is classified.
 */
export type StatementKind = "income" | "balance" | "cash_flow" | "equity" | "comprehensive";

/** Matched against the page top with everything but letters removed ("Cash Flow s" → "cashflows"). */
const TITLES: Array<[StatementKind, RegExp]> = [
  ["cash_flow", /statements?of(?:consolidated)?cashflows?|cashflowsstatements?|cashflowstatements?|kassaflödesanalys|kassaflödesräkning/],
  ["balance", /balancesheets?|statements?of(?:consolidated)?financialposition|statements?of(?:consolidated)?financialcondition|balansräkning/],
  ["comprehensive", /statements?of(?:consolidated)?comprehensive(?:income|loss)|comprehensiveincomestatements?/],
  ["income", /statements?of(?:consolidated)?(?:operations|income|earnings|incomeloss)|incomestatements?|profitandloss(?:statement|account)|resultaträkning/],
  ["equity", /statements?of(?:changesin)?(?:consolidated)?(?:stockholders|shareholders|shareowners|share|stock)?(?:s)?equity|changesinequity/],
];

const NUMERIC = /^[($€£-]*\d[\d,.]*\)?%?$/;

/** Share of whitespace-separated tokens that are numbers (amounts, years, percentages). */
export function numberRatio(text: string): number {
  const tokens = text.split(/\s+/).filter((t) => t && t !== "$" && t !== "—" && t !== "-");
  if (tokens.length === 0) return 0;
  return tokens.filter((t) => NUMERIC.test(t)).length / tokens.length;
}

/** Letters-only squash of the first lines where a statement's title sits. */
function pageTop(text: string): string {
  const lines = text.split("\n").map((l) => l.trim()).filter(Boolean).slice(0, 10).join(" ");
  return lines.slice(0, 500).toLowerCase().replace(/[^a-zåäöéü]/g, "");
}

export function classifyStatementPage(text: string): { statement: StatementKind | null; numberRatio: number } {
  const ratio = numberRatio(text);
  const top = pageTop(text);
  const found = new Set<StatementKind>();
  for (const [kind, re] of TITLES) {
    const m = top.match(re);
    if (!m) continue;
    // "statements of comprehensive income" also contains "…income": keep the more specific one
    if (kind === "income" && found.has("comprehensive") && !/operations|earnings/.test(m[0])) {
      const rest = top.replace(/statements?of(?:consolidated)?comprehensive(?:income|loss)/g, "");
      if (!re.test(rest)) continue;
    }
    found.add(kind);
  }
  // an income statement titled "… of Income and Comprehensive Income" is the income statement
  if (found.has("income") && found.has("comprehensive") && found.size === 2 && /income(?:and|&)comprehensive/.test(top)) found.delete("comprehensive");
  if (found.size !== 1 || ratio < 0.15) return { statement: null, numberRatio: ratio };
  return { statement: [...found][0], numberRatio: ratio };
}

/** Rebuilds each page's text from its page-bounded chunks (offsets into the page text). */
export function pagesFromChunks(chunks: Array<{ pageStart: number; charStart: number; charEnd: number; text: string }>): Map<number, string> {
  const byPage = new Map<number, Array<{ charStart: number; text: string }>>();
  for (const c of chunks) {
    const list = byPage.get(c.pageStart) ?? [];
    list.push({ charStart: c.charStart, text: c.text });
    byPage.set(c.pageStart, list);
  }
  const pages = new Map<number, string>();
  for (const [page, list] of byPage) {
    let text = "";
    for (const c of list.sort((a, b) => a.charStart - b.charStart)) {
      if (c.charStart >= text.length) text += " ".repeat(c.charStart - text.length) + c.text;
      else if (c.charStart + c.text.length > text.length) text += c.text.slice(text.length - c.charStart);
    }
    pages.set(page, text);
  }
  return pages;
}
