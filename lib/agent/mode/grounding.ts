/**
 * Citation grounding (seed 004 §5): [n] markers are mapped to the citations actually opened in
 * the run; markers that point at nothing are stripped from the answer; every grounded citation
 * carries the real document, page and chunk ids, the filename, a snippet (the quote the answer
 * takes from it when there is one, so the viewer highlights exactly that) and the viewer URL.
 * When nothing was opened, the best search results stand in as unopened fallbacks.
 */
import { sourceUrl } from "@/lib/agent/sources";
import type { GroundedCitation, OpenedCitation, SearchRecord } from "./types";
import { extractMarkers, extractQuotes, quoteFoundIn, rewriteMarkers } from "./text";

export interface GroundingResult {
  answer: string;
  citations: GroundedCitation[];
  /** Marker numbers removed because no opened citation has them. */
  stripped: number[];
}

function snippetOf(o: OpenedCitation, answer: string): string {
  // The longest quote of the answer that occurs in this source: what the viewer should highlight.
  const quotes = extractQuotes(answer)
    .map((q) => q.text)
    .filter((q) => q.length >= 6 && !/…|\.\.\./.test(q) && quoteFoundIn(q, o.text))
    .sort((a, b) => b.length - a.length);
  if (quotes[0]) return quotes[0];
  if (o.snippet) return o.snippet;
  return o.text.replace(/\s+/g, " ").trim().slice(0, 200);
}

export function groundCitations({ answer, opened, searches, dealSlug }: { answer: string; opened: OpenedCitation[]; searches: SearchRecord[]; dealSlug: string }): GroundingResult {
  const byN = new Map(opened.map((o) => [o.n, o]));
  const markers = extractMarkers(answer);
  const stripped = [...new Set(markers.filter((m) => !byN.has(m.n)).map((m) => m.n))];
  const clean = stripped.length ? rewriteMarkers(answer, (n) => byN.has(n)) : answer;
  const cited = [...new Set(extractMarkers(clean).map((m) => m.n))].sort((a, b) => a - b);
  const chosen = cited.length ? cited.map((n) => byN.get(n)!) : opened.filter((o) => o.role === "evidence");
  const citations: GroundedCitation[] = chosen.map((o) => {
    const snippet = snippetOf(o, clean);
    return {
      n: o.n,
      documentId: o.documentId,
      document: o.document,
      page: o.page,
      chunkId: o.chunkId,
      snippet,
      url: sourceUrl({ deal: dealSlug, documentId: o.documentId, page: o.page, excerpt: snippet }),
      documentDate: o.documentDate,
      opened: true,
    };
  });
  if (citations.length === 0 && opened.length === 0) {
    // Fallback: nothing opened — the best evidence snippets from the searches, unnumbered in the text.
    const seen = new Set<string>();
    let n = 0;
    for (const s of searches) {
      for (const r of s.results) {
        const key = `${r.documentId}:${r.page}`;
        if (r.role !== "evidence" || r.matchedTerms.length === 0 || seen.has(key) || n >= 3) continue;
        seen.add(key);
        citations.push({ n: ++n, documentId: r.documentId, document: r.document, page: r.page, chunkId: r.chunkId, snippet: r.snippet, url: sourceUrl({ deal: dealSlug, documentId: r.documentId, page: r.page, excerpt: r.snippet }), documentDate: r.documentDate, opened: false });
      }
    }
  }
  return { answer: clean, citations, stripped };
}
