import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db, Queryable } from "@/lib/db";
import { setConfigForProcess } from "@/lib/config";
import { runEntityExtraction, runFindingsExtraction, runTimelineExtraction } from "@/lib/extraction/run";
import type { AgentTask } from "@/lib/pipeline/types";
import { openTestDb } from "../helpers/db";

const PAGE = `Till statsrådet och chefen för\nSocialdepartementet\nRegeringen beslutade den 29 augusti 2013 (dir. 2013:83) att tillkalla\nen särskild utredare med uppdrag att analysera behovet.\nSom särskild utredare förordnades den 10 september 2013\nadvokat Per Furberg.`;

let db: Db;
let cleanup: () => Promise<void>;
let dealId: string;
let documentId: string;

beforeAll(async () => {
  setConfigForProcess({ OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });
  ({ db, cleanup } = await openTestDb());
  dealId = crypto.randomUUID();
  documentId = crypto.randomUUID();
  await db.query("insert into deals (id, slug, name) values ($1, 's', 'S')", [dealId]);
  await db.query(
    `insert into documents (id, deal_id, filename, sha256, bytes, storage_path, status, kind, indexed_at, page_count)
     values ($1, $2, 'SOU_2014_1.pdf', 's', 1, '', 'indexed', 'report', now(), 1)`, [documentId, dealId]);
  await db.query("insert into document_pages (document_id, deal_id, page_number, text) values ($1, $2, 1, $3)", [documentId, dealId, PAGE]);
});
afterAll(async () => cleanup?.());

/** The database, counting the reads of a document's pages. */
function countingPageReads(inner: Queryable): { db: Queryable; reads: () => number } {
  let n = 0;
  const db: Queryable = {
    query: (sql, params) => {
      if (/from document_pages/.test(sql)) n++;
      return inner.query(sql, params);
    },
    exec: (sql) => inner.exec(sql),
  };
  return { db, reads: () => n };
}

async function task(type: string): Promise<AgentTask> {
  const id = crypto.randomUUID();
  await db.query("insert into agent_tasks (id, deal_id, document_id, task_type, idempotency_key) values ($1, $2, $3, $4, $5)", [id, dealId, documentId, type, `k-${id}`]);
  return { id, deal_id: dealId, document_id: documentId, process_id: null, task_type: type, input: {} } as unknown as AgentTask;
}

describe("a document's extraction tasks in one process", () => {
  it("read its pages from the database once for all three, and again once it is indexed anew", async () => {
    const c = countingPageReads(db);
    const signal = new AbortController().signal;
    const [f, t, e] = [await task("findings_extraction"), await task("timeline_extraction"), await task("entity_extraction")];
    const outs = await Promise.all([
      runFindingsExtraction({ db: c.db as Db, task: f, signal }),
      runTimelineExtraction({ db: c.db as Db, task: t, signal }),
      runEntityExtraction({ db: c.db as Db, task: e, signal }),
    ]);
    expect(c.reads()).toBe(1);
    expect(outs.map((o) => o.summary?.pages)).toEqual([1, 1, 1]);
    await db.query("update document_pages set text = $2 where document_id = $1", [documentId, `${PAGE}\nUtredaren presenterade betänkandet.`]);
    await db.query("update documents set indexed_at = now() + interval '1 second' where id = $1", [documentId]);
    await runTimelineExtraction({ db: c.db as Db, task: await task("timeline_extraction"), signal });
    expect(c.reads()).toBe(2);
  });
});
