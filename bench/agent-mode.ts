/**
 * Agent Mode on multi-part analyst requests over real filings (issue 21): every request of
 * bench/data/agent-mode-requests.jsonl through Agent Mode offline (runAgentModeForDeal, the API's
 * entry point), scored item by item in code (bench/lib/agent-mode-scoring.ts): correct / wrong /
 * disclosed (said not in the data room) / missed, by item kind, and runs whose badge says
 * validated while an item is wrong or missing-but-available. Beside it, from the same run, the
 * plain chat's answer to the same request (runAgentTurn), scored the same way. Each half of the
 * set (in-sample, and each held-out batch: held-out, held-out-s7, ...) prints apart; a held-out
 * batch is run only when asked (--half held-out-s7|all).
 *
 * Deals: one per set of filings, ingested and extracted once and cached under --data-dir
 * (bench/lib/answers-deals.ts).
 *
 *   npm run bench:agent-mode [-- --half in-sample|all|<batch, e.g. held-out-s8>] [--ids am-01,am-02] [--no-chat]
 *       [--data-dir .manda-bench-agent-mode] [--fresh] [--verbose] [--json FILE]
 *       [--remote http://127.0.0.1:3490/v1]   (a model in the loop; pass --no-chat; deals are built offline first)
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { setConfigForProcess } from "@/lib/config";
import { getRequestUser } from "@/lib/auth/request";
import { agentDeal, loadAgent } from "@/lib/chat/agent-adapter";
import { runAgentModeForDeal } from "@/lib/agent/mode";
import { prepareDealGroup } from "./lib/answers-deals";
import { filesOf, groupOf, loadRequests, type AgentModeRequest } from "./lib/agent-mode-requests";
import { failsAvailable, scoreItem, type Cited, type ItemScore, type Verdict } from "./lib/agent-mode-scoring";

const { values } = parseArgs({
  options: {
    half: { type: "string" }, ids: { type: "string" }, "no-chat": { type: "boolean" }, "data-dir": { type: "string" },
    fresh: { type: "boolean" }, verbose: { type: "boolean", short: "v" }, json: { type: "string" }, remote: { type: "string" },
  },
});
/** A half of the set: "in-sample", "all", or a held-out batch ("held-out", "held-out-s7", ...). */
const HALF = values.half ?? "in-sample";
const IDS = values.ids ? new Set(values.ids.split(",").map((s) => s.trim())) : null;
const ROOT = path.resolve(values["data-dir"] ?? ".manda-bench-agent-mode");
const log = (s: string) => process.stderr.write(`${s}\n`);

