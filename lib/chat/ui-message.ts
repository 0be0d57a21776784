/**
 * The one UI message type of a conversation (types only): what POST /api/chat and
 * /api/agent/stream stream, what the store saves and reloads, and what the browser's single
 * `useChat` holds. A chat answer has text, tool and source parts; an Agent Mode run's answer has
 * text and source parts plus the data parts below (lib/agent/mode/messages.ts, ui-stream.ts).
 * Tool parts (and their approval requests and responses) are the AI SDK's own typed parts.
 */
import type { UIMessage } from "ai";
import type { StoredAgentRun } from "@/lib/agent/mode/messages";
import type { AgentModeStats, GroundedCitation, TraceEvent } from "@/lib/agent/mode/types";

/** Which mode produced a message: the chat agent (POST /api/chat) or an Agent Mode run. */
export type ConversationMode = "chat" | "agent";

export interface MessageMetadata {
  mode?: ConversationMode;
  conversationId?: string | null;
  createdAt?: string;
  /** The chat: the model id; Agent Mode: provider and model id. */
  model?: string | { provider: string; modelId: string } | null;
  finishReason?: string;
  usage?: { inputTokens?: number; outputTokens?: number; totalTokens?: number };
  timings?: { firstTokenMs: number | null; totalMs: number };
  /** Agent Mode: how the run ended, and its figures. */
  status?: StoredAgentRun["status"];
  stats?: AgentModeStats | null;
  /** Why the answer did not finish (shown under it). */
  error?: string;
  /** The analyst stopped the answer. */
  aborted?: boolean;
}

/** Agent Mode's data parts (`data-agent-trace`, `data-agent-citations`, `data-agent-run`). */
export type AgentDataParts = {
  "agent-trace": TraceEvent[];
  "agent-citations": GroundedCitation[];
  "agent-run": StoredAgentRun;
};

export type MandaUIMessage = UIMessage<MessageMetadata, AgentDataParts>;
export type MandaPart = MandaUIMessage["parts"][number];
