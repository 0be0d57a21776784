/**
 * The OpenAI path end to end, with no network: a local OpenAI-protocol server (node:http on
 * 127.0.0.1, random port) streams a tool call and then a cited answer; OPENAI_BASE_URL points
 * the configured provider (@ai-sdk/openai) at it, and the turn runs through the chat route and
 * the real agent (createAgentStream). Both endpoints the provider may call are served:
 * /v1/chat/completions (compatible servers) and /v1/responses (OpenAI's default API).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { UIMessage } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import { openDb, type Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { ingestFile } from "@/lib/ingest/ingest";
import { handleChatPost } from "@/lib/chat/handler";
import { loadMessages } from "@/lib/chat/store";
import { makePdf, tempDir, writeFixture } from "../helpers/fixtures";

interface Received {
  path: string;
  body: Record<string, unknown>;
}

const received: Received[] = [];

const sse = (res: http.ServerResponse, events: unknown[]) => {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  for (const e of events) res.write(`data: ${JSON.stringify(e)}\n\n`);
  res.end("data: [DONE]\n\n");
};

/** The first "(source: …)" string in the tool results the client sent back, so the answer cites what was retrieved. */
function citationFromToolResults(body: Record<string, unknown>): string {
  const results = [
    ...((body.messages as Array<{ role: string; content?: unknown }>) ?? []).filter((m) => m.role === "tool").map((m) => m.content),
    ...((body.input as Array<{ type?: string; output?: unknown }>) ?? []).filter((m) => m.type === "function_call_output").map((m) => m.output),
  ];
  const m = /\(source: [^)]+\)/.exec(results.map((r) => (typeof r === "string" ? r : JSON.stringify(r))).join("\n"));
  return m ? m[0] : "(source: unknown)";
}

function hasToolResult(path: string, body: Record<string, unknown>): boolean {
  if (path.endsWith("/chat/completions")) return ((body.messages as Array<{ role: string }>) ?? []).some((m) => m.role === "tool");
  return ((body.input as Array<{ type?: string }>) ?? []).some((m) => m.type === "function_call_output");
}

function chatCompletions(res: http.ServerResponse, body: Record<string, unknown>, toolName: string) {
  const base = { id: "chatcmpl-1", object: "chat.completion.chunk", created: 1, model: "gpt-test" };
  const usage = { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 };
  if (!hasToolResult("/chat/completions", body)) {
    const args = JSON.stringify({ query: "Q3 2024 revenue", intent: "fact", metric: "revenue", period: "Q3 2024" });
    return sse(res, [
      { ...base, choices: [{ index: 0, delta: { role: "assistant", content: null, tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: toolName, arguments: "" } }] }, finish_reason: null }] },
      { ...base, choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: args.slice(0, 20) } }] }, finish_reason: null }] },
      { ...base, choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: args.slice(20) } }] }, finish_reason: null }] },
      { ...base, choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }], usage },
    ]);
  }
  const text = `Q3 2024 revenue was EUR 5.2 million ${citationFromToolResults(body)}.`;
  return sse(res, [
    { ...base, choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] },
    { ...base, choices: [{ index: 0, delta: { content: text.slice(0, 25) }, finish_reason: null }] },
    { ...base, choices: [{ index: 0, delta: { content: text.slice(25) }, finish_reason: null }] },
    { ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }], usage },
  ]);
}

function responsesApi(res: http.ServerResponse, body: Record<string, unknown>, toolName: string) {
  const usage = { input_tokens: 100, output_tokens: 20, total_tokens: 120, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } };
  const response = { id: "resp_1", object: "response", created_at: 1, model: "gpt-test", status: "in_progress", output: [] };
  if (!hasToolResult("/responses", body)) {
    const args = JSON.stringify({ query: "Q3 2024 revenue", intent: "fact" });
    const item = { type: "function_call", id: "fc_1", call_id: "call_1", name: toolName, arguments: "", status: "in_progress" };
    return sse(res, [
      { type: "response.created", response },
      { type: "response.output_item.added", output_index: 0, item },
      { type: "response.function_call_arguments.delta", item_id: "fc_1", output_index: 0, delta: args },
      { type: "response.output_item.done", output_index: 0, item: { ...item, arguments: args, status: "completed" } },
      { type: "response.completed", response: { ...response, status: "completed", usage } },
    ]);
  }
  const text = `Q3 2024 revenue was EUR 5.2 million ${citationFromToolResults(body)}.`;
  const msg = { type: "message", id: "msg_1", role: "assistant", status: "in_progress", content: [] };
  return sse(res, [
    { type: "response.created", response },
    { type: "response.output_item.added", output_index: 0, item: msg },
    { type: "response.output_text.delta", item_id: "msg_1", output_index: 0, content_index: 0, delta: text },
    { type: "response.output_item.done", output_index: 0, item: { ...msg, status: "completed", content: [{ type: "output_text", text, annotations: [] }] } },
    { type: "response.completed", response: { ...response, status: "completed", usage } },
  ]);
}

