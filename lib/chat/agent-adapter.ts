/**
 * The one seam between chat plumbing (route, CLI, evals, bench) and the agent brain
 * (lib/agent/run.ts): the web chat, `manda ask`, `manda chat` and the eval runner all call
 * the agent through here, so they run the same agent. Tests inject their own.
 */
import type { LanguageModel, StreamTextResult, ToolSet, UIMessage } from "ai";
import type { Db } from "@/lib/db";
import type { Deal } from "@/lib/db/queries/deals";
import { MandaError } from "@/lib/errors";

/** The deal as the agent takes it (row fields plus the camel-cased ones the agent reads). */
export interface AgentDealArg {
  id: string;
  slug: string;
  name: string;
  targetCompany: string | null;
}

export interface AgentStreamArgs {
  db: Db;
  deal: AgentDealArg;
  userId: string | null;
  conversationId: string | null;
  messages: UIMessage[];
  model?: LanguageModel;
  /** How many of the latest messages the agent may read (P4: last N, default 10). */
  contextMessages?: number;
  abortSignal?: AbortSignal;
}

export interface AgentSource {
  document: string;
  page: number;
  cell?: string | null;
  excerpt?: string;
  citation?: string;
  url?: string;
  documentId?: string;
}

export interface AgentToolCall {
  toolName: string;
  input?: unknown;
  output?: unknown;
}

export interface AgentUsage {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
}

export interface AgentTurnResult {
  text: string;
  sources: AgentSource[];
  toolCalls: AgentToolCall[];
  usage: AgentUsage;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AgentStream = StreamTextResult<ToolSet, any>;

export interface AgentModule {
  createAgentStream(args: AgentStreamArgs): AgentStream | Promise<AgentStream>;
  runAgentTurn(args: AgentStreamArgs): Promise<AgentTurnResult>;
}

export function agentDeal(deal: Deal): AgentDealArg {
  return { id: deal.id, slug: deal.slug, name: deal.name, targetCompany: deal.target_company };
}

let override: AgentModule | undefined;

/** Tests and benches may swap the agent (e.g. a MockLanguageModelV3-backed one). */
export function setAgentModule(m: AgentModule | undefined): void {
  override = m;
}

/** Loads lib/agent/run (lazily: the CLI's other commands never load models). */
export async function loadAgent(): Promise<AgentModule> {
  if (override) return override;
  let mod: Record<string, unknown>;
  try {
    // @ts-ignore -- lib/agent/run.ts is the agent brain's module (built in parallel)
    mod = (await import("@/lib/agent/run")) as Record<string, unknown>;
  } catch (e) {
    throw new MandaError("unavailable:agent", "The chat agent is not available in this installation.", { cause: e });
  }
  const createAgentStream = mod.createAgentStream;
  const runAgentTurn = mod.runAgentTurn;
  if (typeof createAgentStream !== "function" || typeof runAgentTurn !== "function") {
    throw new MandaError("unavailable:agent", "The chat agent is not available in this installation.");
  }
  return { createAgentStream: createAgentStream as AgentModule["createAgentStream"], runAgentTurn: runAgentTurn as AgentModule["runAgentTurn"] };
}
