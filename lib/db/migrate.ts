import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { adoptLegacyChain } from "./legacy-chain";
import type { Db, Queryable } from "./types";

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "supabase/migrations");

/** Any fixed 64-bit key: serialises migration runs across processes on a shared server. */
export const MIGRATION_LOCK_KEY = 7_261_121_001;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

// The migrations are read at run time from the repo (see next.config.ts, which traces them
// explicitly); turbopackIgnore keeps Next.js from tracing the whole project for these reads.
export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(/*turbopackIgnore: true*/ dir)
    .filter((f) => /^\d{14}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(/*turbopackIgnore: true*/ path.join(/*turbopackIgnore: true*/ dir, name), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/**
 * The migrations still to apply. Creates schema_migrations on an empty database, and records
 * the baseline as applied on a database built by the migrations it replaced (lib/db/legacy-chain.ts).
 */
async function pending(q: Queryable, migrations: Migration[]): Promise<Migration[]> {
  await q.exec(`create table if not exists schema_migrations (
    name text primary key, checksum text not null, applied_at timestamptz not null default now())`);
  await adoptLegacyChain(q, migrations);
  const { rows } = await q.query<{ name: string; checksum: string }>("select name, checksum from schema_migrations");
  const done = new Map(rows.map((r) => [r.name, r.checksum]));
  for (const m of migrations) {
    const prior = done.get(m.name);
    if (prior && prior !== m.checksum) {
      throw new Error(`Migration ${m.name} changed after it was applied; migrations are append-only, add a new one.`);
    }
  }
  return migrations.filter((m) => !done.has(m.name));
}

async function apply(q: Queryable, m: Migration) {
  await q.exec(m.sql);
  await q.query("insert into schema_migrations (name, checksum) values ($1, $2)", [m.name, m.checksum]);
}

/**
 * Applies pending migrations in file-name order and records them in `schema_migrations`.
 * On a server the whole run holds a transaction-scoped advisory lock, so two processes
 * starting at once are safe: the second waits, then finds nothing left to do.
 * PGlite is single-process (guarded by a lock file); there each migration is its own transaction.
 * Migrations are append-only: an applied file that changed is an error (add a new, later one).
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = listMigrations(dir);
  const applied: string[] = [];
  if (db.kind === "postgres") {
    await db.transaction(async (tx) => {
      await tx.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
      for (const m of await pending(tx, migrations)) {
        await apply(tx, m);
        applied.push(m.name);
      }
    });
    return applied;
  }
  for (const m of await db.transaction((tx) => pending(tx, migrations))) {
    await db.transaction((tx) => apply(tx, m));
    applied.push(m.name);
  }
  return applied;
}
