/**
 * get_line_items: rows of the tables a filing prints, with every period column. Statement lines
 * (income statement, balance sheet, cash flow) and the rows of segment, geographic and operating
 * tables (backlog, stores, headcount, a company's own net-debt ratio), each with its scale,
 * currency, page, the row as printed and where it sits: the statement, or the table's title and
 * the headings above the row (so a segment's row reads as the segment's, never as the company's).
 *
 * An item is a concept of the catalog (its statement line items and row words) or a label in the
 * company's own words; a label matches a row when every stem of it is in the row's label, headings
 * or title. Rows naming the item in their own label come first, statement lines before table rows.
 */
import { formatAmount } from "@/lib/metrics/numbers";
import type { Queryable } from "@/lib/db";
import { listTableFindings, type TableFindingRow } from "@/lib/db/queries/evidence";
import { parsePrintedNumber } from "@/lib/metrics/printed-number";
import type { PartFacts } from "@/lib/extraction/findings/parts";
import { isRowLabel } from "@/lib/extraction/findings/row-labels";
import type { StatementFacts } from "@/lib/extraction/findings/statements";
import { isNewestPeriodWord, parsePeriod } from "@/lib/periods";
import { yearOfLabel } from "@/lib/periods/years";
import { conceptById, type Concept } from "../concepts/catalog";
import { findConcepts, type Token } from "../concepts/match";
import { partTokens } from "../concepts/part-names";
import { GENERIC_WORDS, PLAIN_LABEL_STEMS } from "../concepts/generic-words";
import type { SourceRegistry } from "../sources";
import { englishWords } from "@/lib/ingest/glyphs";
import { correctedWord, shortenedWord } from "@/lib/search/typos";
import { definedTerm, initialisms } from "./defined-terms";
import { namesAsHead } from "./head-noun";
import { resolvePeriods } from "./periods";
import { changeColumns, type ChangeColumn } from "./change-columns";
import { getPageText } from "@/lib/db/queries/pages";
import { isScopeError, registrantNote, resolveScope } from "./scope";

/** A label's or an item's words, a part's name read as its initials ("U.S." and "United States" are the "US" asked, never the "us" of "used"). */
const tokens = (text: string) => partTokens(text);

export interface LineItemsInput {
  company?: string;
  items: string[];
  periods?: string[];
  statement?: "income" | "balance" | "cash_flow";
  document?: string;
  limit?: number;
}

export interface LineItemColumn {
  period: string;
  periodEnd?: string;
  /** 12, 3, 6, 9; 0 for a balance at a date. */
  months: number;
  /** As printed. */
  printed?: string;
  /** In units (printed × scale); per-share and counts unscaled. */
  value: number | null;
}

export interface LineItemRow {
  /** The item asked for that this row answers. */
  item: string;
  /** "label": the row's label is the item (a part's row: names the part); "table": the label holds other words or only the table names it (check it is the figure asked). */
  match: "label" | "table";
  label: string;
  /** "statement": a line of a primary statement (the company total); "table": a row of another table. */
  source: "statement" | "table";
  statement?: string;
  /** For a table row: its title and the headings above it (segment, geography, group). */
  table?: { title: string; headings: string[] };
  /**
   * The heading the row sits under ("Revenue", "Cost of revenue", "Operating expenses", a segment):
   * what tells apart two rows of one label ("Subscription" under revenue and under cost of revenue).
   */
  section?: string;
  scale: number;
  currency?: string;
  /** "%": the row's cells are rates as printed ("12.3 %" → 12.3), not amounts. */
  unit?: "%";
  columns: LineItemColumn[];
  document: string;
  page: number;
  row: string;
  citation: string;
  inReview?: boolean;
  /** The fiscal year of the filing printing the row: where two filings disagree, the later restates. */
  filingYear?: number;
  /** An amount row whose table states no scale (read as printed, scale 1): the filing's statements say theirs, see the notes. */
  scaleUnstated?: true;
  /**
   * The change columns the table prints beside the row's amounts, when its headings say which is
   * the reported change and which the constant-currency one ("Actual / Constant", "As Reported /
   * FX-Neutral"), for each pair of periods.
   */
  changes?: ChangeColumn[];
  /** A table row of one part of the company (a segment, a geography, a product line), as its table places it: not the company's total. */
  part?: { scope: string; name?: string };
}

export interface LineItemsOutput {
  company?: string;
  rows: LineItemRow[];
  /** Items no row was found for. */
  notFound: string[];
  /** The periods the call's words were read as ("Q2" → "Q2 2024", "latest" → "FY2023"), when it gave any. */
  periods?: string[];
  notes: string[];
  /** Words of an item one letter away from the deal's own label word, read as that word ("materails" → "materials"). */
  respelled?: Record<string, string>;
  error?: string;
}

type StatementPayload = { metric: string; metricKey: string; valueNum: number | null; period?: string; periodEnd?: string; currency?: string; statement?: StatementFacts };
type PartPayload = { metric: string; currency?: string; part?: PartFacts; scope?: string; scopeName?: string };

/**
 * What an item asks for: a concept (by id, or a label that is only the concept's name), or a part
 * of one ("Greater China net sales", "iPhone revenue"): the concept's name in any of its wordings
 * plus scope words that the row's label, headings or title must all hold. A part is never answered
 * by a statement line: the statements print the company's totals.
 */
interface Want {
  item: string;
  concept?: Concept;
  stems: string[];
  /** Stems of the part's words, beyond the concept's name. */
  scope: string[];
  /** Every stem of the item as written: a row whose label is these words is the row asked, whatever concept they hold. */
  own: string[];
  /** Qualifiers the item puts before the concept ("current", "non-current", "deferred"): a row naming them is the one asked, a row without them is the whole. */
  qualifiers: string[];
}

/**
 * Words that qualify a balance as one part of it: the current or non-current portion, the deferred
 * part, the long- or short-term part. "Current" is also a word of time, so it is no scope word: it is
 * read here, apart, and a row without it is said to be the whole.
 */
const QUALIFIERS = new Set(["current", "noncurrent", "deferred", "longterm", "shortterm"]);

/** The qualifiers a text names, one word each ("Non-current" → noncurrent, "long-term" → longterm). */
export function qualifiersOf(text: string | undefined): string[] {
  const joined = (text ?? "").toLowerCase().replace(/\bnon[\s-]?current\b/g, "noncurrent").replace(/\blong[\s-]term\b/g, "longterm").replace(/\bshort[\s-]term\b/g, "shortterm");
  return [...new Set(joined.match(/\p{L}+/gu) ?? [])].filter((w) => QUALIFIERS.has(w));
}

