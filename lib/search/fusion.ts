import type { ChunkHit } from "./retrievers";

/**
 * Chunk lists → ranked pages, and reciprocal rank fusion of several ranked page lists.
 * A page's score in one list is its best chunk's plus a small share of its other chunks'
 * (a page answering in two places is a little better than one answering once).
 */
export interface PageRef {
  key: string; // documentId:page
  documentId: string;
  page: number;
}

export interface RankedPage extends PageRef {
  score: number;
}

export const pageKey = (documentId: string, page: number) => `${documentId}:${page}`;

/** A page's other chunks count this share of their score in its list (its best counts whole). */
export const PAGE_SECOND_SHARE = 0.1;

export function chunksToPages(hits: ChunkHit[], secondShare = PAGE_SECOND_SHARE): RankedPage[] {
  const pages = new Map<string, { ref: PageRef; scores: number[] }>();
  for (const h of hits) {
    const key = pageKey(h.documentId, h.page);
    const p = pages.get(key) ?? { ref: { key, documentId: h.documentId, page: h.page }, scores: [] };
    p.scores.push(h.score);
    pages.set(key, p);
  }
  return [...pages.values()]
    .map(({ ref, scores }) => {
      scores.sort((a, b) => b - a);
      return { ...ref, score: scores[0] + secondShare * scores.slice(1).reduce((s, x) => s + x, 0) };
    })
    .sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
}

export interface FusionList {
  name: string;
  weight: number;
  pages: RankedPage[]; // best first
}

/** Weighted RRF: Σ weight / (k0 + rank). Returns every page seen, best first. */
export function reciprocalRankFusion(lists: FusionList[], k0 = 60): Array<RankedPage & { parts: Record<string, number> }> {
  const fused = new Map<string, RankedPage & { parts: Record<string, number> }>();
  for (const list of lists) {
    list.pages.forEach((p, i) => {
      const f = fused.get(p.key) ?? { key: p.key, documentId: p.documentId, page: p.page, score: 0, parts: {} };
      const s = list.weight / (k0 + i + 1);
      f.score += s;
      f.parts[list.name] = i + 1;
      fused.set(p.key, f);
    });
  }
  return [...fused.values()].sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
}
