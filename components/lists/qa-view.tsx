"use client";

import { useState } from "react";
import type { QaItem } from "@/lib/irl/types";
import { fetchJson, useJson } from "@/lib/ui/fetch";
import { generatedMessage } from "@/lib/ui/qa-generate";
import { Badge, LoadState, PRIORITY_STYLE } from "./common";

const RANK: Record<string, number> = { high: 0, medium: 1, low: 2 };

export function QaView({ deal }: { deal: string }) {
  const api = `/api/deals/${encodeURIComponent(deal)}/qa`;
  const { data, error, loading, reload, setData } = useJson<{ items: QaItem[] }>(api);
  const [msg, setMsg] = useState<string | null>(null);
  const [question, setQuestion] = useState("");
  const [priority, setPriority] = useState("medium");
  const [editing, setEditing] = useState<Record<string, string>>({});

  async function act(fn: () => Promise<unknown>, ok?: string) {
    setMsg(null);
    try {
      await fn();
      if (ok) setMsg(ok);
      await reload();
    } catch (e) {
      setMsg(e instanceof Error ? e.message : "Failed.");
    }
  }
  const generate = (source: "gaps" | "contradictions") =>
    act(async () => {
      const r = await fetchJson<{ added: unknown[]; existing: number }>(api, { method: "POST", body: JSON.stringify({ generate: source }) });
      setMsg(generatedMessage(source, r));
    });
  const patch = (id: string, body: Record<string, unknown>) => act(() => fetchJson(`${api}/${id}`, { method: "PATCH", body: JSON.stringify(body) }));
  const items = [...(data?.items ?? [])].sort((a, b) => (RANK[a.priority] ?? 1) - (RANK[b.priority] ?? 1));

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-medium">Q&A list for the target</h2>
        <div className="flex flex-wrap gap-2 text-sm">
          <button type="button" onClick={() => void generate("gaps")} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-50">
            From IRL gaps
          </button>
          <button type="button" onClick={() => void generate("contradictions")} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-50">
            From contradictions
          </button>
          <a href={`${api}/export?format=csv`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-50" data-testid="export-csv" download>
            Export CSV
          </a>
          <a href={`${api}/export?format=xlsx`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-50" download>
            Export XLSX
          </a>
        </div>
      </div>
      {msg && <p role="status" className="text-sm text-slate-700">{msg}</p>}
      <LoadState loading={loading && !data} error={error} onRetry={reload} what="The Q&A list" />
      {data && items.length === 0 && <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">No questions yet. Add one below, generate them from gaps, or ask the chat to add them.</p>}
      {items.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" data-testid="qa-list">
          {items.map((q) => (
            <li key={q.id} className="space-y-2 px-4 py-3" data-testid="qa-item">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="min-w-0 flex-1 text-sm font-medium">{q.question}</p>
                <div className="flex items-center gap-2 text-xs">
                  {q.domain && <Badge>{q.domain}</Badge>}
                  <Badge>{q.origin}</Badge>
                  <label className="sr-only" htmlFor={`qp-${q.id}`}>
                    Priority
                  </label>
                  <select id={`qp-${q.id}`} value={q.priority} onChange={(e) => patch(q.id, { priority: e.target.value })} className={`rounded border-0 py-0.5 ring-1 ring-inset ${PRIORITY_STYLE[q.priority]}`}>
                    <option value="high">high</option>
                    <option value="medium">medium</option>
                    <option value="low">low</option>
                  </select>
                  <label className="sr-only" htmlFor={`qs-${q.id}`}>
                    Status
                  </label>
                  <select id={`qs-${q.id}`} value={q.status} onChange={(e) => patch(q.id, { status: e.target.value })} className="rounded border border-slate-300 py-0.5">
                    <option value="open">open</option>
                    <option value="sent">sent</option>
                    <option value="answered">answered</option>
                    <option value="closed">closed</option>
                  </select>
                  <button
                    type="button"
                    onClick={() => {
                      setData((d) => (d ? { items: d.items.filter((x) => x.id !== q.id) } : d));
                      void act(() => fetchJson(`${api}/${q.id}`, { method: "DELETE" }));
                    }}
                    className="rounded px-1.5 py-0.5 text-slate-500 hover:bg-slate-100 hover:text-red-700"
                    aria-label={`Delete question: ${q.question}`}
                  >
                    ✕
                  </button>
                </div>
              </div>
              {editing[q.id] !== undefined ? (
                <form
                  onSubmit={(e) => {
                    e.preventDefault();
                    void patch(q.id, { answer: editing[q.id] || null, ...(editing[q.id] ? { status: "answered" } : {}) }).then(() => setEditing(({ [q.id]: _, ...rest }) => rest));
                  }}
                  className="flex gap-2"
                >
                  <label className="sr-only" htmlFor={`qa-${q.id}`}>
                    Answer
                  </label>
                  <textarea id={`qa-${q.id}`} value={editing[q.id]} onChange={(e) => setEditing({ ...editing, [q.id]: e.target.value })} rows={2} className="flex-1 rounded-md border border-slate-300 px-2 py-1 text-sm" />
                  <button className="self-start rounded-md bg-slate-900 px-3 py-1 text-sm text-white">Save</button>
                </form>
              ) : (
                <p className="text-sm text-slate-600">
                  {q.answer ? <span>Answer: {q.answer} </span> : null}
                  <button type="button" className="text-xs text-indigo-700 underline" onClick={() => setEditing({ ...editing, [q.id]: q.answer ?? "" })}>
                    {q.answer ? "Edit answer" : "Record answer"}
                  </button>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (question.trim().length < 3) return;
          void act(() => fetchJson(api, { method: "POST", body: JSON.stringify({ question: question.trim(), priority, origin: "manual" }) }), "Question added.").then(() => setQuestion(""));
        }}
        className="flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 bg-white p-4"
      >
        <div className="min-w-64 flex-1">
          <label htmlFor="qa-new" className="block text-xs text-slate-600">
            New question
          </label>
          <input id="qa-new" value={question} onChange={(e) => setQuestion(e.target.value)} placeholder="e.g. Please provide the signed contract with the largest customer" className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm" />
        </div>
        <div>
          <label htmlFor="qa-priority" className="block text-xs text-slate-600">
            Priority
          </label>
          <select id="qa-priority" value={priority} onChange={(e) => setPriority(e.target.value)} className="mt-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm">
            <option value="high">high</option>
            <option value="medium">medium</option>
            <option value="low">low</option>
          </select>
        </div>
        <button className="rounded-md bg-slate-900 px-3 py-1.5 text-sm text-white hover:bg-slate-700">Add question</button>
      </form>
    </div>
  );
}
