/**
 * Chat latency on the demo deal with the offline model: time to first token and to the full
 * answer (p50/p95 over the eval questions), the share of the turn spent in tool execution
 * (retrieval), beside a baseline in the same run: a plain searchPages call for the same
 * question. Targets: first token ≤ 300 ms p95, full answer ≤ 1.5 s p95.
 *
 *   npm run bench:chat [-- --reps 3]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { setConfigForProcess } from "@/lib/config";
import { openDb } from "@/lib/db";
import { requireDeal } from "@/lib/db/queries/deals";
import { ensureDemoDeal, DEMO_DEAL_SLUG } from "@/scripts/demo/deal";
import { searchPages } from "@/lib/search/search";
import { agentDeal, loadAgent } from "@/lib/chat/agent-adapter";
import { loadCases } from "@/evals/cases";

const { values } = parseArgs({ options: { reps: { type: "string", default: "3" }, "no-pipeline": { type: "boolean" } } });
const reps = Math.max(1, Number(values.reps));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "manda-bench-chat-"));
setConfigForProcess({ MANDA_DATA_DIR: dataDir, MANDA_LOG_LEVEL: "error", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? NaN;
};
const fmt = (ms: number) => `${ms.toFixed(0).padStart(6)} ms`;

const db = await openDb({ memory: true });
try {
  const t0 = performance.now();
  await ensureDemoDeal({ db, dataDir });
  const deal = await requireDeal({ db, ref: DEMO_DEAL_SLUG });
  process.stderr.write(`demo deal ingested in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  if (!values["no-pipeline"]) {
    try {
      const { runPipeline } = await import("@/lib/pipeline/orchestrator");
      const t1 = performance.now();
      await runPipeline({ db, dealId: deal.id, timeoutMs: 300_000 });
      process.stderr.write(`pipeline in ${((performance.now() - t1) / 1000).toFixed(1)} s\n`);
    } catch (e) {
      process.stderr.write(`pipeline unavailable (${(e as Error).message}); pages only\n`);
    }
  }
  const agent = await loadAgent();
  const questions = [...new Set(loadCases().filter((c) => c.deal === "demo" && c.turns.length === 1).map((c) => c.turns[0]!))];

  const first: number[] = [];
  const full: number[] = [];
  const toolShare: number[] = [];
  const toolMs: number[] = [];
  const baseline: number[] = [];
  // Warm-up (module loading, first queries) is not measured.
  for (const q of questions.slice(0, 2)) {
    const s = await agent.createAgentStream({ db, deal: agentDeal(deal), userId: null, conversationId: null, messages: [{ id: "w", role: "user", parts: [{ type: "text", text: q }] }] });
    await s.consumeStream();
    await searchPages({ db, dealId: deal.id, query: q, k: 10 });
  }
  for (let r = 0; r < reps; r++) {
    for (const q of questions) {
      const b0 = performance.now();
      await searchPages({ db, dealId: deal.id, query: q, k: 10 });
      baseline.push(performance.now() - b0);

      const start = performance.now();
      const s = await agent.createAgentStream({ db, deal: agentDeal(deal), userId: null, conversationId: null, messages: [{ id: `b${r}`, role: "user", parts: [{ type: "text", text: q }] }] });
      let firstToken: number | undefined;
      const callStart = new Map<string, number>();
      const intervals: Array<[number, number]> = [];
      for await (const part of s.fullStream) {
        const now = performance.now();
        if (part.type === "text-delta" && firstToken === undefined) firstToken = now - start;
        if (part.type === "tool-call") callStart.set(part.toolCallId, now);
        if ((part.type === "tool-result" || part.type === "tool-error") && callStart.has(part.toolCallId)) intervals.push([callStart.get(part.toolCallId)!, now]);
      }
      // Tools of one step run concurrently: count wall time covered by any tool (union of intervals).
      intervals.sort((a, b) => a[0] - b[0]);
      let inTools = 0;
      let end = -Infinity;
      for (const [a, b] of intervals) {
        if (b <= end) continue;
        inTools += b - Math.max(a, end);
        end = b;
      }
      const total = performance.now() - start;
      first.push(firstToken ?? total);
      full.push(total);
      toolMs.push(inTools);
      toolShare.push(total > 0 ? inTools / total : 0);
    }
  }
  const n = first.length;
  process.stdout.write(`\nChat latency, offline model, demo deal: ${questions.length} questions × ${reps} = ${n} turns\n`);
  process.stdout.write(`                          p50        p95     target\n`);
  process.stdout.write(`first token          ${fmt(quantile(first, 0.5))}  ${fmt(quantile(first, 0.95))}   ≤ 300 ms  ${quantile(first, 0.95) <= 300 ? "OK" : "MISSED"}\n`);
  process.stdout.write(`full answer          ${fmt(quantile(full, 0.5))}  ${fmt(quantile(full, 0.95))}   ≤ 1500 ms ${quantile(full, 0.95) <= 1500 ? "OK" : "MISSED"}\n`);
  process.stdout.write(`tool execution       ${fmt(quantile(toolMs, 0.5))}  ${fmt(quantile(toolMs, 0.95))}\n`);
  process.stdout.write(`baseline searchPages ${fmt(quantile(baseline, 0.5))}  ${fmt(quantile(baseline, 0.95))}   (one plain hybrid search, same question)\n`);
  const share = toolMs.reduce((a, b) => a + b, 0) / full.reduce((a, b) => a + b, 0);
  process.stdout.write(`retrieval share of the turn: ${(100 * share).toFixed(0)}% overall (median per turn ${(100 * quantile(toolShare, 0.5)).toFixed(0)}%)\n`);
  process.stdout.write(`full answer p50 / baseline search p50: ${(quantile(full, 0.5) / quantile(baseline, 0.5)).toFixed(1)}×\n`);
} finally {
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
