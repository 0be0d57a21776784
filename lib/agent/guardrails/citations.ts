/**
 * Citations in an answer: `(source: file.pdf, p.12)`, `(source: file.xlsx, Sheet!B15)`,
 * `(sources: a.pdf p.5, b.xlsx B15)`. A citation must point at a source retrieved in this turn.
 */
import type { SourceRef, SourceRegistry } from "../sources";

export interface CitationEntry {
  document: string;
  page?: number;
  cell?: string;
  text: string;
}

export interface CitationMatch {
  start: number;
  end: number;
  text: string;
  entries: CitationEntry[];
}

const CITATION = /\((?:source|sources)\s*:\s*([^()]*(?:\([^()]*\)[^()]*)*)\)/gi;
const FILE = /([^\s,;:()"'`][^,;:"'`]*?\.(?:pdf|xlsx|xlsm|xls|csv|docx|doc|pptx|txt|md))\b/gi;

export function findCitations(text: string): CitationMatch[] {
  const out: CitationMatch[] = [];
  for (const m of text.matchAll(CITATION)) {
    out.push({ start: m.index!, end: m.index! + m[0].length, text: m[0], entries: parseEntries(m[1]!) });
  }
  return out;
}

export function parseEntries(body: string): CitationEntry[] {
  const files = [...body.matchAll(FILE)];
  const entries: CitationEntry[] = [];
  for (const [i, f] of files.entries()) {
    const from = f.index! + f[0].length;
    const to = i + 1 < files.length ? files[i + 1]!.index! : body.length;
    const loc = body.slice(from, to);
    const page = loc.match(/\bp(?:age|p)?\.?\s*(\d+)/i);
    const cell = loc.match(/((?:'[^']+'|[\w][\w .&-]*)?!\$?[A-Z]{1,3}\$?\d+)/) ?? loc.match(/\b(\$?[A-Z]{1,3}\$?\d+)\b/);
    entries.push({
      document: f[1]!.trim(),
      ...(page ? { page: Number(page[1]) } : {}),
      ...(!page && cell ? { cell: cell[1]!.trim() } : {}),
      text: `${f[1]!.trim()}${loc.replace(/[,;\s]+$/, "")}`,
    });
  }
  return entries;
}

export function formatCitation(refs: SourceRef[]): string {
  if (refs.length === 1) return refs[0]!.citation;
  return `(sources: ${refs.map((r) => `${r.document} ${r.cell ?? `p.${r.page}`}`).join(", ")})`;
}

/** Resolves every entry of a citation; returns the registered sources and the entries that fail. */
export function resolveCitation(c: CitationMatch, registry: SourceRegistry): { ok: SourceRef[]; bad: CitationEntry[] } {
  const ok: SourceRef[] = [];
  const bad: CitationEntry[] = [];
  for (const e of c.entries) {
    const ref = registry.resolve(e);
    if (ref) ok.push(ref);
    else bad.push(e);
  }
  if (c.entries.length === 0) bad.push({ document: c.text, text: c.text });
  return { ok, bad };
}
