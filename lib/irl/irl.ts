/**
 * The deal's Information Request List: items by domain and priority, imported from an
 * ingested IRL spreadsheet (its sheet pages keep cell references) or added by hand.
 */
import type { Queryable } from "@/lib/db";
import { MandaError } from "@/lib/errors";
import { parseCellRef } from "@/lib/ingest/parsers/cell-ref";
import { deriveKeywords } from "./keywords";
import type { IrlItem, IrlStatus, Priority } from "./types";

interface IrlRow {
  id: string;
  deal_id: string;
  domain: string;
  item: string;
  priority: Priority;
  status: IrlStatus;
  notes: string | null;
  keywords: string[];
  source_document_id: string | null;
  source_cell: string | null;
  sort_order: number;
}

export interface IrlItemRow extends IrlItem {
  sourceDocumentId: string | null;
  sourceCell: string | null;
  sortOrder: number;
}

export const PRIORITIES: readonly Priority[] = ["high", "medium", "low"];
export const IRL_STATUSES: readonly IrlStatus[] = ["open", "requested", "received", "not_applicable"];
/** Kind recorded by ingest for an IRL workbook (lib/ingest/metadata). */
export const IRL_DOCUMENT_KIND = "information request list";

function toItem(r: IrlRow): IrlItemRow {
  return {
    id: r.id,
    dealId: r.deal_id,
    domain: r.domain,
    item: r.item,
    priority: r.priority,
    status: r.status,
    notes: r.notes,
    keywords: r.keywords ?? [],
    sourceDocumentId: r.source_document_id,
    sourceCell: r.source_cell,
    sortOrder: r.sort_order,
  };
}

/** "High", "H", "1", "must have" → high; unknown → medium. */
export function normalisePriority(value: string | null | undefined): Priority {
  const v = (value ?? "").trim().toLowerCase();
  if (/^(high|h|1|critical|must|must have|urgent)$/.test(v)) return "high";
  if (/^(low|l|3|nice to have|optional)$/.test(v)) return "low";
  return "medium";
}

/** Domain names as the IRL writes them, title-cased ("financial" → "Financial"). */
export function normaliseDomain(value: string): string {
  const v = value.replace(/\s+/g, " ").trim();
  if (!v) return "Other";
  return v.charAt(0).toUpperCase() + v.slice(1);
}

export async function listIrlItems({ db, dealId }: { db: Queryable; dealId: string }): Promise<IrlItemRow[]> {
  const { rows } = await db.query<IrlRow>(
    `select * from irl_items where deal_id = $1
     order by sort_order, case priority when 'high' then 0 when 'medium' then 1 else 2 end, domain, item`,
    [dealId],
  );
  return rows.map(toItem);
}

export async function addIrlItem({ db, dealId, domain, item, priority, notes, status, sourceDocumentId, sourceCell, sortOrder }: {
  db: Queryable;
  dealId: string;
  domain: string;
  item: string;
  priority?: Priority;
  notes?: string | null;
  status?: IrlStatus;
  sourceDocumentId?: string | null;
  sourceCell?: string | null;
  sortOrder?: number;
}): Promise<{ item: IrlItemRow; created: boolean }> {
  const text = item.replace(/\s+/g, " ").trim();
  if (!text) throw new MandaError("bad_request:irl_item", "An IRL item needs a description.");
  const dom = normaliseDomain(domain);
  const { rows } = await db.query<IrlRow>(
    `insert into irl_items (id, deal_id, domain, item, priority, status, notes, keywords, source_document_id, source_cell, sort_order)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10,
             coalesce($11::int, (select coalesce(max(sort_order), 0) + 1 from irl_items where deal_id = $2)))
     on conflict (deal_id, domain, item) do nothing returning *`,
    [crypto.randomUUID(), dealId, dom, text, priority ?? "medium", status ?? "open", notes?.trim() || null, deriveKeywords(text, notes), sourceDocumentId ?? null, sourceCell ?? null, sortOrder ?? null],
  );
  if (rows[0]) return { item: toItem(rows[0]), created: true };
  const existing = await db.query<IrlRow>("select * from irl_items where deal_id = $1 and domain = $2 and item = $3", [dealId, dom, text]);
  return { item: toItem(existing.rows[0]!), created: false };
}

export async function updateIrlItem({ db, dealId, id, patch }: {
  db: Queryable;
  dealId: string;
  id: string;
  patch: { status?: IrlStatus; priority?: Priority; notes?: string | null };
}): Promise<IrlItemRow> {
  const { rows } = await db.query<IrlRow>(
    `update irl_items set status = coalesce($3::text, status), priority = coalesce($4::text, priority),
       notes = case when $5::boolean then $6::text else notes end, updated_at = now()
     where deal_id = $1 and id = $2 returning *`,
    [dealId, id, patch.status ?? null, patch.priority ?? null, patch.notes !== undefined, patch.notes ?? null],
  );
  if (!rows[0]) throw new MandaError("not_found:irl_item", "No such IRL item in this deal.");
  return toItem(rows[0]);
}

interface SheetCell {
  ref: string;
  value: string;
}

const HEADER_ALIASES: Record<"domain" | "item" | "priority" | "notes", RegExp> = {
  domain: /^(domain|area|category|workstream|section)$/i,
  item: /^(item|request|requested item|description|document|information requested|request item)$/i,
  priority: /^(priority|prio|importance)$/i,
  notes: /^(notes?|comments?|remarks?)$/i,
};

