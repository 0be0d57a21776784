/**
 * Plain Okapi BM25 over pages (k1 1.2, b 0.75, lowercase alphanumeric tokens, no stopwords,
 * no stemming, no expansion): the baseline the retrieval bench compares Manda against.
 */
export interface BaselinePage {
  documentId: string;
  page: number;
  text: string;
}

const tokens = (s: string) => s.toLowerCase().match(/[a-z0-9]+/g) ?? [];

export class Bm25Index {
  private readonly tf: Array<Map<string, number>> = [];
  private readonly len: number[] = [];
  private readonly df = new Map<string, number>();
  private avgdl = 0;

  constructor(readonly pages: BaselinePage[], private readonly k1 = 1.2, private readonly b = 0.75) {
    for (const p of pages) {
      const counts = new Map<string, number>();
      const toks = tokens(p.text);
      for (const t of toks) counts.set(t, (counts.get(t) ?? 0) + 1);
      for (const t of counts.keys()) this.df.set(t, (this.df.get(t) ?? 0) + 1);
      this.tf.push(counts);
      this.len.push(toks.length);
    }
    this.avgdl = this.len.reduce((s, x) => s + x, 0) / Math.max(1, pages.length);
  }

  /** Top k pages for the query, optionally restricted to some documents. */
  search(query: string, k: number, documentIds?: Set<string>): BaselinePage[] {
    const q = [...new Set(tokens(query))];
    const n = this.pages.length;
    const scored: Array<[number, number]> = [];
    this.pages.forEach((p, i) => {
      if (documentIds && !documentIds.has(p.documentId)) return;
      let s = 0;
      for (const t of q) {
        const f = this.tf[i].get(t);
        if (!f) continue;
        const df = this.df.get(t)!;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        s += (idf * f * (this.k1 + 1)) / (f + this.k1 * (1 - this.b + (this.b * this.len[i]) / this.avgdl));
      }
      if (s > 0) scored.push([s, i]);
    });
    scored.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    return scored.slice(0, k).map(([, i]) => this.pages[i]);
  }
}
