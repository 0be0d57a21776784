import fs from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db";
import { getConfig } from "@/lib/config";
import { createDeal, getDealBySlug } from "@/lib/db/queries/deals";
import { ingestFile } from "@/lib/ingest/ingest";
import { runPipeline } from "@/lib/pipeline/orchestrator";
import { generateDemoDataRoom } from "@/scripts/demo/generate";

export const DEMO_DEAL_SLUG = "demo";

/**
 * Creates the demo deal on first start: generates the synthetic data room (deterministic),
 * ingests it and runs the extraction pipeline, so findings, corrections, conflicts and IRL
 * coverage are there from the first question. Later starts find the deal and do nothing.
 */
export async function ensureDemoDeal({ db, dataDir = getConfig().dataDir, onProgress }: { db: Db; dataDir?: string; onProgress?: (message: string) => void }): Promise<{ created: boolean; indexed: number }> {
  if (await getDealBySlug({ db, slug: DEMO_DEAL_SLUG })) return { created: false, indexed: 0 };
  const say = onProgress ?? (() => {});
  const roomDir = path.join(dataDir, "demo-room");
  fs.mkdirSync(roomDir, { recursive: true });
  say("demo deal: generating the data room");
  const { files } = await generateDemoDataRoom(roomDir);
  const deal = await createDeal({ db, slug: DEMO_DEAL_SLUG, name: "Project Aurora", targetCompany: "Nordhavn Analytics AB" });
  let indexed = 0;
  for (const [i, file] of files.entries()) {
    say(`demo deal: indexing ${i + 1} of ${files.length} (${path.basename(file)})`);
    const r = await ingestFile({ db, dealId: deal.id, filePath: file });
    if (r.status === "indexed") indexed++;
  }
  say("demo deal: extracting findings, timeline and entities");
  await runPipeline({ db, dealId: deal.id });
  return { created: true, indexed };
}
