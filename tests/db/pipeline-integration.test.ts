import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { runPipeline } from "@/lib/pipeline/orchestrator";
import { openTestDb } from "../helpers/db";
import { tempDir } from "../helpers/fixtures";
import { addDocument, corpusPages } from "./pipeline-fixtures";

/**
 * The product handlers end to end (lib/extraction/run, lib/graph/detect through lib/pipeline/handlers),
 * offline rules, on the real SOU texts: the acceptance for the process stage.
 */
describe("pipeline with the product handlers", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });
    ({ db, cleanup } = await openTestDb());
  });
  afterAll(() => cleanup());

  it("puts SOU 2014:67 and SOU 1972:47 at published from extracted timeline evidence", async () => {
    const dealId = (await createDeal({ db, slug: "sou-e2e" })).id;
    await addDocument(db, dealId, { filename: "SOU_2014_67.txt", pages: corpusPages("SOU_2014_67.txt"), kind: "public inquiry" });
    await addDocument(db, dealId, { filename: "SOU_1972_47.txt", pages: corpusPages("SOU_1972_47.txt"), kind: "public inquiry" });
    const r = await runPipeline({ db, dealId, timeoutMs: 600_000 });
    expect(r.failures).toEqual([]);
    expect(r.summary).toMatchObject({ tasks_failed: 0, tasks_pending: 0, timed_out: false });
    const procs = (await db.query<{ process_key: string; stage: string; stage_explanation: string }>(
      "select process_key, stage, stage_explanation from processes where deal_id = $1 order by process_key", [dealId])).rows;
    expect(procs.map((p) => [p.process_key, p.stage])).toEqual([["sou-1972-47", "published"], ["sou-2014-67", "published"]]);
    for (const p of procs) expect(p.stage_explanation).toMatch(/^Betänkandet publicerat och tillgängligt för remiss\. Belägg: .+, s\. \d+\)\.$/);
    const again = await runPipeline({ db, dealId });
    expect(again.summary).toMatchObject({ tasks_created: 0, stages_updated: 0 });
    expect(again.message).toMatch(/^Nothing new/);
  });
});
