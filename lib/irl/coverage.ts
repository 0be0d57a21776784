/**
 * IRL coverage: for each request, does the data room answer it?
 *
 * - covered: a document of the requested type (for the requested period), a statement page
 *   of the requested statement, promoted findings (active, not superseded) or strongly
 *   matching pages evidence it;
 * - partial: evidence exists but is thin: the item asks for history (a range of years, "by
 *   quarter", "development") and the evidence spans fewer periods, or pages touch the
 *   request's subject without its specifics;
 * - gap: nothing in the room evidences it.
 *
 * The result is cached in irl_coverage with its evidence (document, page, cell, excerpt).
 */
import type { Queryable } from "@/lib/db";
import { loadContext } from "./coverage-context";
import { judgeItem } from "./coverage-judge";
import { buildReport } from "./coverage-report";
import { updateDealStage } from "@/lib/pipeline/stages/deal";
import { ensureIrlImported, listIrlItems } from "./irl";
import type { Coverage, IrlCoverageReport, IrlItemCoverage } from "./types";

export type { ItemVerdict } from "./coverage-context";
export { judgeItem } from "./coverage-judge";
export { buildReport, formatCoverage, getStoredIrlCoverage } from "./coverage-report";

/** What coverage depends on: documents, findings (status, supersession), relations, IRL items. */
async function coverageFingerprint(db: Queryable, dealId: string): Promise<string> {
  const { rows } = await db.query<Record<string, unknown>>(
    `select
       (select count(*) || ':' || coalesce(max(coalesce(indexed_at, created_at))::text, '') from documents where deal_id = $1 and status = 'indexed') as docs,
       (select count(*) filter (where status = 'active' and not superseded) || ':' || count(*) || ':' || coalesce(max(created_at)::text, '') from findings where deal_id = $1) as findings,
       (select count(*) || ':' || coalesce(max(created_at)::text, '') from relations where deal_id = $1) as relations,
       (select count(*) || ':' || coalesce(max(updated_at)::text, '') from irl_items where deal_id = $1) as items`,
    [dealId],
  );
  return JSON.stringify(rows[0] ?? {});
}

// Per-process memo: a chat turn asking "what's missing?" reuses the last computation while
// nothing it depends on has changed (a cold process simply recomputes).
const memo = new Map<string, { fingerprint: string; report: IrlCoverageReport }>();

/**
 * Computes coverage of every IRL item of the deal (importing the IRL first when the deal has
 * an IRL spreadsheet and no items), stores it in irl_coverage and returns it by domain.
 * Reuses the previous result of this process while the room is unchanged (`fresh` forces).
 */
export async function computeIrlCoverage({ db, dealId, store = true, fresh = false, updateStage = true }: {
  db: Queryable;
  dealId: string;
  store?: boolean;
  fresh?: boolean;
  /** Restate the deal's stage (its IRL gap count) after storing; the pipeline does it itself. */
  updateStage?: boolean;
}): Promise<IrlCoverageReport> {
  await ensureIrlImported({ db, dealId });
  const fingerprint = await coverageFingerprint(db, dealId);
  const cached = memo.get(dealId);
  if (!fresh && cached && cached.fingerprint === fingerprint) return structuredClone(cached.report);
  const report = await computeFresh({ db, dealId, store });
  memo.set(dealId, { fingerprint, report: structuredClone(report) });
  if (store && updateStage) await updateDealStage({ db, dealId });
  return report;
}

async function computeFresh({ db, dealId, store }: { db: Queryable; dealId: string; store: boolean }): Promise<IrlCoverageReport> {
  const items = await listIrlItems({ db, dealId });
  const ctx = await loadContext(db, dealId, items);
  const judged: IrlItemCoverage[] = [];
  for (const item of items) {
    const v = item.status === "not_applicable" ? { coverage: "covered" as Coverage, evidence: [], reason: "not applicable" } : await judgeItem(ctx, item);
    judged.push({ id: item.id, dealId: item.dealId, domain: item.domain, item: item.item, priority: item.priority, status: item.status, notes: item.notes, keywords: item.keywords, coverage: v.coverage, evidence: v.evidence });
    if (store) {
      await db.query(
        `insert into irl_coverage (irl_item_id, deal_id, coverage, finding_ids, evidence, computed_at)
         values ($1, $2, $3, $4, $5::jsonb, now())
         on conflict (irl_item_id) do update set coverage = excluded.coverage, finding_ids = excluded.finding_ids,
           evidence = excluded.evidence, computed_at = excluded.computed_at`,
        [item.id, dealId, v.coverage, v.evidence.map((e) => e.findingId).filter((x): x is string => !!x), JSON.stringify(v.evidence)],
      );
    }
  }
  return buildReport(judged);
}
