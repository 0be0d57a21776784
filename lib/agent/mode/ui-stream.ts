/**
 * Agent Mode as an AI SDK UI message stream (the chat's protocol, so one `useChat` client reads
 * both modes). One assistant message is streamed:
 *   start                     {messageId, metadata: {mode: "agent", conversationId}}
 *   data-agent-trace (id "trace")      every trace step so far, sent again after each step (live)
 *   data-agent-citations (id "citations")  what the answer's [n] markers link to, before the answer
 *   text                      the answer, token by token (whitespace-led words, like the chat)
 *   source-url × citations    the chat's source chips
 *   data-agent-run (id "run") the run: answer, citations, insufficiencies, status, unmet, plan, stats, model
 *   finish                    {metadata: {mode, conversationId, status, stats, model}}
 * The answer is streamed only once the validation gate has accepted it and its citations are
 * grounded: no text is shown that the gate could still reject. A failure sends the trace's error
 * step, a `data-agent-run` with status "failed" and the error, then an `error` chunk.
 */
import { createUIMessageStream } from "ai";
import type { MandaUIMessage } from "@/lib/chat/ui-message";
import { isMandaError, toPublicError } from "@/lib/errors";
import { log } from "@/lib/log";
import { AGENT_CITATIONS_PART, AGENT_RUN_PART, AGENT_TRACE_PART, type StoredAgentRun } from "./messages";
import type { TraceEvent } from "./types";

/** The answer as token-sized deltas ("Revenue", " was", " EUR", …); joined, they are the answer. */
export function answerDeltas(text: string): string[] {
  return text.match(/\s*\S+|\s+$/g) ?? [];
}

export interface AgentUIStreamOptions<R extends StoredAgentRun> {
  /** The assistant message's id (the one the run is saved under). */
  messageId: string;
  conversationId: string | null;
  /** Runs the agent, reporting each trace step as it happens. */
  run: (onTrace: (e: TraceEvent) => void) => Promise<R>;
  /** True once the run was aborted (nothing more is sent for an abort). */
  aborted?: () => boolean;
}

export function agentUIStream<R extends StoredAgentRun>(o: AgentUIStreamOptions<R>) {
  return createUIMessageStream<MandaUIMessage>({
    execute: async ({ writer }) => {
      const trace: TraceEvent[] = [];
      const sendTrace = () => writer.write({ type: AGENT_TRACE_PART, id: "trace", data: [...trace] });
      writer.write({ type: "start", messageId: o.messageId, messageMetadata: { mode: "agent", conversationId: o.conversationId } });
      try {
        const r = await o.run((e) => {
          trace.push(e);
          sendTrace();
        });
        writer.write({ type: AGENT_CITATIONS_PART, id: "citations", data: r.citations });
        writer.write({ type: "text-start", id: "answer" });
        for (const delta of answerDeltas(r.answer)) writer.write({ type: "text-delta", id: "answer", delta });
        writer.write({ type: "text-end", id: "answer" });
        for (const c of r.citations) writer.write({ type: "source-url", sourceId: `agent-${c.n}`, url: c.url, title: `${c.document}, p.${c.page}` });
        const run: StoredAgentRun = { answer: r.answer, citations: r.citations, insufficiencies: r.insufficiencies, status: r.status, unmet: r.unmet, plan: r.plan, stats: r.stats, model: r.model, ...(r.badge ? { badge: r.badge, items: r.items } : {}) };
        writer.write({ type: AGENT_RUN_PART, id: "run", data: run });
        writer.write({ type: "finish", messageMetadata: { mode: "agent", conversationId: o.conversationId, status: r.status, stats: r.stats, model: r.model } });
      } catch (e) {
        if (o.aborted?.()) return;
        const pub = toPublicError(e);
        if (!isMandaError(e)) log.error("agent mode stream failed", { error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
        if (!trace.some((t) => t.type === "error")) {
          trace.push({ type: "error", code: pub.code, message: pub.message, seq: trace.length + 1, at: 0, durationMs: 0 });
          sendTrace();
        }
        const failed: StoredAgentRun = { answer: "", citations: [], insufficiencies: [], status: "failed", unmet: [], plan: [], stats: null, model: null, error: { code: pub.code, message: pub.message } };
        writer.write({ type: AGENT_RUN_PART, id: "run", data: failed });
        writer.write({ type: "error", errorText: `${pub.message} (${pub.code})` });
      }
    },
    onError: (e) => (isMandaError(e) ? e.message : "Agent Mode failed."),
  });
}
