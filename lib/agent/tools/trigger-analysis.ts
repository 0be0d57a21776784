import { tool } from "ai";
import { z } from "zod";
import { getDocumentByFilename } from "@/lib/db/queries/documents";
import { safely, toolError, type AgentContext } from "../context";
import { confirmationRequest, userConfirmed } from "../guardrails/confirmation";

const RERUN = /\b(?:re-?run|re-?analy[sz]e|re-?process|re-?extract|analy[sz]e|process|extract|run (?:the )?(?:pipeline|analysis|extraction))\b/i;

export function triggerAnalysisTool(ctx: AgentContext) {
  return tool({
    description:
      "Queue a (re-)analysis of a document or of the whole deal (extraction of findings, timeline, entities, relations). " +
      "User-initiated only: never call it because you think it would help; call with confirmed: true when the user asked for it.",
    inputSchema: z.object({
      document: z.string().max(300).optional().describe("Filename; omit for the whole deal"),
      reason: z.string().max(300).optional(),
      confirmed: z.boolean().optional(),
    }),
    execute: async ({ document, reason, confirmed }) =>
      safely("trigger_analysis", async () => {
        let documentId: string | undefined;
        if (document) {
          const r = await getDocumentByFilename({ db: ctx.db, dealId: ctx.deal.id, filename: document });
          if (!r) return toolError(`No document named ${document} in this deal.`);
          documentId = r.id;
        }
        if (!confirmed || !userConfirmed(ctx.lastUserText, RERUN)) return confirmationRequest(`re-run the analysis of ${document ?? "the whole deal"}`, { document: document ?? null });
        const r = await ctx.services.pipeline.enqueueAnalysis({ db: ctx.db, dealId: ctx.deal.id, documentId, requestedBy: ctx.userId ? `user:${ctx.userId}` : "chat", reason: reason ?? "requested in chat" });
        const out = { status: "queued", taskId: r.taskId, created: r.created, document: document ?? null };
        ctx.sources.recordOutput(out);
        return out;
      }),
  });
}
