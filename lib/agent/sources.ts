/**
 * Sources of one agent turn. Every tool that returns document content registers where it came
 * from here; the guardrails only let an answer cite sources in this registry, and the UI gets
 * one source part (a stable viewer URL) per cited source.
 */

export interface SourceInput {
  documentId: string;
  document: string; // filename
  page: number; // 1-based
  cell?: string | null; // Sheet!B15 for spreadsheets
  excerpt: string;
  documentDate?: string | null; // ISO date
  kind?: string | null; // annual report, management presentation …
}

export interface SourceRef extends SourceInput {
  /** Stable id within the deal: document, page and cell. */
  id: string;
  /** How an answer cites it: "(source: Q3_2024_Report.pdf, p.1)". */
  citation: string;
  /** Viewer link: /deals/{deal}/documents/{document}?page=N&highlight=… (or &cell=…). */
  url: string;
}

/** The location part of a citation: "p.12" or "Sheet!B15". */
export function citationLocation(s: { page: number; cell?: string | null }): string {
  return s.cell ? s.cell : `p.${s.page}`;
}

export function citationOf(s: { document: string; page: number; cell?: string | null }): string {
  return `(source: ${s.document}, ${citationLocation(s)})`;
}

const HIGHLIGHT_MAX = 120;

/** The highlight text for a viewer link: the excerpt's opening words, without ellipses. */
export function highlightText(excerpt: string): string {
  const t = excerpt.replace(/^[\s…"“”«»]+|[\s…"“”«»]+$/g, "").replace(/\s+/g, " ");
  if (t.length <= HIGHLIGHT_MAX) return t;
  const cut = t.lastIndexOf(" ", HIGHLIGHT_MAX);
  return t.slice(0, cut > HIGHLIGHT_MAX / 2 ? cut : HIGHLIGHT_MAX);
}

/**
 * Stable viewer URL of a source: `/deals/{deal}/documents/{document}?page=N&highlight=<excerpt>`
 * or, for a sheet cell, `…?page=N&cell=Sheet!B15`. `deal` is the deal slug (the app's route key).
 */
export function sourceUrl({ deal, documentId, page, cell, excerpt }: { deal: string; documentId: string; page: number; cell?: string | null; excerpt?: string | null }): string {
  const params = new URLSearchParams({ page: String(page) });
  if (cell) params.set("cell", cell);
  else if (excerpt && excerpt.trim()) params.set("highlight", highlightText(excerpt));
  return `/deals/${encodeURIComponent(deal)}/documents/${encodeURIComponent(documentId)}?${params.toString()}`;
}

export function sourceId(s: { documentId: string; page: number; cell?: string | null }): string {
  return `${s.documentId}:${s.page}${s.cell ? `:${s.cell}` : ""}`;
}

/** Per-turn registry of retrieved sources (and the numbers tools returned, for the number check). */
export class SourceRegistry {
  private readonly byId = new Map<string, SourceRef>();
  /** Every tool output of the turn, for numbers the answer may quote or derive from. */
  private readonly outputs: unknown[] = [];
  /** Passages that look like instructions (prompt injection): their numbers never count. */
  private readonly untrusted: string[] = [];

  constructor(private readonly dealSlug: string) {}

  add(input: SourceInput): SourceRef {
    const id = sourceId(input);
    const prior = this.byId.get(id);
    if (prior) {
      // Keep the longer excerpt (the highlight) but one id.
      if (input.excerpt.length > prior.excerpt.length) prior.excerpt = input.excerpt;
      return prior;
    }
    const ref: SourceRef = {
      ...input,
      cell: input.cell ?? null,
      id,
      citation: citationOf(input),
      url: sourceUrl({ deal: this.dealSlug, documentId: input.documentId, page: input.page, cell: input.cell, excerpt: input.excerpt }),
    };
    this.byId.set(id, ref);
    return ref;
  }

  recordOutput(output: unknown): void {
    this.outputs.push(output);
  }

  markUntrusted(text: string): void {
    this.untrusted.push(text);
  }

  list(): SourceRef[] {
    return [...this.byId.values()];
  }

  get size(): number {
    return this.byId.size;
  }

  toolOutputs(): readonly unknown[] {
    return this.outputs;
  }

  untrustedTexts(): readonly string[] {
    return this.untrusted;
  }

  /** Sources of a document (by filename, case-insensitive). */
  byDocument(filename: string): SourceRef[] {
    const f = normaliseFilename(filename);
    return this.list().filter((s) => normaliseFilename(s.document) === f);
  }

  /**
   * The registered source a citation points at, or undefined. A citation matches when the file
   * is the same and the location is one retrieved (page, or cell with or without its sheet), or
   * when it names the file only.
   */
  resolve(citation: { document: string; page?: number; cell?: string }): SourceRef | undefined {
    const candidates = this.byDocument(citation.document);
    if (candidates.length === 0) return undefined;
    if (citation.cell) {
      const want = normaliseCell(citation.cell);
      return candidates.find((s) => s.cell && (normaliseCell(s.cell) === want || normaliseCell(s.cell).endsWith(`!${want}`)));
    }
    if (citation.page !== undefined) return candidates.find((s) => s.page === citation.page);
    return candidates[0];
  }
}

export function normaliseFilename(f: string): string {
  return f.trim().replace(/^["'`]+|["'`]+$/g, "").toLowerCase();
}

function normaliseCell(c: string): string {
  return c.replace(/'/g, "").replace(/\s+/g, " ").trim().toLowerCase();
}
