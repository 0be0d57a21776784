import type { EmbeddingModelV3 } from "@ai-sdk/provider";
import { embedMany } from "ai";
import { getConfig, type Config } from "@/lib/config";
import { openaiProvider } from "./openai";
import { embeddingSpaceKeyOf } from "./embedding-key";
import { createLocalEmbeddingModel } from "./local-embedder";

export interface EmbeddingSpace {
  /** Stored beside every vector; vectors of different ids are never compared. */
  id: string;
  dimensions: number;
  model: EmbeddingModelV3;
  providerOptions?: Record<string, Record<string, number | string>>;
}

/**
 * The one place that decides which embedding model runs. No key → offline local model.
 * With OPENAI_API_KEY (or OPENAI_BASE_URL for a compatible server) → that provider, never
 * a silent fallback: if it fails, the caller sees the error.
 */
export function getEmbeddingSpace(cfg: Config = getConfig()): EmbeddingSpace {
  const { id, dimensions: dims } = embeddingSpaceKeyOf(cfg);
  if (cfg.embeddingMode === "local") return { id, dimensions: dims, model: createLocalEmbeddingModel() };
  const openai = openaiProvider(cfg);
  return {
    id,
    dimensions: dims,
    model: openai.embedding(cfg.OPENAI_EMBEDDING_MODEL),
    providerOptions: { openai: { dimensions: dims } },
  };
}

export async function embedTexts(space: EmbeddingSpace, values: string[]): Promise<number[][]> {
  if (values.length === 0) return [];
  if (space.model.provider === "local") {
    // Skip the SDK's telemetry/retry wrapper for the in-process model: it is pure CPU work.
    return (await space.model.doEmbed({ values })).embeddings;
  }
  const { embeddings } = await embedMany({ model: space.model, values, providerOptions: space.providerOptions, maxRetries: 2 });
  return embeddings;
}

/** pgvector text literal for a vector parameter. */
export function toVectorLiteral(v: number[]): string {
  return `[${v.map((x) => (Number.isFinite(x) ? x.toFixed(6).replace(/\.?0+$/, "") : "0")).join(",")}]`;
}
