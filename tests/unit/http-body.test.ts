import { describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import { isMandaError } from "@/lib/errors";
import { readJsonBody } from "@/lib/http/body";

setConfigForProcess({ MANDA_MAX_JSON_BYTES: "1024", MANDA_LOG_LEVEL: "silent" });

async function refusal(p: Promise<unknown>): Promise<{ code: string; status: number }> {
  try {
    await p;
  } catch (e) {
    if (!isMandaError(e)) throw e;
    return { code: e.code, status: e.status };
  }
  throw new Error("expected a refusal");
}

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request("http://127.0.0.1:3000/api/chat", { method: "POST", body, headers: { "content-type": "application/json", ...headers }, duplex: "half" } as RequestInit);

describe("JSON request bodies (lib/http/body)", () => {
  it("refuses a lone surrogate in any string with 400 bad_request:unicode (PGlite's JSON parser answered 500)", async () => {
    for (const text of ['{"text":"\\ud800"}', '{"a":["ok","x\\udc00y"]}', '{"\\udbff":1}']) {
      expect(await refusal(readJsonBody(post(text)))).toEqual({ code: "bad_request:unicode", status: 400 });
    }
    // a surrogate pair is a real character
    expect(await readJsonBody(post('{"text":"\\ud83d\\udca5"}'))).toEqual({ text: "💥" });
  });

  it("refuses a chunked body past the limit while it streams, without reading the rest", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled += 512;
        c.enqueue(new Uint8Array(512).fill(32));
      },
    });
    expect(await refusal(readJsonBody(post(endless)))).toEqual({ code: "too_large:body", status: 413 });
    expect(pulled).toBeLessThan(4096);
  });
});
