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

/** A document's or upload's status as a coloured badge. */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATUS_STYLE[status] ?? STATUS_STYLE.uploaded}`}>{label ?? status}</span>;
}
