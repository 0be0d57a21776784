/**
 * The chat agent's entry points (used by the HTTP route, the CLI `manda ask` and the evals):
 *   createAgentStream(...) → the streamText result (+ `agent`: context, guardrail state)
 *   runAgentTurn(...)      → { text, sources, toolCalls, usage } (non-streaming)
 *   agentStreamResponse(stream) → the UI message stream Response with source parts
 * One turn = system prompt + the last N messages + tools, bounded by stopWhen(stepCountIs(N));
 * guardrails (lib/agent/guardrails) run on the answer text as it streams, line by line. Tools
 * that write declare `needsApproval`: the turn stops at such a call with a tool approval request,
 * and continues (running it, or telling the model it was declined) once the user's decision is
 * in the history (the chat: the UI message's approval response; runAgentTurn: `approve`).
 */
import { convertToModelMessages, stepCountIs, streamText, type LanguageModel, type ModelMessage, type StreamTextResult, type ToolApprovalResponse, type UIMessage } from "ai";
import { contextWindow, DEFAULT_CONTEXT_MESSAGES } from "@/lib/chat/context";
import type { Db } from "@/lib/db";
import { getAgentModel } from "./model";
import type { EmbeddingSpace } from "@/lib/models/embeddings";
import { log } from "@/lib/log";
import { createAgentContext, type AgentContext, type AgentDeal } from "./context";
import { createGuardrailState, guardrailTransform, type GuardrailFlag, type GuardrailState } from "./guardrails";
import type { SourceRef } from "./sources";
import { dataRoomSummary } from "./evidence/scope";
import { OFFLINE_MODEL_ID } from "./offline";
import { buildSystemPrompt, type DataRoom } from "./system-prompt";
import { toolsForTurn } from "./tool-choice";
import { createAgentTools, type AgentTools } from "./tools";

export const DEFAULT_MAX_STEPS = 6;
/** A remote model reads evidence over more steps (search, open a page, a table, compute) than the offline one needs. */
export const REMOTE_MAX_STEPS = 10;

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

interface PreparedTurn {
  deal: AgentDeal;
  context: AgentContext;
  tools: AgentTools;
  guardrails: GuardrailState;
  messages: ModelMessage[];
  room: DataRoom;
  /** The analyst's latest message. */
  userText: string;
}

async function prepareTurn(o: AgentRunOptions): Promise<PreparedTurn> {
  const deal = toDeal(o.deal);
  const window = contextWindow(o.messages, o.contextMessages ?? DEFAULT_CONTEXT_MESSAGES);
  const context = createAgentContext({ db: o.db, deal, userId: o.userId, conversationId: o.conversationId, space: o.space, services: o.services });
  const tools = createAgentTools(context);
  const guardrails = createGuardrailState(context.sources, window.filter((m) => m.role === "user").map(textOf));
  const messages = await convertToModelMessages(window, { tools, ignoreIncompleteToolCalls: true });
  const room = await dataRoomSummary(o.db, deal.id);
  const userText = textOf(window.filter((m) => m.role === "user").at(-1) ?? { id: "", role: "user", parts: [] });
  return { deal, context, tools, guardrails, messages, room, userText };
}

function streamTurn(o: AgentRunOptions, t: PreparedTurn, messages: ModelMessage[]): AgentStream {
  const model = o.model ?? getAgentModel();
  const offline = typeof model !== "string" && model.modelId === OFFLINE_MODEL_ID;
  const maxSteps = o.maxSteps ?? (offline ? DEFAULT_MAX_STEPS : REMOTE_MAX_STEPS);
  const result = streamText({
    model,
    system: buildSystemPrompt(t.deal, o.now, t.room),
    messages,
    tools: t.tools,
    ...(offline ? {} : { activeTools: toolsForTurn(t.userText) }),
    // the last step answers from the evidence gathered: no more tool calls
    prepareStep: ({ stepNumber }) => (stepNumber >= maxSteps - 1 ? { toolChoice: "none" as const } : undefined),
    stopWhen: stepCountIs(maxSteps),
    abortSignal: o.abortSignal,
    experimental_transform: guardrailTransform<AgentTools>(t.guardrails),
    onError: ({ error }) => log.error("agent stream failed", { error: error instanceof Error ? error : String(error), deal: t.deal.slug }),
  });
  return Object.assign(result, { agent: { context: t.context, guardrails: t.guardrails } }) as AgentStream;
}

