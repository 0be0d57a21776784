import type { Db, Queryable } from "@/lib/db";
import { log } from "@/lib/log";
import { insertChunkTerms, SEARCH_INDEX_VERSION, upsertPageFeatures } from "./indexer";
import { annotatePages, newDocumentReading } from "./page-annotations";

/**
 * Rebuilds keyword indexes built by another tokeniser version. Terms are made by the
 * application, so a migration cannot restem them; a deal whose search_index_versions row
 * differs from SEARCH_INDEX_VERSION gets every document's chunk terms and page features
 * (language, section) recomputed from the stored chunks and pages, then its version set.
 * Embeddings are untouched (lib/search/reembed.ts handles model changes). The search
 * triggers keep document frequencies and segments exact through the delete and re-insert.
 *
 * Run at start (after migrations) so a stale index is never searched; searchPages also
 * upgrades a stale deal before its first search, as a safety net for processes that did not.
 */
const BATCH = 128;

/** Deals whose keyword index was built with another version (or never recorded one). */
export async function staleSearchDeals(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ deal_id: string }>(
    `select v.deal_id from search_index_versions v where v.version <> $1
     union
     select distinct c.deal_id from search_deal_stats c
     where c.chunk_count > 0 and not exists (select 1 from search_index_versions v where v.deal_id = c.deal_id)`,
    [SEARCH_INDEX_VERSION],
  );
  return rows.map((r) => r.deal_id);
}

/** Rebuilds one deal's keyword index with the current tokeniser; returns the chunks re-indexed. */
export async function upgradeDealSearchIndex(db: Db | Queryable, dealId: string): Promise<number> {
  const { rows: docs } = await db.query<{ id: string }>("select id from documents where deal_id = $1 order by id", [dealId]);
  let chunks = 0;
  for (const d of docs) {
    const run = (q: Queryable) => reindexDocument(q, dealId, d.id);
    chunks += "transaction" in db ? await db.transaction(run) : await run(db);
  }
  await db.query(
    `insert into search_index_versions (deal_id, version) values ($1, $2)
     on conflict (deal_id) do update set version = excluded.version`,
    [dealId, SEARCH_INDEX_VERSION],
  );
  return chunks;
}

async function reindexDocument(db: Queryable, dealId: string, documentId: string): Promise<number> {
  // Two processes upgrading one deal take turns per document (the second redoes it, harmlessly).
  await db.query("select pg_advisory_xact_lock(hashtextextended('manda.search_upgrade:' || $1::text, 0))", [documentId]);
  const { rows: pages } = await db.query<{ page_number: number; text: string }>(
    "select page_number, text from document_pages where document_id = $1 order by page_number",
    [documentId],
  );
  const annotations = annotatePages(pages.map((p) => ({ page: p.page_number, text: p.text })), newDocumentReading());
  const languageOf = new Map(annotations.map((a) => [a.page, a.language]));
  const { rows: chunks } = await db.query<{ id: string; page_start: number; text: string }>(
    "select id, page_start, text from chunks where document_id = $1 order by chunk_index",
    [documentId],
  );
  await db.query("delete from search_chunk_terms where document_id = $1", [documentId]);
  for (let i = 0; i < chunks.length; i += BATCH) {
    const batch = chunks.slice(i, i + BATCH).map((c) => ({ id: c.id, page: c.page_start, text: c.text, language: languageOf.get(c.page_start) }));
    await insertChunkTerms(db, dealId, documentId, batch);
  }
  await upsertPageFeatures(db, dealId, documentId, annotations);
  return chunks.length;
}

// One upgrade per deal at a time in this process; concurrent searches wait for it. Deals
// found current are remembered per database handle.
const running = new Map<string, Promise<number>>();
const checked = new WeakMap<object, Set<string>>();

function currentDeals(db: object): Set<string> {
  let set = checked.get(db);
  if (!set) checked.set(db, (set = new Set()));
  return set;
}

/** Upgrades the deal if its index is stale; cheap after the first call per deal and handle. */
export async function ensureDealSearchIndexCurrent(db: Db | Queryable, dealId: string): Promise<void> {
  const current = currentDeals(db);
  if (current.has(dealId)) return;
  let job = running.get(dealId);
  if (!job) {
    job = (async () => {
      const { rows } = await db.query<{ version: number }>("select version from search_index_versions where deal_id = $1", [dealId]);
      if (rows.length === 0 || rows[0].version === SEARCH_INDEX_VERSION) return 0;
      const n = await upgradeDealSearchIndex(db, dealId);
      log.info("search index upgraded", { dealId, chunks: n, version: SEARCH_INDEX_VERSION });
      return n;
    })().finally(() => running.delete(dealId));
    running.set(dealId, job);
  }
  await job;
  current.add(dealId);
}

/** Upgrades every stale deal (call after migrations, before serving searches). */
export async function upgradeSearchIndexes({ db }: { db: Db }): Promise<{ deals: number; chunks: number }> {
  let chunks = 0;
  const deals = await staleSearchDeals(db);
  for (const dealId of deals) {
    chunks += await upgradeDealSearchIndex(db, dealId);
    currentDeals(db).add(dealId);
    log.info("search index upgraded", { dealId, version: SEARCH_INDEX_VERSION });
  }
  return { deals: deals.length, chunks };
}
