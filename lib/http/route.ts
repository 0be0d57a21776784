/**
 * The one route helper family for the JSON route handlers: resolve the deal with the access check
 * (lib/auth/request), parse the body (size-limited, zod), and turn any error into
 * {error: {code, message}} with the status from lib/errors.ts. Internals are logged, never returned.
 */
import { getRequestUser, requireDealAccess, type RequestUser } from "@/lib/auth/request";
import { roleForMethod } from "@/lib/auth/types";
import { getConfig } from "@/lib/config";
import { getDb, type Db } from "@/lib/db";
import type { Deal } from "@/lib/db/queries/deals";
import { isMandaError, MandaError, toPublicError } from "@/lib/errors";
import { log } from "@/lib/log";
import { readJsonBody } from "./body";
import { guardRequest } from "./guard";
import { API_CSP, STATIC_SECURITY_HEADERS } from "./security-headers";
import { dealRefParam } from "./params";

export interface DealRouteContext {
  db: Db;
  deal: Deal;
  user: RequestUser;
}

/** Any error as {error: {code, message}} with its HTTP status; an unexpected one is logged and shown as internal. */
export function errorResponse(e: unknown): Response {
  const pub = toPublicError(e);
  if (!isMandaError(e)) log.error("route failed", { error: e instanceof Error ? e.stack ?? e.message : String(e) });
  else if (e.type === "bad_request" || e.type === "too_large") log.warn("request refused", { code: e.code });
  return Response.json({ error: { code: pub.code, message: pub.message } }, { status: pub.status, headers: { "cache-control": "no-store" } });
}

/** Runs a handler, answering any error it throws with errorResponse. */
export async function withErrors(fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (e) {
    return errorResponse(e);
  }
}

/**
 * The checks proxy.ts runs (Host, same origin, NUL, declared size), for the requests that skip it:
 * API requests with a body (proxy.ts `config.matcher`). Running them again after the proxy is harmless.
 */
export function guardRoute(req: Request): void {
  // Every HTTP/1.1 request names its Host; a Request made in-process (tests, scripts) has none and
  // is no browser's (DNS rebinding needs one), so only the Host check is left out for it.
  const config = getConfig();
  const rejected = guardRequest(req, req.headers.has("host") ? config : { ...config, allowedHosts: "any" });
  if (rejected) throw new MandaError(rejected.code, rejected.message);
}

/** The security headers proxy.ts sets, on an answer it did not see (kept when already set). */
function secured(res: Response): Response {
  try {
    for (const { key, value } of STATIC_SECURITY_HEADERS) if (!res.headers.has(key)) res.headers.set(key, value);
    if (!res.headers.has("content-security-policy")) res.headers.set("content-security-policy", API_CSP);
  } catch {
    /* immutable headers (a fetched response): sent as they are */
  }
  return res;
}

/** A route that takes a request body but no deal segment: the guard, then `fn`, errors as typed JSON. */
export async function withRequest(req: Request, fn: () => Promise<Response>): Promise<Response> {
  return secured(await withErrors(async () => {
    guardRoute(req);
    return fn();
  }));
}

/**
 * Runs a deal route: the guard (guardRoute), the request's user, the deal if they may use it (viewer for GET/HEAD,
 * analyst otherwise: roleForMethod), then `fn`; errors as typed JSON.
 */
export async function withDealRoute(req: Request, dealRef: string, fn: (ctx: DealRouteContext) => Promise<Response>, deps: { db?: Db } = {}): Promise<Response> {
  return secured(await withErrors(async () => {
    guardRoute(req);
    const db = deps.db ?? (await getDb());
    const user = await getRequestUser(req, { db });
    const deal = await requireDealAccess({ db, dealRef: dealRefParam(dealRef), user, role: roleForMethod(req.method) });
    return fn({ db, deal, user });
  }));
}

/** The JSON body, size-limited while streaming (413) and free of NUL characters (./body). */
export async function readJson(req: Request, opts: { emptyAs?: unknown } = {}): Promise<unknown> {
  return readJsonBody(req, opts);
}

/** `value` parsed by a zod schema; the first issue becomes bad_request:body (400). */
export function parseWith<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } }, value: unknown): T {
  const r = schema.safeParse(value);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new MandaError("bad_request:body", `${i?.path.map(String).join(".") || "body"}: ${i?.message ?? "invalid"}`);
  }
  return r.data;
}
