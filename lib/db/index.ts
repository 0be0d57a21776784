import path from "node:path";
import { getConfig } from "@/lib/config";
import { embeddingSpaceKeyOf } from "@/lib/models/embedding-key";
import { vacuumSearchIndexIfNeeded } from "./maintenance";
import { openPglite } from "./pglite";
import { openPostgres } from "./postgres";
import { prepareSchema } from "./schema-state";
import { openPgliteThread, type DbThread } from "./thread";
import { reclaimDeadOwnerLeases } from "@/lib/pipeline/queue";
import type { Db } from "./types";

export type { Db, Queryable, QueryResult } from "./types";

/**
 * Opens a database and brings its schema up to date, with an HNSW index for the configured
 * embedding model, or finds by its stored fingerprint that it is (./schema-state.ts); on the
 * embedded database, reclaims the task leases of the dead process that held it before; then
 * vacuums the keyword segments if
 * merges or a migration left more dead rows than live ones (PGlite has no autovacuum).
 */
export async function openDb(
  options: { databaseUrl?: string; dataDir?: string; memory?: boolean; thread?: boolean; migrationsDir?: string } = {},
): Promise<Db> {
  const dir = options.memory ? "memory://" : path.join(options.dataDir ?? getConfig().dataDir, "pgdata");
  const sharedBuffers = getConfig().MANDA_PG_SHARED_BUFFERS;
  const db = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : options.thread && dir !== "memory://"
      ? await openThreaded(dir, sharedBuffers)
      : await openPglite(dir, { sharedBuffers });
  try {
    const cfg = getConfig();
    await prepareSchema({ db, space: embeddingSpaceKeyOf(cfg), dir: options.migrationsDir, full: cfg.MANDA_SCHEMA_CHECK === "full" });
    // Holding the embedded database's directory lock proves its previous owner is gone: the
    // tasks it left running are reclaimed now, not when their leases run out.
    if (db.kind === "pglite" && !options.memory && !options.databaseUrl) await reclaimDeadOwnerLeases({ db });
    await vacuumSearchIndexIfNeeded({ db });
  } catch (e) {
    await db.close();
    throw e;
  }
  return db;
}

// One database per process, kept on globalThis so Next.js dev reloads reuse it.
const g = globalThis as unknown as { __mandaDb?: Promise<Db>; __mandaDbThread?: DbThread; __mandaUseDbThread?: boolean };

async function openThreaded(dir: string, sharedBuffers: string | undefined): Promise<Db> {
  const t = await openPgliteThread(dir, { sharedBuffers });
  g.__mandaDbThread = t;
  return t.db;
}

/**
 * The web server (instrumentation.ts) runs the embedded database in a thread of its own
 * (./thread.ts): call before the first getDb(). The CLI and tests keep it in-process.
 */
export function runDatabaseInThread(): void {
  g.__mandaUseDbThread = true;
}

/** The process's database thread, once getDb() opened the embedded database in one. */
export function databaseThread(): DbThread | undefined {
  return g.__mandaDbThread;
}

/** The process database: PGlite under MANDA_DATA_DIR by default, DATABASE_URL when set. */
export function getDb(): Promise<Db> {
  if (!g.__mandaDb) {
    const cfg = getConfig();
    g.__mandaDb = openDb({ databaseUrl: cfg.DATABASE_URL, dataDir: cfg.dataDir, thread: g.__mandaUseDbThread === true });
    g.__mandaDb.catch(() => {
      g.__mandaDb = undefined;
    });
  }
  return g.__mandaDb;
}

export async function closeDb(): Promise<void> {
  const p = g.__mandaDb;
  g.__mandaDb = undefined;
  g.__mandaDbThread = undefined;
  if (p) await (await p).close();
}
