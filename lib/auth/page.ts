/**
 * Auth for server components (pages, layouts), from next/headers. In Supabase mode a missing or
 * invalid session redirects to /login; a deal the user is not a member of is a 404 (pages do not
 * reveal which deals exist). Local mode: the local user, owner of every deal.
 */
import { cookies, headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import type { Db } from "@/lib/db";
import { getDb } from "@/lib/db";
import type { Deal } from "@/lib/db/queries/deals";
import { isMandaError } from "@/lib/errors";
import { accessibleDealIds, requireDealRole } from "./access";
import { getCurrentUser } from "./session";
import type { AuthUser, DealRole } from "./types";

export async function getPageUser(options: { db?: Db; next?: string } = {}): Promise<AuthUser> {
  try {
    return await getCurrentUser({ headers: await headers(), cookies: await cookies() }, { db: options.db ?? (await getDb()) });
  } catch (e) {
    if (isMandaError(e) && e.type === "unauthorized") redirect(`/login?next=${encodeURIComponent(options.next ?? "/")}`);
    throw e;
  }
}

/** The deal of a deal page if the signed-in user may see it; notFound() otherwise. */
export async function requirePageDealAccess({ slug, role, db }: { slug: string; role?: DealRole; db?: Db }): Promise<Deal> {
  const database = db ?? (await getDb());
  const user = await getPageUser({ db: database, next: `/deals/${encodeURIComponent(slug)}` });
  try {
    return (await requireDealRole({ db: database, user, dealRef: slug, role })).deal;
  } catch (e) {
    if (isMandaError(e) && (e.type === "forbidden" || e.type === "not_found")) notFound();
    throw e;
  }
}

/** Filters a list of deals to those the signed-in user is a member of (all of them in local mode). */
export async function visibleToPageUser<T extends { id: string }>(deals: T[], db?: Db): Promise<T[]> {
  const database = db ?? (await getDb());
  const visible = await accessibleDealIds({ db: database, user: await getPageUser({ db: database }) });
  return visible ? deals.filter((d) => visible.has(d.id)) : deals;
}
