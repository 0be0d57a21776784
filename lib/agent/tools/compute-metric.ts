import { tool } from "ai";
import { z } from "zod";
import { safely, toolError, type AgentContext, type ToolError } from "../context";
import { answerMetricQuestion, type MetricAnswer, type MetricAnswerDeps } from "../knowledge/metric-answer";

export const computeMetricInput = z.object({
  question: z
    .string()
    .min(1)
    .max(2000)
    .describe("The analyst's question as asked, with its company, period(s), units and rounding, and any definition it gives ('X is defined as: …')."),
  document: z.string().max(300).optional().describe("Limit to one document (filename)."),
});

export const COMPUTE_METRIC_DESCRIPTION =
  "Figures from the financial statements and metrics computed from them: a line item (capex, net PP&E, total current assets, COGS …) or a standard metric " +
  "(margins, growth, CAGR, multi-year averages, turnover ratios, DSO/DIO/DPO, working capital, current/quick ratio, ROA/ROE, FCF, EBITDA, capex % of revenue, effective tax rate, payout …), " +
  "including a definition stated in the question. Reads the named company's statements only. Returns the result as asked (units, rounding), the formula, every input with its citation, " +
  "and the inputs it could not find (never guessed). Use it instead of doing arithmetic yourself; quote its `answer`.";

/** The tool's work, shared by the chat agent and Agent Mode: the metric engine over the deal's statements, every input registered in `deps.sources`. */
export async function runComputeMetric(deps: MetricAnswerDeps, input: z.infer<typeof computeMetricInput>): Promise<MetricAnswer | ToolError> {
  if (!input.question.trim()) return toolError("The question is empty.", "Pass the analyst's question as `question`.");
  return safely("compute_metric", () => answerMetricQuestion(deps, input));
}

export function computeMetricTool(ctx: AgentContext) {
  return tool({
    description: COMPUTE_METRIC_DESCRIPTION,
    inputSchema: computeMetricInput,
    execute: async (input) => {
      const out = await runComputeMetric({ db: ctx.db, dealId: ctx.deal.id, sources: ctx.sources, targetCompany: ctx.deal.targetCompany ?? null }, input);
      ctx.sources.recordOutput(out);
      return out;
    },
  });
}
