/**
 * Part tables whose columns are the parts: "Boston | New York | San Francisco | Washington, DC |
 * Total" over rows of measures, for one period named above the table ("For the year ended December
 * 31, 2015:"), or segment columns over rows of years under measure headings ("Revenue / 2023 $ 42,743
 * $ 33,507 …"). The PDF text breaks such headers across lines ("San\nFrancisco"), so each header
 * word is given to the value column whose centre is nearest its own, from the text spans' positions.
 * Each cell becomes one part finding (lib/extraction/findings/parts.ts), named by its row and column.
 */
import { alignSpans } from "@/lib/statements/positions";
import { durationGroups, headerColumns, labelColumn, monthNumber, isoDate, periodTypeOfMonths } from "@/lib/periods";
import { pickExcerpt } from "../citation";
import type { Candidate, ExtractionPage } from "../types";
import { parsePrintedNumber, type PrintedNumber } from "@/lib/metrics/printed-number";
import { currencyOf, scaleOf } from "./numbers";
import { isRowLabel } from "./row-labels";
import { PART_KEY_PREFIX, type PartFindingPayload } from "./parts";
import { tableRowScope } from "./scope";
import { isYearWord } from "@/lib/periods/years";

interface Line {
  text: string;
  start: number;
  end: number;
}

interface Cell {
  token: PrintedNumber;
  centre: number;
}

interface Row {
  line: Line;
  label: string;
  cells: Cell[];
}

const PROSE = 110;
/** Header words farther than this from every value column's centre belong to no column. */
const REACH = 60;

function linesOf(text: string): Line[] {
  const out: Line[] = [];
  let pos = 0;
  for (const l of text.split("\n")) {
    if (l.trim()) out.push({ text: l, start: pos, end: pos + l.length });
    pos += l.length + 1;
  }
  return out;
}

type Positioned = { start: number; length: number; x: number; width: number; y: number };

/** The span holding a character offset (spans sorted by start). */
function spanAt(spans: Positioned[], at: number): Positioned | undefined {
  let lo = 0, hi = spans.length - 1, found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]!.start <= at) { found = mid; lo = mid + 1; } else hi = mid - 1;
  }
  const sp = found >= 0 ? spans[found] : undefined;
  return sp && at < sp.start + Math.max(1, sp.length) ? sp : undefined;
}

/** A value row: a label (or a year) then figures, each with the centre of its span. */
function readRow(line: Line, spans: Positioned[]): Row | null {
  const cells: Cell[] = [];
  const re = /\S+/g;
  const toks: Array<{ t: string; at: number }> = [];
  for (const m of line.text.matchAll(re)) toks.push({ t: m[0], at: line.start + m.index });
  let i = toks.length - 1;
  for (; i >= 0; i--) {
    const { t, at } = toks[i]!;
    if (t === "$" || t === "€" || t === "£") continue;
    const n = parsePrintedNumber(t.replace(/^\$/, ""));
    if (!n || (i === 0 && isYearWord(t))) break;
    const sp = spanAt(spans, at);
    if (!sp) return null;
    cells.unshift({ token: n, centre: sp.x + sp.width / 2 });
  }
  const label = toks.slice(0, i + 1).map((x) => x.t).join(" ").trim();
  if (cells.length < 3 || !label || label.length > 90) return null;
  return { line, label, cells };
}

function headerWords(block: Line[], spans: Positioned[]): Array<{ text: string; centre: number; y: number }> {
  const out: Array<{ text: string; centre: number; y: number }> = [];
  for (const l of block) {
    for (const s of spans) {
      if (s.start >= l.end) break;
      if (s.start < l.start) continue;
      const text = l.text.slice(s.start - l.start, s.start - l.start + s.length).trim();
      if (text) out.push({ text, centre: s.x + s.width / 2, y: s.y });
    }
  }
  return out;
}

/** "For the year ended December 31, 2015:" → the period of a matrix printed under it. */
function periodOfTitle(t: string): { period: string; periodEnd?: string; months: number } | null {
  if (!/\bended\b|\bas of\b/i.test(t) || t.length > 120) return null;
  const cols = headerColumns(t);
  if (cols.length !== 1) return null;
  const d = durationGroups(t)[0];
  const asOf = /\bas of\b/i.test(t) && !d;
  const lab = labelColumn(cols[0]!, asOf ? "point" : d, undefined, {});
  return { period: lab.period, ...(lab.periodEnd ? { periodEnd: lab.periodEnd } : {}), months: asOf ? 0 : { FY: 12, Q: 3, H: 6, "9M": 9, point: 0 }[d ?? "FY"] };
}

