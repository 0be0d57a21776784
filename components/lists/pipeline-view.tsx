"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import type { DocumentView } from "@/lib/ui/documents";
import type { PipelineRunState, PipelineTaskView } from "@/lib/ui/pipeline";
import { fetchJson, useJson } from "@/lib/ui/fetch";
import { Badge, LoadState } from "./common";

const STATUS_TONE: Record<string, string> = {
  completed: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  failed: "bg-red-50 text-red-800 ring-red-200",
  running: "bg-indigo-50 text-indigo-800 ring-indigo-200",
  pending: "bg-slate-100 text-slate-700 ring-slate-200",
};

const ms = (n: number | null) => (n == null ? "—" : n < 1000 ? `${n} ms` : `${(n / 1000).toFixed(1)} s`);

/** Files that never became documents to extract from: ingest failures, with their reasons. */
function FailedIngests({ deal }: { deal: string }) {
  const { data } = useJson<{ documents: DocumentView[] }>(`/api/deals/${encodeURIComponent(deal)}/documents`);
  const failed = (data?.documents ?? []).filter((d) => d.status === "failed");
  if (failed.length === 0) return null;
  return (
    <section aria-labelledby="failed-ingests" className="rounded-lg border border-red-200 bg-red-50 p-4" data-testid="failed-ingests">
      <h3 id="failed-ingests" className="text-sm font-semibold text-red-900">
        {failed.length} {failed.length === 1 ? "file" : "files"} failed to ingest (nothing was extracted from {failed.length === 1 ? "it" : "them"})
      </h3>
      <ul className="mt-2 space-y-1 text-sm">
        {failed.map((d) => (
          <li key={d.id} data-testid="failed-ingest">
            <span className="font-medium text-red-900 [overflow-wrap:anywhere]">{d.filename}</span>
            <span className="ml-2 text-red-800">{d.error ?? "Unknown reason."}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-red-800">
        Retry or remove them in the{" "}
        <Link href={`/deals/${encodeURIComponent(deal)}`} className="underline">
          data room
        </Link>
        .
      </p>
    </section>
  );
}

export function PipelineView({ deal }: { deal: string }) {
  const api = `/api/deals/${encodeURIComponent(deal)}/pipeline`;
  const { data, error, loading, reload } = useJson<{ tasks: PipelineTaskView[]; run: PipelineRunState | null }>(api);
  const [msg, setMsg] = useState<string | null>(null);
  const [filter, setFilter] = useState<string>("");
  const active = data?.run?.state === "running" || data?.tasks.some((t) => t.status === "running" || t.status === "pending");

  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => void reload(), 2000);
    return () => clearInterval(t);
  }, [active, reload]);

  async function rerun(documentId?: string) {
    setMsg(null);
    try {
      await fetchJson(api, { method: "POST", body: JSON.stringify({ documentId, retryFailed: "all" }) });
      setMsg("Pipeline started.");
      await reload();
    } catch (e) {
      setMsg(e instanceof Error ? e.message : "Could not start the pipeline.");
    }
  }

  const tasks = (data?.tasks ?? []).filter((t) => !filter || t.status === filter);
  const counts = (data?.tasks ?? []).reduce<Record<string, number>>((c, t) => ({ ...c, [t.status]: (c[t.status] ?? 0) + 1 }), {});
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-medium">Pipeline</h2>
          <p className="text-sm text-slate-600">
            {Object.entries(counts).map(([k, v]) => `${v} ${k}`).join(" · ") || "No tasks yet."}
            {data?.run ? ` · last run ${data.run.state}${data.run.message ? `: ${data.run.message}` : ""}` : ""}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor="task-filter" className="sr-only">
            Filter by status
          </label>
          <select id="task-filter" value={filter} onChange={(e) => setFilter(e.target.value)} className="rounded-md border border-slate-300 px-2 py-1.5 text-sm">
            <option value="">All statuses</option>
            <option value="pending">pending</option>
            <option value="running">running</option>
            <option value="completed">completed</option>
            <option value="failed">failed</option>
          </select>
          <button type="button" disabled={data?.run?.state === "running"} onClick={() => rerun()} className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-60">
            {data?.run?.state === "running" ? "Running…" : "Re-run pipeline"}
          </button>
        </div>
      </div>
      {msg && <p role="status" className="text-sm text-slate-700">{msg}</p>}
      <FailedIngests deal={deal} />
      <LoadState loading={loading && !data} error={error} onRetry={reload} what="The pipeline" />
      {data && tasks.length === 0 && <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">No tasks{filter ? ` with status ${filter}` : ""}. Run the pipeline to extract findings, timeline and entities.</p>}
      {tasks.length > 0 && (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-left text-slate-500">
                <th scope="col" className="p-2 font-medium">Task</th>
                <th scope="col" className="p-2 font-medium">Document</th>
                <th scope="col" className="p-2 font-medium">Status</th>
                <th scope="col" className="hidden p-2 font-medium sm:table-cell">Attempts</th>
                <th scope="col" className="hidden p-2 font-medium md:table-cell">Started</th>
                <th scope="col" className="hidden p-2 font-medium sm:table-cell">Took</th>
                <th scope="col" className="p-2 font-medium">Output / error</th>
              </tr>
            </thead>
            <tbody>
              {tasks.map((t) => (
                <tr key={t.id} className="border-b border-slate-100 align-top" data-testid="task-row">
                  <td className="p-2 font-medium">{t.taskType.replace(/_/g, " ")}</td>
                  <td className="max-w-48 truncate p-2 text-slate-600" title={t.filename ?? ""}>
                    {t.filename ?? "deal"}
                  </td>
                  <td className="p-2">
                    <Badge tone={STATUS_TONE[t.status]}>{t.status}</Badge>
                  </td>
                  <td className="hidden p-2 tabular-nums sm:table-cell">
                    {t.attempts}/{t.maxAttempts}
                  </td>
                  <td className="hidden p-2 text-xs text-slate-500 md:table-cell">{t.startedAt ? new Date(t.startedAt).toLocaleString("en-GB", { dateStyle: "short", timeStyle: "medium" }) : "—"}</td>
                  <td className="hidden p-2 tabular-nums text-slate-600 sm:table-cell">{ms(t.durationMs)}</td>
                  <td className="p-2 text-xs">
                    {t.error ? (
                      <p className="text-red-700">
                        {t.errorKind ? `${t.errorKind}: ` : ""}
                        {t.error}
                      </p>
                    ) : (
                      <ul className="text-slate-600">
                        {t.summary.map((s) => (
                          <li key={s}>{s}</li>
                        ))}
                      </ul>
                    )}
                    {/* a file that failed to ingest has nothing to extract from: it is retried in the data room */}
                    {t.status === "failed" && t.documentId && t.taskType !== "ingest" && (
                      <button type="button" onClick={() => rerun(t.documentId!)} className="mt-1 text-indigo-700 underline">
                        Retry this document
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
