import { NextResponse, type NextRequest } from "next/server";
import { authCookieName, authMode, supabasePublicConfig } from "@/lib/auth/mode";
import { accessTokenOf } from "@/lib/auth/token";
import { verifySupabaseToken } from "@/lib/auth/verify";
import { isMandaError } from "@/lib/errors";

/**
 * Supabase mode only: a page request without a valid Supabase session goes to /login?next=….
 * Local mode passes everything through. API routes check the session (and deal access) themselves
 * through lib/auth and answer 401/403 as JSON, so they are not matched here.
 */
export async function proxy(req: NextRequest) {
  if (authMode() !== "supabase") return NextResponse.next();
  const { url } = supabasePublicConfig();
  try {
    await verifySupabaseToken(accessTokenOf(req, authCookieName(url)));
    return NextResponse.next();
  } catch (e) {
    if (isMandaError(e) && e.type === "unavailable") return new NextResponse("The sign-in service cannot be reached right now. Please try again.", { status: 503 });
    const to = new URL("/login", req.url);
    to.searchParams.set("next", `${req.nextUrl.pathname}${req.nextUrl.search}`);
    return NextResponse.redirect(to);
  }
}

export const config = {
  matcher: ["/((?!api/|login|_next/|favicon\\.ico|.*\\.(?:svg|png|jpg|jpeg|gif|webp|ico|css|js|map|txt|woff2?)$).*)"],
};
