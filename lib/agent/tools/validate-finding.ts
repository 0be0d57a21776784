import { tool } from "ai";
import { z } from "zod";
import { getPageText } from "@/lib/db/queries/pages";
import { locateExcerpt } from "@/lib/extraction/citation";
import { safely, toolError, type AgentContext } from "../context";
import { DATA_NOTICE } from "../guardrails/injection";
import { parseNumbers } from "../guardrails/numbers";
import { formatValue } from "../knowledge/describe";
import { findingsByIds, keywordFindings, type FindingRow } from "../knowledge/findings";
import { defaultGraphReader } from "../knowledge/graph";
import { detectMetrics, keysOf } from "../knowledge/metrics";
import { readPeriodRequest, resolvePeriod, samePeriod } from "@/lib/periods";
import { kbSource, resolveSupersession } from "../knowledge/query";

export function validateFindingTool(ctx: AgentContext) {
  return tool({
    description:
      "Check a finding or a claim against the documents. With `findingId`: is its excerpt really on the cited page, is it superseded, contradicted or supported by other documents? " +
      "With `claim` (metric, value, period — e.g. a figure the user heard from management): does the data room agree? Answers in words, never with a score.",
    inputSchema: z.object({
      findingId: z.string().uuid().optional(),
      claim: z.object({ metric: z.string().min(1).max(200), value: z.string().min(1).max(100), period: z.string().max(100).optional() }).optional(),
    }),
    execute: async ({ findingId, claim }) => {
      if (!findingId && !claim) return toolError("Pass either findingId or claim.", "Example: { claim: { metric: 'revenue', value: 'EUR 12.9 million', period: 'FY2023' } }");
      return safely("validate_finding", async () => {
        const graph = defaultGraphReader;
        let rows: FindingRow[];
        if (findingId) {
          rows = await findingsByIds(ctx.db, ctx.deal.id, [findingId]);
          if (rows.length === 0) return toolError(`No finding ${findingId} in this deal.`);
        } else {
          const metrics = detectMetrics(claim!.metric);
          const keys = metrics.flatMap(keysOf);
          rows = await keywordFindings(ctx.db, ctx.deal.id, { keys, words: keys.length ? metrics.flatMap((m) => m.words) : [claim!.metric.toLowerCase()] });
          if (claim!.period) {
            const avail = [...new Set(rows.map((r) => r.period).filter((p): p is string => !!p))];
            const wanted = resolvePeriod(readPeriodRequest(claim!.period), avail).period?.label;
            rows = wanted ? rows.filter((r) => samePeriod(r.period, wanted)) : [];
          }
          if (rows.length === 0) {
            const out = { dataNotice: DATA_NOTICE, verdict: "not_found", explanation: `No finding in the documents covers ${claim!.metric}${claim!.period ? ` for ${claim!.period}` : ""}; the claim cannot be checked. Consider adding it to the Q&A list.` };
            ctx.sources.recordOutput(out);
            return out;
          }
        }
        const edges = await graph.findingEdges(ctx.db, ctx.deal.id, rows.map((r) => r.id));
        const { sup } = await resolveSupersession(ctx.db, ctx.deal.id, rows, edges, graph);
        const checks = [];
        for (const r of rows.slice(0, 8)) {
          const pageText = await getPageText({ db: ctx.db, documentId: r.document_id, page: r.source_page });
          const onPage = pageText !== null ? locateExcerpt(pageText, r.source_excerpt) !== null : false;
          const ref = ctx.sources.add({ documentId: r.document_id, document: r.filename, page: r.source_page, cell: r.source_cell, excerpt: r.source_excerpt, documentDate: r.document_date, kind: r.document_kind });
          const repl = sup.replacedBy.get(r.id);
          const related = edges.filter((e) => e.fromId === r.id || e.toId === r.id);
          checks.push({
            findingId: r.id,
            metric: r.metric,
            period: r.period,
            value: formatValue(r),
            isForecast: r.is_forecast,
            excerptOnPage: onPage ? "the excerpt is on the cited page" : "the excerpt could NOT be found on the cited page",
            status: repl ? `superseded by ${formatValue(repl)} in ${repl.filename}` : r.superseded ? "superseded" : "current",
            supportedBy: related.filter((e) => e.type === "SUPPORTS").length,
            contradictedBy: related.filter((e) => e.type === "CONTRADICTS").length,
            source: kbSource(ref),
          });
        }
        let verdict: string | undefined;
        let explanation: string | undefined;
        if (claim) {
          const claimed = parseNumbers(claim.value, false)[0];
          const current = rows.filter((r) => !r.superseded && !sup.replacedBy.has(r.id) && !r.is_forecast);
          const match = (r: FindingRow) => claimed && r.value_num !== null && Math.abs(r.value_num - claimed.value) <= Math.max(Math.abs(r.value_num) * 0.01, 1e-9);
          if (current.some(match)) {
            verdict = "consistent";
            explanation = `The claim matches ${current.filter(match).map((r) => r.filename).join(", ")}.`;
          } else if (rows.some(match)) {
            verdict = "outdated_or_forecast";
            explanation = "The claimed value appears only in a superseded document or as a forecast.";
          } else {
            verdict = "differs";
            explanation = `The documents state ${[...new Set(current.map(formatValue))].join(" / ") || [...new Set(rows.map(formatValue))].join(" / ")}, not ${claim.value}.`;
          }
        }
        const out = { dataNotice: DATA_NOTICE, ...(verdict ? { verdict, explanation } : {}), checks };
        ctx.sources.recordOutput(out);
        return out;
      });
    },
  });
}
