import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { setConfigForProcess } from "@/lib/config";
import { openDb, type Db } from "@/lib/db";
import { createDeal, getDealBySlug } from "@/lib/db/queries/deals";
import { ingestFile } from "@/lib/ingest/ingest";
import { SEARCH_INDEX_VERSION } from "@/lib/search/indexer";
import { storedDataMigrations } from "./stored-data-migrations";

/**
 * The FinanceBench dev corpus (read in place from ../shared/corpus/financebench-dev) ingested
 * into a bench data dir, reused while the search index version and migrations are unchanged.
 */
export const CORPUS_DIR = path.resolve(process.cwd(), "../shared/corpus/financebench-dev");

export interface Question {
  id: string;
  docName: string;
  company: string;
  /** FinanceBench's question type: metrics-generated, domain-relevant or novel-generated. */
  questionType: string;
  question: string;
  evidencePages: number[];
}

export function loadQuestions(dir = CORPUS_DIR): Question[] {
  return fs
    .readFileSync(path.join(dir, "questions.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => {
      const q = JSON.parse(l) as { financebench_id: string; doc_name: string; company?: string; question_type?: string; question: string; evidence: Array<{ doc_name: string; page: number }> };
      return { id: q.financebench_id, docName: q.doc_name, company: q.company ?? q.doc_name.split("_")[0], questionType: q.question_type ?? "unknown", question: q.question, evidencePages: [...new Set(q.evidence.filter((e) => e.doc_name === q.doc_name).map((e) => e.page))] };
    });
}

function fingerprint(pdfs: string[]): string {
  const h = createHash("sha256").update(`v${SEARCH_INDEX_VERSION}\n`);
  // Only search migrations that can change stored data invalidate the ingested corpus; others are applied on open.
  for (const m of storedDataMigrations().filter((x) => /search/.test(x.name))) h.update(`${m.name}:${m.checksum}\n`);
  for (const f of pdfs) h.update(`${path.basename(f)}:${fs.statSync(f).size}\n`);
  return h.digest("hex").slice(0, 16);
}

/** Opens the bench database with the corpus ingested into deal `financebench`. */
export async function openBenchCorpus({ dataDir, corpusDir = CORPUS_DIR, log = console.error }: { dataDir: string; corpusDir?: string; log?: (s: string) => void }): Promise<{ db: Db; dealId: string }> {
  setConfigForProcess({ MANDA_DATA_DIR: dataDir, MANDA_LOG_LEVEL: "error", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });
  const pdfs = fs.readdirSync(path.join(corpusDir, "pdfs")).filter((f) => f.endsWith(".pdf")).sort().map((f) => path.join(corpusDir, "pdfs", f));
  const marker = path.join(dataDir, "bench-corpus.json");
  const fp = fingerprint(pdfs);
  const cached = fs.existsSync(marker) && JSON.parse(fs.readFileSync(marker, "utf8")).fingerprint === fp;
  if (!cached) fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const db = await openDb({ dataDir });
  const deal = (await getDealBySlug({ db, slug: "financebench" })) ?? (await createDeal({ db, slug: "financebench", name: "FinanceBench dev" }));
  if (!cached) {
    const t0 = Date.now();
    for (const [i, f] of pdfs.entries()) {
      const r = await ingestFile({ db, dealId: deal.id, filePath: f });
      log(`  ingested ${i + 1}/${pdfs.length} ${path.basename(f)}: ${r.status} ${r.pageCount ?? "?"} pages, ${r.chunkCount ?? "?"} chunks (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
      if (r.status === "failed") throw new Error(`ingest failed for ${f}: ${r.error?.message}`);
    }
    fs.writeFileSync(marker, JSON.stringify({ fingerprint: fp, ingestedAt: new Date().toISOString(), seconds: (Date.now() - t0) / 1000 }));
  }
  return { db, dealId: deal.id };
}
