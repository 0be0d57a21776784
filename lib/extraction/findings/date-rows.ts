/**
 * Tables whose rows are dates: "Current Noncurrent Total" over "As of April 30, 2023 $ 24.1 $ 22.6
 * $ 46.7", "As of January 31, 2023 24.6 24.0 48.6" … (a balance tracked quarter end by quarter end).
 * The header names the measures, each row is a balance at its date. Each cell becomes one part
 * finding (lib/extraction/findings/parts.ts): its measure is the column, its period the row's date,
 * and the table's heading and caption title it, as they title any part table.
 */
import { headerColumns, MONTH, periodTypeOfMonths } from "@/lib/periods";
import { pickExcerpt } from "../citation";
import type { Candidate, ExtractionPage } from "../types";
import type { PrintedNumber } from "@/lib/metrics/printed-number";
import { pointLabel } from "./column-periods";
import { currencyOf, scaleOf } from "./numbers";
import { PART_KEY_PREFIX, type PartFacts, type PartFindingPayload } from "./parts";
import { tableRowScope } from "./scope";
import { prepareLines, splitRow } from "./tables";
import { keySlug } from "./key-slug";

/** A row labelled by a date alone ("As of April 30, 2023", "At December 31, 2022", "April 30, 2023"), then its figures. */
const DATE_LABEL = new RegExp(`^(?:(?:as of|at|balances? (?:as of|at))\\s+)?${MONTH}\\.?\\s+\\d{1,2},?\\s+(?:19|20)\\d\\d(?=\\s)`, "i");

/** A header of measures: two to six words, no figures ("Current Noncurrent Total"). */
function measures(t: string): string[] | null {
  if (/\d/.test(t) || t.length > 60 || /[.:;]$/.test(t)) return null;
  const words = t.split(/\s+/).filter(Boolean);
  return words.length >= 2 && words.length <= 6 && words.every((w) => /^\p{Lu}[\p{L}-]*$/u.test(w)) ? words : null;
}

interface DateRow {
  start: number;
  end: number;
  period: string;
  periodEnd: string;
  header: string;
  values: PrintedNumber[];
}

/** A date row's values, when it prints one per measure. */
function dateRow(line: { text: string; start: number; end: number }, width: number, fyEnd: number | undefined): DateRow | null {
  const t = line.text.trim();
  const label = DATE_LABEL.exec(t)?.[0];
  // (the date is the label: its year is no figure)
  const row = label ? splitRow(`row ${t.slice(label.length)}`) : null;
  if (!label || !row || row.label !== "row" || row.values.length !== width) return null;
  const col = headerColumns(label)[0];
  if (!col || col.month === undefined || col.day === undefined) return null;
  return { start: line.start, end: line.end, ...pointLabel(col, fyEnd), header: col.raw, values: row.values };
}

/**
 * The table's title: the caption right above its header ("… consisted of the following (in billions):")
 * and the nearest heading above that, past the prose between them ("Remaining Performance Obligation").
 */
function titleAbove(lines: Array<{ text: string }>, at: number): string {
  const out: string[] = [];
  let i = at - 1;
  const caption = lines[i]?.text.trim();
  if (caption && /:\s*$/.test(caption) && caption.length <= 110) {
    out.push(caption.replace(/\s*:\s*$/, ""));
    i--;
  }
  for (let k = 0; i >= 0 && k < 10; i--, k++) {
    const t = lines[i]!.text.trim();
    if (/\d{2,}/.test(t)) break;
    if (t.length <= 70 && /^\p{Lu}/u.test(t) && !/[.;,:]$/.test(t)) {
      out.unshift(t);
      break;
    }
  }
  return out.join(" — ");
}

/** Date-row tables of one page, one candidate per cell. */
export function extractDateRowFindings(page: ExtractionPage, ctx: { fiscalYearEndMonth?: number } = {}): Candidate<PartFindingPayload>[] {
  if (!/\d/.test(page.text) || !DATE_HINT.test(page.text)) return [];
  const text = page.text;
  const lines = prepareLines(text);
  const out: Candidate<PartFindingPayload>[] = [];
  for (let li = 0; li < lines.length; li++) {
    const names = measures(lines[li]!.text.trim());
    if (!names) continue;
    const rows: DateRow[] = [];
    for (let j = li + 1; j < lines.length; j++) {
      const r = dateRow(lines[j]!, names.length, ctx.fiscalYearEndMonth);
      if (!r) break;
      rows.push(r);
    }
    if (rows.length < 2) continue;
    const title = titleAbove(lines, li);
    const scale = scaleOf(title);
    const currency = currencyOf(title) ?? (/\$/.test(text.slice(rows[0]!.start, rows[0]!.end)) ? "USD" : undefined);
    names.forEach((name, ci) => out.push(...cellsOf(text, page.pageNumber, { name, ci, title, rows, scale, currency, line: li })));
    li += rows.length;
  }
  return out;
}

const DATE_HINT = new RegExp(`^(?:as of|at)?\\s*${MONTH}\\.?\\s+\\d{1,2},?\\s+(?:19|20)\\d\\d\\s+\\$?\\s*[\\d(]`, "im");

interface Column {
  name: string;
  ci: number;
  title: string;
  rows: DateRow[];
  scale: { scale: number; word?: string };
  currency?: string;
  line: number;
}

/** One finding per date of a measure column. */
function cellsOf(text: string, pageNumber: number, c: Column): Candidate<PartFindingPayload>[] {
  const columns: PartFacts["columns"] = c.rows.map((r) => ({ period: r.period, periodEnd: r.periodEnd, months: 0, header: r.header, value: r.values[c.ci]!.raw }));
  const scope = tableRowScope({ label: c.name, context: [], title: c.title });
  const out: Candidate<PartFindingPayload>[] = [];
  c.rows.forEach((r, ri) => {
    const v = r.values[c.ci]!;
    const excerpt = pickExcerpt(text, r.start, r.end, "line");
    if (v.value === null || !excerpt) return;
    const unit = v.percent ? "percent" : "currency";
    const scale = unit === "currency" ? c.scale.scale : 1;
    const facts: PartFacts = { label: c.name, context: [], title: c.title, row: text.slice(r.start, r.end), rowIndex: c.line * 10 + c.ci, scale, ...(c.scale.word ? { scaleWord: c.scale.word } : {}), header: r.header, months: 0, columns };
    out.push({
      candidateType: "finding",
      candidateKey: `${PART_KEY_PREFIX}p${pageNumber}:d${c.line}:${c.ci}:${ri}`,
      payload: {
        metric: [c.name, c.title].filter(Boolean).join(" — ").slice(0, 200),
        metricKey: `${PART_KEY_PREFIX}${keySlug(`${c.title} ${c.name}`)}:p${pageNumber}d${c.line}c${c.ci}`,
        valueText: v.raw,
        valueNum: Math.round(v.value * scale * 1000) / 1000,
        unit,
        ...(unit === "currency" && c.currency ? { currency: c.currency } : {}),
        period: r.period,
        periodEnd: r.periodEnd,
        periodType: periodTypeOfMonths(0),
        periodMonths: 0,
        ...scope,
        isForecast: false,
        domain: unit === "currency" ? "financial" : "operational",
        part: facts,
      },
      confidenceScore: 0.82,
      confidenceReason: `column "${c.name}" of a table of dates${c.title ? ` under "${c.title}"` : ""}, row "${r.header}": a balance at that date`,
      evidence: { text: excerpt, page: pageNumber },
      evidenceType: "formal",
    });
  });
  return out;
}
