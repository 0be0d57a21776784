/**
 * Hybrid search latency on PGlite at 10k and 100k chunks of realistic filing text (real
 * corpus sentences recombined by a seeded generator), with a baseline in the same run:
 * an exact sequential-scan cosine query (what a vector search without the HNSW expression
 * index does). Reports p50/p95 and the ratio baseline/Manda. One data dir per size
 * (<data-dir>/n<size>), reused across runs; a large one is filled without the HNSW index,
 * which is then built once (timed, with progress). Build times are printed as `build:`.
 *
 *   npm run bench:search-latency [-- --sizes 10000] [--queries 60] [--data-dir .manda-latency] [--profile]
 *
 * --profile: where the time goes (bench/lib/search-profile.ts): the fused SQL call whole and
 * without each half, and the blocks each relation read through PGlite's file system per search.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { setConfigForProcess } from "@/lib/config";
import { openDb, type Db } from "@/lib/db";
import { createDeal, getDealBySlug } from "@/lib/db/queries/deals";
import { chunkPage, type ChunkDraft } from "@/lib/ingest/chunk";
import { PAGE_BATCH } from "@/lib/ingest/ingest";
import { embedTexts, getEmbeddingSpace, toVectorLiteral } from "@/lib/models/embeddings";
import { indexChunks, SEARCH_INDEX_VERSION } from "@/lib/search/indexer";
import { vacuumSearchIndexIfNeeded } from "@/lib/db/maintenance";
import { understandQuery } from "@/lib/search/query-understanding";
import { keywordChunks, vectorChunks } from "@/lib/search/retrievers";
import { searchPages } from "@/lib/search/search";
import { CORPUS_DIR } from "./lib/corpus";
import { profileSearches, type SearchProfile } from "./lib/search-profile";
import { FilingTextGenerator, loadSentencePool, mulberry32 } from "./lib/textgen";

const { values } = parseArgs({ options: { sizes: { type: "string" }, queries: { type: "string" }, "data-dir": { type: "string" }, profile: { type: "boolean" } } });
const SIZES = (values.sizes ?? "10000,100000").split(",").map(Number).sort((a, b) => a - b);
const QUERIES = Number(values.queries ?? 60);
const DATA_DIR = path.resolve(values["data-dir"] ?? ".manda-latency");
const COMPANIES = ["Aurora", "Borealis", "Cobalt", "Delta Marine", "Evergreen", "Fjord", "Granite", "Helios", "Ion Labs", "Juniper", "Kestrel", "Lumen", "Meridian", "Nordic Steel", "Orion", "Polaris", "Quartz", "Rowan", "Sierra", "Tundra"];
const PAGES_PER_DOC = 120;
const SEED = 20261121;

const QUESTION_TEMPLATES = [
  "What is the FY{y} capital expenditure amount for {c}? Give a response relying on the cash flow statement.",
  "What was {c}'s total revenue in {y}?",
  "How did operating income change for {c} between FY{p} and FY{y}?",
  "What is the year end FY{y} total current liabilities for {c}? Answer in USD millions.",
  "Has {c} reported any material legal proceedings?",
  "What drove gross margin change in {y}?",
  "Which segment grew fastest and why?",
  "What is the effective tax rate and how did it change?",
  "Net cash provided by operating activities",
  "inventories accounts payable working capital",
];

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

async function chunkCount(db: Db, dealId: string): Promise<number> {
  return (await db.query<{ n: number }>("select count(*)::int as n from chunks where deal_id = $1", [dealId])).rows[0].n;
}

/** Adds synthetic annual reports until the deal holds at least `target` chunks. */
async function grow(db: Db, dir: string, dealId: string, target: number, gen: FilingTextGenerator, docRnd: () => number) {
  const space = getEmbeddingSpace();
  let have = await chunkCount(db, dealId);
  const t0 = Date.now();
  const start = have;
  // Large builds: fill without the HNSW index, then build it once with the definition the
  // migrations gave it (read back from pg_indexes, so the bench cannot drift from the
  // schema). Building a graph in one pass is much faster than inserting node by node.
  const bulk = target - have > 5000;
  const defFile = path.join(dir, "hnsw-index.sql");
  if (bulk) {
    const { rows } = await db.query<{ indexdef: string }>("select indexdef from pg_indexes where indexname = 'chunks_embedding_local_hnsw'");
    if (rows.length > 0) fs.writeFileSync(defFile, rows[0].indexdef);
    await db.exec("drop index if exists chunks_embedding_local_hnsw");
  }
  while (have < target) {
    const docId = crypto.randomUUID();
    const company = COMPANIES[Math.floor(docRnd() * COMPANIES.length)];
    const year = 2015 + Math.floor(docRnd() * 9);
    await db.query(
      `insert into documents (id, deal_id, filename, format, sha256, bytes, storage_path, status, kind, company, fiscal_year, fiscal_period, page_count)
       values ($1, $2, $3, 'pdf', $4, 0, '', 'indexed', 'annual report', $5, $6, 'FY', $7)`,
      [docId, dealId, `${company.replace(/\s/g, "_")}_${year}_AR_${docId.slice(0, 6)}.pdf`, docId, company, year, PAGES_PER_DOC],
    );
    let index = 0;
    for (let p0 = 1; p0 <= PAGES_PER_DOC && have < target; p0 += PAGE_BATCH) { // batches as ingestion writes them
      const pages = Array.from({ length: Math.min(PAGE_BATCH, PAGES_PER_DOC - p0 + 1) }, (_, i) => ({ n: p0 + i, text: gen.page(2600) }));
      const chunks: ChunkDraft[] = [];
      for (const pg of pages) chunks.push(...chunkPage(pg.n, pg.text, index + chunks.length));
      index += chunks.length;
      const params: unknown[] = [];
      const vals = pages.map((pg) => {
        params.push(docId, dealId, pg.n, pg.text);
        const b = params.length;
        return `($${b - 3}, $${b - 2}, $${b - 1}, $${b})`;
      });
      await db.query(`insert into document_pages (document_id, deal_id, page_number, text) values ${vals.join(", ")}`, params);
      await indexChunks({ db, dealId, documentId: docId, chunks, space });
      have += chunks.length;
    }
    await vacuumSearchIndexIfNeeded({ db }); // as ingestion does after each document
    const secs = (Date.now() - t0) / 1000;
    process.stderr.write(`\r  building: ${have}/${target} chunks, ${secs.toFixed(0)} s (${((have - start) / Math.max(secs, 0.001)).toFixed(0)} chunks/s)   `);
  }
  if (have > start) process.stderr.write("\n");
  const { rows } = await db.query("select 1 from pg_indexes where indexname = 'chunks_embedding_local_hnsw'");
  if (rows.length === 0) { // also after an interrupted bulk build
    const t1 = Date.now();
    const def = fs.existsSync(defFile) ? fs.readFileSync(defFile, "utf8") : null;
    if (!def) throw new Error(`no saved definition of chunks_embedding_local_hnsw in ${defFile}`);
    process.stderr.write(`  building the HNSW index over ${have} chunks: ${def.replace(/^.*USING/, "USING")} …\n`);
    // Room for the whole graph in memory: a build that spills is several times slower.
    await db.exec("set maintenance_work_mem = '512MB'");
    const tick = setInterval(() => process.stderr.write(`\r  … ${((Date.now() - t1) / 1000).toFixed(0)} s`), 5000);
    try {
      await db.exec(def);
    } finally {
      clearInterval(tick);
      await db.exec("reset maintenance_work_mem");
    }
    process.stderr.write(`\r  HNSW index built in ${((Date.now() - t1) / 1000).toFixed(0)} s\n`);
    timings.push({ chunks: have, hnswBuildSeconds: Math.round((Date.now() - t1) / 1000) });
  }
  if (have > start) timings.push({ chunks: have, fillSeconds: Math.round((Date.now() - t0) / 1000) });
}