/** Stems of "current" and "non-current": read as qualifiers, never as words a row's label must hold. */
const CURRENT_STEMS = new Set(["current", "non", "noncurrent"].map((w) => tokens(w)[0]!.stem));

/** Words that put the figure before what it is of ("revenue per store", "sales from stores"): the first concept is the figure. */
const OF_WORDS = new Set(["of", "per", "from", "by", "in", "for", "at", "across", "on", "to", "under", "with", "over", "as", "against", "vs", "versus"]);

/**
 * The concept an item asks: the last of its names, the head of an English noun phrase ("physical
 * stores revenue" is revenue of the part "physical stores"), unless a word like "of" or "per" puts
 * the figure first ("revenue per store", "sales of stores").
 */
function headHit<T extends { from: number; to: number }>(hits: T[], toks: Token[]): T | undefined {
  const last = hits.at(-1);
  if (hits.length < 2) return last;
  return toks.slice(hits[0]!.to, last!.from).some((t) => OF_WORDS.has(t.word)) ? hits[0] : last;
}

function wantOf(item: string): Want {
  const byId = conceptById(item.trim().toLowerCase().replace(/[\s-]+/g, "_"));
  if (byId) return { item, concept: byId, stems: tokens(byId.rowWords?.[0] ?? byId.terms[0]!).map((t) => t.stem), scope: [], own: [], qualifiers: [] };
  // (the item is what is asked: "us revenue" is the US part's, typed in any case)
  const toks = partTokens(item, { asked: true });
  const hit = headHit(findConcepts(item, toks), toks);
  if (!hit) return { item, stems: toks.map((t) => t.stem), scope: [], own: toks.map((t) => t.stem), qualifiers: [] };
  // (the item's own words less a "current" qualifying the concept from outside it: "current unearned revenue" is printed "Unearned revenue" under "Current liabilities")
  const own = toks.filter((t, i) => (i >= hit.from && i < hit.to) || !CURRENT_STEMS.has(t.stem)).map((t) => t.stem);
  const scope = toks.filter((_, i) => i < hit.from || i >= hit.to).map((t) => t.stem).filter((w) => !GENERIC_STEMS.has(w) && !CURRENT_STEMS.has(w));
  // (a qualifier inside the concept's own name, "total current assets", is the concept's)
  const named = new Set(qualifiersOf(item.slice(toks[hit.from]!.start, toks[hit.to - 1]!.end)));
  const qualifiers = qualifiersOf(item).filter((q) => !named.has(q));
  return { item, concept: hit.concept, stems: tokens(hit.concept.rowWords?.[0] ?? hit.concept.terms[0]!).map((t) => t.stem), scope, own, qualifiers };
}

/** The row's label names every qualifier asked, or the heading it sits under does ("Deferred revenue" under "Current liabilities"). */
export function namesQualifiers(row: Pick<LineItemRow, "label" | "source" | "section" | "table">, qualifiers: string[]): boolean {
  if (!qualifiers.length) return true;
  const heading = row.source === "statement" ? row.section : row.table?.headings.filter((h) => !/^total\b/i.test(h)).at(-1);
  const have = new Set([...qualifiersOf(row.label), ...qualifiersOf(heading)]);
  return qualifiers.every((q) => have.has(q));
}

/** The stems in a row in the label ("Payments for dividends" in "Payments for dividends and dividend equivalents"). */
function inARow(label: string, stems: string[]): boolean {
  return stems.length > 0 && ` ${tokens(label).map((t) => t.stem).join(" ")} `.includes(` ${stems.join(" ")} `);
}

/** The label is the item's own words and nothing else (plain words aside): the row the item prints. */
function isExactLabel(label: string, w: Want): boolean {
  const plain = (xs: string[]) => new Set(xs.filter((x) => !PLAIN_LABEL_STEMS.has(x)));
  const want = plain(w.own);
  const have = plain(tokens(label).map((t) => t.stem));
  return want.size > 0 && want.size === have.size && [...want].every((x) => have.has(x));
}

/** A label that is only the qualifiers asked ("Current", "Non-current") under a table of the concept: the row asked. */
function onlyQualifiers(label: string, qualifiers: string[]): boolean {
  const rest = label.toLowerCase().replace(/\bnon[\s-]?current\b/g, "").replace(/\blong[\s-]term\b/g, "").replace(/\bshort[\s-]term\b/g, "");
  const left = tokens(rest).map((t) => t.stem).filter((x) => !PLAIN_LABEL_STEMS.has(x) && !QUALIFIERS.has(x) && x !== "portion");
  return qualifiers.length > 0 && !left.length && qualifiersOf(label).length > 0;
}

const GENERIC_STEMS = new Set([...GENERIC_WORDS].map((w) => tokens(w)[0]?.stem ?? w));

/**
 * Every stem of some wording of the concept is in the row's words, and one of the row's texts (its
 * label, headings, title) names the wording's last word as its head: "employees" is in "Employees (in
 * thousands)" and "Number of employees", not in "Proceeds from employee stock plans".
 */
function namesConcept(w: Want, all: Set<string>, texts: ReadonlyArray<string | undefined>): boolean {
  const wordings = w.concept ? [...(w.concept.rowWords ?? []), ...w.concept.terms].map((t) => tokens(t).map((x) => x.stem)) : [w.stems];
  return wordings.some((ws) => ws.length > 0 && ws.every((s) => all.has(s)) && namesAsHead(texts, ws));
}

