/**
 * Findings' HNSW index for the local model is built with m = 8, ef_construction = 128
 * (supabase/migrations/20261203000100_findings_hnsw_m8.sql; issue 23: half the insert cost of
 * m = 16). Findings embedded by the pipeline's write path are found through it by
 * match_findings, and a database migrated from the old index keeps its embedded findings in the
 * rebuilt one.
 */
import path from "node:path";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db, Queryable } from "@/lib/db";
import { listMigrations, migrate, MIGRATIONS_DIR } from "@/lib/db/migrate";
import { createDeal } from "@/lib/db/queries/deals";
import { runExtraction } from "@/lib/extraction/run";
import { ingestFile } from "@/lib/ingest/ingest";
import { embedLocal, LOCAL_EMBEDDING_MODEL_ID } from "@/lib/models/local-embedder";
import { toVectorLiteral } from "@/lib/models/embeddings";
import { openTestDb } from "../helpers/db";
import { tempDir, writeFixture } from "../helpers/fixtures";
import { migrationsDir, withEmptyDb } from "./schema-fresh-db";

setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

const INDEX = "findings_embedding_local_hnsw";
const MIGRATION = "20261203000100_findings_hnsw_m8.sql";

const PAGES = [
  ["FORM 10-K", "For the fiscal year ended December 31, 2023", "", "QUILLMERE SYSTEMS, INC.", "(Exact name of registrant as specified in its charter)"].join("\n"),
  [
    "Consolidated Statements of Income", "(In millions)", "Years Ended December 31, 2023 2022",
    "Net revenue $ 4,200 $ 3,900", "Cost of sales 2,300 2,150", "Gross profit 1,900 1,750", "Research and development 610 580",
    "Operating income 720 640", "Provision for income taxes 150 130", "Net income $ 545 $ 480",
  ].join("\n"),
  [
    "Consolidated Balance Sheets", "(In millions)", "December 31, 2023 2022",
    "Cash and cash equivalents $ 1,250 $ 980", "Accounts receivable 640 610", "Inventories 520 555",
    "Total assets $ 7,400 $ 6,900", "Long-term debt 1,800 1,950", "Total liabilities 3,900 3,800",
  ].join("\n"),
];

/** match_findings' query for the k findings nearest to a vector, with the planner kept off sequential scans. */
async function nearest(db: Db, dealId: string, vector: string, k: number) {
  return db.transaction(async (tx) => {
    await tx.exec("set local enable_seqscan = off");
    const { rows } = await tx.query<{ finding_id: string; distance: number }>(
      "select finding_id, distance from match_findings($1::uuid, $2::halfvec, $3, $4)",
      [dealId, vector, LOCAL_EMBEDDING_MODEL_ID, k],
    );
    return rows;
  });
}

async function indexUsed(q: Queryable): Promise<string | undefined> {
  const vec = toVectorLiteral(embedLocal("net revenue"));
  const { rows } = await q.query<{ "QUERY PLAN": string }>(
    `explain select id from findings where embedding_model = '${LOCAL_EMBEDDING_MODEL_ID}'
      order by embedding::vector(384) <=> '${vec}'::vector(384) limit 5`,
  );
  return rows.map((r) => r["QUERY PLAN"]).join("\n").match(/Index Scan using (\S+)/)?.[1];
}

describe("findings' HNSW index (m = 8, ef_construction = 128)", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let dealId: string;

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    dealId = (await createDeal({ db, slug: "quillmere", name: "Quillmere" })).id;
    const r = await ingestFile({ db, dealId, filePath: writeFixture(tempDir("manda-hnsw-"), "QUILLMERE_2023_10K.txt", new TextEncoder().encode(PAGES.join("\f"))) });
    if (r.status !== "indexed" || !r.documentId) throw new Error("not indexed");
    await runExtraction(db, { dealId, documentId: r.documentId, kind: "findings", mode: "rules" });
  }, 120_000);
  afterAll(() => cleanup());

  it("is built with the new parameters, over the same expression and predicate", async () => {
    const { rows } = await db.query<{ reloptions: string[]; def: string }>(
      "select c.reloptions, pg_get_indexdef(c.oid) as def from pg_class c where c.relname = $1",
      [INDEX],
    );
    expect(rows[0]?.reloptions).toEqual(["m=8", "ef_construction=128"]);
    expect(rows[0]?.def).toContain("((embedding)::vector(384)) vector_cosine_ops");
    expect(rows[0]?.def).toContain(`WHERE (embedding_model = '${LOCAL_EMBEDDING_MODEL_ID}'::text)`);
    expect(await db.transaction(async (tx) => (await tx.exec("set local enable_seqscan = off"), indexUsed(tx)))).toBe(INDEX);
  });

  it("finds every finding the pipeline embedded, nearest to its own vector, through the index", async () => {
    const { rows } = await db.query<{ id: string; embedding: string }>(
      "select id, embedding::text as embedding from findings where deal_id = $1 and embedding_model = $2",
      [dealId, LOCAL_EMBEDDING_MODEL_ID],
    );
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const f of rows) {
      const hits = await nearest(db, dealId, f.embedding, 5);
      expect(hits.find((h) => h.finding_id === f.id)?.distance).toBeLessThan(1e-3);
    }
  });
});

describe(`the migration ${MIGRATION}`, () => {
  it("rebuilds the index over findings embedded before it", async () => {
    const before = listMigrations().filter((m) => m.name < MIGRATION).map((m) => path.join(MIGRATIONS_DIR, m.name));
    const dir = migrationsDir(before);
    try {
      await withEmptyDb(async (db) => {
        await migrate(db, dir);
        const { rows: old } = await db.query<{ reloptions: string[] | null }>("select reloptions from pg_class where relname = $1", [INDEX]);
        expect(old[0]?.reloptions ?? null).toBeNull();
        const deal = await createDeal({ db, slug: "old-db" });
        const documentId = crypto.randomUUID();
        await db.query(
          "insert into documents (id, deal_id, filename, mime, sha256, bytes, storage_path, status) values ($1, $2, 'a.pdf', 'application/pdf', 'x', 1, 'a', 'indexed')",
          [documentId, deal.id],
        );
        const texts = ["Net revenue FY2023: 4,200", "Total assets FY2023: 7,400", "Long-term debt FY2023: 1,800"];
        const ids = texts.map(() => crypto.randomUUID());
        for (const [i, t] of texts.entries()) {
          await db.query(
            `insert into findings (id, deal_id, document_id, metric, metric_key, value_text, source_page, source_excerpt, embedding, embedding_model)
             values ($1, $2, $3, $4, $4, $4, 1, $4, $5::halfvec, $6)`,
            [ids[i], deal.id, documentId, t, toVectorLiteral(embedLocal(t)), LOCAL_EMBEDDING_MODEL_ID],
          );
        }
        // this migration and any after it
        expect(await migrate(db)).toEqual(listMigrations().filter((m) => m.name >= MIGRATION).map((m) => m.name));
        for (const [i, t] of texts.entries()) {
          const hits = await nearest(db, deal.id, toVectorLiteral(embedLocal(t)), 1);
          expect(hits[0]?.finding_id).toBe(ids[i]);
        }
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
