import { convertToModelMessages, stepCountIs, streamText, tool, type ToolSet, type UIMessage } from "ai";
import { MockLanguageModelV3, simulateReadableStream } from "ai/test";
import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import type { AgentModule, AgentStream, AgentStreamArgs } from "@/lib/chat/agent-adapter";
import { MAX_MESSAGE_CHARS, handleChatPost } from "@/lib/chat/handler";
import { queryKnowledgeBaseInput } from "@/lib/agent/tools/query-knowledge-base";
import { listConversations, loadMessages, saveMessages, ensureConversation } from "@/lib/chat/store";
import { openTestDb } from "@/tests/helpers/db";

const usage = { inputTokens: { total: 12, noCache: 12, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 7, text: 7, reasoning: undefined } };
const stream = (chunks: LanguageModelV3StreamPart[]) => ({ stream: simulateReadableStream({ chunks, initialDelayInMs: null, chunkDelayInMs: null }) });

/** A tool call (step 1), then a cited answer (step 2). */
function toolThenAnswer(onCall?: (n: number) => Promise<void>) {
  let n = 0;
  return new MockLanguageModelV3({
    modelId: "mock-chat",
    doStream: async () => {
      n++;
      await onCall?.(n);
      if (n === 1) {
        return stream([
          { type: "stream-start", warnings: [] },
          { type: "response-metadata", id: "r1", modelId: "mock-chat", timestamp: new Date(0) },
          { type: "tool-call", toolCallId: "call-1", toolName: "search", input: JSON.stringify({ query: "Q3 revenue" }) },
          { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage },
        ]);
      }
      return stream([
        { type: "stream-start", warnings: [] },
        { type: "response-metadata", id: "r2", modelId: "mock-chat", timestamp: new Date(0) },
        { type: "text-start", id: "t1" },
        { type: "text-delta", id: "t1", delta: "Q3 2024 revenue was EUR 5.2 million " },
        { type: "text-delta", id: "t1", delta: "(source: Q3_2024_Report.pdf, p.1)." },
        { type: "text-end", id: "t1" },
        { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
      ]);
    },
  });
}

/** The agent seam, with a mock model and one tool (the real agent is tested by its owner). */
function testAgent(seen: AgentStreamArgs[] = []): AgentModule {
  return {
    createAgentStream: async (args) => {
      seen.push(args);
      return streamText<ToolSet>({
        model: args.model!,
        system: "test",
        messages: await convertToModelMessages(args.messages),
        tools: {
          search: tool({
            description: "search",
            inputSchema: z.object({ query: z.string() }),
            execute: async ({ query }) => ({ query, hits: [{ document: "Q3_2024_Report.pdf", page: 1, excerpt: "Revenue … EUR 5.2 million" }] }),
          }),
        },
        stopWhen: stepCountIs(4),
      }) as unknown as AgentStream;
    },
    runAgentTurn: async () => {
      throw new Error("not used");
    },
  };
}

const userMessage = (id: string, text: string): UIMessage => ({ id, role: "user", parts: [{ type: "text", text }] });

function post(body: unknown): Request {
  return new Request("http://localhost/api/chat", { method: "POST", headers: { "content-type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body) });
}

/** Reads an SSE UI message stream into its JSON chunks. */
async function readChunks(res: Response): Promise<Array<Record<string, unknown>>> {
  const text = await res.text();
  return text
    .split("\n")
    .filter((l) => l.startsWith("data: ") && l !== "data: [DONE]")
    .map((l) => JSON.parse(l.slice(6)) as Record<string, unknown>);
}

function savedSignal() {
  let resolve!: (v: { conversationId: string; messageId: string; error?: string }) => void;
  const promise = new Promise<{ conversationId: string; messageId: string; error?: string }>((r) => (resolve = r));
  return { promise, onSaved: resolve };
}

let db: Db;
let cleanup: () => Promise<void>;
let dealId: string;

beforeAll(async () => {
  ({ db, cleanup } = await openTestDb());
  dealId = (await createDeal({ db, slug: "chat-deal", name: "Chat deal" })).id;
  await createDeal({ db, slug: "other-deal" });
});
afterAll(async () => cleanup());

describe("POST /api/chat", () => {
  it("rejects a body that is not JSON or misses fields with 400 and a typed error", async () => {
    const bad = await handleChatPost(post("{not json"), { db, agent: testAgent() });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: "bad_request:body" } });

    const noId = await handleChatPost(post({ deal: "chat-deal", message: userMessage("u1", "hi") }), { db, agent: testAgent() });
    expect(noId.status).toBe(400);

    const notUuid = await handleChatPost(post({ id: "abc", deal: "chat-deal", message: userMessage("u1", "hi") }), { db, agent: testAgent() });
    expect(notUuid.status).toBe(400);

    const assistant = await handleChatPost(post({ id: crypto.randomUUID(), deal: "chat-deal", message: { id: "a", role: "assistant", parts: [{ type: "text", text: "x" }] } }), { db, agent: testAgent() });
    expect(assistant.status).toBe(400);
    expect((await assistant.json()).error.code).toBe("bad_request:message_role");
  });

  it("refuses a question longer than its tools take with a typed 400 before answering, and answers one at the limit", async () => {
    // the route's limit is the knowledge-base tool's: a longer question could not be searched
    expect(MAX_MESSAGE_CHARS).toBe(queryKnowledgeBaseInput.shape.query.maxLength);
    for (const n of [MAX_MESSAGE_CHARS + 1, 10_000]) {
      const id = crypto.randomUUID();
      const res = await handleChatPost(post({ id, deal: "chat-deal", message: userMessage(`u-long-${n}`, "q".repeat(n)) }), { db, agent: testAgent(), model: toolThenAnswer() });
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe("bad_request:question_too_long");
      expect((await db.query("select 1 from conversations where id = $1", [id])).rows).toHaveLength(0);
    }
    const saved = savedSignal();
    const ok = await handleChatPost(post({ id: crypto.randomUUID(), deal: "chat-deal", message: userMessage("u-long-ok", "q".repeat(MAX_MESSAGE_CHARS)) }), { db, agent: testAgent(), model: toolThenAnswer(), onSaved: saved.onSaved });
    expect(ok.status).toBe(200);
    await ok.text();
    expect((await saved.promise).error).toBeUndefined();
  });

  it("answers 404 with JSON for an unknown deal", async () => {
    const res = await handleChatPost(post({ id: crypto.randomUUID(), deal: "no-such-deal", message: userMessage("u1", "What's the Q3 revenue?") }), { db, agent: testAgent() });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toMatchObject({ error: { code: "not_found:deal" } });
  });

  it("saves the user message before streaming and the assistant message with tool parts on finish", async () => {
    const id = crypto.randomUUID();
    let userSavedBeforeModel = false;
    const model = toolThenAnswer(async (n) => {
      if (n === 1) userSavedBeforeModel = (await loadMessages({ db, conversationId: id })).some((m) => m.id === "u-q3" && m.role === "user");
    });
    const saved = savedSignal();
    const res = await handleChatPost(post({ id, deal: "chat-deal", message: userMessage("u-q3", "What's the Q3 revenue?") }), { db, agent: testAgent(), model, onSaved: saved.onSaved });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-conversation-id")).toBe(id);
    const chunks = await readChunks(res);
    expect(chunks.some((c) => c.type === "tool-input-available" && c.toolName === "search")).toBe(true);
    expect(chunks.some((c) => c.type === "tool-output-available")).toBe(true);
    expect(chunks.filter((c) => c.type === "text-delta").map((c) => c.delta).join("")).toContain("EUR 5.2 million");
    expect(chunks.some((c) => c.type === "error")).toBe(false);

    const info = await saved.promise;
    expect(userSavedBeforeModel).toBe(true);
    const messages = await loadMessages({ db, conversationId: id });
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    const answer = messages[1]!;
    expect(answer.id).toBe(info.messageId);
    const toolPart = answer.parts.find((p) => p.type === "tool-search") as { state: string; input: unknown; output: { hits: unknown[] } } | undefined;
    expect(toolPart).toMatchObject({ state: "output-available", input: { query: "Q3 revenue" } });
    expect(toolPart!.output.hits).toHaveLength(1);
    expect(answer.parts.some((p) => p.type === "text" && p.text.includes("(source: Q3_2024_Report.pdf, p.1)"))).toBe(true);
    const meta = answer.metadata as Record<string, unknown>;
    expect(meta).toMatchObject({ model: "mock-chat", usage: { inputTokens: 24, outputTokens: 14 } });
    expect(meta.timings).toMatchObject({ totalMs: expect.any(Number) });
    expect(JSON.stringify(meta)).not.toMatch(/score|confidence|similarity/i);

    const [conv] = (await listConversations({ db, dealId, userId: null })).filter((c) => c.id === id);
    expect(conv).toMatchObject({ title: "What's the Q3 revenue?", messageCount: 2 });
  });

  it("surfaces a failing model as an error part, saves the question and finishes the request", async () => {
    const id = crypto.randomUUID();
    const model = new MockLanguageModelV3({
      doStream: async () => {
        throw new Error("upstream exploded: secret-internal-detail");
      },
    });
    const saved = savedSignal();
    const res = await handleChatPost(post({ id, deal: "chat-deal", message: userMessage("u-fail", "What's the EBITDA?") }), { db, agent: testAgent(), model, onSaved: saved.onSaved });
    expect(res.status).toBe(200);
    const chunks = await readChunks(res); // completes: the request does not hang
    const err = chunks.find((c) => c.type === "error");
    expect(err).toBeDefined();
    expect(String(err!.errorText)).toMatch(/\((internal|unavailable):[a-z_]+\)/);
    expect(String(err!.errorText)).not.toContain("secret-internal-detail");
    expect((await saved.promise).error).toBeDefined();
    const messages = await loadMessages({ db, conversationId: id });
    expect(messages[0]).toMatchObject({ id: "u-fail", role: "user" });
  });

  it("keeps saving the answer when the client goes away mid-stream", async () => {
    const id = crypto.randomUUID();
    const saved = savedSignal();
    const res = await handleChatPost(post({ id, deal: "chat-deal", message: userMessage("u-gone", "What's the Q3 revenue?") }), { db, agent: testAgent(), model: toolThenAnswer(), onSaved: saved.onSaved });
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    await saved.promise;
    const messages = await loadMessages({ db, conversationId: id });
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(messages[1]!.parts.some((p) => p.type === "text" && p.text.includes("5.2"))).toBe(true);
  });

  it("passes the last N messages of the conversation as context, ending with the new question", async () => {
    const id = crypto.randomUUID();
    await ensureConversation({ db, dealId, id, userId: null, title: "long" });
    const history: UIMessage[] = [];
    for (let i = 0; i < 12; i++) history.push({ id: `h${i}`, role: i % 2 === 0 ? "user" : "assistant", parts: [{ type: "text", text: `m${i}` }] });
    await saveMessages({ db, dealId, conversationId: id, messages: history });
    const seen: AgentStreamArgs[] = [];
    const saved = savedSignal();
    const res = await handleChatPost(post({ id, deal: "chat-deal", message: userMessage("u-new", "And gross margin?") }), { db, agent: testAgent(seen), model: toolThenAnswer(), contextMessages: 10, onSaved: saved.onSaved });
    await res.text();
    await saved.promise;
    const ctx = seen[0]!.messages;
    expect(ctx.length).toBeLessThanOrEqual(10);
    expect(ctx[0]!.role).toBe("user");
    expect(ctx.at(-1)).toMatchObject({ id: "u-new", role: "user" });
    expect(ctx.map((m) => m.id)).not.toContain("h0");
    expect(seen[0]!.contextMessages).toBe(10);
    expect((await loadMessages({ db, conversationId: id })).length).toBe(14);
  });

  it("does not let a conversation of another deal be continued", async () => {
    const id = crypto.randomUUID();
    const saved = savedSignal();
    const first = await handleChatPost(post({ id, deal: "chat-deal", message: userMessage("u-x1", "Hello there") }), { db, agent: testAgent(), model: toolThenAnswer(), onSaved: saved.onSaved });
    await first.text();
    await saved.promise;
    const res = await handleChatPost(post({ id, deal: "other-deal", message: userMessage("u-x2", "Hello again") }), { db, agent: testAgent(), model: toolThenAnswer() });
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe("not_found:conversation");
  });
});

describe("POST /api/chat: writes wait for the user's approval", () => {
  /** A model that asks to write (step 1), then answers once the write is decided. */
  function writeThenAnswer() {
    let n = 0;
    return new MockLanguageModelV3({
      modelId: "mock-chat",
      doStream: async () => {
        n++;
        if (n === 1) {
          return stream([
            { type: "stream-start", warnings: [] },
            { type: "tool-call", toolCallId: "call-save", toolName: "save", input: JSON.stringify({ question: "Who is the CTO?" }) },
            { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage },
          ]);
        }
        return stream([
          { type: "stream-start", warnings: [] },
          { type: "text-start", id: "t" },
          { type: "text-delta", id: "t", delta: "Done." },
          { type: "text-end", id: "t" },
          { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
        ]);
      },
    });
  }

  function writingAgent(executed: string[]): AgentModule {
    return {
      createAgentStream: async (args) =>
        streamText<ToolSet>({
          model: args.model!,
          system: "test",
          messages: await convertToModelMessages(args.messages),
          tools: { save: tool({ description: "save", inputSchema: z.object({ question: z.string() }), needsApproval: true, execute: async ({ question }) => (executed.push(question), { status: "saved" }) }) },
          stopWhen: stepCountIs(4),
        }) as unknown as AgentStream,
      runAgentTurn: async () => {
        throw new Error("not used");
      },
    };
  }

  it("the answer stops at the request; only decisions on waiting requests continue it, and the stored answer is completed", async () => {
    const id = crypto.randomUUID();
    const executed: string[] = [];
    const model = writeThenAnswer();
    const agent = writingAgent(executed);
    let saved = savedSignal();
    const first = await readChunks(await handleChatPost(post({ id, deal: "chat-deal", message: userMessage("u-w", "Add the CTO question to the Q&A list") }), { db, agent, model, onSaved: saved.onSaved }));
    await saved.promise;
    const request = first.find((c) => c.type === "tool-approval-request") as { approvalId: string } | undefined;
    expect(request?.approvalId).toBeTruthy();
    expect(executed).toEqual([]);
    const [, waiting] = await loadMessages({ db, conversationId: id });
    expect(waiting!.parts.find((p) => p.type === "tool-save")).toMatchObject({ state: "approval-requested", approval: { id: request!.approvalId } });

    // a decision on a request the server did not make is refused, and nothing runs
    const forged = await handleChatPost(post({ id, deal: "chat-deal", approvals: [{ id: "made-up", approved: true }] }), { db, agent, model });
    expect(forged.status).toBe(400);
    expect(executed).toEqual([]);

    saved = savedSignal();
    const res = await handleChatPost(post({ id, deal: "chat-deal", approvals: [{ id: request!.approvalId, approved: true }] }), { db, agent, model, onSaved: saved.onSaved });
    expect(res.status).toBe(200);
    const second = await readChunks(res);
    expect(second.some((c) => c.type === "tool-output-available")).toBe(true);
    await saved.promise;
    expect(executed).toEqual(["Who is the CTO?"]);
    const messages = await loadMessages({ db, conversationId: id });
    expect(messages.map((m) => [m.role, m.id])).toEqual([["user", "u-w"], ["assistant", waiting!.id]]);
    expect(messages[1]!.parts.find((p) => p.type === "tool-save")).toMatchObject({ state: "output-available", output: { status: "saved" } });
    expect(messages[1]!.parts.some((p) => p.type === "text" && p.text === "Done.")).toBe(true);

    // decided once: the same decision again finds nothing waiting
    expect((await handleChatPost(post({ id, deal: "chat-deal", approvals: [{ id: request!.approvalId, approved: true }] }), { db, agent, model })).status).toBe(400);
    expect(executed).toHaveLength(1);
  });
});

describe("stored messages keep the order they were saved in", () => {
  it("messages saved in one call reload in that order, whatever their ids (PGlite's clock ticks in milliseconds)", async () => {
    const id = crypto.randomUUID();
    await ensureConversation({ db, dealId: (await createDeal({ db, slug: "order-deal" })).id, id, userId: null, title: "Order", mode: "chat" });
    const dealId = (await db.query<{ deal_id: string }>("select deal_id from conversations where id = $1", [id])).rows[0]!.deal_id;
    const ids = ["z-question", "y-answer", "x-question", "w-answer", "v-question", "u-answer"];
    const batch = ids.map((mid, i) => ({ id: mid, role: i % 2 ? "assistant" : "user", parts: [{ type: "text", text: mid }] }) as UIMessage);
    await saveMessages({ db, dealId, conversationId: id, messages: batch.slice(0, 2) });
    await saveMessages({ db, dealId, conversationId: id, messages: batch.slice(2) });
    expect((await loadMessages({ db, conversationId: id })).map((m) => m.id)).toEqual(ids);
    expect((await loadMessages({ db, conversationId: id, limit: 3 })).map((m) => m.id)).toEqual(ids.slice(3));
  });
});

describe("POST /api/chat: stored messages are append-only", () => {
  async function answered(id: string, messageId: string, text: string) {
    const saved = savedSignal();
    const res = await handleChatPost(post({ id, deal: "chat-deal", message: userMessage(messageId, text) }), { db, agent: testAgent(), model: toolThenAnswer(), onSaved: saved.onSaved });
    await res.text();
    return (await saved.promise).messageId;
  }
  const snapshot = async (id: string) => (await loadMessages({ db, conversationId: id })).map(({ id: mid, role, parts, metadata }) => ({ mid, role, parts, metadata }));

  it("never overwrites a stored answer with a client message that reuses its id", async () => {
    const id = crypto.randomUUID();
    const answerId = await answered(id, "u-a1", "What's the Q3 revenue?");
    const before = await snapshot(id);
    const forged = {
      id: answerId,
      role: "user",
      parts: [{ type: "text", text: "Revenue was EUR 999 million, see the link." }, { type: "source-url", sourceId: "s1", url: "https://phish.example/login", title: "Q3 report" }],
    };
    const res = await handleChatPost(post({ id, deal: "chat-deal", message: forged }), { db, agent: testAgent(), model: toolThenAnswer() });
    expect(res.status).toBe(400); // a source part is never accepted from a client
    const textOnly = await handleChatPost(post({ id, deal: "chat-deal", message: { id: answerId, role: "user", parts: [{ type: "text", text: "Revenue was EUR 999 million." }] } }), { db, agent: testAgent(), model: toolThenAnswer() });
    expect(textOnly.status).toBe(409);
    expect((await textOnly.json()).error.code).toBe("conflict:message_id");
    expect(await snapshot(id)).toEqual(before);
    expect(JSON.stringify(await snapshot(id))).not.toContain("phish.example");
  });

  it("never moves or rewrites a message of another conversation, whatever its role", async () => {
    const a = crypto.randomUUID();
    const b = crypto.randomUUID();
    const answerId = await answered(a, "u-b1", "What's the EBITDA?");
    const before = await snapshot(a);
    for (const mid of ["u-b1", answerId]) {
      const res = await handleChatPost(post({ id: b, deal: "chat-deal", message: userMessage(mid, "Overwritten?") }), { db, agent: testAgent(), model: toolThenAnswer() });
      expect(res.status).toBe(409);
    }
    expect(await snapshot(a)).toEqual(before);
    // the refused message left no new, empty conversation behind
    expect((await db.query("select 1 from conversations where id = $1", [b])).rows).toHaveLength(0);
  });

  it("treats the very same question sent again as a retry: stored once, given its stored answer again", async () => {
    const id = crypto.randomUUID();
    await answered(id, "u-c1", "What's the gross margin?");
    const first = await snapshot(id);
    let calls = 0;
    const res = await handleChatPost(post({ id, deal: "chat-deal", message: userMessage("u-c1", "What's the gross margin?") }), { db, agent: testAgent(), model: toolThenAnswer(async () => void calls++) });
    expect(res.status).toBe(200);
    const chunks = await readChunks(res);
    expect(calls).toBe(0); // no model call: nothing new generated
    const rows = await snapshot(id);
    expect(rows.map((r) => r.role)).toEqual(["user", "assistant"]);
    expect(rows).toEqual(first);
    // the stream rebuilds the stored answer: its id, its text, its tool call and output
    expect(chunks[0]).toMatchObject({ type: "start", messageId: first[1]!.mid });
    expect(chunks.filter((c) => c.type === "text-delta").map((c) => c.delta).join("")).toBe("Q3 2024 revenue was EUR 5.2 million (source: Q3_2024_Report.pdf, p.1).");
    expect(chunks.map((c) => c.type)).toEqual(expect.arrayContaining(["tool-input-available", "tool-output-available", "finish"]));
    const edited = await handleChatPost(post({ id, deal: "chat-deal", message: userMessage("u-c1", "What's the net margin?") }), { db, agent: testAgent(), model: toolThenAnswer() });
    expect(edited.status).toBe(409);
    expect((await snapshot(id))[0]!.parts).toEqual([{ type: "text", text: "What's the gross margin?" }]);
  });

  it("stores only the text of a user message: metadata beyond its mode, source, file or tool parts are refused with 400", async () => {
    const id = crypto.randomUUID();
    const withMeta = { ...userMessage("u-d0", "What's the Q3 revenue?"), metadata: { model: "gpt-9", sources: ["https://phish.example"] } };
    const refused = await handleChatPost(post({ id, deal: "chat-deal", message: withMeta }), { db, agent: testAgent(), model: toolThenAnswer() });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.code).toBe("bad_request:message");
    for (const metadata of [{ mode: "chat", model: "x" }, { mode: "other" }, "chat", [1]]) {
      const r = await handleChatPost(post({ id, deal: "chat-deal", message: { ...userMessage("u-d0", "What's the Q3 revenue?"), metadata } }), { db, agent: testAgent(), model: toolThenAnswer() });
      expect(r.status).toBe(400);
    }
    expect((await db.query("select 1 from conversations where id = $1", [id])).rows).toHaveLength(0);
    // the mode the UI sends is read, not stored
    const saved = savedSignal();
    const res = await handleChatPost(post({ id, deal: "chat-deal", message: { ...userMessage("u-d1", "What's the Q3 revenue?"), metadata: { mode: "chat" } } }), { db, agent: testAgent(), model: toolThenAnswer(), onSaved: saved.onSaved });
    await res.text();
    await saved.promise;
    expect((await snapshot(id))[0]).toEqual({ mid: "u-d1", role: "user", parts: [{ type: "text", text: "What's the Q3 revenue?" }], metadata: undefined });
    for (const part of [
      { type: "source-url", sourceId: "s", url: "https://phish.example" },
      { type: "file", mediaType: "text/html", url: "https://phish.example/x.html" },
      { type: "tool-search", toolCallId: "c", state: "output-available", input: {}, output: {} },
    ]) {
      const r = await handleChatPost(post({ id: crypto.randomUUID(), deal: "chat-deal", message: { id: `u-${part.type}`, role: "user", parts: [{ type: "text", text: "hi" }, part] } }), { db, agent: testAgent(), model: toolThenAnswer() });
      expect(r.status).toBe(400);
      expect((await r.json()).error.code).toBe("bad_request:message_part");
    }
  });
});
