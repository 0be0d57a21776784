/**
 * The model Agent Mode runs on: the configured chat model (OpenAI or a compatible server), or,
 * offline, the deterministic local driver that speaks the same JSON protocol. Choosing it is
 * the only place the local mode differs; the loop is the same.
 */
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { getConfig, type Config } from "@/lib/config";
import { getChatModelInfo } from "@/lib/models/chat";
import { createLocalAgentModeModel, LOCAL_AGENT_MODEL_ID } from "./local-driver";

export interface AgentModeModelInfo {
  model: LanguageModelV3;
  provider: "local" | "openai" | "openai-compatible";
  modelId: string;
}

export function getAgentModeModelInfo(cfg: Config = getConfig()): AgentModeModelInfo {
  const info = getChatModelInfo(cfg);
  if (info.provider === "local") return { model: createLocalAgentModeModel(), provider: "local", modelId: LOCAL_AGENT_MODEL_ID };
  return info;
}
