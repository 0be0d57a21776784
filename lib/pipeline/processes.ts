/**
 * Public-inquiry processes tracked inside a deal (seed 001), found deterministically:
 *
 * - an SOU is identified by its filename (SOU_2014_67, sou-2014-67.pdf) or, for documents whose
 *   kind is "public inquiry", by its front matter ("SOU 2014:67", "Statens offentliga utredningar
 *   1972:47"); a committee directive likewise (Dir_2016_15, "Kommittédirektiv … Dir. 2016:15").
 * - every SOU is a process `sou-YYYY-N` (role sou).
 * - a directive the SOU's text names ("(dir. 2013:83)") joins that SOU's process (role directive);
 *   when several SOUs name it, the one naming it earliest in its text wins (the handover letter
 *   and the "Utredningens direktiv" appendix cite the SOU's own directives; body text cites others
 *   later). An additional directive (tilläggsdirektiv) naming a directive of the deal joins that
 *   directive's process. A directive nobody names is a process of its own, `dir-YYYY-N`.
 * - re-running moves documents when the evidence changes (a directive's own process is folded
 *   into the SOU's once that SOU arrives; its tasks and events follow).
 */
import type { Queryable } from "@/lib/db";

export type ProcessDocType = "sou" | "directive";

export interface ProcessDocIdentity {
  type: ProcessDocType;
  year: number;
  number: number;
  /** sou-2014-67 | dir-2016-15 */
  key: string;
  /** "SOU 2014:67" | "Dir. 2016:15" */
  label: string;
  /** Where the identity came from. */
  source: "filename" | "text";
}

const FILE_SOU = /\bSOU[ .-]*((?:19|20)\d\d)[ :.-]+(\d{1,3})\b/i;
const FILE_DIR = /\bdir(?:ektiv)?[ .-]*((?:19|20)\d\d)[ :.-]+(\d{1,3})\b/i;
const TEXT_SOU = /\bSOU\s+((?:19|20)\d\d)\s*:\s*(\d{1,3})\b|\bStatens\s+offentliga\s+utredningar\s+((?:19|20)\d\d)\s*:\s*(\d{1,3})\b/i;
const TEXT_DIR = /\bDir\.?\s*((?:19|20)\d\d)\s*:\s*(\d{1,3})\b/i;
/** Every directive citation in a text: "dir. 2013:83", "Dir. 2016:15", "dir 2024:104". */
export const DIRECTIVE_CITATION = /\bdir\.?\s*((?:19|20)\d\d)\s*:\s*(\d{1,3})\b/gi;

function identity(type: ProcessDocType, year: string, num: string, source: ProcessDocIdentity["source"]): ProcessDocIdentity {
  const y = Number(year);
  const n = Number(num);
  return type === "sou"
    ? { type, year: y, number: n, key: `sou-${y}-${n}`, label: `SOU ${y}:${n}`, source }
    : { type, year: y, number: n, key: `dir-${y}-${n}`, label: `Dir. ${y}:${n}`, source };
}

/**
 * What a document is, from its filename first and its front matter second. Text is trusted only
 * for documents whose kind says they are inquiries or directives (or with those words on the
 * title page), so an annual report quoting "SOU 2014:67" never becomes a process.
 */
export function identifyProcessDocument(doc: { filename: string; kind?: string | null; headText?: string }): ProcessDocIdentity | null {
  const stem = doc.filename.replace(/\.[^.]+$/, "").replace(/_/g, " ");
  const fs = stem.match(FILE_SOU);
  if (fs) return identity("sou", fs[1], fs[2], "filename");
  const fd = stem.match(FILE_DIR);
  if (fd) return identity("directive", fd[1], fd[2], "filename");
  const head = (doc.headText ?? "").slice(0, 6000);
  const kind = (doc.kind ?? "").toLowerCase();
  const looksDirective = kind === "committee directive" || /kommittédirektiv/i.test(head.slice(0, 800));
  const looksSou = kind === "public inquiry" || /statens\s+offentliga\s+utredningar|betänkande\s+av/i.test(head.slice(0, 3000));
  if (looksDirective) {
    const m = head.match(TEXT_DIR);
    if (m) return identity("directive", m[1], m[2], "text");
  }
  if (looksSou) {
    const m = head.match(TEXT_SOU);
    if (m) return identity("sou", m[1] ?? m[3], m[2] ?? m[4], "text");
  }
  return null;
}

