/**
 * The chat agent's entry points (used by the HTTP route, the CLI `manda ask` and the evals):
 *   createAgentStream(...) → the streamText result (+ `agent`: context, guardrail state)
 *   runAgentTurn(...)      → { text, sources, toolCalls, usage } (non-streaming)
 *   agentStreamResponse(stream) → the UI message stream Response with source parts
 * One turn = system prompt + the last N messages + tools, bounded by stopWhen(stepCountIs(N));
 * guardrails (lib/agent/guardrails) run on the answer text as it streams, line by line.
 */
import { convertToModelMessages, stepCountIs, streamText, type LanguageModel, type StreamTextResult, type UIMessage } from "ai";
import { contextWindow, DEFAULT_CONTEXT_MESSAGES } from "@/lib/chat/context";
import type { Db } from "@/lib/db";
import { getAgentModel } from "./model";
import type { EmbeddingSpace } from "@/lib/models/embeddings";
import { log } from "@/lib/log";
import { createAgentContext, type AgentContext, type AgentDeal } from "./context";
import { createGuardrailState, guardrailTransform, type GuardrailFlag, type GuardrailState } from "./guardrails";
import type { SourceRef } from "./sources";
import { buildSystemPrompt } from "./system-prompt";
import { createAgentTools, type AgentTools } from "./tools";

export const DEFAULT_MAX_STEPS = 6;

export type DealInput = AgentDeal | { id: string; slug: string; name: string; target_company?: string | null };

export interface AgentRunOptions {
  db: Db;
  deal: DealInput;
  userId?: string | null;
  conversationId?: string | null;
  /** UIMessage history including the new user message (last). */
  messages: UIMessage[];
  model?: LanguageModel;
  /** Context window: the last N messages go to the model (P4: configurable, start with 10). */
  contextMessages?: number;
  maxSteps?: number;
  abortSignal?: AbortSignal;
  space?: EmbeddingSpace;
  services?: Parameters<typeof createAgentContext>[0]["services"];
  now?: Date;
}

export type AgentStream = StreamTextResult<AgentTools, never> & {
  agent: { context: AgentContext; guardrails: GuardrailState };
};

function toDeal(d: DealInput): AgentDeal {
  return { id: d.id, slug: d.slug, name: d.name, targetCompany: "targetCompany" in d ? d.targetCompany : "target_company" in d ? d.target_company ?? null : null };
}

export function textOf(m: UIMessage): string {
  return m.parts.map((p) => (p.type === "text" ? p.text : "")).join("\n").trim();
}

export async function createAgentStream(o: AgentRunOptions): Promise<AgentStream> {
  const deal = toDeal(o.deal);
  const window = contextWindow(o.messages, o.contextMessages ?? DEFAULT_CONTEXT_MESSAGES);
  const lastUser = [...window].reverse().find((m) => m.role === "user");
  const context = createAgentContext({
    db: o.db,
    deal,
    userId: o.userId,
    conversationId: o.conversationId,
    lastUserText: lastUser ? textOf(lastUser) : "",
    space: o.space,
    services: o.services,
  });
  const tools = createAgentTools(context);
  const guardrails = createGuardrailState(context.sources, window.filter((m) => m.role === "user").map(textOf));
  const modelMessages = await convertToModelMessages(window, { tools, ignoreIncompleteToolCalls: true });
  const result = streamText({
    model: o.model ?? getAgentModel(),
    system: buildSystemPrompt(deal, o.now),
    messages: modelMessages,
    tools,
    stopWhen: stepCountIs(o.maxSteps ?? DEFAULT_MAX_STEPS),
    abortSignal: o.abortSignal,
    experimental_transform: guardrailTransform<AgentTools>(guardrails),
    onError: ({ error }) => log.error("agent stream failed", { error: error instanceof Error ? error : String(error), deal: deal.slug }),
  });
  return Object.assign(result, { agent: { context, guardrails } }) as AgentStream;
}

/** The UI message stream response for the chat route: sources are sent as source-url parts. */
export function agentStreamResponse(stream: AgentStream, init?: Parameters<AgentStream["toUIMessageStreamResponse"]>[0]): Response {
  return stream.toUIMessageStreamResponse({ sendSources: true, ...init });
}

export interface AgentToolCall {
  toolName: string;
  input: unknown;
  output: unknown;
}

export interface AgentTurnResult {
  text: string;
  /** Sources the answer cites (each with its viewer URL). */
  sources: SourceRef[];
  toolCalls: AgentToolCall[];
  usage: { inputTokens: number; outputTokens: number; totalTokens: number };
  /** What the guardrails removed (for evals and logs; never shown as scores). */
  guardrailFlags: GuardrailFlag[];
  steps: number;
}

/** One non-streaming turn through the same agent (CLI `manda ask`, evals). */
export async function runAgentTurn(o: AgentRunOptions): Promise<AgentTurnResult> {
  const stream = await createAgentStream(o);
  await stream.consumeStream({ onError: (e) => { throw e; } });
  const steps = await stream.steps;
  const text = (await stream.text).trim();
  const usage = await stream.totalUsage;
  const toolCalls: AgentToolCall[] = steps.flatMap((s) =>
    s.toolCalls.map((c) => {
      const r = s.toolResults.find((x) => x.toolCallId === c.toolCallId);
      const err = s.content.find((x) => x.type === "tool-error" && x.toolCallId === c.toolCallId) as { error?: unknown } | undefined;
      return { toolName: c.toolName, input: c.input, output: r ? r.output : err ? { error: String(err.error instanceof Error ? err.error.message : err.error) } : undefined };
    }),
  );
  return {
    text: text || "I couldn't complete an answer within the step limit. Please narrow the question.",
    sources: [...stream.agent.guardrails.cited.values()],
    toolCalls,
    usage: { inputTokens: usage.inputTokens ?? 0, outputTokens: usage.outputTokens ?? 0, totalTokens: usage.totalTokens ?? (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0) },
    guardrailFlags: stream.agent.guardrails.flags,
    steps: steps.length,
  };
}

/** Convenience for the CLI and evals: a one-message history. */
export function userMessage(text: string, id = `u-${text.length}-${text.slice(0, 16).replace(/\W+/g, "")}`): UIMessage {
  return { id, role: "user", parts: [{ type: "text", text }] };
}

export function assistantMessage(text: string, id = `a-${text.length}`): UIMessage {
  return { id, role: "assistant", parts: [{ type: "text", text }] };
}
