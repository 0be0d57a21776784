/**
 * Agent Mode limits, one config object with documented defaults; callers pass overrides (tests,
 * evals, the routes) and `resolveAgentModeConfig` validates them. The tool budget fits the
 * request: `maxToolCalls` per question put to the chat loop (a comparison asks two), never more
 * than `maxToolCallsCeiling` for the run.
 */
import { z } from "zod";
import { MAX_QUESTION_CHARS } from "../limits";

export const agentModeConfigSchema = z.object({
  /** Tool calls per question of the request's items. */
  maxToolCalls: z.number().int().min(1).max(50).default(4),
  /** The run's hard cap on tool calls, whatever the number of items. */
  maxToolCallsCeiling: z.number().int().min(1).max(500).default(80),
  /** Model steps of the chat loop per question (its own bound when absent). */
  maxIterations: z.number().int().min(1).max(50).optional(),
  /** At most what the tools take (lib/agent/limits.ts): the question is handed on to them. */
  maxQuestionChars: z.number().int().min(10).max(MAX_QUESTION_CHARS).default(1000),
  /** Questions asked at once (independent items run in parallel). */
  maxBatch: z.number().int().min(1).max(10).default(4),
});

export type AgentModeConfig = z.infer<typeof agentModeConfigSchema>;
export type AgentModeConfigInput = z.input<typeof agentModeConfigSchema>;

export const AGENT_MODE_DEFAULTS: AgentModeConfig = agentModeConfigSchema.parse({});

export function resolveAgentModeConfig(overrides: Partial<AgentModeConfigInput> = {}): AgentModeConfig {
  const c = agentModeConfigSchema.parse({ ...overrides });
  return { ...c, maxToolCallsCeiling: Math.max(c.maxToolCallsCeiling, c.maxToolCalls) };
}
