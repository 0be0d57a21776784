import readline from "node:readline";
import type { UIMessage } from "ai";
import { getDb } from "@/lib/db";
import { requireDeal } from "@/lib/db/queries/deals";
import { MandaError } from "@/lib/errors";
import { agentDeal, loadAgent } from "@/lib/chat/agent-adapter";
import { DEFAULT_CONTEXT_MESSAGES, contextWindow, toUIMessages } from "@/lib/chat/context";
import { ensureConversation, loadMessages, requireConversation, saveMessages, titleFromQuestion } from "@/lib/chat/store";
import { formatSources } from "./ask";
import { parseCli } from "./args";

const USAGE = "manda chat --deal <slug> [--conversation <uuid>] [--approve]   (one question a line; /exit or EOF ends; --approve: make the writes the answers ask for)";

/**
 * A multi-turn conversation on stdin/stdout, kept in the database like the web chat's
 * (conversations + messages), so it can be continued with --conversation. Works with piped
 * input: each line is one question, answered in order.
 */
export async function chatCommand(args: string[]): Promise<number> {
  const { values } = parseCli(args, { deal: { type: "string" }, conversation: { type: "string" }, approve: { type: "boolean" } }, USAGE);
  if (!values.deal) throw new MandaError("bad_request:usage", `usage: ${USAGE}`);
  const db = await getDb();
  const deal = await requireDeal({ db, ref: values.deal });
  const agent = await loadAgent();
  let conversationId = values.conversation;
  if (conversationId) await requireConversation({ db, dealId: deal.id, id: conversationId, userId: null }); // the CLI is the local user
  const interactive = process.stdin.isTTY === true;
  const rl = readline.createInterface({ input: process.stdin, output: interactive ? process.stdout : undefined, terminal: interactive });
  const prompt = () => interactive && rl.prompt();
  if (interactive) {
    process.stdout.write(`Chatting about ${deal.name}. One question a line; /exit to leave.\n`);
    rl.setPrompt("you> ");
  }
  prompt();
  for await (const raw of rl) {
    const line = raw.trim();
    if (!line) {
      prompt();
      continue;
    }
    if (line === "/exit" || line === "/quit") break;
    conversationId ??= crypto.randomUUID();
    await ensureConversation({ db, dealId: deal.id, id: conversationId, userId: null, title: titleFromQuestion(line) });
    const user: UIMessage = { id: `cli-${crypto.randomUUID()}`, role: "user", parts: [{ type: "text", text: line }] };
    await saveMessages({ db, dealId: deal.id, conversationId, messages: [user] });
    const history = toUIMessages(await loadMessages({ db, conversationId }));
    const t0 = Date.now();
    try {
      const r = await agent.runAgentTurn({ db, deal: agentDeal(deal), userId: null, conversationId, messages: contextWindow(history, DEFAULT_CONTEXT_MESSAGES), contextMessages: DEFAULT_CONTEXT_MESSAGES, ...(values.approve ? { approve: () => true } : {}) });
      const answer: UIMessage = {
        id: `cli-${crypto.randomUUID()}`,
        role: "assistant",
        parts: [{ type: "text", text: r.text }, ...r.sources.map((s, i) => ({ type: "source-document" as const, sourceId: `${s.document}:${s.cell ?? s.page}:${i}`, mediaType: "application/octet-stream", title: `${s.document}, ${s.cell ?? `p.${s.page}`}` }))],
        metadata: { usage: r.usage, timings: { totalMs: Date.now() - t0 }, toolCalls: r.toolCalls.map((c) => c.toolName) },
      };
      await saveMessages({ db, dealId: deal.id, conversationId, messages: [answer] });
      process.stdout.write(`${interactive ? "manda> " : ""}${r.text}\n${formatSources(r.sources)}\n`);
    } catch (e) {
      process.stdout.write(`error: ${e instanceof MandaError ? e.message : "the answer failed; try again."}\n\n`);
    }
    prompt();
  }
  rl.close();
  if (conversationId) process.stderr.write(`conversation ${conversationId}\n`);
  return 0;
}
