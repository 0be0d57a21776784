/**
 * Evidence for an IRL item: candidates turned into cited evidence (document, page or cell, excerpt),
 * spread over documents, and whether they span the periods the item asks for (covered vs partial).
 */
import { type Candidate, CoverageContext, type DocInfo } from "./coverage-context";
import { itemTokens, type ItemAnalysis } from "./keywords";
import type { Coverage, IrlEvidence } from "./types";

export const MAX_EVIDENCE = 5;

/** Period labels printed on pages ("Q3 2023", "FY2023", "9M 2024", "H1 2024"). */
const PERIOD_LABEL = /\b(?:(Q[1-4]|H[12]|[1-9]M)\s?((?:19|20)\d{2})|FY\s?((?:19|20)\d{2}))\b/gi;

export function yearsOfDoc(d: DocInfo): number[] {
  const out = new Set<number>();
  if (d.fiscal_year) out.add(d.fiscal_year);
  for (const m of `${d.title ?? ""} ${d.filename}`.matchAll(/(?:^|[^\d])((?:19|20)\d{2})(?!\d)/g)) if (!d.fiscal_year) out.add(Number(m[1]));
  return [...out];
}

export function descriptorTokens(d: DocInfo): string[] {
  return itemTokens(`${d.kind ?? ""} ${d.title ?? ""} ${d.filename.replace(/\.[^.]+$/, "").replace(/[_-]+/g, " ")}`);
}

/** Text cut to at most `max` characters at a sentence's end (else at a word, with "…"), never mid-word. */
export function clipAtSentence(text: string, max = 240): string {
  const t = text.replace(/\s+/g, " ").trim();
  if (t.length <= max) return t;
  const head = t.slice(0, max + 1);
  const ends = [...head.matchAll(/[.!?](?=\s)/g)].map((m) => m.index! + 1).filter((i) => i >= max / 3);
  if (ends.length) return t.slice(0, ends.at(-1));
  const cut = head.lastIndexOf(" ", max - 1);
  return `${t.slice(0, cut > max / 2 ? cut : max - 1)}…`;
}

export function excerptOf(text: string, max = 240): string {
  const lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
  return clipAtSentence(lines.join(" "), max);
}

export function toEvidence(ctx: CoverageContext, c: Candidate): IrlEvidence {
  const doc = ctx.doc(c.documentId);
  return {
    documentId: c.documentId,
    document: doc?.filename ?? c.documentId,
    page: c.page,
    ...(c.cell ? { cell: c.cell } : {}),
    excerpt: c.excerpt,
    ...(c.findingId ? { findingId: c.findingId } : {}),
  };
}

export function dedupeCandidates(list: Candidate[]): Candidate[] {
  const seen = new Set<string>();
  return list.filter((c) => {
    const k = `${c.documentId}:${c.page}:${c.findingId ?? ""}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Years and period labels an evidence set spans (document metadata + labels on its pages). */
function periodsOf(ctx: CoverageContext, evidence: Candidate[]): { years: Set<number>; periods: Set<string> } {
  const years = new Set<number>();
  const periods = new Set<string>();
  for (const c of evidence) {
    const d = ctx.doc(c.documentId);
    if (d) {
      for (const y of yearsOfDoc(d)) years.add(y);
      if (d.fiscal_year) periods.add(`${d.fiscal_period ?? "FY"} ${d.fiscal_year}`);
    }
    for (const m of ctx.text(c.documentId, c.page).matchAll(PERIOD_LABEL)) {
      const y = Number(m[2] ?? m[3]);
      years.add(y);
      periods.add(`${(m[1] ?? "FY").toUpperCase()} ${y}`);
    }
  }
  return { years, periods };
}

/** Covered / partial by how well the evidence spans the periods the item asks for. */
export function periodVerdict(ctx: CoverageContext, a: ItemAnalysis, evidence: Candidate[]): { coverage: Coverage; reason: string } {
  const { years, periods } = periodsOf(ctx, evidence);
  if (a.years.length > 0) {
    const missing = a.years.filter((y) => !years.has(y));
    if (missing.length === 0) return { coverage: "covered", reason: `evidence for ${a.years.join(", ")}` };
    if (missing.length < a.years.length || (a.wantsHistory && years.size > 0)) {
      return { coverage: "partial", reason: `asks for ${a.years.join("–")}; the room only covers ${[...years].sort((x, y) => x - y).join(", ") || "other periods"}` };
    }
    return { coverage: "gap", reason: `nothing for ${a.years.join(", ")}` };
  }
  if (a.wantsHistory && periods.size < 2) return { coverage: "partial", reason: "asks for a history; the room holds a single period" };
  return { coverage: "covered", reason: "evidence found" };
}

/** Current versions before the documents they supersede, then the newest period first. */
export function currentFirst(ctx: CoverageContext): (x: string, y: string) => number {
  const rank = (id: string) => (ctx.doc(id)?.superseded ? 1 : 0);
  return (x, y) => rank(x) - rank(y) || (ctx.doc(y)?.fiscal_year ?? 0) - (ctx.doc(x)?.fiscal_year ?? 0);
}

/** Round-robin over documents (each document's first candidate, then its second, …) up to `max`. */
function roundRobin(byDoc: Map<string, Candidate[]>, docs: string[], max: number): Candidate[] {
  const out: Candidate[] = [];
  for (let round = 0; out.length < max; round++) {
    let added = false;
    for (const d of docs) {
      const c = byDoc.get(d)![round];
      if (c && out.length < max) {
        out.push(c);
        added = true;
      }
    }
    if (!added) break;
  }
  return out;
}

/**
 * Evidence list spread over documents, at most MAX_EVIDENCE: current versions first (newest
 * period first), and documents a later version supersedes only in the slots left after them.
 */
export function pickSpread(ctx: CoverageContext, list: Candidate[]): Candidate[] {
  const byDoc = new Map<string, Candidate[]>();
  for (const c of list) byDoc.set(c.documentId, [...(byDoc.get(c.documentId) ?? []), c]);
  const docs = [...byDoc.keys()].sort(currentFirst(ctx));
  const current = docs.filter((d) => !ctx.doc(d)?.superseded);
  const out = roundRobin(byDoc, current, MAX_EVIDENCE);
  return out.concat(roundRobin(byDoc, docs.filter((d) => ctx.doc(d)?.superseded), MAX_EVIDENCE - out.length));
}
