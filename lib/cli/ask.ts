import type { UIMessage } from "ai";
import { getDb } from "@/lib/db";
import { requireDeal } from "@/lib/db/queries/deals";
import { MandaError } from "@/lib/errors";
import { agentDeal, loadAgent, type AgentTurnResult } from "@/lib/chat/agent-adapter";
import { parseCli } from "./args";

const USAGE = 'manda ask --deal <slug> [--json] [--approve] "<question>"   (--approve: make the writes the question asks for)';

/** The sources block printed under an answer. */
export function formatSources(sources: AgentTurnResult["sources"]): string {
  if (sources.length === 0) return "";
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const s of sources) {
    const loc = s.cell ? s.cell : `p.${s.page}`;
    const key = `${s.document} ${loc}`;
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(`  [${lines.length + 1}] ${s.document}, ${loc}${s.url ? `  ${s.url}` : ""}`);
  }
  return `\nSources:\n${lines.join("\n")}\n`;
}

/**
 * One chat turn through the same agent as the web chat (runAgentTurn); prints the answer and its
 * sources. A write the agent asks to make (Q&A, IRL, finding, re-analysis) is made only with
 * --approve, the command line's Approve; without it the answer says what waits.
 */
export async function askCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCli(args, { deal: { type: "string" }, json: { type: "boolean" }, approve: { type: "boolean" } }, USAGE);
  const question = positionals.join(" ").trim();
  if (!values.deal || !question) throw new MandaError("bad_request:usage", `usage: ${USAGE}`);
  const db = await getDb();
  const deal = await requireDeal({ db, ref: values.deal });
  const agent = await loadAgent();
  const messages: UIMessage[] = [{ id: `cli-${crypto.randomUUID()}`, role: "user", parts: [{ type: "text", text: question }] }];
  const r = await agent.runAgentTurn({ db, deal: agentDeal(deal), userId: null, conversationId: null, messages, ...(values.approve ? { approve: () => true } : {}) });
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ answer: r.text, sources: r.sources.map((s) => ({ document: s.document, page: s.page, cell: s.cell ?? null, url: s.url ?? null })), usage: r.usage })}\n`);
  } else {
    process.stdout.write(`${r.text}\n${formatSources(r.sources)}`);
  }
  return 0;
}
