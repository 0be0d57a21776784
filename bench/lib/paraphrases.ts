/**
 * The paraphrase set of bench/answers.ts (issue 19, "measure understanding, not wording"):
 * bench/data/paraphrases.jsonl rewords each dev or own question three ways (terse, company_first,
 * conversational). A rewording is asked of the original's deal and scored with the original's
 * gold exactly as the original is (the gold read with the original question: its asked scale).
 * The originals of the reworded questions are asked in the same run, so each class stands
 * beside the original wording's figure on the same questions.
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { loadQuestionSet, type BenchQuestion } from "./answers-questions";
import type { Outcome } from "./answers-report";

export const PARAPHRASE_FILE = path.resolve(process.cwd(), "bench/data/paraphrases.jsonl");
export const WORDINGS = ["original", "terse", "company_first", "conversational"] as const;
export type Wording = (typeof WORDINGS)[number];

const Row = z.object({ id: z.string(), set: z.enum(["dev", "own"]), class: z.enum(["terse", "company_first", "conversational"]), question: z.string().min(1) });

/** The originals of the reworded questions (wording "original") followed by the rewordings. */
export function loadParaphrases(file = PARAPHRASE_FILE): BenchQuestion[] {
  const rows = fs.readFileSync(file, "utf8").split("\n").filter((l) => l.trim()).map((l) => Row.parse(JSON.parse(l)));
  const originals = new Map<string, BenchQuestion>();
  for (const set of new Set(rows.map((r) => r.set))) for (const q of loadQuestionSet(set)) originals.set(`${set}/${q.id}`, q);
  const used = new Map<string, BenchQuestion>();
  const reworded = rows.map((r) => {
    const q = originals.get(`${r.set}/${r.id}`);
    if (!q) throw new Error(`paraphrase of ${r.set}/${r.id}: no such question`);
    used.set(`${r.set}/${r.id}`, { ...q, wording: "original", scoreQuestion: q.question });
    return { ...q, id: `${q.id}~${r.class}`, question: r.question, wording: r.class, scoreQuestion: q.question } satisfies BenchQuestion;
  });
  return [...used.values(), ...reworded];
}

const baseId = (o: Outcome) => `${o.q.set}/${o.q.id.replace(/~.*$/, "")}`;

/** Per wording class: tallies, the ratio of its correct count to the original's, and agreement. */
export function paraphraseSummary(outcomes: Outcome[]) {
  const count = (w: Wording, v: string) => outcomes.filter((o) => o.q.wording === w && o.manda.verdict === v).length;
  const classes = Object.fromEntries(WORDINGS.map((w) => {
    const n = outcomes.filter((o) => o.q.wording === w).length;
    return [w, { n, correct: count(w, "correct"), wrong: count(w, "wrong"), abstained: count(w, "abstained") }];
  })) as Record<Wording, { n: number; correct: number; wrong: number; abstained: number }>;
  const original = classes.original.correct;
  const ratioToOriginal = Object.fromEntries(WORDINGS.filter((w) => w !== "original").map((w) => [w, original ? Number((classes[w].correct / original).toFixed(3)) : null]));
  const byQuestion = new Map<string, string[]>();
  for (const o of outcomes) byQuestion.set(baseId(o), [...(byQuestion.get(baseId(o)) ?? []), o.manda.verdict]);
  const full = [...byQuestion.values()].filter((vs) => vs.length === WORDINGS.length);
  const agree = full.filter((vs) => new Set(vs).size === 1).length;
  return { classes, ratioToOriginal, agreement: { questions: full.length, agree, rate: full.length ? Number((agree / full.length).toFixed(3)) : null } };
}

export function printParaphrases(title: string, outcomes: Outcome[], log: (s: string) => void = console.log): void {
  const s = paraphraseSummary(outcomes);
  const pct = (a: number, n: number) => (n ? `${a} (${Math.round((100 * a) / n)}%)` : "-");
  log(`\n${title}`);
  log(`${"wording".padEnd(16)}   n   correct     wrong   refused  correct vs original`);
  for (const w of WORDINGS) {
    const c = s.classes[w];
    const ratio = w === "original" ? "" : s.ratioToOriginal[w] === null ? "-" : `${Math.round(100 * s.ratioToOriginal[w]!)}%`;
    log(`${w.padEnd(16)} ${String(c.n).padStart(3)} ${pct(c.correct, c.n).padStart(9)} ${pct(c.wrong, c.n).padStart(9)} ${pct(c.abstained, c.n).padStart(9)}  ${ratio.padStart(8)}`);
  }
  log(`agreement: ${s.agreement.agree}/${s.agreement.questions} questions get the same verdict in all four wordings${s.agreement.rate === null ? "" : ` (${Math.round(100 * s.agreement.rate)}%)`}`);
}
