export default function Loading() {
  return (
    <div role="status" aria-live="polite" className="animate-pulse space-y-4">
      <div className="h-8 w-1/3 rounded bg-slate-200" />
      <div className="h-[70vh] rounded-lg bg-slate-200" />
      <span className="sr-only">Loading the document…</span>
    </div>
  );
}
