/**
 * The deals overview: stage and its explanation, document / finding counts, open review items
 * and uncovered IRL items. Each count is read on its own and left null when its table is not
 * there (or fails), so the page renders with whatever the deal has.
 */
import "server-only";
import type { Queryable } from "@/lib/db";
import { countActiveFindingsByDeal, countOpenReviewItemsByDeal, countProcessingDocumentsByDeal } from "@/lib/db/queries/deal-counts";
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

/** A count read on its own: null when its table is not there (or the read fails), so the page still renders. */
async function optional<T>(read: Promise<T>): Promise<T | null> {
  return read.catch(() => null);
}

export async function listDealOverviews({ db }: { db: Queryable }): Promise<DealOverview[]> {
  const deals = await listDealSummaries({ db });
  const [findings, review, irl, processing] = await Promise.all([
    optional(countActiveFindingsByDeal({ db })),
    optional(countOpenReviewItemsByDeal({ db })),
    optional(irlGapCountsByDeal({ db })),
    optional(countProcessingDocumentsByDeal({ db })),
  ]);
  return deals.map((d) => ({
    ...d,
    created_at: new Date(d.created_at).toISOString(),
    finding_count: findings ? findings.get(d.id) ?? 0 : null,
    review_open: review ? review.get(d.id) ?? 0 : null,
    irl_total: irl ? irl.get(d.id)?.total ?? 0 : null,
    irl_gaps: irl ? irl.get(d.id)?.gaps ?? 0 : null,
    irl_partial: irl ? irl.get(d.id)?.partial ?? 0 : null,
    processing_count: processing?.get(d.id) ?? 0,
  }));
}
