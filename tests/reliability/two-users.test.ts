/**
 * Two users in Supabase mode, against the local Supabase Auth stub and the real route handlers:
 * Bob tries to read, write and delete Alice's conversations, messages, Q&A items and documents
 * with each role he can have on her deal (none, viewer, analyst, owner). The expected outcome of
 * every attempt comes from the documented access model (docs/security.md, "Who sees what"), written out
 * here as a table independent of the code: deal roles (viewer reads, analyst writes, owner manages),
 * conversations private to their author unless shared, owners see and delete all, only the author
 * continues or shares one, stored messages never change. Each denied attempt is also checked to
 * have changed nothing. Prints: attempts / allowed / denied, and how many differed (must be 0).
 */
import { streamText, type ToolSet } from "ai";
import { MockLanguageModelV3, simulateReadableStream } from "ai/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { clearAuthCache, ensureUserRow, removeDealMember, setDealMember, type DealRole } from "@/lib/auth";
import type { AgentModule, AgentStream } from "@/lib/chat/agent-adapter";
import { handleChatPost } from "@/lib/chat/handler";
import { ensureConversation, loadMessages, saveMessages } from "@/lib/chat/store";
import { handleAgentStream } from "@/lib/agent/mode/http";
import * as conversationsRoute from "@/app/api/deals/[deal]/conversations/route";
import * as conversationRoute from "@/app/api/deals/[deal]/conversations/[id]/route";
import * as qaRoute from "@/app/api/deals/[deal]/qa/route";
import * as qaItemRoute from "@/app/api/deals/[deal]/qa/[id]/route";
import * as documentsRoute from "@/app/api/deals/[deal]/documents/route";
import * as documentRoute from "@/app/api/deals/[deal]/documents/[documentId]/route";
import * as pageRoute from "@/app/api/deals/[deal]/documents/[documentId]/pages/[page]/route";
import { openTestDb } from "@/tests/helpers/db";
import { tempDir } from "@/tests/helpers/fixtures";
import { startSupabaseStub, type SupabaseStub } from "@/tests/helpers/supabase-stub";

const ALICE = { id: "a0000000-0000-4000-8000-0000000000a1", email: "alice@example.com" };
const BOB = { id: "b0000000-0000-4000-8000-0000000000b2", email: "bob@example.com" };
type Who = "alice" | "bob";
type BobRole = "none" | DealRole;
const DEAL = "two-users";

const g = globalThis as unknown as { __mandaDb?: Promise<Db> };
const params = <T>(p: T) => ({ params: Promise.resolve(p) });
const req = (who: Who, path: string, init: RequestInit = {}) =>
  new Request(`http://app${path}`, { ...init, headers: { "content-type": "application/json", ...(init.headers as Record<string, string>), authorization: `Bearer tok-${who}` } });
const json = (body: unknown) => JSON.stringify(body);

/** The chat agent seam: a one-line answer from a mock model (no network). */
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

/** Alice's things for one round (made fresh, since allowed deletes remove them). */
interface Fixture {
  privateChat: string;
  sharedChat: string;
  agentRun: string;
  aliceMessage: string;
  qaItem: string;
  document: string;
}

/** Who may do it, by Bob's role on the deal (the documented model, not the code). */
const MEMBER: BobRole[] = ["viewer", "analyst", "owner"];
const WRITER: BobRole[] = ["analyst", "owner"];
const OWNER: BobRole[] = ["owner"];
const NOBODY: BobRole[] = [];

interface Attempt {
  name: string;
  allowed: BobRole[];
  /** Only tried with these roles of Bob (default: all). */
  roles?: BobRole[];
  run: (f: Fixture) => Promise<Response>;
  /** For an allowed list read: whether the item shows up (a denied read answers 2xx without it). */
  listed?: (res: Response, f: Fixture) => Promise<boolean>;
  /** What must still hold after a denied attempt (nothing changed). */
  unchanged?: (f: Fixture) => Promise<boolean>;
}

/** The conversation id the message-overwrite attempt sends (checked to leave no empty conversation). */
let overwriteChat = "";