/** Directive keys cited in pages of text, with the first page and offset of each citation. */
export function directiveCitations(pages: { page: number; text: string }[]): Map<string, { page: number; offset: number }> {
  const out = new Map<string, { page: number; offset: number }>();
  for (const p of [...pages].sort((a, b) => a.page - b.page)) {
    for (const m of p.text.matchAll(DIRECTIVE_CITATION)) {
      const key = `dir-${Number(m[1])}-${Number(m[2])}`;
      if (!out.has(key)) out.set(key, { page: p.page, offset: m.index ?? 0 });
    }
  }
  return out;
}

export interface DetectInputDoc {
  id: string;
  filename: string;
  kind?: string | null;
  title?: string | null;
  headText?: string;
  /** Directive citations in the whole document (see directiveCitations). */
  citations?: Map<string, { page: number; offset: number }>;
}

export interface PlannedProcess {
  key: string;
  title: string;
  documents: { documentId: string; role: "sou" | "directive"; reason: string }[];
}

/** Pure grouping of a deal's documents into processes (see the module comment for the rules). */
export function planProcesses(docs: DetectInputDoc[]): PlannedProcess[] {
  const ids = new Map<string, ProcessDocIdentity>();
  for (const d of docs) {
    const id = identifyProcessDocument(d);
    if (id) ids.set(d.id, id);
  }
  const sous = docs.filter((d) => ids.get(d.id)?.type === "sou").sort((a, b) => ids.get(a.id)!.key.localeCompare(ids.get(b.id)!.key));
  const directives = docs.filter((d) => ids.get(d.id)?.type === "directive").sort((a, b) => ids.get(a.id)!.key.localeCompare(ids.get(b.id)!.key));
  const processes = new Map<string, PlannedProcess>();
  const processOfDoc = new Map<string, string>();

  for (const s of sous) {
    const id = ids.get(s.id)!;
    let p = processes.get(id.key);
    if (!p) processes.set(id.key, (p = { key: id.key, title: s.title?.trim() ? `${id.label} ${s.title.trim()}` : id.label, documents: [] }));
    p.documents.push({ documentId: s.id, role: "sou", reason: `${id.label} (${id.source === "filename" ? "filnamn" : "titelsida"})` });
    processOfDoc.set(s.id, id.key);
  }
  // Directives named by an SOU: earliest citation wins.
  const pending: DetectInputDoc[] = [];
  for (const d of directives) {
    const id = ids.get(d.id)!;
    let best: { sou: DetectInputDoc; page: number; offset: number } | undefined;
    for (const s of sous) {
      const c = s.citations?.get(id.key);
      if (c && (!best || c.page < best.page || (c.page === best.page && c.offset < best.offset))) best = { sou: s, ...c };
    }
    if (best) {
      const key = processOfDoc.get(best.sou.id)!;
      processes.get(key)!.documents.push({ documentId: d.id, role: "directive", reason: `${id.label} citeras i ${ids.get(best.sou.id)!.label} s. ${best.page}` });
      processOfDoc.set(d.id, key);
    } else pending.push(d);
  }
  // Additional directives naming a directive already placed; others become their own process.
  let progress = true;
  while (pending.length && progress) {
    progress = false;
    for (const d of [...pending]) {
      const id = ids.get(d.id)!;
      const target = [...(d.citations ?? new Map()).keys()]
        .filter((k) => k !== id.key)
        .map((k) => directives.find((x) => ids.get(x.id)!.key === k))
        .find((x) => x && processOfDoc.has(x.id));
      if (target) {
        const key = processOfDoc.get(target.id)!;
        processes.get(key)!.documents.push({ documentId: d.id, role: "directive", reason: `${id.label} är tilläggsdirektiv till ${ids.get(target.id)!.label}` });
        processOfDoc.set(d.id, key);
        pending.splice(pending.indexOf(d), 1);
        progress = true;
      }
    }
    if (!progress && pending.length) {
      // The earliest remaining directive starts its own process; the loop then places its additions.
      const d = pending.shift()!;
      const id = ids.get(d.id)!;
      processes.set(id.key, { key: id.key, title: d.title?.trim() ? `${id.label} ${d.title.trim()}` : id.label, documents: [{ documentId: d.id, role: "directive", reason: `${id.label} (inget betänkande i rummet citerar direktivet)` }] });
      processOfDoc.set(d.id, id.key);
      progress = true;
    }
  }
  return [...processes.values()];
}

