import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import * as qaRoute from "@/app/api/deals/[deal]/qa/route";
import { openTestDb } from "@/tests/helpers/db";
import { tempDir } from "@/tests/helpers/fixtures";

/** Issue 20: "Add to Q&A" under an answer carries the answer and its sources into the new item. */
const g = globalThis as unknown as { __mandaDb?: Promise<Db> };

describe("POST /api/deals/[deal]/qa with the chat's answer", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  const p = { params: Promise.resolve({ deal: "qa-chat" }) };
  const post = (body: unknown) => qaRoute.POST(new Request("http://app/api/deals/qa-chat/qa", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }), p);

  beforeAll(async () => {
    setConfigForProcess({ SUPABASE_URL: undefined, SUPABASE_ANON_KEY: undefined, SUPABASE_SERVICE_ROLE_KEY: undefined, MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", MANDA_LOAD_DEMO: "false" });
    ({ db, cleanup } = await openTestDb());
    g.__mandaDb = Promise.resolve(db);
    await createDeal({ db, slug: "qa-chat" });
  });
  afterAll(async () => {
    g.__mandaDb = undefined;
    await cleanup();
  });

  it("stores the answer with its sources on a new item, and never overwrites an existing item's", async () => {
    const answer = "Revenue for 2023 was EUR 41.2 million (source: board-minutes.pdf, p.1).\n\nSources: board-minutes.pdf, p.1";
    const res = await post({ question: "What was revenue in 2023?", origin: "manual", answer });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ question: "What was revenue in 2023?", answer, status: "answered", created: true });
    const again = await post({ question: "What was revenue in 2023?", origin: "manual", answer: "Something else." });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ answer, created: false });
    // without an answer (a refusal), the question alone, open
    const open = await post({ question: "Who audits the accounts?" });
    expect(await open.json()).toMatchObject({ answer: null, status: "open" });
    expect((await post({ question: "Too long an answer?", answer: "x".repeat(20_001) })).status).toBe(400);
  });
});
