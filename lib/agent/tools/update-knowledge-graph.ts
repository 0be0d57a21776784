import { tool } from "ai";
import { z } from "zod";
import { safely, toolError, type AgentContext } from "../context";
import { findingsByIds } from "../knowledge/findings";

export function updateKnowledgeGraphTool(ctx: AgentContext) {
  return tool({
    description:
      "Record a relation between two findings when the user asks for it: SUPERSEDES (from replaces to), CONTRADICTS, SUPPORTS. " +
      "Relations are normally detected automatically; do not modify them proactively. The user approves each call before it runs.",
    inputSchema: z.object({
      fromFindingId: z.string().uuid(),
      toFindingId: z.string().uuid(),
      relationType: z.enum(["SUPERSEDES", "CONTRADICTS", "SUPPORTS"]),
      reason: z.string().min(3).max(500),
    }),
    needsApproval: true,
    execute: async ({ fromFindingId, toFindingId, relationType, reason }) =>
      safely("update_knowledge_graph", async () => {
        if (fromFindingId === toFindingId) return toolError("A finding cannot relate to itself.");
        const rows = await findingsByIds(ctx.db, ctx.deal.id, [fromFindingId, toFindingId]);
        if (rows.length !== 2) return toolError("Both findings must exist in this deal.", "Use query_knowledge_base to get finding ids.");
        const from = rows.find((r) => r.id === fromFindingId)!;
        const to = rows.find((r) => r.id === toFindingId)!;
        const preview = { relation: `${from.metric} ${from.period ?? ""} (${from.filename}) ${relationType} ${to.metric} ${to.period ?? ""} (${to.filename})`.replace(/\s+/g, " "), reason };
        await ctx.db.transaction(async (tx) => {
          await tx.query(
            `insert into relations (id, deal_id, from_kind, from_id, to_kind, to_id, relation_type, reason, created_by)
             values ($1, $2, 'finding', $3, 'finding', $4, $5, $6, $7)
             on conflict (deal_id, from_id, to_id, relation_type) do update set reason = excluded.reason`,
            [crypto.randomUUID(), ctx.deal.id, fromFindingId, toFindingId, relationType, reason, ctx.userId ? `user:${ctx.userId}` : "chat"],
          );
          if (relationType === "SUPERSEDES") await tx.query("update findings set superseded = true where id = $1 and deal_id = $2", [toFindingId, ctx.deal.id]);
        });
        const out = { status: "saved", ...preview };
        ctx.sources.recordOutput(out);
        return out;
      }),
  });
}
