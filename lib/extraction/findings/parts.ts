/**
 * Tables of parts and operating figures as findings: rows of a segment, geographic, product-line,
 * quarterly or operating-statistics table on a page that is not one of the three statements
 * ("Data Center Group 26,103 23,481 22,991" under "Net revenue:", "Europe 7,163 23 % 6,016 23 %"
 * under "Revenues by Geography", "Total ADV 9,163 9,902 (7)" under "Average daily package volume
 * (ADV):" in a section headed "… GROUND SEGMENT"). Each row × period column becomes one finding
 * whose payload keeps what the row means: its label, the section and group headings above it in the
 * table, the table's title, the trailing total that names a block's measure ("Total revenues"),
 * every period column (label, last day, months), the scale and the row as printed.
 *
 * Their metric keys start with PART_KEY_PREFIX, so a question about the company's own total never
 * reads them: lib/agent/knowledge/part-figures.ts answers a part's figure or an operating figure
 * from them only when the row names every word the question asks.
 */
import { durationLineOf, nearestDurations, endedOnDayOf, fiscalEndOf, headerColumns, labelColumn, periodTypeOfMonths, withoutColumnTokens, type Duration, type PeriodColumn } from "@/lib/periods";
import { monthWords } from "@/lib/periods/months";
import type { TextSpan } from "@/lib/ingest/types";
import { alignSpans } from "@/lib/statements/positions";
import { pickExcerpt } from "../citation";
import type { Candidate, ExtractionPage, FindingPayload } from "../types";
import { parsePrintedNumber, scaleOfWord, type PrintedNumber } from "@/lib/metrics/printed-number";
import { currencyOf, scaleOf } from "./numbers";
import { scaleWordOf, type ScaleWord } from "@/lib/statements/scale";
import { tableRowScope } from "./scope";
import { asOfDates, interimOn, pointLabel } from "./column-periods";
import { isRowLabel } from "./row-labels";
import { prepareLines, splitRow } from "./tables";
import { adjacentLine, continuesLabel, joinLabel } from "./wrapped-labels";
import { lineCells, sideBySide, type TableGroup } from "./side-by-side";
import type { NotesScale } from "./notes-scale";
import { keySlug } from "./key-slug";

/** Candidate keys and metric keys of part/operating table rows. */
export const PART_KEY_PREFIX = "part:";

export interface PartColumn {
  /** Period label as findings name it (FY2023, Q4 2022). */
  period: string;
  periodEnd?: string;
  /** 3, 6, 9 or 12; 0 for a balance at a date. */
  months: number;
  /** The column header as printed ("Dec 31, 2022", "2023"). */
  header: string;
}

/** What a part finding's payload carries beyond the finding's own columns. */
export interface PartFacts {
  /** The row label as printed; for an unlabelled subtotal, the group heading it closes. */
  label: string;
  /** Headings above the row inside the table ("Net revenue:", "Data Center Group", "International:"). */
  context: string[];
  /** The heading nearest above the table ("Revenues by Geography", "PARCEL GROUND SEGMENT"). */
  title: string;
  /** The row as printed (exact substring of the page). */
  row: string;
  rowIndex: number;
  /** Printed value × scale = units. */
  scale: number;
  scaleWord?: string;
  header: string;
  months: number;
  /** Every period column of the row: value as printed and its period. */
  columns: Array<PartColumn & { value: string }>;
}

export type PartFindingPayload = FindingPayload & { part: PartFacts };

const MONTHS_OF: Record<Duration, number> = { FY: 12, Q: 3, H: 6, "9M": 9, point: 0 };
/** A heading line: short, no figures, not a sentence. */
const MAX_HEADING = 70;
/** Prose ends a table. */
const PROSE = 110;
/** Longest caption sentence read as a table's title. */
const CAPTION = 260;
const RUNNING_HEAD = /^(?:table of contents|index|contents)$/i;
/** What a caption sentence says the table holds: "The following table presents segment net income (loss) by …:" → "segment net income (loss) by …". */
function captionTitle(t: string): string {
  return t
    .replace(/\s*:\s*$/, "")
    .replace(/\s*\((?:[^()]*\b)?(?:in|dollars in|amounts in)\s+(?:thousands|millions|billions)\b[^()]*\)/gi, "")
    .replace(/^(?:the\s+)?(?:following|below)\s+(?:table|schedule|summary)s?\s+(?:below\s+)?[a-z]+\s+(?:(?:a|the)\s+(?:summary|reconciliation|comparison)\s+of\s+)?/i, "");
}

/** "Percentage Leased and Average Annualized Revenue per Square Foot for In-Service Properties": a longer heading in title case. */
function isTitleCase(t: string): boolean {
  const ws = t.split(/\s+/).filter((w) => /^\p{L}{4,}/u.test(w));
  return ws.length >= 3 && ws.filter((w) => /^\p{Lu}/u.test(w)).length >= ws.length * 0.7;
}

/** A dash printed for nil in a cell ("—", "–", "-"). */
const NIL_CELL = /^[—–-]{1,3}$/;

/** Pieces of a column header printed on their own line ("Percent Percent of Revenue", "Increase/(Decrease)"). */
const HEADER_PIECE = /^(?:percent(?:age)?|%|change|changes\s*$|amount|inc(?:rease)?\s*\/|increase|decrease|as a %|variance|growth|years? ended|three months|six months|nine months|twelve months|quarters? ended|excluding|currency|translation|constant currency|\(dec(?:rease)?\))(?!\w)/i;

/** A column heading naming a change or a share after the periods ("Percent", "Change", "% Change", "Inc/ (Dec)"). */
const CHANGE_PIECE = /^(?:percent(?:age)?|%|change|inc(?:rease)?\s*\/|increase|decrease|variance|growth)(?!\w)/i;

function isHeading(t: string): boolean {
  if (!/\p{L}{2,}/u.test(t) || /^[a-z]/.test(t)) return false;
  if (t.length > MAX_HEADING && !(t.length <= PROSE && isTitleCase(t))) return false;
  if (/\d{2,}/.test(t.replace(/\((?:\d|[a-z])\)/g, ""))) return false;
  if (/[.;]\s*$/.test(t) && !/\b(?:inc|corp|co|ltd)\.$/i.test(t)) return false;
  return t.split(/\s+/).length <= (t.length > MAX_HEADING ? 16 : 10);
}

