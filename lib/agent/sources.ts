/**
 * Sources of one agent turn. Every tool that returns document content registers where it came
 * from here; the guardrails only let an answer cite sources in this registry, and the UI gets
 * one source part (a stable viewer URL) per cited source.
 */
import { splitSentences } from "@/lib/extraction/sentences";

export interface SourceInput {
  documentId: string;
  document: string; // filename
  page: number; // 1-based
  cell?: string | null; // Sheet!B15 for spreadsheets
  excerpt: string;
  documentDate?: string | null; // ISO date
  kind?: string | null; // annual report, management presentation …
  /** The exact text the viewer should mark (the cited line), when narrower than the excerpt. */
  highlight?: string | null;
}

export interface SourceRef extends SourceInput {
  /** Stable id within the deal: document, page and cell. */
  id: string;
  /** How an answer cites it: "(source: Interim_Report.pdf, p.1)". */
  citation: string;
  /** Viewer link: /deals/{deal}/documents/{document}?page=N&highlight=… (or &cell=…). */
  url: string;
}

/** The location part of a citation: "p.12" or "Sheet!B15". */
/**
 * The text without its citations ("(source: X.pdf, p.4)"), each replaced by a space; `documents`:
 * without the documents' names too ("X_2023Q2_10Q.pdf"), so neither reads as a figure or a name.
 */
export function withoutCitations(text: string, o: { documents?: boolean } = {}): string {
  const bare = text.replace(/\((?:source|sources):[^)]*\)/gi, " ");
  return o.documents ? bare.replace(/\S+\.(?:pdf|docx?|xlsx?|csv|txt|pptx?)\b/gi, " ") : bare;
}

export function citationLocation(s: { page: number; cell?: string | null }): string {
  return s.cell ? s.cell : `p.${s.page}`;
}

export function citationOf(s: { document: string; page: number; cell?: string | null }): string {
  return `(source: ${s.document}, ${citationLocation(s)})`;
}

const HIGHLIGHT_MAX = 300;

/**
 * The highlight text for a viewer link: the excerpt without ellipses; a long one up to the end of
 * a sentence (a highlight that stops mid-sentence marks half a statement), else at a word.
 */
export function highlightText(excerpt: string): string {
  const t = excerpt.replace(/^[\s…"“”«»]+|[\s…"“”«»]+$/g, "").replace(/\s+/g, " ");
  if (t.length <= HIGHLIGHT_MAX) return t;
  const head = t.slice(0, HIGHLIGHT_MAX + 1);
  const ends = [...head.matchAll(/[.!?](?=\s)/g)].map((m) => m.index! + 1).filter((i) => i >= 40);
  if (ends.length) return t.slice(0, ends.at(-1));
  const cut = t.lastIndexOf(" ", HIGHLIGHT_MAX);
  return t.slice(0, cut > HIGHLIGHT_MAX / 2 ? cut : HIGHLIGHT_MAX);
}

const NUMERIC = /^[(\-−–]?[$€£]?\d[\d,.]*%?\)?$|^[—–-]$/;

/**
 * The line of an excerpt that states a value: a table row is its label and its figures ("Revenue
 * 5,200 4,640 14,500 13,240", not the next row's "Cost of revenue …" an excerpt also holds); in
 * prose, the sentence with the value. Undefined when the value is not in the excerpt.
 */
export function citedLine(excerpt: string, valueText: string): string | undefined {
  const t = excerpt.replace(/^[\s…"“”«»]+|[\s…"“”«»]+$/g, "").replace(/\s+/g, " ");
  const v = valueText.replace(/\s+/g, " ").trim();
  if (!v || !t.includes(v)) return undefined;
  // prose: the sentence that holds the value (a full sentence of words, not a row of figures)
  const sentence = splitSentences(t).find((x) => x.includes(v));
  const words = sentence?.split(" ") ?? [];
  const alpha = words.filter((w) => /^[A-Za-z]/.test(w)).length;
  if (sentence && alpha >= 6 && alpha >= 0.7 * words.length) return sentence;
  const tokens = t.split(" ");
  const want = v.split(" ");
  const at = tokens.findIndex((_, i) => want.every((w, j) => tokens[i + j] === w));
  if (at < 0) return undefined;
  let start = at - 1;
  while (start >= 0 && NUMERIC.test(tokens[start]!)) start--; // earlier columns, a note number
  while (start >= 0 && !NUMERIC.test(tokens[start]!)) start--; // the row's label
  start++;
  let end = at + want.length;
  while (end < tokens.length && NUMERIC.test(tokens[end]!)) end++; // later columns of the row
  return tokens.slice(start, end).join(" ");
}

/**
 * Stable viewer URL of a source: `/deals/{deal}/documents/{document}?page=N&highlight=<excerpt>`
 * or, for a sheet cell, `…?page=N&cell=Sheet!B15`. `deal` is the deal slug (the app's route key).
 */
export function sourceUrl({ deal, documentId, page, cell, excerpt, highlight }: { deal: string; documentId: string; page: number; cell?: string | null; excerpt?: string | null; highlight?: string | null }): string {
  const params = new URLSearchParams({ page: String(page) });
  const mark = highlight?.trim() || excerpt?.trim();
  if (cell) params.set("cell", cell);
  else if (mark) params.set("highlight", highlightText(mark));
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
      // A finding's cited line is more exact than a page passage of the same page: the link marks it.
      if (input.highlight && !prior.highlight) {
        prior.highlight = input.highlight;
        prior.url = sourceUrl({ deal: this.dealSlug, documentId: prior.documentId, page: prior.page, cell: prior.cell, excerpt: prior.excerpt, highlight: input.highlight });
      }
      return prior;
    }
    const ref: SourceRef = {
      ...input,
      cell: input.cell ?? null,
      id,
      citation: citationOf(input),
      url: sourceUrl({ deal: this.dealSlug, documentId: input.documentId, page: input.page, cell: input.cell, excerpt: input.excerpt, highlight: input.highlight }),
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