const baseKey = (k: string) => k.replace(/#\d+$/, "");

/**
 * How well a row's label names what is asked: 3 the label is the item and nothing else (plain words
 * aside), 2 the item's words in a row in the label, 1 all of them somewhere in it, 0 none (only the
 * table names it). A part's label must name the part first.
 */
function conceptInLabel(have: string[], w: Want): boolean {
  const wordings = w.concept ? [...(w.concept.rowWords ?? []), ...w.concept.terms].map((t) => tokens(t).map((x) => x.stem)) : [w.stems];
  return wordings.some((ws) => ws.length > 0 && ws.every((s) => have.includes(s)));
}

function relevance(label: string, w: Want): number {
  const have = tokens(label).map((t) => t.stem);
  // a part: its name in the label first (2), with the concept's words too (3)
  if (w.scope.length) return !w.scope.every((s) => have.includes(s)) ? 0 : conceptInLabel(have, w) ? 3 : 2;
  const wordings = w.concept ? [...(w.concept.rowWords ?? []), ...w.concept.terms].map((t) => tokens(t).map((x) => x.stem)) : [w.stems];
  let best = 0;
  for (const ws of wordings) {
    if (!ws.length || !ws.every((s) => have.includes(s))) continue;
    // (a rate asked: "Gross margin percentage" is the gross margin and nothing else)
    const extra = have.filter((s) => !ws.includes(s) && !w.scope.includes(s) && !PLAIN_LABEL_STEMS.has(s) && !(w.concept?.kind === "percent" && RATE_STEMS.has(s)));
    const contiguous = have.join(" ").includes(ws.join(" "));
    best = Math.max(best, extra.length === 0 ? 3 : contiguous ? 2 : 1);
  }
  return best;
}
/** Words naming a figure as a rate ("percentage", "rate", "%"). */
const RATE_STEMS = new Set(["percentage", "percent", "rate", "ratio"].map((w) => tokens(w)[0]!.stem));
const stemSet = (...texts: string[]) => new Set(texts.flatMap((t) => tokens(t).map((x) => x.stem)));

/** Words a caption describes its table with ("selected data", "Selected Financial Data", "Supplemental Information"): no figure's name. */
const DESCRIBING = /\b(?:(?:selected|supplement(?:al|ary)|quarterly|key|other|certain|financial|consolidated)\s+)+(?:data|information|highlights|summary)\b/gi;

/** The business outside the company's home market, as a question words it ("outside (of) the US", "non-U.S."). */
export const ABROAD = /\b(?:outside(?:\s+of)?(?:\s+the)?\s+(?:us|u\.s\.?|united states)|non-u\.?s\.?)(?![\p{L}])/iu;

/** Scopes of a table row that make it one part's figure, never the company's. */
const PART_SCOPES = new Set(["segment", "geography", "programme"]);

/** The measure's basis a text names: the GAAP figure, or a non-GAAP one (adjusted, core, pro forma). */
function basisOf(text: string): "gaap" | "non-gaap" | undefined {
  if (/\bnon[- ]?gaap\b|\badjusted\b|\bcore\b|\bpro[- ]forma\b/i.test(text)) return "non-gaap";
  return /\bgaap\b/i.test(text) ? "gaap" : undefined;
}

/** The item asks one basis and the row states the other; a row stating none is either. */
function otherBasis(item: string, rowText: string): boolean {
  const asked = basisOf(item);
  const row = basisOf(rowText);
  return !!asked && !!row && asked !== row;
}

/** Statement findings → one row per printed line (every period column together). */
function statementRows(found: TableFindingRow[]): Map<string, { rows: TableFindingRow[]; p: StatementPayload }> {
  const out = new Map<string, { rows: TableFindingRow[]; p: StatementPayload }>();
  for (const r of found) {
    if (!r.candidate_key.startsWith("statement:")) continue;
    const p = r.payload as StatementPayload;
    const key = `${r.document_id}|${r.page}|${p.statement?.row ?? p.metric}`;
    const g = out.get(key) ?? { rows: [], p };
    g.rows.push(r);
    out.set(key, g);
  }
  return out;
}

function fromStatement(item: string, g: { rows: TableFindingRow[]; p: StatementPayload }): LineItemRow {
  const first = g.rows[0]!;
  const columns = g.rows
    .map((r) => r.payload as StatementPayload)
    .map((p) => ({ period: p.period ?? "", ...(p.periodEnd ? { periodEnd: p.periodEnd } : {}), months: p.statement?.months ?? 12, value: p.valueNum }))
    .sort((a, b) => (b.periodEnd ?? "").localeCompare(a.periodEnd ?? ""));
  return {
    item,
    match: "label",
    label: g.p.metric,
    source: "statement",
    // (a combined filing prints one statement per registrant: the title says whose)
    statement: g.p.statement?.entity ? `${g.p.statement.title} — ${g.p.statement.entity}` : g.p.statement?.title,
    ...(g.p.statement?.section ? { section: g.p.statement.section } : {}),
    scale: g.p.statement?.scale ?? 1,
    ...(g.p.currency ? { currency: g.p.currency } : {}),
    columns,
    document: first.filename,
    page: first.page,
    row: g.p.statement?.row ?? g.p.metric,
    citation: `(source: ${first.filename}, p.${first.page})`,
    ...(g.rows.some((r) => r.status === "review") ? { inReview: true } : {}),
  };
}

/** A printed cell in units: read by the one number parser; a percent ("12.3 %") is its own unit and never scaled. */
function cellValue(printed: string, scale: number): { value: number | null; percent: boolean } {
  const n = parsePrintedNumber(printed.replace(/^\$\s*/, "").replace(/(\d)\s+%/, "$1%").replace(/(\d)\s+\)/, "$1)"));
  if (!n || n.value === null) return { value: null, percent: false };
  return { value: n.percent ? n.value : n.value * scale, percent: n.percent };
}

/**
 * A block headed as rates ("Year-over-year Percentage Growth", "Net sales mix", "Percent of total
 * revenue") prints percentages without the "%" sign: its rows are rates, never amounts in the
 * table's scale.
 */
const RATE_HEADING = /\bpercent(?:age)?s?\b|%|\bmix\b/i;

/** "Less: Current portion of term debt (11,128)": the row deducts the item, whose amount is 11,128. */
const DEDUCTED = /^less\b\s*:?\s*/i;

/** A table row's nearest heading: its group or section, else a short table title, else the total that names its block ("Total revenue": revenue). */
function sectionOfPart(part: PartFacts): string | undefined {
  const heading = part.context.filter((c) => !/^total\b/i.test(c)).at(-1);
  const title = part.title.split(" — ").at(-1)?.replace(/\s*:\s*$/, "").trim();
  const measure = part.context.find((c) => /^total\b/i.test(c))?.replace(/^total\s+/i, "");
  return heading ?? (title && title.length <= 60 ? title : measure ? measure[0]!.toUpperCase() + measure.slice(1) : undefined);
}

/**
 * How well the headings a row sits under fit the concept asked: its own section names it (2), only
 * the table's title or other headings do (1), none names a concept (0), or they name another one
 * (-1: a "Subscription" row under "Cost of revenue" for revenue).
 */
