import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseConfig, setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { MandaError } from "@/lib/errors";
import { LOCAL_USER, authCookieName, clearAuthCache, getCurrentUser, requireDealRole, setDealMember, verifySupabaseToken } from "@/lib/auth";
import { getRequestUser } from "@/lib/auth/request";
import * as dealsRoute from "@/app/api/deals/route";
import * as qaRoute from "@/app/api/deals/[deal]/qa/route";
import * as reviewRoute from "@/app/api/deals/[deal]/review/route";
import * as membersRoute from "@/app/api/deals/[deal]/members/route";
import * as documentsRoute from "@/app/api/deals/[deal]/documents/route";
import { openTestDb } from "@/tests/helpers/db";
import { tempDir } from "@/tests/helpers/fixtures";
import { startSupabaseStub, type SupabaseStub } from "@/tests/helpers/supabase-stub";

/** Supabase mode against a local stub of /auth/v1/user: no network. */
const ALICE = { id: "a1a1a1a1-0000-4000-8000-000000000001", email: "Alice@Example.com", name: "Alice Analyst" };
const VIKTOR = { id: "b2b2b2b2-0000-4000-8000-000000000002", email: "viktor@example.com" };
const NORA = { id: "c3c3c3c3-0000-4000-8000-000000000003", email: "nora@example.com" };

