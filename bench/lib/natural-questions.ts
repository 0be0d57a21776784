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

/** One deal per `deal` entry, holding exactly its files (sorted, so the cache key is stable). */
export function naturalDeals(items: NaturalItem[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const it of items) if (!out.has(it.deal)) out.set(it.deal, [...it.files].sort().map(filingPath));
  return out;
}
