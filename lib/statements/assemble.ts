/**
 * One statement from its title line onward: the header (periods, scale), its rows on this page
 * and, when the statement's closing line is not on it, on the next page(s) — a balance sheet or
 * cash-flow statement often runs over two pages. Stops at the next statement's title, at the
 * "accompanying notes" line, or after the closing line (total liabilities and equity, cash at end).
 */
import { MONTH } from "@/lib/periods";
import { hasChangeColumns, headerYearCount, readColumns } from "./header";
import { readCurrency, readScale } from "./scale";
import { alignSpans } from "./positions";
import { columnOf, type ColumnDate } from "./periods";
import { amountTokens, headerEnd, learnEdges, readRows, tokenise, type RawRow } from "./rows";
import { normalLabel, pageLines, stripFootnotes, type PageLine } from "./text";
import { entityOfTitle, titleOf } from "./titles";
import { keyOf } from "./keys";
import type { Span, StatementColumn, StatementKind, StatementLine } from "./types";

export interface ReadPage { page: number; text: string; spans?: Span[] | null }

export interface Draft {
  kind: StatementKind;
  title: string;
  /** The company printed above the title (a combined filing's registrant). */
  entity?: string;
  titlePage: number;
  titleRow: number;
  pages: number[];
  scale: number;
  currency?: string;
  dates: ColumnDate[];
  lines: StatementLine[];
  /** Titled as a statement of comprehensive income. */
  comprehensive: boolean;
  /** "See accompanying notes" seen below the statement. */
  notesCue: boolean;
  /** The closing line was read (total liabilities and equity, cash at end of period, net income). */
  closed: boolean;
  headerText: string;
}

export interface AssembleOptions {
  /** Use span positions to place values (false: line text only, the bench's baseline). */
  useSpans: boolean;
}

const NOTES_CUE = /accompanying notes|see notes to|notes to (?:the )?(?:condensed )?(?:consolidated )?financial statements are an integral|integral part of (?:these|this|the)/i;
const CLOSING: Record<StatementKind, RegExp> = {
  balance: /^total liabilities\b.*\b(?:equity|deficit|capital|capitalization|investment)\b/i,
  cash_flow: /\bend of (?:the )?(?:year|period|fiscal year|quarter)\b|^end of (?:year|period)|\bat end\b|^balance,? end|\bending balances?\b/i,
  income: /^$/,
};

const DATED_CASH = new RegExp(`^cash\\b.*\\b(?:at|as of) (?:${MONTH})\\.? \\d{1,2}\\b`, "i");

const ALIGNED = new WeakMap<object, Span[]>();

/** The page's spans aligned to its text, computed once per page. */
function alignedSpans(page: ReadPage): Span[] | undefined {
  if (!page.spans || page.spans.length === 0) return undefined;
  let a = ALIGNED.get(page.spans);
  if (!a) ALIGNED.set(page.spans, (a = alignSpans(page.text, page.spans)));
  return a;
}

/** The next page carries on this statement: it repeats the title, or holds the statement's closing line before any other title. */
function nextPageContinues(page: ReadPage | undefined, kind: StatementKind): boolean {
  if (!page) return false;
  const lines = pageLines(page.text);
  if (lines.slice(0, 12).some((l) => titleOf(l.text)?.kind === kind)) return true;
  for (const l of lines) {
    const t = l.text.trim();
    if (titleOf(t)) return false;
    if (CLOSING[kind].test(t) && /\d/.test(t)) return true;
  }
  return false;
}

/** Lines of a page from `from` up to the next title of another statement (or a new one of this kind). */
function segment(lines: PageLine[], from: number): { lines: PageLine[]; stoppedAtTitle: boolean } {
  for (let i = from; i < lines.length; i++) {
    const hit = titleOf(lines[i]!.text);
    if (hit && !hit.continued) return { lines: lines.slice(from, i), stoppedAtTitle: true };
  }
  return { lines: lines.slice(from), stoppedAtTitle: false };
}

