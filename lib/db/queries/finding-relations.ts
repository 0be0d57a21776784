import type { Queryable } from "../types";

/** One side of a finding-to-finding relation, as an analyst checks it: where, what, when, which part, how much. */
export interface RelationSide {
  id: string;
  document: string;
  page: number;
  metric: string;
  metricKey: string;
  period: string | null;
  periodEnd: string | null;
  periodType: string | null;
  scope: string | null;
  scopeName: string | null;
  value: string;
  valueNum: number | null;
}

export interface FindingRelation {
  type: string;
  createdBy: string;
  reason: string;
  from: RelationSide;
  to: RelationSide;
}

const SIDE = (a: string) => `${a}.id as ${a}_id, ${a}d.filename as ${a}_document, ${a}.source_page as ${a}_page, ${a}.metric as ${a}_metric,
  ${a}.metric_key as ${a}_metric_key, ${a}.period as ${a}_period, to_char(${a}.period_end, 'YYYY-MM-DD') as ${a}_period_end,
  ${a}.period_type as ${a}_period_type, ${a}.scope as ${a}_scope, ${a}.scope_name as ${a}_scope_name, ${a}.value_text as ${a}_value, ${a}.value_num as ${a}_value_num`;

function side(r: Record<string, unknown>, a: string): RelationSide {
  const v = (k: string) => r[`${a}_${k}`];
  return {
    id: String(v("id")), document: String(v("document")), page: Number(v("page")), metric: String(v("metric")), metricKey: String(v("metric_key")),
    period: (v("period") as string | null) ?? null, periodEnd: (v("period_end") as string | null) ?? null, periodType: (v("period_type") as string | null) ?? null,
    scope: (v("scope") as string | null) ?? null, scopeName: (v("scope_name") as string | null) ?? null,
    value: String(v("value")), valueNum: v("value_num") == null ? null : Number(v("value_num")),
  };
}

/** A deal's relations of one type between two findings, with both findings and their documents (for audits and benches). */
export async function findingRelations({ db, dealId, type }: { db: Queryable; dealId: string; type: string }): Promise<FindingRelation[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `select r.relation_type, r.created_by, r.reason, ${SIDE("a")}, ${SIDE("b")}
     from relations r
     join findings a on a.id = r.from_id join documents ad on ad.id = a.document_id
     join findings b on b.id = r.to_id join documents bd on bd.id = b.document_id
     where r.deal_id = $1 and r.relation_type = $2 and r.from_kind = 'finding' and r.to_kind = 'finding'
     order by a.metric_key, a.period, ad.filename, a.source_page, r.id`,
    [dealId, type],
  );
  return rows.map((r) => ({ type: String(r.relation_type), createdBy: String(r.created_by), reason: String(r.reason), from: side(r, "a"), to: side(r, "b") }));
}

/** How many of a deal's active findings carry a scope and a period type (coverage of the columns of 20261129000100). */
export async function findingScopeCoverage({ db, dealId }: { db: Queryable; dealId: string }): Promise<{ findings: number; withScope: number; withPeriodType: number; byScope: Record<string, number>; byPeriodType: Record<string, number> }> {
  const { rows } = await db.query<{ scope: string | null; period_type: string | null; n: number }>(
    `select scope, period_type, count(*)::int as n from findings where deal_id = $1 and status = 'active' group by scope, period_type`,
    [dealId],
  );
  const out = { findings: 0, withScope: 0, withPeriodType: 0, byScope: {} as Record<string, number>, byPeriodType: {} as Record<string, number> };
  for (const r of rows) {
    const n = Number(r.n);
    out.findings += n;
    if (r.scope) out.withScope += n;
    if (r.period_type) out.withPeriodType += n;
    out.byScope[r.scope ?? "(none)"] = (out.byScope[r.scope ?? "(none)"] ?? 0) + n;
    out.byPeriodType[r.period_type ?? "(none)"] = (out.byPeriodType[r.period_type ?? "(none)"] ?? 0) + n;
  }
  return out;
}

/** The distinct metric keys of a deal's active findings, parts (`part:…`) left out. */
export async function dealMetricKeys({ db, dealId }: { db: Queryable; dealId: string }): Promise<string[]> {
  const { rows } = await db.query<{ metric_key: string }>(
    "select distinct metric_key from findings where deal_id = $1 and status = 'active' and metric_key not like 'part:%' order by metric_key",
    [dealId],
  );
  return rows.map((r) => r.metric_key);
}

/** What claim each finding states beyond its metric and period label: period end, type and length, scope (20261129000100). */
export interface FindingClaimRow {
  id: string;
  period_end: string | null;
  period_type: string | null;
  period_months: number | null;
  scope: string | null;
  scope_name: string | null;
}

export async function findingClaims({ db, dealId, ids }: { db: Queryable; dealId: string; ids: string[] }): Promise<Map<string, FindingClaimRow>> {
  if (!ids.length) return new Map();
  const { rows } = await db.query<FindingClaimRow>(
    `select id, to_char(period_end, 'YYYY-MM-DD') as period_end, period_type, period_months, scope, scope_name
     from findings where deal_id = $1 and id = any($2::uuid[])`,
    [dealId, ids],
  );
  return new Map(rows.map((r) => [r.id, { ...r, period_months: r.period_months == null ? null : Number(r.period_months) }]));
}
