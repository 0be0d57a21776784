/**
 * Conversations per user in Supabase mode (lib/chat/visibility.ts), through the real routes and a
 * local stub of Supabase Auth: private to the author unless shared, owners see (and may delete)
 * all, only the author continues or shares one; chat, Agent Mode and the chat pages' reads alike.
 */
import { streamText, type ToolSet, type UIMessage } from "ai";
import { MockLanguageModelV3, simulateReadableStream } from "ai/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { clearAuthCache, ensureUserRow, setDealMember } from "@/lib/auth";
import type { AgentModule, AgentStream } from "@/lib/chat/agent-adapter";
import { handleChatPost } from "@/lib/chat/handler";
import { ensureConversation, loadMessages, saveMessages } from "@/lib/chat/store";
import { handleAgentRun, handleAgentStream } from "@/lib/agent/mode/http";
import { loadConversationList, loadConversationMessages } from "@/lib/ui/server/chat-data";
import * as listRoute from "@/app/api/deals/[deal]/conversations/route";
import * as oneRoute from "@/app/api/deals/[deal]/conversations/[id]/route";
import * as qaRoute from "@/app/api/deals/[deal]/qa/route";
import { openTestDb } from "@/tests/helpers/db";
import { tempDir } from "@/tests/helpers/fixtures";
import { startSupabaseStub, type SupabaseStub } from "@/tests/helpers/supabase-stub";

const OWNER = { id: "0a0a0a0a-0000-4000-8000-00000000000a", email: "owner@example.com" };
const BOB = { id: "0b0b0b0b-0000-4000-8000-00000000000b", email: "bob@example.com" };
const CARL = { id: "0c0c0c0c-0000-4000-8000-00000000000c", email: "carl@example.com" };
const VERA = { id: "0d0d0d0d-0000-4000-8000-00000000000d", email: "vera@example.com" };
const USERS = { owner: OWNER, bob: BOB, carl: CARL, vera: VERA };
type Who = keyof typeof USERS;

const g = globalThis as unknown as { __mandaDb?: Promise<Db> };
const params = <T>(p: T) => ({ params: Promise.resolve(p) });
const req = (who: Who, url: string, init: RequestInit = {}) =>
  new Request(`http://app${url}`, { ...init, headers: { "content-type": "application/json", ...(init.headers as Record<string, string>), authorization: `Bearer tok-${who}` } });

/** The chat agent seam with a one-line mock answer. */
const agent: AgentModule = {
  createAgentStream: async () =>
    streamText<ToolSet>({
      model: new MockLanguageModelV3({
        doStream: async () => ({
          stream: simulateReadableStream({
            initialDelayInMs: null,
            chunkDelayInMs: null,
            chunks: [
              { type: "stream-start", warnings: [] },
              { type: "text-start", id: "t" },
              { type: "text-delta", id: "t", delta: "An answer." },
              { type: "text-end", id: "t" },
              { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage: { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } } },
            ],
          }),
        }),
      }),
      prompt: "x",
    }) as unknown as AgentStream,
  runAgentTurn: async () => {
    throw new Error("not used");
  },
};

