/**
 * One text limit for the routes and the tools they hand the analyst's text to: Agent
 * Mode's route declared 50,000 characters and its limit could be configured up to 20,000, while the
 * tools take 2,000 (a longer question would reach them and come back as their validation error).
 */
import { describe, expect, it } from "vitest";
import { MAX_QUESTION_CHARS } from "@/lib/agent/limits";
import { AGENT_MODE_DEFAULTS, resolveAgentModeConfig } from "@/lib/agent/mode/config";
import { agentRunBodySchema } from "@/lib/agent/mode/http";
import { computeMetricInput, computeMetricTypedInput } from "@/lib/agent/tools/compute-metric";
import { searchDocumentsInput } from "@/lib/agent/tools/evidence";
import { queryKnowledgeBaseInput } from "@/lib/agent/tools/query-knowledge-base";
import { MAX_MESSAGE_CHARS } from "@/lib/chat/handler";

describe("text limits: routes against their tools", () => {
  it("every tool that takes the analyst's question or a search takes the same length", () => {
    const limits = [
      queryKnowledgeBaseInput.shape.query.maxLength,
      queryKnowledgeBaseInput.shape.question.unwrap().maxLength,
      searchDocumentsInput.shape.query.maxLength,
      computeMetricInput.shape.question.maxLength,
      computeMetricTypedInput.shape.question.unwrap().maxLength,
    ];
    expect(limits).toEqual(limits.map(() => MAX_QUESTION_CHARS));
  });

  it("the chat accepts what the tools take, and Agent Mode no more (its limit cannot be configured past them)", () => {
    expect(MAX_MESSAGE_CHARS).toBe(MAX_QUESTION_CHARS);
    expect(AGENT_MODE_DEFAULTS.maxQuestionChars).toBeLessThanOrEqual(MAX_QUESTION_CHARS);
    expect(() => resolveAgentModeConfig({ maxQuestionChars: MAX_QUESTION_CHARS + 1 })).toThrow();
    expect(resolveAgentModeConfig({ maxQuestionChars: MAX_QUESTION_CHARS }).maxQuestionChars).toBe(MAX_QUESTION_CHARS);
  });

  it("Agent Mode's body schema leaves the length to its typed check (no second, larger limit)", () => {
    expect(agentRunBodySchema.shape.question.maxLength ?? null).toBeNull();
  });
});
