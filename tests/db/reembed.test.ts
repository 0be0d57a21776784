import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddingModelV3 } from "@ai-sdk/provider";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { ingestFile } from "@/lib/ingest/ingest";
import type { EmbeddingSpace } from "@/lib/models/embeddings";
import { getEmbeddingSpace } from "@/lib/models/embeddings";
import { countStaleChunks, reembedStaleChunks } from "@/lib/search/reembed";
import { openTestDb } from "../helpers/db";
import { makePdf, tempDir, writeFixture } from "../helpers/fixtures";

/** A second embedding space (a stand-in for a remote model) with its own id and dimensions. */
function otherSpace(): EmbeddingSpace {
  const model: EmbeddingModelV3 = {
    specificationVersion: "v3", provider: "test", modelId: "constant-8", maxEmbeddingsPerCall: 100, supportsParallelCalls: false,
    async doEmbed({ values }) {
      return { embeddings: values.map((v) => Array.from({ length: 8 }, (_, i) => ((v.length + i) % 5) / 5)), warnings: [] };
    },
  };
  return { id: "test:constant-8", dimensions: 8, model };
}

describe("embedding model change", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent" });
    ({ db, cleanup } = await openTestDb());
  });
  afterAll(() => cleanup());

  it("re-embeds every chunk into the new space instead of mixing models", async () => {
    const deal = await createDeal({ db, slug: "reembed" });
    const dir = tempDir();
    await ingestFile({ db, dealId: deal.id, filePath: writeFixture(dir, "a.pdf", await makePdf(["Alpha revenue", "Beta margin"])) });
    const local = getEmbeddingSpace();
    const other = otherSpace();
    const total = (await db.query<{ n: number }>("select count(*)::int as n from chunks where deal_id = $1", [deal.id])).rows[0].n;
    expect(await countStaleChunks({ db, dealId: deal.id, space: local })).toBe(0);
    expect(await countStaleChunks({ db, dealId: deal.id, space: other })).toBe(total);

    expect(await reembedStaleChunks({ db, dealId: deal.id, space: other })).toBe(total);
    const { rows } = await db.query<{ model: string; dims: number }>(
      "select embedding_model as model, vector_dims(embedding::vector) as dims from chunks where deal_id = $1", [deal.id]);
    expect(rows.every((r) => r.model === other.id && r.dims === 8)).toBe(true);
    expect(await reembedStaleChunks({ db, dealId: deal.id, space: other })).toBe(0);
  });
});