/** Most common count of values among rows with a label and 2+ values (ties: more columns). */
function columnCount(tok: ReturnType<typeof tokenise>): number {
  const counts = new Map<number, number>();
  for (const r of tok) {
    const n = amountTokens(r).length;
    if (n >= 1 && /\p{L}/u.test(r.line.text.slice(0, r.labelEnd))) counts.set(n, (counts.get(n) ?? 0) + 1);
  }
  let best = 0, most = 0;
  for (const [n, c] of counts) {
    if (n >= 1 && (c > most || (c === most && n > best))) {
      best = n;
      most = c;
    }
  }
  return best;
}

interface SegmentRead { rows: RawRow[]; dates?: ColumnDate[]; n: number; headerText: string; notesCue: boolean; endedByNotes: boolean; closed: boolean }

function readSegment(page: ReadPage, lines: PageLine[], kind: StatementKind, prev: { n: number; dates?: ColumnDate[]; section: string; heading: string } | undefined, fyEnd: number | undefined, opts: AssembleOptions): SegmentRead | undefined {
  const all = tokenise(lines, opts.useSpans ? alignedSpans(page) : undefined);
  const h = headerEnd(all);
  // cut at the notes cue and after the closing line; a page footer ("See notes to …") can come out
  // of the PDF right under the title, so a cue inside the header does not end the statement
  let end = lines.length;
  let notesCue = lines.slice(0, h).some((l) => NOTES_CUE.test(l.text));
  let closed = false;
  let endedByNotes = false;
  let datedCash = 0;
  for (let i = h; i < lines.length; i++) {
    const t = lines[i]!.text.length > 300 ? lines[i]!.text : normalLabel(lines[i]!.text);
    // "Cash … at January 1" then "Cash … at December 31": the second closes the statement
    if (kind === "cash_flow" && DATED_CASH.test(t) && ++datedCash === 2) {
      end = i + 1;
      closed = true;
      break;
    }
    if (NOTES_CUE.test(t)) {
      end = i;
      notesCue = endedByNotes = true;
      break;
    }
    if (CLOSING[kind].test(t) && /\d/.test(t)) {
      end = i + 1;
      closed = true;
      break;
    }
  }
  const headerLines = lines.slice(0, h).map((l) => l.text);
  const data = all.slice(h, Math.max(h, end));
  const n = columnCount(data) || prev?.n || 0;
  if (n === 0) return undefined;
  let dates = readColumns(headerLines, kind, n, fyEnd);
  if (!dates && prev?.dates && prev.n === n) dates = prev.dates;
  // an earnings release prints change columns after the periods: keep the periods only
  let keep = n;
  const years = headerYearCount(headerLines);
  if (!dates && years > 0 && years < n && hasChangeColumns(headerLines.join("\n"))) {
    dates = readColumns(headerLines, kind, years, fyEnd);
    keep = years;
  }
  if (!dates) return undefined;
  const edges = opts.useSpans ? learnEdges(data, n) : undefined;
  // "Revenue:" printed right under the column header heads the first rows (the header's own lines are no rows)
  const opening = headerLines.map((l) => l.trim()).filter(Boolean).at(-1) ?? "";
  const rows = readRows(page.text, data, n, edges, prev?.section ?? "", prev?.heading ?? (/^\p{L}[^\d]*:$/u.test(opening) ? opening : "")).map((r) => (keep < n ? { ...r, values: r.values.slice(0, keep) } : r));
  return { rows, dates, n: keep, headerText: headerLines.join("\n"), notesCue, endedByNotes, closed };
}

function toLine(kind: StatementKind, page: number, text: string, r: RawRow): StatementLine {
  const label = normalLabel(r.label);
  const key = keyOf(kind, label, normalLabel(r.section));
  const isTotal = /^total\b/.test(label) || /^net cash\b/.test(label) || /^net (?:increase|decrease|change)|^gross (?:profit|margin)$/.test(label) || (key !== undefined && /^(?:total_|operating_income|pretax_income|net_income|operating_cash_flow|investing_cash_flow|financing_cash_flow|net_change_in_cash)/.test(key));
  const section = stripFootnotes(r.heading.replace(/\s*:\s*$/, "")).replace(/\s*:\s*$/, "").trim();
  return { label: r.label, key, values: r.values, excerpt: text.slice(r.excerptStart, r.excerptEnd), page, row: r.row, isTotal, ...(section && section !== r.label ? { section } : {}) };
}

