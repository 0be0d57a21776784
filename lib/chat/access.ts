/**
 * Who may use a deal. Local single-user mode (the default): anyone who can reach the server
 * may use any existing deal. With Supabase Auth, getRequestUser reads the session and
 * requireDealAccess checks deal_members — both plug in here and nowhere else.
 */
import type { Queryable } from "@/lib/db";
import { requireDeal, type Deal } from "@/lib/db/queries/deals";
import { MandaError } from "@/lib/errors";

export interface RequestUser {
  /** users.id, or null in local single-user mode. */
  id: string | null;
  mode: "local" | "supabase";
}

/** The user of a request. Local mode has one anonymous user. */
export async function getRequestUser(_req?: Request): Promise<RequestUser> {
  return { id: null, mode: "local" };
}

/**
 * The deal by slug or id if the user may use it. not_found:deal when it does not exist (and,
 * with auth, when the user is not a member — existence is not revealed).
 */
export async function requireDealAccess({ db, dealRef, user }: { db: Queryable; dealRef: string; user: RequestUser }): Promise<Deal> {
  if (!dealRef || dealRef.length > 100) throw new MandaError("not_found:deal", "No such deal.");
  const deal = await requireDeal({ db, ref: dealRef }).catch((e) => {
    if (e instanceof MandaError && e.type === "not_found") throw new MandaError("not_found:deal", `No deal "${dealRef}".`);
    throw e;
  });
  if (user.mode === "local") return deal;
  if (!user.id) throw new MandaError("unauthorized:session", "Sign in to use this deal.");
  const member = await db.query("select 1 from deal_members where deal_id = $1 and user_id = $2", [deal.id, user.id]);
  if (member.rows.length === 0) throw new MandaError("not_found:deal", `No deal "${dealRef}".`);
  return deal;
}