export async function createAgentStream(o: AgentRunOptions): Promise<AgentStream> {
  const t = await prepareTurn(o);
  return streamTurn(o, t, t.messages);
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
  /** Writes the model asked for that wait for the user's decision (none when `approve` answered them). */
  pendingApprovals: ApprovalRequest[];
}

/** A write the model asked to make, waiting for the user's decision. */
export interface ApprovalRequest {
  approvalId: string;
  toolName: string;
  input: unknown;
}

/**
 * Approval rounds in one turn: the user is asked at most this many times; each decision lets the
 * model go on, and it may ask again. A request after the last round stays pending (the turn ends).
 */
export const MAX_APPROVAL_ROUNDS = 3;

/**
 * One non-streaming turn through the same agent (CLI `manda ask`, evals). A write the model asks
 * for is put to `approve` (the caller asks its user); without `approve` the turn ends there and
 * `pendingApprovals` lists what waits for a decision.
 */
export async function runAgentTurn(o: AgentRunOptions & { approve?: (request: ApprovalRequest) => boolean | Promise<boolean> }): Promise<AgentTurnResult> {
  const t = await prepareTurn(o);
  let messages = t.messages;
  const steps: Array<Awaited<AgentStream["steps"]>[number]> = [];
  const texts: string[] = [];
  const usage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
  let pending: ApprovalRequest[] = [];
  for (let asked = 0; ; asked++) {
    const stream = streamTurn(o, t, messages);
    await stream.consumeStream({ onError: (e) => { throw e; } });
    const roundSteps = await stream.steps;
    steps.push(...roundSteps);
    const text = (await stream.text).trim();
    if (text) texts.push(text);
    const u = await stream.totalUsage;
    usage.inputTokens += u.inputTokens ?? 0;
    usage.outputTokens += u.outputTokens ?? 0;
    usage.totalTokens += u.totalTokens ?? (u.inputTokens ?? 0) + (u.outputTokens ?? 0);
    const content = roundSteps.at(-1)?.content ?? [];
    pending = content.flatMap((p) => (p.type === "tool-approval-request" ? [{ approvalId: p.approvalId, toolName: p.toolCall.toolName, input: p.toolCall.input }] : []));
    if (!pending.length || !o.approve || asked === MAX_APPROVAL_ROUNDS) break;
    const decisions: ToolApprovalResponse[] = [];
    for (const p of pending) decisions.push({ type: "tool-approval-response", approvalId: p.approvalId, approved: await o.approve(p) });
    messages = [...messages, ...(await stream.response).messages, { role: "tool", content: decisions }];
    pending = [];
  }
  const toolCalls: AgentToolCall[] = steps.flatMap((s) =>
    s.toolCalls.map((c) => {
      const r = s.toolResults.find((x) => x.toolCallId === c.toolCallId);
      const err = s.content.find((x) => x.type === "tool-error" && x.toolCallId === c.toolCallId) as { error?: unknown } | undefined;
      return { toolName: c.toolName, input: c.input, output: r ? r.output : err ? { error: String(err.error instanceof Error ? err.error.message : err.error) } : undefined };
    }),
  );
  const waiting = pending.length ? `This needs your approval first: ${pending.map((p) => p.toolName.replace(/_/g, " ")).join(", ")}. Nothing was changed.` : "";
  return {
    text: texts.join("\n\n") || waiting || "I couldn't complete an answer within the step limit. Please narrow the question.",
    sources: [...t.guardrails.cited.values()],
    toolCalls,
    usage,
    guardrailFlags: t.guardrails.flags,
    steps: steps.length,
    pendingApprovals: pending,
  };
}

/** Convenience for the CLI and evals: a one-message history. */
export function userMessage(text: string, id = `u-${text.length}-${text.slice(0, 16).replace(/\W+/g, "")}`): UIMessage {
  return { id, role: "user", parts: [{ type: "text", text }] };
}

export function assistantMessage(text: string, id = `a-${text.length}`): UIMessage {
  return { id, role: "assistant", parts: [{ type: "text", text }] };
}
