/**
 * Finds the Supabase access token of a request: `Authorization: Bearer <jwt>` first, else the
 * Supabase auth cookie `sb-<ref>-auth-token` (possibly split into `.0`, `.1` … chunks), in the
 * formats supabase-js / @supabase/ssr write: `base64-<base64url JSON session>`, JSON session
 * (raw or URI-encoded), the legacy JSON array `[access_token, refresh_token, …]`, or a bare JWT.
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
  if (!header) return [];
  const out: CookieLike[] = [];
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    const name = i > 0 ? part.slice(0, i).trim() : "";
    if (!name) continue;
    let value = part.slice(i + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    out.push({ name, value });
  }
  return out;
}

export function bearerToken(header: string | null | undefined): string | null {
  const m = /^\s*Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return m ? m[1]! : null;
}

/** The cookie's value, joining chunks `name.0`, `name.1` … when the session was split. */
export function readChunkedCookie(cookies: CookieLike[], name: string): string | null {
  const byName = new Map(cookies.map((c) => [c.name, c.value]));
  const whole = byName.get(name);
  if (whole) return whole;
  let joined = "";
  for (let i = 0; byName.has(`${name}.${i}`); i++) joined += byName.get(`${name}.${i}`);
  return joined || null;
}

const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** The access token inside a stored session value, or null when it holds none. */
export function accessTokenFromSessionValue(raw: string): string | null {
  let text = raw.trim();
  if (text.startsWith("base64-")) {
    try {
      text = Buffer.from(text.slice(7), "base64url").toString("utf8");
    } catch {
      return null;
    }
  } else if (text.startsWith("%")) {
    try {
      text = decodeURIComponent(text);
    } catch {
      return null;
    }
  }
  if (JWT.test(text)) return text;
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed)) return typeof parsed[0] === "string" && JWT.test(parsed[0]) ? parsed[0] : null;
    if (parsed && typeof parsed === "object") {
      const s = parsed as { access_token?: unknown; currentSession?: { access_token?: unknown } };
      const token = typeof s.access_token === "string" ? s.access_token : typeof s.currentSession?.access_token === "string" ? s.currentSession.access_token : null;
      return token && JWT.test(token) ? token : null;
    }
  } catch {
    return null;
  }
  return null;
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

/** The access token of a request (Bearer header, else the auth cookie), or null. */
export function accessTokenOf(input: AuthInput, cookieName: string): string | null {
  const bearer = bearerToken(inputHeaders(input)?.get("authorization"));
  if (bearer) return bearer;
  const value = readChunkedCookie(inputCookies(input), cookieName);
  return value ? accessTokenFromSessionValue(value) : null;
}
