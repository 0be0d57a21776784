import { describe, expect, it } from "vitest";
import { authCookieName } from "@/lib/auth/mode";
import { safeNextPath } from "@/lib/auth/redirect";
import { accessTokenFromSessionValue, accessTokenOf, bearerToken, parseCookieHeader } from "@/lib/auth/token";
import { roleAtLeast, roleForMethod } from "@/lib/auth/types";

const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJl";
const session = JSON.stringify({ access_token: jwt, refresh_token: "r1", token_type: "bearer", user: { id: "u1", email: "a@b.c" } });
const b64 = (s: string) => `base64-${Buffer.from(s).toString("base64url")}`;
const NAME = authCookieName("https://abcdefgh.supabase.co");

describe("Supabase access token from a request", () => {
  it("names the cookie like supabase-js: sb-<project ref>-auth-token", () => {
    expect(NAME).toBe("sb-abcdefgh-auth-token");
    expect(authCookieName("http://127.0.0.1:54321")).toBe("sb-127-auth-token");
  });

  it("prefers the Bearer header", () => {
    const req = new Request("http://x/", { headers: { authorization: `Bearer ${jwt}`, cookie: `${NAME}=${b64(JSON.stringify({ access_token: "a.b.c" }))}` } });
    expect(accessTokenOf(req, NAME)).toBe(jwt);
    expect(bearerToken("bearer  abc ")).toBe("abc");
    expect(bearerToken("Basic abc")).toBeNull();
  });

  it("reads the cookie in the formats supabase-js / @supabase/ssr write, chunked or whole", () => {
    expect(accessTokenFromSessionValue(b64(session))).toBe(jwt);
    expect(accessTokenFromSessionValue(session)).toBe(jwt);
    expect(accessTokenFromSessionValue(encodeURIComponent(session))).toBe(jwt);
    expect(accessTokenFromSessionValue(JSON.stringify([jwt, "refresh", null]))).toBe(jwt);
    expect(accessTokenFromSessionValue(jwt)).toBe(jwt);
    const value = b64(session);
    const half = Math.floor(value.length / 2);
    const req = new Request("http://x/", { headers: { cookie: `other=1; ${NAME}.1=${value.slice(half)}; ${NAME}.0=${value.slice(0, half)}` } });
    expect(accessTokenOf(req, NAME)).toBe(jwt);
    // Server components pass next/headers' cookies().
    expect(accessTokenOf({ headers: null, cookies: { getAll: () => [{ name: NAME, value }] } }, NAME)).toBe(jwt);
  });

  it("finds nothing in garbage, other projects' cookies or empty requests", () => {
    expect(accessTokenFromSessionValue("base64-!!!")).toBeNull();
    expect(accessTokenFromSessionValue("{not json")).toBeNull();
    expect(accessTokenFromSessionValue(JSON.stringify({ access_token: "no dots" }))).toBeNull();
    expect(accessTokenOf(new Request("http://x/", { headers: { cookie: `sb-other-auth-token=${b64(session)}` } }), NAME)).toBeNull();
    expect(accessTokenOf(new Request("http://x/"), NAME)).toBeNull();
    expect(parseCookieHeader('a=1; b="two"; =x; c')).toEqual([{ name: "a", value: "1" }, { name: "b", value: "two" }]);
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
