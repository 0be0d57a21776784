"use client";

import Link from "next/link";
import { useMemo } from "react";
import type { DocumentView } from "@/lib/ui/documents";
import { formatBytes, viewerUrl } from "@/lib/ui/urls";
import { extractionLabel, orderByVersionGroup, type OrderedDocument } from "./document-order";
import { StatusBadge } from "./status-badge";

function DocumentRow({ deal, row: { d, grouped }, nameOf }: { deal: string; row: OrderedDocument; nameOf: Map<string, string> }) {
  const ext = extractionLabel(d.tasks);
  return (
    <tr className={`border-b border-slate-100 align-top ${d.supersededBy.length ? "text-slate-500" : ""}`} data-testid="document-row" data-filename={d.filename} data-status={d.status}>
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
      <td className="hidden p-3 text-slate-600 sm:table-cell">{d.kind ?? "—"}</td>
      <td className="hidden p-3 text-slate-600 md:table-cell">
        {d.documentDate ?? "—"}
        {d.fiscalYear ? <span className="block text-xs text-slate-400">{`${d.fiscalPeriod ?? ""} ${d.fiscalYear}`.trim()}</span> : null}
      </td>
      <td className="hidden p-3 text-slate-600 sm:table-cell">{d.pageCount ?? "—"}</td>
      <td className="p-3">
        <StatusBadge status={d.status} label={d.status === "parsing" ? "parsing & indexing" : d.status} />
        {ext && <span className="mt-1 block text-xs text-slate-500">{ext}</span>}
        {d.status === "failed" && <p className="mt-1 max-w-xs text-xs text-red-700">Could not be read; the reason is shown above.</p>}
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
}

/** The deal's documents with counts by status, versions grouped, newest version first. */
export function DocumentsSection({ deal, docs, pollError }: { deal: string; docs: DocumentView[]; pollError: string | null }) {
  const ordered = useMemo(() => orderByVersionGroup(docs), [docs]);
  const nameOf = useMemo(() => new Map(docs.map((d) => [d.id, d.filename])), [docs]);
  const counts = useMemo(() => ({ indexed: docs.filter((d) => d.status === "indexed").length, processing: docs.filter((d) => d.status === "uploaded" || d.status === "parsing").length, failed: docs.filter((d) => d.status === "failed").length }), [docs]);
  return (
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
                <th scope="col" className="hidden p-3 font-medium sm:table-cell">
                  Kind
                </th>
                <th scope="col" className="hidden p-3 font-medium md:table-cell">
                  Date
                </th>
                <th scope="col" className="hidden p-3 font-medium sm:table-cell">
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
              {ordered.map((row) => (
                <DocumentRow key={row.d.id} deal={deal} row={row} nameOf={nameOf} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
