import { tool } from "ai";
import { z } from "zod";
import { findIrlTemplateDocuments } from "@/lib/db/queries/documents";
import { safely, type AgentContext } from "../context";

export function findGapsTool(ctx: AgentContext) {
  return tool({
    description:
      "Coverage of the deal's Information Request List (IRL): per domain, which requests the documents cover, partly cover or leave open (gaps), with the evidence. " +
      "Use for 'what's missing?', 'what don't we know?', 'IRL coverage', and to find gaps for red flags. If the deal has no IRL yet, says so.",
    inputSchema: z.object({ domain: z.string().max(60).optional().describe("Limit to one domain, e.g. Financial, Legal, People") }),
    execute: async ({ domain }) => {
      const irl = ctx.services.irl;
      return safely("find_gaps", async () => {
        const report = await irl.computeIrlCoverage({ db: ctx.db, dealId: ctx.deal.id });
        const domains = report.domains.filter((d) => !domain || d.domain.toLowerCase() === domain.toLowerCase());
        if (report.totals.total === 0) {
          const templates = await findIrlTemplateDocuments({ db: ctx.db, dealId: ctx.deal.id, indexedOnly: false });
          const out = { irlItems: 0, templatesInDataRoom: templates.map((r) => r.filename), message: "This deal has no IRL yet." };
          ctx.sources.recordOutput(out);
          return out;
        }
        const out = {
          totals: report.totals,
          domains: domains.map((d) => ({
            domain: d.domain,
            covered: d.covered,
            partial: d.partial,
            total: d.total,
            items: d.items.map((i) => {
              const ev = i.evidence.slice(0, 2).map((e) => {
                const ref = ctx.sources.add({ documentId: e.documentId, document: e.document, page: e.page, cell: e.cell ?? null, excerpt: e.excerpt });
                return { document: e.document, citation: ref.citation };
              });
              return { id: i.id, item: i.item, priority: i.priority, status: i.status, coverage: i.coverage, evidence: ev };
            }),
          })),
        };
        ctx.sources.recordOutput(out);
        return out;
      });
    },
  });
}
