import { createHash } from "node:crypto";
import type { EmbeddingSpaceKey } from "@/lib/models/embedding-key";
import { ensureEmbeddingIndexes } from "./embedding-index";
import { listMigrations, migrate, MIGRATION_LOCK_KEY, MIGRATIONS_DIR, type Migration } from "./migrate";
import type { Db, Queryable } from "./types";

/**
 * Start-up's schema work, skipped when nothing it depends on changed. Bringing a database up
 * to date (migrate: schema_migrations, the pre-baseline check, each file's checksum; then the
 * HNSW index of the configured embedding space, found in pg_indexes) costs ~6 catalog queries,
 * 0.3-0.5 s of a one-shot `manda ask` on a freshly opened PGlite (bench/cli-start.ts). Once
 * they succeed, the database stores a fingerprint of their inputs: every migration's name and
 * checksum, and the embedding space. A later open with the same fingerprint skips them (one
 * query); any change (a migration added or edited, another embedding model) misses and runs
 * the full path, which applies, rejects (an edited applied file) or creates as before.
 * What it does not see: a schema changed by hand outside the migrations (as before, nothing
 * rebuilds that).
 */
const FINGERPRINT_VERSION = "manda-schema-1";

/** The fingerprint of what the schema work depends on. */
export function schemaFingerprint(migrations: readonly Migration[], space: EmbeddingSpaceKey): string {
  const h = createHash("sha256").update(FINGERPRINT_VERSION);
  for (const m of migrations) h.update(`\n${m.name} ${m.checksum}`);
  return h.update(`\nspace ${space.id} ${space.dimensions}`).digest("hex");
}

/** The stored fingerprint; undefined on a database that has none (or no table for it yet). */
async function storedFingerprint(db: Queryable): Promise<string | undefined> {
  try {
    const { rows } = await db.query<{ fingerprint: string }>("select fingerprint from schema_state where id = 1");
    return rows[0]?.fingerprint;
  } catch {
    return undefined; // schema_state does not exist: a new database, or one from before it
  }
}

async function writeFingerprint(db: Queryable, fingerprint: string): Promise<void> {
  await db.exec(`create table if not exists schema_state (
    id int primary key check (id = 1), fingerprint text not null, updated_at timestamptz not null default now())`);
  await db.query(
    `insert into schema_state (id, fingerprint) values (1, $1)
     on conflict (id) do update set fingerprint = excluded.fingerprint, updated_at = now()`,
    [fingerprint],
  );
}

/** On a server under the migration lock: processes starting at once create the table once. */
async function storeFingerprint(db: Db, fingerprint: string): Promise<void> {
  if (db.kind !== "postgres") return writeFingerprint(db, fingerprint);
  await db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
    await writeFingerprint(tx, fingerprint);
  });
}

export interface SchemaPrepared {
  /** Whether the stored fingerprint matched, so migrations and indexes were not checked. */
  current: boolean;
  /** The migrations applied now (file names). */
  applied: string[];
}

/** Brings the schema up to date for the embedding space, or confirms by fingerprint that it is. */
export async function prepareSchema({ db, space, dir = MIGRATIONS_DIR, full = false }: {
  db: Db;
  space: EmbeddingSpaceKey;
  dir?: string;
  /** Check everything even when the fingerprint matches (MANDA_SCHEMA_CHECK=full: a schema edited by hand). */
  full?: boolean;
}): Promise<SchemaPrepared> {
  const fingerprint = schemaFingerprint(listMigrations(dir), space);
  if (!full && (await storedFingerprint(db)) === fingerprint) return { current: true, applied: [] };
  const applied = await migrate(db, dir);
  await ensureEmbeddingIndexes({ db, space });
  await storeFingerprint(db, fingerprint);
  return { current: false, applied };
}
