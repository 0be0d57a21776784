/** Token verification with Supabase, without database access (usable from proxy.ts). */
import { createHash } from "node:crypto";
import type { User } from "@supabase/supabase-js";
import { getConfig, type Config } from "@/lib/config";
import { MandaError } from "@/lib/errors";
import { log } from "@/lib/log";
import { supabasePublicConfig } from "./mode";
import { serverSupabaseClient } from "./supabase";
import type { AuthUser } from "./types";

/** Verified tokens are remembered briefly so a page's burst of API calls costs one round-trip. */
const TOKEN_TTL_MS = 30_000;
const MAX_CACHED_TOKENS = 1000;
const verified = new Map<string, { user: AuthUser; until: number }>();

function tokenKey(url: string, token: string): string {
  return createHash("sha256").update(url).update("\n").update(token).digest("hex");
}

export function clearTokenCache(): void {
  verified.clear();
}

function toAuthUser(u: User): AuthUser {
  const meta = (u.user_metadata ?? {}) as Record<string, unknown>;
  const metaName = [meta.full_name, meta.name, meta.user_name].find((v): v is string => typeof v === "string" && v.trim() !== "");
  const email = u.email?.trim() ? u.email.trim().toLowerCase() : null;
  return { id: u.id, email, name: (metaName ?? email?.split("@")[0] ?? "User").trim().slice(0, 200), mode: "supabase" };
}

/**
 * Checks an access token with Supabase (`auth.getUser(token)`, i.e. GET /auth/v1/user), so a
 * revoked session or a signed-out user is refused. unauthorized:session for a missing, invalid or
 * expired token; unavailable:auth when Supabase cannot be reached or does not answer within
 * MANDA_AUTH_TIMEOUT_MS.
 */
export async function verifySupabaseToken(token: string | null, cfg: Config = getConfig()): Promise<AuthUser> {
  if (!token) throw new MandaError("unauthorized:session", "Sign in to continue.");
  const { url, anonKey } = supabasePublicConfig(cfg);
  const key = tokenKey(url, token);
  const hit = verified.get(key);
  if (hit && hit.until > Date.now()) return hit.user;
  // A page's burst of requests with the same token shares one check (and, if the server hangs, one wait).
  let pending = inflight.get(key);
  if (!pending) {
    pending = checkWithSupabase({ url, anonKey, token, key, timeoutMs: cfg.MANDA_AUTH_TIMEOUT_MS }).finally(() => inflight.delete(key));
    inflight.set(key, pending);
  }
  return pending;
}

const inflight = new Map<string, Promise<AuthUser>>();

async function checkWithSupabase({ url, anonKey, token, key, timeoutMs }: { url: string; anonKey: string; token: string; key: string; timeoutMs: number }): Promise<AuthUser> {
  // Bounded: a hanging auth server answers 503 after MANDA_AUTH_TIMEOUT_MS instead of holding the request.
  const { data, error } = await serverSupabaseClient(url, anonKey, { timeoutMs }).auth.getUser(token);
  if (error || !data.user) {
    verified.delete(key);
    const status = (error as { status?: number } | null)?.status ?? 401;
    if (status === 0 || status >= 500) {
      log.warn("supabase auth unavailable", { status, error: error?.message });
      throw new MandaError("unavailable:auth", "The sign-in service cannot be reached right now. Please try again.", { cause: error });
    }
    throw new MandaError("unauthorized:session", "Your session is invalid or has expired. Sign in again.", { cause: error });
  }
  const user = toAuthUser(data.user);
  if (verified.size >= MAX_CACHED_TOKENS) verified.clear();
  verified.set(key, { user, until: Date.now() + TOKEN_TTL_MS });
  return user;
}
