/**
 * Which company each document of a deal is about, as one comparable key, for relation detection:
 * two companies' figures are never compared (CONTRADICTS), never restate each other (SUPERSEDES),
 * and one company's document never replaces another's.
 *
 * Documents carrying an identity (lib/ingest/metadata-cover.ts: registrant, ticker, SEC file number)
 * are grouped by it (lib/ingest/metadata-company-key.ts), so "QUILLON SYSTEMS INCORPORATED" and
 * "Quillon Inc." are one company. A document naming no company is about the deal's target; a
 * company string containing the target's name is the target (cover-sheet metadata such as
 * "Company: Example Analytics AB").
 */
import { companyGroups, companyNameKeys, distinctiveFirstWord } from "@/lib/ingest/metadata-company-key";
import type { DocInfo } from "./documents";
import { plainWords } from "@/lib/text-keys";

/** Comparable company name: lower-case, no legal suffixes or punctuation ("4X Company" → "4x", "Example Analytics AB" → "example analytics"). */
const LEGAL_SUFFIX = /\b(?:ab|publ|inc|incorporated|corp|corporation|co|company|ltd|limited|plc|llc|gmbh|ag|sa|nv|bv|as|asa|oy|oyj|a\/s|holdings?|group)\b\.?/g;

export function normalizeCompany(name: string | null | undefined): string {
  return plainWords((name ?? "").toLowerCase().replace(LEGAL_SUFFIX, " "));
}

/**
 * The company of a document described by a name alone: its own company when it names one, else
 * the deal's target; a name that contains the target's name (or is contained in it) is the target.
 */
export function companyKey(company: string | null | undefined, target: string | null | undefined): string {
  const c = normalizeCompany(company);
  const t = normalizeCompany(target);
  if (!c) return t;
  if (t && (` ${c} `.includes(` ${t} `) || ` ${t} `.includes(` ${c} `))) return t;
  return c;
}

/** Each document's company key for the deal: identity groups, the target for documents naming none. */
export function documentCompanies(documents: DocInfo[], target: string | null | undefined): Map<string, string> {
  const groups = companyGroups(
    documents.map((d) => ({ id: d.id, company: d.company, company_key: d.companyKey, company_name: d.companyName, ticker: d.ticker, sec_file_number: d.secFileNumber })),
  );
  const t = normalizeCompany(target);
  const targetKeys = new Set([...companyNameKeys(target), distinctiveFirstWord(target)].filter((k): k is string => !!k));
  const isTarget = (d: DocInfo) => Boolean(t) && (companyKey(d.company ?? d.companyName, target) === t || targetKeys.has(groups.get(d.id) ?? ""));
  // the target's identity group, when a document of it names it
  const named = documents.find((d) => groups.has(d.id) && isTarget(d));
  const targetKey = (named && groups.get(named.id)) || t;
  const out = new Map<string, string>();
  for (const d of documents) {
    const group = groups.get(d.id);
    out.set(d.id, !group || isTarget(d) ? targetKey : group);
  }
  return out;
}

/** Both documents name their company, and not the same one. */
export function differentCompanies(keys: Map<string, string>, documents: Map<string, DocInfo>, a: string, b: string): boolean {
  const da = documents.get(a);
  const db = documents.get(b);
  const named = (d?: DocInfo) => Boolean(d && (d.company || d.companyName || d.companyKey));
  return named(da) && named(db) && keys.get(a) !== keys.get(b);
}
