import { tool } from "ai";
import { z } from "zod";
import { getDocumentByFilename } from "@/lib/db/queries/documents";
import { safely, toolError, type AgentContext } from "../context";

export function triggerAnalysisTool(ctx: AgentContext) {
  return tool({
    description:
      "Queue a (re-)analysis of a document or of the whole deal (extraction of findings, timeline, entities, relations). " +
      "User-initiated only: never call it because you think it would help; the user approves each call before it runs.",
    inputSchema: z.object({
      document: z.string().max(300).optional().describe("Filename; omit for the whole deal"),
      reason: z.string().max(300).optional(),
    }),
    needsApproval: true,
    execute: async ({ document, reason }) =>
      safely("trigger_analysis", async () => {
        let documentId: string | undefined;
        if (document) {
          const r = await getDocumentByFilename({ db: ctx.db, dealId: ctx.deal.id, filename: document });
          if (!r) return toolError(`No document named ${document} in this deal.`);
          documentId = r.id;
        }
        const r = await ctx.services.pipeline.enqueueAnalysis({ db: ctx.db, dealId: ctx.deal.id, documentId, requestedBy: ctx.userId ? `user:${ctx.userId}` : "chat", reason: reason ?? "requested in chat" });
        const out = { status: "queued", taskId: r.taskId, created: r.created, document: document ?? null };
        ctx.sources.recordOutput(out);
        return out;
      }),
  });
}