/** Deterministic bag-of-words vectors: the configured provider embeds pages and queries here too. */
function embeddings(res: http.ServerResponse, body: Record<string, unknown>) {
  const dims = Number(body.dimensions ?? 16);
  const inputs = (Array.isArray(body.input) ? body.input : [body.input]) as string[];
  const data = inputs.map((text, index) => {
    const v = new Array<number>(dims).fill(0);
    for (const w of String(text).toLowerCase().match(/[a-z0-9]+/g) ?? []) {
      let h = 0;
      for (const ch of w) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
      v[h % dims]! += 1;
    }
    const n = Math.hypot(...v) || 1;
    return { object: "embedding", index, embedding: v.map((x) => x / n) };
  });
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify({ object: "list", data, model: "embed-test", usage: { prompt_tokens: 1, total_tokens: 1 } }));
}

let server: http.Server;
let db: Db;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const body = JSON.parse(raw || "{}") as Record<string, unknown>;
      const path = req.url ?? "";
      received.push({ path, body });
      const tools = (body.tools as Array<{ name?: string; function?: { name: string } }>) ?? [];
      const names = tools.map((t) => t.function?.name ?? t.name ?? "");
      const toolName = names.find((n) => n === "query_knowledge_base") ?? names[0] ?? "query_knowledge_base";
      if (path.endsWith("/embeddings")) return embeddings(res, body);
      if (path.endsWith("/chat/completions")) return chatCompletions(res, body, toolName);
      if (path.endsWith("/responses")) return responsesApi(res, body, toolName);
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  setConfigForProcess({
    MANDA_DATA_DIR: tempDir("manda-data-"),
    MANDA_LOG_LEVEL: "silent",
    OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
    OPENAI_API_KEY: "test-key",
    OPENAI_CHAT_MODEL: "gpt-test",
    OPENAI_EMBEDDING_MODEL: "embed-test",
    OPENAI_EMBEDDING_DIMENSIONS: "16",
  });
  db = await openDb({ memory: true });
}, 120_000);

afterAll(async () => {
  await db?.close();
  await new Promise<void>((r) => server.close(() => r()));
  setConfigForProcess({ OPENAI_BASE_URL: undefined, OPENAI_API_KEY: undefined, OPENAI_EMBEDDING_DIMENSIONS: undefined, OPENAI_EMBEDDING_MODEL: undefined });
});

describe("chat over the OpenAI protocol (local server, no network)", () => {
  it("streams a tool call then a cited answer through @ai-sdk/openai, the agent and the chat route", async () => {
    const deal = await createDeal({ db, slug: "openai-path", name: "OpenAI path" });
    const pdf = await makePdf(["Nordhavn Analytics AB Interim report January-September 2024\nRevenue for the third quarter of 2024 was EUR 5.2 million, an increase of 12%."]);
    const file = writeFixture(tempDir(), "Q3_2024_Report.pdf", pdf);
    expect((await ingestFile({ db, dealId: deal.id, filePath: file })).status).toBe("indexed");

    const id = crypto.randomUUID();
    const message: UIMessage = { id: "u-openai", role: "user", parts: [{ type: "text", text: "What's the Q3 revenue?" }] };
    let resolveSaved!: () => void;
    const saved = new Promise<void>((r) => (resolveSaved = r));
    const res = await handleChatPost(
      new Request("http://localhost/api/chat", { method: "POST", body: JSON.stringify({ id, deal: deal.slug, message }) }),
      { db, onSaved: () => resolveSaved() },
    );
    expect(res.status).toBe(200);
    const chunks = (await res.text())
      .split("\n")
      .filter((l) => l.startsWith("data: {"))
      .map((l) => JSON.parse(l.slice(6)) as Record<string, unknown>);
    await saved;

    // The provider talked to our server: first with tools and stream on, then with the tool result.
    const calls = received.filter((r) => !r.path.endsWith("/embeddings"));
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(calls[0]!.body.stream).toBe(true);
    expect(((calls[0]!.body.tools as unknown[]) ?? []).length).toBeGreaterThan(0);
    expect(hasToolResult(calls[1]!.path, calls[1]!.body)).toBe(true);

    expect(chunks.some((c) => c.type === "tool-input-available")).toBe(true);
    expect(chunks.some((c) => c.type === "tool-output-available")).toBe(true);
    expect(chunks.some((c) => c.type === "error")).toBe(false);
    const text = chunks.filter((c) => c.type === "text-delta").map((c) => c.delta).join("");
    expect(text).toContain("EUR 5.2 million");
    expect(text).toContain("(source: Q3_2024_Report.pdf, p.1)");

    const [, answer] = await loadMessages({ db, conversationId: id });
    expect(answer!.role).toBe("assistant");
    expect(answer!.parts.some((p) => p.type.startsWith("tool-") && (p as { state?: string }).state === "output-available")).toBe(true);
    expect(answer!.metadata).toMatchObject({ model: "gpt-test", usage: { inputTokens: 200, outputTokens: 40 } });
  }, 120_000);
});
