/** Per-deal counts for the deals overview: each a map from deal id to its count. */
import type { Queryable } from "../types";

async function countByDeal(db: Queryable, sql: string): Promise<Map<string, number>> {
  const { rows } = await db.query<{ deal_id: string; n: number }>(sql);
  return new Map(rows.map((r) => [r.deal_id, Number(r.n ?? 0)]));
}

/** Active findings per deal. */
export function countActiveFindingsByDeal({ db }: { db: Queryable }): Promise<Map<string, number>> {
  return countByDeal(db, "select deal_id, count(*)::int as n from findings where status = 'active' group by deal_id");
}

/** Extracted items waiting for review per deal. */
export function countOpenReviewItemsByDeal({ db }: { db: Queryable }): Promise<Map<string, number>> {
  return countByDeal(db, "select deal_id, count(*)::int as n from staging_extractions where status = 'review' group by deal_id");
}

/** Documents still being received or read (uploaded, parsing) per deal. */
export function countProcessingDocumentsByDeal({ db }: { db: Queryable }): Promise<Map<string, number>> {
  return countByDeal(db, "select deal_id, count(*)::int as n from documents where status in ('uploaded','parsing') group by deal_id");
}
