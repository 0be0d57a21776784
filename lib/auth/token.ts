import { parseCookieHeader as parseCookies, stringFromBase64URL } from "@supabase/ssr";

/**
 * Finds the Supabase access token of a request: `Authorization: Bearer <jwt>` first (API clients),
 * else the session cookie `sb-<ref>-auth-token` that @supabase/ssr's createBrowserClient writes
 * (`base64-<base64url JSON>` or raw JSON, possibly split into `.0`, `.1` … chunks), parsed and
 * decoded with @supabase/ssr's own functions. The chunks are joined here because the library's
 * `combineChunks` is async and proxy.ts needs this synchronously (tested against its `createChunks`). This only reads the session; it never refreshes it
 * (createServerClient's getSession would refresh an expired one over the network, rotating the
 * refresh token without being able to write the new cookie back, which logs the browser out). An
 * expired token fails verification and the login page refreshes the session in the browser.
 */
export interface HeaderLike {
  get(name: string): string | null;
}

export interface CookieLike {
  name: string;
  value: string;
}

/** What getCurrentUser reads: a Request, or the headers (and cookies) of a server component. */
export type AuthInput = Request | { headers?: HeaderLike | null; cookies?: { getAll(): CookieLike[] } | CookieLike[] | null };

export function parseCookieHeader(header: string | null | undefined): CookieLike[] {
  return header ? parseCookies(header).flatMap((c) => (c.name && c.value !== undefined ? [{ name: c.name, value: c.value }] : [])) : [];
}

export function bearerToken(header: string | null | undefined): string | null {
  const m = /^\s*Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return m ? m[1]! : null;
}

const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** The access token inside a stored session value (`base64-…` or raw JSON), or null when it holds none. */
export function accessTokenFromSessionValue(raw: string): string | null {
  try {
    const text = raw.startsWith("base64-") ? stringFromBase64URL(raw.slice("base64-".length)) : raw;
    const parsed: unknown = JSON.parse(text);
    const token = parsed && typeof parsed === "object" ? (parsed as { access_token?: unknown }).access_token : null;
    return typeof token === "string" && JWT.test(token) ? token : null;
  } catch {
    return null;
  }
}

function inputHeaders(input: AuthInput): HeaderLike | null {
  return input instanceof Request ? input.headers : input.headers ?? null;
}

function inputCookies(input: AuthInput): CookieLike[] {
  if (input instanceof Request) return parseCookieHeader(input.headers.get("cookie"));
  if (Array.isArray(input.cookies)) return input.cookies;
  if (input.cookies) return input.cookies.getAll();
  return parseCookieHeader(input.headers?.get("cookie"));
}

/** The cookie's value, joining chunks `name.0`, `name.1` … as @supabase/ssr's combineChunks does. */
export function readChunkedCookie(cookies: CookieLike[], name: string): string | null {
  const byName = new Map(cookies.map((c) => [c.name, c.value]));
  const whole = byName.get(name);
  if (whole) return whole;
  let joined = "";
  for (let i = 0; byName.has(`${name}.${i}`); i++) joined += byName.get(`${name}.${i}`);
  return joined || null;
}

/** The access token of a request (Bearer header, else the @supabase/ssr session cookie), or null. */
export function accessTokenOf(input: AuthInput, cookieName: string): string | null {
  const bearer = bearerToken(inputHeaders(input)?.get("authorization"));
  if (bearer) return bearer;
  const value = readChunkedCookie(inputCookies(input), cookieName);
  return value ? accessTokenFromSessionValue(value) : null;
}
