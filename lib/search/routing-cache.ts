import type { Queryable } from "@/lib/db";
import type { RoutedDocument } from "./routing";

/**
 * The deal's routable documents, cached per database handle and re-read only when the
 * deal's routing version (search_routing_versions, bumped by a trigger on documents)
 * changed: one primary-key lookup per search instead of reading every document row.
 */
const MAX_DEALS = 64;
const caches = new WeakMap<object, Map<string, RoutableScope & { version: string }>>();

/**
 * The deal's indexed documents (the only ones search may read), and whether they are all of
 * its documents that will ever be: false while one is still being ingested (or was left half-done
 * by a crash), whose partial chunks must then be kept out of search by scoping it to `docs`.
 */
export interface RoutableScope {
  docs: RoutedDocument[];
  complete: boolean;
}

export async function loadRoutableDocuments(db: Queryable, dealId: string): Promise<RoutedDocument[]> {
  return (await loadRoutableScope(db, dealId)).docs;
}

export async function loadRoutableScope(db: Queryable, dealId: string): Promise<RoutableScope> {
  const { rows } = await db.query<{ version: string }>(
    "select coalesce((select version::text from search_routing_versions where deal_id = $1), '0') as version",
    [dealId],
  );
  const version = rows[0]?.version ?? "0";
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(dealId);
  if (hit && hit.version === version) {
    cache.delete(dealId); // most recently used last
    cache.set(dealId, hit);
    return hit;
  }
  const scope = await readRoutableScope(db, dealId);
  cache.set(dealId, { version, ...scope });
  if (cache.size > MAX_DEALS) cache.delete(cache.keys().next().value!);
  return scope;
}

async function readRoutableScope(db: Queryable, dealId: string): Promise<RoutableScope> {
  const { rows } = await db.query<RoutedDocument & { status: string }>(
    `select id, filename, company, fiscal_year, fiscal_period, kind, company_key, company_name, ticker, sec_file_number, to_char(document_date, 'YYYY-MM-DD') as document_date, status from documents
     where deal_id = $1 and status <> 'failed' order by created_at, filename`,
    [dealId],
  );
  const docs = rows.filter((r) => r.status === "indexed").map(({ status: _status, ...d }) => d);
  return { docs, complete: docs.length === rows.length };
}
