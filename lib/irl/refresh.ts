/**
 * After documents are indexed (every pipeline run): import the IRL when the deal holds an IRL
 * spreadsheet and has no items yet, and store fresh coverage, so the deals list, the deal stage
 * and the IRL page count the same gaps without waiting for anyone to open the IRL or ask about it.
 */
import type { Queryable } from "@/lib/db";
import { log } from "@/lib/log";
import { computeIrlCoverage } from "./coverage";
import { ensureIrlImported } from "./irl";

export async function refreshIrl({ db, dealId }: { db: Queryable; dealId: string }): Promise<{ imported: number; items: number }> {
  try {
    const { imported } = await ensureIrlImported({ db, dealId });
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from irl_items where deal_id = $1", [dealId]);
    const items = Number(rows[0]?.n ?? 0);
    if (items > 0) await computeIrlCoverage({ db, dealId, store: true, updateStage: false });
    return { imported, items };
  } catch (e) {
    // The IRL is a view on the room: a failure here must not fail the run that indexed it.
    log.warn("irl refresh failed", { dealId, error: (e as Error).message });
    return { imported: 0, items: 0 };
  }
}
