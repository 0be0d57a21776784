/**
 * A scripted Agent Mode model for tests (MockLanguageModelV3 with native tool calls): it answers
 * the constraint analysis with prose (the rules are kept), the plan with steps, and each step of
 * the tool loop from a script; without tools offered, or when told to synthesise, it writes the
 * synthesis. It reads its prompt like any model: tool results and the last user message.
 */
import type { LanguageModelV3CallOptions, LanguageModelV3StreamPart, LanguageModelV3StreamResult } from "@ai-sdk/provider";
import { MockLanguageModelV3 } from "ai/test";
import { CONSTRAINTS_OUTPUT } from "@/lib/agent/mode/constraints";
import { PLAN_OUTPUT } from "@/lib/agent/mode/planner";
import { SYNTHESIS_INSTRUCTION } from "@/lib/agent/mode/prompts";

export const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };

/** A scripted move: tool calls (native), or text (an answer object, or anything else). */
export type Move = { calls: Array<{ toolName: string; input: Record<string, unknown> }> } | { text: string };
export type Step = Move | ((s: SeenPrompt) => Move);

/** What a scripted model reads of its prompt: the search results, the tool results and the last user message. */
export interface SeenPrompt {
  results: Array<{ ref: string; snippet: string }>;
  toolOutputs: unknown[];
  lastUser: string;
  system: string;
}

function read(o: LanguageModelV3CallOptions): SeenPrompt {
  const toolOutputs = o.prompt.flatMap((m) => (m.role === "tool" ? m.content.flatMap((p) => (p.type === "tool-result" && p.output.type === "json" ? [p.output.value] : [])) : []));
  const results = toolOutputs.flatMap((v) => ((v as { results?: SeenPrompt["results"] }).results ?? []));
  const users = o.prompt.filter((m) => m.role === "user");
  const lastUser = users.length ? users.at(-1)!.content.map((p) => (p.type === "text" ? p.text : "")).join("\n") : "";
  const system = o.prompt.filter((m) => m.role === "system").map((m) => m.content).join("\n");
  return { results, toolOutputs, lastUser, system };
}

function streamOf(move: Move, id: number): LanguageModelV3StreamResult {
  const parts: LanguageModelV3StreamPart[] = [{ type: "stream-start", warnings: [] }];
  if ("calls" in move) {
    move.calls.forEach((c, i) => parts.push({ type: "tool-call", toolCallId: `c${id}_${i}`, toolName: c.toolName, input: JSON.stringify(c.input) }));
    parts.push({ type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage });
  } else {
    parts.push({ type: "text-start", id: "t" }, { type: "text-delta", id: "t", delta: move.text }, { type: "text-end", id: "t" });
    parts.push({ type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage });
  }
  return { stream: new ReadableStream({ start: (c) => { for (const p of parts) c.enqueue(p); c.close(); } }) };
}

/**
 * Answers the constraint analysis with prose (rules kept), the plan with steps, and each step of
 * the tool loop from the script (last entry repeats); without tools offered (forced synthesis,
 * spent budget) it writes `synthesis`.
 */
export function scripted(script: Step[], opts: { synthesis?: Move } = {}) {
  let i = 0;
  let calls = 0;
  const seen: SeenPrompt[] = [];
  const model = new MockLanguageModelV3({
    doGenerate: async (o: LanguageModelV3CallOptions) => {
      const name = o.responseFormat?.type === "json" ? o.responseFormat.name : undefined;
      const text = name === PLAN_OUTPUT ? JSON.stringify({ steps: ["search_docs for each topic", "open_citation for the best results", "answer with [n]"] }) : name === CONSTRAINTS_OUTPUT ? "not json" : "";
      return { content: [{ type: "text", text }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] };
    },
    doStream: async (o: LanguageModelV3CallOptions) => {
      const s = read(o);
      seen.push(s);
      const synthesis = opts.synthesis ?? final("Synthesised from the opened sources.");
      if (!o.tools?.length || s.lastUser.startsWith(SYNTHESIS_INSTRUCTION)) return streamOf(synthesis, calls++);
      const step = script[Math.min(i++, script.length - 1)]!;
      return streamOf(typeof step === "function" ? step(s) : step, calls++);
    },
  });
  return { model, seen };
}

export const final2 = (v: unknown): Move => ({ text: JSON.stringify(v) });
export const search = (query: string): Move => ({ calls: [{ toolName: "search_docs", input: { query } }] });
export const open = (ref: string): Move => ({ calls: [{ toolName: "open_citation", input: { ref } }] });
export const final = (answer: string, insufficiencies?: unknown[]): Move => final2({ answer, ...(insufficiencies ? { insufficiencies } : {}) });
export const refOf = (s: SeenPrompt, needle: string) => s.results.find((r) => r.snippet.toLowerCase().includes(needle))!.ref;

