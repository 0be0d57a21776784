/**
 * The answer to a statement figure or metric question: the metric engine's own answer; or, when no
 * statement is in scope (a data room of management reports) or a single figure is not on the
 * statements, the question's own intent answers from the knowledge base — and when that finds no
 * figure either, the engine's account of what is missing stands.
 */
import type { KbResult } from "@/lib/agent/knowledge/query";
import type { MetricAnswer } from "@/lib/agent/knowledge/metric-answer";
import { isError, outputs } from "./tool-outputs";
import type { ToolExchange } from "../conversation";

/** The knowledge base should be asked too: the engine had nothing to read, failed, or a plain figure is not on the statements. */
export function metricFallsBack(output: unknown): boolean {
  if (isError(output)) return true;
  const m = output as MetricAnswer | undefined;
  return !!m && (m.status === "no_statements" || (m.status === "incomplete" && m.figure === true));
}

/** The engine's answer, or null when the question's own intent should write it from the knowledge base's results. */
export function metricAnswerText(done: ToolExchange[]): string | null {
  const computed = outputs<MetricAnswer | { error: string }>(done, "compute_metric")[0];
  if (!computed) return null;
  if (!metricFallsBack(computed)) return (computed as MetricAnswer).answer;
  if (isError(computed) || computed.status === "no_statements") return null;
  // a plain figure the statements lack: an extracted finding or a table row may state it
  const kb = outputs<KbResult | { error: string }>(done, "query_knowledge_base").filter((r): r is KbResult => !isError(r));
  // only a finding of the metric asked about (the knowledge base read the question as naming it)
  return kb.some((r) => r.understood.metrics.length > 0 && (r.answer || r.tableValues?.length)) ? null : computed.answer;
}

/** The engine read the question as a part's figure ("Widget Cloud's revenue"): the fallback reads passages only. */
export function partOf(output: unknown): string | undefined {
  if (!output || isError(output)) return undefined;
  return (output as MetricAnswer).partOf;
}