/** Matrix tables of one page (needs the PDF text positions), one candidate per cell. */
export function extractMatrixFindings(page: ExtractionPage): Candidate<PartFindingPayload>[] {
  if (!page.spans?.length || !/\d/.test(page.text)) return [];
  const text = page.text;
  const spans = (alignSpans(text, page.spans as never) as unknown as Positioned[]).slice().sort((a, b) => a.start - b.start);
  const lines = linesOf(text);
  const rows = lines.map((l) => readRow(l, spans));
  // the fiscal year's last day, for rows of years ("for the years ended or as of May 31")
  const fye = /\b(?:ended|as of)\s+([A-Za-z]+)\.?\s+(\d{1,2})\b(?!,?\s*(?:19|20)\d\d)/i.exec(text);
  const fyeMonth = fye ? monthNumber(fye[1]!) : 0;
  const out: Candidate<PartFindingPayload>[] = [];
  let cellIndex = 0;
  for (let i = 0; i < lines.length; i++) {
    // a header block: up to 24 short lines without figures, right above the first value row (a section heading may sit between)
    if (rows[i] || lines[i]!.text.trim().length > 60) continue;
    let j = i;
    while (j < lines.length && j - i < 24 && !rows[j] && lines[j]!.text.trim().length <= 60 && !/\d{2,}/.test(lines[j]!.text)) j++;
    const first = rows[j];
    if (!first || j - i < 1) continue;
    let block = lines.slice(i, j);
    // a section heading right above the rows ("Rental Revenue:", "Revenue") is not a column name
    let section: string | undefined;
    const lastLine = block[block.length - 1]!;
    const lastWords = headerWords([lastLine], spans);
    if (lastWords.length === 1 && lastWords[0]!.centre < first.cells[0]!.centre - REACH) {
      section = lastLine.text.trim().replace(/\s*:$/, "");
      block = block.slice(0, -1);
    }
    const words = headerWords(block, spans);
    const n = first.cells.length;
    const centres = first.cells.map((c) => c.centre);
    const names: string[][] = centres.map(() => []);
    let stray = 0;
    for (const w of words) {
      const d = centres.map((c) => Math.abs(c - w.centre));
      const k = d.indexOf(Math.min(...d));
      if (d[k]! > REACH) stray++;
      else names[k]!.push(w.text);
    }
    if (names.some((x) => x.length === 0) || stray > 0 || words.some((w) => isYearWord(w.text))) {
      i = j - 1;
      continue;
    }
    const columns = names.map((x) => x.join(" ").replace(/\s+/g, " ").trim());
    const above = lines.slice(Math.max(0, i - 3), i).map((l) => l.text.trim());
    const titled = [...above].reverse().map(periodOfTitle).find((p) => p !== null) ?? null;
    const title = [...above].reverse().find((t) => /:\s*$/.test(t) && !periodOfTitle(t)) ?? "";
    const scale = scaleOf(above.join("\n"));
    const currency = currencyOf(`${above.join("\n")}\n${first.line.text}`);
    // rows of the matrix: until prose, a new period title or a row of another width
    for (let r = j; r < lines.length; r++) {
      const t = lines[r]!.text.trim();
      const row = rows[r];
      if (!row) {
        if (t.length > PROSE || periodOfTitle(t)) break;
        if (t.length <= 60 && !/\d{2,}/.test(t)) section = t.replace(/\s*:$/, "");
        continue;
      }
      if (row.cells.length !== n) break;
      const yearRow = isYearWord(row.label);
      const period = yearRow
        ? { period: `FY${row.label}`, ...(fyeMonth ? { periodEnd: isoDate(Number(row.label), fyeMonth, Number(fye![2])) } : {}), months: 12 }
        : titled;
      if (!period) continue;
      const excerpt = pickExcerpt(text, row.line.start, row.line.end, "line");
      if (!excerpt) continue;
      row.cells.forEach((c, k) => {
        if (c.token.value === null) return;
        const column = columns[k]!;
        if (/^total$/i.test(column) && yearRow) return;
        // a chart's bar values over its axis years ("$0.4" over "2016 2017 2018") name no row nor column
        if (!isRowLabel(column) || (!yearRow && !isRowLabel(row.label))) return;
        const label = yearRow ? column : `${row.label} — ${column}`;
        const context = section ? [section] : [];
        const perUnit = /\bper\s+\p{L}/iu.test(`${row.label} ${section ?? ""}`);
        const unit = c.token.percent ? "percent" : "currency";
        const s = unit === "currency" && !perUnit ? scale.scale : 1;
        const rowIndex = 10000 + cellIndex++;
        out.push({
          candidateType: "finding",
          candidateKey: `${PART_KEY_PREFIX}p${page.pageNumber}:m${rowIndex}:${period.period}:${period.months}`,
          payload: {
            metric: `${label}${section ? ` (${section})` : ""}`.slice(0, 200),
            metricKey: `${PART_KEY_PREFIX}${label.toLowerCase().replace(/[^a-z0-9]+/g, "_").slice(0, 60)}:p${page.pageNumber}m${rowIndex}`,
            valueText: c.token.raw,
            valueNum: Math.round((c.token.value ?? 0) * s * 1000) / 1000,
            unit,
            ...(unit === "currency" && currency ? { currency } : {}),
            period: period.period,
            ...(period.periodEnd ? { periodEnd: period.periodEnd } : {}),
            periodType: periodTypeOfMonths(period.months),
            periodMonths: period.months,
            // the column names the part ("Boston", "Total"); the row names the measure
            ...tableRowScope({ label: column, context: [...context, row.label], title }),
            isForecast: false,
            domain: "financial",
            part: {
              label,
              context,
              title,
              row: text.slice(row.line.start, row.line.end),
              rowIndex,
              scale: s,
              ...(scale.word ? { scaleWord: scale.word } : {}),
              header: column,
              months: period.months,
              columns: [{ period: period.period, ...(period.periodEnd ? { periodEnd: period.periodEnd } : {}), months: period.months, header: yearRow ? row.label : column, value: c.token.raw }],
            },
          },
          confidenceScore: 0.82,
          confidenceReason: `cell of row "${row.label}" and column "${column}" of a table of parts${section ? ` (${section})` : ""}, ${period.period}`,
          evidence: { text: excerpt, page: page.pageNumber },
          evidenceType: "formal",
        });
      });
    }
    i = j;
  }
  return out;
}
