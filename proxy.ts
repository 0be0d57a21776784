import { NextResponse, type NextRequest } from "next/server";
import { authCookieName, authMode, supabasePublicConfig } from "@/lib/auth/mode";
import { accessTokenOf } from "@/lib/auth/token";
import { verifySupabaseToken } from "@/lib/auth/verify";
import { getConfig } from "@/lib/config";
import { isMandaError } from "@/lib/errors";
import { guardRequest } from "@/lib/http/guard";
import { STATIC_SECURITY_HEADERS, contentSecurityPolicy, newNonce } from "@/lib/http/security-headers";

/**
 * Next.js middleware, for every request but built assets:
 * 1. lib/http/guard: Host allowlist, same-origin state changes, no NUL in the URL, JSON size.
 * 2. Security headers: a nonce-based Content-Security-Policy on pages (Next puts the nonce on
 *    its scripts), a locked-down one on API responses, nosniff / referrer / framing on both.
 * 3. Supabase mode only: a page request without a valid Supabase session goes to /login?next=….
 *    API routes check the session (and deal access) themselves through lib/auth and answer
 *    401/403 as JSON; local mode passes everything through.
 */
const NO_AUTH_PAGE = /^\/(?:login(?:\/|$)|_next\/|favicon\.ico$)|\.(?:svg|png|jpg|jpeg|gif|webp|ico|css|js|map|txt|woff2?)$/;
const API_CSP = "default-src 'none'; frame-ancestors 'none'";
/** The document file route is displayed by the browser's own PDF viewer when opened directly. */
const FILE_ROUTE = /^\/api\/deals\/[^/]+\/documents\/[^/]+\/file$/;

function secured(res: Response, csp: string | null): Response {
  for (const { key, value } of STATIC_SECURITY_HEADERS) res.headers.set(key, value);
  if (csp) res.headers.set("Content-Security-Policy", csp);
  return res;
}

async function pageAuth(req: NextRequest): Promise<Response | null> {
  if (authMode() !== "supabase" || NO_AUTH_PAGE.test(req.nextUrl.pathname)) return null;
  const { url } = supabasePublicConfig();
  try {
    await verifySupabaseToken(accessTokenOf(req, authCookieName(url)));
    return null;
  } catch (e) {
    if (isMandaError(e) && e.type === "unavailable") return new NextResponse("The sign-in service cannot be reached right now. Please try again.", { status: 503 });
    const to = new URL("/login", req.url);
    to.searchParams.set("next", `${req.nextUrl.pathname}${req.nextUrl.search}`);
    return NextResponse.redirect(to);
  }
}

export async function proxy(req: NextRequest) {
  const config = getConfig();
  const rejected = guardRequest(req, config);
  if (rejected) return secured(Response.json({ error: { code: rejected.code, message: rejected.message } }, { status: rejected.status }), API_CSP);
  const path = req.nextUrl.pathname;
  if (path.startsWith("/api/")) return secured(NextResponse.next(), FILE_ROUTE.test(path) ? "frame-ancestors 'none'" : API_CSP);

  const csp = contentSecurityPolicy({
    nonce: newNonce(),
    dev: process.env.NODE_ENV === "development",
    connect: config.SUPABASE_URL ? [new URL(config.SUPABASE_URL).origin] : [],
  });
  const denied = await pageAuth(req);
  if (denied) return secured(denied, csp);
  const headers = new Headers(req.headers);
  headers.set("content-security-policy", csp);
  return secured(NextResponse.next({ request: { headers } }), csp);
}

export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon\\.ico).*)"],
};