/** A footnote's table under a statement ("(2) Amounts include stock-based compensation expense, as follows"): a component, never the line. */
const FOOTNOTE_SECTION = /^\(\d{1,2}\)\s|\bas follows\b/i;

/** A row of a footnote's table ("(2) Amounts include …", a table titled "(1) Amounts related to …"): a component of a line, never the line. */
export function inFootnote(row: Pick<LineItemRow, "section" | "table">): boolean {
  return (!!row.section && FOOTNOTE_SECTION.test(row.section)) || /^\(\d{1,2}\)\s/.test(row.table?.title ?? "");
}

function sectionFit(row: LineItemRow, w: Want): number {
  if (!w.concept) return 0;
  if (row.section && FOOTNOTE_SECTION.test(row.section)) return -2;
  const named = (t?: string) => (t ? findConcepts(t).map((h) => h.concept.id) : []);
  const own = named(row.section);
  if (own.length) return own.includes(w.concept.id) ? 2 : -1;
  const rest = [...(row.table?.headings ?? []), row.table?.title].flatMap(named);
  return rest.includes(w.concept.id) ? 1 : rest.length ? -1 : 0;
}

/** A per-share amount ("Diluted earnings per share", "Diluted" under "Earnings per share:"): printed in units, whatever the table's "in millions". */
const PER_SHARE = /\bper (?:diluted |basic )?(?:common |ordinary )?share\b|\bEPS\b|\bearnings per\b/i;

/** A row of a per-share amount, by its label or the heading it sits under; a row of shares under that heading counts shares. */
export function isPerShareRow(label: string, heading = ""): boolean {
  return PER_SHARE.test(label) || (PER_SHARE.test(heading) && !/\bshares\b/i.test(label));
}

function fromPart(item: string, r: TableFindingRow, part: PartFacts, currency?: string): LineItemRow {
  const deducted = DEDUCTED.test(part.label);
  if (isPerShareRow(part.label, part.context.at(-1)) && part.scale > 1) part = { ...part, scale: 1 };
  // …and prints figures a rate can be (an amount column under a "% Change" header is still amounts)
  const rateBlock = RATE_HEADING.test(part.context.at(-1) ?? "") && !/\$/.test(part.row) && part.columns.every((c) => Math.abs(cellValue(c.value, 1).value ?? 0) < 1000);
  // a column whose quarter the table did not name ("Q? 2023", read before the extractor left them out) is no period
  const cells = part.columns.filter((c) => !c.period.includes("?")).map((c) => {
    const v = cellValue(c.value, rateBlock ? 1 : part.scale);
    return { c, ...v, value: deducted && v.value !== null && v.value < 0 ? -v.value : v.value };
  });
  const percent = cells.length > 0 && (rateBlock || cells.every((x) => x.percent || x.value === null));
  return {
    item,
    match: "table",
    label: deducted ? part.label.replace(DEDUCTED, "") : part.label,
    source: "table",
    table: { title: part.title, headings: part.context },
    ...(sectionOfPart(part) ? { section: sectionOfPart(part) } : {}),
    scale: percent ? 1 : part.scale,
    ...(percent ? { unit: "%" as const } : currency ? { currency } : {}),
    ...(!percent && currency && part.scale === 1 && !part.scaleWord ? { scaleUnstated: true as const } : {}),
    columns: cells.map(({ c, value }) => ({ period: c.period, ...(c.periodEnd ? { periodEnd: c.periodEnd } : {}), months: c.months, printed: c.value, value })),
    document: r.filename,
    page: r.page,
    row: part.row,
    citation: `(source: ${r.filename}, p.${r.page})`,
  };
}

/**
 * The row with only the columns of the periods asked. `ends`: the last day each period label has in
 * the deal's own columns ("Q2 2024" → 2023-07-31 at a January year end), so a balance printed at that
 * date ("July 31, 2023": a headcount, a backlog) is the quarter's.
 */
export function inPeriods(row: LineItemRow, asked: string[], ends?: ReadonlyMap<string, ReadonlySet<string>>): LineItemRow | undefined {
  if (!asked.length) return row;
  const labels = asked;
  const fits = (c: LineItemColumn, among: string[]) =>
    among.some((l) => {
      const a = parsePeriod(l);
      const b = parsePeriod(c.period);
      if (a?.kind === "FY") return b?.kind === "FY" && a.year === b.year && (c.months === 12 || c.months === 0);
      return c.period === l || (!!a?.end && c.periodEnd === a.end) || (c.months === 0 && !!c.periodEnd && !!ends?.get(l)?.has(c.periodEnd));
    });
  // (a row without the period asked is no row for it, whatever year-ago column it prints)
  if (!row.columns.some((c) => fits(c, asked))) return undefined;
  return { ...row, columns: row.columns.filter((c) => fits(c, labels)) };
}

/** The row with only its newest column, when that column ends after every period asked (a quarter after the latest year). */
export function newerThan(row: LineItemRow, asked: string[]): LineItemRow | undefined {
  const askedEnd = asked.map((l) => parsePeriod(l)?.end ?? "").sort().at(-1) ?? "";
  const newest = row.columns.filter((c) => c.value !== null && !!c.periodEnd).sort((a, b) => b.periodEnd!.localeCompare(a.periodEnd!))[0];
  return newest && askedEnd && newest.periodEnd! > askedEnd ? { ...row, columns: [newest] } : undefined;
}

/**
 * Balances (columns at a date) printed at a later date than the periods asked, at the latest such
 * date only: each row with just that column. Empty when no row prints a balance after them.
 */
export function newestBalances(rows: LineItemRow[], asked: string[]): LineItemRow[] {
  // (the day the periods asked end as the rows print it: a January year's FY2023 ends 2023-01-28, not in December)
  const printedEnd = rows.flatMap((r) => r.columns.filter((c) => asked.includes(c.period) && !!c.periodEnd).map((c) => c.periodEnd!)).sort().at(-1);
  const later = rows.flatMap((r) => {
    const newest = r.columns.filter((c) => c.value !== null && c.months === 0 && !!c.periodEnd).sort((a, b) => b.periodEnd!.localeCompare(a.periodEnd!))[0];
    if (printedEnd) return newest && newest.periodEnd! > printedEnd ? [{ ...r, columns: [newest] }] : [];
    const n = newerThan(r, asked);
    return n && n.columns[0]!.months === 0 ? [n] : [];
  });
  const last = later.map((r) => r.columns[0]!.periodEnd!).sort().at(-1);
  return later.filter((r) => r.columns[0]!.periodEnd === last);
}

