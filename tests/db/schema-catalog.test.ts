import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOG_FILE, diffCatalogs, readCatalog, type Catalog } from "@/lib/db/catalog";
import { MIGRATIONS_DIR, listMigrations, migrate } from "@/lib/db/migrate";
import { migrationsDir, withEmptyDb } from "./schema-fresh-db";

/**
 * supabase/schema/catalog.json is the generated dump of the live schema (npm run schema:dump).
 * It must equal what the migrations build, on PGlite and (DATABASE_URL) on PostgreSQL.
 */
const committed = JSON.parse(fs.readFileSync(CATALOG_FILE, "utf8")) as Catalog;
const files = listMigrations().map((m) => path.join(MIGRATIONS_DIR, m.name));

describe("schema dump (supabase/schema/catalog.json)", () => {
  it("equals the catalog the migrations build (run `npm run schema:dump` after adding a migration)", async () => {
    const built = await withEmptyDb(async (db) => {
      await migrate(db);
      return readCatalog(db);
    });
    expect(diffCatalogs(committed, built)).toEqual([]);
    expect(built).toEqual(committed);
  });

  it("notices a migration that changes the schema when the dump was not regenerated", async () => {
    const dir = migrationsDir(files, {
      "29991231000100_probe.sql": "alter table deals add column probe text;\ncreate index deals_probe_idx on deals (probe);\n" +
        "create or replace function probe() returns int language sql as $$ select 1 $$;",
    });
    try {
      const built = await withEmptyDb(async (db) => {
        await migrate(db, dir);
        return readCatalog(db);
      });
      expect(diffCatalogs(committed, built)).toEqual(["table deals columns", "table deals indexes", "function probe() unexpected"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
