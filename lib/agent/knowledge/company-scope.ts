/**
 * The companies a question names, when the deal holds documents of several ("Amazon's FY2017
 * revenue" in a deal with 3M's and Amazon's 10-Ks): findings then come from that company's
 * documents only, so one company's figure never answers for another. The same routing as
 * search (lib/search/routing.ts): in a single-company deal nothing is narrowed.
 */
import type { Queryable } from "@/lib/db";
import { understandQuery } from "@/lib/search/query-understanding";
import { routeDocuments } from "@/lib/search/routing";
import { loadRoutableDocuments } from "@/lib/search/routing-cache";

export interface CompanyScope {
  /** The named companies' documents (within `restrictTo` when given); undefined when no company was named. */
  documentIds?: string[];
  /** The companies named, as the documents write them. */
  companies: string[];
}

export async function companyScope(db: Queryable, dealId: string, query: string, restrictTo?: string[]): Promise<CompanyScope> {
  const docs = await loadRoutableDocuments(db, dealId);
  const routing = routeDocuments(docs, understandQuery(query), restrictTo);
  if (routing.companies.length === 0) return { companies: [] };
  const ids = new Set(routing.documentIds ?? []);
  const companies = [...new Set(docs.filter((d) => ids.has(d.id) && d.company).map((d) => d.company!))];
  return { documentIds: [...ids], companies };
}
