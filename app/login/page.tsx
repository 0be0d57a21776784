import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { authCookieName, authMode, supabasePublicConfig } from "@/lib/auth";
import { safeNextPath } from "@/lib/auth/redirect";
import { LoginForm } from "./login-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in · Manda" };

/** Sign-in for Supabase mode (SUPABASE_URL set). Local single-user mode has no sign-in: 404. */
export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (authMode() !== "supabase") notFound();
  const sp = await searchParams;
  const { url, anonKey } = supabasePublicConfig();
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  return (
    <div className="mx-auto max-w-sm">
      <h1 className="text-2xl font-semibold tracking-tight">Sign in</h1>
      <p className="mt-1 text-sm text-slate-600">Use the account your deal owner invited. You only see deals you are a member of.</p>
      <LoginForm
        supabaseUrl={url}
        anonKey={anonKey}
        storageKey={authCookieName(url)}
        next={safeNextPath(one(sp.next))}
        signOut={one(sp.signout) === "1"}
      />
    </div>
  );
}
