/**
 * The period a question asks for, read against the periods the data actually has ("Q3" → the
 * latest Q3, "last year" → the last full year reported), with the periods the documents
 * themselves cover as a second source for relative requests.
 */
import type { Queryable } from "@/lib/db";
import { matchesEnded, parsePeriod, readPeriodRequest, resolvePeriod, type Period, type ResolvedPeriod } from "@/lib/periods";
import { availablePeriods } from "./findings";

export interface DocumentPeriod {
  id: string;
  period: string;
}

export interface AskedPeriod {
  resolved: ResolvedPeriod;
  /** The label of the period asked for, when one was understood. */
  wanted?: string;
  /** The words that named a period by its end date ("three months ended October 31, 2022"): noise for a search by likeness. */
  endedPhrase?: string;
  docPeriods: DocumentPeriod[];
}

/**
 * `text` is the tool's period argument, or the question; `keys` the metrics asked about;
 * `documentIds` the documents to read periods from (a named company's), else the whole deal.
 */
export async function askedPeriod(db: Queryable, dealId: string, text: string, keys: string[], documentIds?: string[]): Promise<AskedPeriod> {
  const req = readPeriodRequest(text);
  const available = await availablePeriods(db, dealId, keys.length ? keys : undefined, documentIds);
  let resolved = resolvePeriod(req, available);
  if (req.exact?.endedOn) resolved = await endedAsFiscal({ db, dealId, asked: req.exact, phrase: req.phrase ?? req.exact.label, documentIds });
  const docPeriods = await documentPeriods(db, dealId, documentIds);
  if (!resolved.period && (req.partial || req.relative)) resolved = resolvePeriod(req, docPeriods.map((d) => d.period));
  return { resolved, wanted: resolved.period?.label, docPeriods, ...(req.exact?.endedOn && req.phrase ? { endedPhrase: req.phrase } : {}) };
}

/**
 * A period asked by its last day ("the three months ended October 31, 2022") as the findings name
 * it: the fiscal label ("Q3 2023") of findings of that length ending that day. None found: the
 * period stays as asked, so nothing of another period answers it.
 */
async function endedAsFiscal(a: { db: Queryable; dealId: string; asked: Period; phrase: string; documentIds?: string[] }): Promise<ResolvedPeriod> {
  const rows = await periodsEndingOn(a.db, { dealId: a.dealId, end: a.asked.end, documentIds: a.documentIds });
  const labels = [...new Set(rows.filter((r) => matchesEnded(a.asked, r.period, r.periodEnd)).map((r) => r.period))];
  const fiscal = labels.length === 1 ? parsePeriod(labels[0]) : undefined;
  if (!fiscal) return { period: a.asked };
  return { period: fiscal, note: `${fiscal.label} (${a.phrase.trim()}, as the filings label it)` };
}

/** Finding periods (label and last day) of the deal, or of some documents, ending on a day. */
async function periodsEndingOn(db: Queryable, a: { dealId: string; end: string; documentIds?: string[] }): Promise<Array<{ period: string; periodEnd: string }>> {
  const { rows } = await db.query<{ period: string; period_end: string }>(
    `select distinct period, period_end::text as period_end from findings
      where deal_id = $1 and status = 'active' and period is not null and period_end = $2::date
        and ($3::uuid[] is null or document_id = any($3::uuid[]))`,
    [a.dealId, a.end, a.documentIds ?? null],
  );
  return rows.map((r) => ({ period: r.period, periodEnd: r.period_end.slice(0, 10) }));
}

/** Periods the documents themselves cover (file name / first pages metadata): "Q3 2024", "FY2023". */
async function documentPeriods(db: Queryable, dealId: string, documentIds?: string[]): Promise<DocumentPeriod[]> {
  const { rows } = await db.query<{ id: string; fiscal_year: number | null; fiscal_period: string | null }>(
    "select id, fiscal_year, fiscal_period from documents where deal_id = $1 and fiscal_year is not null and ($2::uuid[] is null or id = any($2::uuid[]))",
    [dealId, documentIds ?? null],
  );
  return rows.map((r) => ({ id: r.id, period: !r.fiscal_period || r.fiscal_period === "FY" ? `FY${r.fiscal_year}` : `${r.fiscal_period} ${r.fiscal_year}` }));
}

const ORDINAL = ["first", "second", "third", "fourth"];

/** "Q3 2024" → "Q3 2024 third quarter 2024" (how reports write it). */
export function periodWords(label: string): string {
  const p = parsePeriod(label);
  if (!p) return label;
  if (p.kind === "Q") return `${label} ${ORDINAL[(p.n ?? 1) - 1]} quarter ${p.year}`;
  if (p.kind === "FY") return `${label} financial year ${p.year}`;
  if (p.kind === "H") return `${label} ${p.n === 1 ? "first" : "second"} half ${p.year}`;
  return label;
}
