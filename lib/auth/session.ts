import { getConfig, type Config } from "@/lib/config";
import type { Queryable } from "@/lib/db";
import { getDb } from "@/lib/db";
import { authCookieName, authMode, supabasePublicConfig } from "./mode";
import { accessTokenOf, type AuthInput } from "./token";
import { LOCAL_USER, type AuthUser } from "./types";
import { clearTokenCache, verifySupabaseToken } from "./verify";

export { verifySupabaseToken };

export function clearAuthCache(): void {
  clearTokenCache();
  ensured = new WeakMap();
}

// Users already written to a database by this process (re-written after a while to pick up renames).
let ensured = new WeakMap<Queryable, Map<string, number>>();
const ENSURE_TTL_MS = 10 * 60_000;

/**
 * Makes sure the user has its row in `users` (id = Supabase user id, or the fixed local user).
 * An email that moved to a new account id is taken off the old row first (email is unique).
 */
export async function ensureUserRow(db: Queryable, user: AuthUser): Promise<void> {
  let seen = ensured.get(db);
  if (!seen) ensured.set(db, (seen = new Map()));
  const at = seen.get(user.id);
  if (at !== undefined && Date.now() - at < ENSURE_TTL_MS) return;
  if (user.email) await db.query("update users set email = null where email = $1 and id <> $2", [user.email, user.id]);
  await db.query(
    `insert into users (id, email, name) values ($1, $2, $3)
     on conflict (id) do update set email = excluded.email, name = excluded.name
     where users.email is distinct from excluded.email or users.name is distinct from excluded.name`,
    [user.id, user.email, user.name],
  );
  seen.set(user.id, Date.now());
}

/**
 * The user of a request (a Request, or `{headers, cookies}` from next/headers in a server
 * component). Local mode: the fixed local user. Supabase mode: the user of the access token
 * (Bearer header or the Supabase auth cookie), verified with Supabase. The user's row in `users`
 * is upserted in `db` (the process database unless given; pass `db: null` to skip).
 */
export async function getCurrentUser(input: AuthInput, options: { db?: Queryable | null; config?: Config } = {}): Promise<AuthUser> {
  const cfg = options.config ?? getConfig();
  let user: AuthUser;
  if (authMode(cfg) === "local") {
    user = LOCAL_USER;
  } else {
    const { url } = supabasePublicConfig(cfg);
    user = await verifySupabaseToken(accessTokenOf(input, authCookieName(url)), cfg);
  }
  if (options.db !== null) await ensureUserRow(options.db ?? (await getDb()), user);
  return user;
}

/**
 * Whether a request carries a Supabase session cookie (not verified: for showing "Sign out" in the
 * header only; every data read still verifies the token). Always false in local mode.
 */
export function hasSessionCookie(input: AuthInput, cfg: Config = getConfig()): boolean {
  return authMode(cfg) === "supabase" && !!cfg.SUPABASE_URL && accessTokenOf(input, authCookieName(cfg.SUPABASE_URL)) !== null;
}
