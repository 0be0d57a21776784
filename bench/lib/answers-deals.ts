/**
 * Deals for benches: a group of deals (slug + files) ingested and run through the extraction
 * pipeline in-process, as `manda ingest` + `manda pipeline run` would, in a PGlite database
 * of the group's own (`<root>/<group>/db`). Reusable by any bench that needs findings.
 *
 * Two-level cache, so that a change to extraction does not re-ingest:
 * - the ingest key: the files (name, size), every migration's checksum, the search index
 *   version and a hash of the ingest/search/embedding/storage sources;
 * - the pipeline key: the ingest key, the extractor and orchestrator versions and a hash of
 *   the extraction/pipeline/graph/statements/periods/query sources.
 * After ingest, the database is copied to `<group>/ingested`; when only the pipeline key
 * changed, the run restarts from that copy. Source hashes (not only the version constants)
 * because code changes during development rarely bump a version, and stale findings would
 * give figures for code that no longer exists.
 */
import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { openDb, type Db } from "@/lib/db";
import { createDeal, getDealBySlug, type Deal } from "@/lib/db/queries/deals";
import { ENTITY_EXTRACTOR_VERSION } from "@/lib/extraction/entities";
import { FINDINGS_EXTRACTOR_VERSION } from "@/lib/extraction/findings";
import { TIMELINE_EXTRACTOR_VERSION } from "@/lib/extraction/timeline";
import { ingestFiles } from "@/lib/ingest/ingest";
import { runPipeline, type PipelineResult } from "@/lib/pipeline/orchestrator";
import { ORCHESTRATOR_VERSION } from "@/lib/pipeline/run-result";
import { SEARCH_INDEX_VERSION } from "@/lib/search/indexer";
import { storedDataMigrations } from "./stored-data-migrations";

export interface DealSpec {
  slug: string;
  name: string;
  files: string[];
}

export interface PreparedGroup {
  db: Db;
  deals: Map<string, Deal>;
  /** "hit": nothing redone; "pipeline": re-extracted from the ingested copy; "miss": ingested and extracted. */
  cache: "hit" | "pipeline" | "miss";
  /** Time spent in this run (0 when cached). */
  ingestMs: number;
  pipelineMs: number;
  /** Time the cached database took to build, when it was built (for reports of cached runs). */
  builtIngestMs: number;
  builtPipelineMs: number;
  pipeline: Array<{ slug: string; success: boolean; findings: number; tasksFailed: number; message?: string }>;
}

const INGEST_SOURCES = ["lib/ingest", "lib/search", "lib/storage", "lib/models/embeddings.ts", "lib/models/local-embedder.ts"];
const PIPELINE_SOURCES = ["lib/extraction", "lib/pipeline", "lib/graph", "lib/statements", "lib/periods"];
/** Query modules count only when pipeline code imports them: a module of reads for the agent cannot change what the pipeline stores. */
const QUERY_DIR = "lib/db/queries";

function importedQueryModules(): string[] {
  const importers = PIPELINE_SOURCES.flatMap((rel) => listFiles(path.resolve(process.cwd(), rel))).map((f) => fs.readFileSync(f, "utf8")).join("\n");
  return fs.readdirSync(path.resolve(process.cwd(), QUERY_DIR)).filter((f) => f.endsWith(".ts") && importers.includes(`@/lib/db/queries/${f.replace(/\.ts$/, "")}"`)).sort().map((f) => path.join(QUERY_DIR, f));
}

function listFiles(p: string): string[] {
  if (!fs.existsSync(p)) return [];
  if (fs.statSync(p).isFile()) return [p];
  return fs.readdirSync(p).sort().flatMap((e) => listFiles(path.join(p, e)));
}

function hashSources(h: ReturnType<typeof createHash>, rels: string[]): void {
  const walk = (p: string): string[] => {
    if (!fs.existsSync(p)) return [];
    if (fs.statSync(p).isFile()) return [p];
    return fs.readdirSync(p).sort().flatMap((e) => walk(path.join(p, e)));
  };
  for (const rel of rels) for (const f of walk(path.resolve(process.cwd(), rel)).filter((x) => /\.(?:ts|tsx|json|sql)$/.test(x))) {
    h.update(`${path.relative(process.cwd(), f)}\n`).update(fs.readFileSync(f));
  }
}

export function ingestKey(deals: DealSpec[]): string {
  const h = createHash("sha256").update(`search-index ${SEARCH_INDEX_VERSION}\n`);
  for (const m of storedDataMigrations()) h.update(`${m.name}:${m.checksum}\n`);
  for (const d of deals) for (const f of d.files) h.update(`${d.slug}/${path.basename(f)}:${fs.statSync(f).size}\n`);
  hashSources(h, INGEST_SOURCES);
  return h.digest("hex").slice(0, 16);
}

export function pipelineKey(deals: DealSpec[]): string {
  const h = createHash("sha256").update(ingestKey(deals));
  h.update(`findings ${FINDINGS_EXTRACTOR_VERSION} timeline ${TIMELINE_EXTRACTOR_VERSION} entities ${ENTITY_EXTRACTOR_VERSION} orchestrator ${ORCHESTRATOR_VERSION}\n`);
  hashSources(h, [...PIPELINE_SOURCES, ...importedQueryModules()]);
  return h.digest("hex").slice(0, 16);
}

