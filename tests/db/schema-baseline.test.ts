import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readCatalog, type Catalog } from "@/lib/db/catalog";
import { BASELINE_LAST, LEGACY_CATALOG, LEGACY_MIGRATIONS, legacyCatalogDiff } from "@/lib/db/legacy-chain";
import { MIGRATIONS_DIR, listMigrations, migrate } from "@/lib/db/migrate";
import type { Db } from "@/lib/db/types";
import { migrationsDir, withEmptyDb } from "./schema-fresh-db";

/**
 * The baseline (20261125000100_documents.sql … 20261125000600_irl.sql) replaced the 17
 * migrations before it. supabase/schema/legacy-chain.catalog.json is the catalog the old chain
 * built (generated on PGlite before its files were deleted; the same on PostgreSQL 15).
 */

/**
 * Functions the old chain defined that the baseline drops on purpose (none: every function
 * still has a caller; search_add_documents_segment, reported unused, is called by the
 * search_chunk_terms_removed trigger to re-add what is left of a document).
 */
const DROPPED_ON_PURPOSE: string[] = [];

const all = listMigrations();
const baseline = all.filter((m) => m.name <= BASELINE_LAST);

function withoutDropped(c: Catalog): Catalog {
  const functions = Object.fromEntries(Object.entries(c.functions).filter(([sig]) => !DROPPED_ON_PURPOSE.includes(sig.split("(")[0])));
  return { ...c, functions };
}

async function withBaselineOnly<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const dir = migrationsDir(baseline.map((m) => path.join(MIGRATIONS_DIR, m.name)));
  try {
    return await withEmptyDb(async (db) => {
      await migrate(db, dir);
      return fn(db);
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Makes a baseline-built database look like one the old chain built (same catalog, old names recorded). */
async function recordOldNames(db: Db, names: readonly string[]) {
  await db.query("delete from schema_migrations");
  for (const n of names) await db.query("insert into schema_migrations (name, checksum) values ($1, 'old')", [n]);
}

describe("schema baseline", () => {
  it("is six files, one per area, sorting after every old migration", () => {
    expect(baseline.map((m) => m.name)).toEqual([
      "20261125000100_documents.sql", "20261125000200_search.sql", "20261125000300_pipeline.sql",
      "20261125000400_knowledge.sql", "20261125000500_chat.sql", "20261125000600_irl.sql",
    ]);
    expect(LEGACY_MIGRATIONS.every((n) => n < baseline[0].name)).toBe(true);
  });

  it("builds the same database as the old chain (catalog and every pg_get_functiondef)", async () => {
    const built = await withBaselineOnly((db) => readCatalog(db));
    expect(built).toEqual(withoutDropped(LEGACY_CATALOG));
  });

  it("defines each SQL function once, with a comment before it that names it", () => {
    // (Later migrations may redefine a function; its live definition is in supabase/schema/catalog.json.)
    const names = Object.keys(LEGACY_CATALOG.functions).map((sig) => sig.split("(")[0]).filter((n) => !DROPPED_ON_PURPOSE.includes(n));
    for (const name of names) {
      const defs = baseline.flatMap((m) => {
        const lines = m.sql.split("\n");
        return lines.flatMap((l, i) => (l.startsWith(`create or replace function ${name}(`) ? [{ file: m.name, before: lines.slice(Math.max(0, i - 12), i) }] : []));
      });
      expect(defs.map((d) => d.file), name).toHaveLength(1);
      expect(defs[0].before.filter((l) => l.startsWith("--")).join("\n"), name).toContain(`-- ${name}`);
    }
  });
});

describe("a database built by the old chain", () => {
  it("is adopted: the baseline is recorded as applied, later migrations apply, and it keeps working", async () => {
    await withBaselineOnly(async (db) => {
      await db.query("insert into deals (id, slug, name) values (gen_random_uuid(), 'kept', 'Kept')");
      await recordOldNames(db, LEGACY_MIGRATIONS);
      const applied = await migrate(db);
      expect(applied).toEqual(all.filter((m) => m.name > BASELINE_LAST).map((m) => m.name));
      const { rows } = await db.query<{ name: string }>("select name from schema_migrations order by name");
      expect(rows.map((r) => r.name)).toEqual(all.map((m) => m.name));
      expect((await db.query("select slug from deals")).rows).toEqual([{ slug: "kept" }]);
      expect(await migrate(db)).toEqual([]);
    });
  });

  it("with only part of the old chain applied, stops with what to do and changes nothing", async () => {
    await withBaselineOnly(async (db) => {
      await recordOldNames(db, LEGACY_MIGRATIONS.slice(0, 5));
      const err = await migrate(db).then(() => undefined, (e: unknown) => e);
      expect(err).toMatchObject({ code: "internal:schema_legacy_partial" });
      expect(String((err as Error).message)).toMatch(/applied 5 of the 17 migrations .*20261121000600_agent_match_findings\.sql.*Open it once with a Manda version from before the schema baseline/);
      const { rows } = await db.query<{ name: string }>("select name from schema_migrations order by name");
      expect(rows.map((r) => r.name)).toEqual(LEGACY_MIGRATIONS.slice(0, 5));
    });
  });

  it("whose schema was changed by hand is not adopted, and the error says what differs", async () => {
    await withBaselineOnly(async (db) => {
      await recordOldNames(db, LEGACY_MIGRATIONS);
      await db.exec("drop index findings_document_idx");
      await expect(migrate(db)).rejects.toMatchObject({
        code: "internal:schema_legacy_mismatch",
        message: expect.stringContaining("table findings indexes"),
      });
    });
  });

  it("a hosted database's own extensions do not count as a difference; a missing one of the chain's does", () => {
    const hosted = { ...LEGACY_CATALOG, extensions: [...LEGACY_CATALOG.extensions, "pg_graphql", "pgcrypto"].sort() };
    expect(legacyCatalogDiff(hosted)).toEqual([]);
    expect(legacyCatalogDiff({ ...LEGACY_CATALOG, extensions: ["pgcrypto"] })).toEqual(["extensions"]);
  });
});
