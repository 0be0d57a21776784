import { tool } from "ai";
import { z } from "zod";
import { MAX_QUESTION_CHARS } from "../limits";
import { safely, toolError, type AgentContext, type ToolError } from "../context";
import { runCompute, type ComputeOutput } from "../evidence/compute";
import { answerMetricQuestion, type MetricAnswer, type MetricAnswerDeps } from "../knowledge/metric-answer";

/** The legacy input: the analyst's question, read by the metric engine (Agent Mode still sends it). */
export const computeMetricInput = z.object({
  question: z
    .string()
    .min(1)
    .max(MAX_QUESTION_CHARS)
    .describe("The analyst's question as asked, with its company, period(s), units and rounding, and any definition it gives ('X is defined as: …')."),
  document: z.string().max(300).optional().describe("Limit to one document (filename)."),
});

/** The typed input: what to compute, stated by the caller; `question` only when no metric or formula is named. */
export const computeMetricTypedInput = z.object({
  company: z.string().max(200).optional().describe("The company, as the user names it ('verizon', 'Apple'). Omit in a one-company deal."),
  metric: z
    .string()
    .max(200)
    .optional()
    .describe("A metric or statement line: an id (revenue, net_income, capital_expenditure, operating_cash_flow, total_debt, short_term_debt, cash, operating_margin, gross_margin, ebitda, free_cash_flow, net_debt, current_ratio, dso, effective_tax_rate …) or its name ('capex')."),
  formula: z
    .string()
    .max(500)
    .optional()
    .describe("A definition the user gave, over line item ids or names: '(long_term_debt + short_term_debt - cash) / ebitda', 'capital_expenditure / revenue'; or over rows of segment, geographic or operating tables by their labels as get_line_items finds them: 'International net sales / Total net sales', 'Backlog / revenue' (quote a label holding an operator or a bracket); or of numbers only, computed as written in the unit they state ('10,303 - 6,625', '$3.00bn / $1.88bn'). Name it with `metric` ('… as % of revenue' gives a percent)."),
  periods: z.array(z.string().max(60)).max(12).optional().describe("Fiscal periods: 'FY2022', '2022', 'Q3 2023', 'latest', 'prior year'. Relative words are read against the company's filings, not today's date. Omit for the latest fiscal year."),
  aggregate: z.enum(["value", "series", "average", "growth", "cagr", "change"]).optional().describe("value (default), series (one per period), average, growth (first → last), cagr, change (last − first, signed); one period with growth or change runs from the same period a year before."),
  unit: z.enum(["amount", "percent", "ratio", "days", "per_share", "count"]).optional(),
  decimals: z.number().int().min(0).max(6).optional(),
  scale: z.enum(["units", "thousands", "millions", "billions"]).optional(),
  document: z.string().max(300).optional().describe("Limit to one document (filename)."),
  question: z.string().min(1).max(MAX_QUESTION_CHARS).optional().describe("Only when no metric or formula can be named: the analyst's question, read by the engine."),
});

export const COMPUTE_METRIC_DESCRIPTION =
  "Figures from the financial statements and metrics computed from them: a line item (capex, net PP&E, total current assets, COGS …) or a standard metric " +
  "(margins, growth, CAGR, multi-year averages, turnover ratios, DSO/DIO/DPO, working capital, current/quick ratio, ROA/ROE, FCF, EBITDA, capex % of revenue, effective tax rate, payout …), " +
  "including a definition stated in the question. Reads the named company's statements only. Returns the result as asked (units, rounding), the formula, every input with its citation, " +
  "and the inputs it could not find (never guessed). Use it instead of doing arithmetic yourself; quote its `answer`.";

const TYPED_DESCRIPTION =
  "Compute a statement figure or a metric from the company's statement lines, by the metric engine: returns {status, value, formatted, formula, series, inputs[] (label, period, value, scale, document, page, row, citation), missing[], notes}. " +
  "State what to compute: `metric` (id or name) or `formula` (a user's definition over line items), `company`, `periods`. A missing input is named in `missing`, never estimated. " +
  "A `formula` may also name rows of segment, geographic or operating tables (a segment's sales over the total); each such input is the row get_line_items finds, cited. A figure the company states itself (its own net-debt ratio, adjusted figures) comes from get_line_items or search_documents. Never do the arithmetic yourself.";

/** The legacy tool's work (Agent Mode): the metric engine reads the question, every input registered in `deps.sources`. */
export async function runComputeMetric(deps: MetricAnswerDeps, input: z.infer<typeof computeMetricInput>): Promise<MetricAnswer | ToolError> {
  if (!input.question.trim()) return toolError("The question is empty.", "Pass the analyst's question as `question`.");
  return safely("compute_metric", () => answerMetricQuestion(deps, input));
}

export function computeMetricTool(ctx: AgentContext) {
  return tool({
    description: TYPED_DESCRIPTION,
    inputSchema: computeMetricTypedInput,
    execute: async (input): Promise<ComputeOutput | MetricAnswer | ToolError> => {
      const deps = { db: ctx.db, dealId: ctx.deal.id, sources: ctx.sources };
      let out: ComputeOutput | MetricAnswer | ToolError;
      if (input.metric || input.formula) out = await safely("compute_metric", () => runCompute(deps, input));
      else if (input.question) out = await runComputeMetric({ ...deps, targetCompany: ctx.deal.targetCompany ?? null }, { question: input.question, document: input.document });
      else out = toolError("Nothing to compute.", "Pass `metric` (or `formula`), with `company` and `periods`.");
      ctx.sources.recordOutput(out);
      return out;
    },
  });
}
