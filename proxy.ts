import { NextResponse, type NextRequest } from "next/server";
import { authCookieName, authMode, supabasePublicConfig } from "@/lib/auth/mode";
import { accessTokenOf } from "@/lib/auth/token";
import type { AuthUser } from "@/lib/auth/types";
import { verifySupabaseToken } from "@/lib/auth/verify";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { isMandaError } from "@/lib/errors";
import { log } from "@/lib/log";
import { guardRequest } from "@/lib/http/guard";
import { pageTargetExists } from "@/lib/http/page-target";
import { API_CSP, STATIC_SECURITY_HEADERS, contentSecurityPolicy, newNonce } from "@/lib/http/security-headers";

/**
 * Next.js middleware, for every request but built assets:
 * 1. lib/http/guard: Host allowlist, same-origin state changes, no NUL in the URL, JSON size.
 * 2. Security headers: a nonce-based Content-Security-Policy on pages (Next puts the nonce on
 *    its scripts), a locked-down one on API responses, nosniff / referrer / framing on both.
 * 3. Supabase mode only: a page request without a valid Supabase session goes to /login?next=…;
 *    a deal page of a deal the user is not a member of is the same 404 a missing deal gets.
 *    API routes check the session (and deal access) themselves through lib/auth and answer
 *    401/403 as JSON; local mode passes everything through.
 * An API request with a body does not come here (see `config.matcher`): lib/http/route.ts runs the
 * same guard and headers in the route.
 */
const NO_AUTH_PAGE = /^\/(?:login(?:\/|$)|_next\/|favicon\.ico$)|\.(?:svg|png|jpg|jpeg|gif|webp|ico|css|js|map|txt|woff2?)$/;
/** The document file route is displayed by the browser's own PDF viewer when opened directly. */
const FILE_ROUTE = /^\/api\/deals\/[^/]+\/documents\/[^/]+\/file$/;

function secured(res: Response, csp: string | null): Response {
  for (const { key, value } of STATIC_SECURITY_HEADERS) res.headers.set(key, value);
  if (csp) res.headers.set("Content-Security-Policy", csp);
  return res;
}

/** Supabase mode: the page's signed-in user, or the redirect to /login (503 when Auth is down). Local mode: no user to check. */
async function pageAuth(req: NextRequest): Promise<{ denied: Response } | { user: AuthUser | null }> {
  if (authMode() !== "supabase" || NO_AUTH_PAGE.test(req.nextUrl.pathname)) return { user: null };
  const { url } = supabasePublicConfig();
  try {
    return { user: await verifySupabaseToken(accessTokenOf(req, authCookieName(url))) };
  } catch (e) {
    if (isMandaError(e) && e.type === "unavailable") return { denied: new NextResponse("The sign-in service cannot be reached right now. Please try again.", { status: 503 }) };
    const to = new URL("/login", req.url);
    to.searchParams.set("next", `${req.nextUrl.pathname}${req.nextUrl.search}`);
    return { denied: NextResponse.redirect(to) };
  }
}

export async function proxy(req: NextRequest) {
  const config = getConfig();
  const rejected = guardRequest(req, config);
  if (rejected) log.warn("request refused", { code: rejected.code, method: req.method, path: req.nextUrl.pathname.slice(0, 200) });
  if (rejected) return secured(Response.json({ error: { code: rejected.code, message: rejected.message } }, { status: rejected.status }), API_CSP);
  const path = req.nextUrl.pathname;
  if (path.startsWith("/api/")) return secured(NextResponse.next(), FILE_ROUTE.test(path) ? "frame-ancestors 'none'" : API_CSP);

  const csp = contentSecurityPolicy({
    nonce: newNonce(),
    dev: process.env.NODE_ENV === "development",
    connect: config.SUPABASE_URL ? [new URL(config.SUPABASE_URL).origin] : [],
  });
  const auth = await pageAuth(req);
  if ("denied" in auth) return secured(auth.denied, csp);
  const headers = new Headers(req.headers);
  headers.set("content-security-policy", csp);
  // a deal or document that does not exist, or (Supabase mode) a deal the user is not a member of:
  // the not-found page with status 404, decided before the page streams (lib/http/page-target.ts)
  if ((req.method === "GET" || req.method === "HEAD") && !(await pageTargetExists(await getDb(), path, auth.user))) {
    return secured(NextResponse.rewrite(new URL("/_manda/not-found", req.url), { request: { headers } }), csp);
  }
  return secured(NextResponse.next({ request: { headers } }), csp);
}

/**
 * Next.js reads the whole body of a request its middleware sees into memory before the route gets
 * it (body-streams.js, getCloneableBody), and keeps only the first proxyClientMaxBodySize (10 MB) of
 * it: an upload was buffered whole and silently cut, and a JSON limit could not be enforced while
 * the body streamed. So API requests that carry a body (a Content-Length above 0, or chunked)
 * skip this middleware; their routes run guardRequest and set the headers themselves
 * (lib/http/route.ts withDealRoute / withRequest). Pages and body-less requests come here.
 */
export const config = {
  matcher: [
    "/((?!_next/static|_next/image|favicon\\.ico|api/).*)",
    {
      source: "/api/:path*",
      missing: [
        { type: "header", key: "content-length", value: "0*[1-9][0-9]*" },
        { type: "header", key: "transfer-encoding" },
      ],
    },
    // …except one whose path holds a byte no API path can (a non-ASCII or broken escape): Next
    // would fail to decode it with a plain-text 500 before the route runs; the guard answers 400.
    "/api/(.*%(?:[89a-fA-F]|(?![0-9a-fA-F]{2})).*)",
  ],
};
