"use client";

import { createBrowserClient } from "@supabase/ssr";
import type { SupabaseClient } from "@supabase/supabase-js";
import { useEffect, useMemo, useState } from "react";

const LINK_FAILED = "This sign-in link could not be used: it has expired or was used already, or it was opened in another browser than the one that asked for it. Ask for a new link here.";

/**
 * Email + password, or a magic link, through @supabase/ssr's browser client with the anon key. The
 * session is kept in the Supabase auth cookie (`storageKey`, chunked and base64url-encoded by
 * @supabase/ssr), which the server reads and verifies on every request (lib/auth/token.ts). Visiting
 * this page with a stored (even expired) session refreshes it and returns to `next`.
 */
export function LoginForm({ supabaseUrl, anonKey, storageKey, next, signOut }: { supabaseUrl: string; anonKey: string; storageKey: string; next: string; signOut: boolean }) {
  // Browser only: the component is also rendered on the server, where there is no document.cookie.
  const supabase: SupabaseClient | null = useMemo(
    () =>
      typeof window === "undefined"
        ? null
        : createBrowserClient(supabaseUrl, anonKey, { isSingleton: false, cookieOptions: { name: storageKey, secure: window.location.protocol === "https:" } }),
    [supabaseUrl, anonKey, storageKey],
  );
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [checking, setChecking] = useState(true);

  useEffect(() => {
    if (!supabase) return;
    let gone = false;
    void (async () => {
      if (signOut) {
        // Revoke the session; when Supabase cannot be reached, at least clear this browser's cookie.
        const { error } = await supabase.auth.signOut().catch((e: unknown) => ({ error: e }));
        if (error) await supabase.auth.signOut({ scope: "local" }).catch(() => {});
        if (!gone) {
          setNotice("You are signed out.");
          setChecking(false);
        }
        return;
      }
      const { data } = await supabase.auth.getSession();
      if (data.session) return window.location.replace(next);
      if (gone) return;
      // A magic link (`?code=`) that did not sign in: its code verifier is in another browser, or
      // the code expired or was used. The client drops the failure silently; say so here.
      if (new URLSearchParams(window.location.search).has("code")) setError(LINK_FAILED);
      setChecking(false);
    })();
    const { data: sub } = supabase.auth.onAuthStateChange((event, session) => {
      if (!signOut && session && (event === "SIGNED_IN" || event === "TOKEN_REFRESHED")) window.location.replace(next);
    });
    return () => {
      gone = true;
      sub.subscription.unsubscribe();
    };
  }, [supabase, next, signOut]);

  async function withPassword(e: React.FormEvent) {
    e.preventDefault();
    if (!supabase) return;
    setBusy(true);
    setError(null);
    setNotice(null);
    const { error } = await supabase.auth.signInWithPassword({ email: email.trim(), password });
    if (error) {
      setError(error.message || "Could not sign in.");
      setBusy(false);
    } else {
      window.location.replace(next);
    }
  }

  async function withLink() {
    if (!supabase) return;
    if (!email.trim()) return setError("Enter your email first.");
    setBusy(true);
    setError(null);
    const emailRedirectTo = `${window.location.origin}/login?next=${encodeURIComponent(next)}`;
    const { error } = await supabase.auth.signInWithOtp({ email: email.trim(), options: { emailRedirectTo, shouldCreateUser: false } });
    setBusy(false);
    if (error) setError(error.message || "Could not send the link.");
    else setNotice(`We sent a sign-in link to ${email.trim()}.`);
  }

  if (checking) return <p className="mt-6 text-sm text-slate-500" role="status">Checking your session…</p>;

  return (
    <form onSubmit={withPassword} className="mt-6 grid gap-3 rounded-lg border border-slate-200 bg-white p-5" aria-label="Sign in">
      <label className="grid gap-1 text-sm">
        <span className="text-slate-700">Email</span>
        <input type="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} className="rounded border border-slate-300 px-3 py-2" />
      </label>
      <label className="grid gap-1 text-sm">
        <span className="text-slate-700">Password</span>
        <input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} className="rounded border border-slate-300 px-3 py-2" />
      </label>
      <button type="submit" disabled={busy || !password} className="rounded bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-50">
        Sign in
      </button>
      <button type="button" disabled={busy} onClick={withLink} className="rounded border border-slate-300 px-4 py-2 text-sm hover:bg-slate-50 disabled:opacity-50">
        Email me a sign-in link
      </button>
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
      {notice && <p role="status" className="text-sm text-slate-700">{notice}</p>}
    </form>
  );
}
