"use client";

/** A refusal before the stream opened comes back as the route's JSON error; its message is meant to be shown. */
export function friendlyError(e: Error): string {
  try {
    const j = JSON.parse(e.message) as { error?: { message?: string } };
    if (j.error?.message) return j.error.message;
  } catch {
    /* not JSON */
  }
  return e.message && e.message.length < 300 ? e.message : "The answer could not be completed.";
}

/** Why the last request failed (a chat answer or an Agent Mode run), and Try again. */
export function ErrorBanner({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800" data-testid="chat-error">
      {friendlyError(error)}{" "}
      <button type="button" className="underline" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
