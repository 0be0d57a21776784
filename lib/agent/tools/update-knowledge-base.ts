import { tool } from "ai";
import { z } from "zod";
import { getDocumentByFilename } from "@/lib/db/queries/documents";
import { insertManualFinding } from "@/lib/db/queries/knowledge";
import { getPageText } from "@/lib/db/queries/pages";
import { locateExcerpt } from "@/lib/extraction/citation";
import { getEmbeddingSpace } from "@/lib/models/embeddings";
import { safely, toolError, type AgentContext } from "../context";
import { parseNumbers } from "../guardrails/numbers";
import { embedMissingFindings } from "../knowledge/findings";
import { detectMetrics } from "../knowledge/metrics";
import { parsePeriod, readPeriodRequest } from "@/lib/periods";

export function updateKnowledgeBaseTool(ctx: AgentContext) {
  return tool({
    description:
      "Record a new finding the user stated or confirmed, with its evidence (document, page or cell, exact excerpt from that page). " +
      "Never create a finding on your own initiative: first show the user what you would record and ask; the user approves each call before it runs. " +
      "The excerpt must be found on that page, or nothing is saved.",
    inputSchema: z.object({
      metric: z.string().min(1).max(200),
      value: z.string().min(1).max(200).describe("As written, e.g. 'GBP 7.3 million'"),
      period: z.string().max(60).optional(),
      document: z.string().min(1).max(300).describe("Filename of the evidence"),
      page: z.number().int().min(1),
      cell: z.string().max(100).optional(),
      excerpt: z.string().min(10).max(400).describe("Exact text on that page"),
      domain: z.enum(["financial", "legal", "operational", "commercial", "people", "technology", "other"]).optional(),
      isForecast: z.boolean().optional(),
    }),
    needsApproval: true,
    execute: async (input) =>
      safely("update_knowledge_base", async () => {
        const doc = await getDocumentByFilename({ db: ctx.db, dealId: ctx.deal.id, filename: input.document });
        if (!doc) return toolError(`No document named ${input.document} in this deal.`, "Use get_document_info to list documents.");
        const pageText = await getPageText({ db: ctx.db, documentId: doc.id, page: input.page });
        if (pageText === null) return toolError(`${doc.filename} has no page ${input.page}.`);
        if (!locateExcerpt(pageText, input.excerpt)) return toolError(`The excerpt is not on page ${input.page} of ${doc.filename}; nothing was saved.`, "Quote the page text exactly.");
        const metric = detectMetrics(input.metric)[0];
        const metricKey = metric?.key ?? input.metric.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");
        const num = parseNumbers(input.value, false)[0];
        const period = input.period ? (parsePeriod(input.period)?.label ?? readPeriodRequest(input.period).exact?.label ?? input.period) : null;
        const preview = { metric: input.metric, metricKey, value: input.value, period, document: doc.filename, page: input.page, cell: input.cell ?? null, excerpt: input.excerpt };
        const id = crypto.randomUUID();
        const unit = num?.percent ? "percent" : metric?.unit ?? (/\b(?:EUR|USD|SEK|GBP)\b|[€$£]/.test(input.value) ? "currency" : "other");
        const currency = input.value.match(/\b(EUR|USD|SEK|GBP)\b/)?.[1] ?? (input.value.includes("€") ? "EUR" : null);
        const inserted = await insertManualFinding({
          db: ctx.db,
          id,
          finding: {
            dealId: ctx.deal.id, documentId: doc.id, domain: input.domain ?? metric?.domain ?? "financial", metric: input.metric, metricKey,
            valueText: input.value, valueNum: num ? num.value : null, unit, currency, period, isForecast: input.isForecast ?? false,
            page: input.page, cell: input.cell ?? null, excerpt: input.excerpt,
          },
        });
        if (!inserted) return { status: "exists", message: "A finding for this metric, period and page already exists; nothing was added.", preview };
        await embedMissingFindings(ctx.db, ctx.deal.id, ctx.space ?? getEmbeddingSpace(), 20).catch(() => 0);
        const ref = ctx.sources.add({ documentId: doc.id, document: doc.filename, page: input.page, cell: input.cell ?? null, excerpt: input.excerpt });
        const out = { status: "saved", findingId: id, citation: ref.citation, preview };
        ctx.sources.recordOutput(out);
        return out;
      }),
  });
}
