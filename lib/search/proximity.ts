/**
 * Phrase and proximity evidence for re-ranking: how many of the question's adjacent term
 * pairs ("legal proceedings", "primary customers", "gross margin") occur close together on a
 * page. BM25 scores each term alone, so a page that merely contains "legal" and
 * "proceedings" far apart ties with one that has the phrase. Terms are the tokeniser's
 * (stopwords already gone, so "cost of sales" is the pair cost→sale).
 *
 * A pair scores 1 when its terms appear in order within PHRASE_GAP tokens, 0.5 when they
 * appear in either order within WINDOW tokens; the page's score is the weighted mean over
 * the question's pairs, in [0, 1].
 */
const PHRASE_GAP = 2;
const WINDOW = 8;

export interface TermPair {
  a: string;
  b: string;
  weight: number;
}

/** Adjacent distinct term pairs of a question's token sequence, weighted by the lighter term. */
export function queryPairs(tokens: string[], weightOf: (term: string) => number = () => 1): TermPair[] {
  const seen = new Set<string>();
  const pairs: TermPair[] = [];
  for (let i = 0; i + 1 < tokens.length; i++) {
    const a = tokens[i];
    const b = tokens[i + 1];
    if (a === b || seen.has(`${a} ${b}`)) continue;
    seen.add(`${a} ${b}`);
    pairs.push({ a, b, weight: Math.min(weightOf(a), weightOf(b)) });
  }
  return pairs;
}

/** Positions of each pair term in a page's token sequence. */
function positions(pageTokens: string[], terms: Set<string>): Map<string, number[]> {
  const at = new Map<string, number[]>();
  pageTokens.forEach((t, i) => {
    if (!terms.has(t)) return;
    const list = at.get(t);
    if (list) list.push(i);
    else at.set(t, [i]);
  });
  return at;
}

function pairScore(as: number[] | undefined, bs: number[] | undefined): number {
  if (!as || !bs) return 0;
  let best = 0;
  let j = 0;
  for (const p of as) {
    while (j < bs.length && bs[j] < p - WINDOW) j++;
    for (let k = j; k < bs.length && bs[k] <= p + WINDOW; k++) {
      const d = bs[k] - p;
      if (d > 0 && d <= PHRASE_GAP) return 1;
      if (d !== 0) best = 0.5;
    }
  }
  return best;
}

/** Weighted share of the question's pairs found close together in the page's tokens. */
export function proximityScore(pairs: TermPair[], pageTokens: string[]): number {
  const total = pairs.reduce((s, p) => s + p.weight, 0);
  if (total === 0) return 0;
  const at = positions(pageTokens, new Set(pairs.flatMap((p) => [p.a, p.b])));
  let found = 0;
  for (const p of pairs) found += p.weight * pairScore(at.get(p.a), at.get(p.b));
  return found / total;
}