/** Rows for one wanted item: statement lines of its line items, then table rows naming its words. */
function rowsFor(w: Want, statements: ReturnType<typeof statementRows>, found: TableFindingRow[], statement?: string): LineItemRow[] {
  const out: LineItemRow[] = [];
  // where each row is printed (its row on the page), to keep rows otherwise alike in the page's order
  const printedAt = new Map<LineItemRow, number>();
  const keys = new Set(w.scope.length ? [] : (w.concept?.lineItems ?? []));
  for (const g of statements.values()) {
    if (statement && g.p.statement?.kind !== statement) continue;
    if (!isRowLabel(g.p.metric)) continue;
    const own = stemSet(g.p.metric);
    // the item as the statement prints it ("Merchandise inventories", "Payments for dividends"): that line, even when its
    // words read as a concept and a part (a part is otherwise never a statement line: the statements print the company's totals)
    // (a concept's plain name, "revenue", is never every line holding the word: only a line printing just those words)
    // (a footnote's component under the statement, "(2) Amounts include …", is no line of it)
    const exact = isExactLabel(g.p.metric, w) && !FOOTNOTE_SECTION.test(g.p.statement?.section ?? "");
    const printed = exact || (w.scope.length > 0 && inARow(g.p.metric, w.own) && namesAsHead([g.p.metric], w.own));
    if (w.scope.length && !printed) continue;
    if (printed || keys.has(baseKey(g.p.metricKey) as never) || (!keys.size && w.stems.every((s) => own.has(s)) && namesAsHead([g.p.metric], w.stems))) {
      const row = fromStatement(w.item, g);
      printedAt.set(row, g.p.statement?.rowIndex ?? 0);
      out.push(row);
    }
  }
  const seen = new Set<string>();
  // (a statement asked: its lines only)
  for (const r of statement ? [] : found) {
    if (!r.candidate_key.startsWith("part:")) continue;
    const p = r.payload as PartPayload;
    const part = p.part;
    // rows read off a chart or that lost their label ("2016 2017 2018" under "$0.4") are no line items
    // one printed row may hold a row of each of two tables printed side by side: a row is its table's
    // (…and a table printed across, "As of <date> $ current $ noncurrent $ total", reads one row per column label: each is its own)
    const key = `${r.document_id}|${r.page}|${part?.row}|${part?.title}|${part?.label}`;
    if (!part || seen.has(key) || !isRowLabel(part.label) || part.columns.every((c) => c.period.includes("?"))) continue;
    // (a title's words describing the table, "selected data", "Supplemental Information", name no figure of it)
    const title = part.title.replace(DESCRIBING, " ");
    const all = stemSet(part.label, title, ...part.context);
    if (!namesConcept(w, all, [part.label, title, ...part.context]) || !w.scope.every((s) => all.has(s))) continue;
    // "GAAP operating margin" is never a row of the non-GAAP measure, nor "adjusted EPS" a row the filing calls GAAP
    if (otherBasis(w.item, [part.label, part.title, ...part.context].join(" "))) continue;
    const row = fromPart(w.item, r, part, p.currency);
    // (a total's own row, "Total capital expenditures", "Consolidated operating income", is no part whatever its table is)
    if (p.scope && PART_SCOPES.has(p.scope) && !/^(?:total|consolidated)\b/i.test(part.label)) row.part = { scope: p.scope, ...(p.scopeName ? { name: p.scopeName } : {}) };
    // a row whose own heading names another measure ("Long-lived assets:"), linked to the item only by the table's title, is no row of it
    if (sectionFit(row, w) < 0 && !namesConcept(w, stemSet(part.label, ...part.context), [part.label, ...part.context])) continue;
    seen.add(key);
    printedAt.set(row, part.rowIndex);
    out.push(row);
  }
  // the item named by the row's own label first (the label and nothing else before a label holding more), statement lines before table rows
  // …and, among table rows of one label, the row under the concept's own heading first ("Subscription" under "Revenue" before "Cost of revenue")
  // (rows otherwise alike in the order the page prints them)
  // a table row reads with the heading it sits under: "StubHub" under "Net transaction revenues" is StubHub's net transaction revenues
  const ownHeading = (x: LineItemRow) => (x.source === "table" ? x.table?.headings.filter((h) => !/^total\b/i.test(h)).at(-1) : undefined);
  const own = w.scope.length ? 2 : 3;
  // (the company's figure asked, "Total net sales": a segment's or a region's row of that label is no label match)
  const fitOf = (x: LineItemRow) => {
    const fit = Math.max(relevance(x.label, w), (w.scope.length || !w.concept) && ownHeading(x) ? relevance(`${ownHeading(x)} ${x.label}`, w) : 0);
    return !w.scope.length && w.concept && x.part ? Math.min(fit, own - 1) : fit;
  };
  // (a row its own label names before one named with its heading)
  // (a qualifier asked, "current …": the rows naming it first; a row only of it, "Current" in the concept's table, is the item's row)
  const ranked = out.map((x) => {
    const q = namesQualifiers(x, w.qualifiers);
    return { x, q: Number(q), exact: Number(isExactLabel(x.label, w)), r: q && onlyQualifiers(x.label, w.qualifiers) ? own : fitOf(x), own: relevance(x.label, w), fit: sectionFit(x, w), at: [x.document, x.page, printedAt.get(x) ?? 0] as const };
  });
  const printedOrder = (a: (typeof ranked)[number], b: (typeof ranked)[number]) => a.at[0].localeCompare(b.at[0]) || a.at[1] - b.at[1] || a.at[2] - b.at[2];
  // (an amount asked: a row of rates, a mix or a change in %, after the rows of amounts)
  const rateFor = (x: LineItemRow) => Number(w.concept?.kind === "amount" && x.unit === "%");
  // (a rate asked: the rows printing rates before the amounts of the same words, "Gross margin percentage 40.1%" before "Gross margin $ 93,626")
  const amountFor = (x: (typeof ranked)[number]) => Number(w.concept?.kind === "percent" && x.x.unit !== "%");
  // (…and the row printing the item's own words first: "Merchandise inventories" asked is that line)
  ranked.sort((a, b) => b.q - a.q || b.exact - a.exact || b.r - a.r || amountFor(a) - amountFor(b) || b.own - a.own || Number(a.x.source === "table") - Number(b.x.source === "table") || rateFor(a.x) - rateFor(b.x) || b.fit - a.fit || a.x.label.length - b.x.label.length || printedOrder(a, b));
  // (a row without the qualifier asked is the whole, never the item's own row)
  return ranked.map(({ x, r, q }) => ({ ...x, match: q && (x.source === "statement" || r >= own) ? "label" : "table" }));
}

