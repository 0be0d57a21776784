/**
 * The companies a question names, when the deal holds documents of several ("Acme's FY2030
 * revenue" in a deal with two companies' 10-Ks): findings, pages, periods, supersession chains
 * and conflicts then come from that company's documents only, so one company's figure never
 * answers for another. The same routing as search (lib/search/routing.ts), over the documents'
 * company identity (lib/ingest/metadata-cover.ts): in a single-company deal nothing is narrowed.
 *
 * A question naming no company in a multi-company deal is not narrowed either; the scope says
 * which company it would answer for when one dominates (the deal's target, or the only company),
 * else which companies to ask between, for the answer to say so.
 */
import type { Queryable } from "@/lib/db";
import { companyNameKeys, distinctiveFirstWord } from "@/lib/ingest/metadata-company-key";
import { understandQuery } from "@/lib/search/query-understanding";
import { companiesNamed, dealCompanies, type DealCompany, routeDocuments } from "@/lib/search/routing";
import { loadRoutableDocuments } from "@/lib/search/routing-cache";

export interface ScopedCompany {
  /** As its newest document writes it ("ACME.COM, INC."). */
  name: string;
  /** Normalised key ("acme"). */
  key: string;
  documentIds: string[];
}

export interface CompanyScope {
  /** The named companies' documents (within `restrictTo` when given); undefined when no company was named. */
  documentIds?: string[];
  /** The companies named, as the documents write them. */
  companies: string[];
  /** No company named: the one the answer is for, when one dominates the deal (its target, or the only company). */
  answersFor?: ScopedCompany & { why: "only company" | "deal target" };
  /** No company named and none dominates: the companies to ask between (most documents first). */
  askWhich?: string[];
}

export async function companyScope(db: Queryable, dealId: string, query: string, restrictTo?: string[]): Promise<CompanyScope> {
  const docs = await loadRoutableDocuments(db, dealId);
  const pool = restrictTo ? docs.filter((d) => restrictTo.includes(d.id)) : docs;
  const q = understandQuery(query);
  const routing = routeDocuments(docs, q, restrictTo);
  const companies = dealCompanies(pool);
  if (routing.companies.length > 0) {
    const named = companiesNamed(companies, pool, q);
    return { documentIds: routing.documentIds ?? [], companies: named.map((c) => c.name) };
  }
  if (companies.length === 0) return { companies: [] };
  if (companies.length === 1) return { companies: [], answersFor: { ...scoped(companies[0]!), why: "only company" } };
  const target = await targetCompany(db, dealId, companies);
  if (target) return { companies: [], answersFor: { ...scoped(target), why: "deal target" } };
  const byDocs = [...companies].sort((a, b) => b.documentIds.length - a.documentIds.length || a.name.localeCompare(b.name));
  return { companies: [], askWhich: byDocs.map((c) => c.name) };
}

function scoped(c: DealCompany): ScopedCompany {
  return { name: c.name, key: c.key, documentIds: c.documentIds };
}

/** The deal's target (deals.target_company) among its companies, by name key or distinctive first word. */
async function targetCompany(db: Queryable, dealId: string, companies: DealCompany[]): Promise<DealCompany | undefined> {
  const { rows } = await db.query<{ target_company: string | null }>("select target_company from deals where id = $1", [dealId]);
  const target = rows[0]?.target_company;
  if (!target) return undefined;
  const keys = new Set([...companyNameKeys(target), distinctiveFirstWord(target)].filter((k): k is string => !!k));
  const hits = companies.filter((c) => keys.has(c.key) || companyNameKeys(c.name).some((k) => keys.has(k)) || keys.has(distinctiveFirstWord(c.name) ?? ""));
  return hits.length === 1 ? hits[0] : undefined;
}
