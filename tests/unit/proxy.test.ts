import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import { proxy } from "@/proxy";

setConfigForProcess({ SUPABASE_URL: undefined, SUPABASE_ANON_KEY: undefined, MANDA_ALLOWED_HOSTS: undefined, MANDA_HOST: undefined });

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

  it("gives API answers a CSP that allows nothing to load or frame them", async () => {
    const res = await proxy(req("http://localhost:3000/api/deals"));
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.status).toBe(200);
  });
});
