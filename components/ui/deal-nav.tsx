"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const TABS = [
  { href: "", label: "Data room" },
  { href: "/chat", label: "Chat" },
  { href: "/irl", label: "IRL" },
  { href: "/qa", label: "Q&A" },
  { href: "/review", label: "Review" },
  { href: "/pipeline", label: "Pipeline" },
  { href: "/knowledge", label: "Entities & Timeline" },
];

/** The per-deal navigation; the current section is marked for screen readers (aria-current). */
export function DealNav({ slug, counts }: { slug: string; counts?: { review?: number | null } }) {
  const pathname = usePathname() ?? "";
  const base = `/deals/${slug}`;
  const active = (href: string) => {
    if (href === "") return pathname === base || pathname.startsWith(`${base}/documents`);
    return pathname === base + href || pathname.startsWith(`${base + href}/`);
  };
  return (
    <nav aria-label="Deal sections" className="-mb-px flex flex-wrap gap-x-1 md:flex-nowrap md:overflow-x-auto" data-testid="deal-nav">
      {TABS.map((t) => {
        const on = active(t.href);
        return (
          <Link
            key={t.href}
            href={base + t.href}
            aria-current={on ? "page" : undefined}
            className={`whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
              on ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
            }`}
          >
            {t.label}
            {t.href === "/review" && counts?.review ? (
              <span className="ml-1.5 rounded-full bg-amber-100 px-1.5 py-0.5 text-xs text-amber-800" aria-label={`${counts.review} open`}>
                {counts.review}
              </span>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}
