import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { ingestFile } from "@/lib/ingest/ingest";
import { addIrlItem } from "@/lib/irl/irl";
import { ensureConversation } from "@/lib/chat/store";
import * as dealsRoute from "@/app/api/deals/route";
import * as qaRoute from "@/app/api/deals/[deal]/qa/route";
import * as irlRoute from "@/app/api/deals/[deal]/irl/route";
import * as irlItemRoute from "@/app/api/deals/[deal]/irl/[item]/route";
import * as pageRoute from "@/app/api/deals/[deal]/documents/[documentId]/pages/[page]/route";
import * as searchRoute from "@/app/api/deals/[deal]/documents/[documentId]/search/route";
import * as documentsRoute from "@/app/api/deals/[deal]/documents/route";
import * as chatRoute from "@/app/api/chat/route";
import * as agentRunRoute from "@/app/api/agent/run/route";
import { openTestDb } from "../helpers/db";
import { makePdf, tempDir, writeFixture } from "../helpers/fixtures";

/** Issue 11 items 8 and 10: bad input is a clear 4xx, never a 500; bodies are limited while streaming. */
const g = globalThis as unknown as { __mandaDb?: Promise<Db> };
const BASE = "http://localhost:3000";

const json = (url: string, method: string, body: unknown) =>
  new Request(`${BASE}${url}`, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const ctx = <T extends Record<string, string>>(p: T) => ({ params: Promise.resolve(p) });

describe("bad input answers 4xx (route handlers, real PGlite)", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let dealId: string;
  let docId: string;
  let otherIrlId: string;
  let otherConversationId: string;

  beforeAll(async () => {
    setConfigForProcess({ SUPABASE_URL: undefined, SUPABASE_ANON_KEY: undefined, MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", MANDA_LOAD_DEMO: "false" });
    ({ db, cleanup } = await openTestDb());
    g.__mandaDb = Promise.resolve(db);
    dealId = (await createDeal({ db, slug: "alpha" })).id;
    const other = await createDeal({ db, slug: "beta" });
    const pdf = writeFixture(tempDir(), "report.pdf", await makePdf(["Revenue for the quarter was EUR 5.2 million.", "Costs rose."]));
    docId = (await ingestFile({ db, dealId, filePath: pdf })).documentId!;
    otherIrlId = (await addIrlItem({ db, dealId: other.id, domain: "Finance", item: "Audited accounts" })).item.id;
    otherConversationId = (await ensureConversation({ db, dealId: other.id, id: crypto.randomUUID(), userId: null, title: "t" })).conversation.id;
  });
  afterAll(async () => {
    g.__mandaDb = undefined;
    await cleanup();
  });

  it("refuses NUL characters in every text field with 400", async () => {
    const nul = "Revenue\u0000?";
    const cases: Array<[string, Promise<Response>]> = [
      ["deal name", dealsRoute.POST(json("/api/deals", "POST", { slug: "gamma", name: nul }))],
      ["Q&A question", qaRoute.POST(json("/api/deals/alpha/qa", "POST", { question: nul }), ctx({ deal: "alpha" }))],
      ["IRL item", irlRoute.POST(json("/api/deals/alpha/irl", "POST", { domain: "Finance", item: nul }), ctx({ deal: "alpha" }))],
      ["chat", chatRoute.POST(json("/api/chat", "POST", { id: crypto.randomUUID(), deal: "alpha", message: { id: "m1", role: "user", parts: [{ type: "text", text: nul }] } }))],
      ["Agent question", agentRunRoute.POST(json("/api/agent/run", "POST", { deal: "alpha", question: nul }))],
      ["search", searchRoute.GET(new Request(`${BASE}/api/deals/alpha/documents/${docId}/search?q=a%00b`), ctx({ deal: "alpha", documentId: docId }))],
      ["highlight", pageRoute.GET(new Request(`${BASE}/api/deals/alpha/documents/${docId}/pages/1?highlight=a%00b`), ctx({ deal: "alpha", documentId: docId, page: "1" }))],
    ];
    for (const [name, p] of cases) {
      const res = await p;
      expect(res.status, name).toBe(400);
      expect((await res.json()).error.code, name).toBe("bad_request:nul");
    }
  });

  it("answers 404 for a deal slug of %25 (decoded once, not twice)", async () => {
    const res = await qaRoute.GET(new Request(`${BASE}/api/deals/%25/qa`), ctx({ deal: "%" }));
    expect(res.status).toBe(404);
    const res2 = await qaRoute.GET(new Request(`${BASE}/api/deals/%2525/qa`), ctx({ deal: "%25" }));
    expect(res2.status).toBe(404);
    const ok = await qaRoute.GET(new Request(`${BASE}/api/deals/alpha/qa`), ctx({ deal: "alpha" }));
    expect(ok.status).toBe(200);
  });

  it("answers a page number beyond any document with 4xx", async () => {
    for (const page of ["99999999999", "2147483648", "0", "-1", "1.5", "1e3", "abc"]) {
      const res = await pageRoute.GET(new Request(`${BASE}/api/deals/alpha/documents/${docId}/pages/${page}`), ctx({ deal: "alpha", documentId: docId, page }));
      expect(res.status, page).toBeGreaterThanOrEqual(400);
      expect(res.status, page).toBeLessThan(500);
    }
    const ok = await pageRoute.GET(new Request(`${BASE}/api/deals/alpha/documents/${docId}/pages/2`), ctx({ deal: "alpha", documentId: docId, page: "2" }));
    expect(ok.status).toBe(200);
  });

  it("answers 404 for a non-UUID IRL item", async () => {
    const res = await irlItemRoute.PATCH(json("/api/deals/alpha/irl/not-a-uuid", "PATCH", { status: "received" }), ctx({ deal: "alpha", item: "not-a-uuid" }));
    expect(res.status).toBe(404);
  });

  it("finds an IRL item whose id is a UUID without RFC version bits, as Postgres stores it", async () => {
    const fixed = "11111111-1111-1111-1111-111111111111";
    const added = (await addIrlItem({ db, dealId, domain: "Legal", item: "Material contracts" })).item.id;
    await db.query("update irl_items set id = $1 where id = $2", [fixed, added]);
    const res = await irlItemRoute.PATCH(json(`/api/deals/alpha/irl/${fixed}`, "PATCH", { status: "received" }), ctx({ deal: "alpha", item: fixed }));
    expect(res.status).toBe(200);
  });

  it("answers 404 uniformly for a Q&A link to another deal's IRL item or conversation, and stores nothing", async () => {
    const missing = crypto.randomUUID();
    for (const link of [{ irlItemId: otherIrlId }, { irlItemId: missing }, { conversationId: otherConversationId }, { conversationId: missing }]) {
      const res = await qaRoute.POST(json("/api/deals/alpha/qa", "POST", { question: "Who audits the accounts?", ...link }), ctx({ deal: "alpha" }));
      expect(res.status, JSON.stringify(link)).toBe(404);
    }
    const { rows } = await db.query("select 1 from qa_items where deal_id = $1", [dealId]);
    expect(rows).toHaveLength(0);
  });

  it("refuses an oversized JSON body with 413 while streaming, without reading it all", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        const chunk = new TextEncoder().encode(pulled === 0 ? `{"slug":"big","name":"` : "x".repeat(64 * 1024));
        pulled += chunk.length;
        c.enqueue(chunk);
      },
    });
    const res = await dealsRoute.POST(new Request(`${BASE}/api/deals`, { method: "POST", headers: { "content-type": "application/json" }, body, duplex: "half" } as RequestInit));
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(4 * 1024 * 1024);
    const declared = await dealsRoute.POST(new Request(`${BASE}/api/deals`, { method: "POST", headers: { "content-type": "application/json", "content-length": String(200 * 1024 * 1024) }, body: "{}" }));
    expect(declared.status).toBe(413);
  });

  it("refuses a chat message of many parts", async () => {
    const parts = Array.from({ length: 199 }, () => ({ type: "text", text: "x".repeat(100) }));
    const res = await chatRoute.POST(json("/api/chat", "POST", { id: crypto.randomUUID(), deal: "alpha", message: { id: "m2", role: "user", parts } }));
    expect(res.status).toBe(400);
    const { rows } = await db.query("select 1 from messages where id = 'm2'");
    expect(rows).toHaveLength(0);
  });

  it("answers 413 for an upload with too many text fields", async () => {
    const form = new FormData();
    for (let i = 0; i < 100; i++) form.append(`f${i}`, "x".repeat(100));
    form.append("file", new Blob(["hello"]), "a.txt");
    const res = await documentsRoute.POST(new Request(`${BASE}/api/deals/alpha/documents`, { method: "POST", body: form }), ctx({ deal: "alpha" }));
    expect(res.status).toBe(413);
  });
});
