/**
 * Supabase mode, proxy.ts: a deal page of a deal the signed-in user is not a member of is sent to
 * the not-found page (a 404 before the page streams) exactly as a slug that exists nowhere is. The
 * page's own notFound() ran after its streamed shell had begun with status 200.
 */
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { clearAuthCache, ensureUserRow, setDealMember } from "@/lib/auth";
import { proxy } from "@/proxy";
import { openTestDb } from "../helpers/db";
import { addIndexedDocument } from "../helpers/documents";
import { tempDir } from "../helpers/fixtures";
import { startSupabaseStub, type SupabaseStub } from "../helpers/supabase-stub";

const alice = { id: "a1a1a1a1-0000-4000-8000-0000000000a1", email: "alice@example.com", password: "a" };
const bob = { id: "b2b2b2b2-0000-4000-8000-0000000000b2", email: "bob@example.com", password: "b" };
const g = globalThis as unknown as { __mandaDb?: Promise<Db> };
let stub: SupabaseStub;
let cleanup: () => Promise<void>;
let doc = "";

beforeAll(async () => {
  stub = await startSupabaseStub();
  stub.addUser(alice);
  stub.addUser(bob);
  setConfigForProcess({ SUPABASE_URL: stub.url, SUPABASE_ANON_KEY: stub.anonKey, SUPABASE_SERVICE_ROLE_KEY: undefined, MANDA_ALLOWED_HOSTS: undefined, MANDA_HOST: undefined, MANDA_DATA_DIR: tempDir("manda-proxy-"), MANDA_LOG_LEVEL: "silent" });
  clearAuthCache();
  const t = await openTestDb();
  cleanup = t.cleanup;
  g.__mandaDb = Promise.resolve(t.db);
  const deal = await createDeal({ db: t.db, slug: "alice-deal" });
  await ensureUserRow(t.db, { id: alice.id, email: alice.email, name: "Alice", mode: "supabase" });
  await setDealMember({ db: t.db, dealId: deal.id, userId: alice.id, role: "owner" });
  doc = await addIndexedDocument(t.db, deal.id, "report.pdf", ["Revenue was 10."]);
}, 120_000);
afterAll(async () => {
  g.__mandaDb = undefined;
  await cleanup();
  await stub.close();
  setConfigForProcess({ SUPABASE_URL: undefined, SUPABASE_ANON_KEY: undefined });
  clearAuthCache();
});

const as = (who: typeof alice, path: string) =>
  proxy(new NextRequest(`http://localhost:3000${path}`, { headers: { host: "localhost:3000", authorization: `Bearer ${stub.signIn(who).access_token}` } }));
const rewrite = async (who: typeof alice, path: string) => (await as(who, path)).headers.get("x-middleware-rewrite");

describe("proxy.ts in Supabase mode: a non-member's deal page", () => {
  const pages = (slug: string, id: string) => [`/deals/${slug}`, `/deals/${slug}/chat`, `/deals/${slug}/qa`, `/deals/${slug}/review`, `/deals/${slug}/irl`, `/deals/${slug}/pipeline`, `/deals/${slug}/knowledge`, `/deals/${slug}/documents/${id}`, `/deals/${slug}/chat/${crypto.randomUUID()}`];

  it("is the not-found page for every deal page, the same as for a deal that does not exist", async () => {
    for (const path of [...pages("alice-deal", doc), ...pages("no-such-deal", doc)]) expect(await rewrite(bob, path), path).toMatch(/\/_manda\/not-found$/);
  });

  it("a member gets the pages", async () => {
    for (const path of pages("alice-deal", doc).slice(0, 8)) expect(await rewrite(alice, path), path).toBeNull();
  });
});
