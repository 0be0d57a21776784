/**
 * The natural check set (../shared/corpus/natural-check/questions.jsonl, issue 19): analyst-style
 * questions and short conversations, each asked of its own deal (one company, 1–3 named filings).
 * A CHECK set: read here only to ask and to score in code; its gold, accept, evidence and stale
 * fields are never printed and nothing is tuned on them.
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { QUESTION_SETS, SHARED_CORPUS } from "./answers-questions";

export const NATURAL_FILE = path.join(SHARED_CORPUS, "natural-check", "questions.jsonl");

export const NATURAL_TYPES = ["figure", "metric", "segment", "person", "org", "narrative", "yes_no", "comparison", "now", "unanswerable", "follow_up"] as const;
export type NaturalType = (typeof NATURAL_TYPES)[number];

const Pages = z.record(z.string(), z.array(z.number().int()));

const Row = z.object({
  id: z.string(),
  deal: z.string(),
  company: z.string(),
  files: z.array(z.string()).min(1),
  turns: z.array(z.string()).min(1),
  type: z.enum(NATURAL_TYPES),
  gold: z.string(),
  accept: z.object({
    numbers: z.array(z.object({ value: z.number(), unit: z.string(), tol_rel: z.number() })).default([]),
    any_regex: z.array(z.string()).default([]),
    facts: z.array(z.string()).default([]),
  }),
  pages: Pages.default({}),
  stale: z.object({ answer: z.string(), pages: Pages.default({}) }).nullish(),
});

export type NaturalItem = z.infer<typeof Row>;

export function loadNatural(file = NATURAL_FILE): NaturalItem[] {
  if (!fs.existsSync(file)) throw new Error(`${file} not found: run the bench from the repo root with ../shared/corpus beside it`);
  return fs.readFileSync(file, "utf8").split("\n").filter((l) => l.trim()).map((l) => Row.parse(JSON.parse(l)));
}

/** The absolute path of a filing named by the set: it lives in one of the two corpora's pdfs folders. */
export function filingPath(name: string): string {
  for (const c of ["check", "dev"] as const) {
    const p = path.join(QUESTION_SETS[c].dir, "pdfs", name);
    if (fs.existsSync(p)) return p;
  }
  throw new Error(`filing ${name} is in neither corpus`);
}

/** A batch's deal named by its filings (sorted basenames), for batches other than the check set. */
export function filesKey(files: string[]): string {
  return files.map((f) => path.basename(f).replace(/\.[a-z0-9]+$/i, "").toLowerCase().replace(/[^a-z0-9]+/g, "-")).sort().join("--");
}

/**
 * One deal per distinct set of filings, keyed by them (filesKey): a batch written apart from the
 * check set (--natural-file) can reuse a deal name for other filings without sharing its cache.
 */
export function naturalDealsByFiles(items: NaturalItem[]): Map<string, { files: string[]; items: NaturalItem[] }> {
  const out = new Map<string, { files: string[]; items: NaturalItem[] }>();
  for (const it of items) {
    const key = filesKey(it.files);
    const deal = out.get(key) ?? { files: [...it.files].sort().map(filingPath), items: [] };
    deal.items.push(it);
    out.set(key, deal);
  }
  return out;
}

/** One deal per `deal` entry, holding exactly its files (sorted, so the cache key is stable). */
export function naturalDeals(items: NaturalItem[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const it of items) if (!out.has(it.deal)) out.set(it.deal, [...it.files].sort().map(filingPath));
  return out;
}
