import { tool } from "ai";
import { z } from "zod";
import { safely, type AgentContext } from "../context";

export function addToQaTool(ctx: AgentContext) {
  return tool({
    description:
      "Add questions for the target company to the deal's Q&A list (e.g. for gaps or contradictions). Offer first; the user approves each call before it runs.",
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
    }),
    needsApproval: true,
    execute: async ({ questions, origin }) => {
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
