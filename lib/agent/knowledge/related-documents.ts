/**
 * Which documents a figure's document is measured against when the agent says "newer", "older"
 * or weighs recency: documents about the same thing. That is the same company's documents, or,
 * for a document that names no company, its own versions (the same version group: report,
 * report_v2, report_CORRECTED). Never across companies: in a deal holding two companies'
 * 10-Ks, one company's filing is not "newer" than the other's.
 */
import { versionInfo } from "@/lib/ingest/metadata";
import { companyKeys } from "@/lib/search/routing";
import type { FindingRow } from "./findings";

export type DocumentFacts = Pick<FindingRow, "document_id" | "filename" | "document_date" | "document_company" | "document_company_key" | "version_group">;

/** The version group stored at ingest, else the one the file name gives (rows written before it was kept). */
function versionGroupOf(d: DocumentFacts): string {
  return d.version_group ?? versionInfo(d.filename).group;
}

/** Same company, however written ("Example Analytics AB" = "Example Analytics"); undefined when either names none. */
export function sameCompany(a: Pick<DocumentFacts, "document_company" | "document_company_key">, b: Pick<DocumentFacts, "document_company" | "document_company_key">): boolean | undefined {
  // the identity read from both documents decides (a renamed registrant keeps its key); else the names
  if (a.document_company_key && b.document_company_key) return a.document_company_key === b.document_company_key;
  if (!a.document_company || !b.document_company) return undefined;
  const keys = new Set(companyKeys(a.document_company));
  return companyKeys(b.document_company).some((k) => keys.has(k));
}

/** Both documents name a company, and not the same one. */
export function differentCompanies(a: Pick<DocumentFacts, "document_company" | "document_company_key">, b: Pick<DocumentFacts, "document_company" | "document_company_key">): boolean {
  return sameCompany(a, b) === false;
}

/** Whether two documents are about the same thing, so that one's date can make the other "older". */
export function relatedDocuments(a: DocumentFacts, b: DocumentFacts): boolean {
  if (a.document_id === b.document_id) return true;
  const company = sameCompany(a, b);
  if (company !== undefined) return company;
  return versionGroupOf(a) === versionGroupOf(b);
}

/** For each document among `docs`, the date of the newest document related to it (itself included). */
export function newestRelatedDates(docs: DocumentFacts[]): Map<string, string> {
  const distinct = [...new Map(docs.map((d) => [d.document_id, d])).values()];
  const out = new Map<string, string>();
  for (const d of distinct) {
    const newest = distinct.filter((o) => o.document_date && relatedDocuments(d, o)).map((o) => o.document_date!).sort().pop();
    if (newest) out.set(d.document_id, newest);
  }
  return out;
}
