"use client";

export function LoadState({ loading, error, onRetry, what }: { loading: boolean; error: string | null; onRetry: () => void; what: string }) {
  if (error)
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {what} could not be loaded: {error}{" "}
        <button type="button" onClick={onRetry} className="underline">
          Try again
        </button>
      </div>
    );
  if (loading)
    return (
      <div role="status" className="animate-pulse space-y-2">
        <div className="h-10 rounded bg-slate-200" />
        <div className="h-10 rounded bg-slate-200" />
        <span className="sr-only">Loading {what.toLowerCase()}…</span>
      </div>
    );
  return null;
}

export const PRIORITY_STYLE: Record<string, string> = {
  high: "bg-red-50 text-red-800 ring-red-200",
  medium: "bg-amber-50 text-amber-800 ring-amber-200",
  normal: "bg-slate-100 text-slate-700 ring-slate-200",
  low: "bg-slate-100 text-slate-600 ring-slate-200",
};

export function Badge({ children, tone = "bg-slate-100 text-slate-700 ring-slate-200" }: { children: React.ReactNode; tone?: string }) {
  return <span className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset ${tone}`}>{children}</span>;
}
