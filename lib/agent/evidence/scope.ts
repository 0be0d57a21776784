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
import { listPageOpenings } from "@/lib/db/queries/pages";
import { plainWords } from "@/lib/text-keys";

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
  /**
   * The registrant the call named when it is not the company's own name but another registrant of
   * its combined filings (a holding company's utility, an operating partnership), as the cover prints it.
   */
  registrant?: string;
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
  let registrant: string | undefined;
  if (a.company?.trim()) {
    company = companyNamedBy(companies, docs, a.company);
    // a co-registrant of a company's combined filings (its cover lists several) is that company's documents,
    // whether the name also reads as the company's own ("Acme Power Company" of "Acme Holdings") or not
    const co = companies.length && (!company || registrantKey(a.company) !== registrantKey(company.name)) ? await coRegistrantNamed(db, company ? [company] : companies, a.company) : undefined;
    if (co && registrantKey(co.registrant) !== registrantKey(co.company.name)) ({ company, registrant } = co);
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
  return { ...(company ? { company: company.name } : {}), ...(registrant ? { registrant } : {}), documents: pool.map(toDoc) };
}

/** Legal forms and articles that do not tell two registrants apart ("Pacific Gas and Electric Company" is "Pacific Gas and Electric"). */
const LEGAL_FORM = /\s+(?:company|co|corporation|corp|incorporated|inc|limited|ltd|llc|l\s?p|plc|n\s?v|s\s?a|ag|se)$/;

/** A registrant's name compared: lower case, "&" as "and", no punctuation, no leading "the" nor trailing legal form. */
export function registrantKey(name: string): string {
  let k = plainWords(name.replace(/&/g, " and ")).replace(/^the\s+/, "");
  for (let prev = ""; prev !== k; ) {
    prev = k;
    k = k.replace(LEGAL_FORM, "").trim();
  }
  return k;
}

/** "1-2348 PACIFIC GAS AND ELECTRIC COMPANY California 94-0742640": a file number, the name, a state, an employer number. */
const REGISTRANT_ROW = /^\s*\d{1,3}-\d{3,6}\s+(?<name>\S.*?\S)\s+(?:\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?\s+)?\d{2}-\d{7}\s*$/u;
const REGISTRANT_LABEL = /\(?\s*exact\s+names?\s+of\s+(?:the\s+)?registrants?\b/i;

/**
 * The registrants a filing's cover prints: the rows of a combined filing's registrant table
 * ("Commission File Number | Exact Name of Registrant | State | IRS Employer Identification No.")
 * and the names stacked right above "(Exact name of registrant(s) as specified in …)".
 */
export function coverRegistrants(text: string): string[] {
  const lines = text.split("\n").slice(0, 120);
  const out: string[] = [];
  lines.forEach((line, i) => {
    const row = REGISTRANT_ROW.exec(line);
    if (row) out.push(row.groups!.name!.replace(/\s+/g, " "));
    if (!REGISTRANT_LABEL.test(line)) return;
    // (the name printed before the label on its own line, "ACME CORP (Exact name of registrant …)")
    const inline = line.slice(0, line.search(REGISTRANT_LABEL)).trim();
    if (inline && /\p{L}/u.test(inline)) out.push(inline);
    // the block of lines right above the label, up to a blank line
    let j = i - 1;
    while (j >= 0 && !lines[j]!.trim()) j--;
    for (let n = 0; j >= 0 && lines[j]!.trim() && n < 6; j--, n++) {
      const l = lines[j]!.trim();
      if (/[()]|\b(?:commission|file\s+n(?:umber|o)|form\s+10|fiscal year|pursuant)\b/i.test(l) || l.length > 90 || !/\p{L}/u.test(l)) break;
      out.push(l);
    }
  });
  return [...new Set(out)];
}

/**
 * The company whose filings' covers print the name asked as one of their registrants, when exactly one
 * company's do (a holding company's utility, an operating partnership filing with its parent).
 */
async function coRegistrantNamed(db: Queryable, companies: DealCompany[], name: string): Promise<{ company: DealCompany; registrant: string } | undefined> {
  const want = registrantKey(name);
  if (want.length < 3) return undefined;
  const found: Array<{ company: DealCompany; registrant: string }> = [];
  for (const c of companies) {
    for (const id of c.documentIds) {
      const pages = await listPageOpenings({ db, documentId: id, limit: 2, chars: 8000 });
      const hit = pages.flatMap((p) => coverRegistrants(p.text)).find((r) => registrantKey(r) === want);
      if (hit) {
        found.push({ company: c, registrant: hit });
        break;
      }
    }
  }
  return found.length === 1 ? found[0] : undefined;
}

/** Said by a tool reading a co-registrant's figures: the combined filing prints both registrants'. */
export function registrantNote(scope: EvidenceScope): string[] {
  return scope.registrant && scope.company
    ? [`"${scope.registrant}" is a registrant of ${scope.company}'s combined filings (their cover lists it): they print figures of both registrants, so check that a row's statement or table title names ${scope.registrant} before quoting it as its figure.`]
    : [];
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
