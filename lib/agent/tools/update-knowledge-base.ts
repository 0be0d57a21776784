import { tool } from "ai";
import { z } from "zod";
import { locateExcerpt } from "@/lib/extraction/citation";
import { getEmbeddingSpace } from "@/lib/models/embeddings";
import { safely, toolError, type AgentContext } from "../context";
import { confirmationRequest, userConfirmed } from "../guardrails/confirmation";
import { parseNumbers } from "../guardrails/numbers";
import { embedMissingFindings } from "../knowledge/findings";
import { detectMetrics } from "../knowledge/metrics";
import { parsePeriod, readPeriodRequest } from "@/lib/periods";

const ADD = /\b(?:add|save|record|store|create|log|capture)\b.{0,40}\b(?:finding|fact|knowledge|data ?point|figure|number)s?\b/i;

export function updateKnowledgeBaseTool(ctx: AgentContext) {
  return tool({
    description:
      "Record a new finding the user stated or confirmed, with its evidence (document, page or cell, exact excerpt from that page). " +
      "Never create a finding on your own initiative: first show the user what you would record and ask; call with confirmed: true only after the user says yes. " +
      "The excerpt must be found on that page, or nothing is saved.",
    inputSchema: z.object({
      metric: z.string().min(1).max(200),
      value: z.string().min(1).max(200).describe("As written, e.g. 'EUR 5.2 million'"),
      period: z.string().max(60).optional(),
      document: z.string().min(1).max(300).describe("Filename of the evidence"),
      page: z.number().int().min(1),
      cell: z.string().max(100).optional(),
      excerpt: z.string().min(10).max(400).describe("Exact text on that page"),
      domain: z.enum(["financial", "legal", "operational", "commercial", "people", "technology", "other"]).optional(),
      isForecast: z.boolean().optional(),
      confirmed: z.boolean().optional().describe("true only after the user explicitly confirmed"),
    }),
    execute: async (input) =>
      safely("update_knowledge_base", async () => {
        const doc = (await ctx.db.query<{ id: string; filename: string }>("select id, filename from documents where deal_id = $1 and lower(filename) = lower($2)", [ctx.deal.id, input.document])).rows[0];
        if (!doc) return toolError(`No document named ${input.document} in this deal.`, "Use get_document_info to list documents.");
        const page = (await ctx.db.query<{ text: string }>("select text from document_pages where document_id = $1 and page_number = $2", [doc.id, input.page])).rows[0];
        if (!page) return toolError(`${doc.filename} has no page ${input.page}.`);
        if (!locateExcerpt(page.text, input.excerpt)) return toolError(`The excerpt is not on page ${input.page} of ${doc.filename}; nothing was saved.`, "Quote the page text exactly.");
        const metric = detectMetrics(input.metric)[0];
        const metricKey = metric?.key ?? input.metric.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");
        const num = parseNumbers(input.value, false)[0];
        const period = input.period ? (parsePeriod(input.period)?.label ?? readPeriodRequest(input.period).exact?.label ?? input.period) : null;
        const preview = { metric: input.metric, metricKey, value: input.value, period, document: doc.filename, page: input.page, cell: input.cell ?? null, excerpt: input.excerpt };
        if (!input.confirmed || !userConfirmed(ctx.lastUserText, ADD)) return confirmationRequest(`record this finding: ${input.metric}${period ? ` ${period}` : ""} = ${input.value} (${doc.filename}, ${input.cell ?? `p.${input.page}`})`, preview);
        const id = crypto.randomUUID();
        const unit = num?.percent ? "percent" : metric?.unit ?? (/\b(?:EUR|USD|SEK|GBP)\b|[€$£]/.test(input.value) ? "currency" : "other");
        const currency = input.value.match(/\b(EUR|USD|SEK|GBP)\b/)?.[1] ?? (input.value.includes("€") ? "EUR" : null);
        const { rows } = await ctx.db.query<{ id: string }>(
          `insert into findings (id, deal_id, document_id, domain, metric, metric_key, value_text, value_num, unit, currency, period, is_forecast, source_page, source_cell, source_excerpt, confidence, status)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 0.9, 'active')
           on conflict (deal_id, document_id, metric_key, period, source_page) do nothing returning id`,
          [id, ctx.deal.id, doc.id, input.domain ?? metric?.domain ?? "financial", input.metric, metricKey, input.value, num ? num.value : null, unit, currency, period, input.isForecast ?? false, input.page, input.cell ?? null, input.excerpt],
        );
        if (!rows[0]) return { status: "exists", message: "A finding for this metric, period and page already exists; nothing was added.", preview };
        await embedMissingFindings(ctx.db, ctx.deal.id, ctx.space ?? getEmbeddingSpace(), 20).catch(() => 0);
        const ref = ctx.sources.add({ documentId: doc.id, document: doc.filename, page: input.page, cell: input.cell ?? null, excerpt: input.excerpt });
        const out = { status: "saved", findingId: id, citation: ref.citation, preview };
        ctx.sources.recordOutput(out);
        return out;
      }),
  });
}
