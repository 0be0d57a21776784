/**
 * A Supabase request records its user in `users` once: getRequestUser does it, and the deal
 * access check that follows (requireDealAccess) only reads. Real routes code and PGlite; only
 * Supabase Auth (remote) is a local stub.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { clearAuthCache, ensureUserRow, requireDealAccess, setDealMember, toRequestUser } from "@/lib/auth";
import { withDealRoute } from "@/lib/http/route";
import { openTestDb } from "@/tests/helpers/db";
import { tempDir } from "@/tests/helpers/fixtures";
import { startSupabaseStub, type SupabaseStub } from "@/tests/helpers/supabase-stub";

const ALICE = { id: "0a0a0a0a-0000-4000-8000-0000000000a1", email: "alice@example.com" };
const NEW = { id: "0e0e0e0e-0000-4000-8000-0000000000e1", email: "new@example.com" };

/** The database with every statement that writes `users` counted. */
function counting(db: Db): { db: Db; userWrites: () => number } {
  let writes = 0;
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver);
      if (prop !== "query" || typeof v !== "function") return typeof v === "function" ? v.bind(target) : v;
      return (sql: string, ...rest: unknown[]) => {
        if (/^\s*(insert into|update) users\b/i.test(sql)) writes++;
        return (v as (...a: unknown[]) => unknown).call(target, sql, ...rest);
      };
    },
  });
  return { db: proxy, userWrites: () => writes };
}

describe("the user row, once per Supabase request", () => {
  let stub: SupabaseStub;
  let db: Db;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    stub = await startSupabaseStub();
    stub.tokens.set("tok-alice", ALICE);
    setConfigForProcess({ SUPABASE_URL: stub.url, SUPABASE_ANON_KEY: stub.anonKey, MANDA_DATA_DIR: tempDir("manda-user-row-"), MANDA_LOG_LEVEL: "silent" });
    clearAuthCache();
    ({ db, cleanup } = await openTestDb());
    const dealId = (await createDeal({ db, slug: "orbit" })).id;
    await ensureUserRow(db, { ...ALICE, name: "Alice", mode: "supabase" });
    await setDealMember({ db, dealId, userId: ALICE.id, role: "analyst" });
  });
  afterAll(async () => {
    await cleanup();
    await stub.close();
  });

  it("a deal route records its user once (two statements: the email move and the upsert), then checks access by reading", async () => {
    clearAuthCache();
    const c = counting(db);
    const req = new Request("http://app/api/deals/orbit/x", { headers: { authorization: "Bearer tok-alice" } });
    const res = await withDealRoute(req, "orbit", async ({ user, deal }) => Response.json({ user: user.id, deal: deal.slug }), { db: c.db });
    expect(await res.json()).toEqual({ user: ALICE.id, deal: "orbit" });
    expect(c.userWrites()).toBe(2);
  });

  it("checking deal access never writes users: a user without a row is refused, not recorded", async () => {
    clearAuthCache();
    const c = counting(db);
    const user = toRequestUser({ ...NEW, name: "New", mode: "supabase" });
    // a non-member gets the 404 a missing deal gets (slugs cannot be enumerated)
    await expect(requireDealAccess({ db: c.db, dealRef: "orbit", user })).rejects.toMatchObject({ type: "not_found" });
    expect(c.userWrites()).toBe(0);
    expect((await db.query("select 1 from users where id = $1", [NEW.id])).rows).toHaveLength(0);
  });
});
