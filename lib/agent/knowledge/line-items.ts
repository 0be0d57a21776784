/**
 * The metric engine's line items, read from the statement findings of a deal (scoped to one
 * company's documents by the caller). A value for a fiscal year is taken from the filing whose own
 * fiscal year it is when the deal holds it (the original, audited figure), else from the newest
 * filing that reports it as a comparative column. Lines of a statement that failed its identity
 * checks are still in review: they are used only when no checked statement states the value, and
 * the value says so. A line the validator marked a duplicate (the same value was already promoted
 * from another page of the filing, e.g. an MD&A table) is as good as promoted.
 */
import type { Queryable } from "@/lib/db";
import { parsePeriod, samePeriod } from "@/lib/periods";
import { LINE_ITEMS, type LineItemKey, type LineItemSource, type LineItemValue } from "@/lib/statements/types";
import { STATEMENT_KEY_PREFIX, type StatementFacts } from "@/lib/extraction/findings/statements";

interface StatementRow {
  status: "promoted" | "duplicate" | "review";
  payload: { metric: string; metricKey: string; valueNum: number | null; period?: string; periodEnd?: string; currency?: string; statement?: StatementFacts };
  page: number;
  document_id: string;
  filename: string;
  fiscal_year: number | null;
  document_date: string | Date | null;
}

export interface ScopedLineItem extends LineItemValue {
  /** From a statement still in review (its identity checks failed). */
  inReview: boolean;
}

const KEYS = Object.keys(LINE_ITEMS) as LineItemKey[];
/** Line items a balance sheet may print in parts (short-term borrowings + current portion of long-term debt): the parts add up. */
const ADDITIVE = new Set<LineItemKey>(["short_term_debt", "long_term_debt", "short_term_investments", "intangible_assets", "cost_of_revenue"]);
/** A line that is already the sum of the others ("Total cost of revenue"): it alone is the value. */
const TOTAL = /^total\b/i;
/** "short_term_debt#2" → "short_term_debt": a second line of the same statement with the same line item. */
const baseKey = (metricKey: string) => metricKey.replace(/#\d+$/, "");

/** Statement lines of canonical line items in scope: one query, then answered from memory. */
async function loadRows(db: Queryable, a: { dealId: string; documentIds?: string[] }): Promise<StatementRow[]> {
  const { rows } = await db.query<StatementRow>(
    `select s.status, s.payload, (s.evidence->>'page')::int as page, d.id as document_id, d.filename, d.fiscal_year, d.document_date
       from staging_extractions s join documents d on d.id = s.document_id
      where s.deal_id = $1 and s.candidate_type = 'finding' and s.status in ('promoted', 'duplicate', 'review')
        and s.candidate_key like $2 and regexp_replace(s.payload->>'metricKey', '#[0-9]+$', '') = any($3::text[])
        and ($4::uuid[] is null or s.document_id = any($4::uuid[]))`,
    [a.dealId, `${STATEMENT_KEY_PREFIX}%`, KEYS, a.documentIds ?? null],
  );
  return rows.map((r) => ({ ...r, payload: typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload }));
}

/** A fiscal-year label matches any FY label of the same year, whatever month the year ends in. */
function periodMatches(asked: string, stated: string | undefined): boolean {
  if (!stated) return false;
  const a = parsePeriod(asked);
  const s = parsePeriod(stated);
  if (a?.kind === "FY" && s?.kind === "FY") return a.year === s.year;
  return samePeriod(asked, stated);
}

/**
 * A balance-sheet line at the end of a fiscal quarter or half ("cash at Q2 FY2024"): the balance
 * column dated the day that interim period ends, as the same filing's flow columns date it.
 */
function balanceAtInterimEnd(all: StatementRow[], key: LineItemKey, period: string): StatementRow[] {
  const p = parsePeriod(period);
  if (!p || p.kind === "FY" || p.kind === "point") return [];
  const ends = new Set(all.filter((r) => samePeriod(r.payload.period, period) && r.payload.periodEnd).map((r) => `${r.document_id}|${r.payload.periodEnd}`));
  return all.filter((r) => baseKey(r.payload.metricKey) === key && r.payload.statement?.months === 0 && ends.has(`${r.document_id}|${r.payload.periodEnd}`));
}

function dateOf(r: StatementRow): string {
  return r.document_date ? new Date(r.document_date).toISOString().slice(0, 10) : "";
}

/** Checked statements first; then the filing whose own year it is; then the newest filing. */
function rank(year: number | undefined) {
  return (a: StatementRow, b: StatementRow): number =>
    Number(a.status === "review") - Number(b.status === "review") ||
    Number(b.fiscal_year === year) - Number(a.fiscal_year === year) ||
    dateOf(b).localeCompare(dateOf(a));
}

function toValue(r: StatementRow): ScopedLineItem | undefined {
  const p = r.payload;
  if (p.valueNum === null || p.valueNum === undefined || !p.period) return undefined;
  return {
    key: baseKey(p.metricKey) as LineItemKey,
    label: p.metric,
    period: p.period,
    periodEnd: p.periodEnd ?? "",
    value: p.valueNum,
    scale: p.statement?.scale ?? 1,
    currency: p.currency,
    documentId: r.document_id,
    document: r.filename,
    page: r.page,
    excerpt: p.statement?.row ?? p.metric,
    inReview: r.status === "review",
  };
}

export interface StatementLineItems extends LineItemSource {
  get(key: LineItemKey, period: string): Promise<ScopedLineItem | undefined>;
  /** Whether any statement line is in scope (false: the statements were not read yet). */
  isEmpty(): Promise<boolean>;
}

export function statementLineItems(db: Queryable, a: { dealId: string; documentIds?: string[] }): StatementLineItems {
  let loaded: Promise<StatementRow[]> | undefined;
  const rows = () => (loaded ??= loadRows(db, a));
  return {
    async get(key, period) {
      const all = await rows();
      const year = parsePeriod(period)?.kind === "FY" ? parsePeriod(period)!.year : undefined;
      let hits = all.filter((r) => baseKey(r.payload.metricKey) === key && periodMatches(period, r.payload.period));
      if (!hits.length) hits = balanceAtInterimEnd(all, key, period);
      const best = hits.sort(rank(year))[0];
      if (!best) return undefined;
      const value = toValue(best);
      if (!value || !ADDITIVE.has(key)) return value;
      // the other parts of the same statement column
      const parts = hits.filter((r) => r.document_id === best.document_id && r.page === best.page && r.payload.period === best.payload.period && r.payload.valueNum != null);
      const total = parts.find((r) => TOTAL.test(r.payload.metric));
      if (total) return toValue(total);
      return { ...value, value: parts.reduce((sum, r) => sum + (r.payload.valueNum ?? 0), 0), label: parts.length > 1 ? parts.map((r) => r.payload.metric).join(" + ") : value.label };
    },
    async fiscalYears() {
      const years = new Set<number>();
      for (const r of await rows()) {
        const p = parsePeriod(r.payload.period);
        if (p?.kind === "FY") years.add(p.year);
      }
      return [...years].sort((x, y) => y - x).map((y) => `FY${y}`);
    },
    async isEmpty() {
      return (await rows()).length === 0;
    },
  };
}
