/** Who is using Manda, and with which rights on a deal. */
export type AuthMode = "local" | "supabase";

export type DealRole = "owner" | "analyst" | "viewer";

/** Higher can do everything lower can: a viewer reads, an analyst also writes, an owner also manages members. */
export const ROLE_RANK: Record<DealRole, number> = { viewer: 1, analyst: 2, owner: 3 };

export interface AuthUser {
  /** users.id: the fixed local user in local mode, the Supabase user id in Supabase mode. */
  id: string;
  email: string | null;
  name: string;
  mode: AuthMode;
}

/** The single user of local mode (one row in `users`, created on first use). */
export const LOCAL_USER: AuthUser = Object.freeze({
  id: "00000000-0000-4000-8000-000000000001",
  email: null,
  name: "Local analyst",
  mode: "local",
}) as AuthUser;

export function roleAtLeast(role: DealRole, min: DealRole): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[min];
}

/** The least role a request needs by its method: reads are for viewers, anything else for analysts. */
export function roleForMethod(method: string | undefined): DealRole {
  const m = (method ?? "GET").toUpperCase();
  return m === "GET" || m === "HEAD" || m === "OPTIONS" ? "viewer" : "analyst";
}
