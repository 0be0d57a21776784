/** The answer to a statement figure or metric question: the metric engine's own answer, or the knowledge base's when no statement is in scope. */
import type { MetricAnswer } from "@/lib/agent/knowledge/metric-answer";
import { isError, outputs } from "./tool-outputs";
import type { ToolExchange } from "../conversation";

/** The metric engine had nothing to read (no statements in scope) or failed: the knowledge base answers instead. */
export function metricFallsBack(output: unknown): boolean {
  return isError(output) || (!!output && typeof output === "object" && (output as MetricAnswer).status === "no_statements");
}

/** The engine's answer, or null when the question's own intent should write it from the other tools' results. */
export function metricAnswerText(done: ToolExchange[]): string | null {
  const computed = outputs<MetricAnswer | { error: string }>(done, "compute_metric")[0];
  if (!computed || metricFallsBack(computed)) return null;
  return (computed as MetricAnswer).answer;
}
