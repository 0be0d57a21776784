"use client";

/** The body of every error.tsx: a safe message (digest only, never internals) and a retry. */
export function ErrorPanel({ error, reset, what }: { error: Error & { digest?: string }; reset: () => void; what: string }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6">
      <h2 className="font-semibold text-red-900">{what} could not be loaded</h2>
      <p className="mt-1 text-sm text-red-800">
        Something went wrong on our side. Try again; if it keeps failing, check the server log{error.digest ? ` (reference ${error.digest})` : ""}.
      </p>
      <button onClick={reset} className="mt-4 rounded-md bg-red-700 px-3 py-1.5 text-sm text-white hover:bg-red-800">
        Try again
      </button>
    </div>
  );
}