const timings: Array<Record<string, number>> = [];

async function timeIt(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function main() {
  setConfigForProcess({ MANDA_DATA_DIR: DATA_DIR, MANDA_LOG_LEVEL: "error", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });
  console.error("loading sentence pool from the corpus …");
  const pool = await loadSentencePool(path.join(CORPUS_DIR, "pdfs"), 6, 60);
  console.error(`  ${pool.length} sentences`);
  const space = getEmbeddingSpace();
  const rows: Array<Record<string, number>> = [];
  const profiles: Array<SearchProfile & { chunks: number }> = [];
  // One database per size (DATA_DIR/n<size>), each kept for the next run: a size is always
  // measured at that size, and the 100k build (~15 min fill + ~2 min HNSW) is paid once.
  for (const size of SIZES) {
    const dir = path.join(DATA_DIR, `n${size}`);
    const marker = path.join(dir, "latency-corpus.json");
    const fp = `v${SEARCH_INDEX_VERSION}-seed${SEED}`;
    if (!fs.existsSync(marker) || JSON.parse(fs.readFileSync(marker, "utf8")).fingerprint !== fp) fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(marker, JSON.stringify({ fingerprint: fp }));
    console.error(`${size} chunks: ${dir}`);
    const db = await openDb({ dataDir: dir });
    const deal = (await getDealBySlug({ db, slug: "latency" })) ?? (await createDeal({ db, slug: "latency" }));
    const existing = await chunkCount(db, deal.id);
    const gen = new FilingTextGenerator(pool, SEED + existing); // growth continues deterministically enough
    const docRnd = mulberry32(SEED + 1 + existing);
    const qRnd = mulberry32(SEED + 2);
    await grow(db, dir, deal.id, size, gen, docRnd);
    await db.exec("analyze");
    const n = await chunkCount(db, deal.id);
    const questions = Array.from({ length: QUERIES }, () => {
      const t = QUESTION_TEMPLATES[Math.floor(qRnd() * QUESTION_TEMPLATES.length)];
      const y = 2016 + Math.floor(qRnd() * 8);
      return t.replace("{c}", COMPANIES[Math.floor(qRnd() * COMPANIES.length)]).replace("{y}", String(y)).replace("{p}", String(y - 1));
    });
    for (const q of questions.slice(0, 5)) await searchPages({ db, dealId: deal.id, query: q, k: 10 }); // warm-up
    const hybrid: number[] = [];
    const keyword: number[] = [];
    const vector: number[] = [];
    const baseline: number[] = [];
    let hybridCpu = 0;
    for (const q of questions) {
      const cpu0 = process.cpuUsage();
      hybrid.push(await timeIt(() => searchPages({ db, dealId: deal.id, query: q, k: 10 })));
      const cpu = process.cpuUsage(cpu0);
      hybridCpu += (cpu.user + cpu.system) / 1000;
      const u = understandQuery(q);
      keyword.push(await timeIt(() => keywordChunks(db, { dealId: deal.id }, u.terms, 120)));
      vector.push(await timeIt(() => vectorChunks(db, { dealId: deal.id }, space, u.rankingText, 60)));
    }
    for (const q of questions.slice(0, Math.min(questions.length, 15))) {
      baseline.push(await timeIt(async () => {
        const [v] = await embedTexts(space, [understandQuery(q).rankingText]);
        await db.query("select id, page_start from chunks where deal_id = $1 order by embedding <=> $2::vector limit 60", [deal.id, toVectorLiteral(v)]);
      }));
    }
    const row = {
      chunks: n,
      hybridP50: percentile(hybrid, 50), hybridP95: percentile(hybrid, 95),
      keywordP50: percentile(keyword, 50), keywordP95: percentile(keyword, 95),
      vectorP50: percentile(vector, 50), vectorP95: percentile(vector, 95),
      baselineP50: percentile(baseline, 50), baselineP95: percentile(baseline, 95),
      // the process's CPU time per hybrid query (PGlite runs in this thread): steadier than wall
      // time on a shared machine, since waiting for a core is not counted
      hybridCpuMean: hybridCpu / questions.length,
    };
    rows.push(row);
    if (values.profile) profiles.push({ chunks: n, ...(await profileSearches(db, deal.id, questions)) });
    await db.close();
  }
  const f = (x: number) => x.toFixed(1).padStart(8);
  console.log("\nPGlite search latency (ms), hybrid = searchPages end to end (k=10)");
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  console.log("  chunks   hybrid p50/p95   cpu/query   keyword p50/p95     vector p50/p95   seqscan-cosine baseline p50/p95   baseline/hybrid p95");
  for (const r of rows) {
    console.log(`${String(r.chunks).padStart(8)} ${f(r.hybridP50)} ${f(r.hybridP95)} ${f(r.hybridCpuMean)}    ${f(r.keywordP50)} ${f(r.keywordP95)}   ${f(r.vectorP50)} ${f(r.vectorP95)}   ${f(r.baselineP50)} ${f(r.baselineP95)}              ${(r.baselineP95 / r.hybridP95).toFixed(2)}x`);
  }
  for (const p of profiles) {
    const x = p.fused;
    console.log(`\nprofile at ${p.chunks} chunks: fused SQL call, CPU ms p50: whole ${x.whole.toFixed(1)}, without the keyword half ${x.noKeyword.toFixed(1)}, without the vector half ${x.noVector.toFixed(1)}, neither ${x.neither.toFixed(1)}`);
    console.log("  blocks per search, read through PGlite's file system (buffer hits):");
    for (const b of p.blocks.slice(0, 10)) console.log(`  ${b.relation.padEnd(32)} ${b.read.toFixed(0).padStart(6)} (${b.hit.toFixed(0)})`);
  }
  if (timings.length > 0) console.log(`build: ${JSON.stringify(timings)}`);
  console.log(`SUMMARY ${JSON.stringify(rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Math.round(v * 10) / 10]))))}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
