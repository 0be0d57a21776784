/**
 * Answers never show confidence or similarity scores (P1, P2). These patterns catch scores a
 * model may leak; the clause (or parenthesis) carrying them is removed.
 */
export const SCORE_PATTERNS: RegExp[] = [
  /\(\s*(?:confidence|similarity|relevance|score|certainty)[^)]*\)/gi,
  /\b(?:confidence|similarity|relevance|certainty)(?:\s+(?:score|level|rating))?\s*(?:of|is|was|:|=)\s*(?:about |around |approximately )?\d+(?:\.\d+)?\s*%?/gi,
  /\b\d+(?:\.\d+)?\s*%\s*(?:confident|confidence|certain|certainty|sure|likely|similar(?:ity)?|match)\b/gi,
  /\b(?:similarity|relevance)\s+score\b/gi,
  /\bscore[sd]?\s*(?:of|:|=)\s*\d+(?:\.\d+)?\b/gi,
  /\b(?:cosine|vector)\s+(?:similarity|distance)\b/gi,
];

export function containsScore(text: string): boolean {
  return SCORE_PATTERNS.some((re) => {
    re.lastIndex = 0;
    const hit = re.test(text);
    re.lastIndex = 0;
    return hit;
  });
}

/** Removes score fragments; returns the cleaned text and whether anything was removed. */
export function stripScores(text: string): { text: string; removed: number } {
  let removed = 0;
  let t = text;
  for (const re of SCORE_PATTERNS) {
    t = t.replace(re, () => {
      removed++;
      return "";
    });
  }
  if (removed) t = t.replace(/\s+([,.;:])/g, "$1").replace(/\(\s*\)/g, "").replace(/[ \t]{2,}/g, " ").replace(/,\s*\./g, ".");
  return { text: t, removed };
}
