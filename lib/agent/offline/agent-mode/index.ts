/**
 * The offline model's Agent Mode: what it answers when asked for the request's constraints, for
 * a plan, or for the next move of the tool loop (tool calls while search_docs and open_citation
 * are offered — and compute_metric for a margin or growth the pages do not print, when offered —
 * else the final answer object). It reads only what any model is given: the
 * structured output asked for, the tools offered, the question and the tool results.
 */
import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { analyzeConstraints, CONSTRAINTS_OUTPUT } from "@/lib/agent/mode/constraints";
import { fallbackPlan, PLAN_OUTPUT } from "@/lib/agent/mode/planner";
import { ANSWER_OUTPUT } from "@/lib/agent/mode/prompts";
import { nextAction } from "./act";
import { firstUserText, readDriverState, rulesAsRefinement } from "./state";
import { finalAction } from "./write";

export type AgentModeMove = { kind: "tools"; calls: Array<{ toolName: string; input: Record<string, unknown> }> } | { kind: "text"; text: string };

/** The structured output a call asks for, when it is one of Agent Mode's. */
export function agentModeOutput(options: LanguageModelV3CallOptions): string | null {
  const f = options.responseFormat;
  if (f?.type !== "json" || !f.name) return null;
  return [CONSTRAINTS_OUTPUT, PLAN_OUTPUT, ANSWER_OUTPUT].includes(f.name) ? f.name : null;
}

export function agentModeMove(options: LanguageModelV3CallOptions, output: string): AgentModeMove {
  if (output === CONSTRAINTS_OUTPUT) return { kind: "text", text: JSON.stringify(rulesAsRefinement(analyzeConstraints(firstUserText(options.prompt)))) };
  if (output === PLAN_OUTPUT) {
    const q = firstUserText(options.prompt);
    return { kind: "text", text: JSON.stringify({ steps: fallbackPlan(analyzeConstraints(q), q) }) };
  }
  const state = readDriverState(options);
  const offered = new Set((options.tools ?? []).filter((t) => t.type === "function").map((t) => t.name));
  const canAct = offered.has("search_docs") && offered.has("open_citation") && options.toolChoice?.type !== "none";
  const move = canAct ? nextAction(state) : { kind: "final" as const, answer: finalAction(state) };
  return move.kind === "tools" ? move : { kind: "text", text: JSON.stringify(move.answer) };
}
