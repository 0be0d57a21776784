/** Database side of extraction: load a document's pages, stage candidates, audit decisions. */
import type { Queryable } from "@/lib/db";
import { setFindingEmbeddings } from "@/lib/db/queries/staging";
import { MandaError } from "@/lib/errors";
import { toExactVectorLiteral } from "@/lib/db/vector-param";
import { embedTexts, getEmbeddingSpace, type EmbeddingSpace } from "@/lib/models/embeddings";
import type { ExtractionContext, ExtractionPage } from "./types";

export interface LoadedDocument {
  id: string;
  deal_id: string;
  filename: string;
  kind: string | null;
  fiscal_year: number | null;
  fiscal_period: string | null;
  /** The month the fiscal year ends in, as the document's cover says (1–12). */
  fiscal_year_end_month: number | null;
  status: string;
  pages: ExtractionPage[];
}

export async function loadDocument(db: Queryable, dealId: string, documentId: string): Promise<LoadedDocument> {
  const { rows } = await db.query<Omit<LoadedDocument, "pages">>(
    "select id, deal_id, filename, kind, fiscal_year, fiscal_period, fiscal_year_end_month, status from documents where deal_id = $1 and id = $2",
    [dealId, documentId],
  );
  const doc = rows[0];
  if (!doc) throw new MandaError("not_found:document", "No such document in this deal.");
  const pages = await db.query<{ page_number: number; text: string; label: string | null; cells: unknown; spans: unknown }>(
    "select page_number, text, label, cells, spans from document_pages where deal_id = $1 and document_id = $2 order by page_number",
    [dealId, documentId],
  );
  return {
    ...doc,
    pages: pages.rows.map((p) => ({
      pageNumber: p.page_number,
      text: p.text ?? "",
      label: p.label,
      cells: (typeof p.cells === "string" ? JSON.parse(p.cells) : p.cells) as ExtractionPage["cells"],
      spans: (typeof p.spans === "string" ? JSON.parse(p.spans) : p.spans) as ExtractionPage["spans"],
    })),
  };
}

/** Documents loaded for tasks, newest last: the few whose extraction tasks are running now. */
const SHARED = new Map<string, { stamp: string; doc: Promise<LoadedDocument> }>();
const SHARED_KEEP = 2;

/**
 * The document as loadDocument reads it, shared by the extraction tasks of one document that run
 * in this process (findings, timeline, entities): its pages are read from the database once, and
 * each page's layout and canonical text (entities/page-layout.ts, citation.ts, keyed by the page
 * object) are computed once for all three. Keyed by the document's indexing stamp, so a document
 * indexed again is read anew; only the last few documents are kept.
 */
export async function loadSharedDocument(db: Queryable, dealId: string, documentId: string): Promise<LoadedDocument> {
  const { rows } = await db.query<{ stamp: string }>(
    "select concat_ws('|', status, indexed_at::text, page_count::text) as stamp from documents where deal_id = $1 and id = $2",
    [dealId, documentId],
  );
  if (!rows[0]) return loadDocument(db, dealId, documentId); // its not-found error
  const key = `${dealId}:${documentId}`;
  const known = SHARED.get(key);
  SHARED.delete(key);
  if (known && known.stamp === rows[0].stamp) {
    SHARED.set(key, known);
    return known.doc;
  }
  const entry = { stamp: rows[0].stamp, doc: loadDocument(db, dealId, documentId) };
  SHARED.set(key, entry);
  entry.doc.catch(() => {
    if (SHARED.get(key) === entry) SHARED.delete(key);
  });
  for (const k of SHARED.keys()) if (SHARED.size > SHARED_KEEP) SHARED.delete(k);
  return entry.doc;
}

export function contextOf(doc: LoadedDocument): ExtractionContext {
  const byNum = new Map(doc.pages.map((p) => [p.pageNumber, p]));
  return {
    dealId: doc.deal_id,
    documentId: doc.id,
    filename: doc.filename,
    documentKind: doc.kind,
    fiscalYear: doc.fiscal_year,
    fiscalPeriod: doc.fiscal_period,
    fiscalYearEndMonth: doc.fiscal_year_end_month,
    pages: async function* () {
      for (const p of doc.pages) yield p;
    },
    getPage: async (n) => byNum.get(n),
  };
}

export async function updateStaged(db: Queryable, id: string, patch: Record<string, unknown>) {
  const keys = Object.keys(patch);
  const sets = keys.map((k, i) => `${k} = $${i + 2}${k === "payload" || k === "evidence" ? "::jsonb" : ""}`);
  await db.query(`update staging_extractions set ${sets.join(", ")}, updated_at = now() where id = $1`, [
    id,
    ...keys.map((k) => (k === "payload" || k === "evidence" ? JSON.stringify(patch[k]) : patch[k])),
  ]);
}

export type AuditDecision = "valid" | "refine" | "reject" | "promote" | "review" | "approve" | "edit_approve";

export async function recordDecision(db: Queryable, a: { dealId: string; extractionId: string; decidedBy: string; decision: AuditDecision; reason: string; confidence?: number | null; changes?: unknown }) {
  await db.query(
    `insert into validation_decisions (id, deal_id, extraction_id, decided_by, decision, reason, confidence_at_decision, changes)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)`,
    [crypto.randomUUID(), a.dealId, a.extractionId, a.decidedBy, a.decision, a.reason, a.confidence ?? null, a.changes === undefined ? null : JSON.stringify(a.changes)],
  );
}

/** What a finding embeds as: metric, period and value, then its excerpt (promotion and the agent's backfill alike). */
export function findingEmbeddingText(f: { metric: string; period: string | null; value_text: string; source_excerpt: string }): string {
  return `${f.metric} ${f.period ?? ""}: ${f.value_text}. ${f.source_excerpt}`;
}

/**
 * Embeds promoted findings that have no vector yet (or whose text changed), like chunks. Rows of
 * part tables (keys `part:…`: segments, regions, operating statistics) are not embedded: they are
 * never searched by likeness (read by their row's words only), and they are most of a filing's findings.
 */
export async function embedFindings(db: Queryable, a: { dealId: string; documentId?: string; space?: EmbeddingSpace }): Promise<number> {
  const space = a.space ?? getEmbeddingSpace();
  const { rows } = await db.query<{ id: string; metric: string; value_text: string; period: string | null; source_excerpt: string }>(
    `select id, metric, value_text, period, source_excerpt from findings
      where deal_id = $1 and ($2::uuid is null or document_id = $2) and (embedding is null or embedding_model is distinct from $3)
        and metric_key not like 'part:%'`,
    [a.dealId, a.documentId ?? null, space.id],
  );
  for (let i = 0; i < rows.length; i += 64) {
    const batch = rows.slice(i, i + 64);
    const vectors = await embedTexts(space, batch.map(findingEmbeddingText));
    await setFindingEmbeddings(db, { ids: batch.map((f) => f.id), vectors: vectors.map(toExactVectorLiteral), model: space.id });
  }
  return rows.length;
}
