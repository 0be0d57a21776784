import { tool } from "ai";
import { z } from "zod";
import { safely, type AgentContext } from "../context";
import { DATA_NOTICE } from "../guardrails/injection";
import { openContradictionsFor, scanConflicts } from "../knowledge/conflicts";

export function detectContradictionsTool(ctx: AgentContext) {
  return tool({
    description:
      "Scan the deal's findings for contradictions under the rules: same metric and period, different documents, no correction (SUPERSEDES) between them. " +
      "Also returns correction chains (the later document corrects the earlier) and forecast-vs-actual differences, which are NOT conflicts. Use for red flags, concerns, 'do the numbers agree?'.",
    inputSchema: z.object({
      metric: z.string().max(200).optional().describe("Limit to one metric, e.g. revenue"),
      period: z.string().max(100).optional().describe("Limit to one period, e.g. FY2023"),
    }),
    execute: async ({ metric, period }) =>
      safely("detect_contradictions", async () => {
        // the conflicts are the deal's open contradictions: the count the deal header and the Q&A page show
        const open = await openContradictionsFor({ db: ctx.db, dealId: ctx.deal.id, metric, period });
        const scan = await scanConflicts({ db: ctx.db, dealId: ctx.deal.id, sources: ctx.sources, metric, period, open });
        const out = { dataNotice: DATA_NOTICE, ...scan };
        ctx.sources.recordOutput(out);
        return out;
      }),
  });
}