describe("two users, every role: only what the role allows", () => {
  let stub: SupabaseStub;
  let db: Db;
  let cleanup: () => Promise<void>;
  let dealId: string;

  const exists = async (table: string, id: string) => (await db.query(`select 1 from ${table} where id = $1`, [id])).rows.length > 0;
  // the stored parts only: the id (a random UUID) and the time may contain any digits
  const partsOf = async (conversationId: string, id: string) => JSON.stringify((await loadMessages({ db, conversationId })).find((m) => m.id === id)?.parts ?? null);
  const listedIds = async (res: Response, key: string) => ((await res.clone().json()) as Record<string, Array<{ id: string }>>)[key]?.map((x) => x.id) ?? [];

  async function chat(who: Who, conversationId: string, messageId: string, text = "What is the revenue?"): Promise<Response> {
    let done!: () => void;
    const saved = new Promise<void>((r) => (done = r));
    const res = await handleChatPost(req(who, "/api/chat", { method: "POST", body: json({ id: conversationId, deal: DEAL, message: { id: messageId, role: "user", parts: [{ type: "text", text }] } }) }), { db, agent, onSaved: () => done() });
    if (res.ok) {
      await res.text();
      await saved;
    }
    return res;
  }

  async function aliceFixture(): Promise<Fixture> {
    const privateChat = crypto.randomUUID();
    const aliceMessage = `alice-${crypto.randomUUID()}`;
    expect((await chat("alice", privateChat, aliceMessage)).status).toBe(200);
    const sharedChat = crypto.randomUUID();
    expect((await chat("alice", sharedChat, `alice-${crypto.randomUUID()}`)).status).toBe(200);
    expect((await conversationRoute.PATCH(req("alice", "/x", { method: "PATCH", body: json({ shared: true }) }), params({ deal: DEAL, id: sharedChat }))).status).toBe(200);
    const agentRun = crypto.randomUUID();
    await ensureConversation({ db, dealId, id: agentRun, userId: ALICE.id, title: "run", mode: "agent" });
    await saveMessages({ db, dealId, conversationId: agentRun, messages: [{ id: `agent-q-${crypto.randomUUID()}`, role: "user", parts: [{ type: "text", text: "run" }] }] });
    const qa = await qaRoute.POST(req("alice", "/x", { method: "POST", body: json({ question: `Is figure ${crypto.randomUUID()} audited?` }) }), params({ deal: DEAL }));
    expect(qa.status).toBe(201);
    const qaItem = ((await qa.json()) as { id: string }).id;
    const document = crypto.randomUUID(); // a failed upload: readable, and dismissable by writers
    await db.query(
      `insert into documents (id, deal_id, filename, format, sha256, bytes, storage_path, status, error_code, error, page_count)
       values ($1, $2, 'report.pdf', 'pdf', $3, 10, '', 'failed', 'bad_request:pdf', 'not a PDF', 1)`,
      [document, dealId, document.replace(/-/g, "")],
    );
    await db.query("insert into document_pages (document_id, deal_id, page_number, text) values ($1, $2, 1, 'Page one.')", [document, dealId]);
    return { privateChat, sharedChat, agentRun, aliceMessage, qaItem, document };
  }

  const attempts: Attempt[] = [
    // Conversations and their messages
    { name: "list conversations: Alice's private one", allowed: OWNER, run: () => conversationsRoute.GET(req("bob", "/x"), params({ deal: DEAL })), listed: async (r, f) => (await listedIds(r, "conversations")).includes(f.privateChat) },
    { name: "list conversations: Alice's shared one", allowed: MEMBER, run: () => conversationsRoute.GET(req("bob", "/x"), params({ deal: DEAL })), listed: async (r, f) => (await listedIds(r, "conversations")).includes(f.sharedChat) },
    { name: "read Alice's private conversation and messages", allowed: OWNER, run: (f) => conversationRoute.GET(req("bob", "/x"), params({ deal: DEAL, id: f.privateChat })) },
    { name: "read Alice's shared conversation and messages", allowed: MEMBER, run: (f) => conversationRoute.GET(req("bob", "/x"), params({ deal: DEAL, id: f.sharedChat })) },
    { name: "read Alice's Agent Mode run", allowed: OWNER, run: (f) => conversationRoute.GET(req("bob", "/x"), params({ deal: DEAL, id: f.agentRun })) },
    {
      name: "write a message into Alice's private conversation", allowed: NOBODY, run: (f) => chat("bob", f.privateChat, `bob-${crypto.randomUUID()}`),
      unchanged: async (f) => (await loadMessages({ db, conversationId: f.privateChat })).every((m) => !m.id.startsWith("bob-")),
    },
    {
      name: "write a message into Alice's shared conversation", allowed: NOBODY, run: (f) => chat("bob", f.sharedChat, `bob-${crypto.randomUUID()}`),
      unchanged: async (f) => (await loadMessages({ db, conversationId: f.sharedChat })).every((m) => !m.id.startsWith("bob-")),
    },
    {
      name: "overwrite Alice's message by its id (in his own conversation)", allowed: NOBODY,
      run: (f) => chat("bob", (overwriteChat = crypto.randomUUID()), f.aliceMessage, "Revenue was EUR 999 million."),
      // this attempt's own conversation: an earlier allowed chat of Bob's may still be saving its messages
      unchanged: async (f) =>
        (await partsOf(f.privateChat, f.aliceMessage)).includes("What is the revenue?") &&
        !(await partsOf(f.privateChat, f.aliceMessage)).includes("EUR 999 million") &&
        (await db.query("select 1 from conversations c where c.id = $1 and not exists (select 1 from messages m where m.conversation_id = c.id)", [overwriteChat])).rows.length === 0,
    },
    {
      name: "continue Alice's Agent Mode run", allowed: NOBODY,
      run: (f) => handleAgentStream(req("bob", "/api/agent/stream", { method: "POST", body: json({ question: "What is the revenue?", deal: DEAL, conversationId: f.agentRun }) }), { db }),
      unchanged: async (f) => (await loadMessages({ db, conversationId: f.agentRun })).length === 1,
    },
    {
      name: "share Alice's private conversation", allowed: NOBODY, run: (f) => conversationRoute.PATCH(req("bob", "/x", { method: "PATCH", body: json({ shared: true }) }), params({ deal: DEAL, id: f.privateChat })),
      unchanged: async (f) => (await db.query("select 1 from conversations where id = $1 and not shared", [f.privateChat])).rows.length === 1,
    },
    {
      name: "unshare Alice's shared conversation", allowed: NOBODY, run: (f) => conversationRoute.PATCH(req("bob", "/x", { method: "PATCH", body: json({ shared: false }) }), params({ deal: DEAL, id: f.sharedChat })),
      unchanged: async (f) => (await db.query("select 1 from conversations where id = $1 and shared", [f.sharedChat])).rows.length === 1,
    },
    { name: "start his own conversation", allowed: WRITER, run: () => chat("bob", crypto.randomUUID(), `bob-${crypto.randomUUID()}`) },
    {
      name: "delete Alice's private conversation", allowed: OWNER, run: (f) => conversationRoute.DELETE(req("bob", "/x", { method: "DELETE" }), params({ deal: DEAL, id: f.privateChat })),
      unchanged: async (f) => exists("conversations", f.privateChat),
    },
    {
      name: "delete Alice's shared conversation", allowed: OWNER, run: (f) => conversationRoute.DELETE(req("bob", "/x", { method: "DELETE" }), params({ deal: DEAL, id: f.sharedChat })),
      unchanged: async (f) => exists("conversations", f.sharedChat),
    },
    // Q&A items: the deal's list, by deal role
    { name: "list Q&A items", allowed: MEMBER, run: () => qaRoute.GET(req("bob", "/x"), params({ deal: DEAL })), listed: async (r, f) => (await listedIds(r, "items")).includes(f.qaItem) },
    { name: "read Alice's Q&A item", allowed: MEMBER, run: (f) => qaItemRoute.GET(req("bob", "/x"), params({ deal: DEAL, id: f.qaItem })) },
    {
      name: "add a Q&A item", allowed: WRITER, run: () => qaRoute.POST(req("bob", "/x", { method: "POST", body: json({ question: `Bob asks ${crypto.randomUUID()}?` }) }), params({ deal: DEAL })),
    },
    {
      name: "link a Q&A item to Alice's private conversation", allowed: OWNER,
      run: (f) => qaRoute.POST(req("bob", "/x", { method: "POST", body: json({ question: `Linked ${crypto.randomUUID()}?`, conversationId: f.privateChat }) }), params({ deal: DEAL })),
      unchanged: async (f) => (await db.query("select 1 from qa_items where conversation_id = $1", [f.privateChat])).rows.length === 0,
    },
    {
      name: "edit Alice's Q&A item", allowed: WRITER, run: (f) => qaItemRoute.PATCH(req("bob", "/x", { method: "PATCH", body: json({ status: "closed" }) }), params({ deal: DEAL, id: f.qaItem })),
      unchanged: async (f) => (await db.query("select 1 from qa_items where id = $1 and status = 'open'", [f.qaItem])).rows.length === 1,
    },
    {
      name: "delete Alice's Q&A item", allowed: WRITER, run: (f) => qaItemRoute.DELETE(req("bob", "/x", { method: "DELETE" }), params({ deal: DEAL, id: f.qaItem })),
      unchanged: async (f) => exists("qa_items", f.qaItem),
    },
    // Documents: the deal's data room, by deal role
    { name: "list documents", allowed: MEMBER, run: () => documentsRoute.GET(req("bob", "/x"), params({ deal: DEAL })), listed: async (r, f) => (await listedIds(r, "documents")).includes(f.document) },
    { name: "read Alice's document", allowed: MEMBER, run: (f) => documentRoute.GET(req("bob", "/x"), params({ deal: DEAL, documentId: f.document })) },
    { name: "read a page of Alice's document", allowed: MEMBER, run: (f) => pageRoute.GET(req("bob", "/x"), params({ deal: DEAL, documentId: f.document, page: "1" })) },
    {
      // Writers may upload; only the refusals are tried here (accepted uploads are the ingest suite's).
      name: "upload a document", allowed: WRITER, roles: ["none", "viewer"],
      run: () => documentsRoute.POST(req("bob", "/x", { method: "POST", headers: { "content-type": "multipart/form-data; boundary=b" }, body: "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"x.txt\"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--b--\r\n" }), params({ deal: DEAL })),
      unchanged: async () => (await db.query("select 1 from documents where deal_id = $1 and filename = 'x.txt'", [dealId])).rows.length === 0,
    },
    {
      name: "delete Alice's document", allowed: WRITER, run: (f) => documentRoute.DELETE(req("bob", "/x", { method: "DELETE" }), params({ deal: DEAL, documentId: f.document })),
      unchanged: async (f) => exists("documents", f.document),
    },
  ];

  beforeAll(async () => {
    stub = await startSupabaseStub();
    stub.tokens.set("tok-alice", ALICE);
    stub.tokens.set("tok-bob", BOB);
    setConfigForProcess({ SUPABASE_URL: stub.url, SUPABASE_ANON_KEY: stub.anonKey, MANDA_DATA_DIR: tempDir("manda-two-users-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });
    clearAuthCache();
    ({ db, cleanup } = await openTestDb());
    g.__mandaDb = Promise.resolve(db);
    dealId = (await createDeal({ db, slug: DEAL })).id;
    await ensureUserRow(db, { ...ALICE, name: "Alice", mode: "supabase" });
    await ensureUserRow(db, { ...BOB, name: "Bob", mode: "supabase" });
    await setDealMember({ db, dealId, userId: ALICE.id, role: "owner" });
  });

  afterAll(async () => {
    g.__mandaDb = undefined;
    clearAuthCache();
    await cleanup?.();
    await stub?.close();
    setConfigForProcess({ SUPABASE_URL: undefined, SUPABASE_ANON_KEY: undefined });
  });

  it("allows and denies each attempt as the access model says, and a denied attempt changes nothing", async () => {
    const roles: BobRole[] = ["none", "viewer", "analyst", "owner"];
    const unexpected: string[] = [];
    let allowed = 0;
    let denied = 0;
    let tried = 0;
    for (const role of roles) {
      if (role === "none") await removeDealMember({ db, dealId, userId: BOB.id });
      else await setDealMember({ db, dealId, userId: BOB.id, role });
      for (const a of attempts.filter((x) => !x.roles || x.roles.includes(role))) {
        const f = await aliceFixture(); // fresh: an allowed delete must not hide the next attempt's outcome
        const res = await a.run(f);
        const expectAllowed = a.allowed.includes(role);
        if (res.status >= 500) unexpected.push(`${role}: ${a.name}: server error ${res.status}`);
        const ok = a.listed ? res.ok && (await a.listed(res, f)) : res.ok;
        if (ok !== expectAllowed) unexpected.push(`${role}: ${a.name}: expected ${expectAllowed ? "allowed" : "denied"}, got ${res.status}${a.listed && res.ok ? " (listed: " + ok + ")" : ""}`);
        if (!ok && a.unchanged && !(await a.unchanged(f))) unexpected.push(`${role}: ${a.name}: denied (${res.status}) but changed something`);
        if (!ok && !a.listed && ![401, 403, 404, 409].includes(res.status)) unexpected.push(`${role}: ${a.name}: denied with ${res.status}, not 403/404/409`);
        tried++;
        if (ok) allowed++;
        else denied++;
        await res.body?.cancel().catch(() => {});
      }
    }
    console.log(`two-users (Supabase stub): ${tried} attempts (${attempts.length} actions × Bob as ${roles.join("/")} on Alice's deal), ${allowed} allowed, ${denied} denied, ${unexpected.length} not as the access model says`);
    expect(unexpected).toEqual([]);
    expect(allowed + denied).toBe(tried);
    expect(allowed).toBeGreaterThan(0);
    expect(denied).toBeGreaterThan(0);
  });
});
