/**
 * Plumbing for the UI's route handlers: deal access (same rule as the chat routes), typed errors
 * as {error: {code, message}} with their HTTP status; internals are logged, never returned.
 */
import { getDb, type Db } from "@/lib/db";
import type { Deal } from "@/lib/db/queries/deals";
import { isMandaError, toPublicError } from "@/lib/errors";
import { log } from "@/lib/log";
import { roleForMethod } from "@/lib/auth/types";
import { getRequestUser, requireDealAccess } from "@/lib/chat/access";
import { dealRefParam } from "@/lib/http/params";

export function errorResponse(e: unknown): Response {
  const pub = toPublicError(e);
  if (!isMandaError(e)) log.error("ui route failed", { error: e instanceof Error ? e.stack ?? e.message : String(e) });
  return Response.json({ error: { code: pub.code, message: pub.message } }, { status: pub.status, headers: { "cache-control": "no-store" } });
}

export async function withDealRoute(req: Request, dealRef: string, fn: (ctx: { db: Db; deal: Deal }) => Promise<Response>): Promise<Response> {
  try {
    const db = await getDb();
    const user = await getRequestUser(req);
    const deal = await requireDealAccess({ db, dealRef: dealRefParam(dealRef), user, role: roleForMethod(req.method) });
    return await fn({ db, deal });
  } catch (e) {
    return errorResponse(e);
  }
}
