import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { proxy } from "@/proxy";
import { openTestDb } from "../helpers/db";
import { addIndexedDocument } from "../helpers/documents";

setConfigForProcess({ SUPABASE_URL: undefined, SUPABASE_ANON_KEY: undefined, MANDA_ALLOWED_HOSTS: undefined, MANDA_HOST: undefined });

// the page check reads the process database: an in-memory one with a deal "demo" and another deal's document
const g = globalThis as unknown as { __mandaDb?: Promise<Db> };
let cleanup: () => Promise<void>;
let demoDoc = "";
let otherDoc = "";
beforeAll(async () => {
  const t = await openTestDb();
  cleanup = t.cleanup;
  g.__mandaDb = Promise.resolve(t.db);
  const demo = await createDeal({ db: t.db, slug: "demo" });
  const other = await createDeal({ db: t.db, slug: "other" });
  demoDoc = await addIndexedDocument(t.db, demo.id, "report.pdf", ["Revenue was 10."]);
  otherDoc = await addIndexedDocument(t.db, other.id, "lease.pdf", ["The lease runs to 2030."]);
}, 120_000);
afterAll(async () => {
  g.__mandaDb = undefined;
  await cleanup();
});

const req = (url: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
  new NextRequest(url, { method: init.method ?? "GET", headers: { host: new URL(url).host, ...init.headers } });

describe("proxy.ts (Next's middleware)", () => {
  it("refuses a cross-site POST before any route with 403 JSON", async () => {
    const res = await proxy(req("http://127.0.0.1:3000/api/deals", { method: "POST", headers: { origin: "http://evil.example", "content-type": "text/plain" } }));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: "forbidden:cross_site", message: expect.any(String) } });
  });

  it("refuses a page for a rebinding Host name", async () => {
    const res = await proxy(req("http://127.0.0.1:3000/deals/demo", { headers: { host: "attacker.example:3000" } }));
    expect(res.status).toBe(403);
  });

  it("gives pages a nonce CSP, passed on to Next's renderer, and the static headers", async () => {
    const res = await proxy(req("http://localhost:3000/deals/demo"));
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/);
    expect(res.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const again = (await proxy(req("http://localhost:3000/deals/demo"))).headers.get("content-security-policy");
    expect(again).not.toBe(csp); // a fresh nonce per request
  });

  it("sends a page for a deal or document that does not exist to the not-found page (a 404, not a streamed 200)", async () => {
    const rewritten = async (path: string) => (await proxy(req(`http://localhost:3000${path}`))).headers.get("x-middleware-rewrite");
    expect(await rewritten(`/deals/demo/documents/${demoDoc}`)).toBeNull();
    expect(await rewritten("/deals/demo/chat")).toBeNull();
    for (const path of [`/deals/demo/documents/${otherDoc}`, `/deals/demo/documents/${crypto.randomUUID()}`, "/deals/demo/documents/not-an-id", "/deals/no-such-deal", "/deals/no-such-deal/qa"]) {
      expect(await rewritten(path), path).toMatch(/\/_manda\/not-found$/);
    }
  });

  it("gives API answers a CSP that allows nothing to load or frame them", async () => {
    const res = await proxy(req("http://localhost:3000/api/deals"));
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.status).toBe(200);
  });
});
