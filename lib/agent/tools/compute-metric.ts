import { tool } from "ai";
import { z } from "zod";
import { safely, toolError, type AgentContext } from "../context";
import { answerMetricQuestion } from "../knowledge/metric-answer";

export const computeMetricInput = z.object({
  question: z
    .string()
    .min(1)
    .max(2000)
    .describe("The analyst's question as asked, with its company, period(s), units and rounding, and any definition it gives ('X is defined as: …')."),
  document: z.string().max(300).optional().describe("Limit to one document (filename)."),
});

export function computeMetricTool(ctx: AgentContext) {
  return tool({
    description:
      "Figures from the financial statements and metrics computed from them: a line item (capex, net PP&E, total current assets, COGS …) or a standard metric " +
      "(margins, growth, CAGR, multi-year averages, turnover ratios, DSO/DIO/DPO, working capital, current/quick ratio, ROA/ROE, FCF, EBITDA, capex % of revenue, effective tax rate, payout …), " +
      "including a definition stated in the question. Reads the named company's statements only. Returns the result as asked (units, rounding), the formula, every input with its citation, " +
      "and the inputs it could not find (never guessed). Use it instead of doing arithmetic yourself; quote its `answer`.",
    inputSchema: computeMetricInput,
    execute: async (input) => {
      if (!input.question.trim()) return toolError("The question is empty.", "Pass the analyst's question as `question`.");
      const out = await safely("compute_metric", () => answerMetricQuestion({ db: ctx.db, dealId: ctx.deal.id, sources: ctx.sources, targetCompany: ctx.deal.targetCompany ?? null }, input));
      ctx.sources.recordOutput(out);
      return out;
    },
  });
}