const g = globalThis as unknown as { __mandaDb?: Promise<Db> };
const params = <T>(p: T) => ({ params: Promise.resolve(p) });
const bearer = (token: string, init: RequestInit = {}) => ({ ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` } });

async function expectError(p: Promise<unknown>, code: string, status: number) {
  const e = await p.then(() => null, (x: unknown) => x);
  expect(e).toBeInstanceOf(MandaError);
  expect((e as MandaError).code).toBe(code);
  expect((e as MandaError).status).toBe(status);
}

describe("Supabase mode: sessions and deal access", () => {
  let stub: SupabaseStub;
  let db: Db;
  let cleanup: () => Promise<void>;
  let dealId: string;

  beforeAll(async () => {
    stub = await startSupabaseStub();
    stub.tokens.set("tok-alice", ALICE);
    stub.tokens.set("tok-viktor", VIKTOR);
    stub.tokens.set("tok-nora", NORA);
    setConfigForProcess({ SUPABASE_URL: stub.url, SUPABASE_ANON_KEY: stub.anonKey, SUPABASE_SERVICE_ROLE_KEY: stub.serviceRoleKey, MANDA_DATA_DIR: tempDir("manda-auth-"), MANDA_LOG_LEVEL: "silent" });
    ({ db, cleanup } = await openTestDb());
    g.__mandaDb = Promise.resolve(db); // the routes' getDb()
    const deal = await createDeal({ db, slug: "aurora" });
    dealId = deal.id;
  });

  afterAll(async () => {
    g.__mandaDb = undefined;
    clearAuthCache();
    await cleanup();
    await stub.close();
    setConfigForProcess({ SUPABASE_URL: undefined, SUPABASE_ANON_KEY: undefined, SUPABASE_SERVICE_ROLE_KEY: undefined });
  });

  it("resolves a valid Bearer token to its Supabase user and upserts it into users", async () => {
    const user = await getCurrentUser(new Request("http://app/api/x", bearer("tok-alice")), { db });
    expect(user).toEqual({ id: ALICE.id, email: "alice@example.com", name: "Alice Analyst", mode: "supabase" });
    const { rows } = await db.query<{ id: string; email: string; name: string }>("select id, email, name from users where id = $1", [ALICE.id]);
    expect(rows).toEqual([{ id: ALICE.id, email: "alice@example.com", name: "Alice Analyst" }]);
    const call = stub.requests.find((r) => r.path === "/auth/v1/user");
    expect(call).toMatchObject({ method: "GET", auth: "Bearer tok-alice", apikey: stub.anonKey });
  });

  it("reads the token from the Supabase auth cookie too (base64 session, as supabase-js writes it)", async () => {
    clearAuthCache();
    const session = Buffer.from(JSON.stringify({ access_token: "x.y.z", refresh_token: "r" })).toString("base64url");
    stub.tokens.set("x.y.z", VIKTOR);
    const cookie = `${authCookieName(stub.url)}=base64-${session}`;
    const user = await getCurrentUser(new Request("http://app/", { headers: { cookie } }), { db });
    expect(user.id).toBe(VIKTOR.id);
    expect((await db.query("select 1 from users where id = $1", [VIKTOR.id])).rows).toHaveLength(1);
  });

  it("refuses a bad, missing or revoked token with 401 unauthorized:session", async () => {
    await expectError(getCurrentUser(new Request("http://app/", bearer("forged")), { db: null }), "unauthorized:session", 401);
    await expectError(getCurrentUser(new Request("http://app/"), { db: null }), "unauthorized:session", 401);
    clearAuthCache();
    stub.tokens.set("tok-short", NORA);
    await getCurrentUser(new Request("http://app/", bearer("tok-short")), { db: null });
    stub.tokens.delete("tok-short");
    clearAuthCache();
    await expectError(getCurrentUser(new Request("http://app/", bearer("tok-short")), { db: null }), "unauthorized:session", 401);

    const res = await qaRoute.GET(new Request("http://app/api/deals/aurora/qa", bearer("forged")), params({ deal: "aurora" }));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: "unauthorized:session" } });
    const anon = await dealsRoute.GET(new Request("http://app/api/deals"));
    expect(anon.status).toBe(401);
  });

  it("never accepts the local user once Supabase is configured", async () => {
    await expectError(requireDealRole({ db, user: LOCAL_USER, dealRef: "aurora" }), "unauthorized:session", 401);
    await expectError(requireDealRole({ db, user: null, dealRef: "aurora" }), "unauthorized:session", 401);
  });

  it("answers a signed-in non-member exactly as a deal that does not exist (404: slugs cannot be enumerated)", async () => {
    const nora = await getCurrentUser(new Request("http://app/", bearer("tok-nora")), { db });
    await expectError(requireDealRole({ db, user: nora, dealRef: "aurora" }), "not_found:deal", 404);
    await expectError(requireDealRole({ db, user: nora, dealRef: "no-such-deal" }), "not_found:deal", 404);
    const answers = async (slug: string) => {
      const out: Array<{ status: number; body: string }> = [];
      for (const res of [
        await qaRoute.GET(new Request(`http://app/api/deals/${slug}/qa`, bearer("tok-nora")), params({ deal: slug })),
        await reviewRoute.GET(new Request(`http://app/api/deals/${slug}/review`, bearer("tok-nora")), params({ deal: slug })),
        await documentsRoute.GET(new Request(`http://app/api/deals/${slug}/documents`, bearer("tok-nora")), params({ deal: slug })),
      ]) out.push({ status: res.status, body: (await res.text()).replaceAll(slug, "<slug>") });
      return out;
    };
    const existing = await answers("aurora");
    expect(existing.map((a) => a.status)).toEqual([404, 404, 404]);
    expect(existing[0]!.body).toContain("not_found:deal");
    // the same bytes (but the slug) for a deal that exists and one that does not
    expect(await answers("no-such-deal")).toEqual(existing);
  });

  it("lets a viewer member read but not write; an analyst writes", async () => {
    await setDealMember({ db, dealId, userId: VIKTOR.id, role: "viewer" });
    const read = await qaRoute.GET(new Request("http://app/api/deals/aurora/qa", bearer("tok-viktor")), params({ deal: "aurora" }));
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ items: [] });
    expect((await reviewRoute.GET(new Request("http://app/api/deals/aurora/review", bearer("tok-viktor")), params({ deal: "aurora" }))).status).toBe(200);

    const add = (token: string) =>
      qaRoute.POST(new Request("http://app/api/deals/aurora/qa", bearer(token, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ question: "What drove the Q3 churn?" }) })), params({ deal: "aurora" }));
    const denied = await add("tok-viktor");
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ error: { code: "forbidden:deal" } });

    await setDealMember({ db, dealId, userId: VIKTOR.id, role: "analyst" });
    const created = await add("tok-viktor");
    expect(created.status).toBe(201);
    const { rows } = await db.query<{ created_by: string }>("select created_by from qa_items where deal_id = $1", [dealId]);
    expect(rows.map((r) => r.created_by)).toEqual([VIKTOR.id]);
  });

  it("makes the creator of a deal its owner, and lists only the user's deals", async () => {
    const res = await dealsRoute.POST(new Request("http://app/api/deals", bearer("tok-alice", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ slug: "borealis", name: "Project Borealis" }) })));
    expect(res.status).toBe(201);
    const deal = (await res.json()) as { id: string; slug: string };
    const { rows } = await db.query<{ user_id: string; role: string }>("select user_id, role from deal_members where deal_id = $1", [deal.id]);
    expect(rows).toEqual([{ user_id: ALICE.id, role: "owner" }]);

    const list = async (token: string) => ((await (await dealsRoute.GET(new Request("http://app/api/deals", bearer(token)))).json()) as { deals: Array<{ slug: string }> }).deals.map((d) => d.slug);
    expect(await list("tok-alice")).toEqual(["borealis"]);
    expect(await list("tok-viktor")).toEqual(["aurora"]);
    expect(await list("tok-nora")).toEqual([]);

    const user = await getRequestUser(new Request("http://app/", bearer("tok-alice")));
    expect(user).toMatchObject({ id: ALICE.id, mode: "supabase" });
  });

  it("lets only an owner manage members, by the email of a user who signed in once", async () => {
    const p = { params: Promise.resolve({ deal: "borealis" }) };
    const add = (token: string, body: unknown) =>
      membersRoute.POST(new Request("http://app/api/deals/borealis/members", bearer(token, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })), p);
    expect((await add("tok-viktor", { email: NORA.email, role: "viewer" })).status).toBe(404); // not a member: no such deal for them
    const ok = await add("tok-alice", { email: "VIKTOR@example.com", role: "viewer" });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { members: Array<{ user_id: string; role: string }> }).members.map((m) => [m.user_id, m.role])).toEqual([[ALICE.id, "owner"], [VIKTOR.id, "viewer"]]);
    expect((await add("tok-alice", { email: "nobody@example.com" })).status).toBe(404);
    expect((await add("tok-viktor", { email: VIKTOR.email, role: "owner" })).status).toBe(403); // a viewer cannot promote itself
    const demote = await add("tok-alice", { email: ALICE.email, role: "analyst" });
    expect(demote.status).toBe(409);
    const del = (token: string, userId: string) => membersRoute.DELETE(new Request(`http://app/api/deals/borealis/members?userId=${userId}`, bearer(token, { method: "DELETE" })), p);
    expect((await del("tok-alice", ALICE.id)).status).toBe(409);
    expect((await del("tok-alice", VIKTOR.id)).status).toBe(204);
    expect((await membersRoute.GET(new Request("http://app/api/deals/borealis/members", bearer("tok-viktor")), p)).status).toBe(404); // removed: no longer sees the deal
  });

  it("records a signed-in user on any authenticated API request, so an owner can add them before they open a deal", async () => {
    const OLGA = { id: "d4d4d4d4-0000-4000-8000-000000000004", email: "olga@example.com" };
    stub.tokens.set("tok-olga", OLGA);
    // Olga only lists her deals (none yet): that request alone must make her known.
    expect((await dealsRoute.GET(new Request("http://app/api/deals", bearer("tok-olga")))).status).toBe(200);
    // Alice owns borealis (created above) and adds Olga by email.
    const add = await membersRoute.POST(
      new Request("http://app/api/deals/borealis/members", bearer("tok-alice", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: OLGA.email, role: "viewer" }) })),
      params({ deal: "borealis" }),
    );
    expect(add.status).toBe(200);
    const borealis = (await db.query<{ id: string }>("select id from deals where slug = 'borealis'")).rows[0]!.id;
    const { rows } = await db.query<{ role: string }>("select role from deal_members where deal_id = $1 and user_id = $2", [borealis, OLGA.id]);
    expect(rows).toEqual([{ role: "viewer" }]);
  });

  it("times out a hanging auth server after MANDA_AUTH_TIMEOUT_MS with 503 unavailable:auth", async () => {
    const hanging = await startSupabaseStub();
    hanging.hangAuth = true;
    const cfg = setConfigForProcess({ SUPABASE_URL: hanging.url, SUPABASE_ANON_KEY: hanging.anonKey, MANDA_AUTH_TIMEOUT_MS: "300", MANDA_LOG_LEVEL: "silent" });
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const started = performance.now();
      await expectError(verifySupabaseToken("tok-hang", cfg), "unavailable:auth", 503);
      // Bounded by the setting, far below the test's own timeout (the call never returns without it).
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(hanging.requests.filter((r) => r.path === "/auth/v1/user")).toHaveLength(1);
      // a burst of requests with one token waits once, together, not once each
      const burst = await Promise.all(Array.from({ length: 5 }, () => verifySupabaseToken("tok-burst", cfg).then(() => "ok", (e: MandaError) => e.code)));
      expect(burst).toEqual(Array(5).fill("unavailable:auth"));
      expect(hanging.requests.filter((r) => r.path === "/auth/v1/user")).toHaveLength(2);
      const res = await qaRoute.GET(new Request("http://app/api/deals/aurora/qa", bearer("tok-hang")), params({ deal: "aurora" }));
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ error: { code: "unavailable:auth" } });
    } finally {
      quiet.mockRestore();
      await hanging.close();
      setConfigForProcess({ SUPABASE_URL: stub.url, SUPABASE_ANON_KEY: stub.anonKey, SUPABASE_SERVICE_ROLE_KEY: stub.serviceRoleKey, MANDA_AUTH_TIMEOUT_MS: undefined });
    }
  });

  it("defaults the auth timeout to a few seconds", () => {
    expect(parseConfig({}).MANDA_AUTH_TIMEOUT_MS).toBe(5000);
    expect(() => parseConfig({ MANDA_AUTH_TIMEOUT_MS: "0" })).toThrow(/MANDA_AUTH_TIMEOUT_MS/);
  });

  it("reports an unreachable Supabase as 503 unavailable:auth, not as a bad session", async () => {
    const down = await startSupabaseStub();
    await down.close();
    const cfg = setConfigForProcess({ SUPABASE_URL: down.url, SUPABASE_ANON_KEY: "k", MANDA_LOG_LEVEL: "silent" });
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {}); // supabase-js logs the refused fetch
    try {
      await expectError(verifySupabaseToken("tok-alice", cfg), "unavailable:auth", 503);
    } finally {
      quiet.mockRestore();
      setConfigForProcess({ SUPABASE_URL: stub.url, SUPABASE_ANON_KEY: stub.anonKey, SUPABASE_SERVICE_ROLE_KEY: stub.serviceRoleKey });
    }
  });
});
