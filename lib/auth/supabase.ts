import { createClient, type SupabaseClient } from "@supabase/supabase-js";

/**
 * Server-side supabase-js clients: no session persistence, no refresh, no realtime. Node 20 has
 * no global WebSocket and supabase-js builds its realtime client eagerly, so we hand it a
 * transport that refuses to connect (Manda never subscribes to realtime).
 */
class RealtimeUnavailable {
  constructor() {
    throw new Error("Manda does not use Supabase Realtime.");
  }
}

const clients = new Map<string, SupabaseClient>();

export function serverSupabaseClient(url: string, key: string): SupabaseClient {
  const cacheKey = `${url}\n${key}`;
  let client = clients.get(cacheKey);
  if (!client) {
    client = createClient(url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: RealtimeUnavailable as unknown as NonNullable<NonNullable<Parameters<typeof createClient>[2]>["realtime"]>["transport"] },
    });
    if (clients.size > 16) clients.clear();
    clients.set(cacheKey, client);
  }
  return client;
}
