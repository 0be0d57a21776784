import { getDb } from "@/lib/db";
import { getConfig } from "@/lib/config";
import { listDealSummaries } from "@/lib/db/queries/deals";
import { ensureDemoDeal } from "@/lib/demo/load";
import { getEmbeddingSpace } from "@/lib/models/embeddings";
import { reembedStaleChunks } from "@/lib/search/reembed";

/**
 * Run before `next dev` / `next start`: migrate the database, load the demo deal once, and
 * re-embed chunks left in another embedding space after a model change.
 */
export async function prepareAppCommand(): Promise<number> {
  const db = await getDb();
  if (getConfig().loadDemo) {
    const r = await ensureDemoDeal({ db });
    process.stderr.write(r.created ? `demo deal loaded: ${r.indexed} documents indexed\n` : "demo deal present\n");
  }
  const space = getEmbeddingSpace();
  for (const deal of await listDealSummaries({ db })) {
    const n = await reembedStaleChunks({ db, dealId: deal.id, space });
    if (n > 0) process.stderr.write(`deal ${deal.slug}: re-embedded ${n} chunks with ${space.id}\n`);
  }
  return 0;
}
