/**
 * Agent Mode over a real (PGlite / PostgreSQL) database: the deal-scoped tools (search_docs,
 * open_citation with foreign and made-up ids refused), the offline model end to end, and the
 * two routes (synchronous JSON and the UI message stream).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { getRequestUser } from "@/lib/auth/request";
import { handleAgentRun, handleAgentStream } from "@/lib/agent/mode/http";
import { createAgentModeTools } from "@/lib/agent/mode/tools";
import { openTestDb } from "../helpers/db";
import { uiChunks } from "../helpers/ui-stream";
import { addDoc, seedDeal } from "./agent-fixtures";

setConfigForProcess({ MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "", SUPABASE_URL: "" });

const Q = 'Produce an operating summary: separate searches for revenue, margins and litigation, open at least two sources, quote one exact figure, and say "Insufficient documentation" for anything missing';

describe("agent mode on a database", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let deal: { id: string; slug: string };
  let otherDoc: string;
  let otherChunk: string;

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    const seeded = await seedDeal(db, "agent-mode");
    deal = { id: seeded.deal.id, slug: seeded.deal.slug };
    const other = await createDeal({ db, slug: "agent-mode-other", name: "Other" });
    otherDoc = await addDoc(db, other.id, "Secret_Report.pdf", ["Secret revenue was EUR 77 million."]);
    otherChunk = (await db.query<{ id: string }>("select id from chunks where document_id = $1 limit 1", [otherDoc])).rows[0]!.id;
  });
  afterAll(async () => {
    await cleanup?.();
  });

  const tools = () => createAgentModeTools({ db, access: { dealId: deal.id, dealSlug: deal.slug, userId: null, mode: "local" } });

  it("search_docs: top-k pages with document, page, chunk id, snippet and the words found", async () => {
    const r = await tools().searchDocs({ query: "revenue third quarter", k: 5, snippetChars: 300 });
    expect(r.length).toBeGreaterThan(0);
    const top = r[0]!;
    expect(top).toMatchObject({ type: "page", role: "evidence" });
    expect(top.documentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(top.chunkId).toMatch(/^[0-9a-f-]{36}$/);
    expect(top.matchedTerms.length).toBeGreaterThan(0);
    expect(r.every((x) => x.document !== "Secret_Report.pdf")).toBe(true);
  });

  it("open_citation: a page or chunk of this deal; foreign, made-up and non-member ids are refused alike", async () => {
    const t = tools();
    const [hit] = await t.searchDocs({ query: "revenue", k: 1, snippetChars: 200 });
    const page = await t.openCitation({ documentId: hit!.documentId, page: hit!.page });
    expect(page?.text.length).toBeGreaterThan(10);
    const chunk = await t.openCitation({ chunkId: hit!.chunkId! });
    expect(chunk?.kind).toBe("chunk");
    expect(await t.openCitation({ documentId: otherDoc, page: 1 })).toBeNull();
    expect(await t.openCitation({ chunkId: otherChunk })).toBeNull();
    expect(await t.openCitation({ documentId: crypto.randomUUID(), page: 1 })).toBeNull();
    expect(await t.openCitation({ documentId: hit!.documentId, page: 999 })).toBeNull();
    expect(await t.openCitation({ chunkId: "not-a-uuid" })).toBeNull();
    const stranger = createAgentModeTools({ db, access: { dealId: deal.id, dealSlug: deal.slug, userId: crypto.randomUUID(), mode: "supabase" } });
    expect(await stranger.openCitation({ documentId: hit!.documentId, page: hit!.page })).toBeNull();
  });

  it("POST /api/agent/run: the acceptance request, offline, end to end", async () => {
    const req = new Request("http://x/api/agent/run", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ deal: deal.slug, question: Q, returnTrace: true }) });
    const res = await handleAgentRun(req, { db, user: await getRequestUser() });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { answer: string; citations: Array<{ n: number; documentId: string; page: number; url: string; chunkId: string | null }>; insufficiencies: Array<{ topic: string }>; trace: Array<{ type: string; tool?: string; ok?: boolean }>; status: string };
    const searches = body.trace.filter((e) => e.type === "tool_call" && e.tool === "search_docs" && e.ok);
    const opens = body.trace.filter((e) => e.type === "tool_call" && e.tool === "open_citation" && e.ok);
    expect(searches.length).toBeGreaterThanOrEqual(3);
    expect(opens.length).toBeGreaterThanOrEqual(2);
    expect(body.status).toBe("validated");
    expect(body.answer).toMatch(/"[^"]*\d[^"]*" \[\d\]/);
    expect(body.insufficiencies.map((i) => i.topic)).toContain("litigation");
    expect(body.answer).toMatch(/Insufficient documentation/);
    for (const c of body.citations) {
      expect(c.url).toContain(`/deals/${deal.slug}/documents/${c.documentId}?page=${c.page}`);
      const page = await db.query("select 1 from document_pages where deal_id = $1 and document_id = $2 and page_number = $3", [deal.id, c.documentId, c.page]);
      expect(page.rows).toHaveLength(1);
    }
  });

  it("POST /api/agent/stream: a UI message stream — the trace grows step by step, then the answer and the run", async () => {
    const req = new Request("http://x/api/agent/stream", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ deal: deal.slug, question: Q }) });
    const res = await handleAgentStream(req, { db, user: await getRequestUser() });
    expect(res.headers.get("content-type")).toMatch(/text\/event-stream/);
    expect(res.headers.get("x-vercel-ai-ui-message-stream")).toBe("v1");
    const chunks = await uiChunks(res);
    const traces = chunks.flatMap((c) => (c.type === "data-agent-trace" ? [(c.data as Array<{ type: string }>).map((e) => e.type)] : []));
    // live: one trace chunk per step, each the trace so far
    expect(traces.length).toBeGreaterThan(4);
    traces.forEach((t, i) => expect(t).toHaveLength(i + 1));
    const all = traces.at(-1)!;
    expect(all).toEqual(expect.arrayContaining(["plan", "tool_call", "validation", "final"]));
    const run = chunks.find((c) => c.type === "data-agent-run");
    expect(run && run.type === "data-agent-run" && (run.data as { citations: unknown[] }).citations.length).toBeGreaterThanOrEqual(2);
    expect(chunks.at(-1)!.type).toBe("finish");
  });

  it("errors: unknown deal 404, question too long 400, invalid body 400", async () => {
    const user = await getRequestUser();
    const post = (body: unknown) => new Request("http://x", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect((await handleAgentRun(post({ deal: "nope", question: "revenue?" }), { db, user })).status).toBe(404);
    const long = await handleAgentRun(post({ deal: deal.slug, question: "x".repeat(1001) }), { db, user });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: { code: string } }).error.code).toBe("bad_request:question_too_long");
    // far past every limit (the body schema said 50,000): the same typed refusal, on both routes
    for (const handle of [handleAgentRun, handleAgentStream]) {
      const huge = await handle(post({ deal: deal.slug, question: "x".repeat(50_001) }), { db, user });
      expect(huge.status).toBe(400);
      expect(((await huge.json()) as { error: { code: string } }).error.code).toBe("bad_request:question_too_long");
    }
    expect((await handleAgentStream(post({ deal: deal.slug }), { db, user })).status).toBe(400);
    expect((await handleAgentStream(post({ deal: "nope", question: "q" }), { db, user })).status).toBe(404);
  });
});
