import type { Db } from "@/lib/db";
import { isMandaError } from "@/lib/errors";
import { log } from "@/lib/log";
import { irlService, type IrlService } from "./adapters/irl";
import { pipelineService, type PipelineService } from "./adapters/pipeline";
import { SourceRegistry } from "./sources";
import type { EmbeddingSpace } from "@/lib/models/embeddings";

export interface AgentDeal {
  id: string;
  slug: string;
  name: string;
  targetCompany?: string | null;
}

/**
 * Everything a tool may use during one agent turn. The source registry is per turn: it holds
 * what the tools retrieved, and the guardrails check the answer's citations against it.
 */
export interface AgentContext {
  db: Db;
  deal: AgentDeal;
  userId: string | null;
  conversationId: string | null;
  sources: SourceRegistry;
  /** Embedding space for finding/page retrieval; default: the configured one. */
  space?: EmbeddingSpace;
  /** Collaborators (lib/irl, lib/pipeline); tests inject stubs. */
  services: {
    irl: IrlService;
    pipeline: PipelineService;
  };
}

export function createAgentContext(a: {
  db: Db;
  deal: AgentDeal;
  userId?: string | null;
  conversationId?: string | null;
  space?: EmbeddingSpace;
  services?: Partial<AgentContext["services"]>;
}): AgentContext {
  return {
    db: a.db,
    deal: a.deal,
    userId: a.userId ?? null,
    conversationId: a.conversationId ?? null,
    sources: new SourceRegistry(a.deal.slug),
    space: a.space,
    services: { irl: a.services?.irl ?? irlService, pipeline: a.services?.pipeline ?? pipelineService },
  };
}

/** A recoverable tool failure: the model sees it and can correct itself or explain. */
export interface ToolError {
  error: string;
  hint?: string;
}

export function toolError(error: string, hint?: string): ToolError {
  return hint ? { error, hint } : { error };
}

/**
 * Runs a tool body; an exception becomes {error} so the conversation continues. The model (and
 * the saved message) sees only a safe text: a MandaError's message, which is written to be shown,
 * or a generic one. Anything else (SQL text, file paths, a provider's reply) goes to the log only.
 */
export async function safely<T>(what: string, fn: () => Promise<T>): Promise<T | ToolError> {
  try {
    return await fn();
  } catch (e) {
    if (isMandaError(e) && e.type !== "internal") return toolError(`${what} failed: ${e.message}`);
    log.error("agent tool failed", { tool: what, error: e });
    return toolError(`${what} failed because of an internal error.`, "Say that this step could not be completed; do not guess its result.");
  }
}
