import type { Queryable } from "@/lib/db";
import { toExactVectorLiteral } from "@/lib/db/vector-param";
import { embedTexts, type EmbeddingSpace } from "@/lib/models/embeddings";

const BATCH = 128;

/**
 * Brings a deal's chunks into the current embedding space. Vectors of different models are
 * never compared (every search filters on embedding_model), so after a model change the
 * stale chunks are re-embedded rather than mixed. Returns how many chunks were re-embedded.
 */
export async function reembedStaleChunks({ db, dealId, space, limit = Infinity }: {
  db: Queryable;
  dealId: string;
  space: EmbeddingSpace;
  limit?: number;
}): Promise<number> {
  let done = 0;
  while (done < limit) {
    const { rows } = await db.query<{ id: string; text: string }>(
      `select id, text from chunks where deal_id = $1 and embedding_model is distinct from $2 order by document_id, chunk_index limit $3`,
      [dealId, space.id, Math.min(BATCH, limit - done)],
    );
    if (rows.length === 0) break;
    const vectors = await embedTexts(space, rows.map((r) => r.text));
    await db.query(
      `update chunks c set embedding = v.embedding::vector, embedding_model = $2
       from unnest($1::uuid[], $3::text[]) as v(id, embedding) where c.id = v.id`,
      [rows.map((r) => r.id), space.id, vectors.map(toExactVectorLiteral)],
    );
    done += rows.length;
  }
  if (done > 0) {
    await db.query(
      `update documents set embedding_model = $2 where deal_id = $1 and status = 'indexed'`,
      [dealId, space.id],
    );
  }
  return done;
}

export async function countStaleChunks({ db, dealId, space }: { db: Queryable; dealId: string; space: EmbeddingSpace }): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "select count(*)::int as n from chunks where deal_id = $1 and embedding_model is distinct from $2",
    [dealId, space.id],
  );
  return rows[0].n;
}