export interface ParsedIrlRow {
  domain: string;
  item: string;
  priority: Priority;
  notes: string | null;
  cell: string; // the item cell
  row: number;
}

/**
 * Finds the header row (a row with at least Item and one of Domain/Priority) in a sheet's
 * cells and reads the rows below it. Column positions come from the header, never fixed.
 */
export function parseIrlCells(cells: SheetCell[]): ParsedIrlRow[] {
  const byRow = new Map<number, Map<number, { value: string; ref: string }>>();
  for (const c of cells) {
    const p = parseCellRef(c.ref);
    if (!p) continue;
    if (!byRow.has(p.row)) byRow.set(p.row, new Map());
    byRow.get(p.row)!.set(p.col, { value: String(c.value ?? "").trim(), ref: c.ref });
  }
  const rows = [...byRow.keys()].sort((a, b) => a - b);
  let header: { row: number; cols: Partial<Record<keyof typeof HEADER_ALIASES, number>> } | undefined;
  for (const r of rows) {
    const cols: Partial<Record<keyof typeof HEADER_ALIASES, number>> = {};
    for (const [col, cell] of byRow.get(r)!) {
      for (const [key, re] of Object.entries(HEADER_ALIASES) as [keyof typeof HEADER_ALIASES, RegExp][]) {
        if (!cols[key] && re.test(cell.value)) cols[key] = col;
      }
    }
    if (cols.item && (cols.domain || cols.priority)) {
      header = { row: r, cols };
      break;
    }
  }
  if (!header) return [];
  const out: ParsedIrlRow[] = [];
  let lastDomain = "Other";
  for (const r of rows) {
    if (r <= header.row) continue;
    const cells = byRow.get(r)!;
    const item = cells.get(header.cols.item!)?.value ?? "";
    const domainRaw = header.cols.domain ? cells.get(header.cols.domain)?.value ?? "" : "";
    // A row with a domain and no item is a section heading in many IRLs: it sets the domain.
    if (!item) {
      if (domainRaw) lastDomain = domainRaw;
      continue;
    }
    if (domainRaw) lastDomain = domainRaw;
    out.push({
      domain: normaliseDomain(domainRaw || lastDomain),
      item,
      priority: normalisePriority(header.cols.priority ? cells.get(header.cols.priority)?.value : undefined),
      notes: (header.cols.notes ? cells.get(header.cols.notes)?.value : undefined) || null,
      cell: cells.get(header.cols.item!)!.ref,
      row: r,
    });
  }
  return out;
}

/**
 * Imports the IRL from an ingested spreadsheet: reads each sheet page's cells, finds the
 * header row, and adds one item per row (existing items are kept; re-import is a no-op).
 */
export async function importIrlTemplate({ db, dealId, documentId }: { db: Queryable; dealId: string; documentId: string }): Promise<{ imported: number; existing: number; items: IrlItemRow[] }> {
  const doc = (await db.query<{ id: string; status: string; filename: string }>("select id, status, filename from documents where deal_id = $1 and id = $2", [dealId, documentId])).rows[0];
  if (!doc) throw new MandaError("not_found:document", "No such document in this deal.");
  if (doc.status !== "indexed") throw new MandaError("conflict:document_not_indexed", `${doc.filename} is not indexed yet; import the IRL once it is.`);
  const pages = (await db.query<{ page_number: number; cells: SheetCell[] | null }>(
    "select page_number, cells from document_pages where document_id = $1 order by page_number",
    [documentId],
  )).rows;
  const parsed = pages.flatMap((p) => parseIrlCells(p.cells ?? []));
  if (parsed.length === 0) {
    throw new MandaError("bad_request:irl_template", `${doc.filename} has no sheet with an IRL header row (columns like Domain, Item, Priority, Notes).`);
  }
  let imported = 0;
  let existing = 0;
  const items: IrlItemRow[] = [];
  for (const [i, r] of parsed.entries()) {
    const res = await addIrlItem({ db, dealId, domain: r.domain, item: r.item, priority: r.priority, notes: r.notes, sourceDocumentId: documentId, sourceCell: r.cell, sortOrder: i + 1 });
    if (res.created) imported++;
    else existing++;
    items.push(res.item);
  }
  return { imported, existing, items };
}

/** IRL-like documents of a deal (kind recorded at ingest, or the filename says so). */
export async function findIrlDocuments({ db, dealId }: { db: Queryable; dealId: string }): Promise<{ id: string; filename: string }[]> {
  const { rows } = await db.query<{ id: string; filename: string }>(
    `select id, filename from documents
     where deal_id = $1 and status = 'indexed' and format in ('xlsx', 'csv')
       and (kind = $2 or filename ~* '(^|[^a-z])(irl|information[ _-]?request)')
     order by created_at`,
    [dealId, IRL_DOCUMENT_KIND],
  );
  return rows;
}

/**
 * Auto-import: when the deal has no IRL items yet and holds an IRL-like spreadsheet, import
 * it. Safe to call on every read.
 */
export async function ensureIrlImported({ db, dealId }: { db: Queryable; dealId: string }): Promise<{ imported: number }> {
  const has = await db.query("select 1 from irl_items where deal_id = $1 limit 1", [dealId]);
  if (has.rows.length > 0) return { imported: 0 };
  let imported = 0;
  for (const doc of await findIrlDocuments({ db, dealId })) {
    try {
      imported += (await importIrlTemplate({ db, dealId, documentId: doc.id })).imported;
    } catch (e) {
      if (e instanceof MandaError && e.type === "bad_request") continue; // not an IRL after all
      throw e;
    }
  }
  return { imported };
}
