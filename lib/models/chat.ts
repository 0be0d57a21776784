/**
 * The one place that decides which remote chat model runs (like getEmbeddingSpace for embeddings).
 * No key → `{provider: "local"}`: the offline product mode, whose model is the agent's own
 * (lib/agent/offline, chosen by lib/agent/model.ts). OPENAI_API_KEY → OpenAI (OPENAI_CHAT_MODEL,
 * default gpt-4.1); OPENAI_BASE_URL → an OpenAI-compatible server. Never a silent fallback to a
 * remote model: if the configured provider fails, the caller sees the error.
 */
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { getConfig, type Config } from "@/lib/config";
import { openaiProvider } from "./openai";

export interface RemoteChatModelInfo {
  model: LanguageModelV3;
  provider: "openai" | "openai-compatible";
  modelId: string;
}

/** `local`: no remote model is configured (the agent runs its offline model; extraction runs rules). */
export type ChatModelInfo = RemoteChatModelInfo | { provider: "local" };

export function getChatModelInfo(cfg: Config = getConfig()): ChatModelInfo {
  if (cfg.modelMode === "local") return { provider: "local" };
  const openai = openaiProvider(cfg);
  if (cfg.OPENAI_BASE_URL) {
    // Compatible servers (vLLM, Ollama, LM Studio …) speak Chat Completions, not the Responses API.
    return { model: openai.chat(cfg.OPENAI_CHAT_MODEL), provider: "openai-compatible", modelId: cfg.OPENAI_CHAT_MODEL };
  }
  return { model: openai(cfg.OPENAI_CHAT_MODEL), provider: "openai", modelId: cfg.OPENAI_CHAT_MODEL };
}
