/**
 * The one seam between chat plumbing (route, CLI, evals, bench) and the agent brain
 * (lib/agent/run.ts): the web chat, `manda ask`, `manda chat` and the eval runner all call
 * the agent through here, so they run the same agent. Tests inject their own.
 */
import type { LanguageModel, UIMessage } from "ai";
import type { Db } from "@/lib/db";
import type { Deal } from "@/lib/db/queries/deals";
import { createAgentStream, runAgentTurn, type AgentStream as RunAgentStream } from "@/lib/agent/run";

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
  /** How many of the latest messages the agent may read (default DEFAULT_CONTEXT_MESSAGES, 10). */
  contextMessages?: number;
  abortSignal?: AbortSignal;
  /** runAgentTurn: asks the caller's user about each write the model wants to make (tool approval); without it writes wait. */
  approve?: (request: { approvalId: string; toolName: string; input: unknown }) => boolean | Promise<boolean>;
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

/** The agent's stream (lib/agent/run): a StreamTextResult over the agent's tools. */
export type AgentStream = RunAgentStream;

export interface AgentModule {
  createAgentStream(args: AgentStreamArgs): AgentStream | Promise<AgentStream>;
  runAgentTurn(args: AgentStreamArgs): Promise<AgentTurnResult>;
}

export function agentDeal(deal: Deal): AgentDealArg {
  return { id: deal.id, slug: deal.slug, name: deal.name, targetCompany: deal.target_company };
}

const defaultAgent: AgentModule = { createAgentStream, runAgentTurn };

let override: AgentModule | undefined;

/** Tests and benches may swap the agent (e.g. a MockLanguageModelV3-backed one). */
export function setAgentModule(m: AgentModule | undefined): void {
  override = m;
}

/** The agent (lib/agent/run), or the module a test or bench swapped in. */
export async function loadAgent(): Promise<AgentModule> {
  return override ?? defaultAgent;
}
