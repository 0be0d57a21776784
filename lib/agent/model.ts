/**
 * The model both agent modes (the chat and Agent Mode) run on: the configured remote chat model
 * (lib/models/chat.ts), or offline the agent's own deterministic model (lib/agent/offline), which
 * emits native tool calls like a remote one. Choosing it is the only place the offline mode differs.
 */
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { getConfig, type Config } from "@/lib/config";
import { getChatModelInfo } from "@/lib/models/chat";
import { createOfflineModel, OFFLINE_MODEL_ID } from "./offline";

export interface AgentModelInfo {
  model: LanguageModelV3;
  provider: "local" | "openai" | "openai-compatible";
  modelId: string;
}

export function getAgentModelInfo(cfg: Config = getConfig()): AgentModelInfo {
  const info = getChatModelInfo(cfg);
  if (info.provider === "local") return { model: createOfflineModel(), provider: "local", modelId: OFFLINE_MODEL_ID };
  return info;
}

export function getAgentModel(cfg: Config = getConfig()): LanguageModelV3 {
  return getAgentModelInfo(cfg).model;
}
