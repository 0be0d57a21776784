/** Stable viewer links (DESIGN: /deals/{deal}/documents/{document}?page=N&highlight=… or &cell=Sheet!B15). */
export function viewerUrl({ deal, documentId, page, highlight, cell }: { deal: string; documentId: string; page?: number | null; highlight?: string | null; cell?: string | null }): string {
  const p = new URLSearchParams();
  p.set("page", String(page && page > 0 ? page : 1));
  if (cell) p.set("cell", cell);
  else if (highlight && highlight.trim()) p.set("highlight", highlight.trim().slice(0, 300));
  return `/deals/${encodeURIComponent(deal)}/documents/${encodeURIComponent(documentId)}?${p.toString()}`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** Reads {error:{message}} (or {message}) from a failed JSON response. */
export async function errorMessageOf(res: Response): Promise<string> {
  try {
    const j = (await res.json()) as { error?: { message?: string }; message?: string };
    return j.error?.message ?? j.message ?? `Request failed (${res.status}).`;
  } catch {
    return `Request failed (${res.status}).`;
  }
}
