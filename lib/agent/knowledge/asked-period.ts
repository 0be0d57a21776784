/**
 * The period a question asks for, read against the periods the data actually has ("Q3" → the
 * latest Q3, "last year" → the last full year reported), with the periods the documents
 * themselves cover as a second source for relative requests.
 */
import type { Queryable } from "@/lib/db";
import { parsePeriod, readPeriodRequest, resolvePeriod, type ResolvedPeriod } from "@/lib/periods";
import { availablePeriods } from "./findings";

export interface DocumentPeriod {
  id: string;
  period: string;
}

export interface AskedPeriod {
  resolved: ResolvedPeriod;
  /** The label of the period asked for, when one was understood. */
  wanted?: string;
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
  const docPeriods = await documentPeriods(db, dealId, documentIds);
  if (!resolved.period && (req.partial || req.relative)) resolved = resolvePeriod(req, docPeriods.map((d) => d.period));
  return { resolved, wanted: resolved.period?.label, docPeriods };
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
