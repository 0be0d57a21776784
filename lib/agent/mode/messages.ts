/**
 * An Agent Mode run as chat messages (pure; the browser reads them too). The request is the
 * user's message; the answer is the assistant's, with
 *   - a text part: the grounded answer, [n] markers included;
 *   - one source-url part per citation (the chat's source chips, "file.pdf, p.N");
 *   - a `data-agent-run` part: citations (snippet, viewer URL, opened or not), insufficiencies,
 *     status, unmet requirements, plan and stats — what the Agent Mode view needs to reopen it;
 *   - a `data-agent-trace` part: every trace step, as streamed live.
 * A message being streamed (lib/agent/mode/ui-stream.ts) has the same parts, arriving in turn.
 * Both messages carry metadata {mode: "agent"}, which is how a stored conversation is recognised
 * as an Agent Mode one.
 */
import type { UIMessage } from "ai";
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
  error?: { code: string; message: string };
}

/** One run of a conversation, ready to render. `run` is null while (or if) no answer was saved. */
export interface AgentRunView {
  id: string;
  question: string;
  run: StoredAgentRun | null;
  trace: TraceEvent[];
  /** A run whose answer is streaming: its text so far and what its [n] markers link to. */
  answering?: { text: string; citations: GroundedCitation[] };
}

type AnyPart = UIMessage["parts"][number];

const text = (m: Pick<UIMessage, "parts">) =>
  m.parts
    .filter((p): p is Extract<AnyPart, { type: "text" }> => p.type === "text")
    .map((p) => p.text)
    .join("\n")
    .trim();

export function agentQuestionMessage(id: string, question: string): UIMessage {
  return { id, role: "user", parts: [{ type: "text", text: question }], metadata: { mode: "agent" } };
}

/** The assistant message of a finished run (trace included when the run recorded it). */
export function agentAnswerMessage(id: string, result: AgentModeResult): UIMessage {
  const run: StoredAgentRun = {
    answer: result.answer,
    citations: result.citations,
    insufficiencies: result.insufficiencies,
    status: result.status,
    unmet: result.unmet,
    plan: result.plan,
    stats: result.stats,
    model: result.model,
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
export function agentFailureMessage(id: string, status: "failed" | "stopped", error: { code: string; message: string }, trace: TraceEvent[]): UIMessage {
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

const isAgentMessage = (m: Pick<UIMessage, "metadata" | "parts">) =>
  (m.metadata as { mode?: unknown } | undefined)?.mode === "agent" || m.parts.some((p) => p.type === AGENT_RUN_PART);

/** True when the stored messages are an Agent Mode conversation. */
export function isAgentConversation(messages: Array<Pick<UIMessage, "metadata" | "parts">>): boolean {
  return messages.length > 0 && messages.some(isAgentMessage);
}

/** Stored messages → runs (question, answer, citations, trace), oldest first. */
export function agentRunsFromMessages(messages: Array<Pick<UIMessage, "id" | "role" | "parts">>): AgentRunView[] {
  const runs: AgentRunView[] = [];
  for (const m of messages) {
    if (m.role === "user") {
      runs.push({ id: m.id, question: text(m), run: null, trace: [] });
      continue;
    }
    if (m.role !== "assistant") continue;
    let target = runs.at(-1);
    if (!target || target.run || target.trace.length) {
      target = { id: m.id, question: "", run: null, trace: [] };
      runs.push(target);
    }
    const data = m.parts.find((p) => p.type === AGENT_RUN_PART) as { data?: StoredAgentRun } | undefined;
    const trace = m.parts.find((p) => p.type === AGENT_TRACE_PART) as { data?: TraceEvent[] } | undefined;
    const citations = m.parts.find((p) => p.type === AGENT_CITATIONS_PART) as { data?: GroundedCitation[] } | undefined;
    target.trace = Array.isArray(trace?.data) ? trace.data : [];
    if (data?.data) target.run = data.data;
    else if (citations?.data) target.answering = { text: text(m), citations: citations.data };
    // A message without the data part (written by another client) still shows its text.
    else if (text(m)) target.run = { answer: text(m), citations: [], insufficiencies: [], status: "validated", unmet: [], plan: [], stats: null, model: null };
  }
  return runs;
}
