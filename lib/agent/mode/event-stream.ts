/**
 * The Agent Mode event stream (Server-Sent Events), as a function of the run:
 *   event: trace          one per step, live (plan, tool_call, validation, reprompt, final, error)
 *   event: answer-start   {citations, insufficiencies, status}: what the answer's [n] markers link to
 *   event: answer-delta   {delta}: the answer, token by token (whitespace-led words, like the chat)
 *   event: complete       the whole result (answer included, for clients that skip the deltas), or {error}
 * The answer is streamed only once the validation gate has accepted it and its citations are
 * grounded: no text is shown that the gate could still reject.
 */
import { isMandaError, toPublicError } from "@/lib/errors";
import { log } from "@/lib/log";
import type { GroundedCitation, Insufficiency, TraceEvent } from "./types";

export function sseEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The answer as token-sized deltas ("Revenue", " was", " EUR", …); joined, they are the answer. */
export function answerDeltas(text: string): string[] {
  return text.match(/\s*\S+|\s+$/g) ?? [];
}

export interface StreamedRun {
  answer: string;
  citations: GroundedCitation[];
  insufficiencies: Insufficiency[];
  status: string;
}

export interface AgentEventStreamOptions<R extends StreamedRun> {
  /** Runs the agent, reporting each trace step as it happens. */
  run: (onTrace: (e: TraceEvent) => void) => Promise<R>;
  /** The `complete` event's data for a finished run. */
  complete: (r: R) => unknown;
  /** Aborts the run; called when the client goes away. */
  cancel?: (reason: unknown) => void;
  /** True once the run was aborted (no error event is sent for an abort). */
  aborted?: () => boolean;
}

export function agentEventStream<R extends StreamedRun>(o: AgentEventStreamOptions<R>): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      const send = (event: string, data: unknown) => {
        if (!open) return;
        try {
          controller.enqueue(enc.encode(sseEvent(event, data)));
        } catch {
          open = false;
        }
      };
      controller.enqueue(enc.encode(": agent mode\n\n")); // a comment opens the stream at once
      let sawError = false;
      try {
        const r = await o.run((e) => {
          if (e.type === "error") sawError = true;
          send("trace", e);
        });
        send("answer-start", { citations: r.citations, insufficiencies: r.insufficiencies, status: r.status });
        for (const delta of answerDeltas(r.answer)) send("answer-delta", { delta });
        send("complete", o.complete(r));
      } catch (e) {
        if (!o.aborted?.()) {
          const pub = toPublicError(e);
          if (!isMandaError(e)) log.error("agent mode stream failed", { error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
          if (!sawError) send("trace", { type: "error", code: pub.code, message: pub.message, seq: 0, at: 0, durationMs: 0 });
          send("complete", { error: { code: pub.code, message: pub.message } });
        }
      } finally {
        open = false;
        try {
          controller.close();
        } catch {
          /* already closed */
        }
      }
    },
    cancel(reason) {
      o.cancel?.(reason ?? new Error("client disconnected"));
    },
  });
}
