import type { Queryable } from "../types";

/** Extracted items waiting for the analyst's review. */
export async function countOpenReviewItems({ db, dealId }: { db: Queryable; dealId: string }): Promise<number> {
  const { rows } = await db.query<{ n: number }>("select count(*)::int as n from staging_extractions where deal_id = $1 and status = 'review'", [dealId]);
  return Number(rows[0]?.n ?? 0);
}
