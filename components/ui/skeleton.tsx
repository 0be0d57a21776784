/** Loading placeholder used by loading.tsx files. */
export function Skeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-live="polite" className="animate-pulse space-y-3">
      <div className="h-6 w-1/4 rounded bg-slate-200" />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="h-12 rounded-md bg-slate-200/70" />
      ))}
      <span className="sr-only">{label}</span>
    </div>
  );
}
