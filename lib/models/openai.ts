/**
 * The one place that creates the OpenAI provider (chat and embedding models both come from it):
 * OPENAI_API_KEY for OpenAI, OPENAI_BASE_URL for an OpenAI-compatible server (which may need no key).
 */
import { createOpenAI, type OpenAIProvider } from "@ai-sdk/openai";
import type { Config } from "@/lib/config";

export function openaiProvider(cfg: Pick<Config, "OPENAI_API_KEY" | "OPENAI_BASE_URL">): OpenAIProvider {
  return createOpenAI({ apiKey: cfg.OPENAI_API_KEY ?? "not-needed", baseURL: cfg.OPENAI_BASE_URL });
}
