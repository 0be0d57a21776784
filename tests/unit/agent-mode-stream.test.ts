/**
 * The Agent Mode UI message stream: the trace as a data part after each step (live), then the
 * validated answer as text in several deltas, its sources and the run; errors and aborts. Read
 * the way a useChat client reads it (readUIMessageStream).
 */
import { describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import { MandaError } from "@/lib/errors";
import { agentRunOf, type StoredAgentRun } from "@/lib/agent/mode/messages";
import type { GroundedCitation, TraceEvent } from "@/lib/agent/mode/types";
import { agentUIStream, answerDeltas } from "@/lib/agent/mode/ui-stream";
import type { MandaUIMessage } from "@/lib/chat/ui-message";
import { uiChunks, uiMessage } from "../helpers/ui-stream";

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
/** The chunks as the route sends them (createUIMessageStreamResponse: one SSE `data:` line each). */
const sse = (stream: ReadableStream<unknown>) => stream.pipeThrough(new TransformStream<unknown, Uint8Array>({ transform: (c, ctl) => ctl.enqueue(new TextEncoder().encode(`data: ${JSON.stringify(c)}\n\n`)) }));

const RUN: StoredAgentRun = { answer: ANSWER, citations: [CITATION], insufficiencies: [{ topic: "litigation", missing: "no document covers litigation", queriesTried: ["litigation"] }], status: "validated", unmet: [], plan: ["search revenue"], stats: null, model: null };

describe("agent mode UI message stream", () => {
  it("answer deltas are whitespace-led tokens that join back to the answer", () => {
    const d = answerDeltas(ANSWER);
    expect(d.length).toBeGreaterThan(10);
    expect(d.join("")).toBe(ANSWER);
    expect(d.slice(0, 3)).toEqual(["###", " Revenue", "\nRevenue"]);
    expect(answerDeltas("")).toEqual([]);
    expect(answerDeltas("one two  ").join("")).toBe("one two  ");
  });

  it("streams the trace after each step, then the citations, the answer in several deltas, the sources and the run", async () => {
    const chunks = await uiChunks(
      sse(agentUIStream({
        messageId: "agent-a-1",
        conversationId: "c1",
        run: async (onTrace) => {
          onTrace(step(1, "plan"));
          onTrace(step(2, "final"));
          return RUN;
        },
      })),
    );
    const types = chunks.map((c) => c.type);
    expect(types.slice(0, 3)).toEqual(["start", "data-agent-trace", "data-agent-trace"]);
    expect(chunks[0]).toMatchObject({ messageId: "agent-a-1", messageMetadata: { mode: "agent", conversationId: "c1" } });
    // the [1] marker's citation is known before the first delta; the run comes after the text
    expect(types.indexOf("data-agent-citations")).toBeLessThan(types.indexOf("text-delta"));
    expect(types.indexOf("data-agent-run")).toBeGreaterThan(types.lastIndexOf("text-delta"));
    expect(types.at(-1)).toBe("finish");
    const deltas = chunks.filter((c) => c.type === "text-delta");
    expect(deltas.length).toBeGreaterThanOrEqual(5);
    expect(deltas.map((c) => (c.type === "text-delta" ? c.delta : "")).join("")).toBe(ANSWER);

    // what a useChat client holds at the end: the saved message's parts
    const m = await uiMessage<MandaUIMessage>(chunks);
    expect(m.id).toBe("agent-a-1");
    const run = agentRunOf(m)!;
    expect(run.trace.map((e) => e.seq)).toEqual([1, 2]);
    expect(run.run).toMatchObject({ answer: ANSWER, status: "validated", citations: [{ n: 1, document: "Q3_2024_Report.pdf" }] });
    expect(m.parts.filter((p) => p.type === "source-url")).toHaveLength(1);
  });

  it("while the answer streams, the run is 'answering' with its citations (no run yet)", async () => {
    const chunks = await uiChunks(
      sse(agentUIStream({ messageId: "a", conversationId: null, run: async () => RUN })),
    );
    const upToText = chunks.slice(0, chunks.findIndex((c) => c.type === "text-end"));
    const m = await uiMessage<MandaUIMessage>(upToText);
    const r = agentRunOf(m);
    expect(r!.run).toBeNull();
    expect(r!.answering?.citations.map((c) => c.n)).toEqual([1]);
    expect(r!.answering?.text.length).toBeGreaterThan(0);
  });

  it("a failed run: an error trace step, a failed run part and an error chunk, no answer", async () => {
    const chunks = await uiChunks(
      sse(agentUIStream({
        messageId: "a",
        conversationId: null,
        run: async (onTrace) => {
          onTrace(step(1, "plan"));
          throw new MandaError("unavailable:model", "The language model could not answer right now.");
        },
      })),
    );
    expect(chunks.map((c) => c.type)).toEqual(["start", "data-agent-trace", "data-agent-trace", "data-agent-run", "error"]);
    expect(chunks.some((c) => c.type === "text-delta")).toBe(false);
    const trace = chunks[2]!.type === "data-agent-trace" ? (chunks[2].data as TraceEvent[]) : [];
    expect(trace.at(-1)).toMatchObject({ type: "error", code: "unavailable:model" });
    expect(chunks[3]).toMatchObject({ data: { status: "failed", error: { code: "unavailable:model", message: "The language model could not answer right now." } } });
  });

  it("an aborted run sends nothing after its trace", async () => {
    const controller = new AbortController();
    const chunks = await uiChunks(
      sse(agentUIStream({
        messageId: "a",
        conversationId: null,
        run: async (onTrace) => {
          onTrace(step(1, "plan"));
          controller.abort();
          throw new Error("aborted");
        },
        aborted: () => controller.signal.aborted,
      })),
    );
    expect(chunks.map((c) => c.type)).toEqual(["start", "data-agent-trace"]);
  });
});
