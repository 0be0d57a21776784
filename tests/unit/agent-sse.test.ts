import { describe, expect, it } from "vitest";
import { readSse, type SseMessage } from "@/components/agent-mode/sse";

/** A Response whose body arrives in the given chunks (bytes split anywhere, even inside a UTF-8 character). */
function chunked(chunks: (string | Uint8Array)[]): Response {
  const enc = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const ch of chunks) c.enqueue(typeof ch === "string" ? enc.encode(ch) : ch);
      c.close();
    },
  });
  return new Response(body);
}

async function read(chunks: (string | Uint8Array)[]): Promise<SseMessage[]> {
  const out: SseMessage[] = [];
  await readSse(chunked(chunks), (m) => out.push(m));
  return out;
}

describe("readSse", () => {
  it("reads named and default events, multi-line data, comments and CRLF", async () => {
    const msgs = await read([": keep-alive\r\n\r\nevent: step\r\ndata: {\"a\":1}\r\n\r\n", "data: one\ndata: two\n\n"]);
    expect(msgs).toEqual([
      { event: "step", data: '{"a":1}' },
      { event: "message", data: "one\ntwo" },
    ]);
  });

  it("joins events split across chunks, including inside a multi-byte character", async () => {
    const bytes = new TextEncoder().encode("event: done\ndata: 18 400 €\n\n");
    const cut = bytes.length - 4; // inside the 3-byte euro sign
    const msgs = await read(["ev", bytes.slice(2, cut), bytes.slice(cut)]);
    expect(msgs).toEqual([{ event: "done", data: "18 400 €" }]);
  });

  it("delivers a last event sent without its blank line, and skips blocks without data", async () => {
    const msgs = await read(["event: ping\n\n", "event: final\ndata: x"]);
    expect(msgs).toEqual([{ event: "final", data: "x" }]);
  });
});
