/**
 * Page-aware chunking. Chunks never lose their place: each records the page it starts
 * and ends on and character offsets into those pages' text, so any chunk (and any
 * excerpt inside it) maps back to its page for citations and highlighting.
 * Long pages are cut at paragraph, line or sentence boundaries with a small overlap.
 */
export interface ChunkDraft {
  chunkIndex: number;
  pageStart: number;
  pageEnd: number;
  charStart: number;
  charEnd: number;
  text: string;
}

export interface ChunkOptions {
  targetChars: number;
  maxChars: number;
  overlapChars: number;
}

/** Page-sized: most 10-K pages are one chunk (retrieval answers with pages; fewer rows ingest faster). */
export const DEFAULT_CHUNK_OPTIONS: ChunkOptions = { targetChars: 4000, maxChars: 6000, overlapChars: 150 };

/** Best cut in text[from, to]: paragraph break, then line break, then sentence end, then space. */
function cutPoint(text: string, from: number, to: number): number {
  const window = text.slice(from, to);
  for (const re of [/\n\s*\n/g, /\n/g, /[.!?;:]\s/g, /\s/g]) {
    let last = -1;
    for (let m = re.exec(window); m; m = re.exec(window)) last = m.index + m[0].length;
    if (last > 0) return from + last;
  }
  return to;
}

/** Splits one page's text into [start, end) ranges. */
export function splitPage(text: string, opts: ChunkOptions = DEFAULT_CHUNK_OPTIONS): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  if (text.trim().length === 0) return ranges;
  let start = 0;
  while (start < text.length) {
    if (text.length - start <= opts.maxChars) {
      ranges.push([start, text.length]);
      break;
    }
    const end = cutPoint(text, start + Math.floor(opts.targetChars * 0.6), start + opts.maxChars);
    ranges.push([start, end]);
    const next = cutPoint(text, Math.max(start + 1, end - opts.overlapChars), end);
    start = next > start && next < end ? next : end;
  }
  return ranges.filter(([s, e]) => text.slice(s, e).trim().length > 0);
}

/**
 * Chunks of one page. Chunks stay inside their page: retrieval answers with pages, and a
 * chunk that straddled two pages would blur which page holds the evidence. The schema
 * (page_start, page_end) still allows spans for formats whose units are not pages.
 */
export function chunkPage(pageNumber: number, text: string, firstIndex: number, opts: ChunkOptions = DEFAULT_CHUNK_OPTIONS): ChunkDraft[] {
  return splitPage(text, opts).map(([s, e], i) => ({
    chunkIndex: firstIndex + i,
    pageStart: pageNumber,
    pageEnd: pageNumber,
    charStart: s,
    charEnd: e,
    text: text.slice(s, e),
  }));
}
