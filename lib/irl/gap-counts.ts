/**
 * One definition of "IRL gaps" for every place that counts them (deals list, deal stage, IRL
 * page): items not marked not-applicable or received, whose stored coverage is a gap (or was
 * never judged) or only partial.
 */
import type { Queryable } from "@/lib/db";

export interface IrlGapCounts {
  /** IRL items, not-applicable ones excluded. */
  total: number;
  gaps: number;
  partial: number;
}

const COUNTS_SQL = `select i.deal_id,
    count(*)::int as total,
    count(*) filter (where i.status <> 'received' and coalesce(c.coverage, 'gap') = 'gap')::int as gaps,
    count(*) filter (where i.status <> 'received' and c.coverage = 'partial')::int as partial
  from irl_items i left join irl_coverage c on c.irl_item_id = i.id
  where i.status <> 'not_applicable'`;

/** Counts per deal id (deals with no IRL items are absent). */
export async function irlGapCountsByDeal({ db, dealId }: { db: Queryable; dealId?: string }): Promise<Map<string, IrlGapCounts>> {
  const { rows } = await db.query<{ deal_id: string; total: number; gaps: number; partial: number }>(
    dealId ? `${COUNTS_SQL} and i.deal_id = $1 group by i.deal_id` : `${COUNTS_SQL} group by i.deal_id`,
    dealId ? [dealId] : [],
  );
  return new Map(rows.map((r) => [r.deal_id, { total: Number(r.total), gaps: Number(r.gaps), partial: Number(r.partial) }]));
}

/** "6 IRL gaps and 4 partly covered of 19 IRL items" (the deal stage's and the deals list's wording). */
export function describeIrlGaps(c: IrlGapCounts): string {
  const items = `${c.total} IRL ${c.total === 1 ? "item" : "items"}`;
  if (c.gaps === 0 && c.partial === 0) return `all ${items} covered`;
  const gaps = `${c.gaps} IRL ${c.gaps === 1 ? "gap" : "gaps"}`;
  return c.partial ? `${gaps} and ${c.partial} partly covered of ${items}` : `${gaps} of ${items}`;
}
