/**
 * The local model's answers, written from the tool results of the turn following seed 002:
 * P2 (structured, sourced, no scores, uncertainty explained with a next step), P3 (format per
 * use case, at most one line of orientation) and P4 (assumptions stated for follow-ups).
 * Every figure and citation is copied from the tool results, so the guardrails always pass.
 */
import { writeQa, writeWrite } from "./answers/actions";
import { writeComparison } from "./answers/comparison";
import { writeFact } from "./answers/fact";
import { metricAnswerText, partOf } from "./answers/metric";
import { writeDeepDive, writeTrend } from "./answers/financials";
import { writeExploration, writeSynthesis } from "./answers/overview";
import { writeGaps, writeRedFlags } from "./answers/review";
import type { ToolExchange } from "./conversation";
import type { Plan } from "./intent";

export function writeAnswer(plan: Plan, done: ToolExchange[]): string {
  switch (plan.intent) {
    case "greeting":
      return "Hello — ask me about the deal's documents: a figure (\"What was Q3 revenue?\"), a walk-through of the P&L, red flags, or what's missing from the IRL.";
    case "decline":
      return "Understood — nothing was added.";
    case "clarify":
      return plan.clarification ?? "Could you say a bit more about what you mean?";
    case "fact":
      return writeFact(plan, done);
    case "metric":
      return metricAnswerText(done) ?? writeAnswer({ ...plan, intent: plan.fallback ?? "fact", ...(partOf(done.find((t) => t.toolName === "compute_metric")?.output) ? { passages: true } : {}) }, done.filter((t) => t.toolName !== "compute_metric"));
    case "deep_dive":
      return writeDeepDive(plan, done);
    case "trend":
      return writeTrend(plan, done);
    case "red_flags":
      return writeRedFlags(done);
    case "comparison":
      return writeComparison(plan, done);
    case "gaps":
      return writeGaps(done);
    case "synthesis":
      return writeSynthesis(plan, done);
    case "exploration":
    case "documents":
      return writeExploration(plan, done);
    case "confirm_offer":
    case "add_qa":
      return writeQa(plan, done);
    case "create_irl":
    case "trigger_analysis":
      return writeWrite(plan.intent, done);
  }
}
