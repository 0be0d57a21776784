/**
 * Rows of part tables (segments, regions, operating statistics; keys `part:…`) are findings read by
 * their row's words only, never by likeness: the pipeline does not embed them (they are most of a
 * filing's findings), while statement findings are embedded as before.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { runExtraction } from "@/lib/extraction/run";
import { ingestFile } from "@/lib/ingest/ingest";
import { openTestDb } from "../helpers/db";
import { tempDir, writeFixture } from "../helpers/fixtures";

setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

const PAGES = [
  ["FORM 10-K", "For the fiscal year ended December 31, 2023", "", "BRAMBLEWICK DEVICES, INC.", "(Exact name of registrant as specified in its charter)"].join("\n"),
  [
    "Consolidated Statements of Income", "(In millions)", "Years Ended December 31, 2023 2022",
    "Net revenue $ 3,500 $ 3,450", "Cost of sales 2,000 1,900", "Gross profit 1,500 1,550", "Operating expenses 1,150 1,080",
    "Operating income 350 470", "Provision for income taxes 70 90", "Net income $ 280 $ 380",
  ].join("\n"),
  [
    "Note 5: Segment Information",
    "Revenue and operating income (loss) for each period were as follows:",
    "Years Ended (In Millions) Dec 31, 2023 Dec 31, 2022",
    "Net revenue:", "Cloud Group $ 1,500 $ 1,350", "Devices Group 2,000 2,100", "Total net revenue $ 3,500 $ 3,450",
    "Operating income (loss):", "Cloud Group $ 400 $ 350", "Devices Group (50) 120", "Total operating income $ 350 $ 470",
  ].join("\n"),
];

describe("part findings are not embedded", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let dealId: string;

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    dealId = (await createDeal({ db, slug: "bramble", name: "Bramblewick" })).id;
    const r = await ingestFile({ db, dealId, filePath: writeFixture(tempDir("manda-parts-"), "BRAMBLEWICK_2023_10K.txt", new TextEncoder().encode(PAGES.join("\f"))) });
    if (r.status !== "indexed" || !r.documentId) throw new Error("not indexed");
    await runExtraction(db, { dealId, documentId: r.documentId, kind: "findings", mode: "rules" });
  }, 120_000);
  afterAll(() => cleanup());

  it("embeds the statement findings and leaves the segment rows without a vector", async () => {
    const { rows } = await db.query<{ part: boolean; n: number; embedded: number }>(
      `select metric_key like 'part:%' as part, count(*)::int as n, count(embedding)::int as embedded
         from findings where deal_id = $1 group by 1 order by 1`,
      [dealId],
    );
    const parts = rows.find((r) => r.part);
    const others = rows.find((r) => !r.part);
    expect(parts?.n ?? 0).toBeGreaterThan(0);
    expect(parts?.embedded).toBe(0);
    expect(others?.n ?? 0).toBeGreaterThan(0);
    expect(others?.embedded).toBe(others?.n);
  });
});