/** Reads the statement whose title is on `pages[at]`, line `titleRow`. */
export function assemble(pages: ReadPage[], at: number, titleRow: number, kind: StatementKind, fyEnd: number | undefined, opts: AssembleOptions, comprehensive = false): Draft | undefined {
  const first = pages[at]!;
  const firstLines = pageLines(first.text);
  // titleRow -1: a statement found by its structure, its title not in the text (an image, or lost)
  const title = firstLines[titleRow]?.text.trim() ?? "";
  const entity = titleRow >= 0 ? entityOfTitle(firstLines.map((l) => l.text), titleRow) : undefined;
  const draft: Draft = { kind, title, ...(entity ? { entity } : {}), comprehensive, titlePage: first.page, titleRow, pages: [], scale: 1, dates: [], lines: [], notesCue: false, closed: false, headerText: "" };
  let prev: { n: number; dates?: ColumnDate[]; section: string; heading: string } | undefined;
  const scaleText: string[] = [firstLines.slice(Math.max(0, titleRow - 3), titleRow + 1).map((l) => l.text).join("\n")];
  for (let p = at; p < Math.min(pages.length, at + 3); p++) {
    const page = pages[p]!;
    const lines = p === at ? firstLines : pageLines(page.text);
    let from = p === at ? titleRow + 1 : 0;
    if (p > at && page.page !== pages[p - 1]!.page + 1) break;
    if (p > at) {
      // a continuation page: its own title (if any) must be this statement's, marked continued or repeated
      // (another statement's title may follow the last rows of this one: segment() stops there)
      const top = lines.slice(0, 12).map((l, i) => ({ i, hit: titleOf(l.text) })).find((x) => x.hit);
      if (top && top.hit!.kind === kind) from = top.i + 1;
    }
    const seg = segment(lines, from);
    const read = readSegment(page, seg.lines, kind, prev, fyEnd, opts);
    if (!read || (p > at && read.rows.length === 0)) break;
    if (p === at) {
      draft.dates = read.dates!;
      draft.headerText = read.headerText;
    } else if (read.n !== prev!.n) break;
    scaleText.push(read.headerText);
    draft.pages.push(page.page);
    draft.lines.push(...read.rows.map((r) => toLine(kind, page.page, page.text, r)));
    draft.notesCue ||= read.notesCue;
    draft.closed ||= read.closed;
    prev = { n: read.n, dates: read.dates, section: read.rows[read.rows.length - 1]?.section ?? "", heading: read.rows[read.rows.length - 1]?.heading ?? "" };
    if (read.closed || seg.stoppedAtTitle) break;
    // a balance sheet or cash-flow statement printed on two pages may repeat its title and the notes cue on each
    if (read.endedByNotes && (kind === "income" || !nextPageContinues(pages[p + 1], kind))) break;
    if (kind === "income" && draft.lines.some((l) => l.key === "net_income" || l.key === "net_income_including_nci")) break;
  }
  if (draft.lines.length === 0) return undefined;
  if (kind === "income") draft.closed = draft.lines.some((l) => l.key === "net_income" || l.key === "net_income_including_nci");
  draft.scale = (readScale(scaleText.join("\n")) ?? readScale(firstLines.slice(0, 25).map((l) => l.text).join("\n")))?.scale ?? 1;
  // the header's own words ("EUR thousands", "(€ in millions)"), else a "$" printed on the rows
  draft.currency = readCurrency(scaleText.join("\n")) ?? (draft.lines.some((l) => l.excerpt.includes("$")) ? "USD" : undefined);
  return draft;
}

export function columnsOf(draft: Draft, fyEnd: number | undefined): StatementColumn[] {
  return draft.dates.map((d) => columnOf(d, fyEnd));
}
