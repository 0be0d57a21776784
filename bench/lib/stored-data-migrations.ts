import { listMigrations, type Migration } from "@/lib/db/migrate";

/**
 * Migrations that only redefine functions searches call store nothing: a database ingested
 * before one is the database ingestion would build after it (openDb applies the migration when
 * the cached database is opened). The bench caches of ingested deals (answers-deals.ts,
 * corpus.ts) key on the other migrations, so such a change keeps them valid. Listed by name,
 * not recognised by shape: a redefined trigger or ingest-time function does change what is
 * stored. Each listed file is checked to hold nothing but non-trigger function definitions.
 */
const QUERY_TIME_ONLY = new Set([
  "20261129000300_search_keyword_lookups.sql", // search_keyword_chunks, read by searches only
]);

/** The statements of a migration with comments and dollar-quoted bodies taken out. */
function statementsOf(sql: string): string[] {
  const bare = sql.replace(/--[^\n]*/g, "").replace(/\$(\w*)\$[\s\S]*?\$\1\$/g, "$$");
  return bare.split(";").map((s) => s.replace(/\s+/g, " ").trim()).filter((s) => s.length > 0);
}

function definesQueryFunctionsOnly(m: Migration): boolean {
  return statementsOf(m.sql).every((s) => /^create or replace function /i.test(s) && !/\breturns trigger\b/i.test(s));
}

/** The migrations whose changes can reach stored data (all but the query-time ones listed above). */
export function storedDataMigrations(): Migration[] {
  return listMigrations().filter((m) => {
    if (!QUERY_TIME_ONLY.has(m.name)) return true;
    if (!definesQueryFunctionsOnly(m)) throw new Error(`${m.name} is listed as query-time only but does more than define functions`);
    return false;
  });
}
