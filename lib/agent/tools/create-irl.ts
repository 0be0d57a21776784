import { tool } from "ai";
import { z } from "zod";
import { findIrlTemplateDocuments } from "@/lib/db/queries/documents";
import { safely, toolError, type AgentContext } from "../context";
import { confirmationRequest, userConfirmed } from "../guardrails/confirmation";

const CREATE = /\b(?:create|import|load|set up|build|use)\b.{0,40}\b(?:irl|information request|request list|checklist)\b/i;

export function createIrlTool(ctx: AgentContext) {
  return tool({
    description:
      "Create the deal's Information Request List by importing an IRL template from the data room (a spreadsheet with domain / item / priority). " +
      "Only when the user asks for it or agrees; call with confirmed: true after they said yes.",
    inputSchema: z.object({
      document: z.string().max(300).optional().describe("Template filename; default: the data room's IRL template"),
      confirmed: z.boolean().optional(),
    }),
    execute: async ({ document, confirmed }) =>
      safely("create_irl", async () => {
        const [doc] = await findIrlTemplateDocuments({ db: ctx.db, dealId: ctx.deal.id, filename: document ?? null, indexedOnly: true });
        if (!doc) return toolError(document ? `No indexed document named ${document}.` : "No IRL template found in the data room.", "Upload an IRL spreadsheet or name the document to import.");
        if (!confirmed || !userConfirmed(ctx.lastUserText, CREATE)) return confirmationRequest(`import the IRL from ${doc.filename}`, { document: doc.filename });
        const irl = ctx.services.irl;
        const result = await irl.importIrlTemplate({ db: ctx.db, dealId: ctx.deal.id, documentId: doc.id });
        const items = await irl.listIrlItems({ db: ctx.db, dealId: ctx.deal.id });
        const out = { status: "saved", document: doc.filename, items: items.length, domains: [...new Set(items.map((i) => i.domain))], result };
        ctx.sources.recordOutput(out);
        return out;
      }),
  });
}
