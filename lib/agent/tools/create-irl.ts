import { tool } from "ai";
import { z } from "zod";
import { findIrlTemplateDocuments } from "@/lib/db/queries/documents";
import { safely, toolError, type AgentContext } from "../context";

export function createIrlTool(ctx: AgentContext) {
  return tool({
    description:
      "Create the deal's Information Request List by importing an IRL template from the data room (a spreadsheet with domain / item / priority). " +
      "Only when the user asks for it or agrees; the user approves each call before it runs.",
    inputSchema: z.object({
      document: z.string().max(300).optional().describe("Template filename; default: the data room's IRL template"),
    }),
    needsApproval: true,
    execute: async ({ document }) =>
      safely("create_irl", async () => {
        const [doc] = await findIrlTemplateDocuments({ db: ctx.db, dealId: ctx.deal.id, filename: document ?? null, indexedOnly: true });
        if (!doc) return toolError(document ? `No indexed document named ${document}.` : "No IRL template found in the data room.", "Upload an IRL spreadsheet or name the document to import.");
        const irl = ctx.services.irl;
        const result = await irl.importIrlTemplate({ db: ctx.db, dealId: ctx.deal.id, documentId: doc.id });
        const items = await irl.listIrlItems({ db: ctx.db, dealId: ctx.deal.id });
        const out = { status: "saved", document: doc.filename, items: items.length, domains: [...new Set(items.map((i) => i.domain))], result };
        ctx.sources.recordOutput(out);
        return out;
      }),
  });
}
