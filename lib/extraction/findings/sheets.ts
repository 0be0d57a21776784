/**
 * Spreadsheet cells: a header row of period cells ("FY2023A", "Q3 2024A", "2024") gives the
 * period of each column; the row's label cell (leftmost text) gives the metric. A header cell
 * naming a metric and a period ("Q3 2024 revenue (EUR thousands)") with a "Total" row works too.
 */
import { pickCellExcerpt } from "../citation";
import type { Candidate, ExtractionPage, FindingPayload } from "../types";
import { forecastQualifier, metricKeyOf, PROSE_METRICS } from "./metrics";
import { currencyOf, scaleOf } from "./numbers";
import { headerColumns, labelColumn, type PeriodColumn } from "@/lib/periods";

interface Cell { ref: string; value: string; num?: number; start: number; row: number; col: number }

function parseRef(ref: string): { row: number; col: number } | null {
  const m = /!\$?([A-Z]{1,3})\$?(\d+)$/.exec(ref);
  if (!m) return null;
  let col = 0;
  for (const ch of m[1]!) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { row: Number(m[2]), col };
}

export function extractSheetFindings(page: ExtractionPage, ctx: { forecastDoc?: boolean; filename?: string }): Candidate<FindingPayload>[] {
  const cells: Cell[] = [];
  for (const c of page.cells ?? []) {
    const p = parseRef(c.ref);
    if (p) cells.push({ ...c, ...p });
  }
  if (!cells.length) return [];
  const rows = new Map<number, Cell[]>();
  for (const c of cells) (rows.get(c.row) ?? rows.set(c.row, []).get(c.row)!).push(c);
  const rowNums = [...rows.keys()].sort((a, b) => a - b);
  const sheetName = page.label ?? "";
  const out: Candidate<FindingPayload>[] = [];
  let header: Map<number, PeriodColumn> | null = null;
  let headerRow = 0;
  let metricCols = new Map<number, { key: string; period?: PeriodColumn; scale: number; currency?: string; domain: FindingPayload["domain"]; raw: string }>();
  const topText = rowNums.filter((r) => r <= 3).flatMap((r) => rows.get(r)!.map((c) => c.value)).join(" ");
  // a forecast by its sheet, its file or its title rows ("Budget 2025"); a column's own A/F flag still wins
  const forecastSheet = /forecast|budget|plan\b|prognos/i.test(`${sheetName} ${ctx.filename ?? ""}`) || /\b(?:forecast|budget|prognos|guidance)\b/i.test(topText);
  for (const r of rowNums) {
    const rc = rows.get(r)!.sort((a, b) => a.col - b.col);
    // header row: ≥ 1 cells that are pure period tokens
    // (a period cell may carry its nature: "Budget 2024", "2025 Forecast", "Actual 2023")
    const periodCells = rc.filter((c) => c.num === undefined && headerColumns(c.value).length === 1 && c.value.replace(/(?:Q[1-4]|H[12]|6M|9M|FY|fiscal(?:\s+year)?)?\s?(?:19|20)\d\d[AFEB]?/i, "").replace(/\b(?:budget(?:ed)?|forecast|fcst|plan|outlook|guidance|projected|estimate[ds]?|prognos|actuals?|outcome|reported|audited|utfall)\b/gi, "").replace(/[\s():-]+/g, "").length === 0);
    if (periodCells.length >= 1 && rc.filter((c) => c.num !== undefined).length === 0) {
      header = new Map(periodCells.map((c) => [c.col, headerColumns(c.value)[0]!]));
      headerRow = r;
      continue;
    }
    // header cells naming metric + period ("Q3 2024 revenue (EUR thousands)")
    const mc = rc.filter((c) => c.num === undefined && headerColumns(c.value).length === 1 && PROSE_METRICS.some((m) => m.re.test(c.value)) && c.value.length < 80);
    if (mc.length && rc.filter((c) => c.num !== undefined).length === 0) {
      metricCols = new Map();
      for (const c of mc) {
        const pm = PROSE_METRICS.find((m) => m.re.test(c.value))!;
        if (/share of|%|growth/i.test(c.value)) continue;
        metricCols.set(c.col, { key: pm.key, period: headerColumns(c.value)[0], scale: scaleOf(c.value).scale, currency: currencyOf(c.value), domain: pm.domain, raw: c.value });
      }
    }
    const labelCell = rc.find((c) => c.num === undefined && /[A-Za-zÅÄÖåäö]/.test(c.value));
    if (!labelCell) continue;
    const fq = forecastQualifier(labelCell.value.replace(/\s*\((?![^)]*(?:budget|forecast))[^)]*\)\s*$/i, ""));
    const rule = metricKeyOf(fq.label.replace(/\s*\([^)]*\)\s*$/, ""));
    if (rule && header) {
      const scaleText = rowNums.filter((x) => x < headerRow).flatMap((x) => rows.get(x)!.map((c) => c.value)).join(" ") || topText;
      const sc = scaleOf(`${scaleText} ${labelCell.value}`);
      for (const c of rc) {
        if (c.num === undefined || c === labelCell) continue;
        const col = header.get(c.col);
        if (!col) continue;
        const percent = /%$/.test(c.value.trim());
        let metricKey = rule.key;
        let unit: FindingPayload["unit"] = rule.unit ?? "currency";
        if (percent) { unit = "percent"; metricKey = rule.key === "gross_margin" ? "gross_margin" : rule.key; }
        else if (metricKey === "gross_margin") metricKey = "gross_profit";
        if (unit === "percent" && metricKey !== "gross_margin") continue;
        const lab = labelColumn(col, "FY", undefined, {});
        const valueNum = unit === "currency" ? Math.round(c.num * sc.scale * 1000) / 1000 : percent && Math.abs(c.num) <= 1 ? c.num * 100 : c.num;
        const excerpt = pickCellExcerpt(page, c.ref);
        if (!excerpt) continue;
        const isForecast = lab.isForecast ?? (fq.forecast || forecastSheet);
        out.push({
          candidateType: "finding",
          candidateKey: `${metricKey}|${lab.period}|p${page.pageNumber}|${c.ref}`,
          payload: { metric: labelCell.value, metricKey, valueText: c.value, valueNum, unit, currency: unit === "currency" ? currencyOf(scaleText) : undefined, period: lab.period, periodEnd: lab.periodEnd, isForecast, domain: rule.domain },
          confidenceScore: sc.word || unit !== "currency" ? 0.95 : 0.75,
          confidenceReason: `cell ${c.ref}: row "${labelCell.value}", column "${col.raw}"${sc.word ? `, ${sc.word}` : "; no scale stated"}`,
          evidence: { text: excerpt, page: page.pageNumber, cell: c.ref },
          evidenceType: "formal",
        });
      }
    }
    if (metricCols.size && /^total\b/i.test(labelCell.value)) {
      for (const c of rc) {
        const m = metricCols.get(c.col);
        if (!m || c.num === undefined || !m.period) continue;
        const lab = labelColumn(m.period, "FY", undefined, {});
        const excerpt = pickCellExcerpt(page, c.ref);
        if (!excerpt) continue;
        out.push({
          candidateType: "finding",
          candidateKey: `${m.key}|${lab.period}|p${page.pageNumber}|${c.ref}`,
          payload: { metric: m.raw, metricKey: m.key, valueText: c.value, valueNum: Math.round(c.num * m.scale * 1000) / 1000, unit: "currency", currency: m.currency, period: lab.period, periodEnd: lab.periodEnd, isForecast: forecastSheet, domain: m.domain },
          confidenceScore: 0.9,
          confidenceReason: `cell ${c.ref}: "${labelCell.value}" row of column "${m.raw}"`,
          evidence: { text: excerpt, page: page.pageNumber, cell: c.ref },
          evidenceType: "formal",
        });
      }
    }
  }
  return out;
}
