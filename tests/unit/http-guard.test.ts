import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { guardRequest, hostName } from "@/lib/http/guard";
import { contentSecurityPolicy } from "@/lib/http/security-headers";

const local = parseConfig({});
const req = (method: string, headers: Record<string, string>, url = "http://127.0.0.1:3000/api/deals") => ({ method, url, headers: new Headers(headers) });

describe("request guard (proxy.ts)", () => {
  it("refuses a state-changing request from another origin, in any content type", () => {
    for (const type of ["text/plain", "multipart/form-data; boundary=x", "application/json"]) {
      const r = guardRequest(req("POST", { host: "127.0.0.1:3000", origin: "http://evil.example", "content-type": type }), local);
      expect(r).toMatchObject({ status: 403, code: "forbidden:cross_site" });
    }
    expect(guardRequest(req("DELETE", { host: "localhost:3000", "sec-fetch-site": "cross-site" }), local)?.status).toBe(403);
    expect(guardRequest(req("PATCH", { host: "localhost:3000", "sec-fetch-site": "same-site", origin: "http://localhost:3000" }), local)?.status).toBe(403);
    expect(guardRequest(req("POST", { host: "localhost:3000", origin: "null" }), local)?.status).toBe(403);
  });

  it("lets the app's own pages, and clients without Origin (CLI, curl), change data", () => {
    expect(guardRequest(req("POST", { host: "localhost:3000", origin: "http://localhost:3000", "sec-fetch-site": "same-origin" }), local)).toBeNull();
    expect(guardRequest(req("POST", { host: "127.0.0.1:3000" }), local)).toBeNull();
    expect(guardRequest(req("GET", { host: "127.0.0.1:3000", origin: "http://evil.example", "sec-fetch-site": "cross-site" }), local)).toBeNull();
  });

  it("refuses a Host that is not this server (DNS rebinding), unless allowed", () => {
    expect(guardRequest(req("GET", { host: "rebind.evil.example:3000" }), local)).toMatchObject({ status: 403, code: "forbidden:host" });
    expect(guardRequest(req("GET", {}), local)?.status).toBe(403);
    expect(guardRequest(req("GET", { host: "[::1]:3000" }), local)).toBeNull();
    const wider = parseConfig({ MANDA_HOST: "0.0.0.0", MANDA_ALLOWED_HOSTS: "dd.example.com" });
    expect(guardRequest(req("GET", { host: "DD.example.com" }), wider)).toBeNull();
    expect(guardRequest(req("GET", { host: "other.example.com" }), wider)?.status).toBe(403);
    expect(guardRequest(req("GET", { host: "anything" }), parseConfig({ MANDA_ALLOWED_HOSTS: "*" }))).toBeNull();
    expect(guardRequest(req("GET", { host: "10.0.0.5:3000" }), parseConfig({ MANDA_HOST: "10.0.0.5" }))).toBeNull();
  });

  it("refuses NUL in the URL and a declared JSON body over the limit, early", () => {
    expect(guardRequest(req("GET", { host: "localhost" }, "http://localhost/api/deals/x/documents/y/search?q=a%00b"), local)).toMatchObject({ status: 400, code: "bad_request:nul" });
    expect(guardRequest(req("POST", { host: "localhost", "content-type": "application/json", "content-length": String(200 * 1024 * 1024) }), local)).toMatchObject({ status: 413 });
    expect(guardRequest(req("POST", { host: "localhost", "content-type": "application/json", "content-length": "1000" }), local)).toBeNull();
  });

  it("judges Origin against the request's own Host, not a client-sent X-Forwarded-Host", () => {
    const forged = { host: "127.0.0.1:3000", origin: "http://evil.example", "x-forwarded-host": "evil.example" };
    expect(guardRequest(req("POST", forged), local)).toMatchObject({ status: 403, code: "forbidden:cross_site" });
    expect(guardRequest(req("POST", { ...forged, "sec-fetch-site": "same-origin" }), local)).toMatchObject({ status: 403, code: "forbidden:cross_site" });
    // the app's own origin still passes even when a client adds the header
    expect(guardRequest(req("POST", { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000", "x-forwarded-host": "evil.example" }), local)).toBeNull();
  });

  it("trusts X-Forwarded-Host only behind a configured proxy (MANDA_TRUSTED_PROXY)", () => {
    const proxied = parseConfig({ MANDA_TRUSTED_PROXY: "true" });
    const viaProxy = { host: "app:3000", origin: "https://dd.example.com", "x-forwarded-host": "dd.example.com" };
    expect(guardRequest(req("POST", viaProxy), { ...proxied, allowedHosts: "any" })).toBeNull();
    expect(guardRequest(req("POST", viaProxy), { ...local, allowedHosts: "any" })?.status).toBe(403);
    // behind the proxy the forwarded host is the one that counts: an origin naming the internal Host is not it
    expect(guardRequest(req("POST", { ...viaProxy, origin: "http://app:3000" }), { ...proxied, allowedHosts: "any" })?.status).toBe(403);
    // a list from chained proxies: the first (the client-facing one) counts
    expect(guardRequest(req("POST", { ...viaProxy, "x-forwarded-host": "dd.example.com, app:3000" }), { ...proxied, allowedHosts: "any" })).toBeNull();
    expect(() => parseConfig({ MANDA_TRUSTED_PROXY: "maybe" })).toThrow(/MANDA_TRUSTED_PROXY/);
  });

  it("refuses a path that is not valid percent-encoded UTF-8 with 400 bad_request:path (Next answered 500)", () => {
    for (const seg of ["%ED%A0%80", "%C0%AE%C0%AE", "%FF", "%E0%A4%A", "%"]) {
      for (const method of ["GET", "POST"]) {
        const r = guardRequest(req(method, { host: "localhost" }, `http://localhost/api/deals/x/documents/${seg}`), local);
        expect(r, `${method} ${seg}`).toMatchObject({ status: 400, code: "bad_request:path" });
      }
      expect(guardRequest(req("GET", { host: "localhost" }, `http://localhost/deals/x/documents/${seg}`), local)?.code).toBe("bad_request:path");
    }
    // valid escapes pass (the routes answer 404 for what no slug or id can be)
    expect(guardRequest(req("GET", { host: "localhost" }, "http://localhost/api/deals/r%C3%A9sum%C3%A9/documents"), local)).toBeNull();
    // a query string is the route's own to read (URLSearchParams decodes it leniently)
    expect(guardRequest(req("GET", { host: "localhost" }, "http://localhost/api/deals/x/documents?q=%FF"), local)).toBeNull();
  });

  it("reads host names with ports and IPv6 brackets", () => {
    expect(hostName("LocalHost:3000")).toBe("localhost");
    expect(hostName("[::1]:3000")).toBe("[::1]");
    expect(hostName("example.com")).toBe("example.com");
  });

  it("binds to 127.0.0.1 unless MANDA_HOST says otherwise", () => {
    expect(local.MANDA_HOST).toBe("127.0.0.1");
    expect(parseConfig({ MANDA_HOST: "0.0.0.0" }).MANDA_HOST).toBe("0.0.0.0");
    expect(() => parseConfig({ MANDA_HOST: "a b; rm -rf" })).toThrow(/MANDA_HOST/);
  });
});

describe("content security policy", () => {
  it("allows scripts by nonce only (no unsafe-inline/eval in production), the pdf.js worker, and no framing", () => {
    const csp = contentSecurityPolicy({ nonce: "abc", dev: false });
    const script = csp.split("; ").find((d) => d.startsWith("script-src"))!;
    expect(script).toContain("'nonce-abc'");
    expect(script).not.toMatch(/unsafe-(inline|eval)/);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(contentSecurityPolicy({ nonce: "abc", dev: true })).toContain("'unsafe-eval'");
    expect(contentSecurityPolicy({ nonce: "n", dev: false, connect: ["https://x.supabase.co"] })).toContain("connect-src 'self' https://x.supabase.co");
  });
});
