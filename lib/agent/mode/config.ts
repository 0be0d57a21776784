/**
 * Agent Mode limits. Every limit is a field of one config object with documented defaults
 * (seed 004's hard limits); callers pass overrides (tests, evals, the routes) and
 * `resolveAgentModeConfig` validates them. The tool budget is adaptive: when the question's
 * explicit minimums (searches + opened citations) need more calls than `maxToolCalls`, the
 * budget grows to fit them, never beyond `maxToolCallsCeiling`.
 */
import { z } from "zod";
import { MAX_QUESTION_CHARS } from "../limits";

export const agentModeConfigSchema = z.object({
  /** Tool calls per run (search_docs + open_citation). */
  maxToolCalls: z.number().int().min(1).max(50).default(5),
  /** Adaptive budget ceiling: explicit minimums may raise maxToolCalls up to here. */
  maxToolCallsCeiling: z.number().int().min(1).max(50).default(8),
  /** Model calls in the action loop (tool calls, finals, invalid outputs). */
  maxIterations: z.number().int().min(1).max(50).default(10),
  /** Corrections sent back to the model (invalid JSON, failed validation, refused actions). */
  maxReprompts: z.number().int().min(0).max(20).default(3),
  /** At most what the tools take (lib/agent/limits.ts): the question is handed on to them. */
  maxQuestionChars: z.number().int().min(10).max(MAX_QUESTION_CHARS).default(1000),
  /** Opened citations shown to the model in full (most recent first beyond this, by title only). */
  maxContextCitations: z.number().int().min(1).max(20).default(5),
  /** Characters of one opened citation in the model's context (a window around the match). */
  maxCitationChars: z.number().int().min(200).max(20_000).default(3000),
  /** Results per search_docs call. */
  searchTopK: z.number().int().min(1).max(20).default(5),
  snippetChars: z.number().int().min(80).max(1000).default(300),
  /** Calls in one parallel `tool_calls` batch. */
  maxBatch: z.number().int().min(1).max(10).default(5),
  /** Let the model refine the rule-based constraint analysis (merged conservatively). */
  refineConstraints: z.boolean().default(true),
  /** Milliseconds one model call may take. */
  modelTimeoutMs: z.number().int().min(1000).max(600_000).default(90_000),
});

export type AgentModeConfig = z.infer<typeof agentModeConfigSchema>;
export type AgentModeConfigInput = z.input<typeof agentModeConfigSchema>;

export const AGENT_MODE_DEFAULTS: AgentModeConfig = agentModeConfigSchema.parse({});

export function resolveAgentModeConfig(overrides: Partial<AgentModeConfigInput> = {}): AgentModeConfig {
  const c = agentModeConfigSchema.parse({ ...overrides });
  return { ...c, maxToolCallsCeiling: Math.max(c.maxToolCallsCeiling, c.maxToolCalls) };
}

/** The run's tool budget: maxToolCalls, raised (up to the ceiling) to fit explicit minimums. */
export function effectiveToolBudget(cfg: AgentModeConfig, minimums: { minSearches: number; minOpenCitations: number }): number {
  const needed = minimums.minSearches + minimums.minOpenCitations;
  return Math.min(cfg.maxToolCallsCeiling, Math.max(cfg.maxToolCalls, needed));
}
