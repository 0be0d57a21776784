import type { Metadata } from "next";
import Link from "next/link";
import { cookies } from "next/headers";
import { hasSessionCookie } from "@/lib/auth";
import "./globals.css";

export const metadata: Metadata = {
  title: "Manda",
  description: "Conversational due diligence with citation-backed answers",
};

export default async function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const signedIn = hasSessionCookie({ cookies: await cookies() });
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow">
          Skip to content
        </a>
        <header className="border-b border-slate-200 bg-white">
          <nav className="mx-auto flex max-w-7xl items-center gap-6 px-4 py-3 sm:px-6" aria-label="Main">
            <Link href="/" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
              <span aria-hidden="true" className="inline-block h-5 w-5 rounded bg-indigo-600" />
              Manda
            </Link>
            <Link href="/" className="text-sm text-slate-600 hover:text-slate-900">
              Deals
            </Link>
            {signedIn && (
              <Link href="/login?signout=1" prefetch={false} className="ml-auto text-sm text-slate-600 hover:text-slate-900">
                Sign out
              </Link>
            )}
          </nav>
        </header>
        <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
          {children}
        </main>
      </body>
    </html>
  );
}