function isCaps(t: string): boolean {
  const letters = t.replace(/[^\p{L}]/gu, "");
  return letters.length >= 6 && letters === letters.toUpperCase();
}

function words(t: string): string[] {
  return t.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1);
}


/** "2014 to 2015", "2022 vs. 2021", "22 vs. 21", "FY23 vs FY22", "2023 compared to 2022": the change between two years, a column of its own. */
const SPAN_YEAR = String.raw`(?:(?:fy|cy)\s?)?(?:(?:19|20)\d\d|['’]?\d\d)`;
const YEAR_SPAN = new RegExp(String.raw`(?<![\p{L}\p{N}$.,])${SPAN_YEAR}\s+(?:to|vs\.?|versus|over|compared (?:to|with))\s+${SPAN_YEAR}(?![\p{L}\p{N}%])`, "giu");

/** The header's period columns, or null when the line is not a period header. */
function readHeader(t: string): PeriodColumn[] | null {
  const cols = headerColumns(t);
  if (!cols.length) return null;
  // "2013 – 2019 debt issuances:": a span of years heading the rows below, no columns
  if (/:\s*$/.test(t) && /\b(?:19|20)\d\d\s*[–—-]\s*(?:19|20)?\d\d\b/.test(t)) return null;
  const rest = withoutColumnTokens(t);
  if (/\d/.test(rest.replace(/\(\d\)/g, ""))) return null;
  const words = rest.replace(/[()\-–,.%$/]/g, " ").trim();
  if (words.length > 80) return null;
  // one year alone with many words is a sentence or a title naming a year, not a header; nor is the end of a sentence ("… by the end of 2030.”")
  if (cols.length === 1 && (words.length > 30 || /^\p{Ll}/u.test(t) || /[.”"]$/.test(t))) return null;
  return cols;
}

/**
 * Values of a row matched to the header's columns: change and percent-of columns after the periods
 * are left out; percent columns between them ("$ 5,000 70 % $ 4,500 69 % 11 %") are learnt from the
 * first row that prints its percent signs and left out of the rows below that print none.
 */
function alignValues(values: PrintedNumber[], cols: number, trailingWords: boolean, layout?: { width: number; at: number[] }, runs = 1): PrintedNumber[] | null {
  let v = values;
  // a footnote marker printed after the label ("Percentage leased (1) 91.4% …")
  if (v.length === cols + 1 && /^\(\d\)$/.test(v[0]!.raw)) v = v.slice(1);
  if (v.length === cols) return v;
  const noPct = v.filter((x) => !x.percent);
  if (noPct.length === cols && v.some((x) => x.percent)) return noPct;
  // a header wrapped into runs of periods, each followed by its change columns ("$ 600 $ 1,100 (45) $ 1,400 $ 2,000 (30)"):
  // the first figures of each run
  if (runs > 1 && v.length > cols && (v.length - cols) % runs === 0) {
    const per = v.length / runs;
    return Array.from({ length: runs }, (_, g) => v.slice(g * per, g * per + cols / runs)).flat();
  }
  if (layout && v.length === layout.width) return layout.at.map((i) => v[i]!);
  // "Revenue $ 33,507 $ 33,232 1 100.0 % 100.0 %" under "2023 2022 Percent Change Percent of Revenue"
  // …but twice as many figures as periods are columns between the periods ("As Reported | Exchange
  // Rate Effect | FX-Neutral" under 2021, then 2020's): which figure is a period's is not known
  if (trailingWords && v.length > cols && cols >= 2 && noPct.length >= 2 * cols) return null;
  if (trailingWords && v.length > cols) return v.slice(0, cols);
  return null;
}

/**
 * Figures printed under a label of their own line, without the footnote marker set before them ("1 41.5 % 52.0 %", "(1) $ 4,060 …",
 * "1 $ (210) $ 1,020" under "Adjusted net income (loss)"): a lone digit one more than the columns, followed by a currency
 * sign or by figures printed in another form (digit groups, decimals, percent signs).
 */
function withoutMarker(tokens: string[], width: number): string[] {
  const figures = tokens.filter((x) => /\d/.test(x));
  // (percent columns of change beside the periods' figures count as none of them)
  const amounts = figures.filter((x) => !/%$/.test(x));
  if ((figures.length !== width + 1 && amounts.length !== width + 1) || !/^\d$|^\(\d\)$/.test(tokens[0]!)) return tokens;
  const rest = tokens.slice(1);
  return rest[0] === "$" || figures.slice(1).every((x) => /[,.%]/.test(x)) ? rest : tokens;
}

interface Heading {
  text: string;
  start: number;
}


interface Table {
  /** Period columns; `group`: which of the tables printed side by side the column is (see `groups`). */
  cols: Array<PartColumn & { index: number; group?: number }>;
  /** Tables printed side by side under one header line, each with its own name and columns. */
  groups?: TableGroup[];
  width: number;
  trailingWords: boolean;
  title: string;
  scale: { scale: number; word?: string };
  /** The scale of share counts, where the caption states one ("$ and shares in millions"). */
  counts?: number;
  /** The caption scales every count, not only shares ("(In millions, except percentages)"). */
  countsAll?: boolean;
  currency?: string;
  section?: string;
  /** A section heading printed right over another ("Air segment:" / "Parcels:"): heads it and its siblings. */
  parent?: string;
  /** Rows read under the current section, and the line its heading is printed on. */
  sectionRows?: number;
  sectionLine?: number;
  group?: string;
  /** Rows since the last total, for a trailing total that names their measure. */
  block: number[];
  /** The first row printed every value with a percent sign: the rows below are percentages too. */
  pct?: boolean;
  /** Where the period values sit in rows that also print percent columns. */
  layout?: { width: number; at: number[] };
  /** The header was printed one period a line, each period alone ("FISCAL" / "2019" / "FISCAL" / "2018 (1)"). */
  stacked?: boolean;
  /** Line index of the header, and rows read under it. */
  line: number;
  rows: number;
  /** The header's columns as printed and the lines above it, for a header that goes on over the next lines. */
  header: { cols: PeriodColumn[]; context: string };
  /** Runs of periods the header was printed in (a header wrapped over lines: one per line of periods). */
  runs: number;
  /** The label of the last row read that is no share row. */
  lastLabel?: string;
}

/**
 * A header whose column headings wrap over lines ("2023 2022 Inc/ (Dec)" / "Inc/ (Dec)" / "Excluding" / "FX" /
 * "2023 2022 Inc/ (Dec)") under groups named above it ("Quarters Ended June 30, Six Months Ended June 30,"):
 * the same years printed again a few lines on, only headings between, are the next group's columns, not a new table.
 */
function continuesHeader(table: Table, cols: PeriodColumn[], between: string[], li: number, sideBySideOf: (hc: PeriodColumn[]) => unknown): boolean {
  const prev = table.header.cols;
  if (li - table.line > 6 || between.some((l) => /\d/.test(l)) || cols.length !== prev.length) return false;
  if (!cols.every((c, i) => c.raw === prev[i]!.raw)) return false;
  // …one group's columns after another's ("Quarters Ended … Six Months Ended …"), or one table's beside another's
  // (names printed over both runs); else the second run is change or share columns ("Percent of Revenue" / "2023 2022")
  return new Set(nearestDurations(table.header.context)).size > 1 || !!sideBySideOf([...prev, ...cols]);
}

/** A line of a stacked header between its periods: a column piece, a footnote mark or a period word ("(2)", "FISCAL"). */
const STACKED_PIECE = /^(?:\(\d\)|fiscal|year|quarter)$/i;

/**
 * A period printed on its own line under a header of one or more periods printed so, before any row,
 * with only header pieces between: the same header's next column, not another table's header.
 */
function stacksOn(table: Table, cols: PeriodColumn[], lines: { header: string; line: string; between: string[] }, li: number): boolean {
  if (cols.length !== 1 || li - table.line > 10 || table.groups) return false;
  // each line the period alone, or with a footnote mark ("2018 (1)"): a line with other words heads columns of its own
  const bare = (line: string, c: PeriodColumn) => /^(?:\(\d\)\s*)*$/.test(line.replace(c.raw, "").trim());
  if (!bare(lines.line, cols[0]!) || table.header.cols.length !== 1 || !bare(lines.header, table.header.cols[0]!)) {
    if (!(table.header.cols.length > 1 && table.stacked && bare(lines.line, cols[0]!))) return false;
  }
  if (table.header.cols.some((c) => c.raw === cols[0]!.raw)) return false;
  const between = lines.between;
  // (a duration over each period, "Year Ended" / "December 31, 2024", may head sub-columns per period: left as it was read)
  return between.every((l) => STACKED_PIECE.test(l) || (HEADER_PIECE.test(l) && l.length <= 40 && !/\b(?:ended|months)\b/i.test(l)));
}

/** "Revenue ($B)", "Net income (in $M)": a currency sign with a scale letter, the row's own unit. */
function currencyScaleMark(label: string): { scale: number; word: ScaleWord } | undefined {
  const m = /\(\s*(?:in\s+)?[$€£]\s*(b|bn|m|mm|k)\s*\)/i.exec(label);
  // "MM" is the bankers' million: the one scale word here that scaleOfWord does not read
  const scale = m ? scaleOfWord(/^mm$/i.test(m[1]!) ? "m" : m[1]!) : undefined;
  return scale ? { scale, word: scaleWordOf(scale)! } : undefined;
}

/** A row stating the share of the row above it in a total ("Percentage of total revenue", "% of net sales", "As a percentage of revenue"), or its change ("Current quarter vs prior year quarter", "% change"). */
const SHARE_ROW = /^(?:percent(?:age)?|%|as a (?:%|percent(?:age)?))\s+of\b|^(?:current (?:quarter|period|year|month)s? (?:vs\.?|versus|compared to|over) (?:the )?prior|year[- ]over[- ]year (?:change|growth)|(?:percent(?:age)?|%) (?:change|growth|increase)\b)/i;

export interface PartContext {
  fiscalYear?: number | null;
  fiscalPeriod?: string | null;
  /** The month the fiscal year ends in, when known: a column at that month's end is the fiscal year's balance. */
  fiscalYearEndMonth?: number;
  /**
   * Carried from page to page by the caller: the scale of a table still open at the foot of the
   * previous page (its caption stated it there), for the header that goes on with it on this one.
   */
  carry?: ScaleCarry;
}

/** A table's stated scale, open until prose ends the tables under its caption. */
export interface ScaleCarry {
  open?: { page: number; scale: Table["scale"]; currency?: string; counts?: number };
  /** The scale a notes section states once atop its first page (lib/extraction/findings/notes-scale). */
  notes?: NotesScale;
}

interface RowOut {
  facts: PartFacts;
  values: PrintedNumber[];
  cols: Table["cols"];
  start: number;
  end: number;
  table: Pick<Table, "scale" | "currency" | "pct">;
  /** Printed count × countScale = the count ("21.2" shares "in millions"); none: counts are printed whole. */
  countScale?: number;
}

/**
 * A line that is only a scale caption ("(In millions)", "(In millions, except percentages)", "($ in
 * thousands)"): its scale, and the counts' scale when it scales every figure but rates and per-share
 * amounts ("except percentages": a count of buyers is in millions too) or names the counted noun.
 */
function scaleCaption(t: string): { scale: Table["scale"]; counts?: number; all: boolean } | undefined {
  if (t.length > 70 || /\d/.test(t) || !/^\(.*\)$|^(?:\$\s*)?in (?:thousands|millions|billions)\b/i.test(t)) return undefined;
  const scale = scaleOf(t);
  if (!scale.word) return undefined;
  const shares = SHARES_SCALED.exec(t);
  const all = /\bexcept\b[^)]*\bpercent/i.test(t) && !/\$|dollars/i.test(t);
  // "(in thousands, except per share data)": the shares are counted in the caption's scale too
  const perShare = /\bexcept\b[^)]*\bper[- ]share/i.test(t);
  const counts = shares ? scaleOf(`in ${shares[1] ?? shares[2]}`).scale : all || perShare ? scale.scale : undefined;
  return { scale, ...(counts ? { counts } : {}), all: !shares && all };
}

/** A caption scaling counts apart from money: "($ and shares in millions, …)", "(dollars in millions and units in thousands)". */
const SHARES_SCALED = /\band (?:shares|units) in (thousands|millions|billions)\b|\b(?:shares?|units?)\b[^.;:()$]{0,40}?\bin (thousands|millions|billions)\b/i;
/** The counted nouns a caption scales apart from its money ("shares in millions", "units in thousands"). */
const SHARE_NOUN = /\b(?:shares?|units?)\b/i;

function columnsOf(headerCols: PeriodColumn[], ctxText: string, ctx: PartContext, pageText: string): Table["cols"] {
  let cols = headerCols;
  // no group named above the dates: a line naming only the groups elsewhere on the page ("Three Months Ended Twelve Months Ended")
  let durations = nearestDurations(ctxText);
  if (!durations.length) durations = durationLineOf(pageText, cols);
  // more groups than columns: the group line of the table above is stacked over this one's; the nearest line is this header's
  if (durations.length > cols.length) durations = durations.slice(-cols.length);
  // (a half or year named nearby cannot end in two months either; quarters can: a five-quarter trend)
  const points = asOfDates(cols) && (!durations.length || (durations.length === 1 && durations[0] !== "Q"));
  // "Quarters Ended March 31," over "2023 2022": the columns end on that day
  const endDay = endedOnDayOf(ctxText);
  if (endDay) cols = cols.map((c) => (c.month === undefined && !c.kind ? { ...c, ...endDay } : c));
  const fiscalEnd = fiscalEndOf(ctxText) ?? (/december 31/i.test(ctxText) ? { month: 12, day: 31 } : undefined);
  const latestYear = Math.max(...cols.map((c) => c.year));
  const per = durations.length > 1 ? cols.length / durations.length : 0;
  const out: Table["cols"] = [];
  const seen = new Set<string>();
  cols.forEach((col, index) => {
    const dur = durations.length === 0 ? undefined : durations.length === 1 ? durations[0] : Number.isInteger(per) ? durations[Math.floor(index / per)] : durations[0];
    const asOf = points || (!dur && col.month !== undefined && /\bas of\b|\bat\b/i.test(ctxText));
    const lab = points ? pointLabel(col, ctx.fiscalYearEndMonth) : interimOn(col, dur, ctx.fiscalYearEndMonth) ?? labelColumn(col, asOf ? "point" : dur, fiscalEnd, { fiscalYear: ctx.fiscalYear, fiscalPeriod: ctx.fiscalPeriod, latestYear });
    // a column naming its own span ("Q4 2022", "9M 2024") is that long, whatever the groups above say
    const months = asOf ? 0 : MONTHS_OF[col.kind ?? dur ?? "FY"];
    // a quarter the header does not name ("Q? 2023" from "2023 for Quarter Ended" over the quarters' days) is no period
    if (lab.period.includes("?")) return;
    // a year printed again further right is a change column ("2022 2021 2020 2022 2021"): the first is the period
    const key = `${lab.period}|${months}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ index, period: lab.period, ...(lab.periodEnd ? { periodEnd: lab.periodEnd } : {}), months, header: col.raw });
  });
  return out;
}

/** "Revenue per package (yield)", "Average annualized revenue per square foot": an amount per unit, printed in units. */
const PER_UNIT = /\bper\s+(?!cent\b)\p{L}|\byield\b/iu;
const PER_SHARE = /\bper\s+(?:common\s+|ordinary\s+)?share\b/i;

/** A heading naming an amount: its rows are amounts, whatever else it names. */
/** Nouns of things counted, not money: a row or heading naming one prints a count. */
const COUNT_NOUN = /\b(?:number|employees|headcount|volume|shipments|packages|pounds|units?|stores|restaurants|locations|customers|buyers|sellers|users|members(?:hips)?|subscribers|passengers|shares|square feet|sq\.? ?ft)\b/i;
/** An amount the label starts with ("Total revenues from contracts with customers", "Net sales to customers"): the counted noun after it is no count. */
const AMOUNT_FIRST = /^(?:total\s+)?(?:net\s+|gross\s+|segment\s+)?(?:revenues?|sales|income|profits?|earnings|expenses?|costs?)\b/i;
const countOf = (text: string) => COUNT_NOUN.test(text) && !AMOUNT_FIRST.test(text.trim());
/** A heading of counts even beside a word of money: "Unit Sales by Product", "Number of customers" (not "Revenue per unit"). */
const UNITS_HEADING = /\b(?<!per )units?\b|\bnumber of\b/i;
const AMOUNT_HEADING = /\b(?:revenues?|sales|income|expenses?|costs?|assets|liabilit(?:y|ies)|cash|debt|profits?|earnings|losses)\b/i;

function unitOf(label: string, context: string[], v: PrintedNumber, row: string, table: Pick<Table, "scale" | "currency" | "pct">, moneyBlock?: { currency?: string }): { unit: FindingPayload["unit"]; currency?: string; perUnit?: boolean } {
  // "Gross margin $ 93,626": a label naming a rate ("margin", "rate") prints an amount when its cell is one (a currency sign, a figure no rate is)
  const amount = /[$€£]/.test(row) || Math.abs(v.value ?? 0) >= 1000;
  if (v.percent || table.pct || /%|\bpercent(?:age)?\b/i.test(label) || (/\bmargin\b|\brate\b/i.test(label) && !amount)) return { unit: "percent" };
  // the label's own noun, else a heading's that is about a count ("Number of stores:", "Unit Sales by Product:"), not an amount ("Revenue from contracts with customers:")
  const about = [label, ...context.filter((c) => !AMOUNT_HEADING.test(c) || UNITS_HEADING.test(c))].join(" ");
  // "Basic" under "Earnings per common share:": an amount per share, whatever scale the table's header states
  if (PER_UNIT.test(label) || context.some((c) => PER_SHARE.test(c))) return { unit: "currency", currency: table.currency ?? currencyOf(row) ?? (/\$/.test(row) ? "USD" : undefined), perUnit: true };
  // a table stating its scale ("(in millions)") prints amounts, whether or not each row prints its currency sign
  // (a row under the heading of a row printing the currency sign is money too: "Gross merchandise volume:" over "Core $ 7,809", "Tickets 357")
  // (…and a row under an amount's heading, "Physical stores — — 5,798" under "Net Sales:", names the part the amount is of, not a count)
  const underAmount = context.some((c) => AMOUNT_HEADING.test(c) && !UNITS_HEADING.test(c)) && !UNITS_HEADING.test(label);
  if (/\$|€|£/.test(row) || (table.scale.word && (!countOf(about) || underAmount)) || (moneyBlock && !countOf(label) && !/\((?:in )?(?:months|years|days|weeks|hours)\)/i.test(label))) {
    return { unit: "currency", currency: table.currency ?? currencyOf(row) ?? moneyBlock?.currency };
  }
  return { unit: "count" };
}

/** Period words a header line may start with ("Year ended December 31,", "Fiscal", "(In millions)"): no measure. */
const PERIOD_STUB = new RegExp(String.raw`^(?:\(?(?:in|dollars|amounts)\b|years?\b|fiscal\b|quarters?\b|three\b|six\b|nine\b|twelve\b|months?\b|weeks?\b|as of\b|at\b|for the\b|period|ended\b|${monthWords()}\b|\$|%)`, "i");

/** The words a header line prints before its first period, when they name a measure (not a period or a unit). */
function headerStub(line: string, first: string): string | undefined {
  const stub = line.slice(0, line.indexOf(first)).replace(/[:\s]+$/, "").trim();
  return stub.length >= 6 && /\p{L}{3,}/u.test(stub) && !PERIOD_STUB.test(stub) && !/\d/.test(stub) ? stub : undefined;
}

/** Part/operating table rows of one page (not a statement page), one candidate per row × period column. */
export function extractPartFindings(page: ExtractionPage, ctx: PartContext = {}): Candidate<PartFindingPayload>[] {
  const text = page.text;
  if (!/\d/.test(text)) return [];
  const lines = prepareLines(text);
  // the cells of a line, from the PDF text runs (aligned to the page text once, when a header asks)
  const cellsOf = lineCells(text, () => (page.spans?.length ? (alignSpans(text, page.spans as never) as unknown as TextSpan[]) : undefined));
  const rows: RowOut[] = [];
  let table: Table | null = null;
  // the run of headings above a table ("Example Corporation / Supplemental Operating Segment Results / Three Months Ended"): its title
  let titleRun: string[] = [];
  // the caption sentence in the title run: it describes tables printed side by side together, so titles neither of them
  let captionLine: string | undefined;
  let afterBreak = true;
  let pendingLabel: Heading | null = null;
  /** The last line of text (no figures) read, which a row's label may continue. */
  type TextLine = { text: string; start: number; end: number };
  let lastText = null as TextLine | null;
  let rowIndex = 0;
  // rows printed right above a header, outside any table: a text layer may put a one-row table's row before its header
  let orphans: Array<{ label: string; values: PrintedNumber[]; start: number; end: number; line: number }> = [];
  // the scale the last caption stated, for the headers under it that state none (reset by prose)
  const carried = ctx.carry?.open;
  let open: { scale: Table["scale"]; currency?: string; counts?: number } | null = carried && carried.page === page.pageNumber - 1 ? { scale: carried.scale, currency: carried.currency, counts: carried.counts } : null;
  for (let li = 0; li < lines.length; li++) {
    const L = lines[li]!;
    // "2015 2014 2013 2014 to 2015 2013 to 2014": a span of two years is one change column, not two periods
    const raw = L.text.trim();
    const spanned = raw.replace(YEAR_SPAN, "Change");
    const spanHeader = spanned !== raw ? readHeader(spanned) : null;
    const t = spanHeader ? spanned : raw;
    const printed = spanHeader ?? readHeader(t);
    if (printed) {
      const wrapped: boolean = !!table && !table.rows && continuesHeader(table, printed, lines.slice(table.line + 1, li).map((x) => x.text), li, (all) => sideBySide(all, lines.slice(Math.max(0, table!.line - 3), table!.line).reverse(), cellsOf, (c) => HEADER_PIECE.test(c)));
      const hc: PeriodColumn[] = wrapped && table ? [...table.header.cols, ...printed] : printed;
      // a second header line right under the first ("2023 2022 Percent Change Percent of Revenue" / "2023 2022"): the first names the periods
      // (a title naming one period, "Q4 2022 Results", over a header of several is no header)
      // (column headings between them, "Percent" / "Change Share of Sales", keep them one header)
      const near = !!table && (li - table.line <= 2 || (li - table.line <= 4 && lines.slice(table.line + 1, li).every((x) => HEADER_PIECE.test(x.text.trim()))));
      // a header printed one cell a line ("FISCAL" / "2019" / "FISCAL" / "2018 (1)" / "%" / "CHANGE" …): each period goes on with those above
      if (table && !wrapped && !table.rows && stacksOn(table, hc, { header: lines[table.line]!.text.trim(), line: t, between: lines.slice(table.line + 1, li).map((x) => x.text.trim()) }, li)) {
        const merged = [...table.header.cols, ...hc];
        const context = lines.slice(Math.max(0, table.line - 6), li + 1).map((x) => x.text).join("\n");
        Object.assign(table, { cols: columnsOf(merged, context, ctx, text), width: merged.length, line: li, header: { cols: merged, context }, trailingWords: true, stacked: true });
        continue;
      }
      if (table && near && !wrapped && !table.rows && !(table.width === 1 && hc.length > 1)) {
        table.trailingWords = true;
        table.line = li;
        // "December 31, 2018 versus" over "(Millions) 2018 2017 2017": the second line may be the one stating the scale
        if (!table.scale.word && scaleOf(t).word) table.scale = scaleOf(t);
        continue;
      }
      // the line the header starts on: the tables' names sit above it
      const headAt: number = wrapped && table ? table.line : li;
      const ctxText: string = wrapped && table ? table.header.context : lines.slice(Math.max(0, li - 6), li + 1).map((x) => x.text).join("\n");
      const below = lines.slice(li + 1, li + 3).filter((x) => !splitRow(x.text.trim())).map((x) => x.text).join("\n");
      // two tables side by side ("Revenue Mix Summary … Comparable Sales Summary" over "2023 2022 2023 2022"): each its own columns
      // (runs of two durations, "Three Months Ended … Six Months Ended", are one table's periods, read as such)
      const groups = new Set(nearestDurations(ctxText)).size > 1 ? undefined : sideBySide(hc, lines.slice(Math.max(0, headAt - 3), headAt).reverse(), cellsOf, (c) => HEADER_PIECE.test(c));
      const cols = groups
        ? groups.flatMap((g, gi) => columnsOf(hc.slice(g.from, g.to), ctxText, ctx, text).map((c) => ({ ...c, index: c.index + g.from, group: gi })))
        : columnsOf(hc, ctxText, ctx, text);
      // words after the last period, or a period printed twice ("2023 2022 Change 2023 2022"): change and share columns follow the periods
      const trailing = cols.length < hc.length || /\p{L}{3,}/u.test(t.slice(t.lastIndexOf(hc[hc.length - 1]!.raw) + hc[hc.length - 1]!.raw.length));
      let scale: Table["scale"] = scaleOf(`${ctxText}\n${below}`);
      let currency = currencyOf(`${ctxText}\n${below}`);
      // a header whose own caption states no scale goes on under the last one's: a second table of one caption, a table continued from the page before
      if (!scale.word && open) {
        scale = open.scale;
        currency ??= open.currency;
      } else if (!scale.word && ctx.carry?.notes) {
        // …else the scale the notes state for all their tables
        scale = ctx.carry.notes.scale;
        currency ??= ctx.carry.notes.currency;
      }
      currency ??= scale.word && /\$/.test(text) ? "USD" : undefined;
      const shares = SHARES_SCALED.exec(`${ctxText}\n${below}`.replace(/\s+/g, " "));
      const counts = shares ? scaleOf(`in ${shares[1] ?? shares[2]}`).scale : open && !scaleOf(`${ctxText}\n${below}`).word ? open.counts : undefined;
      if (scale.word) open = { scale, currency, ...(counts ? { counts } : {}) };
      // "Revenue from external customers   2020   2019": words left of the periods name the table's measure
      const stub = headerStub(t, hc[0]!.raw);
      const title: string = wrapped && table ? table.title.split(" — ").filter((x) => x !== groups?.[0]?.line).join(" — ") : [...titleRun.filter((x) => x !== groups?.[0]?.line && !(groups && x === captionLine)), ...(stub && !groups ? [stub] : [])].join(" — ");
      table = { cols, ...(groups ? { groups: groups.map((g) => ({ ...g, title: [title, g.title].filter(Boolean).join(" — ") })) } : {}), width: hc.length, trailingWords: trailing, title, scale, ...(counts ? { counts } : {}), currency, block: [], line: li, rows: 0, header: { cols: hc, context: ctxText }, runs: wrapped && table ? table.runs + 1 : 1 };
      // "Full time equivalent headcount 70,456 72,970 …" printed right above its dates: the header's row, when it prints one figure a column
      // (a short run, every row one figure a column: the tail of a table whose header was not read is none)
      const fits = orphans.length <= 3 && orphans.every((o) => o.values.length === hc.length);
      if (!wrapped && hc.length >= 2 && fits && orphans.at(-1)?.line === li - 1) for (const o of orphans) pushRow(o.label, o.values, o.start, o.end, []);
      orphans = [];
      pendingLabel = null;
      lastText = null;
      continue;
    }
    // "70 %": the sign belongs to the figure before it
    const row = splitRow(t.replace(/(\d)\s+%/g, "$1%"));
    if (!row) {
      orphans = [];
      const above: TextLine | null = lastText && adjacentLine(text, lastText.end, L.start) ? lastText : null;
      // an unlabelled subtotal ("26,103 23,481 22,991") closes the group heading above it; figures printed under a
      // label wrapped over lines of its own are that label's
      // (a dash printed for nil is a cell too: "36,781 154 —")
      const bare = table && /^[\s$()\d,.\-–—%]+$/.test(t) && /\d/.test(t) ? withoutMarker(t.replace(/(\d)\s+%/g, "$1%").split(/\s+/), table.width).filter((x) => /\d/.test(x) || NIL_CELL.test(x)) : null;
      const bareLabel = table?.group ?? (above && !/:\s*$/.test(above.text) ? above.text : undefined);
      if (table && bare && bareLabel && bare.length >= table.width) {
        // read as every row's figures are ("7%" is a percent, "(50)" negative); a token that is no figure makes it no subtotal
        const values = bare.map((x) => parsePrintedNumber(x));
        const aligned = values.every((v): v is PrintedNumber => v !== null) ? alignValues(values, table.width, table.trailingWords, undefined, table.runs) : null;
        const from = above && above.text === bareLabel ? above.start : pendingLabel?.text === bareLabel ? pendingLabel.start : L.start;
        if (aligned) pushRow(bareLabel, aligned, from, L.end, [table.parent, table.section].filter((x): x is string => !!x));
        table.group = undefined;
        lastText = null;
        continue;
      }
      // figures of a heading that cannot be read as its row: the heading heads no row below them
      if (table && bare && table.group) {
        table.group = undefined;
        pendingLabel = null;
        lastText = null;
        continue;
      }
      // "(In millions)" printed under the period header, before the first row (under the column headings, as some
      // filers print it): the table's scale caption, no heading of its rows
      const scaleLine = table && !table.rows ? scaleCaption(t) : undefined;
      if (table && scaleLine) {
        if (!table.scale.word) {
          table.scale = scaleLine.scale;
          table.currency ??= currencyOf(t) ?? (/\$/.test(text) ? "USD" : undefined);
          open = { scale: table.scale, currency: table.currency, ...(table.counts ? { counts: table.counts } : {}) };
        }
        if (scaleLine.counts && !table.counts) {
          table.counts = scaleLine.counts;
          table.countsAll = scaleLine.all;
        }
        continue;
      }
      if (t.length > PROSE) {
        // prose ends a table (and its caption's scale); the heading above the prose still titles the next table of its section
        table = null;
        open = null;
        lastText = null;
        // …and a sentence ending in a colon ("The following table presents segment net income … (in millions):") titles the table below it
        const caption = /:\s*$/.test(t) && t.length <= CAPTION ? captionTitle(t) : "";
        if (caption) titleRun = [...(afterBreak ? [] : titleRun), (captionLine = caption)].slice(-3);
        afterBreak = !caption;
        continue;
      }
      // a page's running link back to the contents ("Table of Contents") titles nothing
      if (RUNNING_HEAD.test(t)) continue;
      // a line that goes on with the label line above it ("… on available-" / "for-sale securities …")
      if (above && /^\p{Ll}/u.test(t) && continuesLabel(above.text, t)) {
        const joined = joinLabel(above.text, t);
        if (table && table.group === above.text) table.group = joined;
        const heading = pendingLabel as Heading | null;
        if (heading && heading.text === above.text) pendingLabel = { text: joined, start: heading.start };
        lastText = { text: joined, start: above.start, end: L.end };
        continue;
      }
      lastText = { text: t, start: L.start, end: L.end };
      // a caption ending in a colon ("Net revenue by country, based on …, was as follows:") titles the table below it
      const caption = !table && /:\s*$/.test(t) && /^\p{Lu}/u.test(t) && /\p{L}{3,}/u.test(t);
      // (a heading ending in a colon, "% Sales by Region:", heads rows: no column piece)
      if (((HEADER_PIECE.test(t) && t.length <= 40) || STACKED_PIECE.test(t)) && !caption && !/:\s*$/.test(t)) {
        // "Percent" / "Change" printed under the periods, before any row: change columns follow them
        if (table && !table.rows && CHANGE_PIECE.test(t)) table.trailingWords = true;
        continue;
      }
      if (isHeading(t) || caption) {
        if (table && isCaps(t)) {
          // a heading in capitals starts another part of the table ("REVENUE BY SERVICE TYPE", "GEOGRAPHICAL INFORMATION")
          table.title = t;
          table.section = undefined;
          table.parent = undefined;
          table.group = undefined;
          table.block = [];
          pendingLabel = null;
        } else if (table) {
          if (/:\s*$/.test(t)) {
            // "Revenue by product category" then "Domestic:" under the header, no row between: the first names the whole table
            if (table.group && !table.rows && !table.section) table.title = [table.title, table.group].filter(Boolean).join(" — ");
            // nesting: "Air segment:" right over "Parcels:", no line between: the first heads the second and its siblings
            if (table.section && !table.sectionRows && table.sectionLine === li - 1) table.parent = table.section;
            table.section = t.replace(/\s*:\s*$/, "");
            table.sectionRows = 0;
            table.sectionLine = li;
            table.group = undefined;
          } else {
            table.group = t;
          }
          table.block = [];
          pendingLabel = /^[A-Za-z]/.test(t) && !/:\s*$/.test(t) ? { text: t, start: L.start } : null;
        }
        titleRun = afterBreak ? [t] : [...titleRun, t].slice(-3);
        afterBreak = false;
      }
      continue;
    }
    afterBreak = true;
    if (!table) {
      orphans.push({ label: row.label, values: row.values, start: L.start, end: L.end, line: li });
      continue;
    }
    let label = row.label;
    let start = L.start;
    // a label broken over lines ("Less: Accelerated Computing Systems and Graphics\nintersegment revenue (109) …",
    // "…, net of related\nrestructuring actions 0.02 …"): the line right above goes on into this row
    const above: TextLine | null = lastText && adjacentLine(text, lastText.end, L.start) ? lastText : null;
    const wrapped = above && continuesLabel(above.text, label) ? above : /^[a-z]/.test(label) && pendingLabel ? { ...pendingLabel, end: L.start } : null;
    if (wrapped) {
      label = joinLabel(wrapped.text, label);
      start = wrapped.start;
      if (table.group === wrapped.text) table.group = undefined;
    }
    pendingLabel = null;
    lastText = null;
    if (!table.rows && row.values.length === table.width && row.values.every((x) => x.percent)) table.pct = true;
    if (!table.layout && row.values.some((x) => x.percent) && row.values.filter((x) => !x.percent).length === table.width) {
      table.layout = { width: row.values.length, at: row.values.flatMap((x, i) => (x.percent ? [] : [i])) };
    }
    const aligned = alignValues(row.values, table.width, table.trailingWords, table.layout, table.runs);
    if (!aligned) continue;
    // "Percentage of total revenue" printed under "Subscription $ 1,646 …": that row's share, named by it
    const sharing = SHARE_ROW.test(label) && table.lastLabel ? [table.lastLabel] : [];
    const context = [table.parent, table.section, table.group, ...sharing].filter((x): x is string => !!x && x !== label);
    const idxs = pushRow(label, aligned, start, L.end, context);
    if (!SHARE_ROW.test(label)) table.lastLabel = label;
    // a trailing total names the measure of the rows above it ("U.S. … International … Total revenues")
    if (/^total\b/i.test(label)) {
      const hadSection = !!table.section;
      const closedHeading = table.section ?? "";
      const measure = label.replace(/^total\b\s*/i, "").trim();
      // "Total freight revenue" closes "Freight:"
      const closes = (h?: string) => !!h && words(h).every((w) => words(label).includes(w));
      const closed = closes(table.section);
      if (closed) table.section = undefined;
      // "Total Air segment" closes the heading over "Parcels:" and "Cargo:"
      else if (!table.section && closes(table.parent)) table.parent = undefined;
      // "Total foreign sales" closing "Foreign:" under "Sales:": the total names what the rows above measure
      if (closed && measure && words(label).some((w) => w !== "total" && !words(closedHeading).includes(w))) for (const i of table.block) if (!rows[i]!.facts.context.includes(label)) rows[i]!.facts.context.push(label);
      if (closes(table.group)) table.group = undefined;
      // (only where the table has no section headings of its own to say it)
      if (measure && !hadSection) for (const i of table.block) if (!rows[i]!.facts.context.includes(label)) rows[i]!.facts.context.push(label);
      table.block = [];
    } else {
      // "Consolidated gross margin" closes "Gross margin:" as a total does: the rows below are no part of it
      if (/^consolidated\b/i.test(label) && table.section && words(table.section).every((w) => words(label).includes(w))) table.section = undefined;
      table.block.push(...idxs);
    }
  }

  if (ctx.carry) ctx.carry.open = open && table ? { page: page.pageNumber, ...open } : undefined;

  /** One row of each table the printed row holds (one, or one per table printed side by side); their indexes. */
  function pushRow(label: string, values: PrintedNumber[], start: number, end: number, context: string[]): number[] {
    // text read off a chart ("$0.4" over "2016 2017 2018") is no row
    if (!table || !isRowLabel(label)) return [];
    table.rows++;
    table.sectionRows = (table.sectionRows ?? 0) + 1;
    if (!table.groups) return [pushOne(label, values, start, end, context, table.cols, table.title)];
    return table.groups.map((g, gi) => pushOne(label, values, start, end, context, table!.cols.filter((c) => c.group === gi), g.title));
  }

  function pushOne(label: string, values: PrintedNumber[], start: number, end: number, context: string[], cols: Table["cols"], title: string): number {
    if (!table) throw new Error("a row outside a table");
    const printed = text.slice(start, end);
    // "Sales (millions) $ 9,120": a row stating its own unit reads in it, whatever the header states
    const own = currencyScaleMark(label) ?? scaleOf(label);
    // …else a heading it sits under states one ("Revenues (in millions)"), where the table's caption states none
    const headed = !own.word && !table.scale.word ? scaleOf(context.join("\n")) : own;
    const scale = own.word ? own : headed.word ? headed : table.scale;
    // a count is printed whole unless its own label or the caption scales it ("Diluted shares (in millions)", "$ and shares in millions")
    const countScale = own.word ? own.scale : table.counts && (table.countsAll || SHARE_NOUN.test([label, ...context].join(" "))) ? table.counts : undefined;
    rows.push({
      facts: {
        label: label.replace(/\s*\((?:\d|[a-z])\)$/, "").trim(),
        context,
        title,
        row: printed,
        rowIndex: rowIndex++,
        scale: scale.scale,
        ...(scale.word ? { scaleWord: scale.word } : {}),
        header: cols.map((c) => c.header).join(" | "),
        months: cols[0]?.months ?? 12,
        columns: cols.flatMap((c) => (values[c.index] ? [{ ...c, value: values[c.index]!.raw }] : [])).map(({ index: _i, group: _g, ...c }) => c),
      },
      values,
      cols,
      start,
      end,
      table: { scale, currency: table.currency, pct: table.pct },
      ...(countScale ? { countScale } : {}),
    });
    return rows.length - 1;
  }

  const out: Candidate<PartFindingPayload>[] = [];
  // the headings (with their table) under which a row prints a currency sign
  const moneyBlocks = new Map<string, { currency?: string }>();
  for (const r of rows) {
    const block = `${r.facts.title}|${r.facts.context.filter((c) => !/^total\b/i.test(c)).join("|")}`;
    if (/[$€£]/.test(r.facts.row) && !moneyBlocks.has(block)) moneyBlocks.set(block, { currency: currencyOf(r.facts.row) });
    const excerpt = pickExcerpt(text, r.start, r.end, "line");
    if (!excerpt) continue;
    const name = [r.facts.label, ...r.facts.context.filter((c) => !/^total\b/i.test(c))].join(" — ");
    const measure = r.facts.context.find((c) => /^total\b/i.test(c));
    const metric = measure ? `${name} (${measure.replace(/^total\s+/i, "")})` : name;
    const scope = tableRowScope({ label: r.facts.label, context: r.facts.context, title: r.facts.title });
    for (const c of r.cols) {
      const v = r.values[c.index];
      if (!v || v.value === null) continue;
      const { unit, currency, perUnit } = unitOf(r.facts.label, r.facts.context, v, r.facts.row, r.table, moneyBlocks.get(block));
      const scale = unit === "currency" && !perUnit ? r.facts.scale : unit === "count" && r.countScale ? r.countScale : 1;
      out.push({
        candidateType: "finding",
        candidateKey: `${PART_KEY_PREFIX}p${page.pageNumber}:r${r.facts.rowIndex}:${c.period}:${c.months}`,
        payload: {
          metric: metric.slice(0, 200),
          metricKey: `${PART_KEY_PREFIX}${keySlug(name)}:p${page.pageNumber}r${r.facts.rowIndex}`,
          valueText: v.raw,
          valueNum: Math.round(v.value * scale * 1000) / 1000,
          unit,
          ...(currency && unit === "currency" ? { currency } : {}),
          period: c.period,
          ...(c.periodEnd ? { periodEnd: c.periodEnd } : {}),
          periodType: periodTypeOfMonths(c.months),
          periodMonths: c.months,
          ...(unit === "currency" && perUnit && scope.scope === "consolidated" && /\bshare\b/i.test(`${r.facts.label} ${r.facts.context.join(" ")}`) ? { scope: "per_share" as const } : scope),
          isForecast: false,
          domain: unit === "currency" ? "financial" : "operational",
          part: { ...r.facts, scale, header: c.header, months: c.months },
        },
        confidenceScore: 0.82,
        confidenceReason: `row "${r.facts.label}" of a table${r.facts.title ? ` under "${r.facts.title}"` : ""}${r.facts.context.length ? ` (${r.facts.context.join("; ")})` : ""}, column "${c.header}": a part or operating figure, not a statement line`,
        evidence: { text: excerpt, page: page.pageNumber },
        evidenceType: "formal",
      });
    }
  }
  return out;
}
