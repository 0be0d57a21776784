"use client";

import { useCallback, useEffect, useState } from "react";
import { errorMessageOf } from "./urls";

/** Fetches JSON; throws Error(message) with the API's safe message on failure. */
export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, { cache: "no-store", ...init, headers: { ...(init?.body ? { "content-type": "application/json" } : {}), ...init?.headers } });
  if (!res.ok) {
    const msg = await errorMessageOf(res);
    throw new Error(res.status === 404 && /page could not be found|Request failed/.test(msg) ? "This feature's API is not available yet." : msg);
  }
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** Loads JSON from a URL with loading / error state and a reload function. */
export function useJson<T>(url: string) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setData(await fetchJson<T>(url));
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : "Could not load.");
    } finally {
      setLoading(false);
    }
  }, [url]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, loading, reload, setData };
}
