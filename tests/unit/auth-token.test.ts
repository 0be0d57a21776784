import { createChunks, stringToBase64URL } from "@supabase/ssr";
import type { Session } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { authCookieName } from "@/lib/auth/mode";
import { hasSessionCookie } from "@/lib/auth/session";
import { safeNextPath } from "@/lib/auth/redirect";
import { accessTokenFromSessionValue, accessTokenOf, bearerToken, parseCookieHeader } from "@/lib/auth/token";
import { roleAtLeast, roleForMethod } from "@/lib/auth/types";

const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJl";
// A real supabase-js Session, with enough user metadata (and non-ASCII text) to need several cookie chunks.
const session: Session = {
  access_token: jwt,
  refresh_token: "r1",
  token_type: "bearer",
  expires_in: 3600,
  expires_at: 2_000_000_000,
  user: {
    id: "u1",
    aud: "authenticated",
    email: "a@b.c",
    created_at: "2026-01-01T00:00:00Z",
    app_metadata: { provider: "email" },
    user_metadata: { name: "Åsa Öberg", bio: "x".repeat(5000) },
  },
};
const NAME = authCookieName("https://abcdefgh.supabase.co");
// What @supabase/ssr's cookie storage writes for a session: `base64-` + base64url JSON, then chunked.
const ssrCookies = (s: Session) => createChunks(NAME, `base64-${stringToBase64URL(JSON.stringify(s))}`);
const header = (cookies: { name: string; value: string }[]) => cookies.map((c) => `${c.name}=${c.value}`).join("; ");

describe("Supabase access token from a request", () => {
  it("names the cookie like supabase-js: sb-<project ref>-auth-token", () => {
    expect(NAME).toBe("sb-abcdefgh-auth-token");
    expect(authCookieName("http://127.0.0.1:54321")).toBe("sb-127-auth-token");
  });

  it("prefers the Bearer header", async () => {
    const other = ssrCookies({ ...session, access_token: "a.b.c" });
    const req = new Request("http://x/", { headers: { authorization: `Bearer ${jwt}`, cookie: header(other) } });
    expect(accessTokenOf(req, NAME)).toBe(jwt);
    expect(bearerToken("bearer  abc ")).toBe("abc");
    expect(bearerToken("Basic abc")).toBeNull();
  });

  it("reads the @supabase/ssr session cookie, chunked (.0, .1 …) and base64-prefixed, in any order", async () => {
    const chunks = ssrCookies(session);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.map((c) => c.name).slice(0, 2)).toEqual([`${NAME}.0`, `${NAME}.1`]);
    expect(chunks[0]!.value.startsWith("base64-")).toBe(true);
    const req = new Request("http://x/", { headers: { cookie: `other=1; ${header([...chunks].reverse())}` } });
    expect(accessTokenOf(req, NAME)).toBe(jwt);
    // A missing chunk is no session (the joined value no longer decodes to JSON).
    expect(accessTokenOf(new Request("http://x/", { headers: { cookie: header(chunks.slice(1)) } }), NAME)).toBeNull();
    // Server components pass next/headers' cookies().
    expect(accessTokenOf({ headers: null, cookies: { getAll: () => chunks } }, NAME)).toBe(jwt);
  });

  it("reads a small session in one unchunked cookie, base64 or raw JSON", async () => {
    const small = { ...session, user: { ...session.user, user_metadata: {} } };
    const [whole, ...rest] = ssrCookies(small);
    expect(rest).toHaveLength(0);
    expect(whole!.name).toBe(NAME);
    expect(accessTokenOf(new Request("http://x/", { headers: { cookie: header([whole!]) } }), NAME)).toBe(jwt);
    expect(accessTokenFromSessionValue(JSON.stringify(small))).toBe(jwt);
  });

  it("finds nothing in garbage, other projects' cookies or empty requests", async () => {
    expect(accessTokenFromSessionValue("base64-!!!")).toBeNull();
    expect(accessTokenFromSessionValue("{not json")).toBeNull();
    expect(accessTokenFromSessionValue(JSON.stringify({ access_token: "no dots" }))).toBeNull();
    const foreign = header(ssrCookies(session)).replaceAll(NAME, "sb-other-auth-token");
    expect(accessTokenOf(new Request("http://x/", { headers: { cookie: foreign } }), NAME)).toBeNull();
    expect(accessTokenOf(new Request("http://x/"), NAME)).toBeNull();
    expect(parseCookieHeader("a=1; =x; c; b=two")).toEqual([{ name: "a", value: "1" }, { name: "b", value: "two" }]);
  });
});

describe("roles and redirects", () => {
  it("reads need viewer, anything else analyst; owner ≥ analyst ≥ viewer", () => {
    expect(roleForMethod("GET")).toBe("viewer");
    expect(roleForMethod("head")).toBe("viewer");
    for (const m of ["POST", "PATCH", "PUT", "DELETE"]) expect(roleForMethod(m)).toBe("analyst");
    expect(roleAtLeast("owner", "analyst")).toBe(true);
    expect(roleAtLeast("viewer", "analyst")).toBe(false);
    expect(roleAtLeast("analyst", "viewer")).toBe(true);
  });

  it("returns only to same-site paths after sign-in", () => {
    expect(safeNextPath("/deals/aurora/qa?x=1")).toBe("/deals/aurora/qa?x=1");
    for (const bad of [null, "", "https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "/login?next=/x"]) expect(safeNextPath(bad)).toBe("/");
  });
});

describe("the header's Sign out link", () => {
  const supabase = parseConfig({ SUPABASE_URL: "https://abcdefgh.supabase.co", SUPABASE_ANON_KEY: "anon" });
  it("shows only in Supabase mode with a session cookie", () => {
    expect(hasSessionCookie({ cookies: ssrCookies(session) }, supabase)).toBe(true);
    expect(hasSessionCookie({ cookies: [] }, supabase)).toBe(false);
    expect(hasSessionCookie({ cookies: [{ name: "sb-other-auth-token", value: JSON.stringify(session) }] }, supabase)).toBe(false);
    expect(hasSessionCookie({ cookies: ssrCookies(session) }, parseConfig({}))).toBe(false);
  });
});
