/**
 * What the offline model knows of an Agent Mode run, read from the prompt it is given like any
 * model: the question (the first user message), the searches and opened citations (the
 * search_docs and open_citation tool results, in order), and the tool calls left (the latest
 * result says; before any, only the step's batch size bounds it). The constraints are the
 * request's own, read by the same rules the loop starts from.
 */
import type { LanguageModelV3CallOptions, LanguageModelV3Prompt } from "@ai-sdk/provider";
import { analyzeConstraints, mergeConstraints, type ConstraintRefinement } from "@/lib/agent/mode/constraints";
import type { MetricToolOutput, OpenToolOutput, SearchResultView, SearchToolOutput } from "@/lib/agent/mode/prompts";
import type { AgentConstraints } from "@/lib/agent/mode/types";
import { safeParse } from "../conversation";

/** Calls the offline model puts in one step (the loop's default batch size). */
export const OFFLINE_BATCH = 5;

export type Result = SearchResultView;
export type Opened = Extract<OpenToolOutput, { n: number }> & { text: string };
/** A compute_metric result, with the question it was asked. */
export type Metric = Extract<MetricToolOutput, { status: string }> & { question: string };

export interface DriverState {
  question: string;
  language: "en" | "sv";
  constraints: AgentConstraints;
  budget: { toolCallsLeft: number; maxBatch: number };
  searches: Array<{ query: string; results: Result[]; error?: string }>;
  /** Opened citations whose text is in the context. */
  opened: Opened[];
  /** Opened earlier, no longer in the context. */
  openedOmitted: Array<{ n: number; document: string; page: number }>;
  /** compute_metric results, and whether the tool is offered. */
  metrics: Metric[];
  canCompute: boolean;
  /** Tool calls in the prompt so far (for call ids). */
  callsSoFar: number;
}

const textOf = (content: Array<{ type: string; text?: string }>) => content.map((p) => (p.type === "text" ? (p.text ?? "") : "")).join("\n");

/** The first user message: the request itself (the loop's, the planner's, the constraint analysis'). */
export function firstUserText(prompt: LanguageModelV3Prompt): string {
  const m = prompt.find((x) => x.role === "user");
  return m && m.role === "user" ? textOf(m.content).trim() : "";
}

/** The rule analysis as a model's refinement of it (what the offline model answers when asked for the constraints). */
export function rulesAsRefinement(c: AgentConstraints): ConstraintRefinement {
  return {
    minSearches: c.minSearches,
    requiredTopics: c.requiredTopics,
    minOpenCitations: c.minOpenCitations,
    requiresExactQuote: c.requiresExactQuote,
    exactQuoteKind: c.exactQuoteKind,
    requiresConflictResolution: c.requiresConflictResolution,
    conflictRule: c.conflictRule,
    requiredSections: c.requiredSections,
    requiresInsufficiencyDisclosure: c.requiresInsufficiencyDisclosure,
    insufficiencyPhrase: c.insufficiencyPhrase,
  };
}

export function readDriverState(options: LanguageModelV3CallOptions): DriverState {
  const question = firstUserText(options.prompt);
  const rules = analyzeConstraints(question);
  const constraints = mergeConstraints(rules, rulesAsRefinement(rules), question);
  const inputs = new Map<string, { toolName: string; input: unknown }>();
  const searches: DriverState["searches"] = [];
  const opened: Opened[] = [];
  const openedOmitted: DriverState["openedOmitted"] = [];
  const metrics: Metric[] = [];
  let toolCallsLeft = Number.POSITIVE_INFINITY;
  let callsSoFar = 0;
  for (const m of options.prompt) {
    if (m.role === "assistant") {
      for (const p of m.content) {
        if (p.type !== "tool-call") continue;
        callsSoFar++;
        inputs.set(p.toolCallId, { toolName: p.toolName, input: typeof p.input === "string" ? safeParse(p.input) : p.input });
      }
    }
    if (m.role !== "tool") continue;
    for (const p of m.content) {
      if (p.type !== "tool-result" || p.output.type !== "json") continue;
      const value = p.output.value as Record<string, unknown> | null;
      if (!value || typeof value !== "object") continue;
      if (typeof value.toolCallsLeft === "number") toolCallsLeft = value.toolCallsLeft;
      if (p.toolName === "search_docs" && "results" in value) {
        const v = value as Extract<SearchToolOutput, { results: unknown }>;
        searches.push({ query: v.query, results: v.results });
      } else if (p.toolName === "open_citation" && "n" in value) {
        const v = value as Extract<OpenToolOutput, { n: number }>;
        if (typeof v.text === "string") opened.push(v as Opened);
        else openedOmitted.push({ n: v.n, document: v.document, page: v.page });
      } else if (p.toolName === "compute_metric" && "status" in value) {
        const asked = inputs.get(p.toolCallId)?.input as { question?: unknown } | null | undefined;
        metrics.push({ ...(value as Metric), question: typeof asked?.question === "string" ? asked.question : "" });
      }
    }
  }
  return { question, language: constraints.language, constraints, budget: { toolCallsLeft, maxBatch: OFFLINE_BATCH }, searches, opened, openedOmitted, metrics, canCompute: (options.tools ?? []).some((t) => t.type === "function" && t.name === "compute_metric"), callsSoFar };
}
