import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { LOCAL_USER, accessibleDealIds, authMode, getCurrentUser, requireDealRole } from "@/lib/auth";
import { getRequestUser } from "@/lib/auth/request";
import { getFileStore } from "@/lib/storage";
import * as dealsRoute from "@/app/api/deals/route";
import * as qaRoute from "@/app/api/deals/[deal]/qa/route";
import { openTestDb } from "@/tests/helpers/db";
import { tempDir } from "@/tests/helpers/fixtures";

/** Local single-user mode (no SUPABASE_URL): no sign-in, one local user who owns every deal. */
const g = globalThis as unknown as { __mandaDb?: Promise<Db> };

describe("local single-user mode", () => {
  let db: Db;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    setConfigForProcess({ SUPABASE_URL: undefined, SUPABASE_ANON_KEY: undefined, SUPABASE_SERVICE_ROLE_KEY: undefined, MANDA_DATA_DIR: tempDir("manda-local-auth-"), MANDA_LOG_LEVEL: "silent" });
    ({ db, cleanup } = await openTestDb());
    g.__mandaDb = Promise.resolve(db);
  });
  afterAll(async () => {
    g.__mandaDb = undefined;
    await cleanup();
  });

  it("is the mode without SUPABASE_URL, with files stored locally", () => {
    expect(authMode()).toBe("local");
    expect(getFileStore().kind).toBe("local");
  });

  it("gives the fixed local user without any header, and creates its row once", async () => {
    for (let i = 0; i < 2; i++) expect(await getCurrentUser(new Request("http://app/"), { db })).toEqual(LOCAL_USER);
    const { rows } = await db.query<{ id: string; name: string }>("select id, name from users");
    expect(rows).toEqual([{ id: LOCAL_USER.id, name: "Local analyst" }]);
    // Rows the routes record (conversations, Q&A created_by) keep null in local mode, as before.
    expect(await getRequestUser(new Request("http://app/", { headers: { authorization: "Bearer ignored" } }))).toMatchObject({ id: null, mode: "local" });
  });

  it("makes the local user owner of every deal, members or not", async () => {
    const deal = await createDeal({ db, slug: "aurora" });
    expect((await requireDealRole({ db, user: LOCAL_USER, dealRef: "aurora", role: "owner" })).deal.id).toBe(deal.id);
    expect(await accessibleDealIds({ db, user: LOCAL_USER })).toBeNull();
  });

  it("serves the routes without sign-in: reads, writes, and deal creation", async () => {
    const p = { params: Promise.resolve({ deal: "aurora" }) };
    expect((await qaRoute.GET(new Request("http://app/api/deals/aurora/qa"), p)).status).toBe(200);
    const add = await qaRoute.POST(new Request("http://app/api/deals/aurora/qa", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ question: "Who are the top customers?" }) }), p);
    expect(add.status).toBe(201);
    expect(((await add.json()) as { created_by?: string | null }).created_by ?? null).toBeNull();
    expect((await qaRoute.GET(new Request("http://app/api/deals/nope/qa"), { params: Promise.resolve({ deal: "nope" }) })).status).toBe(404);

    const created = await dealsRoute.POST(new Request("http://app/api/deals", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ slug: "borealis" }) }));
    expect(created.status).toBe(201);
    const listed = (await (await dealsRoute.GET(new Request("http://app/api/deals"))).json()) as { deals: Array<{ slug: string }> };
    expect(listed.deals.map((d) => d.slug).sort()).toEqual(["aurora", "borealis"]);
  });
});
