/**
 * Agent Mode for a deal: access-checked entry point used by the API routes, the evals and the
 * tests. Resolves the deal (with the user's access), builds the deal-scoped tools, chooses the
 * model and runs the bounded loop. With `conversation`, the run is saved as an Agent Mode
 * conversation (request first, then the answer with its citations and trace), which needs the
 * analyst role like the chat.
 */
import type { LanguageModel } from "ai";
import type { Db } from "@/lib/db";
import { requireDealAccess, type RequestUser } from "@/lib/auth/request";
import type { EmbeddingSpace } from "@/lib/models/embeddings";
import type { AgentModeConfigInput } from "./config";
import { saveAgentAnswer, saveAgentFailure, startAgentConversation, type AgentConversationRef } from "./conversation";
import { runAgentMode } from "./loop";
import { getAgentModelInfo } from "@/lib/agent/model";
import type { AgentModeResult, TraceEvent } from "./types";

export type { AgentModeResult, TraceEvent } from "./types";
export { runAgentMode } from "./loop";
export { AGENT_MODE_DEFAULTS, resolveAgentModeConfig } from "./config";

export interface RunForDealOptions {
  db: Db;
  dealRef: string;
  user: RequestUser;
  question: string;
  returnTrace?: boolean;
  onTrace?: (e: TraceEvent) => void;
  abortSignal?: AbortSignal;
  config?: Partial<AgentModeConfigInput>;
  /** Tests and evals: a scripted model instead of the configured one. */
  model?: LanguageModel;
  /** Unused since Agent Mode runs on the chat's loop (kept for callers). */
  space?: EmbeddingSpace;
  /** Save the run as a conversation (a new one, or the Agent Mode conversation with this id), the answer under `answerMessageId`. */
  conversation?: { id?: string; answerMessageId?: string };
}

function modelInfoOf(model: LanguageModel): { provider: string; modelId: string } {
  return typeof model === "string" ? { provider: "gateway", modelId: model } : { provider: model.provider, modelId: model.modelId };
}

export type AgentModeRunForDeal = AgentModeResult & { deal: string; conversationId?: string };

export async function runAgentModeForDeal(o: RunForDealOptions): Promise<AgentModeRunForDeal> {
  const deal = await requireDealAccess({ db: o.db, dealRef: o.dealRef, user: o.user, ...(o.conversation ? { role: "analyst" as const } : {}) });
  const info = o.model ? null : getAgentModelInfo();
  const model = o.model ?? info!.model;
  let saved: AgentConversationRef | undefined;
  if (o.conversation) saved = await startAgentConversation({ db: o.db, dealId: deal.id, userId: o.user.id, conversationId: o.conversation.id, question: o.question });
  const seen: TraceEvent[] = [];
  let result: AgentModeResult;
  try {
    result = await runAgentMode({
      question: o.question,
      db: o.db,
      deal: { id: deal.id, slug: deal.slug, name: deal.name, target_company: deal.target_company },
      model,
      modelInfo: info ? { provider: info.provider, modelId: info.modelId } : modelInfoOf(model),
      config: o.config,
      // a saved run keeps its trace, whether or not the caller asked for it
      returnTrace: o.returnTrace || !!saved,
      onTrace: (e) => {
        seen.push(e);
        o.onTrace?.(e);
      },
      abortSignal: o.abortSignal,
    });
  } catch (e) {
    if (saved) await saveAgentFailure({ db: o.db, ref: saved, error: e, aborted: !!o.abortSignal?.aborted, trace: seen, id: o.conversation?.answerMessageId });
    throw e;
  }
  if (saved) await saveAgentAnswer({ db: o.db, ref: saved, result, id: o.conversation?.answerMessageId });
  if (!o.returnTrace) delete result.trace;
  return { ...result, deal: deal.slug, ...(saved ? { conversationId: saved.conversationId } : {}) };
}
