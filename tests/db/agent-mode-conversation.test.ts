/**
 * Agent Mode runs saved as conversations (mode 'agent'): listed in the deal's history, reloaded
 * with the answer, its citations (as the chat's source parts and as the run's own data) and the
 * trace; a second run continues the same conversation; a run continues a chat conversation too
 * (the chat page's one list holds chat turns and runs).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { getRequestUser } from "@/lib/auth/request";
import { ensureConversation, listConversations, loadMessages, saveMessages } from "@/lib/chat/store";
import { handleAgentRun, handleAgentStream } from "@/lib/agent/mode/http";
import { agentRunOf, lastMode } from "@/lib/agent/mode/messages";
import type { GroundedCitation } from "@/lib/agent/mode/types";
import type { MandaUIMessage } from "@/lib/chat/ui-message";
import { openTestDb } from "../helpers/db";
import { uiChunks, uiMessage } from "../helpers/ui-stream";
import { seedDeal } from "./agent-fixtures";

setConfigForProcess({ MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "", SUPABASE_URL: "" });

const Q = 'Produce an operating summary: separate searches for revenue, margins and litigation, open at least two sources, quote one exact figure, and say "Insufficient documentation" for anything missing';
const post = (url: string, body: unknown) => new Request(`http://x${url}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

interface RunBody {
  conversationId: string;
  answer: string;
  citations: GroundedCitation[];
  insufficiencies: Array<{ topic: string }>;
  status: string;
}

describe("agent mode runs as conversations", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let deal: { id: string; slug: string };
  let first: RunBody;

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    const seeded = await seedDeal(db, "agent-conv");
    deal = { id: seeded.deal.id, slug: seeded.deal.slug };
    const res = await handleAgentRun(post("/api/agent/run", { deal: deal.slug, question: Q }), { db, user: await getRequestUser() });
    expect(res.status).toBe(200);
    first = (await res.json()) as RunBody;
  });
  afterAll(async () => {
    await cleanup?.();
  });

  it("a run is stored and listed with mode 'agent', titled by the request", async () => {
    expect(first.conversationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.status).toBe("validated");
    const list = await listConversations({ db, dealId: deal.id, userId: null });
    const conv = list.find((c) => c.id === first.conversationId);
    expect(conv).toMatchObject({ mode: "agent", messageCount: 2 });
    expect(conv!.title).toMatch(/^Produce an operating summary/);
  });

  it("reloads with the request, the answer, its citations and the trace", async () => {
    const messages = await loadMessages({ db, conversationId: first.conversationId });
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(lastMode(messages)).toBe("agent");

    // what the chat shows: the answer text and one source per citation
    const answer = messages[1]!;
    expect(answer.parts.find((p) => p.type === "text")).toMatchObject({ text: first.answer });
    const sources = answer.parts.filter((p) => p.type === "source-url") as Array<{ url: string; title: string }>;
    expect(sources.map((s) => s.url)).toEqual(first.citations.map((c) => c.url));
    expect(sources[0]!.title).toBe(`${first.citations[0]!.document}, p.${first.citations[0]!.page}`);

    // what Agent Mode reopens: the run with the very citations the API returned, and its trace
    expect(messages[0]!.parts).toEqual([{ type: "text", text: Q }]);
    const run = agentRunOf(messages[1]!);
    expect(run!.run).toMatchObject({ answer: first.answer, status: "validated" });
    expect(run!.run!.citations).toEqual(first.citations);
    expect(run!.run!.citations.length).toBeGreaterThanOrEqual(2);
    for (const c of run!.run!.citations) {
      const page = await db.query("select 1 from document_pages where deal_id = $1 and document_id = $2 and page_number = $3", [deal.id, c.documentId, c.page]);
      expect(page.rows).toHaveLength(1);
    }
    expect(run!.run!.insufficiencies.map((i) => i.topic.toLowerCase())).toContain("litigation");
    const types = run!.trace.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["constraints", "plan", "tool_call", "validation", "final"]));
    expect(types.at(-1)).toBe("final");
  });

  it("a streamed run continues the same conversation and streams the saved answer", async () => {
    const res = await handleAgentStream(post("/api/agent/stream", { deal: deal.slug, question: "What was revenue for the third quarter of 2024?", conversationId: first.conversationId }), { db, user: await getRequestUser() });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-conversation-id")).toBe(first.conversationId);
    const chunks = await uiChunks(res);
    expect(chunks.at(-1)).toMatchObject({ type: "finish", messageMetadata: { mode: "agent", conversationId: first.conversationId } });
    const streamed = chunks.flatMap((c) => (c.type === "text-delta" ? [c.delta] : []));
    expect(streamed.length).toBeGreaterThan(1);
    const live = await uiMessage<MandaUIMessage>(chunks);

    const messages = await loadMessages({ db, conversationId: first.conversationId });
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    const stored = agentRunOf(messages[3]!)!;
    // the streamed message is the saved one: same id, same answer, citations and trace
    const streamedRun = agentRunOf(live)!;
    expect(messages[3]!.id).toBe(live.id);
    expect(streamed.join("")).toBe(stored.run!.answer);
    expect(streamedRun.run!.answer).toBe(stored.run!.answer);
    expect(streamedRun.run!.citations).toEqual(stored.run!.citations);
    expect(streamedRun.trace.map((e) => e.seq)).toEqual(stored.trace.map((e) => e.seq));
    expect((await listConversations({ db, dealId: deal.id, userId: null })).filter((c) => c.mode === "agent")).toHaveLength(1);
  });

  it("a run continues a chat conversation: the chat's turns and the run in one list, in order", async () => {
    const chatId = crypto.randomUUID();
    await ensureConversation({ db, dealId: deal.id, id: chatId, userId: null, title: "A chat", mode: "chat" });
    const chatTurn: MandaUIMessage[] = [
      { id: "u-chat-1", role: "user", parts: [{ type: "text", text: "Who is the CEO?" }] },
      { id: "a-chat-1", role: "assistant", parts: [{ type: "text", text: "Not stated in the data room." }], metadata: { mode: "chat" } },
    ];
    await saveMessages({ db, dealId: deal.id, conversationId: chatId, messages: chatTurn });
    const res = await handleAgentRun(post("/api/agent/run", { deal: deal.slug, question: "What was revenue for the third quarter of 2024?", conversationId: chatId }), { db, user: await getRequestUser() });
    expect(res.status).toBe(200);
    expect(((await res.json()) as RunBody).conversationId).toBe(chatId);
    const messages = await loadMessages({ db, conversationId: chatId });
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(messages.map((m) => agentRunOf(m) !== null)).toEqual([false, false, false, true]);
    expect(agentRunOf(messages[3]!)!.run!.status).toMatch(/validated|forced/);
    expect(lastMode(messages)).toBe("agent");
    // the conversation keeps the mode it was started in (the history marks Agent Mode ones)
    expect((await listConversations({ db, dealId: deal.id, userId: null })).find((c) => c.id === chatId)).toMatchObject({ mode: "chat", messageCount: 4 });
    expect((await handleAgentRun(post("/api/agent/run", { deal: deal.slug, question: "revenue?", conversationId: "nope" }), { db, user: await getRequestUser() })).status).toBe(400);
  });

  it("a run that fails keeps its request and says why in the history", async () => {
    const failing = { specificationVersion: "v3", provider: "test", modelId: "broken", supportedUrls: {}, doGenerate: async () => { throw new Error("boom"); }, doStream: async () => { throw new Error("boom"); } } as const;
    const res = await handleAgentRun(post("/api/agent/run", { deal: deal.slug, question: "What was EBITDA in 2023?" }), { db, user: await getRequestUser(), model: failing as never });
    expect(res.status).toBe(503);
    const conv = (await listConversations({ db, dealId: deal.id, userId: null })).find((c) => c.title === "What was EBITDA in 2023?")!;
    const [question, answer] = await loadMessages({ db, conversationId: conv.id });
    expect(question!.parts).toEqual([{ type: "text", text: "What was EBITDA in 2023?" }]);
    const run = agentRunOf(answer!);
    expect(run!.run).toMatchObject({ status: "failed", answer: "", error: { code: "unavailable:model" } });
  });
});
