/**
 * The IRL as a product of indexing, not of a chat question: after the demo room is ingested and
 * the pipeline has run (nobody opened the IRL page or asked about it), the IRL is imported, its
 * coverage stored, and the deals list and the deal stage count the same gaps. Coverage evidence
 * cites the current version of a document before the one it supersedes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { ensureDemoDeal, DEMO_DEAL_SLUG } from "@/scripts/demo/deal";
import { getStoredIrlCoverage } from "@/lib/irl/coverage";
import { describeIrlGaps, irlGapCountsByDeal } from "@/lib/irl/gap-counts";
import { listDealOverviews } from "@/lib/ui/server/deals";
import { openTestDb } from "../helpers/db";
import { tempDir } from "../helpers/fixtures";

describe("IRL after indexing (demo deal)", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let dealId: string;
  const progress: string[] = [];

  beforeAll(async () => {
    const dataDir = tempDir("manda-data-");
    setConfigForProcess({ MANDA_DATA_DIR: dataDir, MANDA_LOG_LEVEL: "silent" });
    ({ db, cleanup } = await openTestDb());
    await ensureDemoDeal({ db, dataDir, onProgress: (m) => progress.push(m) });
    dealId = (await db.query<{ id: string }>("select id from deals where slug = $1", [DEMO_DEAL_SLUG])).rows[0]!.id;
  });
  afterAll(() => cleanup());

  it("reports progress while the demo deal loads (prepare-app is never silent)", () => {
    expect(progress[0]).toMatch(/copying the data room/);
    expect(progress.filter((m) => /indexing \d+ of \d+/.test(m)).length).toBeGreaterThanOrEqual(10);
    expect(progress.at(-1)).toMatch(/extracting/);
  });

  it("imports the IRL and stores its coverage when the room is indexed", async () => {
    const { rows } = await db.query<{ items: number; judged: number }>(
      `select (select count(*) from irl_items where deal_id = $1)::int as items,
              (select count(*) from irl_coverage where deal_id = $1)::int as judged`,
      [dealId],
    );
    expect(rows[0]!.items).toBeGreaterThan(10);
    expect(rows[0]!.judged).toBe(rows[0]!.items);
  });

  it("counts the same gaps on the deals list, in the deal stage and in the stored coverage", async () => {
    const counts = (await irlGapCountsByDeal({ db, dealId })).get(dealId)!;
    const stored = await getStoredIrlCoverage({ db, dealId });
    expect(counts).toEqual({ total: stored.totals.total, gaps: stored.totals.gap, partial: stored.totals.partial });
    expect(counts.gaps).toBeGreaterThan(0);
    const overview = (await listDealOverviews({ db })).find((d) => d.id === dealId)!;
    expect([overview.irl_total, overview.irl_gaps, overview.irl_partial]).toEqual([counts.total, counts.gaps, counts.partial]);
    const deal = (await db.query<{ stage_explanation: string }>("select stage_explanation from deals where id = $1", [dealId])).rows[0]!;
    expect(deal.stage_explanation).toContain(describeIrlGaps(counts));
    expect(deal.stage_explanation).not.toMatch(/IRL items open/);
  });

  it("cites a document's current version before the version it supersedes", async () => {
    const { rows } = await db.query<{ filename: string }>(
      "select d.filename from documents d join relations r on r.to_id = d.id and r.relation_type = 'SUPERSEDES' and r.to_kind = 'document' where d.deal_id = $1",
      [dealId],
    );
    const superseded = new Set(rows.map((r) => r.filename));
    expect(superseded.size).toBeGreaterThan(0);
    const stored = await getStoredIrlCoverage({ db, dealId });
    let withOldVersion = 0;
    for (const item of stored.domains.flatMap((d) => d.items)) {
      const docs = item.evidence.map((e) => e.document);
      const firstOld = docs.findIndex((d) => superseded.has(d));
      if (firstOld < 0) continue;
      withOldVersion++;
      const lastCurrent = docs.map((d, i) => (superseded.has(d) ? -1 : i)).reduce((m, i) => Math.max(m, i), -1);
      expect(firstOld, `${item.item}: ${docs.join(", ")}`).toBeGreaterThan(lastCurrent);
    }
    expect(withOldVersion).toBeGreaterThan(0);
  });
});
