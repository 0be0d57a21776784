/**
 * Real-document eval inputs from ../shared/corpus (never copied into the repo): a Swedish
 * inquiry report and FinanceBench filings with their analyst questions and answers.
 */
import fs from "node:fs";
import path from "node:path";

export const CORPUS_DIR = path.resolve(import.meta.dirname, "..", "..", "shared", "corpus");
export const SOU_FILE = path.join(CORPUS_DIR, "sou", "SOU_2014_67.txt");
export const FINANCEBENCH_DIR = path.join(CORPUS_DIR, "financebench-dev");

export interface FinanceBenchQuestion {
  financebench_id: string;
  company: string;
  doc_name: string;
  question: string;
  answer: string;
  evidence: { doc_name: string; page: number; evidence_text: string }[];
}

export function loadFinanceBenchQuestion(id: string): FinanceBenchQuestion | undefined {
  const file = path.join(FINANCEBENCH_DIR, "questions.jsonl");
  if (!fs.existsSync(file)) return undefined;
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    if (!line.trim()) continue;
    const q = JSON.parse(line) as FinanceBenchQuestion;
    if (q.financebench_id === id) return q;
  }
  return undefined;
}

export function financeBenchPdf(docName: string): string {
  return path.join(FINANCEBENCH_DIR, "pdfs", `${docName}.pdf`);
}

/** "$1577.00" in a question asking for USD millions → 1,577,000,000 USD. */
export function financeBenchValue(q: FinanceBenchQuestion): { value: number; unit: "USD" } | undefined {
  const m = /\$?\s*(-?[\d,]+(?:\.\d+)?)/.exec(q.answer);
  if (!m) return undefined;
  const n = Number(m[1]!.replace(/,/g, ""));
  const scale = /USD millions|in millions/i.test(q.question) ? 1e6 : /USD billions|in billions/i.test(q.question) ? 1e9 : 1;
  return { value: n * scale, unit: "USD" };
}

/** The text of a corpus file if present (cases over missing corpora are skipped, not failed). */
export function corpusText(file: string): string | undefined {
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
}
