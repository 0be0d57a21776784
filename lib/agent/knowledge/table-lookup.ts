/** Figures read from page tables and sheets when no extracted finding covers the question. */
import type { Period } from "@/lib/periods";
import { looksLikeInstructions } from "../guardrails/injection";
import { formatValue } from "./describe";
import type { MetricSpec } from "./metrics";
import type { Person } from "./people";
import { pickColumn, sheetTableRows, tableNumber, textTableRows } from "./tables";
import type { KbDeps, KbTableValue } from "./types";

/**
 * Table rows that state the asked metric (or a person's row, e.g. in the cap table), in the column
 * of the asked period — read from pages when no extracted finding covers the question.
 */
export async function tableLookup(deps: KbDeps, o: { metrics: MetricSpec[]; people: Person[]; roleAsked: RegExp[]; period?: Period; documentIds?: string[] }): Promise<KbTableValue[]> {
  const words = [...new Set(o.metrics.flatMap((m) => m.words))];
  const names = o.people.map((p) => p.name);
  const personRow = o.metrics.some((m) => m.key === "ownership") && (names.length > 0 || o.roleAsked.length > 0);
  // a person's row: by name, or (no person entities yet) any sheet page, matched on the role below
  const like = (personRow ? (names.length ? names : ["%"]) : words).map((w) => (w === "%" ? w : `%${w.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`));
  if (like.length === 0) return [];
  const { rows } = await deps.db.query<{ document_id: string; page_number: number; text: string; cells: Array<{ ref: string; value: string }> | null; filename: string; kind: string | null; document_date: string | null }>(
    `select p.document_id, p.page_number, p.text, p.cells, d.filename, d.kind, to_char(d.document_date, 'YYYY-MM-DD') as document_date
       from document_pages p join documents d on d.id = p.document_id
      where p.deal_id = $1 and d.status = 'indexed' and lower(p.text) like any($2::text[]) and ($3::uuid[] is null or p.document_id = any($3::uuid[]))
        and ($4::boolean is false or p.cells is not null)
      order by d.document_date desc nulls last, d.filename, p.page_number limit 60`,
    [deps.dealId, like, o.documentIds ?? null, personRow && names.length === 0],
  );
  const percent = o.metrics.some((m) => m.unit === "percent");
  const cands: Array<{ score: number; v: KbTableValue; documentId: string; excerpt: string }> = [];
  for (const pg of rows) {
    if (/information request/i.test(pg.kind ?? "")) continue;
    const tableRows = pg.cells?.length ? sheetTableRows(pg.cells) : textTableRows(pg.text);
    for (const row of tableRows) {
      const label = row.label.toLowerCase();
      let s = 0;
      if (personRow) {
        if (names.some((n) => row.line.includes(n))) s += 8;
        if (o.roleAsked.some((re) => re.test(row.line))) s += 6;
      } else {
        for (const w of words) {
          if (label === w) s = Math.max(s, 10);
          else if (label.startsWith(w)) s = Math.max(s, 7 - Math.min(3, (label.length - w.length) / 15));
          else if (new RegExp(`\\b${w}\\b`).test(label)) s = Math.max(s, 2);
        }
      }
      if (s <= 0) continue;
      const col = pickColumn(row, { period: personRow ? undefined : o.period, percent });
      if (!col || !/\d/.test(col.value)) continue;
      const num = tableNumber(col.value, row.scale);
      const currency = row.scale?.match(/\b(EUR|USD|SEK|GBP|NOK|DKK)\b/i)?.[1]?.toUpperCase() ?? null;
      const value = /%$/.test(col.value) || num === null ? col.value : currency ? formatValue({ value_num: num, value_text: col.value, unit: "currency", currency }) : col.value;
      cands.push({
        score: s + (col.period && o.period ? 2 : 0),
        documentId: pg.document_id,
        excerpt: row.line,
        v: { label: row.label, column: col.header, asWritten: col.value, value, ...(row.scale ? { scale: row.scale } : {}), ...(col.period ? { period: col.period.label } : {}), document: pg.filename, page: pg.page_number, ...(col.cell ? { cell: col.cell } : {}), ...(pg.document_date ? { documentDate: pg.document_date } : {}), ...(pg.kind ? { documentKind: pg.kind } : {}), citation: "" },
      });
    }
  }
  cands.sort((a, b) => b.score - a.score || (b.v.documentDate ?? "").localeCompare(a.v.documentDate ?? "") || a.v.page - b.v.page);
  const out: KbTableValue[] = [];
  for (const c of cands) {
    if (out.some((x) => x.label === c.v.label && x.column === c.v.column)) continue;
    if (out.length && c.score < cands[0]!.score) break;
    if (looksLikeInstructions(c.excerpt)) continue;
    const ref = deps.sources.add({ documentId: c.documentId, document: c.v.document, page: c.v.page, cell: c.v.cell ?? null, excerpt: c.excerpt, documentDate: c.v.documentDate ?? null, kind: c.v.documentKind ?? null });
    out.push({ ...c.v, citation: ref.citation });
    if (out.length >= 2) break;
  }
  return out;
}