export async function runLineItems(deps: { db: Queryable; dealId: string; sources: SourceRegistry }, input: LineItemsInput): Promise<LineItemsOutput> {
  const scope = await resolveScope(deps.db, deps.dealId, { company: input.company, document: input.document });
  if (isScopeError(scope)) return { rows: [], notFound: input.items, notes: [`The deal holds: ${scope.companies.join("; ")}.`], error: scope.error };
  const periods = resolvePeriods(input.periods, scope.documents);
  const found = await listTableFindings({ db: deps.db, dealId: deps.dealId, documentIds: scope.documents.map((d) => d.id), prefixes: ["statement:", "part:"] });
  const statements = statementRows(found);
  const limit = input.limit ?? 8;
  const rows: LineItemRow[] = [];
  const notFound: string[] = [];
  const shown = new Set<string>();
  const labelled = new Set<string>();
  const typos: string[] = [];
  const respelledWords: Record<string, string> = {};
  let vocabulary: Set<string> | undefined;
  let plainWords: Set<string> | undefined;
  let initials: Map<string, string> | undefined;
  let ends: Map<string, Set<string>> | undefined;
  const sameRows: string[] = [];
  const qualifierNotes: string[] = [];
  // "latest", "now": a row a newer report prints by quarter (a release's "Active buyers" after the 10-K's year) gives its newest column
  const nowAsked = (input.periods ?? []).some((p) => isNewestPeriodWord(p.trim()));
  for (const item of input.items) {
    ends ??= periodEnds(found);
    const rowsOf = (x: string) => {
      const all = rowsFor(wantOf(x), statements, found, input.statement);
      // "inventory now": a balance a newer report prints at a later date (a 10-Q's after the 10-K's year end) is the balance now
      const later = nowAsked ? newestBalances(all, periods.labels) : [];
      return later.length ? later : all.flatMap((r) => inPeriods(r, periods.labels, ends) ?? (nowAsked ? newerThan(r, periods.labels) : undefined) ?? []);
    };
    let hits = rowsOf(item);
    // "dcg net revenue": initials of a part the deal's labels spell out ("Data Center Group") are that part,
    // before rows that only print the initials in a longer label ("DCG platform", a line of the part)
    // (only where a row found prints a word of the item in capitals: the deal's initials are read over every
    // label, too slow to read for each item of each call)
    const inCapitals = printedInCapitals(item, hits);
    const spelled = inCapitals ? spelledInitials(item, (plainWords ??= labelVocabulary(found, { plainOnly: true })), (initials ??= labelInitials(found, scope.company))) : undefined;
    if (spelled) {
      const whole = rowsOf(spelled.text).map((r) => ({ ...r, item }));
      if (whole.length) {
        hits = [...whole, ...hits.filter((h) => !whole.some((w) => w.document === h.document && w.page === h.page && w.row === h.row))];
        typos.push(`Read "${spelled.from}" as "${spelled.to}", the documents' name for it.`);
        respelledWords[spelled.from.toLowerCase()] = spelled.to;
      }
    }
    // "specialty materails": a word one letter away from the deal's own label word is that word;
    // "dcai": the initials of the deal's own label ("Data Center and AI")
    if (!hits.length) {
      vocabulary ??= labelVocabulary(found);
      initials ??= labelInitials(found, scope.company);
      const fixed = await respelled(item, vocabulary, initials);
      if (fixed.text !== item) {
        // (each row still answers the item as asked: a formula names its operands so)
        hits = rowsOf(fixed.text).map((r) => ({ ...r, item }));
        if (hits.length) {
          typos.push(...fixed.changes.map(([from, to]) => `Read "${from}" as "${to}", the documents' word.`));
          for (const [from, to] of fixed.changes) respelledWords[from.toLowerCase()] = to;
        }
      }
    }
    // "NEX revenue": an abbreviation the filings define ("Network and Edge (NEX)")
    if (!hits.length) {
      const defined = await definedWords(deps, scope.documents.map((d) => d.id), item, scope.company);
      if (defined) {
        hits = rowsOf(defined.text).map((r) => ({ ...r, item }));
        if (hits.length) {
          typos.push(`Read "${defined.from}" as "${defined.to}", as the documents define it.`);
          respelledWords[defined.from.toLowerCase()] = defined.to;
        }
      }
    }
    // "gmv outside the us": filings label the business abroad as their International part; rows only
    // (sentences keep the analyst's words: "51 percent was generated outside the U.S.")
    if (!hits.length && ABROAD.test(item)) {
      hits = rowsOf(item.replace(ABROAD, "international")).map((r) => ({ ...r, item }));
      if (hits.length) {
        typos.push(`Read "${ABROAD.exec(item)![0]}" as "International", the part the documents name.`);
        respelledWords[ABROAD.exec(item)![0].toLowerCase()] = "International";
      }
    }
    if (!hits.length) notFound.push(item);
    // a qualifier asked that no row returned names: the rows are the whole (or another part), said so, never passed off as the part
    const asked = wantOf(item).qualifiers;
    if (hits.length && asked.length && !namesQualifiers(hits[0]!, asked)) {
      qualifierNotes.push(`No row found for "${item}" names "${asked.join('", "')}" in its label or heading: the rows given (match "table") do not carry it: "${hits[0]!.label}" is the figure as a whole (a total, or another part), not its ${asked.join(" ")} part. Search the notes (search_documents) for the ${asked.join(" ")} portion before answering with it.`);
    }
    // a row two items both name is returned once
    const keyOf = (r: LineItemRow) => `${r.document}|${r.page}|${r.row}|${r.table?.title ?? ""}|${r.label}`;
    // (…unless this item's own label match is a row another item only returned as a table match: "Noncurrent" after "current …")
    const fresh = hits.filter((r) => !shown.has(keyOf(r)) || (r.match === "label" && !labelled.has(keyOf(r))));
    for (const r of fresh) {
      const at = rows.findIndex((x) => keyOf(x) === keyOf(r) && x.match !== "label");
      if (at >= 0) rows.splice(at, 1);
    }
    // (an item whose rows another item already returned is said so, not left out unnamed)
    if (hits.length && !fresh.length) sameRows.push(`"${item}" is answered by the rows above returned for ${JSON.stringify(rows.find((r) => shown.has(keyOf(r)) && hits.some((h) => keyOf(h) === keyOf(r)))?.item ?? "another item")}.`);
    for (const r of fresh.slice(0, limit)) {
      shown.add(keyOf(r));
      if (r.match === "label") labelled.add(keyOf(r));
    }
    rows.push(...fresh.slice(0, limit));
  }
  const pages = new Map<string, Promise<string | null>>();
  for (const r of rows) {
    const documentId = found.find((f) => f.filename === r.document)!.document_id;
    deps.sources.add({ documentId, document: r.document, page: r.page, excerpt: r.row });
    // percentages printed between a row's amounts: its change columns, as the page's headings name them
    if (r.unit !== "%" && /%/.test(r.row)) {
      const key = `${documentId}|${r.page}`;
      if (!pages.has(key)) pages.set(key, getPageText({ db: deps.db, documentId, page: r.page }));
      const text = await pages.get(key)!;
      const changes = text ? changeColumns(text, r.row, r.columns) : [];
      if (changes.length) r.changes = changes;
    }
    const year = scope.documents.find((d) => d.filename === r.document)?.fiscalYear;
    if (year) r.filingYear = year;
  }
  // a year after its filing's own is a schedule ("debt due in 2023" in a 2018 10-K): a newer filing still before that year supersedes it
  const filed = scope.documents.map((d) => d.fiscalYear ?? 0).filter((y) => y > 0);
  const stale = (r: LineItemRow, period: string) => {
    const y = yearOfLabel(period);
    return !!r.filingYear && y > r.filingYear && filed.some((f) => f > r.filingYear! && f < y);
  };
  const superseded = rows.filter((r) => r.columns.some((c) => stale(r, c.period)));
  for (const r of superseded) r.columns = r.columns.filter((c) => !stale(r, c.period));
  const scheduled = superseded.length ? [`Columns for years after their own filing's that a newer filing in the room also precedes are left out (${[...new Set(superseded.map((r) => r.document))].join(", ")}): a newer filing's schedule supersedes them.`] : [];
  rows.splice(0, rows.length, ...rows.filter((r) => r.columns.length > 0));
  const read = periodsAnswered(input.periods ?? [], rows, periods);
  return {
    ...(scope.company ? { company: scope.company } : {}),
    rows,
    notFound,
    ...(input.periods?.length ? { periods: read.labels } : {}),
    notes: [...registrantNote(scope), ...read.notes, ...unstatedScale(rows), ...(periods.unread.length ? [`Periods not read: ${periods.unread.join(", ")}.`] : []), ...restatements(rows, scope.documents), ...scheduled, ...typos, ...qualifierNotes, ...sameRows],
    ...(Object.keys(respelledWords).length ? { respelled: respelledWords } : {}),
  };
}

