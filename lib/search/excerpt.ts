import { tokenizeWithOffsets } from "./tokenize";

/**
 * The passage of a page that best matches the query: a window of at most `maxChars`
 * characters covering the most (weighted, distinct) query terms, cut at word boundaries,
 * whitespace collapsed. Falls back to the page's opening when nothing matches.
 */
export function bestExcerpt(text: string, weights: Map<string, number>, maxChars = 300): string {
  const tokens = tokenizeWithOffsets(text);
  const hits = tokens.filter((t) => weights.has(t.term));
  let bestStart = 0;
  let bestScore = 0;
  for (let i = 0; i < hits.length; i++) {
    const seen = new Set<string>();
    let score = 0;
    for (let j = i; j < hits.length && hits[j].end - hits[i].start <= maxChars - 20; j++) {
      if (seen.has(hits[j].term)) {
        score += 0.05; // repeated term: a little
        continue;
      }
      seen.add(hits[j].term);
      score += weights.get(hits[j].term)!;
    }
    if (score > bestScore + 1e-9) {
      bestScore = score;
      bestStart = hits[i].start;
    }
  }
  return cut(text, bestScore > 0 ? backUp(text, bestStart) : 0, maxChars);
}

/** Moves the start back to the line start or a few words before the first hit. */
function backUp(text: string, start: number): number {
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  if (start - lineStart <= 60) return lineStart;
  const window = text.slice(start - 60, start);
  const sp = window.search(/\s\S*$/);
  const i = window.indexOf(" ");
  return i >= 0 && sp >= 0 ? start - 60 + i + 1 : start;
}

function cut(text: string, start: number, maxChars: number): string {
  const slice = text.slice(start, start + maxChars * 3).replace(/\s+/g, " ").trim();
  if (slice.length <= maxChars) return `${start > 0 ? "… " : ""}${slice}`;
  let end = slice.lastIndexOf(" ", maxChars - 2);
  if (end < maxChars / 2) end = maxChars - 2;
  return `${start > 0 ? "… " : ""}${slice.slice(0, end).trim()} …`;
}
