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
import { nearestDurations, endedOnDayOf, fiscalEndOf, headerColumns, labelColumn, periodTypeOfMonths, withoutColumnTokens, type Duration, type PeriodColumn } from "@/lib/periods";
import { pickExcerpt } from "../citation";
import type { Candidate, ExtractionPage, FindingPayload } from "../types";
import { parsePrintedNumber, type PrintedNumber } from "@/lib/metrics/printed-number";
import { currencyOf, scaleOf } from "./numbers";
import { tableRowScope } from "./scope";
import { isRowLabel } from "./row-labels";
import { prepareLines, splitRow } from "./tables";
import { adjacentLine, continuesLabel, joinLabel } from "./wrapped-labels";

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

/** "Percentage Leased and Average Annualized Revenue per Square Foot for In-Service Properties": a longer heading in title case. */
function isTitleCase(t: string): boolean {
  const ws = t.split(/\s+/).filter((w) => /^\p{L}{4,}/u.test(w));
  return ws.length >= 3 && ws.filter((w) => /^\p{Lu}/u.test(w)).length >= ws.length * 0.7;
}

/** Pieces of a column header printed on their own line ("Percent Percent of Revenue", "Increase/(Decrease)"). */
const HEADER_PIECE = /^(?:percent(?:age)?|%|change|amount|inc(?:rease)?\s*\/|increase|decrease|as a %|variance|growth|years? ended|three months|six months|nine months|twelve months|quarters? ended)\b/i;

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

function slug(s: string): string {
  return s.toLowerCase().replace(/&/g, " and ").replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 60) || "row";
}

/** The header's period columns, or null when the line is not a period header. */
function readHeader(t: string): PeriodColumn[] | null {
  const cols = headerColumns(t);
  if (!cols.length) return null;
  const rest = withoutColumnTokens(t);
  if (/\d/.test(rest.replace(/\(\d\)/g, ""))) return null;
  const words = rest.replace(/[()\-–,.%$/]/g, " ").trim();
  if (words.length > 80) return null;
  // one year alone with many words is a sentence or a title naming a year, not a header
  if (cols.length === 1 && words.length > 30) return null;
  return cols;
}

/**
 * Values of a row matched to the header's columns: change and percent-of columns after the periods
 * are left out; percent columns between them ("$ 5,000 70 % $ 4,500 69 % 11 %") are learnt from the
 * first row that prints its percent signs and left out of the rows below that print none.
 */
function alignValues(values: PrintedNumber[], cols: number, trailingWords: boolean, layout?: { width: number; at: number[] }): PrintedNumber[] | null {
  let v = values;
  // a footnote marker printed after the label ("Percentage leased (1) 91.4% …")
  if (v.length === cols + 1 && /^\(\d\)$/.test(v[0]!.raw)) v = v.slice(1);
  if (v.length === cols) return v;
  const noPct = v.filter((x) => !x.percent);
  if (noPct.length === cols && v.some((x) => x.percent)) return noPct;
  if (layout && v.length === layout.width) return layout.at.map((i) => v[i]!);
  // "Revenue $ 33,507 $ 33,232 1 100.0 % 100.0 %" under "2023 2022 Percent Change Percent of Revenue"
  if (trailingWords && v.length > cols) return v.slice(0, cols);
  return null;
}

interface Heading {
  text: string;
  start: number;
}


interface Table {
  cols: Array<PartColumn & { index: number }>;
  width: number;
  trailingWords: boolean;
  title: string;
  scale: { scale: number; word?: string };
  currency?: string;
  section?: string;
  group?: string;
  /** Rows since the last total, for a trailing total that names their measure. */
  block: number[];
  /** The first row printed every value with a percent sign: the rows below are percentages too. */
  pct?: boolean;
  /** Where the period values sit in rows that also print percent columns. */
  layout?: { width: number; at: number[] };
  /** Line index of the header, and rows read under it. */
  line: number;
  rows: number;
}

export interface PartContext {
  fiscalYear?: number | null;
  fiscalPeriod?: string | null;
}

interface RowOut {
  facts: PartFacts;
  values: PrintedNumber[];
  cols: Table["cols"];
  start: number;
  end: number;
  table: Pick<Table, "scale" | "currency" | "pct">;
}

