/**
 * Server-side reads for the data room and the document viewer (route handlers and server
 * components call these; every query is deal-scoped). The shapes are in ../documents.ts.
 */
import "server-only";
import type { Queryable } from "@/lib/db";
import { getDocumentById, listDocumentsByDeal, type DocumentRow } from "@/lib/db/queries/documents";
import { listDocumentSupersessions } from "@/lib/db/queries/knowledge";
import { findPagesMatching, getPageRow } from "@/lib/db/queries/pages";
import { countDocumentTasksByStatus } from "@/lib/db/queries/tasks";
import { MandaError } from "@/lib/errors";
import { versionInfo } from "@/lib/ingest/metadata";
import { isUuid } from "@/lib/db/ids";
import type { DocumentView, InDocumentHit, PageData } from "../documents";
import { boxesForRanges, highlightedCells, locateHighlight, type Cell, type Span } from "../highlight";

const json = <T>(v: unknown): T | null => (v == null ? null : typeof v === "string" ? (JSON.parse(v) as T) : (v as T));

const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());

export function toDocumentView(d: DocumentRow): DocumentView {
  return {
    id: d.id, filename: d.filename, format: d.format, kind: d.kind, status: d.status, error: d.error, errorCode: d.error_code,
    pageCount: d.page_count, bytes: Number(d.bytes), sha256: d.sha256,
    documentDate: d.document_date ? iso(d.document_date)!.slice(0, 10) : null,
    fiscalYear: d.fiscal_year, fiscalPeriod: d.fiscal_period, versionGroup: d.version_group,
    createdAt: iso(d.created_at)!, indexedAt: iso(d.indexed_at),
    supersedes: [], supersededBy: [], versionSource: null, tasks: { pending: 0, running: 0, completed: 0, failed: 0 },
  };
}

/** The deal's documents with version relations and extraction task counts. Tolerates missing tables. */
export async function listDocumentViews({ db, dealId }: { db: Queryable; dealId: string }): Promise<DocumentView[]> {
  const views = (await listDocumentsByDeal({ db, dealId })).map(toDocumentView);
  const byId = new Map(views.map((v) => [v.id, v]));
  try {
    for (const r of await listDocumentSupersessions({ db, dealId })) {
      const a = byId.get(r.from_id);
      const b = byId.get(r.to_id);
      if (!a || !b) continue;
      a.supersedes.push(b.id);
      b.supersededBy.push(a.id);
      a.versionSource = b.versionSource = "relations";
    }
  } catch {
    /* relations not there yet */
  }
  // Groups without detected relations: order by the filename's version suffix (v2, CORRECTED, …).
  const groups = new Map<string, DocumentView[]>();
  for (const v of views) if (v.versionGroup && v.status !== "failed") groups.set(v.versionGroup, [...(groups.get(v.versionGroup) ?? []), v]);
  for (const members of groups.values()) {
    if (members.length < 2 || members.some((m) => m.versionSource === "relations")) continue;
    const ranked = members.map((m) => ({ m, rank: versionInfo(m.filename).rank })).sort((x, y) => y.rank - x.rank);
    const top = ranked[0]!;
    if (ranked[1] && ranked[1].rank === top.rank) continue;
    for (const { m } of ranked.slice(1)) {
      top.m.supersedes.push(m.id);
      m.supersededBy.push(top.m.id);
      m.versionSource = "filename";
    }
    top.m.versionSource = "filename";
  }
  try {
    for (const r of await countDocumentTasksByStatus({ db, dealId })) {
      const v = byId.get(r.document_id);
      if (v && r.status in v.tasks) v.tasks[r.status as keyof DocumentView["tasks"]] = Number(r.n);
    }
  } catch {
    /* no task table yet */
  }
  return views;
}

export async function requireDocument({ db, dealId, documentId }: { db: Queryable; dealId: string; documentId: string }): Promise<DocumentRow> {
  if (!isUuid(documentId)) throw new MandaError("not_found:document", "No such document in this deal.");
  const doc = await getDocumentById({ db, dealId, documentId });
  if (!doc) throw new MandaError("not_found:document", "No such document in this deal.");
  return doc;
}

export async function getPageData({ db, dealId, documentId, page, highlight, cell }: {
  db: Queryable; dealId: string; documentId: string; page: number; highlight?: string | null; cell?: string | null;
}): Promise<PageData> {
  const doc = await requireDocument({ db, dealId, documentId });
  if (!Number.isInteger(page) || page < 1) throw new MandaError("bad_request:page", "The page is a whole number from 1.");
  const row = await getPageRow({ db, dealId, documentId, page });
  const pageCount = doc.page_count ?? 0;
  if (!row) {
    if (doc.status !== "indexed") throw new MandaError("conflict:document_not_indexed", doc.status === "failed" ? `This document could not be read: ${doc.error ?? "unknown reason"}` : "This document is still being processed.");
    throw new MandaError("not_found:page", `Page ${page} does not exist; the document has ${pageCount} page${pageCount === 1 ? "" : "s"}.`);
  }
  const spans = json<Span[]>(row.spans);
  const cells = json<Cell[]>(row.cells);
  let ranges = locateHighlight(row.text, highlight);
  const hiCells = highlightedCells(cells, cell, ranges, row.label);
  if (cell && cells && ranges.length === 0) {
    const c = cells.find((x) => hiCells.includes(x.ref));
    if (c) ranges = [{ start: c.start, end: c.start + c.value.length }];
  }
  return {
    documentId, page, pageCount, label: row.label, text: row.text, width: row.width, height: row.height, cells,
    hasSpans: !!spans && spans.length > 0, ranges, boxes: boxesForRanges(spans, ranges), highlightedCells: hiCells,
    found: ranges.length > 0 || hiCells.length > 0,
  };
}

/** Pages of one document containing `q` (case-insensitive), with a snippet around the first hit. */
export async function searchInDocument({ db, dealId, documentId, q }: { db: Queryable; dealId: string; documentId: string; q: string }): Promise<InDocumentHit[]> {
  await requireDocument({ db, dealId, documentId });
  const query = q.replace(/\s+/g, " ").trim();
  if (!query) return [];
  if (query.length > 200) throw new MandaError("bad_request:query", "Search for at most 200 characters.");
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/ /g, "%")}%`;
  const rows = await findPagesMatching({ db, dealId, documentId, pattern });
  const lower = query.toLowerCase();
  return rows.map((r) => {
    const flat = r.text.replace(/\s+/g, " ");
    const hay = flat.toLowerCase();
    let count = 0;
    let i = hay.indexOf(lower);
    const first = i;
    while (i >= 0) {
      count++;
      i = hay.indexOf(lower, i + lower.length);
    }
    const at = Math.max(0, first);
    const a = Math.max(0, at - 60);
    const b = Math.min(flat.length, at + lower.length + 80);
    return { page: r.page_number, label: r.label, count: Math.max(count, 1), snippet: `${a > 0 ? "…" : ""}${flat.slice(a, b)}${b < flat.length ? "…" : ""}` };
  });
}
