import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig, setConfigForProcess } from "@/lib/config";
import { embeddingIndexName, ensureEmbeddingIndexes, findEmbeddingIndex } from "@/lib/db/embedding-index";
import { migrate } from "@/lib/db/migrate";
import type { Db } from "@/lib/db/types";
import { embeddingSpaceKeyOf } from "@/lib/models/embedding-key";
import { LOCAL_EMBEDDING_MODEL_ID } from "@/lib/models/local-embedder";
import { openTestDb } from "../helpers/db";
import { withEmptyDb } from "./schema-fresh-db";

/**
 * Every embedding model config accepts gets an HNSW index on chunks and findings (the
 * migrations hold the two built-in ones; lib/db/embedding-index.ts adds the configured one at
 * start-up), or a clear error when pgvector cannot index it. Before, any other model ran
 * every search as a scan over all its vectors.
 */
const OTHER = { id: "openai:text-embedding-3-small@512", dimensions: 512 };

/** The HNSW index the planner picks for match_chunks' nearest-neighbour query shape, if any. */
async function indexUsed(db: Db, table: "chunks" | "findings", space: { id: string; dimensions: number }): Promise<string | undefined> {
  const vec = `[${Array.from({ length: space.dimensions }, (_, i) => (i === 0 ? 1 : 0)).join(",")}]`;
  return db.transaction(async (tx) => {
    await tx.exec("set local enable_seqscan = off");
    const { rows } = await tx.query<{ "QUERY PLAN": string }>(
      `explain select id from ${table} where embedding_model = '${space.id.replaceAll("'", "''")}'
       order by embedding::vector(${space.dimensions}) <=> '${vec}'::vector(${space.dimensions}) limit 5`,
    );
    return rows.map((r) => r["QUERY PLAN"]).join("\n").match(/Index Scan using (\S+)/)?.[1];
  });
}

describe("HNSW index per configured embedding model", () => {
  it("creates the missing indexes for a model the migrations do not know, and the search query uses them", async () => {
    await withEmptyDb(async (db) => {
      await migrate(db);
      expect(await findEmbeddingIndex(db, "chunks", OTHER)).toBeUndefined();
      expect(await indexUsed(db, "chunks", OTHER)).toBeUndefined();
      const created = await ensureEmbeddingIndexes({ db, space: OTHER });
      expect(created).toHaveLength(2);
      expect(await indexUsed(db, "chunks", OTHER)).toBe(created[0]);
      expect(await indexUsed(db, "findings", OTHER)).toBe(created[1]);
      expect(await ensureEmbeddingIndexes({ db, space: OTHER })).toEqual([]);
    });
  });

  it("finds the migrations' indexes for the built-in models and creates nothing", async () => {
    await withEmptyDb(async (db) => {
      await migrate(db);
      for (const space of [{ id: LOCAL_EMBEDDING_MODEL_ID, dimensions: 384 }, { id: "openai:text-embedding-3-large@1536", dimensions: 1536 }]) {
        expect(await ensureEmbeddingIndexes({ db, space })).toEqual([]);
        expect(await indexUsed(db, "chunks", space)).toBe(await findEmbeddingIndex(db, "chunks", space));
      }
      expect(await findEmbeddingIndex(db, "chunks", { id: LOCAL_EMBEDDING_MODEL_ID, dimensions: 384 })).toBe("chunks_embedding_local_hnsw");
    });
  });

  it("quotes a model name as a literal", async () => {
    await withEmptyDb(async (db) => {
      await migrate(db);
      const odd = { id: "openai:it's-a-model; drop table deals@64", dimensions: 64 };
      expect(await ensureEmbeddingIndexes({ db, space: odd })).toHaveLength(2);
      expect(await indexUsed(db, "chunks", odd)).toBe(await findEmbeddingIndex(db, "chunks", odd));
      expect((await db.query("select count(*)::int as n from deals")).rows).toEqual([{ n: 0 }]);
    });
  });

  it("says what to run when the index cannot be created", async () => {
    await withEmptyDb(async (db) => {
      await migrate(db);
      await db.exec(`create table ${embeddingIndexName("chunks", OTHER.id)} (x int)`); // the name is taken
      await expect(ensureEmbeddingIndexes({ db, space: OTHER })).rejects.toMatchObject({
        code: "internal:embedding_index",
        message: expect.stringContaining(`Create it as the table's owner: create index ${embeddingIndexName("chunks", OTHER.id)} on chunks using hnsw`),
      });
    });
  });

  it("refuses more dimensions than HNSW can index, in config and at start-up", async () => {
    expect(() => parseConfig({ OPENAI_BASE_URL: "http://127.0.0.1:9/v1", OPENAI_EMBEDDING_DIMENSIONS: "3072" })).toThrow(/OPENAI_EMBEDDING_DIMENSIONS: at most 2000/);
    expect(embeddingSpaceKeyOf(parseConfig({ OPENAI_BASE_URL: "http://127.0.0.1:9/v1", OPENAI_EMBEDDING_DIMENSIONS: "2000" })).dimensions).toBe(2000);
    await withEmptyDb(async (db) => {
      await migrate(db);
      await expect(ensureEmbeddingIndexes({ db, space: { id: "openai:text-embedding-3-large@3072", dimensions: 3072 } }))
        .rejects.toMatchObject({ code: "internal:embedding_dimensions", message: expect.stringContaining("at most 2000") });
    });
  });
});

describe("openDb with another configured embedding model", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    setConfigForProcess({ OPENAI_API_KEY: "", OPENAI_BASE_URL: "http://127.0.0.1:9/v1", OPENAI_EMBEDDING_MODEL: "nomic-embed-text", OPENAI_EMBEDDING_DIMENSIONS: "768" });
    ({ db, cleanup } = await openTestDb());
  });
  afterAll(async () => {
    await cleanup();
    setConfigForProcess({});
  });

  it("gives it its HNSW indexes at start-up", async () => {
    const space = { id: "openai:nomic-embed-text@768", dimensions: 768 };
    expect(await findEmbeddingIndex(db, "chunks", space)).toMatch(/^chunks_embedding_openai_nomic_embed_text_768_[0-9a-f]{6}_hnsw$/);
    expect(await findEmbeddingIndex(db, "findings", space)).toMatch(/^findings_embedding_/);
  });
});
