import { companyGroups, companyNameKeys, distinctiveFirstWord } from "@/lib/ingest/metadata-company-key";
import type { UnderstoodQuery } from "./query-understanding";

/**
 * Routes a question to the deal's documents it is about, from their metadata (company,
 * fiscal year and period, kind). A named company restricts the search to that company's
 * documents when the deal holds several companies; years, periods and kinds only weigh
 * documents (a 2019 annual report also holds FY2018 figures, so nothing is excluded).
 *
 * Companies are the deal's documents grouped by identity (lib/ingest/metadata-company-key.ts:
 * the same normalised key, ticker or SEC file number). A question names one by its name ("Best
 * Harbour's", "EXAMPLESHOP.COM"), by a distinctive first word of a longer name ("Quillon" for
 * "Quillon Systems Incorporated") or by its ticker written in capitals ("QLLN"); a name match wins over a
 * first-word match.
 */
export interface RoutedDocument {
  id: string;
  filename: string;
  company: string | null;
  fiscal_year: number | null;
  fiscal_period: string | null;
  kind: string | null;
  company_key?: string | null;
  company_name?: string | null;
  ticker?: string | null;
  sec_file_number?: string | null;
  /** The day the document's period ends (a 10-K's fiscal year end), ISO. */
  document_date?: string | null;
}

export interface Routing {
  /** Documents to search (undefined = the whole deal). */
  documentIds?: string[];
  /** Multiplier per document, 1 = best fit; missing = 1. */
  prior: Map<string, number>;
  /** Companies recognised in the question (their group keys). */
  companies: string[];
}

/** One company of the deal: its documents, key, display name and tickers. */
export interface DealCompany {
  key: string;
  /** As its newest document writes it. */
  name: string;
  tickers: string[];
  documentIds: string[];
}

/** Keys a company may be written as: "BEST HARBOUR CO., INC." → bestharbourcoinc, bestharbour. Never a shared first word. */
export function companyKeys(company: string): string[] {
  return companyNameKeys(company);
}

/**
 * Per list of documents (the routing cache, lib/search/routing-cache.ts, hands out the same
 * array until the deal's documents change): its companies, and each company's name keys and
 * distinctive first words. Grouping and name keys cost ~20 ms per search in a deal of ~800
 * documents (bench/search-latency.ts at 100k chunks) and depend on the documents alone.
 * Cached lists and companies are frozen: callers copy before sorting.
 */
interface CompanyNames {
  keys: string[];
  firstWords: string[];
}
const companiesByDocs = new WeakMap<readonly RoutedDocument[], readonly DealCompany[]>();
const namesByDocs = new WeakMap<readonly RoutedDocument[], Map<string, CompanyNames>>();

/** The deal's companies (documents naming none are in none). */
export function dealCompanies(docs: RoutedDocument[]): DealCompany[] {
  let companies = companiesByDocs.get(docs);
  if (!companies) {
    companies = Object.freeze(groupCompanies(docs).map((c) => Object.freeze({ ...c, tickers: Object.freeze(c.tickers), documentIds: Object.freeze(c.documentIds) }) as DealCompany));
    companiesByDocs.set(docs, companies);
  }
  return [...companies];
}

function groupCompanies(docs: RoutedDocument[]): DealCompany[] {
  const groupOf = companyGroups(docs);
  const byKey = new Map<string, RoutedDocument[]>();
  for (const d of docs) {
    const k = groupOf.get(d.id);
    if (k) byKey.set(k, [...(byKey.get(k) ?? []), d]);
  }
  return [...byKey].map(([key, list]) => {
    const newest = [...list].sort((a, b) => (b.fiscal_year ?? 0) - (a.fiscal_year ?? 0))[0]!;
    return {
      key,
      name: newest.company_name ?? newest.company ?? key,
      tickers: [...new Set(list.map((d) => d.ticker?.toUpperCase()).filter((t): t is string => !!t))],
      documentIds: list.map((d) => d.id),
    };
  });
}

/** Squashed 1–5 word n-grams of the question ("&", "and", a possessive "s" dropped). */
function questionGrams(words: string[]): Set<string> {
  const w = words.map((x) => x.replace(/&/g, "")).filter((x) => x && x !== "s" && x !== "and");
  const grams = new Set<string>();
  for (let i = 0; i < w.length; i++) {
    let g = "";
    for (let n = 0; n < 5 && i + n < w.length; n++) {
      g += w[i + n];
      grams.add(g);
    }
  }
  return grams;
}

/** A company's name keys and distinctive first words, from the names its documents give it. */
function companyNames(c: DealCompany, byId: () => Map<string, RoutedDocument>): CompanyNames {
  const names = c.documentIds.flatMap((id) => [byId().get(id)?.company_name, byId().get(id)?.company]).filter((n): n is string => !!n);
  return {
    keys: [c.key, ...names.flatMap(companyNameKeys)],
    firstWords: names.map(distinctiveFirstWord).filter((w): w is string => w !== undefined),
  };
}

/** The deal's companies a question names: by name or ticker, else by a distinctive first word. */
export function companiesNamed(companies: DealCompany[], docs: RoutedDocument[], q: UnderstoodQuery): DealCompany[] {
  const grams = questionGrams(q.words);
  const tickers = new Set(q.tickers ?? []);
  let cache = namesByDocs.get(docs);
  if (!cache) namesByDocs.set(docs, (cache = new Map()));
  let index: Map<string, RoutedDocument> | undefined;
  const byId = () => (index ??= new Map(docs.map((d) => [d.id, d])));
  const names = (c: DealCompany) => {
    const id = `${c.key}\u0000${c.documentIds.join(",")}`; // a company of these documents, whatever list it came in
    let n = cache.get(id);
    if (!n) cache.set(id, (n = companyNames(c, byId)));
    return n;
  };
  const strong = companies.filter((c) => c.tickers.some((t) => tickers.has(t)) || names(c).keys.some((k) => k.length >= 2 && grams.has(k)));
  if (strong.length) return strong;
  return companies.filter((c) => names(c).firstWords.some((w) => grams.has(w)));
}

export function routeDocuments(docs: RoutedDocument[], q: UnderstoodQuery, restrictTo?: string[]): Routing {
  const pool = restrictTo ? docs.filter((d) => restrictTo.includes(d.id)) : docs;
  const companies = dealCompanies(pool);
  const named = companies.length > 1 ? companiesNamed(companies, pool, q) : [];
  const matched = new Set(named.map((c) => c.key));
  let candidates = pool;
  if (named.length > 0) {
    const ids = new Set(named.flatMap((c) => c.documentIds));
    candidates = pool.filter((d) => ids.has(d.id));
  }
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
