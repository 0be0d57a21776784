import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findEmbeddingIndex } from "@/lib/db/embedding-index";
import { listMigrations, MIGRATIONS_DIR } from "@/lib/db/migrate";
import { prepareSchema } from "@/lib/db/schema-state";
import { LOCAL_EMBEDDING_MODEL_ID } from "@/lib/models/local-embedder";
import { migrationsDir, withEmptyDb } from "./schema-fresh-db";

/**
 * Start-up skips the migration and index checks when the database's stored fingerprint says
 * nothing they depend on changed (lib/db/schema-state.ts); every change must still be seen.
 */
const LOCAL = { id: LOCAL_EMBEDDING_MODEL_ID, dimensions: 384 };
const OTHER = { id: "openai:text-embedding-3-small@256", dimensions: 256 };
const files = listMigrations().map((m) => path.join(MIGRATIONS_DIR, m.name));

function withDir<T>(extra: Record<string, string>, fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = migrationsDir(files, extra);
  return fn(dir).finally(() => fs.rmSync(dir, { recursive: true, force: true }));
}

describe("schema fingerprint at start-up", () => {
  it("checks a new database fully, then finds it current on the next start", async () => {
    await withEmptyDb(async (db) => {
      const first = await prepareSchema({ db, space: LOCAL });
      expect(first).toEqual({ current: false, applied: listMigrations().map((m) => m.name) });
      expect(await prepareSchema({ db, space: LOCAL })).toEqual({ current: true, applied: [] });
    });
  });

  it("applies a migration added after the fingerprint was stored", async () => {
    await withDir({}, async (dir) => {
      await withEmptyDb(async (db) => {
        await prepareSchema({ db, space: LOCAL, dir });
        fs.writeFileSync(path.join(dir, "29991231000100_probe.sql"), "alter table deals add column probe text;");
        expect(await prepareSchema({ db, space: LOCAL, dir })).toEqual({ current: false, applied: ["29991231000100_probe.sql"] });
        expect((await db.query("select probe from deals")).rows).toEqual([]);
        expect((await prepareSchema({ db, space: LOCAL, dir })).current).toBe(true);
      });
    });
  });

  it("still rejects an applied migration that was edited", async () => {
    await withDir({ "29991231000100_probe.sql": "alter table deals add column probe text;" }, async (dir) => {
      await withEmptyDb(async (db) => {
        await prepareSchema({ db, space: LOCAL, dir });
        fs.writeFileSync(path.join(dir, "29991231000100_probe.sql"), "alter table deals add column probe2 text;");
        await expect(prepareSchema({ db, space: LOCAL, dir })).rejects.toThrow(/29991231000100_probe\.sql changed after it was applied/);
      });
    });
  });

  it("creates the HNSW indexes of an embedding model configured after the fingerprint was stored", async () => {
    await withEmptyDb(async (db) => {
      await prepareSchema({ db, space: LOCAL });
      expect(await findEmbeddingIndex(db, "chunks", OTHER)).toBeUndefined();
      expect((await prepareSchema({ db, space: OTHER })).current).toBe(false);
      expect(await findEmbeddingIndex(db, "chunks", OTHER)).toBeDefined();
      expect(await findEmbeddingIndex(db, "findings", OTHER)).toBeDefined();
    });
  });

  it("with the full check asked for, rebuilds an index dropped by hand though the fingerprint matches", async () => {
    await withEmptyDb(async (db) => {
      await prepareSchema({ db, space: LOCAL });
      const index = await findEmbeddingIndex(db, "chunks", LOCAL);
      await db.exec(`drop index ${index}`);
      expect((await prepareSchema({ db, space: LOCAL })).current).toBe(true); // the fingerprint cannot see it
      expect(await findEmbeddingIndex(db, "chunks", LOCAL)).toBeUndefined();
      expect(await prepareSchema({ db, space: LOCAL, full: true })).toEqual({ current: false, applied: [] });
      expect(await findEmbeddingIndex(db, "chunks", LOCAL)).toBeDefined();
    });
  });
});
