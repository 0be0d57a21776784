/**
 * The one place that decides which chat model runs (like getEmbeddingSpace for embeddings).
 * No key → the local deterministic model (offline product mode). OPENAI_API_KEY → OpenAI
 * (OPENAI_CHAT_MODEL, default gpt-4.1); OPENAI_BASE_URL → an OpenAI-compatible server. Never a
 * silent fallback to a remote model: if the configured provider fails, the caller sees the error.
 */
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { getConfig, type Config } from "@/lib/config";
import { openaiProvider } from "./openai";
import { createLocalChatModel, LOCAL_CHAT_MODEL_ID } from "./local-chat";

export interface ChatModelInfo {
  model: LanguageModelV3;
  provider: "local" | "openai" | "openai-compatible";
  modelId: string;
}

export function getChatModelInfo(cfg: Config = getConfig()): ChatModelInfo {
  if (cfg.modelMode === "local") return { model: createLocalChatModel(), provider: "local", modelId: LOCAL_CHAT_MODEL_ID };
  const openai = openaiProvider(cfg);
  if (cfg.OPENAI_BASE_URL) {
    // Compatible servers (vLLM, Ollama, LM Studio …) speak Chat Completions, not the Responses API.
    return { model: openai.chat(cfg.OPENAI_CHAT_MODEL), provider: "openai-compatible", modelId: cfg.OPENAI_CHAT_MODEL };
  }
  return { model: openai(cfg.OPENAI_CHAT_MODEL), provider: "openai", modelId: cfg.OPENAI_CHAT_MODEL };
}

export function getChatModel(cfg: Config = getConfig()): LanguageModelV3 {
  return getChatModelInfo(cfg).model;
}
