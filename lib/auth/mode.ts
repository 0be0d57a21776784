import { getConfig, type Config } from "@/lib/config";
import { MandaError } from "@/lib/errors";
import type { AuthMode } from "./types";

/** Supabase Auth when SUPABASE_URL is set; local single-user mode otherwise. */
export function authMode(cfg: Config = getConfig()): AuthMode {
  return cfg.SUPABASE_URL ? "supabase" : "local";
}

/** SUPABASE_URL and SUPABASE_ANON_KEY, or a clear configuration error. */
export function supabasePublicConfig(cfg: Config = getConfig()): { url: string; anonKey: string } {
  if (!cfg.SUPABASE_URL) throw new MandaError("unavailable:auth_config", "Supabase is not configured (SUPABASE_URL is not set).");
  if (!cfg.SUPABASE_ANON_KEY) throw new MandaError("unavailable:auth_config", "SUPABASE_URL is set but SUPABASE_ANON_KEY is not: set both to use Supabase Auth.");
  return { url: cfg.SUPABASE_URL.replace(/\/+$/, ""), anonKey: cfg.SUPABASE_ANON_KEY };
}

/**
 * The name of the cookie holding the Supabase session: supabase-js's default storage key
 * `sb-<project ref>-auth-token` (the first label of the SUPABASE_URL host), as @supabase/ssr uses it.
 */
export function authCookieName(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split(".")[0]}-auth-token`;
}
