import type { Queryable } from "@/lib/db";
import { createDeal, requireDeal, type Deal } from "@/lib/db/queries/deals";
import { MandaError } from "@/lib/errors";
import { authMode } from "./mode";
import { ensureUserRow } from "./session";
import { ROLE_RANK, roleAtLeast, type AuthUser, type DealRole } from "./types";

const ROLES = new Set<DealRole>(["owner", "analyst", "viewer"]);

/** The user's role on a deal: owner of every deal in local mode, the deal_members row otherwise. */
export async function dealRoleOf({ db, user, dealId }: { db: Queryable; user: AuthUser; dealId: string }): Promise<DealRole | null> {
  assertModeMatches(user);
  if (user.mode === "local") return "owner";
  const { rows } = await db.query<{ role: string }>("select role from deal_members where deal_id = $1 and user_id = $2", [dealId, user.id]);
  const role = rows[0]?.role as DealRole | undefined;
  return role && ROLES.has(role) ? role : null;
}

function assertModeMatches(user: AuthUser | null | undefined): asserts user is AuthUser {
  if (!user) throw new MandaError("unauthorized:session", "Sign in to continue.");
  // A local user is never accepted once Supabase Auth is configured (and vice versa).
  if (user.mode !== authMode()) throw new MandaError("unauthorized:session", "Sign in to continue.");
}

/**
 * The deal (by slug or id) and the user's role on it, if the user may use it with at least `role`
 * (default viewer). not_found:deal when it does not exist; unauthorized:session without a user;
 * forbidden:deal when the user is not a member, or a member with a lesser role. Route handlers
 * call requireDealAccess (./request), which takes the request's user.
 */
export async function requireDealRole({ db, user, dealRef, role = "viewer" }: { db: Queryable; user: AuthUser | null | undefined; dealRef: string; role?: DealRole }): Promise<{ deal: Deal; role: DealRole }> {
  assertModeMatches(user);
  if (!dealRef || dealRef.length > 100) throw new MandaError("not_found:deal", "No such deal.");
  // A non-member gets the very answer a missing deal gets: a 403 told them the slug exists.
  const noDeal = () => new MandaError("not_found:deal", `No deal "${dealRef}" (or you are not a member of it: ask its owner to add you).`);
  const deal = await requireDeal({ db, ref: dealRef }).catch((e) => {
    if (e instanceof MandaError && e.type === "not_found") throw noDeal();
    throw e;
  });
  const has = await dealRoleOf({ db, user, dealId: deal.id });
  if (!has) throw noDeal();
  if (!roleAtLeast(has, role)) throw new MandaError("forbidden:deal", `Your role on "${deal.slug}" is ${has}; this needs ${role} or higher.`);
  return { deal, role: has };
}

/** Deal ids the user may see: null means all (local mode). */
export async function accessibleDealIds({ db, user }: { db: Queryable; user: AuthUser }): Promise<Set<string> | null> {
  assertModeMatches(user);
  if (user.mode === "local") return null;
  const { rows } = await db.query<{ deal_id: string }>("select deal_id from deal_members where user_id = $1", [user.id]);
  return new Set(rows.map((r) => r.deal_id));
}

/** Adds (or changes the role of) a member; the user must have signed in once (not_found:user otherwise). */
export async function setDealMember({ db, dealId, userId, role }: { db: Queryable; dealId: string; userId: string; role: DealRole }): Promise<void> {
  if (!ROLES.has(role)) throw new MandaError("bad_request:role", "A role is owner, analyst or viewer.");
  if (role !== "owner") await assertNotLastOwner(db, dealId, userId);
  const { rows } = await db.query(
    `insert into deal_members (deal_id, user_id, role) select $1, u.id, $3 from users u where u.id = $2
     on conflict (deal_id, user_id) do update set role = excluded.role returning user_id`,
    [dealId, userId, role],
  );
  if (rows.length === 0) throw new MandaError("not_found:user", "No such user yet: a user appears after signing in to Manda once.");
}

/** Creates a deal with its creator as owner, in one transaction. */
export async function createDealAsOwner({ db, user, slug, name, targetCompany }: {
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> };
  user: AuthUser;
  slug: string;
  name?: string;
  targetCompany?: string;
}): Promise<Deal> {
  assertModeMatches(user);
  return db.transaction(async (tx) => {
    await ensureUserRow(tx, user);
    const deal = await createDeal({ db: tx, slug, name, targetCompany });
    await setDealMember({ db: tx, dealId: deal.id, userId: user.id, role: "owner" });
    return deal;
  });
}

export { ROLE_RANK };

export interface DealMember {
  user_id: string;
  email: string | null;
  name: string;
  role: DealRole;
}

export async function listDealMembers({ db, dealId }: { db: Queryable; dealId: string }): Promise<DealMember[]> {
  const { rows } = await db.query<DealMember>(
    `select m.user_id, u.email, u.name, m.role from deal_members m join users u on u.id = m.user_id
     where m.deal_id = $1 order by m.created_at, u.name`,
    [dealId],
  );
  return rows;
}

/** Removes a member; the last owner cannot be removed (nor demoted by setDealMember). */
export async function removeDealMember({ db, dealId, userId }: { db: Queryable; dealId: string; userId: string }): Promise<void> {
  await assertNotLastOwner(db, dealId, userId);
  await db.query("delete from deal_members where deal_id = $1 and user_id = $2", [dealId, userId]);
}

async function assertNotLastOwner(db: Queryable, dealId: string, userId: string): Promise<void> {
  const owners = await db.query<{ user_id: string }>("select user_id from deal_members where deal_id = $1 and role = 'owner'", [dealId]);
  if (owners.rows.length === 1 && owners.rows[0]!.user_id === userId) throw new MandaError("conflict:last_owner", "A deal keeps at least one owner.");
}
