import { createHash } from "node:crypto";
import { MandaError } from "@/lib/errors";
import { log } from "@/lib/log";
import type { EmbeddingSpaceKey } from "@/lib/models/embedding-key";
import { MIGRATION_LOCK_KEY } from "./migrate";
import type { Db, Queryable } from "./types";

/**
 * Every embedding space the configuration can select gets a partial HNSW index on chunks and
 * on findings, over the same expression match_chunks / match_findings search with
 * (`embedding::vector(<dims>)` where `embedding_model = '<id>'`). The migrations create the
 * two built-in spaces' indexes (the local model, OpenAI text-embedding-3-large@1536); any
 * other configured model or dimension gets its index here at start-up (openDb), instead of
 * every search silently scanning all its vectors. The index is partial, so on a model that has
 * no vectors yet it is built instantly. pgvector's HNSW holds at most 2,000 dimensions
 * (`vector`); config rejects more (OPENAI_EMBEDDING_DIMENSIONS), and so does this.
 */
export const HNSW_MAX_DIMENSIONS = 2000;

const TABLES = ["chunks", "findings"] as const;
type Table = (typeof TABLES)[number];

function sqlLiteral(s: string): string {
  return `'${s.replaceAll("'", "''")}'`;
}

/** A stable, valid (≤ 63 bytes) index name for a model id: readable prefix, hash for uniqueness. */
export function embeddingIndexName(table: Table, spaceId: string): string {
  const slug = spaceId.toLowerCase().replace(/[^a-z0-9]+/g, "_").slice(0, 30).replace(/^_+|_+$/g, "");
  const hash = createHash("sha256").update(spaceId).digest("hex").slice(0, 6);
  return `${table}_embedding_${slug}_${hash}_hnsw`;
}

/** The name of an HNSW index on `table` that serves the space, if there is one. */
export async function findEmbeddingIndex(db: Queryable, table: Table, space: EmbeddingSpaceKey): Promise<string | undefined> {
  const { rows } = await db.query<{ indexname: string }>(
    `select indexname from pg_indexes
     where schemaname = 'public' and tablename = $1 and indexdef like '%USING hnsw%'
       and position($2 in indexdef) > 0 and position($3 in indexdef) > 0
     order by indexname limit 1`,
    [table, `::vector(${space.dimensions})`, `embedding_model = ${sqlLiteral(space.id)}::text`],
  );
  return rows[0]?.indexname;
}

function checkSpace(space: EmbeddingSpaceKey) {
  if (!Number.isInteger(space.dimensions) || space.dimensions < 1 || space.dimensions > HNSW_MAX_DIMENSIONS) {
    throw new MandaError(
      "internal:embedding_dimensions",
      `The embedding model ${space.id} has ${space.dimensions} dimensions; an HNSW index holds 1 to ${HNSW_MAX_DIMENSIONS}. ` +
        "Set OPENAI_EMBEDDING_DIMENSIONS to at most 2000 (text-embedding-3 models shorten their vectors on request).",
    );
  }
  if (!space.id.endsWith(String(space.dimensions))) {
    throw new MandaError("internal:embedding_model_id", `The embedding model id ${space.id} must end in its dimensions (${space.dimensions}).`);
  }
}

async function createMissing(q: Queryable, space: EmbeddingSpaceKey): Promise<string[]> {
  const created: string[] = [];
  for (const table of TABLES) {
    if (await findEmbeddingIndex(q, table, space)) continue;
    const name = embeddingIndexName(table, space.id);
    const sql = `create index ${name} on ${table} using hnsw ((embedding::vector(${space.dimensions})) vector_cosine_ops) where embedding_model = ${sqlLiteral(space.id)}`;
    try {
      await q.exec(sql);
    } catch (e) {
      // e.g. a server role that does not own the table, or the name taken: say what to run
      log.error("embedding index creation failed", { model: space.id, table, error: e });
      throw new MandaError("internal:embedding_index", `Could not create the HNSW index for the embedding model ${space.id} on ${table}. Create it as the table's owner: ${sql};`, { cause: e });
    }
    created.push(name);
  }
  return created;
}

/**
 * Makes sure the space has its HNSW indexes on chunks and findings; returns the indexes it
 * created (none when they exist). On a server it holds the migration lock, so processes
 * starting together create each index once.
 */
export async function ensureEmbeddingIndexes({ db, space }: { db: Db; space: EmbeddingSpaceKey }): Promise<string[]> {
  checkSpace(space);
  const created =
    db.kind === "postgres"
      ? await db.transaction(async (tx) => {
          await tx.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
          return createMissing(tx, space);
        })
      : await db.transaction((tx) => createMissing(tx, space));
  if (created.length > 0) log.info("HNSW indexes created for the configured embedding model", { model: space.id, indexes: created });
  return created;
}
