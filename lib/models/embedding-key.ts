import type { Config } from "@/lib/config";
import { LOCAL_EMBEDDING_DIMENSIONS, LOCAL_EMBEDDING_MODEL_ID } from "./local-embedder";

/** What identifies an embedding space in the database: the model id stored beside every vector, and its dimensions. */
export interface EmbeddingSpaceKey {
  id: string;
  dimensions: number;
}

/**
 * The configured embedding space's id and dimensions, without loading a provider (the
 * database layer needs them at start-up to give the space an HNSW index: lib/db/embedding-index.ts).
 * No key → the offline local model; OPENAI_API_KEY or OPENAI_BASE_URL → `openai:<model>@<dimensions>`.
 * The id ends in the dimensions: match_chunks / match_findings read them from there.
 */
export function embeddingSpaceKeyOf(cfg: Config): EmbeddingSpaceKey {
  if (cfg.embeddingMode === "local") return { id: LOCAL_EMBEDDING_MODEL_ID, dimensions: LOCAL_EMBEDDING_DIMENSIONS };
  const dims = cfg.OPENAI_EMBEDDING_DIMENSIONS;
  return { id: `openai:${cfg.OPENAI_EMBEDDING_MODEL}@${dims}`, dimensions: dims };
}
