/**
 * The question sets of bench/answers.ts, read in place from ../shared/corpus: the 47
 * FinanceBench dev questions (in-sample) and the 30 check questions over other companies'
 * filings (held-out: scored, never tuned on). Filings are grouped by company from the
 * filename prefix, the way the corpus names them (PFIZER_2021_10K, Pfizer_2023Q2_10Q,
 * PG_E_2018_10K, MCDONALDS_8K_dated-…).
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

export const SHARED_CORPUS = path.resolve(process.cwd(), "../shared/corpus");

export const QUESTION_SETS = {
  dev: { dir: path.join(SHARED_CORPUS, "financebench-dev"), label: "dev (in-sample)" },
  check: { dir: path.join(SHARED_CORPUS, "filings-unlabelled"), label: "check (held-out)" },
  /**
   * Questions written here from reading the filings of both corpora (bench/data/own-questions.jsonl),
   * answerable ones with gold and page and unanswerable ones whose answer the company's filings do
   * not state; each row says its half: companies to tune on (in-sample) or to report only (held-out).
   */
  own: { dir: path.join(SHARED_CORPUS, "filings-unlabelled"), label: "own", file: path.resolve(process.cwd(), "bench/data/own-questions.jsonl") },
} as const;
export type SetName = keyof typeof QUESTION_SETS;

/** The corpora whose filings a set's questions are asked of. */
const CORPORA: Record<SetName, Array<"dev" | "check">> = { dev: ["dev"], check: ["check"], own: ["dev", "check"] };

const Row = z.object({
  financebench_id: z.string(),
  company: z.string(),
  doc_name: z.string(),
  question_type: z.string(),
  question: z.string(),
  answer: z.string(),
  evidence: z.array(z.object({ doc_name: z.string(), page: z.number().int() })).default([]),
  half: z.enum(["in-sample", "held-out", "held-out-new", "held-out-r3", "held-out-r4", "held-out-r5", "held-out-r6", "held-out-r7"]).optional(),
});

export interface BenchQuestion {
  id: string;
  set: SetName;
  company: string;
  /** Company key of the question's filing (filename prefix, upper case). */
  companyKey: string;
  docName: string;
  type: string;
  question: string;
  gold: string;
  /** 1-based evidence pages in the question's own filing. */
  evidencePages: number[];
  /** Own set: whether the question's company is tuned on (in-sample) or only reported (held-out). */
  half?: "in-sample" | "held-out" | "held-out-new" | "held-out-r3" | "held-out-r4" | "held-out-r5" | "held-out-r6" | "held-out-r7";
  /** Paraphrase set (bench/lib/paraphrases.ts): the wording class, and the original question the gold is read with. */
  wording?: "original" | "terse" | "company_first" | "conversational";
  scoreQuestion?: string;
}

/** "Pfizer_2023Q2_10Q.pdf" → "PFIZER"; "PG_E_2018_10K" → "PG_E"; "MCDONALDS_8K_dated-…" → "MCDONALDS". */
export function companyOfFilename(filename: string): string {
  const parts = path.basename(filename).replace(/\.[a-z0-9]+$/i, "").split("_");
  const firstDated = parts.findIndex((p, i) => i > 0 && /^\d/.test(p));
  return (firstDated > 0 ? parts.slice(0, firstDated) : parts.slice(0, 1)).join("_").toUpperCase();
}

export function loadQuestionSet(set: SetName): BenchQuestion[] {
  const def = QUESTION_SETS[set];
  const file = "file" in def ? def.file : path.join(def.dir, "questions.jsonl");
  if (!fs.existsSync(file)) throw new Error(`${file} not found: run the bench from the repo root with ../shared/corpus beside it`);
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => {
      const r = Row.parse(JSON.parse(l));
      return {
        id: r.financebench_id, set, company: r.company, companyKey: companyOfFilename(r.doc_name), docName: r.doc_name, type: r.question_type,
        question: r.question, gold: r.answer, evidencePages: [...new Set(r.evidence.filter((e) => e.doc_name === r.doc_name).map((e) => e.page))],
        ...(r.half ? { half: r.half } : {}),
      };
    });
}

/** The PDFs of a set's corpora, absolute paths, sorted. */
export function filingsOf(set: SetName): string[] {
  return CORPORA[set].flatMap((c) => {
    const dir = path.join(QUESTION_SETS[c].dir, "pdfs");
    return fs.readdirSync(dir).filter((f) => /\.pdf$/i.test(f)).sort().map((f) => path.join(dir, f));
  });
}

/** The corpus ("dev" | "check") a filing is read from, which names its cached deal group. */
export function corpusOfFiling(file: string): "dev" | "check" {
  return path.resolve(file).startsWith(path.resolve(QUESTION_SETS.dev.dir)) ? "dev" : "check";
}

/** Filings grouped by company key. */
export function filingsByCompany(files: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const f of files) {
    const k = companyOfFilename(f);
    out.set(k, [...(out.get(k) ?? []), f]);
  }
  return out;
}
