"use client";

import Link from "next/link";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { DocumentView } from "@/lib/ui/documents";
import { errorMessageOf, formatBytes, viewerUrl } from "@/lib/ui/urls";

type Phase = "waiting" | "uploading" | "queued" | "uploaded" | "parsing" | "indexed" | "failed" | "duplicate";

interface Upload {
  key: string;
  file: File;
  filename: string;
  bytes: number;
  progress: number; // 0..1 of the byte transfer
  phase: Phase;
  sha256?: string;
  documentId?: string;
  error?: string;
  note?: string;
}

interface Job {
  id: string;
  filename: string;
  sha256: string;
  state: "queued" | "ingesting" | "done" | "failed";
  documentId?: string;
  error?: string;
}

const MAX_PARALLEL = 3;
const TERMINAL: Phase[] = ["indexed", "failed", "duplicate"];

const STATUS_STYLE: Record<string, string> = {
  indexed: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  failed: "bg-red-50 text-red-800 ring-red-200",
  parsing: "bg-amber-50 text-amber-800 ring-amber-200",
  uploaded: "bg-slate-100 text-slate-700 ring-slate-200",
  queued: "bg-slate-100 text-slate-700 ring-slate-200",
  uploading: "bg-indigo-50 text-indigo-800 ring-indigo-200",
  waiting: "bg-slate-100 text-slate-600 ring-slate-200",
  duplicate: "bg-sky-50 text-sky-800 ring-sky-200",
};

const PHASE_LABEL: Record<Phase, string> = {
  waiting: "waiting",
  uploading: "uploading",
  queued: "queued",
  uploaded: "uploaded",
  parsing: "parsing & indexing",
  indexed: "indexed",
  failed: "failed",
  duplicate: "already in the data room",
};