interface Marker { ingestKey: string; pipelineKey: string | null; ingestMs?: number; pipelineMs?: number }

function readMarker(file: string): Marker | null {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as Marker;
  } catch {
    return null;
  }
}

async function ingestDeals(db: Db, deals: DealSpec[], log: (s: string) => void): Promise<void> {
  for (const spec of deals) {
    const deal = (await getDealBySlug({ db, slug: spec.slug })) ?? (await createDeal({ db, slug: spec.slug, name: spec.name }));
    const t0 = Date.now();
    const results = await ingestFiles({ db, dealId: deal.id, files: spec.files.map((filePath) => ({ filePath })) });
    // A file Manda cannot read stays out of the deal, as in a real data room (its reason logged); a deal
    // none of whose files can be read is asked its questions empty, as a user would find it.
    const failed = results.filter((r) => r.status === "failed");
    for (const r of failed) log(`  NOT INGESTED ${r.filename}: ${r.error?.message}`);
    if (failed.length === results.length) log(`  no file of deal ${spec.slug} could be read: its questions are asked of an empty data room`);
    const pages = results.reduce((s, r) => s + (r.pageCount ?? 0), 0);
    log(`  ingested ${spec.slug}: ${results.length - failed.length}/${results.length} files, ${pages} pages in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
}

async function runPipelines(db: Db, deals: Map<string, Deal>, log: (s: string) => void): Promise<PreparedGroup["pipeline"]> {
  const out: PreparedGroup["pipeline"] = [];
  for (const [slug, deal] of deals) {
    const t0 = Date.now();
    const r: PipelineResult = await runPipeline({ db, dealId: deal.id, timeoutMs: 3 * 3600_000 });
    const s = r.summary;
    out.push({ slug, success: r.success, findings: s.findings_promoted, tasksFailed: s.tasks_failed, message: r.error ?? r.message ?? undefined });
    log(`  pipeline ${slug}: ${r.success ? "ok" : "FAILED"} +${s.findings_promoted} findings, ${s.review_items} in review, ${s.tasks_failed} tasks failed in ${((Date.now() - t0) / 1000).toFixed(1)} s${r.error ? ` — ${r.error}` : ""}`);
  }
  return out;
}

async function dealsBySlug(db: Db, specs: DealSpec[]): Promise<Map<string, Deal>> {
  const out = new Map<string, Deal>();
  for (const s of specs) {
    const d = await getDealBySlug({ db, slug: s.slug });
    if (!d) throw new Error(`deal ${s.slug} missing from the bench database`);
    out.set(s.slug, d);
  }
  return out;
}

/**
 * Opens the group's database with every deal ingested and extracted, reusing what the cache
 * keys allow. The caller closes `db`. Config (MANDA_DATA_DIR for stored files) is the caller's.
 */
export async function prepareDealGroup({ root, group, deals, fresh = false, log = console.error }: {
  root: string;
  group: string;
  deals: DealSpec[];
  fresh?: boolean;
  log?: (s: string) => void;
}): Promise<PreparedGroup> {
  const dir = path.join(root, group);
  const live = path.join(dir, "db");
  const ingested = path.join(dir, "ingested");
  const markerFile = path.join(dir, "bench-deals.json");
  const keys = { ingestKey: ingestKey(deals), pipelineKey: pipelineKey(deals) };
  const marker = fresh ? null : readMarker(markerFile);
  const write = (m: Marker) => fs.writeFileSync(markerFile, JSON.stringify(m));
  let ingestMs = 0;
  let pipelineMs = 0;
  let cache: PreparedGroup["cache"] = "hit";

  if (marker?.ingestKey !== keys.ingestKey || !fs.existsSync(path.join(ingested, "pgdata"))) {
    cache = "miss";
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const t0 = Date.now();
    const db = await openDb({ dataDir: live });
    try {
      await ingestDeals(db, deals, log);
    } finally {
      await db.close();
    }
    ingestMs = Date.now() - t0;
    fs.cpSync(path.join(live, "pgdata"), path.join(ingested, "pgdata"), { recursive: true });
    write({ ingestKey: keys.ingestKey, pipelineKey: null, ingestMs });
  } else if (marker.pipelineKey !== keys.pipelineKey) {
    cache = "pipeline";
    fs.rmSync(live, { recursive: true, force: true });
    fs.cpSync(path.join(ingested, "pgdata"), path.join(live, "pgdata"), { recursive: true });
  }

  const db = await openDb({ dataDir: live });
  try {
    const bySlug = await dealsBySlug(db, deals);
    let pipeline: PreparedGroup["pipeline"] = [];
    if (cache !== "hit") {
      const t1 = Date.now();
      pipeline = await runPipelines(db, bySlug, log);
      pipelineMs = Date.now() - t1;
      write({ ingestKey: keys.ingestKey, pipelineKey: keys.pipelineKey, ingestMs: ingestMs || marker?.ingestMs, pipelineMs });
    }
    const built = readMarker(markerFile);
    return { db, deals: bySlug, cache, ingestMs, pipelineMs, builtIngestMs: built?.ingestMs ?? 0, builtPipelineMs: built?.pipelineMs ?? 0, pipeline };
  } catch (e) {
    await db.close();
    throw e;
  }
}
