"use client";

import Link from "next/link";
import { canRetry } from "@/lib/ui/documents";
import { formatBytes, viewerUrl } from "@/lib/ui/urls";
import { StatusBadge } from "./status-badge";
import { PHASE_LABEL, progressOf, type Upload } from "./upload-state";

interface UploadActions {
  onRetry: (u: Upload) => void;
  onDismiss: (u: Upload) => void;
}

/** One upload: name, size, phase, a progress bar and, when it failed, the reason with retry and dismiss. */
function UploadItem({ deal, u, onRetry, onDismiss }: { deal: string; u: Upload } & UploadActions) {
  const progress = progressOf(u);
  const pct = progress === null ? null : Math.round(progress * 100);
  return (
    <li className="px-4 py-3" data-testid="upload-item" data-filename={u.filename} data-phase={u.phase}>
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
              {canRetry(u.errorCode) && (
                <button type="button" onClick={() => onRetry(u)} className="rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-50">
                  Retry
                </button>
              )}
              <button
                type="button"
                onClick={() => onDismiss(u)}
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
        aria-valuenow={pct ?? undefined}
        aria-valuetext={pct === null ? PHASE_LABEL[u.phase] : undefined}
        data-progress={pct ?? "indeterminate"}
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={`h-full rounded-full transition-all duration-300 ${u.phase === "failed" ? "bg-red-500" : u.phase === "indexed" || u.phase === "duplicate" ? "bg-emerald-500" : pct === null ? "animate-pulse bg-indigo-300" : "bg-indigo-500"}`}
          style={{ width: `${u.phase === "failed" || pct === null ? 100 : pct}%` }}
        />
      </div>
      {u.phase === "failed" && u.error && (
        <p role="alert" className="mt-1 text-xs text-red-700" data-testid="upload-error">
          {u.error}
        </p>
      )}
    </li>
  );
}

/** This session's uploads, newest first; finished ones can be cleared. */
export function UploadList({ deal, uploads, onClearFinished, ...actions }: { deal: string; uploads: Upload[]; onClearFinished: () => void } & UploadActions) {
  return (
    <div className="mt-4 rounded-lg border border-slate-200 bg-white">
      <div className="flex items-center justify-between border-b border-slate-100 px-4 py-2">
        <h3 className="text-sm font-medium">Uploads</h3>
        {uploads.some((u) => u.phase === "indexed" || u.phase === "duplicate") && (
          <button type="button" className="text-xs text-slate-600 underline" onClick={onClearFinished}>
            Clear finished
          </button>
        )}
      </div>
      <ul aria-live="polite" className="divide-y divide-slate-100" data-testid="upload-list">
        {uploads.map((u) => (
          <UploadItem key={u.key} deal={deal} u={u} {...actions} />
        ))}
      </ul>
    </div>
  );
}
