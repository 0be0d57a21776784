/**
 * An Agent Mode run as chat messages (pure; the browser reads them too). The request is the
 * user's message; the answer is the assistant's, with
 *   - a text part: the grounded answer, [n] markers included;
 *   - one source-url part per citation (the chat's source chips, "file.pdf, p.N");
 *   - a `data-agent-run` part: citations (snippet, viewer URL, opened or not), insufficiencies,
 *     status, unmet requirements, plan and stats — what the Agent Mode view needs to reopen it;
 *   - a `data-agent-trace` part: every trace step, as streamed live.
 * A message being streamed (lib/agent/mode/ui-stream.ts) has the same parts, arriving in turn.
 * Both messages carry metadata {mode: "agent"}. A run may be saved in any conversation of its
 * author's, between chat turns: the one chat list renders each assistant message with an agent
 * data part as a run (`agentRunOf`), every other one as a chat answer.
 */
import type { MandaUIMessage } from "@/lib/chat/ui-message";
import type { AgentModeResult, GroundedCitation, Insufficiency, TraceEvent } from "./types";

export const AGENT_RUN_PART = "data-agent-run" as const;
export const AGENT_TRACE_PART = "data-agent-trace" as const;
/** Streamed only (ui-stream.ts): the answer's citations, before its text arrives. */
export const AGENT_CITATIONS_PART = "data-agent-citations" as const;

export type StoredRunStatus = AgentModeResult["status"] | "failed" | "stopped";

export interface StoredAgentRun {
  answer: string;
  citations: GroundedCitation[];
  insufficiencies: Insufficiency[];
  status: StoredRunStatus;
  unmet: string[];
  plan: string[];
  stats: AgentModeResult["stats"] | null;
  model: AgentModeResult["model"] | null;
  /** What the gate checked ("9 of 11 items answered from sources, 2 not in the data room"); absent on older runs. */
  badge?: string;
  items?: AgentModeResult["items"];
  error?: { code: string; message: string };
}

/** One run's answer message, ready to render. `run` is null while (or if) no answer was saved. */
export interface AgentRunView {
  run: StoredAgentRun | null;
  trace: TraceEvent[];
  /** A run whose answer is streaming: its text so far and what its [n] markers link to. */
  answering?: { text: string; citations: GroundedCitation[] };
}

type Part = MandaUIMessage["parts"][number];

const text = (m: Pick<MandaUIMessage, "parts">) =>
  m.parts
    .filter((p) => p.type === "text")
    .map((p) => p.text)
    .join("\n")
    .trim();

export function agentQuestionMessage(id: string, question: string): MandaUIMessage {
  return { id, role: "user", parts: [{ type: "text", text: question }], metadata: { mode: "agent" } };
}

/** The assistant message of a finished run (trace included when the run recorded it). */
export function agentAnswerMessage(id: string, result: AgentModeResult): MandaUIMessage {
  const run: StoredAgentRun = {
    answer: result.answer,
    citations: result.citations,
    insufficiencies: result.insufficiencies,
    status: result.status,
    unmet: result.unmet,
    plan: result.plan,
    stats: result.stats,
    model: result.model,
    badge: result.badge,
    items: result.items,
  };
  return {
    id,
    role: "assistant",
    parts: [
      { type: "text", text: result.answer },
      ...result.citations.map((c) => ({ type: "source-url" as const, sourceId: `agent-${c.n}`, url: c.url, title: `${c.document}, p.${c.page}` })),
      { type: AGENT_RUN_PART, data: run },
      { type: AGENT_TRACE_PART, data: result.trace ?? [] },
    ],
    metadata: { mode: "agent", status: result.status, model: result.model, stats: result.stats },
  };
}

/** The assistant message of a run that did not finish (failed, or stopped by the analyst). */
export function agentFailureMessage(id: string, status: "failed" | "stopped", error: { code: string; message: string }, trace: TraceEvent[]): MandaUIMessage {
  const run: StoredAgentRun = { answer: "", citations: [], insufficiencies: [], status, unmet: [], plan: [], stats: null, model: null, error };
  return {
    id,
    role: "assistant",
    parts: [
      { type: AGENT_RUN_PART, data: run },
      { type: AGENT_TRACE_PART, data: trace },
    ],
    metadata: { mode: "agent", status, error: error.message },
  };
}

const isAgentPart = (p: Part) => p.type === AGENT_RUN_PART || p.type === AGENT_TRACE_PART || p.type === AGENT_CITATIONS_PART;

/**
 * An Agent Mode run's answer as a view (its run, trace, or the answer arriving), or null for any
 * other message: a chat answer, or a question. A run is an assistant message with an agent data
 * part or the stream's metadata {mode: "agent"} (its first chunk, before any part).
 */
export function agentRunOf(m: Pick<MandaUIMessage, "role" | "parts" | "metadata">): AgentRunView | null {
  if (m.role !== "assistant" || !(m.metadata?.mode === "agent" || m.parts.some(isAgentPart))) return null;
  const view: AgentRunView = { run: null, trace: [] };
  let citations: GroundedCitation[] | undefined;
  for (const p of m.parts) {
    if (p.type === AGENT_RUN_PART) view.run = p.data;
    else if (p.type === AGENT_TRACE_PART) view.trace = p.data;
    else if (p.type === AGENT_CITATIONS_PART) citations = p.data;
  }
  if (view.run) return view;
  if (citations) return { ...view, answering: { text: text(m), citations } };
  // A message without the run's data part (written by another client) still shows its text.
  return text(m) ? { ...view, run: { answer: text(m), citations: [], insufficiencies: [], status: "validated", unmet: [], plan: [], stats: null, model: null } } : view;
}

/** How the last request of a conversation was sent (a conversation reopens in that mode). */
export function lastMode(messages: Array<Pick<MandaUIMessage, "role" | "parts" | "metadata">>): "chat" | "agent" {
  const last = [...messages].reverse().find((m) => m.role === "user" || m.role === "assistant");
  if (!last) return "chat";
  return agentRunOf(last) || (last.role === "user" && last.metadata?.mode === "agent") ? "agent" : "chat";
}
