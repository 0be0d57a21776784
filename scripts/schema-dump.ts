/**
 * `npm run schema:dump`: applies every migration in supabase/migrations to a fresh in-memory
 * PGlite and writes the resulting catalog (tables, columns, constraints, indexes, triggers,
 * sequences, and every function's pg_get_functiondef) to supabase/schema/catalog.json.
 * tests/db/schema-catalog.test.ts fails when a migration changes the schema and this file
 * was not regenerated, so the committed dump is always the live schema.
 *
 *   npm run schema:dump [-- --migrations <dir>] [-- --out <file>]
 *   npm run schema:dump -- --database-url postgres://… --out /tmp/pg.json   (a throwaway database on that server)
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { CATALOG_FILE, formatCatalog, readCatalog } from "@/lib/db/catalog";
import { migrate, MIGRATIONS_DIR } from "@/lib/db/migrate";
import { openPglite } from "@/lib/db/pglite";
import { withScratchServerDb } from "@/lib/db/scratch";
import type { Db } from "@/lib/db/types";

async function dump(db: Db, migrations: string, out: string) {
  await migrate(db, migrations);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, formatCatalog(await readCatalog(db)));
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
}

async function main() {
  const { values } = parseArgs({ options: { migrations: { type: "string" }, out: { type: "string" }, "database-url": { type: "string" } } });
  const migrations = values.migrations ? path.resolve(values.migrations) : MIGRATIONS_DIR;
  const out = values.out ? path.resolve(values.out) : CATALOG_FILE;
  if (values["database-url"]) return withScratchServerDb(values["database-url"], (db) => dump(db, migrations, out));
  const db = await openPglite("memory://");
  try {
    await dump(db, migrations, out);
  } finally {
    await db.close();
  }
}

await main();
