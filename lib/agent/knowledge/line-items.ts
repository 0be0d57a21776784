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
import { matchesEnded, parsePeriod, samePeriod } from "@/lib/periods";
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
function periodMatches(asked: string, stated: string | undefined, statedEnd?: string): boolean {
  if (!stated) return false;
  const a = parsePeriod(asked);
  // "the three months ended October 31, 2022": the quarter column ending that day, whatever its fiscal label
  if (a?.endedOn) return matchesEnded(a, stated, statedEnd);
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

/**
 * Line items a statement may print only in part ("Purchase of property, plant and equipment" beside
 * "Capitalised development costs"): when the document states the item's total in so many words
 * ("Capital expenditure, including capitalised development costs, was GBP 7.3 million"), that
 * stated total answers a question naming the item, not the one component line.
 */
const STATED_TOTAL: Partial<Record<LineItemKey, RegExp>> = { capital_expenditure: /\bcapital expenditures?\b|\bcapex\b/i };

interface StatedRow {
  metric: string;
  value_num: number;
  value_text: string;
  currency: string | null;
  period: string;
  period_end: string | Date | null;
  source_page: number;
  source_excerpt: string;
  document_id: string;
  filename: string;
}

/** Promoted figures stated in text or tables (not statement lines) for the keys in STATED_TOTAL, in scope. */
async function loadStated(db: Queryable, a: { dealId: string; documentIds?: string[] }): Promise<StatedRow[]> {
  const { rows } = await db.query<StatedRow>(
    `select f.metric, f.value_num, f.value_text, f.currency, f.period, f.period_end, f.source_page, f.source_excerpt, d.id as document_id, d.filename
       from findings f join documents d on d.id = f.document_id
       left join staging_extractions s on s.id = f.extraction_id
      where f.deal_id = $1 and f.status = 'active' and not f.superseded and not f.is_forecast and f.value_num is not null and f.period is not null
        and f.metric_key = any($2::text[]) and (s.candidate_key is null or s.candidate_key not like $3)
        and ($4::uuid[] is null or f.document_id = any($4::uuid[]))`,
    [a.dealId, Object.keys(STATED_TOTAL), `${STATEMENT_KEY_PREFIX}%`, a.documentIds ?? null],
  );
  return rows;
}

/** Half a unit of the last printed digit of a stated amount ("GBP 7.3 million" → 50,000): the rounding it carries. */
function roundingOf(valueText: string): number {
  const m = /(\d[\d,]*)(?:\.(\d+))?\s*(billion|bn|million|mn|m|thousand|k)?\b/i.exec(valueText);
  if (!m) return 0;
  const unit = (m[3] ?? "").toLowerCase();
  const scale = unit.startsWith("b") ? 1e9 : unit.startsWith("m") ? 1e6 : unit.startsWith("t") || unit === "k" ? 1e3 : 1;
  return 0.5 * 10 ** -(m[2]?.length ?? 0) * scale;
}

/**
 * The stated total for a line read from a component: a figure of the same fiscal period, larger than
 * the component by more than its own rounding (the same figure rounded is the line itself), from the
 * statement's own document when it states one.
 */
function statedTotalFor(line: ScopedLineItem, stated: StatedRow[], period: string): ScopedLineItem | undefined {
  const name = STATED_TOTAL[line.key];
  if (!name || name.test(line.label)) return undefined;
  const component = Math.abs(line.value);
  const totals = stated
    .filter((r) => periodMatches(period, r.period) && name.test(r.metric) && (!line.currency || !r.currency || r.currency === line.currency))
    .filter((r) => Math.abs(r.value_num) - component > Math.max(roundingOf(r.value_text), component * 0.01))
    .sort((a, b) => Number(b.document_id === line.documentId) - Number(a.document_id === line.documentId));
  const t = totals[0];
  if (!t) return undefined;
  return {
    ...line,
    label: `${t.metric} (stated total)`,
    value: Math.abs(t.value_num) * Math.sign(line.value || 1),
    periodEnd: t.period_end ? new Date(t.period_end).toISOString().slice(0, 10) : line.periodEnd,
    documentId: t.document_id,
    document: t.filename,
    page: t.source_page,
    excerpt: t.source_excerpt,
    inReview: false,
  };
}

export interface StatementLineItems extends LineItemSource {
  get(key: LineItemKey, period: string): Promise<ScopedLineItem | undefined>;
  /** The statement's own line, without a stated total standing in for it. */
  line(key: LineItemKey, period: string): Promise<ScopedLineItem | undefined>;
  /** Whether any statement line is in scope (false: the statements were not read yet). */
  isEmpty(): Promise<boolean>;
}

/**
 * The filing a change is read from: one that prints the key for every period compared, in checked
 * statements, so both ends stand on one basis as the filing itself compares them (never a later
 * filing's restated figure beside an earlier filing's original one). The filing of the latest year
 * compared first (the change it reported), else the newest. Undefined when no filing prints them all.
 */
function comparedOn(all: StatementRow[], key: LineItemKey, compared: readonly string[]): string | undefined {
  const rows = all.filter((r) => r.status !== "review" && baseKey(r.payload.metricKey) === key && r.payload.valueNum != null);
  const docs = [...new Set(rows.map((r) => r.document_id))].filter((d) => compared.every((p) => rows.some((r) => r.document_id === d && periodMatches(p, r.payload.period, r.payload.periodEnd))));
  const last = parsePeriod(compared.at(-1)!);
  const year = last?.kind === "FY" ? last.year : undefined;
  const firsts = docs.map((d) => rows.find((r) => r.document_id === d)!);
  return firsts.sort((x, y) => Number(y.fiscal_year === year) - Number(x.fiscal_year === year) || dateOf(y).localeCompare(dateOf(x)))[0]?.document_id;
}

/**
 * `question`: a stated total stands in for a component line only when the question names the item as such ("capex", not "purchases of PP&E").
 * `compared`: the periods of a change asked, read from one filing where one prints them all (see comparedOn).
 */
export function statementLineItems(db: Queryable, a: { dealId: string; documentIds?: string[]; question?: string; compared?: readonly string[] }): StatementLineItems {
  let loaded: Promise<StatementRow[]> | undefined;
  let loadedStated: Promise<StatedRow[]> | undefined;
  const rows = () => (loaded ??= loadRows(db, a));
  const stated = () => (loadedStated ??= loadStated(db, a));
  const source: StatementLineItems = {
    async get(key, period) {
      const line = await source.line(key, period);
      if (!line || !STATED_TOTAL[key]?.test(a.question ?? "")) return line;
      return statedTotalFor(line, await stated(), period) ?? line;
    },
    async line(key, period) {
      const all = await rows();
      const year = parsePeriod(period)?.kind === "FY" ? parsePeriod(period)!.year : undefined;
      let hits = all.filter((r) => baseKey(r.payload.metricKey) === key && periodMatches(period, r.payload.period, r.payload.periodEnd));
      if (!hits.length) hits = balanceAtInterimEnd(all, key, period);
      const basis = a.compared && a.compared.length > 1 && a.compared.includes(period) ? comparedOn(all, key, a.compared) : undefined;
      const best = (basis ? hits.filter((r) => r.document_id === basis && r.status !== "review") : []).sort(rank(year))[0] ?? hits.sort(rank(year))[0];
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
    async newerQuarter() {
      const all = await rows();
      const ends = (kind: string) => all.filter((r) => parsePeriod(r.payload.period)?.kind === kind && r.payload.periodEnd).sort((x, y) => y.payload.periodEnd!.localeCompare(x.payload.periodEnd!))[0];
      const [quarter, year] = [ends("Q"), ends("FY")];
      return quarter && (!year || quarter.payload.periodEnd! > year.payload.periodEnd!) ? quarter.payload.period : undefined;
    },
    async isEmpty() {
      return (await rows()).length === 0;
    },
  };
  return source;
}
