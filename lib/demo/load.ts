/**
 * A deal seeded from generated files on first start: generate the data room, ingest it and run
 * the extraction pipeline, so findings, corrections, conflicts and IRL coverage are there from the
 * first question. Later starts find the deal and do nothing. What the deal is (its name, its
 * documents) comes from the caller: the demo deal is defined in scripts/demo/deal.ts, outside
 * product code.
 */
import fs from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db";
import { getConfig } from "@/lib/config";
import { createDeal, getDealBySlug } from "@/lib/db/queries/deals";
import { ingestFile } from "@/lib/ingest/ingest";
import { runPipeline } from "@/lib/pipeline/orchestrator";

export interface SeedDeal {
  slug: string;
  name: string;
  targetCompany?: string;
  /** Writes the data room's files into `dir` (deterministically) and lists them. */
  generate(dir: string): Promise<{ files: string[] }>;
}

export async function ensureSeedDeal({ db, seed, dataDir = getConfig().dataDir, onProgress }: { db: Db; seed: SeedDeal; dataDir?: string; onProgress?: (message: string) => void }): Promise<{ created: boolean; indexed: number }> {
  if (await getDealBySlug({ db, slug: seed.slug })) return { created: false, indexed: 0 };
  const say = onProgress ?? (() => {});
  const roomDir = path.join(dataDir, `${seed.slug}-room`);
  fs.mkdirSync(roomDir, { recursive: true });
  say(`${seed.slug} deal: generating the data room`);
  const { files } = await seed.generate(roomDir);
  const deal = await createDeal({ db, slug: seed.slug, name: seed.name, targetCompany: seed.targetCompany });
  let indexed = 0;
  for (const [i, file] of files.entries()) {
    say(`${seed.slug} deal: indexing ${i + 1} of ${files.length} (${path.basename(file)})`);
    const r = await ingestFile({ db, dealId: deal.id, filePath: file });
    if (r.status === "indexed") indexed++;
  }
  say(`${seed.slug} deal: extracting findings, timeline and entities`);
  await runPipeline({ db, dealId: deal.id });
  return { created: true, indexed };
}
