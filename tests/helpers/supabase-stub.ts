import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for a Supabase project on 127.0.0.1 (random port), for tests without network:
 * GET /auth/v1/user (auth.getUser(token)) and the Storage object endpoints supabase-js uses
 * (upload POST/PUT, download GET, remove DELETE, bucket create). Tokens and objects live in memory.
 */
export interface StubUser {
  id: string;
  email: string;
  name?: string;
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
  requests: Array<{ method: string; path: string; auth: string | null; apikey: string | null }>;
  /** When true, GET /auth/v1/user never answers (a hanging auth server); held requests end on close. */
  hangAuth: boolean;
  close(): Promise<void>;
}

export async function startSupabaseStub(options: { buckets?: string[] } = {}): Promise<SupabaseStub> {
  const anonKey = "stub-anon-key";
  const serviceRoleKey = "stub-service-role-key";
  const tokens = new Map<string, StubUser>();
  const objects = new Map<string, Buffer>();
  const buckets = new Set(options.buckets ?? ["documents"]);
  const requests: SupabaseStub["requests"] = [];

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
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
    requests.push({ method: req.method ?? "", path: url.pathname, auth, apikey });
    const bearer = /^Bearer (.+)$/.exec(auth ?? "")?.[1] ?? null;

    if (url.pathname === "/auth/v1/user" && req.method === "GET") {
      if (stub.hangAuth) return; // never answers
      if (apikey !== anonKey) return json(res, 401, { message: "Invalid API key" });
      const user = bearer ? tokens.get(bearer) : undefined;
      if (!user) return json(res, 403, { code: 403, error_code: "bad_jwt", msg: "invalid JWT: unable to parse or verify signature" });
      return json(res, 200, {
        id: user.id, aud: "authenticated", role: "authenticated", email: user.email,
        app_metadata: { provider: "email" }, user_metadata: user.name ? { full_name: user.name } : {},
        created_at: "2026-01-01T00:00:00Z",
      });
    }

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
    hangAuth: false,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  return stub;
}
