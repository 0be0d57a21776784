/**
 * The Agent Mode event stream: trace steps live, then the validated answer token by token
 * (answer-start, several answer-delta events), then complete; errors and aborts.
 */
import { describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import { MandaError } from "@/lib/errors";
import { agentEventStream, answerDeltas } from "@/lib/agent/mode/event-stream";
import type { GroundedCitation, TraceEvent } from "@/lib/agent/mode/types";

setConfigForProcess({ MANDA_LOG_LEVEL: "silent" });

const ANSWER = '### Revenue\nRevenue for the third quarter was "EUR 5.2 million" [1].\n\n### Litigation\nInsufficient documentation — no document covers litigation.';
const CITATION: GroundedCitation = {
  n: 1, documentId: "11111111-1111-4111-8111-111111111111", document: "Q3_2024_Report.pdf", page: 1, chunkId: null,
  snippet: "EUR 5.2 million", url: "/deals/demo/documents/11111111-1111-4111-8111-111111111111?page=1&highlight=EUR+5.2+million", documentDate: "2024-10-24", opened: true,
};
const step = (seq: number, type: "plan" | "final"): TraceEvent =>
  type === "plan"
    ? { type, steps: ["search revenue"], format: "json", source: "model", seq, at: seq, durationMs: 1 }
    : { type, status: "validated", citations: 1, answerChars: ANSWER.length, unmet: [], seq, at: seq, durationMs: 0 };

async function events(stream: ReadableStream<Uint8Array>) {
  const text = await new Response(stream).text();
  return text
    .split("\n\n")
    .filter((b) => b.startsWith("event:"))
    .map((b) => ({ event: /^event: (.*)$/m.exec(b)![1]!, data: JSON.parse(/^data: (.*)$/m.exec(b)![1]!) as Record<string, unknown> }));
}

describe("agent mode event stream", () => {
  it("answer deltas are whitespace-led tokens that join back to the answer", () => {
    const d = answerDeltas(ANSWER);
    expect(d.length).toBeGreaterThan(10);
    expect(d.join("")).toBe(ANSWER);
    expect(d.slice(0, 3)).toEqual(["###", " Revenue", "\nRevenue"]);
    expect(answerDeltas("")).toEqual([]);
    expect(answerDeltas("one two  ").join("")).toBe("one two  ");
  });

  it("streams the trace live, then the answer in several text deltas before the complete event", async () => {
    const stream = agentEventStream({
      run: async (onTrace) => {
        onTrace(step(1, "plan"));
        await new Promise((r) => setTimeout(r, 5));
        onTrace(step(2, "final"));
        return { answer: ANSWER, citations: [CITATION], insufficiencies: [{ topic: "litigation", missing: "no document covers litigation", queriesTried: ["litigation"] }], status: "validated", conversationId: "c1" };
      },
      complete: (r) => ({ answer: r.answer, citations: r.citations, conversationId: r.conversationId }),
    });
    const ev = await events(stream);
    const names = ev.map((e) => e.event);
    expect(names.slice(0, 3)).toEqual(["trace", "trace", "answer-start"]);
    expect(names.at(-1)).toBe("complete");
    const deltas = ev.filter((e) => e.event === "answer-delta");
    expect(deltas.length).toBeGreaterThanOrEqual(5);
    // every delta comes after answer-start and before complete, and together they are the answer
    const first = names.indexOf("answer-delta");
    const last = names.lastIndexOf("answer-delta");
    expect(first).toBe(names.indexOf("answer-start") + 1);
    expect(last).toBe(names.length - 2);
    expect(deltas.map((e) => e.data.delta).join("")).toBe(ANSWER);
    expect(deltas.every((e) => typeof e.data.delta === "string" && (e.data.delta as string).length < ANSWER.length)).toBe(true);
    // the [1] marker's citation is known before the first delta
    expect(ev[2]!.data).toMatchObject({ status: "validated", citations: [{ n: 1, document: "Q3_2024_Report.pdf" }] });
    expect(ev.at(-1)!.data).toMatchObject({ answer: ANSWER, conversationId: "c1" });
  });

  it("a failed run: an error trace step and complete with the error, no answer", async () => {
    const ev = await events(
      agentEventStream({
        run: async (onTrace) => {
          onTrace(step(1, "plan"));
          throw new MandaError("unavailable:model", "The language model could not answer right now.");
        },
        complete: () => ({}),
      }),
    );
    expect(ev.map((e) => e.event)).toEqual(["trace", "trace", "complete"]);
    expect(ev[1]!.data).toMatchObject({ type: "error", code: "unavailable:model" });
    expect(ev[2]!.data).toEqual({ error: { code: "unavailable:model", message: "The language model could not answer right now." } });
  });

  it("a client that goes away cancels the run; an aborted run sends no error", async () => {
    let cancelled: unknown = null;
    let rejectRun: (e: Error) => void = () => {};
    let askedAborted!: (answer: boolean) => void;
    const abortAsked = new Promise<boolean>((r) => (askedAborted = r));
    let completed = false;
    const stream = agentEventStream({
      run: () => new Promise<never>((_, reject) => (rejectRun = reject)),
      complete: () => {
        completed = true;
        return {};
      },
      cancel: (reason) => {
        cancelled = reason;
        rejectRun(new Error("aborted")); // the run stops because of the cancel
      },
      aborted: () => {
        askedAborted(cancelled !== null);
        return cancelled !== null;
      },
    });
    const reader = stream.getReader();
    await reader.read(); // the opening comment
    await reader.cancel(new Error("gone"));
    expect(cancelled).toBeInstanceOf(Error);
    // The run's rejection reaches the stream, which asks whether the run was aborted (it was) and
    // so reports no error; the run's result is never completed.
    expect(await abortAsked).toBe(true);
    expect(completed).toBe(false);
  });
});
