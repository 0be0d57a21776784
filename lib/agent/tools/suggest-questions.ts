import { tool } from "ai";
import { z } from "zod";
import { safely, type AgentContext } from "../context";
import { questionForContradiction } from "@/lib/irl/qa-contradiction";
import { openContradictionsFor } from "../knowledge/conflicts";
import { log } from "@/lib/log";

interface Suggestion {
  question: string;
  domain: string;
  priority: "high" | "medium" | "low";
  origin: "gap" | "contradiction" | "chat";
  why: string;
  irlItemId?: string;
  relatedFindingIds?: string[];
}

export function suggestQuestionsTool(ctx: AgentContext) {
  return tool({
    description:
      "Draft questions for the target company from the IRL gaps and the contradictions found (nothing is saved). Offer them to the user; add them with add_to_qa only after the user agrees.",
    inputSchema: z.object({
      domain: z.string().max(60).optional(),
      topic: z.string().max(300).optional().describe("A topic the user wants questions about (e.g. 'the missing CTO')"),
      limit: z.number().int().min(1).max(20).optional(),
    }),
    execute: async ({ domain, topic, limit }) =>
      safely("suggest_questions", async () => {
        const out: Suggestion[] = [];
        try {
          const report = await ctx.services.irl.computeIrlCoverage({ db: ctx.db, dealId: ctx.deal.id });
          for (const d of report.domains) {
            if (domain && d.domain.toLowerCase() !== domain.toLowerCase()) continue;
            for (const i of d.items) {
              if (i.coverage === "covered") continue;
              out.push({
                question: i.coverage === "gap" ? `Please provide: ${i.item}.` : `Please complete: ${i.item} — what we have is partial.`,
                domain: d.domain,
                priority: i.priority,
                origin: "gap",
                why: i.coverage === "gap" ? "IRL request not covered by any document" : "IRL request only partly covered",
                irlItemId: i.id,
              });
            }
          }
        } catch (e) {
          // coverage could not be computed (e.g. an unreadable IRL sheet): the contradictions still count
          log.warn("suggest_questions: IRL coverage failed", { error: e });
        }
        // one per open contradiction, worded as "From contradictions" on the Q&A page words it
        for (const c of await openContradictionsFor({ db: ctx.db, dealId: ctx.deal.id })) {
          out.push({
            question: questionForContradiction(c),
            domain: "Financial",
            priority: "high",
            origin: "contradiction",
            why: `${c.a.filename} and ${c.b.filename} state different figures for the same period; no correction links them.`,
            relatedFindingIds: [c.a.id, c.b.id],
          });
        }
        if (topic) out.unshift({ question: `Please provide information on ${topic}.`, domain: domain ?? "General", priority: "medium", origin: "chat", why: "requested in chat" });
        const order = { high: 0, medium: 1, low: 2 };
        const result = { suggestions: out.sort((a, b) => order[a.priority] - order[b.priority]).slice(0, limit ?? 10), saved: false };
        ctx.sources.recordOutput(result);
        return result;
      }),
  });
}