/**
 * The periods the rows answer, as the output states them: "latest" answered by a newer report's
 * column (a 10-Q's balance after the 10-K's year) is that column's period, said so, not the fiscal
 * year "latest" was first read as.
 */
export function periodsAnswered(asked: string[], rows: LineItemRow[], periods: { labels: string[]; notes: string[] }): { labels: string[]; notes: string[] } {
  const now = asked.find((p) => isNewestPeriodWord(p.trim()));
  const newer = now ? [...new Set(rows.flatMap((r) => r.columns.map((c) => c.period)))].filter((p) => !periods.labels.includes(p)) : [];
  if (!newer.length) return periods;
  return { labels: newer, notes: [...periods.notes.filter((n) => !n.startsWith(`"${now}" read as`)), `"${now}" read as ${newer.join(", ")}: the newest period the documents print these rows for, after ${periods.labels.join(", ")}.`] };
}

/**
 * Amount rows of a table that states no scale of its own: said, with the scale the same filing's
 * statements state, so a figure is never silently read in units when the filing prints millions.
 */
function unstatedScale(rows: LineItemRow[]): string[] {
  const out: string[] = [];
  for (const doc of new Set(rows.filter((r) => r.scaleUnstated).map((r) => r.document))) {
    const stated = rows.find((r) => r.document === doc && r.source === "statement" && r.scale > 1)?.scale;
    const word = stated === 1e9 ? "billions" : stated === 1e6 ? "millions" : stated === 1e3 ? "thousands" : undefined;
    out.push(`Rows of ${doc} marked scaleUnstated print amounts whose table states no scale; they are given as printed (scale 1)${word ? `, while the filing's statements are in ${word}: check the page before using them` : ": check the page before using them"}.`);
  }
  return out;
}

/** The last days the deal's own columns give each period label ("Q2 2024" → 2023-07-31). */
function periodEnds(found: TableFindingRow[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const r of found) {
    const p = r.payload as { period?: string; periodEnd?: string };
    if (p.period && p.periodEnd) out.set(p.period, (out.get(p.period) ?? new Set()).add(p.periodEnd));
  }
  return out;
}

/** The words of the deal's row labels, table titles and headings, lower case. */
function labelVocabulary(found: TableFindingRow[], { plainOnly = false } = {}): Set<string> {
  const out = new Set<string>();
  for (const r of found) {
    const p = r.payload as PartPayload & StatementPayload;
    const texts = [p.metric, p.part?.label, p.part?.title, ...(p.part?.context ?? [])];
    // (plainOnly: words printed as words, not initials in capitals: "Net", "total", not "DCG")
    for (const t of texts) for (const w of (t ?? "").match(/\p{L}+/gu) ?? []) if (!plainOnly || !/^\p{Lu}{2,}$/u.test(w)) out.add(w.toLowerCase());
  }
  return out;
}


/**
 * The initials of the deal's label words, each to the words it abbreviates ("dcai" → "data center
 * and ai", "nex" → "network and edge"): runs of two to five words of a row label, title or heading,
 * initials of three letters or more, also with the company's initial before them ("bgs" → "global
 * services" at Boeing); an initialism two runs share is left out (no guess between two).
 */
export function labelInitials(found: TableFindingRow[], company?: string): Map<string, string> {
  const out = new Map<string, string>();
  const shared = new Set<string>();
  // a part is often abbreviated with the company's initial first ("Global Services" of Boeing → BGS)
  const own = /\p{L}/u.exec((company ?? "").replace(/^\s*the\s+/i, ""))?.[0]?.toLowerCase();
  const add = (key: string, phrase: string) => {
    if (key.length < 3 || key.length > 5) return;
    if (out.has(key) && out.get(key) !== phrase) shared.add(key);
    else out.set(key, phrase);
  };
  for (const r of found) {
    const p = r.payload as PartPayload & StatementPayload;
    for (const text of [p.metric, p.part?.label, p.part?.title, ...(p.part?.context ?? [])]) {
      for (const { key, phrase } of initialisms(text ?? "")) {
        add(key, phrase);
        if (own && !key.startsWith(own)) add(own + key, phrase);
      }
    }
  }
  for (const k of shared) out.delete(k);
  return out;
}

/** The item with its first upper-case abbreviation the documents define spelled out ("NEX revenue" → "network and edge revenue"). */
async function definedWords(deps: { db: Queryable; dealId: string }, documentIds: string[], item: string, company?: string): Promise<{ text: string; from: string; to: string } | undefined> {
  // (typed in capitals, or in lower case when no English word: "bds")
  const english = await englishWords();
  const words = (item.match(/(?<![\p{L}\p{N}])[\p{L}][\p{L}\p{N}&]{1,5}(?![\p{L}\p{N}])/gu) ?? []).filter((w) => /^[A-Z0-9&]+$/.test(w) || (/^[a-z]{2,5}$/.test(w) && !english.has(w)));
  for (const w of words) {
    const to = await definedTerm(deps.db, deps.dealId, documentIds, w.toUpperCase(), company);
    if (to) return { text: item.replace(w, to), from: w, to };
  }
  return undefined;
}

/** A word of three to five letters, as initials are typed or printed. */
const INITIALS_WORD = /(?<![\p{L}\p{N}])\p{L}{3,5}(?![\p{L}\p{N}])/gu;

/** A row found prints a word of the item in capitals, as initials ("DCG platform" for "dcg net revenue"). */
function printedInCapitals(item: string, rows: LineItemRow[]): boolean {
  const words = new Set((item.match(INITIALS_WORD) ?? []).filter((w) => !GENERIC_WORDS.has(w.toLowerCase())).map((w) => w.toUpperCase()));
  return words.size > 0 && rows.some((r) => (r.label.match(INITIALS_WORD) ?? []).some((w) => w === w.toUpperCase() && words.has(w)));
}

/**
 * The item with a word that is the initials of words the deal's labels print together ("dcg" of "Data
 * Center Group") spelled out, when the labels print the word only in capitals, as initials ("DCG
 * platform"), never as a word ("Net", "total"); undefined when none is.
 */
export function spelledInitials(item: string, vocabulary: ReadonlySet<string>, initials: ReadonlyMap<string, string>): { text: string; from: string; to: string } | undefined {
  const words = item.match(INITIALS_WORD) ?? [];
  const w = words.find((x) => initials.has(x.toLowerCase()) && !vocabulary.has(x.toLowerCase()) && !GENERIC_WORDS.has(x.toLowerCase()));
  if (!w) return undefined;
  const to = initials.get(w.toLowerCase())!;
  return { text: item.replace(w, to), from: w, to };
}

/** The item with each word one letter away from a label word, or the initials of label words, respelled as the deal prints it. */
async function respelled(item: string, vocabulary: ReadonlySet<string>, initials: ReadonlyMap<string, string> = new Map()): Promise<{ text: string; changes: Array<[string, string]> }> {
  const words = item.match(/\p{L}+/gu) ?? [];
  const candidates = words
    .map((w) => [w, correctedWord(w, vocabulary) ?? (vocabulary.has(w.toLowerCase()) ? undefined : initials.get(w.toLowerCase()))] as const)
    .filter((c): c is readonly [string, string] => !!c[1]);
  // an English word is no typo ("north" is not "worth"): the general word list decides, loaded only now
  const english = await englishWords();
  const known = (w: string) => english.has(w);
  const changes = candidates.filter(([w]) => !english.has(w.toLowerCase())).map(([w, to]): [string, string] => [w, to]);
  // "environmental tech": a word cut short of the deal's own label word ("technologies")
  for (const w of words) {
    const to = changes.some(([from]) => from === w) ? undefined : shortenedWord(w, vocabulary, known);
    if (to) changes.push([w, to]);
  }
  if (!changes.length) return { text: item, changes: [] };
  const text = changes.reduce((t, [from, to]) => t.replace(new RegExp(`(?<!\\p{L})${from}(?!\\p{L})`, "u"), to), item);
  return { text, changes };
}

/**
 * A statement line two filings print for the same period with different values: the later filing
 * restates it (discontinued operations, a change of presentation). Said as a note, so a model reads
 * the later value as current and the older one as first reported, never as a contradiction.
 */
export function restatements(rows: LineItemRow[], documents: Array<{ filename: string; fiscalYear?: number | null }>): string[] {
  const yearOf = (file: string) => documents.find((d) => d.filename === file)?.fiscalYear ?? 0;
  const byLine = new Map<string, Array<{ document: string; value: number; printed: string }>>();
  for (const r of rows.filter((x) => x.source === "statement")) {
    for (const c of r.columns) {
      if (c.value === null) continue;
      const key = `${r.label.toLowerCase()}|${c.period}|${c.months}`;
      byLine.set(key, [...(byLine.get(key) ?? []), { document: r.document, value: c.value, printed: c.printed ?? formatAmount(c.value, r.scale, r.currency) }]);
    }
  }
  const notes: string[] = [];
  for (const [key, seen] of byLine) {
    if (new Set(seen.map((x) => x.value)).size < 2) continue;
    // two lines of one label in one filing ("Cloud services and license support" revenue and expense) are two figures, not a restatement
    if (new Set(seen.map((x) => x.document)).size < 2 || [...new Set(seen.map((x) => x.document))].some((d) => new Set(seen.filter((x) => x.document === d).map((x) => x.value)).size > 1)) continue;
    const [label, period] = key.split("|");
    const ordered = [...seen].sort((a, b) => yearOf(b.document) - yearOf(a.document));
    const latest = ordered[0]!;
    const first = ordered.find((x) => x.value !== latest.value && x.document !== latest.document);
    if (!first) continue;
    notes.push(`${period} "${label}" is ${latest.printed} in ${latest.document} and ${first.printed} in the earlier ${first.document}: the later filing restates it (read the later value as current, the earlier as first reported).`);
  }
  return notes;
}