export interface SyncedProcess {
  id: string;
  key: string;
  title: string;
  created: boolean;
  documents: { documentId: string; role: string }[];
}

/** Detects processes from the deal's indexed documents and writes processes + process_documents. */
export async function syncProcesses({ db, dealId }: { db: Queryable; dealId: string }): Promise<{ processes: SyncedProcess[]; created: number; linksChanged: number }> {
  const { rows: docs } = await db.query<{ id: string; filename: string; kind: string | null; title: string | null; head: string | null }>(
    `select d.id, d.filename, d.kind, d.title,
            (select string_agg(p.text, E'\\n' order by p.page_number) from document_pages p
              where p.document_id = d.id and p.page_number <= 4) as head
       from documents d where d.deal_id = $1 and d.status = 'indexed' order by d.created_at, d.filename`,
    [dealId],
  );
  const inputs: DetectInputDoc[] = docs.map((d) => ({ id: d.id, filename: d.filename, kind: d.kind, title: d.title, headText: (d.head ?? "").slice(0, 6000) }));
  const typed = inputs.filter((d) => identifyProcessDocument(d));
  if (typed.length === 0) return { processes: [], created: 0, linksChanged: 0 };

  // Directive citations, from the pages that contain one (the regex runs in the database first).
  const { rows: citing } = await db.query<{ document_id: string; page_number: number; text: string }>(
    `select document_id, page_number, text from document_pages
      where deal_id = $1 and document_id = any(string_to_array($2::text, ',')::uuid[])
        and text ~* 'dir\\.?[[:space:]]*(19|20)[0-9]{2}[[:space:]]*:[[:space:]]*[0-9]'`,
    [dealId, typed.map((d) => d.id).join(",")],
  );
  for (const d of typed) {
    d.citations = directiveCitations(citing.filter((r) => r.document_id === d.id).map((r) => ({ page: r.page_number, text: r.text })));
  }
  const plan = planProcesses(typed);

  let created = 0;
  let linksChanged = 0;
  const out: SyncedProcess[] = [];
  for (const p of plan) {
    let row = (await db.query<{ id: string; title: string | null }>("select id, title from processes where deal_id = $1 and process_key = $2", [dealId, p.key])).rows[0];
    let wasCreated = false;
    if (!row) {
      const ins = await db.query<{ id: string; title: string | null }>(
        `insert into processes (id, deal_id, process_key, title, stage, stage_explanation)
         values ($1, $2, $3, $4, 'directive', $5) on conflict (deal_id, process_key) do nothing returning id, title`,
        [crypto.randomUUID(), dealId, p.key, p.title, "Processen har upptäckts; stadiet fastställs när beläggen har samlats in."],
      );
      row = ins.rows[0] ?? (await db.query<{ id: string; title: string | null }>("select id, title from processes where deal_id = $1 and process_key = $2", [dealId, p.key])).rows[0];
      wasCreated = ins.rows.length > 0;
      if (wasCreated) created++;
    }
    for (const d of p.documents) {
      // A document belongs to one process: moving it drops the old link.
      const moved = await db.query("delete from process_documents where document_id = $1 and process_id <> $2 returning process_id", [d.documentId, row.id]);
      const res = await db.query(
        `insert into process_documents (process_id, document_id, role) values ($1, $2, $3)
         on conflict (process_id, document_id) do update set role = excluded.role where process_documents.role <> excluded.role
         returning process_id`,
        [row.id, d.documentId, d.role],
      );
      if (moved.rowCount > 0 || res.rowCount > 0) linksChanged++;
      // Tasks and events of the document follow it into its process.
      await db.query("update agent_tasks set process_id = $1 where document_id = $2 and process_id is distinct from $1", [row.id, d.documentId]);
      await db.query("update timeline_events set process_id = $1 where document_id = $2 and process_id is distinct from $1", [row.id, d.documentId]);
    }
    out.push({ id: row.id, key: p.key, title: row.title ?? p.title, created: wasCreated, documents: p.documents.map((d) => ({ documentId: d.documentId, role: d.role })) });
  }
  // Detected processes left without documents (folded into another) go away.
  await db.query(
    `delete from processes pr where pr.deal_id = $1 and pr.process_key ~ '^(sou|dir)-[0-9]{4}-[0-9]+$'
        and not exists (select 1 from process_documents pd where pd.process_id = pr.id)`,
    [dealId],
  );
  return { processes: out, created, linksChanged };
}
