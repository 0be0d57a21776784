import { getDb } from "@/lib/db";
import { getConfig } from "@/lib/config";
import { listDealSummaries } from "@/lib/db/queries/deals";
import { ensureShippedDemoDeal } from "@/lib/demo/load";
import { getEmbeddingSpace } from "@/lib/models/embeddings";
import { reembedStaleChunks } from "@/lib/search/reembed";
import { upgradeSearchIndexes } from "@/lib/search/upgrade";

/** Progress lines on stderr, each with the seconds since start, so a slow first start is never silent. */
export function progressWriter(write: (line: string) => void = (l) => process.stderr.write(l), now: () => number = Date.now): (message: string) => void {
  const t0 = now();
  return (message) => write(`prepare-app: ${message} (${((now() - t0) / 1000).toFixed(1)} s)\n`);
}

/**
 * Run before `next dev` / `next start`: migrate the database, load the demo deal once (from the
 * shipped files in demo/, see lib/demo/load.ts), re-embed chunks left in another embedding
 * space after a model change, and rebuild keyword indexes made by an older tokeniser (so the
 * app never searches a stale index). Each step reports its progress on stderr.
 */
export async function prepareAppCommand(_args: string[] = [], say: (message: string) => void = progressWriter()): Promise<number> {
  say("opening and migrating the database");
  const db = await getDb();
  say("checking search indexes");
  const upgraded = await upgradeSearchIndexes({ db });
  if (upgraded.deals > 0) say(`search index rebuilt for ${upgraded.deals} deal(s), ${upgraded.chunks} chunks`);
  if (getConfig().loadDemo) {
    say("checking the demo deal");
    const r = await ensureShippedDemoDeal({ db, onProgress: say });
    say(r.created ? `demo deal loaded: ${r.indexed} documents indexed` : "demo deal present");
  }
  const space = getEmbeddingSpace();
  say("checking embeddings");
  for (const deal of await listDealSummaries({ db })) {
    const n = await reembedStaleChunks({ db, dealId: deal.id, space });
    if (n > 0) say(`deal ${deal.slug}: re-embedded ${n} chunks with ${space.id}`);
  }
  say("ready");
  return 0;
}
