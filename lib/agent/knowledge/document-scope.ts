/**
 * Which documents a question is about: one named by file name or id, or documents named by kind
 * ("the board minutes", "the annual report") — except in a comparison, where the named document
 * is one side ("compare the forecast in the presentation with the actuals") — and, in a deal
 * holding several companies' documents, only those of the companies the question names.
 */
import type { Queryable } from "@/lib/db";
import { type CompanyScope, companyScope } from "./company-scope";

const COMPARING = /\b(?:compare[sd]?|comparison|versus|vs\.?|against|difference between|forecast (?:to|and|with) actuals?|actuals? (?:to|and|with) (?:the )?forecast)\b/i;

export interface DocumentScope {
  /** Documents to search; undefined = all documents of the deal. */
  documentIds?: string[];
  /** Documents the question names by kind (also in a comparison). */
  kindDocs?: string[];
  comparing: boolean;
  /** Companies the question names (when the deal holds several). */
  companies: string[];
  /** No company named: the company the answer is for, when one dominates the deal (not narrowed to it). */
  answersFor?: CompanyScope["answersFor"];
  /** No company named in a deal of several, none dominating: the companies to ask between. */
  askWhich?: string[];
}

export async function documentScope(db: Queryable, dealId: string, o: { query: string; document?: string; notes: string[] }): Promise<DocumentScope> {
  let documentIds: string[] | undefined;
  if (o.document) {
    const { rows } = await db.query<{ id: string }>("select id from documents where deal_id = $1 and (lower(filename) = lower($2) or id::text = $2)", [dealId, o.document]);
    documentIds = rows.map((r) => r.id);
    if (documentIds.length === 0) o.notes.push(`No document named ${o.document} in this deal; searched all documents instead.`);
    if (documentIds.length === 0) documentIds = undefined;
  }
  const kindDocs = await documentsByKindMention(db, dealId, o.query);
  const comparing = COMPARING.test(o.query);
  if (!documentIds && !comparing) documentIds = kindDocs;
  // A document named outright is the scope as it is; otherwise a named company narrows it.
  if (o.document && documentIds) return { documentIds, kindDocs, comparing, companies: [] };
  const byCompany = await companyScope(db, dealId, o.query, documentIds);
  return {
    documentIds: byCompany.documentIds ?? documentIds, kindDocs, comparing, companies: byCompany.companies,
    ...(byCompany.answersFor ? { answersFor: byCompany.answersFor } : {}),
    ...(byCompany.askWhich ? { askWhich: byCompany.askWhich } : {}),
  };
}

const KIND_WORDS: Array<[RegExp, RegExp]> = [
  [/\bboard minutes|\bminutes\b/i, /minutes/i],
  [/\bannual report\b|\b10-?k\b/i, /annual report|10-?k/i],
  [/\bquarterly report\b|\b10-?q\b/i, /quarterly report|10-?q/i],
  [/\b(?:management )?presentation\b|\bdeck\b/i, /presentation/i],
  [/\bforecast\b|\bbudget\b/i, /forecast/i],
  [/\bcap table\b/i, /cap table/i],
  [/\bbio(?:graphie)?s\b/i, /bio/i],
  [/\bcustomer list\b/i, /customer list/i],
];

/** Documents the question names by kind ("the board minutes", "the annual report"). */
export async function documentsByKindMention(db: Queryable, dealId: string, query: string): Promise<string[] | undefined> {
  const wanted = KIND_WORDS.filter(([q]) => q.test(query)).map(([, k]) => k);
  if (!wanted.length) return undefined;
  const { rows } = await db.query<{ id: string; kind: string | null; filename: string }>("select id, kind, filename from documents where deal_id = $1", [dealId]);
  const ids = rows.filter((r) => wanted.some((k) => k.test(`${r.kind ?? ""} ${r.filename.replace(/_/g, " ")}`))).map((r) => r.id);
  return ids.length ? ids : undefined;
}
