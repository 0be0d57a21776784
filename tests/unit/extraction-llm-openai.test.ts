/**
 * The model-backed extractor (lib/extraction/llm.ts: generateText + Output.object) against a local
 * OpenAI-protocol server (node:http on 127.0.0.1, random port), the way the chat path is tested:
 * OPENAI_BASE_URL points the configured provider at it, so the request is the real one the SDK
 * builds (Chat Completions with a JSON-schema response format) and the reply goes through the
 * SDK's parsing and zod validation. No network.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import { getChatModelInfo } from "@/lib/models/chat";
import { createModelExtractor } from "@/lib/extraction/llm";
import type { ExtractionContext, ExtractionPage } from "@/lib/extraction/types";
import { tempDir } from "../helpers/fixtures";

const PAGE_TEXT =
  "Summary of the year. Net sales for the fiscal year 2023 amounted to EUR 12.4 million, an increase of 8 percent on the prior year. Staff grew.";
const EXCERPT = "Net sales for the fiscal year 2023 amounted to EUR 12.4 million, an increase of 8 percent";

const received: Record<string, unknown>[] = [];
let reply: unknown = null;
let server: http.Server;

function completion(content: string) {
  return {
    id: "chatcmpl-1",
    object: "chat.completion",
    created: 1,
    model: "gpt-test",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: 321, completion_tokens: 45, total_tokens: 366 },
  };
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      received.push({ path: req.url, ...(JSON.parse(raw || "{}") as Record<string, unknown>) });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(completion(JSON.stringify(reply))));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  setConfigForProcess({
    MANDA_DATA_DIR: tempDir("manda-data-"),
    MANDA_LOG_LEVEL: "silent",
    OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
    OPENAI_API_KEY: "test-key",
    OPENAI_CHAT_MODEL: "gpt-test",
  });
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

const page: ExtractionPage = { pageNumber: 3, text: PAGE_TEXT };
const ctx: ExtractionContext = {
  dealId: "d",
  documentId: "doc",
  filename: "annual-report.pdf",
  pages: async function* () {
    yield page;
  },
  getPage: async (n) => (n === 3 ? page : undefined),
};

function extractor() {
  const info = getChatModelInfo();
  expect(info.provider).toBe("openai-compatible");
  if (info.provider === "local") throw new Error("expected the compatible server's model");
  return createModelExtractor("finding", { id: `${info.provider}:${info.modelId}`, model: info.model });
}

describe("model extractor over the OpenAI protocol", () => {
  it("sends the schema as a JSON-schema response format and turns the validated reply into cited candidates", async () => {
    received.length = 0;
    reply = {
      items: [
        {
          metric: "Net sales", metricKey: "revenue", valueText: "EUR 12.4 million", valueNum: 12400000, unit: "currency",
          currency: "EUR", period: "FY2023", periodEnd: null, isForecast: false, cell: null,
          page: 3, excerpt: EXCERPT, confidence: 0.9, evidenceType: "prose",
        },
      ],
    };
    const out = await extractor().extract(ctx);
    expect(received).toHaveLength(1);
    const body = received[0]!;
    expect(body.path).toBe("/v1/chat/completions");
    const format = body.response_format as { type: string; json_schema?: { schema?: { properties?: Record<string, unknown> } } };
    expect(format.type).toBe("json_schema");
    expect(Object.keys(format.json_schema?.schema?.properties ?? {})).toEqual(["items"]);
    const user = (body.messages as { role: string; content: string }[]).find((m) => m.role === "user")!;
    expect(user.content).toContain(`<page n="3">\n${PAGE_TEXT}`);
    expect(out.model).toBe("openai-compatible:gpt-test");
    expect(out.usage).toEqual({ inputTokens: 321, outputTokens: 45 });
    expect(out.candidates).toHaveLength(1);
    const c = out.candidates[0]!;
    expect(c.candidateKey).toBe("revenue|FY2023|p3");
    expect(c.evidence).toEqual({ text: EXCERPT, page: 3 });
    expect(c.payload).toMatchObject({ metric: "Net sales", valueNum: 12400000, currency: "EUR" });
    expect(c.payload).not.toHaveProperty("periodEnd"); // nulls are dropped
  });

  it("surfaces a reply that breaks the schema (excerpt too short) as an error, never an empty result", async () => {
    reply = { items: [{ metric: "Net sales", page: 3, excerpt: "EUR 12.4 million", confidence: 2 }] };
    await expect(extractor().extract(ctx)).rejects.toThrow(/schema|validat|No object/i);
  });

  it("refines an excerpt through the same structured path and keeps it only when it is on the page", async () => {
    const ex = extractor();
    const base = { candidateType: "finding" as const, candidateKey: "k", payload: {} as never, confidenceScore: 0.5, confidenceReason: "r", evidence: { text: "x", page: 3 }, evidenceType: "prose" as const };
    reply = { excerpt: EXCERPT };
    expect((await ex.refine!(ctx, base, "quote the revenue"))!.evidence.text).toBe(EXCERPT);
    reply = { excerpt: "This sentence is not on the page at all, it is made up by the model." };
    expect(await ex.refine!(ctx, base, "quote the revenue")).toBeNull();
  });
});