// --remote URL: a Chat Completions endpoint plays the model (../shared/tools/model-in-the-loop), with the local embedder
const REMOTE = values.remote;
setConfigForProcess(REMOTE
  ? { MANDA_DATA_DIR: ROOT, MANDA_LOG_LEVEL: "error", OPENAI_API_KEY: "model-in-the-loop", OPENAI_BASE_URL: REMOTE, OPENAI_CHAT_MODEL: "emulated", MANDA_EMBEDDINGS: "local" }
  : { MANDA_DATA_DIR: ROOT, MANDA_LOG_LEVEL: "error", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

interface Answer { text: string; status: string; badge: string; ms: number; scores: ItemScore[]; cited?: Cited[]; error?: string }
interface Outcome { r: AgentModeRequest; agent: Answer; chat: Answer | null }

function score(r: AgentModeRequest, text: string, cited: Cited[]): ItemScore[] {
  return r.items.map((it) => scoreItem(text, it, cited));
}

async function runRequests(requests: AgentModeRequest[]): Promise<Outcome[]> {
  const chatAgent = values["no-chat"] ? null : await loadAgent();
  const user = await getRequestUser();
  const out: Outcome[] = [];
  const groups = [...new Set(requests.map(groupOf))];
  for (const group of groups) {
    const rs = requests.filter((r) => groupOf(r) === group);
    const g = await prepareDealGroup({ root: ROOT, group, deals: [{ slug: "deal", name: "Data room", files: filesOf(rs[0]!) }], fresh: values.fresh, log });
    const deal = g.deals.get("deal")!;
    try {
      for (const r of rs) {
        const t0 = performance.now();
        let agent: Answer;
        try {
          const res = await runAgentModeForDeal({ db: g.db, dealRef: deal.slug, user, question: r.request, returnTrace: true });
          const cited = res.citations.map((c) => ({ n: c.n, page: c.page }));
          const badge = (res as { badge?: string }).badge ?? "";
          agent = { text: res.answer, status: res.status, badge, ms: performance.now() - t0, scores: score(r, res.answer, cited), cited };
        } catch (e) {
          const error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
          log(`  CRASH (agent mode) ${r.id}: ${error}`);
          agent = { text: "", status: "failed", badge: "", ms: performance.now() - t0, scores: score(r, "", []), error };
        }
        let chat: Answer | null = null;
        if (chatAgent) {
          const t1 = performance.now();
          try {
            const res = await chatAgent.runAgentTurn({ db: g.db, deal: agentDeal(deal), userId: null, conversationId: null, messages: [{ id: `bench-${r.id}`, role: "user", parts: [{ type: "text", text: r.request }] }] });
            chat = { text: res.text, status: "chat", badge: "", ms: performance.now() - t1, scores: score(r, res.text, []) };
          } catch (e) {
            const error = e instanceof Error ? e.message : String(e);
            chat = { text: "", status: "failed", badge: "", ms: performance.now() - t1, scores: score(r, "", []), error };
          }
        }
        out.push({ r, agent, chat });
        const line = (a: Answer) => `${a.scores.filter((s) => s.verdict === "correct").length}/${a.scores.length} correct, ${a.scores.filter((s) => s.verdict === "wrong").length} wrong`;
        log(`  ${r.id} (${r.half}) agent mode: ${line(agent)} [${agent.status}] ${(agent.ms / 1000).toFixed(1)} s${chat ? ` · chat: ${line(chat)}` : ""}`);
        if (values.verbose) {
          console.log(`\n### ${r.id} ${r.request}\n--- agent mode (${agent.status}${agent.badge ? `: ${agent.badge}` : ""})\n${agent.text}`);
          for (const s of agent.scores) console.log(`  ${s.verdict.padEnd(9)} ${s.item.id} ${s.item.kind} ${s.item.asks.concept} ${s.item.asks.period ?? ""} — ${s.why}`);
          if (chat) for (const s of chat.scores) console.log(`  chat ${s.verdict.padEnd(9)} ${s.item.id} — ${s.why}`);
        }
      }
    } finally {
      await g.db.close();
    }
  }
  return out;
}

const VERDICTS: Verdict[] = ["correct", "wrong", "disclosed", "missed"];

function tally(scores: ItemScore[]) {
  const n = scores.length;
  const c = Object.fromEntries(VERDICTS.map((v) => [v, scores.filter((s) => s.verdict === v).length])) as Record<Verdict, number>;
  return { n, ...c, correctRate: n ? +(c.correct / n).toFixed(3) : null, wrongRate: n ? +(c.wrong / n).toFixed(3) : null };
}

function summarise(label: string, outs: Outcome[]) {
  const agent = outs.flatMap((o) => o.agent.scores);
  const chat = outs.flatMap((o) => o.chat?.scores ?? []);
  const validated = outs.filter((o) => o.agent.status === "validated");
  const validatedWrong = validated.filter((o) => o.agent.scores.some(failsAvailable));
  const kinds = [...new Set(agent.map((s) => s.item.kind))];
  const pct = (x: number | null) => (x === null ? "-" : `${(x * 100).toFixed(1)}%`);
  const row = (name: string, t: ReturnType<typeof tally>) => `${name.padEnd(22)} ${String(t.n).padStart(4)} ${String(t.correct).padStart(8)} ${String(t.wrong).padStart(6)} ${String(t.disclosed).padStart(10)} ${String(t.missed).padStart(7)}   ${pct(t.correctRate).padStart(6)} ${pct(t.wrongRate).padStart(6)}`;
  console.log(`\n== ${label}: ${outs.length} requests, ${agent.length} items`);
  console.log(`${"".padEnd(22)} ${"n".padStart(4)} ${"correct".padStart(8)} ${"wrong".padStart(6)} ${"disclosed".padStart(10)} ${"missed".padStart(7)}   ${"corr%".padStart(6)} ${"wrong%".padStart(6)}`);
  console.log(row("Agent Mode", tally(agent)));
  if (chat.length) console.log(row("chat (same run)", tally(chat)));
  for (const k of kinds) {
    console.log(row(`  AM ${k}`, tally(agent.filter((s) => s.item.kind === k))));
    if (chat.length) console.log(row(`  chat ${k}`, tally(chat.filter((s) => s.item.kind === k))));
  }
  console.log(`Agent Mode runs validated: ${validated.length}/${outs.length}; validated with a wrong or missing-but-available item: ${validatedWrong.length}${validatedWrong.length ? ` (${validatedWrong.map((o) => o.r.id).join(", ")})` : ""}; crashes: ${outs.filter((o) => o.agent.error).length}`);
  const ms = outs.map((o) => o.agent.ms).sort((a, b) => a - b);
  console.log(`Agent Mode time per request: p50 ${((ms[Math.floor(ms.length / 2)] ?? 0) / 1000).toFixed(1)} s, max ${((ms.at(-1) ?? 0) / 1000).toFixed(1)} s`);
  return { requests: outs.length, agentMode: tally(agent), chat: chat.length ? tally(chat) : null, byKind: Object.fromEntries(kinds.map((k) => [k, tally(agent.filter((s) => s.item.kind === k))])), validated: validated.length, validatedWrong: validatedWrong.length };
}

async function main() {
  const t0 = Date.now();
  const requests = loadRequests();
  const halves = [...new Set(requests.map((r) => r.half))];
  if (HALF !== "all" && !halves.includes(HALF)) throw new Error(`--half is all or one of ${halves.join(", ")}`);
  const all = requests.filter((r) => (HALF === "all" || r.half === HALF) && (!IDS || IDS.has(r.id)));
  if (!all.length) throw new Error("no request selected");
  const outs = await runRequests(all);
  const summary: Record<string, unknown> = { seconds: Math.round((Date.now() - t0) / 1000) };
  for (const half of halves) {
    const h = outs.filter((o) => o.r.half === half);
    if (h.length) summary[half] = summarise(half, h);
  }
  console.log(`SUMMARY ${JSON.stringify(summary)}`);
  if (values.json) {
    fs.mkdirSync(path.dirname(path.resolve(values.json)), { recursive: true });
    fs.writeFileSync(values.json, JSON.stringify({ summary, outcomes: outs.map((o) => ({ id: o.r.id, half: o.r.half, agent: { ...o.agent, scores: o.agent.scores.map((s) => ({ id: s.item.id, verdict: s.verdict, why: s.why })) }, chat: o.chat && { ...o.chat, scores: o.chat.scores.map((s) => ({ id: s.item.id, verdict: s.verdict, why: s.why })) } })) }, null, 2));
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
