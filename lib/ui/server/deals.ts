/**
 * The deals overview: stage and its explanation, document / finding counts, open review items
 * and uncovered IRL items. Each count is read on its own and left null when its table is not
 * there (or fails), so the page renders with whatever the deal has.
 */
import "server-only";
import type { Queryable } from "@/lib/db";
import { listDealSummaries, type DealSummary } from "@/lib/db/queries/deals";
import { irlGapCountsByDeal } from "@/lib/irl/gap-counts";

export interface DealOverview extends Omit<DealSummary, "created_at"> {
  created_at: string;
  finding_count: number | null;
  review_open: number | null;
  irl_total: number | null;
  irl_gaps: number | null;
  irl_partial: number | null;
  processing_count: number;
}

async function countsBy(db: Queryable, sql: string): Promise<Map<string, Record<string, number>> | null> {
  try {
    const { rows } = await db.query<Record<string, unknown> & { deal_id: string }>(sql);
    return new Map(rows.map((r) => [r.deal_id, Object.fromEntries(Object.entries(r).filter(([k]) => k !== "deal_id").map(([k, v]) => [k, Number(v ?? 0)]))]));
  } catch {
    return null;
  }
}

export async function listDealOverviews({ db }: { db: Queryable }): Promise<DealOverview[]> {
  const deals = await listDealSummaries({ db });
  const [findings, review, irl, processing] = await Promise.all([
    countsBy(db, "select deal_id, count(*)::int as n from findings where status = 'active' group by deal_id"),
    countsBy(db, "select deal_id, count(*)::int as n from staging_extractions where status = 'review' group by deal_id"),
    irlGapCountsByDeal({ db }).catch(() => null),
    countsBy(db, "select deal_id, count(*)::int as n from documents where status in ('uploaded','parsing') group by deal_id"),
  ]);
  return deals.map((d) => ({
    ...d,
    created_at: new Date(d.created_at).toISOString(),
    finding_count: findings ? findings.get(d.id)?.n ?? 0 : null,
    review_open: review ? review.get(d.id)?.n ?? 0 : null,
    irl_total: irl ? irl.get(d.id)?.total ?? 0 : null,
    irl_gaps: irl ? irl.get(d.id)?.gaps ?? 0 : null,
    irl_partial: irl ? irl.get(d.id)?.partial ?? 0 : null,
    processing_count: processing?.get(d.id)?.n ?? 0,
  }));
}
