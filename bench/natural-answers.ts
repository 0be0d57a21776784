/**
 * Scores answers written outside bench/answers.ts on the natural check set: a model-in-the-loop
 * run of the remote path (../shared/tools/model-in-the-loop), where whoever plays the model
 * records each item's final answer and sources in a JSONL file ({id, answer, sources}). Scored by
 * the same code as the offline bench (bench/lib/natural-scoring.ts) and printed by type, ids and
 * verdicts only (the set is a check set).
 *
 *   npx tsx bench/natural-answers.ts <answers.jsonl> [--natural-file FILE] [--label "remote path, model in the loop"]
 *
 * --natural-file FILE scores against another batch in the natural format (e.g.
 * bench/data/own-natural-r11.jsonl) instead of the check set.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadNatural } from "./lib/natural-questions";
import { printNatural, naturalSummary, type NaturalOutcome } from "./lib/natural-report";
import { citesNaturalPage, scoreNatural } from "./lib/natural-scoring";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { label: { type: "string" }, "natural-file": { type: "string" } } });
const file = positionals[0];
if (!file) throw new Error("usage: npx tsx bench/natural-answers.ts <answers.jsonl> [--natural-file FILE] [--label …]");
const batch = values["natural-file"] ? path.resolve(values["natural-file"]) : undefined;
const set = loadNatural(batch);
const setName = batch ? path.basename(batch) : "natural check set";

interface Answer { id: string; answer: string; sources?: Array<{ document: string; page: number }> }
const answers = new Map<string, Answer>(fs.readFileSync(file, "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l) as Answer).map((a) => [a.id, a]));
const items = set.filter((it) => answers.has(it.id));
const outcomes: NaturalOutcome[] = items.map((item) => {
  const a = answers.get(item.id)!;
  const s = scoreNatural(item, a.answer);
  return { item, setting: "per-company", verdict: s.verdict, why: s.why, citedGold: citesNaturalPage(a.sources ?? [], item.pages), citesOtherCompany: false, ms: 0 };
});
printNatural(`${values.label ?? "answers"} · ${setName} · ${outcomes.length} of ${set.length} items`, outcomes);
for (const o of outcomes) console.log(`  ${o.item.id} ${o.item.type} ${o.verdict}`);
const { latencyMs: _latency, ...summary } = naturalSummary(outcomes);
console.log(`SUMMARY ${JSON.stringify(summary)}`);
