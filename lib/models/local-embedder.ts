import type { EmbeddingModelV3 } from "@ai-sdk/provider";

/**
 * Offline embedder: hashed word unigrams, word bigrams and character 4-grams,
 * sublinear term weights and signed feature hashing into a fixed number of dimensions,
 * L2-normalised. No weights to download, deterministic, ~µs per chunk. It captures
 * lexical and sub-word overlap (inflections, compounds, Swedish morphology), not synonyms:
 * query expansion in lib/search covers the financial vocabulary it cannot learn.
 */
export const LOCAL_EMBEDDING_DIMENSIONS = 384;
export const LOCAL_EMBEDDING_MODEL_ID = `local:hash-ngram-${LOCAL_EMBEDDING_DIMENSIONS}`;

const TOKEN = /[\p{L}\p{N}]+/gu;

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function add(vec: Float64Array, feature: string, weight: number) {
  const h = fnv1a(feature);
  const idx = h % vec.length;
  vec[idx] += h & 0x80000000 ? -weight : weight;
}

export function embedLocal(text: string, dims = LOCAL_EMBEDDING_DIMENSIONS): number[] {
  const counts = new Map<string, number>();
  const bump = (k: string, w: number) => counts.set(k, (counts.get(k) ?? 0) + w);
  const words = text.toLowerCase().match(TOKEN) ?? [];
  let prev: string | undefined;
  for (const w of words) {
    if (w.length > 40) continue;
    bump(`w:${w}`, 1);
    if (prev) bump(`b:${prev} ${w}`, 0.5);
    prev = w;
    if (w.length >= 4 && !/^\d+$/.test(w)) {
      const padded = `<${w}>`;
      for (let i = 0; i + 4 <= padded.length; i++) bump(`c:${padded.slice(i, i + 4)}`, 0.25);
    }
  }
  const vec = new Float64Array(dims);
  for (const [k, c] of counts) add(vec, k, 1 + Math.log(c));
  let norm = 0;
  for (const v of vec) norm += v * v;
  norm = Math.sqrt(norm) || 1;
  return Array.from(vec, (v) => v / norm);
}

export function createLocalEmbeddingModel(): EmbeddingModelV3 {
  return {
    specificationVersion: "v3",
    provider: "local",
    modelId: LOCAL_EMBEDDING_MODEL_ID,
    maxEmbeddingsPerCall: 2048,
    supportsParallelCalls: false,
    async doEmbed({ values }) {
      return { embeddings: values.map((v) => embedLocal(v)), warnings: [] };
    },
  };
}
