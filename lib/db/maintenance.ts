import type { Db } from "./types";
import { log } from "@/lib/log";

/**
 * Keyword-index upkeep. Merging keyword segments (search_merge_segments, 20261125000200_search.sql) leaves the merged rows dead;
 * PostgreSQL's autovacuum reclaims them, PGlite has no autovacuum, and unvacuumed dead rows
 * make every term lookup visit all the old versions of its rows. Ingestion calls this after
 * each document and openDb after migrations: it vacuums the segment tables once the dead
 * rows since the last vacuum outnumber the live ones (and at least MIN_GARBAGE), so the
 * vacuum work stays proportional to what was written. Must run outside a transaction.
 * Returns whether it vacuumed.
 */
const MIN_GARBAGE = 50_000;

export async function vacuumSearchIndexIfNeeded({ db, force = false }: { db: Db; force?: boolean }): Promise<boolean> {
  const { rows } = await db.query<{ garbage: string; live: string }>(
    "select coalesce(sum(segment_garbage), 0)::text as garbage, coalesce(sum(segment_rows), 0)::text as live from search_deal_stats",
  );
  const garbage = Number(rows[0]?.garbage ?? 0);
  const live = Number(rows[0]?.live ?? 0);
  if (!force && (garbage < MIN_GARBAGE || garbage < live)) return false;
  if (garbage === 0) return false;
  try {
    await db.exec("vacuum search_segment_postings, search_segments, search_segment_tombstones");
  } catch (e) {
    // e.g. a server role that does not own the tables: autovacuum still does the job there
    log.warn("search index vacuum skipped", { error: e });
    return false;
  }
  await db.query("update search_deal_stats set segment_garbage = 0 where segment_garbage <> 0");
  return true;
}
