/**
 * Which documents an evidence tool reads: the company a call names (by name, a distinctive
 * first word or ticker, anywhere: "verizon", "Verizon's", "VZ"), narrowed to one document when
 * the call names a file. A name that matches none of the deal's companies is an error as data,
 * listing the companies the deal holds, so the model (or the offline reader) can say so instead
 * of answering for another company.
 */
import type { Queryable } from "@/lib/db";
import type { EmbeddingSpace } from "@/lib/models/embeddings";
import type { SourceRegistry } from "../sources";
import { understandQuery } from "@/lib/search/query-understanding";
import { companiesNamed, dealCompanies, type DealCompany, type RoutedDocument } from "@/lib/search/routing";
import { loadRoutableDocuments } from "@/lib/search/routing-cache";

/** What every evidence tool reads with: the database, the deal, the turn's source registry and, for search, the embedding space. */
export type EvidenceDeps = { db: Queryable; dealId: string; sources: SourceRegistry; space?: EmbeddingSpace };

export interface ScopeDocument {
  id: string;
  filename: string;
  kind: string | null;
  fiscalYear: number | null;
  fiscalPeriod: string | null;
  company: string | null;
  /** The day its period ends, ISO ("2022-09-24" for a 10-K of a September year). */
  date?: string | null;
}

/** A document's own period as the tools print it: "FY2022", "Q3 2024"; undefined when unknown. */
export function documentPeriod(d: Pick<ScopeDocument, "fiscalYear" | "fiscalPeriod"> | undefined): string | undefined {
  if (!d?.fiscalYear) return undefined;
  return d.fiscalPeriod && d.fiscalPeriod !== "FY" ? `${d.fiscalPeriod} ${d.fiscalYear}` : `FY${d.fiscalYear}`;
}

export interface EvidenceScope {
  /** The company the evidence is for (as its newest document names it), when the deal holds companies. */
  company?: string;
  /** The documents read (all of the company's, or the one named). */
  documents: ScopeDocument[];
}

export interface ScopeError {
  error: string;
  /** The companies this deal holds, for the reply. */
  companies: string[];
}

const toDoc = (d: RoutedDocument): ScopeDocument => ({ id: d.id, filename: d.filename, kind: d.kind, fiscalYear: d.fiscal_year, fiscalPeriod: d.fiscal_period, company: d.company_name ?? d.company, date: d.document_date ?? null });

function byFilename(docs: RoutedDocument[], name: string): RoutedDocument[] {
  const want = name.trim().toLowerCase().replace(/\.(?:pdf|xlsx|csv|docx|txt)$/, "");
  return docs.filter((d) => d.id === name || d.filename.toLowerCase().replace(/\.(?:pdf|xlsx|csv|docx|txt)$/, "") === want);
}

/** The company a name in a call means, among the deal's; undefined when it names none of them. */
export function companyNamedBy(companies: DealCompany[], docs: RoutedDocument[], name: string): DealCompany | undefined {
  const hits = companiesNamed(companies, docs, understandQuery(name));
  if (hits.length === 1) return hits[0];
  // a ticker typed in lower case ("glw"): a call names one company, so its case does not matter
  const ticker = name.trim().toUpperCase();
  const byTicker = companies.filter((c) => c.tickers.includes(ticker));
  return byTicker.length === 1 ? byTicker[0] : undefined;
}

export async function resolveScope(db: Queryable, dealId: string, a: { company?: string; document?: string }): Promise<EvidenceScope | ScopeError> {
  const docs = await loadRoutableDocuments(db, dealId);
  const companies = dealCompanies(docs);
  let pool = docs;
  let company: DealCompany | undefined;
  if (a.company?.trim()) {
    company = companyNamedBy(companies, docs, a.company);
    if (!company && companies.length) {
      return { error: `No company in this deal matches "${a.company}".`, companies: companies.map((c) => c.name) };
    }
    if (company) pool = docs.filter((d) => company!.documentIds.includes(d.id));
  } else if (companies.length === 1) {
    company = companies[0];
  }
  if (a.document?.trim()) {
    const named = byFilename(pool, a.document);
    if (!named.length) return { error: `No document named "${a.document}"${company ? ` of ${company.name}` : ""} in this deal.`, companies: companies.map((c) => c.name) };
    pool = named;
  }
  return { ...(company ? { company: company.name } : {}), documents: pool.map(toDoc) };
}

export function isScopeError(x: EvidenceScope | ScopeError): x is ScopeError {
  return "error" in x;
}

/** The deal's companies and documents, newest first: what the data room holds, for the system prompt. */
export async function dataRoomSummary(db: Queryable, dealId: string): Promise<Array<{ company: string; tickers?: readonly string[]; documents: ScopeDocument[] }>> {
  const docs = await loadRoutableDocuments(db, dealId);
  const companies = dealCompanies(docs);
  const newestFirst = (x: ScopeDocument, y: ScopeDocument) => (y.fiscalYear ?? 0) - (x.fiscalYear ?? 0) || x.filename.localeCompare(y.filename);
  const grouped = companies.map((c) => ({ company: c.name, tickers: c.tickers, documents: docs.filter((d) => c.documentIds.includes(d.id)).map(toDoc).sort(newestFirst) }));
  const loose = docs.filter((d) => !companies.some((c) => c.documentIds.includes(d.id))).map(toDoc);
  return loose.length ? [...grouped, { company: "", documents: loose.sort(newestFirst) }] : grouped;
}
