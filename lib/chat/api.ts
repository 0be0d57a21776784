/**
 * Shared plumbing of the deal-scoped JSON routes (IRL, Q&A, conversations): resolve the deal
 * with the access check, turn MandaErrors into {error:{code,message}} with their status.
 */
import type { Db } from "@/lib/db";
import { getDb } from "@/lib/db";
import type { Deal } from "@/lib/db/queries/deals";
import { MandaError } from "@/lib/errors";
import { readJsonBody } from "@/lib/http/body";
import { dealRefParam } from "@/lib/http/params";
import { roleForMethod } from "@/lib/auth/types";
import { getRequestUser, requireDealAccess, type RequestUser } from "./access";
import { jsonError } from "./handler";

export interface DealRouteContext {
  db: Db;
  deal: Deal;
  user: RequestUser;
}

/** Runs a deal route: access check first, errors as typed JSON. */
export async function withDeal(req: Request, dealRef: string, fn: (ctx: DealRouteContext) => Promise<Response>, deps: { db?: Db } = {}): Promise<Response> {
  try {
    const db = deps.db ?? (await getDb());
    const user = await getRequestUser(req, { db });
    const deal = await requireDealAccess({ db, dealRef: dealRefParam(dealRef), user, role: roleForMethod(req.method) });
    return await fn({ db, deal, user });
  } catch (e) {
    return jsonError(e);
  }
}

/** The JSON body, size-limited while streaming (413) and free of NUL characters (lib/http/body). */
export async function readJson(req: Request, opts: { emptyAs?: unknown } = {}): Promise<unknown> {
  return readJsonBody(req, opts);
}

export function parseWith<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } }, value: unknown): T {
  const r = schema.safeParse(value);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new MandaError("bad_request:body", `${i?.path.map(String).join(".") || "body"}: ${i?.message ?? "invalid"}`);
  }
  return r.data;
}
