/**
 * Who may use a deal, for route handlers (the one `requireDealAccess`). Local single-user mode
 * (no SUPABASE_URL): one local user who owns every deal; Supabase mode: the user from the
 * Supabase session, with deal_members deciding (viewer reads, analyst writes).
 */
import { getDb, type Queryable } from "@/lib/db";
import type { Deal } from "@/lib/db/queries/deals";
import { requireDealRole } from "./access";
import { ensureUserRow, getCurrentUser } from "./session";
import type { AuthUser, DealRole } from "./types";

export interface RequestUser {
  /**
   * The id recorded on rows (conversations.user_id, created_by): the Supabase user id, or null in
   * local single-user mode (as before auth existed, so local data stays shared and unfiltered).
   */
  id: string | null;
  mode: "local" | "supabase";
  /** The authenticated user (in local mode, the fixed local user). */
  auth: AuthUser;
}

export function toRequestUser(auth: AuthUser): RequestUser {
  return { id: auth.mode === "local" ? null : auth.id, mode: auth.mode, auth };
}

/**
 * The user of a request. Local mode: the local user, no I/O. Supabase mode: the token's user,
 * verified with Supabase (unauthorized:session, 401, without a valid session), and recorded in
 * `users` (in `db`, the process database unless given) on every authenticated request, so an
 * owner can add anyone who has signed in as a member even before they opened a deal.
 */
export async function getRequestUser(req?: Request, options: { db?: Queryable } = {}): Promise<RequestUser> {
  const auth = await getCurrentUser(req ?? { headers: null }, { db: null });
  if (auth.mode === "supabase") await ensureUserRow(options.db ?? (await getDb()), auth);
  return toRequestUser(auth);
}

/**
 * The deal by slug or id if the user may use it with at least `role` (default viewer).
 * not_found:deal (404), unauthorized:session (401), forbidden:deal (403: not a member, or a lesser role).
 * Reads only: the user's row was recorded once for the request, where the user was resolved
 * (getRequestUser, or getPageUser for pages); a user without a row is no member of anything.
 */
export async function requireDealAccess({ db, dealRef, user, role }: { db: Queryable; dealRef: string; user: RequestUser | null | undefined; role?: DealRole }): Promise<Deal> {
  return (await requireDealRole({ db, user: user?.auth, dealRef, role })).deal;
}
