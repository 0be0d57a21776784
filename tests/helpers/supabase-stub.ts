import { createHash, createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for a Supabase project on 127.0.0.1 (random port), for tests without network.
 * Auth (what GoTrue's client calls): GET /auth/v1/user (auth.getUser(token)); POST
 * /auth/v1/token?grant_type=password | pkce | refresh_token; POST /auth/v1/otp (a magic link,
 * PKCE only: the code_challenge is recorded and the "email" lands in `emails`); GET
 * /auth/v1/verify (the emailed link: redirects to redirect_to with `code`); POST /auth/v1/logout.
 * Auth answers carry CORS headers (and OPTIONS preflights are answered) because browsers call it
 * cross-origin. Access tokens are HS256 JWTs signed with a stub secret (never verified by the
 * app, which asks GET /auth/v1/user). Storage: the object endpoints supabase-js uses (upload
 * POST/PUT, download GET, remove DELETE, bucket create). Everything lives in memory.
 */
export interface StubUser {
  id: string;
  email: string;
  name?: string;
  /** For POST /auth/v1/token?grant_type=password; a user without one cannot sign in with a password. */
  password?: string;
  /** Extra user_metadata (in the user object and the JWT; a big one makes the session cookie chunked). */
  metadata?: Record<string, unknown>;
}

/** A magic link "sent" by POST /auth/v1/otp. */
export interface StubEmail {
  to: string;
  /** The link in the email: GET <stub>/auth/v1/verify?token=…&type=magiclink&redirect_to=… */
  link: string;
  redirectTo: string | null;
  codeChallenge: string;
  codeChallengeMethod: "s256" | "plain";
}

/** One POST /auth/v1/token?grant_type=pkce and how the stub answered it. */
export interface StubPkceExchange {
  authCode: string;
  outcome: "signed_in" | "bad_code_verifier" | "flow_state_not_found";
}

export interface SupabaseStub {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** access token → user */
  tokens: Map<string, StubUser>;
  /** `<bucket>/<key>` → bytes */
  objects: Map<string, Buffer>;
  buckets: Set<string>;
  requests: Array<{ method: string; path: string; search: string; auth: string | null; apikey: string | null; origin: string | null }>;
  /** email (lower case) → user, for password and magic-link sign-in. */
  users: Map<string, StubUser>;
  emails: StubEmail[];
  pkceExchanges: StubPkceExchange[];
  /** When true, GET /auth/v1/user never answers (a hanging auth server); held requests end on close. */
  hangAuth: boolean;
  addUser(user: StubUser): StubUser;
  /** A new session for the user, as a sign-in would return it (its access token is in `tokens`). */
  signIn(user: StubUser): StubSession;
  close(): Promise<void>;
}

export interface StubSession {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

const b64url = (b: Buffer | string) => Buffer.from(b).toString("base64url");
const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

export async function startSupabaseStub(options: { buckets?: string[] } = {}): Promise<SupabaseStub> {
  const anonKey = "stub-anon-key";
  const serviceRoleKey = "stub-service-role-key";
  const tokens = new Map<string, StubUser>();
  const objects = new Map<string, Buffer>();
  const buckets = new Set(options.buckets ?? ["documents"]);
  const requests: SupabaseStub["requests"] = [];
  const users = new Map<string, StubUser>();
  const emails: StubEmail[] = [];
  const pkceExchanges: StubPkceExchange[] = [];
  const jwtSecret = randomBytes(32);
  /** refresh token → its session (the access token it goes with, for logout) */
  const refreshTokens = new Map<string, { user: StubUser; accessToken: string }>();
  /** the emailed link's token → the PKCE flow it starts; auth code (after the link is opened) → that flow */
  const otps = new Map<string, { user: StubUser; codeChallenge: string; method: "s256" | "plain"; redirectTo: string | null }>();
  const flows = new Map<string, { user: StubUser; codeChallenge: string; method: "s256" | "plain" }>();

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  /** GoTrue's error shape for API version 2024-01-01 (what supabase-js sends): {code, message}. */
  const authError = (res: http.ServerResponse, status: number, code: string, message: string) => {
    res.writeHead(status, { "content-type": "application/json", "x-supabase-api-version": "2024-01-01" });
    res.end(JSON.stringify({ code, message }));
  };
  const cors = (req: http.IncomingMessage, res: http.ServerResponse) => {
    res.setHeader("access-control-allow-origin", req.headers.origin ?? "*");
    res.setHeader("access-control-allow-methods", "GET, POST, PUT, DELETE, OPTIONS");
    res.setHeader("access-control-allow-headers", req.headers["access-control-request-headers"] ?? "authorization, apikey, content-type, x-client-info, x-supabase-api-version");
    res.setHeader("access-control-expose-headers", "x-supabase-api-version");
    res.setHeader("access-control-max-age", "600");
    res.setHeader("vary", "origin");
  };
  const readJson = async (req: http.IncomingMessage) => JSON.parse((await readBody(req)).toString() || "{}") as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === "string" ? v : "");

  const userJson = (user: StubUser) => ({
    id: user.id, aud: "authenticated", role: "authenticated", email: user.email, email_confirmed_at: "2026-01-01T00:00:00Z", phone: "",
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: { ...(user.name ? { full_name: user.name } : {}), ...user.metadata },
    identities: [], created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-01T00:00:00Z", is_anonymous: false,
  });
  const jwt = (claims: Record<string, unknown>) => {
    const unsigned = `${b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }))}.${b64url(JSON.stringify(claims))}`;
    return `${unsigned}.${b64url(createHmac("sha256", jwtSecret).update(unsigned).digest())}`;
  };
  const signIn = (user: StubUser, method = "password"): StubSession => {
    const iat = Math.floor(Date.now() / 1000);
    const expiresIn = 3600;
    const u = userJson(user);
    const accessToken = jwt({
      aud: "authenticated", exp: iat + expiresIn, iat, iss: `${stub.url}/auth/v1`, sub: user.id, email: user.email, phone: "",
      app_metadata: u.app_metadata, user_metadata: u.user_metadata, role: "authenticated", aal: "aal1",
      amr: [{ method, timestamp: iat }], session_id: crypto.randomUUID(), is_anonymous: false,
    });
    const refreshToken = b64url(randomBytes(9));
    tokens.set(accessToken, user);
    refreshTokens.set(refreshToken, { user, accessToken });
    return { access_token: accessToken, token_type: "bearer", expires_in: expiresIn, expires_at: iat + expiresIn, refresh_token: refreshToken, user: u };
  };

  /** The /auth/v1 endpoints a browser client calls (password, magic link with PKCE, refresh, logout); false for others. */
  const handleAuth = async (req: http.IncomingMessage, res: http.ServerResponse, url: URL, bearer: string | null): Promise<boolean> => {
    const route = `${req.method} ${url.pathname}`;
    const known = ["GET /auth/v1/verify", "POST /auth/v1/token", "POST /auth/v1/otp", "POST /auth/v1/logout"];
    if (!known.includes(route)) return false;
    if (route === "GET /auth/v1/verify") verifyLink(res, url);
    else if (req.headers.apikey !== anonKey) authError(res, 401, "no_api_key", "Invalid API key");
    else if (route === "POST /auth/v1/token") token(res, url.searchParams.get("grant_type"), await readJson(req));
    else if (route === "POST /auth/v1/otp") otp(res, url, await readJson(req));
    else logout(res, bearer, url.searchParams.get("scope") ?? "global");
    return true;
  };
  const token = (res: http.ServerResponse, grant: string | null, body: Record<string, unknown>) => {
    if (grant === "password") {
      const user = users.get(str(body.email).toLowerCase());
      if (!user?.password || user.password !== body.password) return authError(res, 400, "invalid_credentials", "Invalid login credentials");
      return json(res, 200, signIn(user, "password"));
    }
    if (grant === "pkce") {
      const authCode = str(body.auth_code);
      const flow = flows.get(authCode);
      if (!flow) {
        pkceExchanges.push({ authCode, outcome: "flow_state_not_found" });
        return authError(res, 404, "flow_state_not_found", "invalid flow state, no valid flow state found");
      }
      const verifier = str(body.code_verifier);
      if (!verifier || (flow.method === "s256" ? s256(verifier) : verifier) !== flow.codeChallenge) {
        pkceExchanges.push({ authCode, outcome: "bad_code_verifier" });
        return authError(res, 403, "bad_code_verifier", "code challenge does not match previously saved code verifier");
      }
      flows.delete(authCode); // an auth code is used once
      pkceExchanges.push({ authCode, outcome: "signed_in" });
      return json(res, 200, signIn(flow.user, "otp"));
    }
    if (grant === "refresh_token") {
      const old = refreshTokens.get(str(body.refresh_token));
      if (!old) return authError(res, 400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
      refreshTokens.delete(str(body.refresh_token));
      return json(res, 200, signIn(old.user, "password"));
    }
    return authError(res, 400, "validation_failed", `stub: unsupported grant_type ${grant}`);
  };
  const otp = (res: http.ServerResponse, url: URL, body: Record<string, unknown>) => {
    const user = users.get(str(body.email).toLowerCase());
    if (!user) return authError(res, 422, "otp_disabled", "Signups not allowed for otp");
    const method = str(body.code_challenge_method).toLowerCase();
    if (!body.code_challenge || (method !== "s256" && method !== "plain")) return authError(res, 400, "validation_failed", "stub: only the PKCE flow (code_challenge) is implemented");
    const otpToken = b64url(randomBytes(16));
    const redirectTo = url.searchParams.get("redirect_to");
    otps.set(otpToken, { user, codeChallenge: str(body.code_challenge), method, redirectTo });
    const link = new URL(`${stub.url}/auth/v1/verify`);
    link.search = new URLSearchParams({ token: otpToken, type: "magiclink", ...(redirectTo ? { redirect_to: redirectTo } : {}) }).toString();
    emails.push({ to: user.email, link: link.href, redirectTo, codeChallenge: str(body.code_challenge), codeChallengeMethod: method });
    return json(res, 200, {});
  };
  /** The emailed link: a one-time token becomes an auth code, handed to redirect_to as `?code=`. */
  const verifyLink = (res: http.ServerResponse, url: URL) => {
    const pending = otps.get(url.searchParams.get("token") ?? "");
    if (!pending || !pending.redirectTo) return authError(res, 403, "otp_expired", "Email link is invalid or has expired");
    otps.delete(url.searchParams.get("token")!);
    const authCode = crypto.randomUUID();
    flows.set(authCode, { user: pending.user, codeChallenge: pending.codeChallenge, method: pending.method });
    const to = new URL(pending.redirectTo);
    to.searchParams.set("code", authCode);
    res.writeHead(303, { location: to.href });
    res.end();
  };
  const logout = (res: http.ServerResponse, bearer: string | null, scope: string) => {
    const user = bearer ? tokens.get(bearer) : undefined;
    if (!user) return authError(res, 401, "bad_jwt", "invalid JWT: unable to parse or verify signature");
    for (const [refresh, s] of refreshTokens) {
      if (scope === "global" ? s.user.id === user.id : scope === "local" ? s.accessToken === bearer : s.user.id === user.id && s.accessToken !== bearer) {
        refreshTokens.delete(refresh);
        tokens.delete(s.accessToken);
      }
    }
    res.writeHead(204);
    res.end();
  };
  const readBody = (req: http.IncomingMessage) =>
    new Promise<Buffer>((resolve, reject) => {
      const parts: Buffer[] = [];
      req.on("data", (c: Buffer) => parts.push(c));
      req.on("end", () => resolve(Buffer.concat(parts)));
      req.on("error", reject);
    });

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const auth = req.headers.authorization ?? null;
    const apikey = (req.headers.apikey as string | undefined) ?? null;
    requests.push({ method: req.method ?? "", path: url.pathname, search: url.search, auth, apikey, origin: req.headers.origin ?? null });
    const bearer = /^Bearer (.+)$/.exec(auth ?? "")?.[1] ?? null;

    if (url.pathname.startsWith("/auth/v1/")) {
      cors(req, res);
      if (req.method === "OPTIONS") {
        res.writeHead(204);
        return res.end();
      }
    }
    if (url.pathname === "/auth/v1/user" && req.method === "GET") {
      if (stub.hangAuth) return; // never answers
      if (apikey !== anonKey) return json(res, 401, { message: "Invalid API key" });
      const user = bearer ? tokens.get(bearer) : undefined;
      if (!user) return json(res, 403, { code: 403, error_code: "bad_jwt", msg: "invalid JWT: unable to parse or verify signature" });
      return json(res, 200, userJson(user));
    }
    if (url.pathname.startsWith("/auth/v1/") && (await handleAuth(req, res, url, bearer))) return;

    if (url.pathname.startsWith("/storage/v1/")) {
      if (bearer !== serviceRoleKey) return json(res, 403, { statusCode: "403", error: "Unauthorized", message: "new row violates row-level security policy" });
      if (url.pathname === "/storage/v1/bucket" && req.method === "POST") {
        const { name, id } = JSON.parse((await readBody(req)).toString() || "{}") as { name?: string; id?: string };
        const b = id ?? name ?? "";
        if (buckets.has(b)) return json(res, 409, { statusCode: "409", error: "Duplicate", message: "The resource already exists" });
        buckets.add(b);
        return json(res, 200, { name: b });
      }
      const m = /^\/storage\/v1\/object\/([^/]+)(?:\/(.+))?$/.exec(url.pathname);
      if (m) {
        const bucket = decodeURIComponent(m[1]!);
        const key = m[2] ? decodeURIComponent(m[2]) : "";
        if (!buckets.has(bucket)) return json(res, 400, { statusCode: "404", error: "Bucket not found", message: "Bucket not found" });
        if ((req.method === "POST" || req.method === "PUT") && key) {
          const body = await readBody(req);
          if (objects.has(`${bucket}/${key}`) && req.method === "POST" && req.headers["x-upsert"] !== "true") {
            return json(res, 400, { statusCode: "409", error: "Duplicate", message: "The resource already exists" });
          }
          objects.set(`${bucket}/${key}`, body);
          return json(res, 200, { Id: crypto.randomUUID(), Key: `${bucket}/${key}` });
        }
        if (req.method === "GET" && key) {
          const body = objects.get(`${bucket}/${key}`);
          if (!body) return json(res, 400, { statusCode: "404", error: "not_found", message: "Object not found" });
          res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(body.length) });
          return res.end(body);
        }
        if (req.method === "DELETE" && !key) {
          const { prefixes } = JSON.parse((await readBody(req)).toString() || "{}") as { prefixes?: string[] };
          const removed = (prefixes ?? []).filter((p) => objects.delete(`${bucket}/${p}`));
          return json(res, 200, removed.map((name) => ({ name, bucket_id: bucket })));
        }
      }
    }
    json(res, 404, { message: `stub: no route for ${req.method} ${url.pathname}` });
  };
  // A failure inside the stub surfaces as an unhandled rejection, which vitest reports as an error.
  const server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const stub: SupabaseStub = {
    url: `http://127.0.0.1:${port}`,
    anonKey,
    serviceRoleKey,
    tokens,
    objects,
    buckets,
    requests,
    users,
    emails,
    pkceExchanges,
    hangAuth: false,
    addUser: (user) => {
      users.set(user.email.toLowerCase(), user);
      return user;
    },
    signIn: (user) => signIn(user),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  return stub;
}
