import { createClient, type SupabaseClient } from "@supabase/supabase-js";

/**
 * Server-side supabase-js clients: no session persistence, no refresh, no realtime. supabase-js
 * builds its realtime client eagerly, so we hand it a transport that refuses to connect (Manda
 * never subscribes to realtime, and Node 20 has no global WebSocket).
 */
class RealtimeUnavailable {
  constructor() {
    throw new Error("Manda does not use Supabase Realtime.");
  }
}

const clients = new Map<string, SupabaseClient>();

/** fetch that gives up after `ms` (an aborted call reaches supabase-js as a network failure, status 0). */
export function fetchWithTimeout(ms: number): typeof fetch {
  return (input, init) => {
    const timeout = AbortSignal.timeout(ms);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return fetch(input, { ...init, signal });
  };
}

/**
 * A cached client per url, key and timeout. `timeoutMs` bounds every call of that client (the auth
 * check passes MANDA_AUTH_TIMEOUT_MS); without it calls are unbounded (storage transfers of big files).
 */
export function serverSupabaseClient(url: string, key: string, options: { timeoutMs?: number } = {}): SupabaseClient {
  const cacheKey = `${url}\n${key}\n${options.timeoutMs ?? ""}`;
  let client = clients.get(cacheKey);
  if (!client) {
    client = createClient(url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: RealtimeUnavailable as unknown as NonNullable<NonNullable<Parameters<typeof createClient>[2]>["realtime"]>["transport"] },
      ...(options.timeoutMs ? { global: { fetch: fetchWithTimeout(options.timeoutMs) } } : {}),
    });
    if (clients.size > 16) clients.clear();
    clients.set(cacheKey, client);
  }
  return client;
}
