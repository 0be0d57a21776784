"use client";

import { canRetry, type DocumentView } from "@/lib/ui/documents";

/** Documents that could not be read (and are not in this session's upload list), with dismiss, and retry where it can help. */
export function FailedDocuments({ docs, busy, onRetry, onDismiss }: { docs: DocumentView[]; busy: Record<string, boolean>; onRetry: (documentId: string) => void; onDismiss: (documentId: string) => void }) {
  return (
    <section aria-labelledby="failed-heading" className="rounded-lg border border-red-200 bg-red-50 p-4">
      <h2 id="failed-heading" className="text-sm font-semibold text-red-900">
        {docs.length} file{docs.length === 1 ? "" : "s"} could not be read
      </h2>
      <ul className="mt-2 space-y-2">
        {docs.map((d) => (
          <li key={d.id} className="flex flex-wrap items-start justify-between gap-2 text-sm">
            <div>
              <span className="font-medium text-red-900">{d.filename}</span>
              <span className="ml-2 text-red-800">{d.error ?? "Unknown reason."}</span>
            </div>
            <div className="flex gap-2">
              {canRetry(d.errorCode) && (
                <button type="button" disabled={busy[d.id]} onClick={() => onRetry(d.id)} className="rounded border border-red-300 bg-white px-2 py-0.5 text-xs hover:bg-red-100">
                  Retry
                </button>
              )}
              <button type="button" disabled={busy[d.id]} onClick={() => onDismiss(d.id)} className="rounded border border-red-300 bg-white px-2 py-0.5 text-xs hover:bg-red-100" aria-label={`Dismiss ${d.filename}`}>
                Dismiss
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