describe("conversations per user (Supabase mode, two users and an owner)", () => {
  let stub: SupabaseStub;
  let db: Db;
  let cleanup: () => Promise<void>;
  let dealId: string;
  let bobsChat: string;
  let bobsAgent: string;
  let orphan: string;

  const list = async (who: Who) => {
    const res = await listRoute.GET(req(who, "/api/deals/orbit/conversations"), params({ deal: "orbit" }));
    expect(res.status).toBe(200);
    return ((await res.json()) as { conversations: Array<{ id: string }> }).conversations.map((c) => c.id);
  };
  const get = (who: Who, id: string) => oneRoute.GET(req(who, `/api/deals/orbit/conversations/${id}`), params({ deal: "orbit", id }));
  const del = (who: Who, id: string) => oneRoute.DELETE(req(who, `/api/deals/orbit/conversations/${id}`, { method: "DELETE" }), params({ deal: "orbit", id }));
  const share = (who: Who, id: string, shared: boolean) =>
    oneRoute.PATCH(req(who, `/api/deals/orbit/conversations/${id}`, { method: "PATCH", body: JSON.stringify({ shared }) }), params({ deal: "orbit", id }));
  const chat = async (who: Who, id: string, messageId: string) => {
    let done!: () => void;
    const saved = new Promise<void>((r) => (done = r));
    const res = await handleChatPost(req(who, "/api/chat", { method: "POST", body: JSON.stringify({ id, deal: "orbit", message: { id: messageId, role: "user", parts: [{ type: "text", text: "What is the revenue?" }] } }) }), { db, agent, onSaved: () => done() });
    if (res.status === 200) {
      await res.text();
      await saved;
    }
    return res;
  };
  const agentRun = (who: Who, conversationId: string) =>
    handleAgentRun(req(who, "/api/agent/run", { method: "POST", body: JSON.stringify({ question: "What is the revenue?", deal: "orbit", conversationId }) }), { db });
  const agentStream = (who: Who, conversationId: string) =>
    handleAgentStream(req(who, "/api/agent/stream", { method: "POST", body: JSON.stringify({ question: "What is the revenue?", deal: "orbit", conversationId }) }), { db });
  const code = async (res: Response) => ((await res.json()) as { error?: { code: string } }).error?.code;
  const messageCount = async (id: string) => (await loadMessages({ db, conversationId: id })).length;

  beforeAll(async () => {
    stub = await startSupabaseStub();
    for (const [who, u] of Object.entries(USERS)) stub.tokens.set(`tok-${who}`, u);
    setConfigForProcess({ SUPABASE_URL: stub.url, SUPABASE_ANON_KEY: stub.anonKey, MANDA_DATA_DIR: tempDir("manda-conv-access-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });
    clearAuthCache();
    ({ db, cleanup } = await openTestDb());
    g.__mandaDb = Promise.resolve(db);
    dealId = (await createDeal({ db, slug: "orbit" })).id;
    for (const u of Object.values(USERS)) await ensureUserRow(db, { ...u, name: u.email, mode: "supabase" });
    await setDealMember({ db, dealId, userId: OWNER.id, role: "owner" });
    await setDealMember({ db, dealId, userId: BOB.id, role: "analyst" });
    await setDealMember({ db, dealId, userId: CARL.id, role: "analyst" });
    await setDealMember({ db, dealId, userId: VERA.id, role: "viewer" });

    bobsChat = crypto.randomUUID();
    expect((await chat("bob", bobsChat, "bob-q1")).status).toBe(200);
    bobsAgent = crypto.randomUUID();
    await ensureConversation({ db, dealId, id: bobsAgent, userId: BOB.id, title: "Agent run", mode: "agent" });
    orphan = crypto.randomUUID(); // no author (created in local mode before sign-in was turned on)
    await ensureConversation({ db, dealId, id: orphan, userId: null, title: "Legacy" });
    await saveMessages({ db, dealId, conversationId: orphan, messages: [{ id: "legacy-1", role: "user", parts: [{ type: "text", text: "old" }] } as UIMessage] });
  });

  afterAll(async () => {
    g.__mandaDb = undefined;
    clearAuthCache();
    await cleanup();
    await stub.close();
    setConfigForProcess({ SUPABASE_URL: undefined, SUPABASE_ANON_KEY: undefined });
  });

  it("stores the author and lists a private conversation to its author and the owners only", async () => {
    expect((await db.query("select user_id, shared from conversations where id = $1", [bobsChat])).rows).toEqual([{ user_id: BOB.id, shared: false }]);
    expect(await list("bob")).toEqual(expect.arrayContaining([bobsChat, bobsAgent]));
    expect(await list("bob")).not.toContain(orphan);
    expect(await list("owner")).toEqual(expect.arrayContaining([bobsChat, bobsAgent, orphan]));
    expect(await list("carl")).toEqual([]);
    expect(await list("vera")).toEqual([]);
  });

  it("answers 404 to another member reading it by id, 200 to its author and an owner", async () => {
    expect((await get("bob", bobsChat)).status).toBe(200);
    expect((await get("owner", bobsChat)).status).toBe(200);
    for (const who of ["carl", "vera"] as const) {
      const res = await get(who, bobsChat);
      expect(res.status).toBe(404);
      expect(await code(res)).toBe("not_found:conversation");
    }
    expect((await get("carl", orphan)).status).toBe(404);
    expect((await get("owner", orphan)).status).toBe(200);
  });

  it("refuses another analyst's delete (404 while private) and keeps the conversation", async () => {
    expect((await del("carl", bobsChat)).status).toBe(404);
    expect((await del("vera", bobsChat)).status).toBe(403); // viewers never delete (deal role)
    expect(await messageCount(bobsChat)).toBe(2);
  });

  it("lets only the author continue it, in chat and in Agent Mode; nothing is stored for the others", async () => {
    const before = await messageCount(bobsChat);
    expect(await code(await chat("carl", bobsChat, "carl-q1"))).toBe("not_found:conversation");
    expect(await code(await chat("owner", bobsChat, "owner-q1"))).toBe("forbidden:conversation");
    expect(await messageCount(bobsChat)).toBe(before);
    expect((await chat("bob", bobsChat, "bob-q2")).status).toBe(200);
    expect(await messageCount(bobsChat)).toBe(before + 2);
    // decisions on an answer's writes: the author's only (here nothing waits, so even the author's is 400)
    const decide = (who: Who) => handleChatPost(req(who, "/api/chat", { method: "POST", body: JSON.stringify({ id: bobsChat, deal: "orbit", approvals: [{ id: "any", approved: true }] }) }), { db, agent });
    expect(await code(await decide("carl"))).toBe("not_found:conversation");
    expect(await code(await decide("owner"))).toBe("forbidden:conversation");
    expect(await code(await decide("bob"))).toBe("bad_request:message");
    expect(await messageCount(bobsChat)).toBe(before + 2);

    for (const run of [agentRun, agentStream]) {
      expect(await code(await run("carl", bobsAgent))).toBe("not_found:conversation");
      expect(await code(await run("owner", bobsAgent))).toBe("forbidden:conversation");
    }
    expect(await messageCount(bobsAgent)).toBe(0);
  });

  it("lets only the author share it; then every member reads it, and still only the author writes", async () => {
    expect(await code(await share("carl", bobsChat, true))).toBe("not_found:conversation");
    expect(await code(await share("owner", bobsChat, true))).toBe("forbidden:conversation");
    const ok = await share("bob", bobsChat, true);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { conversation: { shared: boolean } }).conversation.shared).toBe(true);

    expect(await list("carl")).toEqual([bobsChat]);
    expect(await list("vera")).toEqual([bobsChat]);
    expect((await get("carl", bobsChat)).status).toBe(200);
    expect((await get("vera", bobsChat)).status).toBe(200);
    expect(await code(await del("carl", bobsChat))).toBe("forbidden:conversation");
    expect(await code(await chat("carl", bobsChat, "carl-q2"))).toBe("forbidden:conversation");
    expect(await code(await share("vera", bobsChat, false))).toBe("forbidden:deal");

    expect((await share("bob", bobsChat, false)).status).toBe(200);
    expect((await get("carl", bobsChat)).status).toBe(404);
  });

  it("filters the chat pages' reads the same way", async () => {
    const ids = async (userId: string | null) => (await loadConversationList({ db, dealId, userId })).items.map((c) => c.id);
    expect(await ids(CARL.id)).toEqual([]);
    expect(await ids(OWNER.id)).toEqual(expect.arrayContaining([bobsChat, orphan]));
    expect(await ids(null)).toEqual(expect.arrayContaining([bobsChat, orphan])); // local mode: one user, all
    expect(await loadConversationMessages({ db, dealId, conversationId: bobsChat, userId: CARL.id })).toEqual({ found: false, messages: [], sharing: null });
    expect((await loadConversationMessages({ db, dealId, conversationId: bobsChat, userId: BOB.id })).found).toBe(true);
    // what the page shows: the author gets the share toggle, an owner a read-only notice, local mode nothing
    expect((await loadConversationMessages({ db, dealId, conversationId: bobsChat, userId: BOB.id })).sharing).toEqual({ mine: true, shared: false });
    expect((await loadConversationMessages({ db, dealId, conversationId: bobsChat, userId: OWNER.id })).sharing).toEqual({ mine: false, shared: false });
    expect((await loadConversationMessages({ db, dealId, conversationId: bobsChat, userId: null })).sharing).toBeNull();
    expect((await loadConversationList({ db, dealId, userId: BOB.id })).items.find((c) => c.id === bobsChat)?.shared).toBe(false);
  });

  it("links a Q&A item only to a conversation the user may read (another's private one, or another deal's, is 404)", async () => {
    const addQa = (who: Who, conversationId: string, question: string) =>
      qaRoute.POST(req(who, "/api/deals/orbit/qa", { method: "POST", body: JSON.stringify({ question, conversationId }) }), params({ deal: "orbit" }));
    expect(await code(await addQa("carl", bobsChat, "Is the churn figure audited?"))).toBe("not_found:conversation");
    const elsewhere = crypto.randomUUID();
    await ensureConversation({ db, dealId: (await createDeal({ db, slug: "orbit-other" })).id, id: elsewhere, userId: BOB.id, title: "x" });
    expect(await code(await addQa("bob", elsewhere, "Is the churn figure audited?"))).toBe("not_found:conversation");
    expect((await db.query("select 1 from qa_items where question = 'Is the churn figure audited?'")).rows).toHaveLength(0);
    expect((await addQa("bob", bobsChat, "Is the churn figure audited?")).status).toBe(201);
  });

  it("lets an owner delete any conversation, and the author their own", async () => {
    expect((await del("owner", bobsAgent)).status).toBe(204);
    expect((await del("bob", bobsChat)).status).toBe(204);
    expect(await list("bob")).toEqual([]);
  });
});
