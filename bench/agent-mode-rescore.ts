/**
 * Rescore a saved bench:agent-mode run (--json FILE) with the current scorer and gold, without
 * running Agent Mode again: `npx tsx bench/agent-mode-rescore.ts FILE`. Needs a run saved with its
 * citations (narrative items are scored by the pages cited).
 */
import fs from "node:fs";
import { loadRequests } from "./lib/agent-mode-requests";
import { failsAvailable, scoreItem, type Cited } from "./lib/agent-mode-scoring";

const file = process.argv[2];
if (!file) throw new Error("usage: agent-mode-rescore.ts FILE");
const run = JSON.parse(fs.readFileSync(file, "utf8")) as { outcomes: Array<{ id: string; agent: { text: string; status: string; cited?: Cited[] } }> };
const byId = new Map(loadRequests().map((r) => [r.id, r]));
const t = { n: 0, correct: 0, wrong: 0, disclosed: 0, missed: 0 };
let validated = 0;
const validatedWrong: string[] = [];
for (const o of run.outcomes) {
  const r = byId.get(o.id);
  if (!r) continue;
  const scores = r.items.map((it) => scoreItem(o.agent.text, it, o.agent.cited ?? []));
  for (const s of scores) {
    t.n++;
    t[s.verdict]++;
    if (s.verdict !== "correct") console.log(`${s.verdict.padEnd(9)} ${s.item.id} ${s.item.asks.concept} — ${s.why}`);
  }
  if (o.agent.status === "validated") {
    validated++;
    if (scores.some(failsAvailable)) validatedWrong.push(o.id);
  }
}
console.log(`items ${t.n}: correct ${t.correct} (${((t.correct / t.n) * 100).toFixed(1)}%), wrong ${t.wrong}, disclosed ${t.disclosed}, missed ${t.missed}; validated ${validated}/${run.outcomes.length}, validated-but-wrong ${validatedWrong.length} ${validatedWrong.join(", ")}`);
