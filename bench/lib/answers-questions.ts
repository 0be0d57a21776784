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
} as const;
export type SetName = keyof typeof QUESTION_SETS;

const Row = z.object({
  financebench_id: z.string(),
  company: z.string(),
  doc_name: z.string(),
  question_type: z.string(),
  question: z.string(),
  answer: z.string(),
  evidence: z.array(z.object({ doc_name: z.string(), page: z.number().int() })).default([]),
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
}

/** "Pfizer_2023Q2_10Q.pdf" → "PFIZER"; "PG_E_2018_10K" → "PG_E"; "MCDONALDS_8K_dated-…" → "MCDONALDS". */
export function companyOfFilename(filename: string): string {
  const parts = path.basename(filename).replace(/\.[a-z0-9]+$/i, "").split("_");
  const firstDated = parts.findIndex((p, i) => i > 0 && /^\d/.test(p));
  return (firstDated > 0 ? parts.slice(0, firstDated) : parts.slice(0, 1)).join("_").toUpperCase();
}

export function loadQuestionSet(set: SetName): BenchQuestion[] {
  const file = path.join(QUESTION_SETS[set].dir, "questions.jsonl");
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
      };
    });
}

/** The PDFs of a set's corpus, absolute paths, sorted. */
export function filingsOf(set: SetName): string[] {
  const dir = path.join(QUESTION_SETS[set].dir, "pdfs");
  return fs.readdirSync(dir).filter((f) => /\.pdf$/i.test(f)).sort().map((f) => path.join(dir, f));
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
