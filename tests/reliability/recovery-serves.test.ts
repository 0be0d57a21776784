import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf } from "../helpers/fixtures";
import { DEAL, freshDataDir, inputFiles, manda, report, sha256 } from "./harness";
import { buildApp, killApp, startApp, upload, waitSettled, type ListedDocument, type Server } from "./server";

/**
 * Issue 20, "recovery after a kill does not block requests either", against the real app
 * (`next build`, `manda prepare-app` + `next start`): real filings are uploaded, the server is
 * SIGKILLed once their ingest is under way, and started again. While the restarted server is
 * still redoing that ingest in the background (documents still queued or parsing, asked for after
 * every request below), it answers the deal page, the documents list, a malformed chat body (400)
 * and a chat question, each within a bound. Were recovery run before the server served (awaited in
 * start-up), no request would be answered until every document had settled, and the state check
 * after the requests would find nothing left to recover. Every document ends indexed afterwards,
 * without anyone re-sending it.
 */
const FINAL = new Set(["indexed", "failed"]);
// Far above the issue's targets (API p95 300 ms, chat first token 1 s) for a shared 2-core machine,
// far below what waiting for recovery took (requests of up to 29 s, one poll timed out at 30 s).
const REQUEST_MS = 8_000;
const CHAT_MS = 15_000;

async function listed(url: string): Promise<ListedDocument[]> {
  const res = await fetch(`${url}/api/deals/${DEAL}/documents`, { signal: AbortSignal.timeout(REQUEST_MS) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { documents: ListedDocument[] }).documents;
}

/** Polls (bounded) until `ok` holds for the documents list; returns that list. */
async function pollDocuments(url: string, ok: (docs: ListedDocument[]) => boolean, timeoutMs: number): Promise<ListedDocument[]> {
  const deadline = Date.now() + timeoutMs;
  let last: ListedDocument[] = [];
  while (Date.now() < deadline) {
    last = await listed(url).catch(() => last);
    if (ok(last)) return last;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`documents never reached the state asked for within ${timeoutMs} ms: ${JSON.stringify(last.map((d) => [d.filename, d.status]))}`);
}

/** One request, timed; fails the test when it is not answered within `boundMs`. */
async function timed<T>(label: string, boundMs: number, fn: (signal: AbortSignal) => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await fn(AbortSignal.timeout(boundMs)).catch((e: unknown) => {
    throw new Error(`${label}: no answer within ${boundMs} ms (${e instanceof Error ? e.message : String(e)})`);
  });
  return { value, ms: Math.round(performance.now() - t0) };
}

const chatBody = (text: string) => JSON.stringify({ id: crypto.randomUUID(), deal: DEAL, message: { id: `m-${crypto.randomUUID()}`, role: "user", parts: [{ type: "text", text }] }, mode: "chat" });

describe("recovery after kill -9 of the web server", () => {
  let seed = "";
  let files: string[] = [];
  const servers: Server[] = [];

  beforeAll(async () => {
    const built = buildApp();
    report(`recovery: next build ${built.skipped ? "reused" : `took ${built.ms} ms`}`);
    const inputs = freshDataDir("recovery-inputs");
    files = await inputFiles(4, inputs);
    // Something indexed before the kill, for the chat question after it.
    seed = path.join(inputs, "board-minutes.pdf");
    fs.writeFileSync(seed, await makePdf(["Board minutes, 12 March 2024\nThe board approved the treasury policy. Revenue for 2023 was EUR 41 million, up from EUR 37 million in 2022."]));
  });

  afterAll(async () => {
    for (const s of servers) await killApp(s).catch(() => {});
  });

  it("answers the deal page, the documents list, a bad chat body and a chat question while the interrupted ingest is still being redone", async () => {
    const dir = freshDataDir("recovery");
    const tmp = freshDataDir("recovery-tmp");
    manda(dir, ["deal", "create", DEAL]);
    const first = await startApp(dir, tmp);
    servers.push(first);
    expect((await upload(first.url, seed))?.status).toBe(202);
    await waitSettled(first.url, 1);
    const answers = await Promise.all(files.map((f) => upload(first.url, f)));
    expect(answers.map((a) => a?.status)).toEqual(files.map(() => 202));
    // Killed once the filings' ingest is under way (one is parsing), with most of it still to do.
    await pollDocuments(first.url, (docs) => docs.some((d) => d.status === "parsing"), 120_000);
    await killApp(first);

    const again = await startApp(dir, tmp);
    servers.push(again);
    const page = await timed("deal page", REQUEST_MS, async (signal) => {
      const res = await fetch(`${again.url}/deals/${DEAL}`, { signal });
      return { status: res.status, html: await res.text() };
    });
    const list = await timed("documents list", REQUEST_MS, () => listed(again.url));
    const bad = await timed("chat, malformed body", REQUEST_MS, async (signal) => {
      const res = await fetch(`${again.url}/api/chat`, { method: "POST", headers: { "content-type": "application/json", origin: again.url }, body: JSON.stringify({ deal: DEAL, message: "not a message" }), signal });
      return { status: res.status, body: await res.text() };
    });
    const chat = await timed("chat answer", CHAT_MS, async (signal) => {
      const res = await fetch(`${again.url}/api/chat`, { method: "POST", headers: { "content-type": "application/json", origin: again.url }, body: chatBody("What did the board approve?"), signal });
      return { status: res.status, stream: await res.text() };
    });
    // Asked after every request above: recovery had not finished while they were answered.
    const after = await listed(again.url);
    report(`recovery: deal page ${page.ms} ms, documents list ${list.ms} ms, bad chat body ${bad.ms} ms, chat answer ${chat.ms} ms; ` +
      `documents then: ${after.map((d) => `${d.filename} ${d.status}`).join(", ")}`);

    expect(page.value.status).toBe(200);
    for (const f of [seed, ...files]) expect(page.value.html, "the data room lists every document").toContain(path.basename(f));
    expect(list.value.map((d) => d.sha256).sort()).toEqual([seed, ...files].map(sha256).sort());
    expect(bad.value.status).toBe(400);
    expect(bad.value.body).toMatch(/"code":"bad_request:/);
    expect(chat.value.status).toBe(200);
    expect(chat.value.stream).toMatch(/"type":"text-delta"/);
    expect(chat.value.stream).not.toMatch(/"type":"error"/);
    const pending = after.filter((d) => !FINAL.has(d.status));
    expect(pending.length, "documents still being recovered after the requests were answered").toBeGreaterThan(0);

    // …and the recovery then finishes on its own: every filing indexed, none re-sent.
    const settled = await waitSettled(again.url, files.length + 1, 300_000);
    expect(settled.filter((d) => d.status !== "indexed").map((d) => `${d.filename}: ${d.status} ${d.error ?? ""}`)).toEqual([]);
    await killApp(again);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
