import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { chunkPage, type ChunkDraft } from "@/lib/ingest/chunk";
import { embedTexts, getEmbeddingSpace, toVectorLiteral } from "@/lib/models/embeddings";
import { indexChunks } from "@/lib/search/indexer";
import { tokenize } from "@/lib/search/tokenize";
import { keywordChunks, vectorChunks } from "@/lib/search/retrievers";
import { openTestDb } from "../helpers/db";

setConfigForProcess({ MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

const TOPICS = ["revenue recognition", "inventory valuation", "goodwill impairment", "lease accounting", "pension obligations", "income taxes", "share repurchases", "foreign currency hedging"];

/**
 * The statement match_chunks builds, for a model and dimension, with literals for EXPLAIN:
 * chunk embeddings are float4 vectors of any dimension, each model's index is over
 * embedding::vector(n), and the query embedding arrives as halfvec and is cast the same way.
 */
const vectorSql = (model: string, dims: number, dealId: string) => `
  select c.id from chunks c
  where c.embedding_model = '${model}' and c.deal_id = '${dealId}'
  order by c.embedding::vector(${dims}) <=> '[${Array(dims).fill(0.1).join(",")}]'::halfvec::vector(${dims})
  limit 10`;

async function explain(db: Db, sql: string): Promise<string> {
  return db.transaction(async (tx) => {
    // tiny table: make the planner show the plan it picks at scale (no seq scan, no sort)
    for (const k of ["enable_seqscan", "enable_bitmapscan", "enable_sort"]) await tx.query(`set local ${k} = off`);
    const { rows } = await tx.query<Record<string, string>>(`explain ${sql}`);
    return rows.map((r) => Object.values(r)[0]).join("\n");
  });
}

describe("vector half (match_chunks + HNSW)", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let dealId: string;
  const docs: string[] = [];

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    dealId = (await createDeal({ db, slug: "vectors" })).id;
    for (let d = 0; d < 2; d++) {
      const id = crypto.randomUUID();
      docs.push(id);
      await db.query(
        `insert into documents (id, deal_id, filename, sha256, bytes, storage_path, status) values ($1, $2, $3, $4, 1, '', 'indexed')`,
        [id, dealId, `doc${d}.pdf`, id],
      );
      const chunks: ChunkDraft[] = [];
      for (let p = 1; p <= 40; p++) {
        const text = `Note ${p}. ${TOPICS[(p + d) % TOPICS.length]} policy for period ${p}: management reviewed ${TOPICS[(p * 3) % TOPICS.length]} and related disclosures.`;
        await db.query("insert into document_pages (document_id, deal_id, page_number, text) values ($1, $2, $3, $4)", [id, dealId, p, text]);
        chunks.push(...chunkPage(p, text, chunks.length));
      }
      await indexChunks({ db, dealId, documentId: id, chunks, space: getEmbeddingSpace() });
    }
    await db.exec("analyze chunks");
  });
  afterAll(() => cleanup());

  it("stores chunk embeddings as float4 vectors (no half-float conversion when scanning a scope exactly)", async () => {
    const { rows } = await db.query<{ t: string }>("select format_type(atttypid, atttypmod) as t from pg_attribute where attrelid = 'chunks'::regclass and attname = 'embedding'");
    expect(rows[0].t).toBe("vector");
    const { rows: [c] } = await db.query<{ n: number }>("select count(*)::int as n from chunks where deal_id = $1 and vector_dims(embedding) = 384", [dealId]);
    expect(c.n).toBe(80);
  });

  it("has a partial HNSW expression index per model, and the query shape uses it", async () => {
    const local = await explain(db, vectorSql("local:hash-ngram-384", 384, dealId));
    expect(local).toMatch(/chunks_embedding_local_hnsw/);
    const openai = await explain(db, vectorSql("openai:text-embedding-3-large@1536", 1536, dealId));
    expect(openai).toMatch(/chunks_embedding_openai_1536_hnsw/);
  });

  it("search_keyword_chunks reads a term's segment postings through the (deal_id, term) btree", async () => {
    const postings = `
      select t.chunk_id from unnest(array['goodwill','policy']) as q(term)
      join search_segment_postings p on p.deal_id = '${dealId}' and p.term = q.term
      cross join lateral unnest(p.chunk_ids, p.tfs) as t(chunk_id, tf)`;
    expect(await explain(db, postings)).toMatch(/search_segment_postings_term_idx/);
    // the old GIN index over the terms arrays is gone (its upkeep was pure write cost)
    const { rows } = await db.query("select 1 from pg_indexes where indexname = 'search_chunk_terms_terms_gin'");
    expect(rows).toEqual([]);
  });

  it("match_chunks returns the nearest chunks of the deal, filtered by document and page range", async () => {
    const space = getEmbeddingSpace();
    const all = await vectorChunks(db, { dealId }, space, "goodwill impairment policy", 10);
    expect(all.length).toBe(10);
    expect(all.every((h, i) => i === 0 || all[i - 1].score >= h.score)).toBe(true);
    const one = await vectorChunks(db, { dealId, documentIds: [docs[1]], pageFrom: 10, pageTo: 20 }, space, "goodwill impairment policy", 50);
    expect(one.length).toBe(11);
    expect(one.every((h) => h.documentId === docs[1] && h.page >= 10 && h.page <= 20)).toBe(true);
    await expect(db.query("select * from match_chunks($1, '[1,0,0]'::halfvec, 'local:hash-ngram-384', 5)", [dealId])).rejects.toThrow(/does not match model/);
  });

  it("match_chunks limited to a few documents computes exact distances (the true nearest chunks)", async () => {
    const space = getEmbeddingSpace();
    const hits = await vectorChunks(db, { dealId, documentIds: [docs[0]] }, space, "pension obligations policy", 5);
    const [vec] = await embedTexts(space, ["pension obligations policy"]);
    const { rows } = await db.transaction(async (tx) => {
      await tx.query("set local enable_indexscan = off");
      return tx.query<{ id: string }>(
        "select id from chunks where document_id = $1 order by embedding::vector(384) <=> $2::halfvec::vector(384), id limit 5", [docs[0], toVectorLiteral(vec)]);
    });
    expect(hits.map((h) => h.chunkId)).toEqual(rows.map((r) => r.id));
  });

  it("search_keyword_chunks scores with BM25 and bounds candidate work without losing rare terms", async () => {
    const terms = tokenize("goodwill management policy").map((term) => ({ term, weight: 1 }));
    const exact = await keywordChunks(db, { dealId }, terms, 20);
    const bounded = await keywordChunks(db, { dealId }, terms, 20, 1); // only the rarest term generates candidates
    expect(exact.length).toBeGreaterThan(0);
    expect(bounded.map((h) => h.chunkId).slice(0, 5)).toEqual(exact.map((h) => h.chunkId).slice(0, 5));
    expect(bounded[0].score).toBeCloseTo(exact[0].score, 4);
    // with a document filter the budget grows with the share of the deal left out (here one
    // of two equal documents: twice the budget), so a filter can make the search exact
    const { rows: [c] } = await db.query<{ deal: number }>(
      "select sum(df)::int as deal from search_term_df where deal_id = $1 and term = any($2)", [dealId, terms.map((t) => t.term)]);
    const inDoc = await keywordChunks(db, { dealId, documentIds: [docs[1]] }, terms, 20, Math.ceil(c.deal / 2));
    const inDocExact = await keywordChunks(db, { dealId, documentIds: [docs[1]] }, terms, 20, 1_000_000);
    expect(inDoc.length).toBeGreaterThan(0);
    expect(inDoc.every((h) => h.documentId === docs[1])).toBe(true);
    expect(inDoc.map((h) => [h.chunkId, h.score.toFixed(4)])).toEqual(inDocExact.map((h) => [h.chunkId, h.score.toFixed(4)]));
    const dealWide = await keywordChunks(db, { dealId }, terms, 20, Math.ceil(c.deal / 2));
    expect(dealWide.length).toBeGreaterThan(0);
  });
});