function StatusBadge({ status, label }: { status: string; label?: string }) {
  return <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATUS_STYLE[status] ?? STATUS_STYLE.uploaded}`}>{label ?? status}</span>;
}

/** Progress of a file: bytes while uploading, then a step per ingest phase. */
function progressOf(u: Upload): number {
  switch (u.phase) {
    case "waiting":
      return 0;
    case "uploading":
      return u.progress * 0.5;
    case "queued":
    case "uploaded":
      return 0.55;
    case "parsing":
      return 0.75;
    default:
      return 1;
  }
}

function extractionLabel(t: DocumentView["tasks"]): string | null {
  const total = t.pending + t.running + t.completed + t.failed;
  if (total === 0) return null;
  if (t.failed > 0) return `extraction: ${t.failed} failed`;
  if (t.pending + t.running > 0) return `extracting (${t.completed}/${total})`;
  return "extracted";
}

export function DataRoom({ deal, initialDocuments, maxUploadBytes }: { deal: string; initialDocuments: DocumentView[]; maxUploadBytes: number }) {
  const [docs, setDocs] = useState<DocumentView[]>(initialDocuments);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const [pollError, setPollError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const inputRef = useRef<HTMLInputElement>(null);
  const uploadsRef = useRef<Upload[]>([]);
  uploadsRef.current = uploads;
  const api = `/api/deals/${encodeURIComponent(deal)}/documents`;

  const patch = useCallback((key: string, p: Partial<Upload>) => {
    setUploads((us) => us.map((u) => (u.key === key ? { ...u, ...p } : u)));
  }, []);

  const refresh = useCallback(async () => {
    try {
      const res = await fetch(api, { cache: "no-store" });
      if (!res.ok) throw new Error(await errorMessageOf(res));
      const body = (await res.json()) as { documents: DocumentView[]; jobs: Job[] };
      setDocs(body.documents);
      setPollError(null);
      const bySha = new Map(body.documents.map((d) => [d.sha256, d]));
      const jobBySha = new Map(body.jobs.map((j) => [j.sha256, j]));
      setUploads((us) =>
        us.map((u) => {
          if (!u.sha256 || u.phase === "duplicate" || u.phase === "uploading" || u.phase === "waiting") return u;
          const d = bySha.get(u.sha256);
          const j = jobBySha.get(u.sha256);
          if (d) {
            const phase: Phase = d.status === "indexed" ? "indexed" : d.status === "failed" ? (j && j.state !== "done" && j.state !== "failed" ? "queued" : "failed") : d.status;
            return { ...u, phase, documentId: d.id, error: phase === "failed" ? d.error ?? j?.error ?? "This file could not be read." : undefined };
          }
          if (j?.state === "failed") return { ...u, phase: "failed", error: j.error ?? "This file could not be read." };
          return u;
        }),
      );
    } catch (e) {
      setPollError(e instanceof Error ? e.message : "Could not refresh the documents.");
    }
  }, [api]);

  const needsPolling = useMemo(
    () => uploads.some((u) => !TERMINAL.includes(u.phase)) || docs.some((d) => d.status === "uploaded" || d.status === "parsing" || d.tasks.pending + d.tasks.running > 0),
    [uploads, docs],
  );

  useEffect(() => {
    if (!needsPolling) return;
    const t = setInterval(refresh, 1000);
    return () => clearInterval(t);
  }, [needsPolling, refresh]);

  // Start waiting uploads, at most MAX_PARALLEL transfers at once.
  useEffect(() => {
    const active = uploads.filter((u) => u.phase === "uploading").length;
    const next = uploads.filter((u) => u.phase === "waiting").slice(0, Math.max(0, MAX_PARALLEL - active));
    for (const u of next) send(u);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uploads]);

  function send(u: Upload) {
    patch(u.key, { phase: "uploading", progress: 0 });
    const xhr = new XMLHttpRequest();
    xhr.open("POST", api);
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) patch(u.key, { progress: e.loaded / e.total });
    };
    xhr.onerror = () => patch(u.key, { phase: "failed", error: "The upload was interrupted (network error). Retry to send it again." });
    xhr.onload = () => {
      const body = xhr.response as { files?: Array<{ sha256: string; state: "queued" | "duplicate"; documentId?: string; existingFilename?: string }>; error?: { message?: string } } | null;
      if (xhr.status >= 400 || !body?.files?.[0]) {
        patch(u.key, { phase: "failed", error: body?.error?.message ?? `The upload failed (${xhr.status}).` });
        return;
      }
      const f = body.files[0];
      patch(u.key, {
        progress: 1,
        sha256: f.sha256,
        documentId: f.documentId,
        phase: f.state === "duplicate" ? "duplicate" : "queued",
        note: f.state === "duplicate" ? `Same content as ${f.existingFilename ?? "a document already here"}.` : undefined,
      });
      void refresh();
    };
    const form = new FormData();
    form.append("file", u.file, u.file.name);
    xhr.send(form);
  }

  function addFiles(list: FileList | File[]) {
    const files = Array.from(list);
    if (files.length === 0) return;
    setUploads((us) => [
      ...files.map<Upload>((file) => {
        const tooBig = file.size > maxUploadBytes;
        return {
          key: crypto.randomUUID(),
          file,
          filename: file.name,
          bytes: file.size,
          progress: 0,
          phase: tooBig ? "failed" : "waiting",
          error: tooBig ? `The file is ${formatBytes(file.size)}; the limit is ${formatBytes(maxUploadBytes)}.` : undefined,
        };
      }),
      ...us,
    ]);
  }

  async function retryDocument(documentId: string, key?: string) {
    setBusy((b) => ({ ...b, [documentId]: true }));
    setActionError(null);
    try {
      const res = await fetch(`${api}/${documentId}/retry`, { method: "POST" });
      if (!res.ok) throw new Error(await errorMessageOf(res));
      if (key) patch(key, { phase: "queued", error: undefined });
      setDocs((ds) => ds.map((d) => (d.id === documentId ? { ...d, status: "uploaded", error: null } : d)));
      void refresh();
    } catch (e) {
      setActionError(e instanceof Error ? e.message : "Retry failed.");
    } finally {
      setBusy((b) => ({ ...b, [documentId]: false }));
    }
  }

  async function dismissDocument(documentId: string) {
    setBusy((b) => ({ ...b, [documentId]: true }));
    setActionError(null);
    try {
      const res = await fetch(`${api}/${documentId}`, { method: "DELETE" });
      if (!res.ok && res.status !== 404) throw new Error(await errorMessageOf(res));
      setDocs((ds) => ds.filter((d) => d.id !== documentId));
      setUploads((us) => us.filter((u) => u.documentId !== documentId));
    } catch (e) {
      setActionError(e instanceof Error ? e.message : "Could not dismiss.");
    } finally {
      setBusy((b) => ({ ...b, [documentId]: false }));
    }
  }

  function retryUpload(u: Upload) {
    if (u.documentId && u.sha256) void retryDocument(u.documentId, u.key);
    else patch(u.key, { phase: "waiting", error: undefined, progress: 0 });
  }

  // Documents ordered by version group, newest version first inside a group.
  const ordered = useMemo(() => {
    const groupOf = (d: DocumentView) => d.versionGroup ?? d.id;
    const size = new Map<string, number>();
    for (const d of docs) size.set(groupOf(d), (size.get(groupOf(d)) ?? 0) + 1);
    const firstSeen = new Map<string, number>();
    docs.forEach((d, i) => firstSeen.has(groupOf(d)) || firstSeen.set(groupOf(d), i));
    return [...docs]
      .map((d) => ({ d, group: groupOf(d), grouped: (size.get(groupOf(d)) ?? 0) > 1 }))
      .sort((a, b) => firstSeen.get(a.group)! - firstSeen.get(b.group)! || a.d.supersededBy.length - b.d.supersededBy.length || a.d.filename.localeCompare(b.d.filename));
  }, [docs]);
  const nameOf = useMemo(() => new Map(docs.map((d) => [d.id, d.filename])), [docs]);
  const failedDocs = docs.filter((d) => d.status === "failed" && !uploads.some((u) => u.documentId === d.id));
  const counts = useMemo(() => ({ indexed: docs.filter((d) => d.status === "indexed").length, processing: docs.filter((d) => d.status === "uploaded" || d.status === "parsing").length, failed: docs.filter((d) => d.status === "failed").length }), [docs]);

  return (
    <div className="space-y-6">
      <section aria-labelledby="upload-heading">
        <h2 id="upload-heading" className="sr-only">
          Upload documents
        </h2>
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            addFiles(e.dataTransfer.files);
          }}
          className={`flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-6 py-8 text-center transition ${
            dragging ? "border-indigo-500 bg-indigo-50" : "border-slate-300 bg-white"
          }`}
          data-testid="dropzone"
        >
          <p className="text-sm text-slate-700">
            <span className="font-medium">Drop files here</span> or{" "}
            <button type="button" onClick={() => inputRef.current?.click()} className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900">
              choose files
            </button>
          </p>
          <p className="text-xs text-slate-500">PDF, XLSX, CSV, DOCX or text · up to {formatBytes(maxUploadBytes)} each · many at once</p>
          <label htmlFor="file-input" className="sr-only">
            Choose files to upload
          </label>
          <input
            id="file-input"
            ref={inputRef}
            type="file"
            multiple
            className="sr-only"
            data-testid="file-input"
            onChange={(e) => {
              if (e.target.files) addFiles(e.target.files);
              e.target.value = "";
            }}
          />
        </div>

        {uploads.length > 0 && (
          <div className="mt-4 rounded-lg border border-slate-200 bg-white">
            <div className="flex items-center justify-between border-b border-slate-100 px-4 py-2">
              <h3 className="text-sm font-medium">Uploads</h3>
              {uploads.some((u) => u.phase === "indexed" || u.phase === "duplicate") && (
                <button type="button" className="text-xs text-slate-600 underline" onClick={() => setUploads((us) => us.filter((u) => u.phase !== "indexed" && u.phase !== "duplicate"))}>
                  Clear finished
                </button>
              )}
            </div>
            <ul aria-live="polite" className="divide-y divide-slate-100" data-testid="upload-list">
              {uploads.map((u) => {
                const pct = Math.round(progressOf(u) * 100);
                return (
                  <li key={u.key} className="px-4 py-3" data-testid="upload-item" data-filename={u.filename} data-phase={u.phase}>
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <div className="min-w-0">
                        <p className="truncate text-sm font-medium" title={u.filename}>
                          {u.documentId && u.phase === "indexed" ? (
                            <Link href={viewerUrl({ deal, documentId: u.documentId, page: 1 })} className="hover:underline">
                              {u.filename}
                            </Link>
                          ) : (
                            u.filename
                          )}
                        </p>
                        <p className="text-xs text-slate-500">
                          {formatBytes(u.bytes)}
                          {u.phase === "uploading" ? ` · ${Math.round(u.progress * 100)}% sent` : ""}
                          {u.note ? ` · ${u.note}` : ""}
                        </p>
                      </div>
                      <div className="flex items-center gap-2">
                        <StatusBadge status={u.phase} label={PHASE_LABEL[u.phase]} />
                        {u.phase === "failed" && (
                          <>
                            <button type="button" onClick={() => retryUpload(u)} className="rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-50">
                              Retry
                            </button>
                            <button
                              type="button"
                              onClick={() => (u.documentId ? dismissDocument(u.documentId) : setUploads((us) => us.filter((x) => x.key !== u.key)))}
                              className="rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-50"
                              aria-label={`Dismiss ${u.filename}`}
                            >
                              Dismiss
                            </button>
                          </>
                        )}
                      </div>
                    </div>
                    <div
                      role="progressbar"
                      aria-label={`${u.filename} progress`}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={pct}
                      className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100"
                    >
                      <div
                        className={`h-full rounded-full transition-all duration-300 ${u.phase === "failed" ? "bg-red-500" : u.phase === "indexed" || u.phase === "duplicate" ? "bg-emerald-500" : "bg-indigo-500"}`}
                        style={{ width: `${u.phase === "failed" ? 100 : pct}%` }}
                      />
                    </div>
                    {u.phase === "failed" && u.error && (
                      <p role="alert" className="mt-1 text-xs text-red-700" data-testid="upload-error">
                        {u.error}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        )}
        {actionError && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {actionError}
          </p>
        )}
      </section>

      {failedDocs.length > 0 && (
        <section aria-labelledby="failed-heading" className="rounded-lg border border-red-200 bg-red-50 p-4">
          <h2 id="failed-heading" className="text-sm font-semibold text-red-900">
            {failedDocs.length} file{failedDocs.length === 1 ? "" : "s"} could not be read
          </h2>
          <ul className="mt-2 space-y-2">
            {failedDocs.map((d) => (
              <li key={d.id} className="flex flex-wrap items-start justify-between gap-2 text-sm">
                <div>
                  <span className="font-medium text-red-900">{d.filename}</span>
                  <span className="ml-2 text-red-800">{d.error ?? "Unknown reason."}</span>
                </div>
                <div className="flex gap-2">
                  <button type="button" disabled={busy[d.id]} onClick={() => retryDocument(d.id)} className="rounded border border-red-300 bg-white px-2 py-0.5 text-xs hover:bg-red-100">
                    Retry
                  </button>
                  <button type="button" disabled={busy[d.id]} onClick={() => dismissDocument(d.id)} className="rounded border border-red-300 bg-white px-2 py-0.5 text-xs hover:bg-red-100" aria-label={`Dismiss ${d.filename}`}>
                    Dismiss
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="docs-heading">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="docs-heading" className="text-lg font-medium">
            Documents ({docs.length})
          </h2>
          <p className="text-xs text-slate-500" aria-live="polite">
            {counts.indexed} indexed{counts.processing ? ` · ${counts.processing} processing` : ""}
            {counts.failed ? ` · ${counts.failed} failed` : ""}
            {pollError ? ` · ${pollError}` : ""}
          </p>
        </div>
        {docs.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">No documents yet. Drop the data room’s files above to start.</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full border-collapse text-sm" data-testid="documents-table">
              <thead>
                <tr className="border-b border-slate-200 text-left text-slate-500">
                  <th scope="col" className="p-3 font-medium">
                    File
                  </th>
                  <th scope="col" className="p-3 font-medium">
                    Kind
                  </th>
                  <th scope="col" className="hidden p-3 font-medium md:table-cell">
                    Date
                  </th>
                  <th scope="col" className="p-3 font-medium">
                    Pages
                  </th>
                  <th scope="col" className="p-3 font-medium">
                    Status
                  </th>
                  <th scope="col" className="hidden p-3 font-medium lg:table-cell">
                    Versions
                  </th>
                </tr>
              </thead>
              <tbody>
                {ordered.map(({ d, grouped }) => {
                  const ext = extractionLabel(d.tasks);
                  return (
                    <tr key={d.id} className={`border-b border-slate-100 align-top ${d.supersededBy.length ? "text-slate-500" : ""}`} data-testid="document-row" data-filename={d.filename} data-status={d.status}>
                      <td className="p-3">
                        <div className={grouped && d.supersededBy.length ? "border-l-2 border-slate-200 pl-3" : ""}>
                          {d.status === "indexed" ? (
                            <Link href={viewerUrl({ deal, documentId: d.id, page: 1 })} className="font-medium text-slate-900 hover:underline">
                              {d.filename}
                            </Link>
                          ) : (
                            <span className="font-medium">{d.filename}</span>
                          )}
                          <span className="block text-xs text-slate-400">{formatBytes(d.bytes)}</span>
                        </div>
                      </td>
                      <td className="p-3 text-slate-600">{d.kind ?? "—"}</td>
                      <td className="hidden p-3 text-slate-600 md:table-cell">
                        {d.documentDate ?? "—"}
                        {d.fiscalYear ? <span className="block text-xs text-slate-400">{`${d.fiscalPeriod ?? ""} ${d.fiscalYear}`.trim()}</span> : null}
                      </td>
                      <td className="p-3 text-slate-600">{d.pageCount ?? "—"}</td>
                      <td className="p-3">
                        <StatusBadge status={d.status} label={d.status === "parsing" ? "parsing & indexing" : d.status} />
                        {ext && <span className="mt-1 block text-xs text-slate-500">{ext}</span>}
                        {d.status === "failed" && d.error && <p className="mt-1 max-w-xs text-xs text-red-700">{d.error}</p>}
                      </td>
                      <td className="hidden p-3 text-xs text-slate-600 lg:table-cell">
                        {d.supersedes.length > 0 && (
                          <p>
                            Supersedes {d.supersedes.map((id) => nameOf.get(id) ?? "an earlier version").join(", ")}
                            {d.versionSource === "filename" ? <span className="text-slate-400"> (by filename)</span> : null}
                          </p>
                        )}
                        {d.supersededBy.length > 0 && (
                          <p className="text-amber-800">
                            Superseded by {d.supersededBy.map((id) => nameOf.get(id) ?? "a later version").join(", ")}
                          </p>
                        )}
                        {!d.supersedes.length && !d.supersededBy.length && (grouped ? <p>Same group: {d.versionGroup}</p> : "—")}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
