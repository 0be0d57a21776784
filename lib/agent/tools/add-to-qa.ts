import { tool } from "ai";
import { z } from "zod";
import { safely, type AgentContext } from "../context";
import { confirmationRequest, userConfirmed } from "../guardrails/confirmation";

const ADD_QA = /\b(?:add|put|save|log|raise|create|include)\b.{0,40}\b(?:q\s*&\s*a|qa|question|list)\b|\bask (?:the )?(?:target|company|management|seller)\b/i;

export function addToQaTool(ctx: AgentContext) {
  return tool({
    description:
      "Add questions for the target company to the deal's Q&A list (e.g. for gaps or contradictions). Offer first; call with confirmed: true only after the user agreed.",
    inputSchema: z.object({
      questions: z
        .array(
          z.object({
            question: z.string().min(5).max(1000),
            domain: z.string().max(60).optional(),
            priority: z.enum(["high", "medium", "low"]).optional(),
            relatedFindingIds: z.array(z.string().uuid()).max(20).optional(),
            irlItemId: z.string().uuid().optional(),
          }),
        )
        .min(1)
        .max(20),
      origin: z.enum(["gap", "contradiction", "chat"]).default("chat"),
      confirmed: z.boolean().optional().describe("true only after the user explicitly agreed"),
    }),
    execute: async ({ questions, origin, confirmed }) => {
      if (!confirmed || !userConfirmed(ctx.lastUserText, ADD_QA)) return confirmationRequest(`add ${questions.length} question(s) to the Q&A list`, { questions });
      const irl = ctx.services.irl;
      return safely("add_to_qa", async () => {
        const added = [];
        for (const q of questions) {
          const item = await irl.addQaItem({
            db: ctx.db,
            dealId: ctx.deal.id,
            question: q.question,
            domain: q.domain,
            priority: q.priority,
            origin,
            relatedFindingIds: q.relatedFindingIds,
            irlItemId: q.irlItemId,
            conversationId: ctx.conversationId ?? undefined,
          });
          added.push({ id: item.id, question: item.question, domain: item.domain, priority: item.priority, status: item.status });
        }
        const out = { status: "saved", added };
        ctx.sources.recordOutput(out);
        return out;
      });
    },
  });
}
