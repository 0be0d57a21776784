/**
 * Agent Mode for a deal: access-checked entry point used by the API routes, the evals and the
 * tests. Resolves the deal (with the user's access), builds the deal-scoped tools, chooses the
 * model and runs the bounded loop.
 */
import type { LanguageModel } from "ai";
import type { Queryable } from "@/lib/db";
import { requireDealAccess, type RequestUser } from "@/lib/chat/access";
import type { EmbeddingSpace } from "@/lib/models/embeddings";
import type { AgentModeConfigInput } from "./config";
import { runAgentMode } from "./loop";
import { getAgentModeModelInfo } from "./model";
import { createAgentModeTools } from "./tools";
import type { AgentModeResult, TraceEvent } from "./types";

export type { AgentModeResult, TraceEvent } from "./types";
export { runAgentMode } from "./loop";
export { AGENT_MODE_DEFAULTS, resolveAgentModeConfig } from "./config";

export interface RunForDealOptions {
  db: Queryable;
  dealRef: string;
  user: RequestUser;
  question: string;
  returnTrace?: boolean;
  onTrace?: (e: TraceEvent) => void;
  abortSignal?: AbortSignal;
  config?: Partial<AgentModeConfigInput>;
  /** Tests and evals: a scripted model instead of the configured one. */
  model?: LanguageModel;
  space?: EmbeddingSpace;
}

export async function runAgentModeForDeal(o: RunForDealOptions): Promise<AgentModeResult & { deal: string }> {
  const deal = await requireDealAccess({ db: o.db, dealRef: o.dealRef, user: o.user });
  const info = o.model ? null : getAgentModeModelInfo();
  const model = o.model ?? info!.model;
  const tools = createAgentModeTools({ db: o.db, access: { dealId: deal.id, dealSlug: deal.slug, userId: o.user.id, mode: o.user.mode }, space: o.space });
  const result = await runAgentMode({
    question: o.question,
    model,
    modelInfo: info ? { provider: info.provider, modelId: info.modelId } : undefined,
    tools,
    dealSlug: deal.slug,
    config: o.config,
    returnTrace: o.returnTrace,
    onTrace: o.onTrace,
    abortSignal: o.abortSignal,
  });
  return { ...result, deal: deal.slug };
}
