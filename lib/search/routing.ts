import type { UnderstoodQuery } from "./query-understanding";

/**
 * Routes a question to the deal's documents it is about, from their metadata (company,
 * fiscal year and period, kind). A named company restricts the search to that company's
 * documents when the deal holds several companies; years, periods and kinds only weigh
 * documents (a 2019 annual report also holds FY2018 figures, so nothing is excluded).
 */
export interface RoutedDocument {
  id: string;
  filename: string;
  company: string | null;
  fiscal_year: number | null;
  fiscal_period: string | null;
  kind: string | null;
}

export interface Routing {
  /** Documents to search (undefined = the whole deal). */
  documentIds?: string[];
  /** Multiplier per document, 1 = best fit; missing = 1. */
  prior: Map<string, number>;
  /** Companies recognised in the question (normalised). */
  companies: string[];
}

const SUFFIXES = new Set(["inc", "incorporated", "corp", "corporation", "co", "company", "companies", "ab", "publ", "plc", "ltd", "limited", "group", "holding", "holdings", "the", "sa", "ag", "nv", "asa", "oyj", "as", "llc", "se", "and"]);

const squash = (s: string) => s.toLowerCase().normalize("NFKC").replace(/[^\p{L}\p{N}]/gu, "");

/** Keys a company may be written as: "BEST BUY CO., INC." → bestbuyco…, bestbuy. */
export function companyKeys(company: string): string[] {
  const words = company.toLowerCase().normalize("NFKC").match(/[\p{L}\p{N}]+/gu) ?? [];
  const core = words.filter((w) => !SUFFIXES.has(w));
  const keys = new Set([squash(company), squash(core.join(""))]);
  return [...keys].filter((k) => k.length >= 2);
}

/** Squashed 1–3 word n-grams of the question (possessive 's dropped). */
function questionGrams(words: string[]): Set<string> {
  const w = words.map((x) => x.replace(/&/g, "")).filter((x) => x && x !== "s");
  const grams = new Set<string>();
  for (let i = 0; i < w.length; i++) {
    let g = "";
    for (let n = 0; n < 3 && i + n < w.length; n++) {
      g += w[i + n];
      grams.add(g);
    }
  }
  return grams;
}

export function routeDocuments(docs: RoutedDocument[], q: UnderstoodQuery, restrictTo?: string[]): Routing {
  const pool = restrictTo ? docs.filter((d) => restrictTo.includes(d.id)) : docs;
  const grams = questionGrams(q.words);
  const distinct = new Set(pool.map((d) => (d.company ? squash(d.company) : "")).filter(Boolean));
  const matched = new Set<string>();
  if (distinct.size > 1) {
    for (const d of pool) if (d.company && companyKeys(d.company).some((k) => grams.has(k))) matched.add(squash(d.company));
  }
  let candidates = pool;
  if (matched.size > 0) candidates = pool.filter((d) => d.company && matched.has(squash(d.company)));
  const prior = new Map<string, number>();
  const target = q.years.length > 0 ? Math.max(...q.years) : undefined;
  for (const d of candidates) {
    let p = 1;
    if (target !== undefined) {
      if (d.fiscal_year == null) p *= 0.7;
      else if (d.fiscal_year === target) p *= 1;
      else if (d.fiscal_year === target + 1) p *= 0.7;
      else p *= 0.5;
    }
    const quarterly = d.fiscal_period != null && /^[QH]/.test(d.fiscal_period);
    if (q.period) p *= d.fiscal_period === q.period ? 1 : 0.7;
    else if (quarterly && q.kind !== "quarterly report") p *= 0.85;
    if (q.kind && d.kind && d.kind !== q.kind) p *= 0.8;
    prior.set(d.id, p);
  }
  const narrowed = matched.size > 0 || restrictTo !== undefined;
  return { documentIds: narrowed ? candidates.map((d) => d.id) : undefined, prior, companies: [...matched] };
}
