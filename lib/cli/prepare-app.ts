import { getDb } from "@/lib/db";
import { getConfig } from "@/lib/config";
import { listDealSummaries } from "@/lib/db/queries/deals";
import { ensureDemoDeal } from "@/lib/demo/load";
import { getEmbeddingSpace } from "@/lib/models/embeddings";
import { reembedStaleChunks } from "@/lib/search/reembed";
import { upgradeSearchIndexes } from "@/lib/search/upgrade";

/**
 * Run before `next dev` / `next start`: migrate the database, load the demo deal once, and
 * re-embed chunks left in another embedding space after a model change, and rebuild keyword
 * indexes made by an older tokeniser (so the app never searches a stale index).
 */
export async function prepareAppCommand(): Promise<number> {
  const db = await getDb();
  const upgraded = await upgradeSearchIndexes({ db });
  if (upgraded.deals > 0) process.stderr.write(`search index rebuilt for ${upgraded.deals} deal(s), ${upgraded.chunks} chunks\n`);
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
