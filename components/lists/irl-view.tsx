"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import type { IrlCoverageReport, IrlItemCoverage } from "@/lib/irl/types";
import { fetchJson, useJson } from "@/lib/ui/fetch";
import { viewerUrl } from "@/lib/ui/urls";
import { LoadState, PRIORITY_STYLE } from "./common";

// ✅ / partial / ❌ drawn as badges so they render without an emoji font.
const COVERAGE: Record<string, { icon: string; label: string; tone: string }> = {
  covered: { icon: "✓", label: "covered", tone: "bg-emerald-600 text-white" },
  partial: { icon: "◐", label: "partial", tone: "bg-amber-400 text-amber-950" },
  gap: { icon: "✕", label: "missing", tone: "bg-red-600 text-white" },
};

export function IrlView({ deal }: { deal: string }) {
  const api = `/api/deals/${encodeURIComponent(deal)}/irl`;
  const { data, error, loading, reload } = useJson<IrlCoverageReport>(api);
  // Loading coverage recomputes and stores it (and the deal's stage): the server-rendered header
  // then shows the same gap count as this page.
  const router = useRouter();
  const shownTotals = useRef<string | null>(null);
  useEffect(() => {
    if (!data) return;
    const key = JSON.stringify(data.totals);
    if (shownTotals.current !== key) router.refresh();
    shownTotals.current = key;
  }, [data, router]);
  const [msg, setMsg] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form, setForm] = useState({ domain: "Financial", item: "", priority: "medium" });

  async function run(fn: () => Promise<unknown>, ok: string) {
    setBusy(true);
    setMsg(null);
    try {
      await fn();
      setMsg(ok);
      await reload();
    } catch (e) {
      setMsg(e instanceof Error ? e.message : "Failed.");
    } finally {
      setBusy(false);
    }
  }

  const patch = (item: IrlItemCoverage, body: Record<string, unknown>) => run(() => fetchJson(`${api}/${item.id}`, { method: "PATCH", body: JSON.stringify(body) }), "Saved.");

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-medium">Information request list</h2>
          {data && data.totals.total > 0 && (
            <p className="text-sm text-slate-600">
              {data.totals.covered} covered · {data.totals.partial} partial · {data.totals.gap} missing of {data.totals.total}
            </p>
          )}
        </div>
        <div className="flex gap-2">
          <button type="button" disabled={busy} onClick={() => run(() => fetchJson(`${api}/import`, { method: "POST" }), "IRL template imported.")} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">
            Import template from data room
          </button>
          <button type="button" disabled={busy} onClick={() => run(() => fetchJson(`/api/deals/${encodeURIComponent(deal)}/qa`, { method: "POST", body: JSON.stringify({ generate: "gaps" }) }), "Questions for the gaps added to the Q&A list.")} className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700">
            Add gaps to Q&A
          </button>
        </div>
      </div>
      {msg && <p role="status" className="text-sm text-slate-700">{msg}</p>}
      <LoadState loading={loading && !data} error={error} onRetry={reload} what="The IRL" />
      {data && data.domains.length === 0 && (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">No IRL items yet. Import the IRL template from the data room or add items below.</p>
      )}
      {data?.domains.map((d) => (
        <section key={d.domain} aria-labelledby={`irl-${d.domain}`} className="rounded-lg border border-slate-200 bg-white">
          <header className="flex items-center justify-between border-b border-slate-100 px-4 py-2">
            <h3 id={`irl-${d.domain}`} className="font-medium">
              {d.domain}
            </h3>
            <p className="text-xs text-slate-500">
              {d.covered} covered · {d.partial} partial · {d.total - d.covered - d.partial} missing
            </p>
          </header>
          <ul className="divide-y divide-slate-100">
            {d.items.map((it) => {
              const c = COVERAGE[it.coverage] ?? COVERAGE.gap!;
              return (
                <li key={it.id} className="grid gap-2 px-4 py-3 md:grid-cols-[minmax(0,1fr)_auto]" data-testid="irl-item">
                  <div className="min-w-0">
                    <p className="text-sm">
                      <span className={`mr-2 inline-flex h-4 w-4 items-center justify-center rounded-full text-[10px] font-bold ${c.tone}`} role="img" aria-label={c.label} title={c.label}>
                        {c.icon}
                      </span>
                      {it.item}
                    </p>
                    {it.evidence.length > 0 && (
                      <ul className="mt-1 space-y-0.5 pl-6 text-xs">
                        {it.evidence.slice(0, 3).map((e, i) => (
                          <li key={i}>
                            <Link href={viewerUrl({ deal, documentId: e.documentId, page: e.page, cell: e.cell, highlight: e.excerpt })} className="text-indigo-700 hover:underline">
                              {e.document}, {e.cell ?? `p.${e.page}`}
                            </Link>
                            <span className="text-slate-500"> — {e.excerpt.length > 120 ? `${e.excerpt.slice(0, 120)}…` : e.excerpt}</span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                  <div className="flex items-center gap-2 text-xs">
                    <label className="sr-only" htmlFor={`p-${it.id}`}>
                      Priority
                    </label>
                    <select id={`p-${it.id}`} value={it.priority} disabled={busy} onChange={(e) => patch(it, { priority: e.target.value })} className={`rounded border-0 py-0.5 ring-1 ring-inset ${PRIORITY_STYLE[it.priority]}`}>
                      <option value="high">high</option>
                      <option value="medium">medium</option>
                      <option value="low">low</option>
                    </select>
                    <label className="sr-only" htmlFor={`s-${it.id}`}>
                      Status
                    </label>
                    <select id={`s-${it.id}`} value={it.status} disabled={busy} onChange={(e) => patch(it, { status: e.target.value })} className="rounded border border-slate-300 py-0.5">
                      <option value="open">open</option>
                      <option value="requested">requested</option>
                      <option value="received">received</option>
                      <option value="not_applicable">not applicable</option>
                    </select>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (form.item.trim().length < 3) return;
          void run(() => fetchJson(api, { method: "POST", body: JSON.stringify({ ...form, item: form.item.trim() }) }), "Item added.").then(() => setForm((f) => ({ ...f, item: "" })));
        }}
        className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[10rem_minmax(0,1fr)_8rem_auto] sm:items-end"
      >
        <div>
          <label htmlFor="irl-domain" className="block text-xs text-slate-600">
            Domain
          </label>
          <input id="irl-domain" value={form.domain} onChange={(e) => setForm({ ...form, domain: e.target.value })} className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm" />
        </div>
        <div>
          <label htmlFor="irl-item" className="block text-xs text-slate-600">
            New item
          </label>
          <input id="irl-item" value={form.item} onChange={(e) => setForm({ ...form, item: e.target.value })} placeholder="e.g. Customer contracts for the top 10 customers" className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm" />
        </div>
        <div>
          <label htmlFor="irl-priority" className="block text-xs text-slate-600">
            Priority
          </label>
          <select id="irl-priority" value={form.priority} onChange={(e) => setForm({ ...form, priority: e.target.value })} className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm">
            <option value="high">high</option>
            <option value="medium">medium</option>
            <option value="low">low</option>
          </select>
        </div>
        <button disabled={busy} className="rounded-md bg-slate-900 px-3 py-1.5 text-sm text-white hover:bg-slate-700">
          Add item
        </button>
      </form>
    </div>
  );
}
