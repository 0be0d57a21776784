import fs from "node:fs";
import path from "node:path";
import { parsePdf } from "@/lib/ingest/parsers/pdf";

/**
 * Realistic synthetic filing text for latency benches: lines and sentences taken from real
 * filings of the corpus, recombined by a seeded generator into pages, with amounts
 * re-drawn. Word frequencies stay Zipf-like (as in real data rooms), which both BM25
 * postings and HNSW graphs depend on; uniform random text or vectors would mislead.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Sentences/lines (20–300 chars) from the first pages of some corpus PDFs. */
export async function loadSentencePool(pdfDir: string, files: number, pagesPerFile = 80): Promise<string[]> {
  const names = fs.readdirSync(pdfDir).filter((f) => f.endsWith(".pdf")).sort();
  const step = Math.max(1, Math.floor(names.length / files));
  const pool: string[] = [];
  for (let i = 0; i < names.length && pool.length >= 0; i += step) {
    const file = path.join(pdfDir, names[i]);
    const parsed = await parsePdf({ path: file, bytes: fs.statSync(file).size, filename: names[i] });
    let n = 0;
    for await (const page of parsed.pages) {
      if (++n > pagesPerFile) break;
      for (const piece of page.text.replace(/\u0000/g, " ").split(/\n+|(?<=[.;])\s+/)) {
        const s = piece.replace(/\s+/g, " ").trim();
        if (s.length >= 20 && s.length <= 300 && /\p{L}{3}/u.test(s)) pool.push(s);
      }
    }
    if (pool.length > 0 && i / step + 1 >= files) break;
  }
  return pool;
}

export class FilingTextGenerator {
  private readonly rnd: () => number;
  constructor(private readonly pool: string[], seed: number) {
    this.rnd = mulberry32(seed);
  }

  pick<T>(xs: T[]): T {
    return xs[Math.floor(this.rnd() * xs.length)];
  }

  private amount(): string {
    const n = Math.floor(Math.exp(this.rnd() * 11));
    return n.toLocaleString("en-US");
  }

  /** One page of about `chars` characters. Runs of consecutive pool lines keep local coherence. */
  page(chars: number): string {
    const lines: string[] = [];
    let len = 0;
    while (len < chars) {
      const start = Math.floor(this.rnd() * this.pool.length);
      const run = 1 + Math.floor(this.rnd() * 4);
      for (let i = 0; i < run && len < chars; i++) {
        const s = this.pool[(start + i) % this.pool.length].replace(/\d[\d,]*(?:\.\d+)?/g, () => this.amount());
        lines.push(s);
        len += s.length + 1;
      }
    }
    return lines.join("\n");
  }
}