function columnsOf(headerCols: PeriodColumn[], ctxText: string, ctx: PartContext): Table["cols"] {
  let cols = headerCols;
  const durations = nearestDurations(ctxText);
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
    const asOf = !dur && col.month !== undefined && /\bas of\b|\bat\b/i.test(ctxText);
    const lab = labelColumn(col, asOf ? "point" : dur, fiscalEnd, { fiscalYear: ctx.fiscalYear, fiscalPeriod: ctx.fiscalPeriod, latestYear });
    const months = asOf ? 0 : MONTHS_OF[dur ?? "FY"];
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

function unitOf(label: string, context: string[], v: PrintedNumber, row: string, table: Pick<Table, "scale" | "currency" | "pct">): { unit: FindingPayload["unit"]; currency?: string; perUnit?: boolean } {
  if (v.percent || table.pct || /%|\bpercent(?:age)?\b|\bmargin\b|\brate\b/i.test(label)) return { unit: "percent" };
  const about = `${label} ${context.join(" ")}`;
  // "Basic" under "Earnings per common share:": an amount per share, whatever scale the table's header states
  if (PER_UNIT.test(label) || context.some((c) => PER_SHARE.test(c))) return { unit: "currency", currency: table.currency ?? currencyOf(row) ?? (/\$/.test(row) ? "USD" : undefined), perUnit: true };
  if (/\$|€|£/.test(row) || (table.currency && table.scale.word && !/\b(?:number|employees|headcount|volume|shipments|packages|pounds|units|stores|restaurants|locations|customers|shares|square feet|sq\.? ?ft)\b/i.test(about))) {
    return { unit: "currency", currency: table.currency ?? currencyOf(row) };
  }
  return { unit: "count" };
}

/** Part/operating table rows of one page (not a statement page), one candidate per row × period column. */
export function extractPartFindings(page: ExtractionPage, ctx: PartContext = {}): Candidate<PartFindingPayload>[] {
  const text = page.text;
  if (!/\d/.test(text)) return [];
  const lines = prepareLines(text);
  const rows: RowOut[] = [];
  let table: Table | null = null;
  // the run of headings above a table ("Example Corporation / Supplemental Operating Segment Results / Three Months Ended"): its title
  let titleRun: string[] = [];
  let afterBreak = true;
  let pendingLabel: Heading | null = null;
  /** The last line of text (no figures) read, which a row's label may continue. */
  type TextLine = { text: string; start: number; end: number };
  let lastText = null as TextLine | null;
  let rowIndex = 0;
  for (let li = 0; li < lines.length; li++) {
    const L = lines[li]!;
    const t = L.text.trim();
    const hc = readHeader(t);
    if (hc) {
      // a second header line right under the first ("2023 2022 Percent Change Percent of Revenue" / "2023 2022"): the first names the periods
      if (table && !table.rows && li - table.line <= 2) {
        table.trailingWords = true;
        table.line = li;
        // "December 31, 2018 versus" over "(Millions) 2018 2017 2017": the second line may be the one stating the scale
        if (!table.scale.word && scaleOf(t).word) table.scale = scaleOf(t);
        continue;
      }
      const ctxText = lines.slice(Math.max(0, li - 6), li + 1).map((x) => x.text).join("\n");
      const below = lines.slice(li + 1, li + 3).filter((x) => !splitRow(x.text.trim())).map((x) => x.text).join("\n");
      const cols = columnsOf(hc, ctxText, ctx);
      // words after the last period, or a period printed twice ("2023 2022 Change 2023 2022"): change and share columns follow the periods
      const trailing = cols.length < hc.length || /\p{L}{3,}/u.test(t.slice(t.lastIndexOf(hc[hc.length - 1]!.raw) + hc[hc.length - 1]!.raw.length));
      const scale = scaleOf(`${ctxText}\n${below}`);
      table = { cols, width: hc.length, trailingWords: trailing, title: titleRun.join(" — "), scale, currency: currencyOf(`${ctxText}\n${below}`) ?? (scale.word && /\$/.test(text) ? "USD" : undefined), block: [], line: li, rows: 0 };
      pendingLabel = null;
      lastText = null;
      continue;
    }
    // "70 %": the sign belongs to the figure before it
    const row = splitRow(t.replace(/(\d)\s+%/g, "$1%"));
    if (!row) {
      const above: TextLine | null = lastText && adjacentLine(text, lastText.end, L.start) ? lastText : null;
      // an unlabelled subtotal ("26,103 23,481 22,991") closes the group heading above it; figures printed under a
      // label wrapped over lines of its own are that label's
      const bare = table && /^[\s$()\d,.\-–—%]+$/.test(t) && /\d/.test(t) ? t.split(/\s+/).filter((x) => /\d/.test(x)) : null;
      const bareLabel = table?.group ?? (above && !/:\s*$/.test(above.text) ? above.text : undefined);
      if (table && bare && bareLabel && bare.length >= table.width) {
        // read as every row's figures are ("7%" is a percent, "(50)" negative); a token that is no figure makes it no subtotal
        const values = bare.map((x) => parsePrintedNumber(x));
        const aligned = values.every((v): v is PrintedNumber => v !== null) ? alignValues(values, table.width, table.trailingWords) : null;
        const from = above && above.text === bareLabel ? above.start : L.start;
        if (aligned) pushRow(bareLabel, aligned, from, L.end, [table.section ?? ""].filter(Boolean));
        table.group = undefined;
        lastText = null;
        continue;
      }
      if (t.length > PROSE) {
        // prose ends a table; the heading above the prose still titles the next table of its section
        table = null;
        afterBreak = true;
        lastText = null;
        continue;
      }
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
      if (HEADER_PIECE.test(t) && t.length <= 40 && !caption) continue;
      if (isHeading(t) || caption) {
        if (table && isCaps(t)) {
          // a heading in capitals starts another part of the table ("REVENUE BY SERVICE TYPE", "GEOGRAPHICAL INFORMATION")
          table.title = t;
          table.section = undefined;
          table.group = undefined;
          table.block = [];
          pendingLabel = null;
        } else if (table) {
          if (/:\s*$/.test(t)) {
            table.section = t.replace(/\s*:\s*$/, "");
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
    if (!table) continue;
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
    const aligned = alignValues(row.values, table.width, table.trailingWords, table.layout);
    if (!aligned) continue;
    const context = [table.section, table.group].filter((x): x is string => !!x && x !== label);
    const idx = pushRow(label, aligned, start, L.end, context);
    // a trailing total names the measure of the rows above it ("U.S. … International … Total revenues")
    if (/^total\b/i.test(label)) {
      const hadSection = !!table.section;
      // "Total freight revenue" closes "Freight:"
      const closes = (h?: string) => !!h && words(h).every((w) => words(label).includes(w));
      if (closes(table.section)) table.section = undefined;
      if (closes(table.group)) table.group = undefined;
      const measure = label.replace(/^total\b\s*/i, "").trim();
      // (only where the table has no section headings of its own to say it)
      if (measure && !hadSection) for (const i of table.block) if (!rows[i]!.facts.context.includes(label)) rows[i]!.facts.context.push(label);
      table.block = [];
    } else if (idx !== null) table.block.push(idx);
  }

  function pushRow(label: string, values: PrintedNumber[], start: number, end: number, context: string[]): number | null {
    // text read off a chart ("$0.4" over "2016 2017 2018") is no row
    if (!table || !isRowLabel(label)) return null;
    table.rows++;
    const cols = table.cols;
    const printed = text.slice(start, end);
    rows.push({
      facts: {
        label: label.replace(/\s*\(\d\)$/, "").trim(),
        context,
        title: table.title,
        row: printed,
        rowIndex: rowIndex++,
        scale: table.scale.scale,
        ...(table.scale.word ? { scaleWord: table.scale.word } : {}),
        header: cols.map((c) => c.header).join(" | "),
        months: cols[0]?.months ?? 12,
        columns: cols.flatMap((c) => (values[c.index] ? [{ ...c, value: values[c.index]!.raw }] : [])).map(({ index: _i, ...c }) => c),
      },
      values,
      cols,
      start,
      end,
      table: { scale: table.scale, currency: table.currency, pct: table.pct },
    });
    return rows.length - 1;
  }

  const out: Candidate<PartFindingPayload>[] = [];
  for (const r of rows) {
    const excerpt = pickExcerpt(text, r.start, r.end, "line");
    if (!excerpt) continue;
    const name = [r.facts.label, ...r.facts.context.filter((c) => !/^total\b/i.test(c))].join(" — ");
    const measure = r.facts.context.find((c) => /^total\b/i.test(c));
    const metric = measure ? `${name} (${measure.replace(/^total\s+/i, "")})` : name;
    const scope = tableRowScope({ label: r.facts.label, context: r.facts.context, title: r.facts.title });
    for (const c of r.cols) {
      const v = r.values[c.index];
      if (!v || v.value === null) continue;
      const { unit, currency, perUnit } = unitOf(r.facts.label, r.facts.context, v, r.facts.row, r.table);
      const scale = unit === "currency" && !perUnit ? r.facts.scale : 1;
      out.push({
        candidateType: "finding",
        candidateKey: `${PART_KEY_PREFIX}p${page.pageNumber}:r${r.facts.rowIndex}:${c.period}:${c.months}`,
        payload: {
          metric: metric.slice(0, 200),
          metricKey: `${PART_KEY_PREFIX}${slug(name)}:p${page.pageNumber}r${r.facts.rowIndex}`,
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
