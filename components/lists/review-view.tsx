"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { ReviewItem } from "@/lib/extraction/review";
import { displayText } from "@/lib/display-text";
import { fetchJson, useJson } from "@/lib/ui/fetch";
import { viewerUrl } from "@/lib/ui/urls";
import { Badge, LoadState, PRIORITY_STYLE } from "./common";
import { reviewFacts, reviewReason } from "./review-wording";

/** Fields a reviewer can supply when the page does not state them. */
const EDITABLE_FIELDS: Record<string, string> = { currency: "Currency", period: "Period", unit: "Unit" };

export function ReviewView({ deal }: { deal: string }) {
  const api = `/api/deals/${encodeURIComponent(deal)}/review`;
  const { data, error, loading, reload, setData } = useJson<{ items: ReviewItem[] }>(api);
  const router = useRouter();
  const [msg, setMsg] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState<{ excerpt: string; value: string; fields: Record<string, string> }>({ excerpt: "", value: "", fields: {} });

  async function decide(item: ReviewItem, body: Record<string, unknown>, ok: string) {
    setMsg(null);
    try {
      await fetchJson(`${api}/${item.id}`, { method: "POST", body: JSON.stringify(body) });
      setData((d) => (d ? { items: d.items.filter((x) => x.id !== item.id) } : d));
      setEditing(null);
      setMsg(ok);
      // The deal header (stage, explanation) and the Review tab's count are server-rendered: refresh them.
      router.refresh();
    } catch (e) {
      setMsg(e instanceof Error ? e.message : "Failed.");
    }
  }

  /** Opens the edit form; an item missing a field (its currency) is approved through it, with the field filled in. */
  function startEdit(it: ReviewItem) {
    const payload = (it.payload ?? {}) as unknown as Record<string, unknown>;
    const ev = it.evidence as unknown as { text?: string };
    setEditing(it.id);
    setDraft({ excerpt: ev?.text ?? "", value: displayText(payload.value_text ?? payload.valueText), fields: {} });
  }

  const items = [...(data?.items ?? [])].sort((a, b) => (a.priority === "high" ? 0 : 1) - (b.priority === "high" ? 0 : 1));
  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-lg font-medium">Review queue</h2>
        <p className="text-sm text-slate-600">Extracted facts the pipeline could not decide on alone. High priority first; check each against its source.</p>
      </div>
      {msg && <p role="status" className="text-sm text-slate-700">{msg}</p>}
      <LoadState loading={loading && !data} error={error} onRetry={reload} what="The review queue" />
      {data && items.length === 0 && <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">Nothing to review. Items appear here after the pipeline runs.</p>}
      <ul className="space-y-3">
        {items.map((it) => {
          const payload = (it.payload ?? {}) as unknown as Record<string, unknown>;
          const ev = it.evidence as unknown as { text?: string; page?: number; cell?: string };
          const title = displayText(payload.metric ?? payload.name ?? payload.description ?? payload.event_type) || it.candidateKey;
          return (
            <li key={it.id} className="rounded-lg border border-slate-200 bg-white p-4" data-testid="review-item">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium">{title}</p>
                  <p className="text-xs text-slate-500">
                    {it.candidateType.replace(/_/g, " ")} read from {it.document.filename}
                  </p>
                </div>
                <Badge tone={PRIORITY_STYLE[it.priority]}>{it.priority} priority</Badge>
              </div>
              <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-4" data-testid="review-facts">
                {reviewFacts(payload).map(([k, v]) => (
                  <div key={k}>
                    <dt className="text-xs text-slate-500">{k}</dt>
                    <dd className="break-words">
                      {v}
                    </dd>
                  </div>
                ))}
              </dl>
              {ev?.text && (
                <blockquote className="mt-2 border-l-2 border-yellow-300 bg-yellow-50/50 px-3 py-1 text-sm text-slate-700">
                  “{ev.text}”{" "}
                  <Link href={viewerUrl({ deal, documentId: it.document.id, page: ev.page ?? 1, cell: ev.cell, highlight: ev.text })} className="whitespace-nowrap text-indigo-700 underline">
                    {it.document.filename}, {ev.cell ?? `p.${ev.page ?? 1}`}
                  </Link>
                </blockquote>
              )}
              {(it.reasonCode || it.heldReason || it.reason || it.missingFields.length > 0) && (
                <p className="mt-2 text-sm text-slate-700" data-testid="review-reason">
                  <span className="font-medium">Why it needs review: </span>
                  {reviewReason(it)}
                </p>
              )}
              {editing === it.id ? (
                <form
                  className="mt-3 space-y-2"
                  onSubmit={(e) => {
                    e.preventDefault();
                    const edits: Record<string, unknown> = {};
                    if (draft.excerpt && draft.excerpt !== ev?.text) edits.excerpt = draft.excerpt;
                    const valueKey = "valueText" in payload ? "valueText" : "value_text";
                    const filled = Object.fromEntries(Object.entries(draft.fields).filter(([, v]) => v.trim()).map(([k, v]) => [k, v.trim()]));
                    const valueChanged = draft.value && draft.value !== displayText(payload.value_text ?? payload.valueText);
                    if (valueChanged || Object.keys(filled).length) edits.payload = { ...payload, ...(valueChanged ? { [valueKey]: draft.value } : {}), ...filled };
                    void decide(it, { action: "edit_approve", edits }, "Edited and approved.");
                  }}
                >
                  <label className="block text-xs text-slate-600" htmlFor={`rv-${it.id}`}>
                    Value
                  </label>
                  <input id={`rv-${it.id}`} value={draft.value} onChange={(e) => setDraft({ ...draft, value: e.target.value })} className="w-full rounded-md border border-slate-300 px-2 py-1 text-sm" />
                  {it.missingFields.filter((f) => EDITABLE_FIELDS[f]).map((f) => (
                    <div key={f}>
                      <label className="block text-xs text-slate-600" htmlFor={`rf-${it.id}-${f}`}>
                        {EDITABLE_FIELDS[f]} (the page does not say)
                      </label>
                      <input
                        id={`rf-${it.id}-${f}`}
                        required
                        value={draft.fields[f] ?? ""}
                        onChange={(e) => setDraft({ ...draft, fields: { ...draft.fields, [f]: e.target.value } })}
                        className="w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
                      />
                    </div>
                  ))}
                  <label className="block text-xs text-slate-600" htmlFor={`re-${it.id}`}>
                    Excerpt (must be found on the page)
                  </label>
                  <textarea id={`re-${it.id}`} value={draft.excerpt} onChange={(e) => setDraft({ ...draft, excerpt: e.target.value })} rows={2} className="w-full rounded-md border border-slate-300 px-2 py-1 text-sm" />
                  <div className="flex gap-2">
                    <button className="rounded-md bg-emerald-600 px-3 py-1 text-sm text-white hover:bg-emerald-700">Save & approve</button>
                    <button type="button" onClick={() => setEditing(null)} className="rounded-md border border-slate-300 px-3 py-1 text-sm">
                      Cancel
                    </button>
                  </div>
                </form>
              ) : (
                <div className="mt-3 flex flex-wrap gap-2">
                  <button type="button" onClick={() => (it.missingFields.some((f) => EDITABLE_FIELDS[f]) ? startEdit(it) : decide(it, { action: "approve" }, "Approved."))} className="rounded-md bg-emerald-600 px-3 py-1 text-sm text-white hover:bg-emerald-700" data-testid="approve">
                    Approve
                  </button>
                  <button
                    type="button"
                    onClick={() => startEdit(it)}
                    className="rounded-md border border-slate-300 bg-white px-3 py-1 text-sm hover:bg-slate-50"
                  >
                    Edit & approve
                  </button>
                  <button type="button" onClick={() => decide(it, { action: "reject", reason: "Rejected in review" }, "Rejected.")} className="rounded-md border border-red-300 bg-white px-3 py-1 text-sm text-red-700 hover:bg-red-50">
                    Reject
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
