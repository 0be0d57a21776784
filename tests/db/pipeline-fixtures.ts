import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db";
import type { TaskContext, TaskOutput } from "@/lib/pipeline/types";

/** Inserts an indexed document with its pages directly (no parser): fast pipeline fixtures. */
export async function addDocument(
  db: Db,
  dealId: string,
  o: { filename: string; pages: string[]; format?: string; kind?: string | null; status?: string; title?: string | null },
): Promise<string> {
  const id = crypto.randomUUID();
  const sha = createHash("sha256").update(`${o.filename}\n${o.pages.join("\f")}`).digest("hex");
  const status = o.status ?? "indexed";
  await db.query(
    `insert into documents (id, deal_id, filename, mime, format, sha256, bytes, storage_path, status, page_count, kind, title, indexed_at)
     values ($1, $2, $3, 'text/plain', $4, $5, $6, $7, $8, $9, $10, $11, case when $8 = 'indexed' then now() end)`,
    [id, dealId, o.filename, o.format ?? "text", sha, o.pages.join("\f").length, `files/${sha}`, status, status === "indexed" ? o.pages.length : null, o.kind ?? null, o.title ?? null],
  );
  if (status === "indexed") {
    for (const [i, text] of o.pages.entries()) {
      await db.query("insert into document_pages (document_id, deal_id, page_number, text) values ($1, $2, $3, $4)", [id, dealId, i + 1, text]);
    }
  }
  return id;
}

export const CORPUS = path.resolve(process.cwd(), "../shared/corpus/sou");

/** A corpus text split into pages on form feeds (block N = page N). */
export function corpusPages(file: string): string[] {
  return fs.readFileSync(path.join(CORPUS, file), "utf8").split("\f");
}

export function output(agent: string, summary: Record<string, unknown> = {}): TaskOutput {
  const now = new Date().toISOString();
  return { agent, version: "test", model: "stub", timings: { startedAt: now, completedAt: now, durationMs: 0 }, skipped: [], uncertainties: [], summary };
}

const MONTHS = ["januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober", "november", "december"];

/**
 * A stand-in timeline extractor for pipeline tests: the first "Stockholm [i <månad>] YYYY" in the
 * first ten pages becomes a `published` event with that page and excerpt (year or month precision).
 */
export async function stubTimeline(ctx: TaskContext): Promise<TaskOutput> {
  const { rows } = await ctx.db.query<{ page_number: number; text: string }>(
    "select page_number, text from document_pages where document_id = $1 and page_number <= 10 order by page_number",
    [ctx.task.document_id],
  );
  let created = 0;
  for (const p of rows) {
    const m = p.text.match(/Stockholm(?: i (\p{L}+))? ((?:19|20)\d\d)/u);
    if (!m) continue;
    const month = m[1] ? MONTHS.indexOf(m[1].toLowerCase()) + 1 : 0;
    const date = `${m[2]}-${String(month || 1).padStart(2, "0")}-01`;
    await ctx.db.query(
      `insert into timeline_events (id, deal_id, document_id, process_id, event_type, event_date, date_precision, source_page, source_excerpt)
       values ($1, $2, $3, $4, 'published', $5, $6, $7, $8) on conflict do nothing`,
      [crypto.randomUUID(), ctx.task.deal_id, ctx.task.document_id, ctx.task.process_id, date, month ? "month" : "year", p.page_number, m[0]],
    );
    created++;
    break;
  }
  return output("stub-timeline", { events_created: created });
}

/** A stand-in findings extractor: one promoted finding on page 1. */
export async function stubFindings(ctx: TaskContext): Promise<TaskOutput> {
  const { rows } = await ctx.db.query<{ text: string }>("select text from document_pages where document_id = $1 and page_number = 1", [ctx.task.document_id]);
  await ctx.db.query(
    `insert into findings (id, deal_id, document_id, metric, metric_key, value_text, source_page, source_excerpt)
     values ($1, $2, $3, 'Stub metric', 'stub_metric', '1', 1, $4) on conflict do nothing`,
    [crypto.randomUUID(), ctx.task.deal_id, ctx.task.document_id, (rows[0]?.text || "page one").slice(0, 60)],
  );
  return output("stub-findings", { findings: 1 });
}
