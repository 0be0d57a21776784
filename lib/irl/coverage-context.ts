/**
 * What IRL coverage is judged against, loaded once per deal: the indexed documents (not the IRL
 * itself), statement pages, promoted findings that nothing supersedes, and page texts on demand.
 */
import type { Queryable } from "@/lib/db";
import { IRL_DOCUMENT_KIND, type IrlItemRow } from "./irl";
import { itemTokens } from "./keywords";
import type { Coverage, IrlEvidence } from "./types";

export interface DocInfo {
  id: string;
  filename: string;
  kind: string | null;
  title: string | null;
  fiscal_year: number | null;
  fiscal_period: string | null;
  /** A later version or correction of it is in the room (a document SUPERSEDES relation). */
  superseded: boolean;
}

interface FindingInfo {
  id: string;
  document_id: string;
  metric: string;
  metric_key: string;
  period: string | null;
  source_page: number;
  source_cell: string | null;
  source_excerpt: string;
}

export interface Candidate {
  documentId: string;
  page: number;
  excerpt: string;
  cell?: string;
  findingId?: string;
}

export interface ItemVerdict {
  coverage: Coverage;
  evidence: IrlEvidence[];
  reason: string;
}

/** Loads what coverage needs once per deal, then judges items one by one. */
export class CoverageContext {
  private pageTokens = new Map<string, string[]>();
  private pageText = new Map<string, string>();
  constructor(
    readonly db: Queryable,
    readonly dealId: string,
    readonly docs: DocInfo[],
    readonly statementPages: { documentId: string; page: number; statement: string }[],
    readonly findings: FindingInfo[],
  ) {}

  doc(id: string): DocInfo | undefined {
    return this.docs.find((d) => d.id === id);
  }

  async loadPages(keys: { documentId: string; page: number }[]): Promise<void> {
    const missing = keys.filter((k) => !this.pageText.has(`${k.documentId}:${k.page}`));
    if (missing.length === 0) return;
    const { rows } = await this.db.query<{ document_id: string; page_number: number; text: string }>(
      `select p.document_id, p.page_number, p.text from document_pages p
       join unnest($1::uuid[], $2::int[]) as k(d, n) on p.document_id = k.d and p.page_number = k.n`,
      [missing.map((k) => k.documentId), missing.map((k) => k.page)],
    );
    for (const r of rows) this.pageText.set(`${r.document_id}:${r.page_number}`, r.text);
  }

  text(documentId: string, page: number): string {
    return this.pageText.get(`${documentId}:${page}`) ?? "";
  }

  tokens(documentId: string, page: number): string[] {
    const key = `${documentId}:${page}`;
    let t = this.pageTokens.get(key);
    if (!t) {
      t = itemTokens(this.text(documentId, page));
      this.pageTokens.set(key, t);
    }
    return t;
  }

  async docText(documentId: string): Promise<string> {
    const { rows } = await this.db.query<{ text: string }>("select string_agg(text, ' ' order by page_number) as text from document_pages where document_id = $1", [documentId]);
    return rows[0]?.text ?? "";
  }
}

export async function loadContext(db: Queryable, dealId: string, items: IrlItemRow[]): Promise<CoverageContext> {
  const sourceDocs = new Set(items.map((i) => i.sourceDocumentId).filter((x): x is string => !!x));
  const docs = (await db.query<DocInfo>(
    `select d.id, d.filename, d.kind, d.title, d.fiscal_year, d.fiscal_period,
            exists (select 1 from relations r where r.deal_id = d.deal_id and r.to_id = d.id
                    and r.to_kind = 'document' and r.relation_type = 'SUPERSEDES') as superseded
     from documents d
     where d.deal_id = $1 and d.status = 'indexed' and coalesce(d.kind, '') <> $2 order by d.created_at`,
    [dealId, IRL_DOCUMENT_KIND],
  )).rows.filter((d) => !sourceDocs.has(d.id));
  const statementPages = (await db.query<{ document_id: string; page_number: number; statement: string }>(
    "select document_id, page_number, statement from search_page_features where deal_id = $1 and statement is not null order by document_id, page_number",
    [dealId],
  )).rows.map((r) => ({ documentId: r.document_id, page: r.page_number, statement: r.statement }));
  const findings = (await db.query<FindingInfo>(
    `select f.id, f.document_id, f.metric, f.metric_key, f.period, f.source_page, f.source_cell, f.source_excerpt
     from findings f where f.deal_id = $1 and f.status = 'active' and not f.superseded
       and not exists (select 1 from relations r where r.deal_id = f.deal_id and r.to_id = f.id and r.relation_type = 'SUPERSEDES')`,
    [dealId],
  )).rows;
  return new CoverageContext(db, dealId, docs, statementPages, findings);
}
