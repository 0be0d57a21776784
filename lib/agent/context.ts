import type { Db } from "@/lib/db";
import { loadIrlService, type IrlService } from "./adapters/irl";
import { loadPipelineService, type PipelineService } from "./adapters/pipeline";
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
  /** The user's latest message (writing tools check that the user asked or confirmed). */
  lastUserText: string;
  /** Embedding space for finding/page retrieval; default: the configured one. */
  space?: EmbeddingSpace;
  /** Lazily loaded collaborators; tests inject stubs. */
  services: {
    irl: () => Promise<IrlService>;
    pipeline: () => Promise<PipelineService>;
  };
}

export function createAgentContext(a: {
  db: Db;
  deal: AgentDeal;
  userId?: string | null;
  conversationId?: string | null;
  lastUserText?: string;
  space?: EmbeddingSpace;
  services?: Partial<AgentContext["services"]>;
}): AgentContext {
  return {
    db: a.db,
    deal: a.deal,
    userId: a.userId ?? null,
    conversationId: a.conversationId ?? null,
    sources: new SourceRegistry(a.deal.slug),
    lastUserText: a.lastUserText ?? "",
    space: a.space,
    services: { irl: a.services?.irl ?? loadIrlService, pipeline: a.services?.pipeline ?? loadPipelineService },
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

/** Runs a tool body; unexpected exceptions become {error} so the conversation continues. */
export async function safely<T>(what: string, fn: () => Promise<T>): Promise<T | ToolError> {
  try {
    return await fn();
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    return toolError(`${what} failed: ${msg.slice(0, 300)}`);
  }
}
