/**
 * The eval runner: a fresh data dir, the demo deal generated and ingested (plus a Swedish
 * report and a FinanceBench filing in their own deals), the extraction pipeline, then every
 * case through the SAME agent entry point as the web chat and `manda ask` (runAgentTurn via
 * lib/chat/agent-adapter), scored by code.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LanguageModel, UIMessage } from "ai";
import { getConfig, setConfigForProcess } from "@/lib/config";
import { openDb, type Db } from "@/lib/db";
import { createDeal, requireDeal, type Deal } from "@/lib/db/queries/deals";
import { ensureDemoDeal, DEMO_DEAL_SLUG } from "@/scripts/demo/deal";
import { ingestFile } from "@/lib/ingest/ingest";
import { agentDeal, loadAgent, type AgentModule } from "@/lib/chat/agent-adapter";
import { getChatModelInfo } from "@/lib/models/chat";
import { runPipeline } from "@/lib/pipeline/orchestrator";
import { judgeAnswer as judge } from "./judge";
import { FINANCEBENCH_DOCS, loadCases } from "./cases";
import { SOU_FILE, financeBenchPdf } from "./corpus";
import { score } from "./scorers";
import type { CaseResult, CheckName, EvalCase, EvalDeal, TurnOutput } from "./types";

/** P7: a live run (real API) may spend at most this many tokens. */
export const LIVE_TOKEN_BUDGET = 50_000;
export const PASS_THRESHOLD = 0.9;

export interface EvalOptions {
  only?: string[];
  judge?: boolean;
  /** Keep the data dir (printed) instead of deleting it. */
  keep?: boolean;
  agent?: AgentModule;
  threshold?: number;
  out?: (line: string) => void;
  err?: (line: string) => void;
  /** Skip the extraction pipeline (faster; retrieval then works from pages only). */
  noPipeline?: boolean;
}

export interface EvalReport {
  results: CaseResult[];
  byCheck: { check: CheckName; passed: number; total: number }[];
  passed: number;
  total: number;
  rate: number;
  tokens: number;
  live: boolean;
  budgetExceeded: boolean;
  skipped: string[];
  exitCode: number;
}

interface Env {
  db: Db;
  deals: Partial<Record<EvalDeal, Deal>>;
  documents: Map<string, Map<string, { pages: number }>>;
}

async function setup(cases: EvalCase[], o: EvalOptions, dataDir: string, skipped: string[]): Promise<Env> {
  const err = o.err ?? ((l: string) => process.stderr.write(`${l}\n`));
  const db = await openDb({ memory: true });
  const deals: Env["deals"] = {};
  const t0 = Date.now();
  const need = new Set(cases.map((c) => c.deal));
  if (need.has("demo")) {
    await ensureDemoDeal({ db, dataDir });
    deals.demo = await requireDeal({ db, ref: DEMO_DEAL_SLUG });
  }
  if (need.has("sou")) {
    if (fs.existsSync(SOU_FILE)) {
      deals.sou = await createDeal({ db, slug: "eval-sou", name: "SOU 2014:67", targetCompany: "Inspektionen för socialförsäkringen" });
      await ingestFile({ db, dealId: deals.sou.id, filePath: SOU_FILE });
    } else skipped.push(`sou cases (no ${SOU_FILE})`);
  }
  if (need.has("financebench")) {
    const files = FINANCEBENCH_DOCS.map(financeBenchPdf).filter((f) => fs.existsSync(f));
    if (files.length > 0) {
      deals.financebench = await createDeal({ db, slug: "eval-financebench", name: "FinanceBench", targetCompany: "3M" });
      for (const f of files) await ingestFile({ db, dealId: deals.financebench.id, filePath: f });
    } else skipped.push("financebench cases (no PDFs)");
  }
  err(`eval: data room ready in ${((Date.now() - t0) / 1000).toFixed(1)} s (${dataDir})`);
  if (!o.noPipeline) {
    // A pipeline that fails is an eval failure, not a quiet "pages only" run.
    for (const d of Object.values(deals)) {
      const t1 = Date.now();
      await runPipeline({ db, dealId: d!.id, timeoutMs: 300_000 });
      err(`eval: pipeline for ${d!.slug} in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
    }
  }
  const documents: Env["documents"] = new Map();
  for (const [k, d] of Object.entries(deals)) {
    const { rows } = await db.query<{ filename: string; page_count: number | null }>("select filename, page_count from documents where deal_id = $1 and status = 'indexed'", [d!.id]);
    documents.set(k, new Map(rows.map((r) => [r.filename, { pages: r.page_count ?? 1 }])));
  }
  return { db, deals, documents };
}

function toTurnOutput(r: Awaited<ReturnType<AgentModule["runAgentTurn"]>>): TurnOutput {
  return {
    text: r.text,
    sources: r.sources.map((s) => ({ document: s.document, page: s.page, cell: s.cell ?? null, excerpt: s.excerpt })),
    toolCalls: r.toolCalls,
    usage: r.usage,
  };
}

async function runCase(env: Env, agent: AgentModule, c: EvalCase): Promise<CaseResult> {
  const deal = env.deals[c.deal]!;
  const t0 = Date.now();
  const messages: UIMessage[] = [];
  const outputs: TurnOutput[] = [];
  let tokens = 0;
  try {
    for (const [i, q] of c.turns.entries()) {
      messages.push({ id: `${c.id}-u${i}`, role: "user", parts: [{ type: "text", text: q }] });
      const r = await agent.runAgentTurn({ db: env.db, deal: agentDeal(deal), userId: null, conversationId: null, messages: [...messages] });
      const out = toTurnOutput(r);
      tokens += out.usage.totalTokens ?? (out.usage.inputTokens ?? 0) + (out.usage.outputTokens ?? 0);
      outputs.push(out);
      messages.push({ id: `${c.id}-a${i}`, role: "assistant", parts: [{ type: "text", text: out.text }] });
    }
  } catch (e) {
    return { id: c.id, title: c.title, intent: c.intent, question: c.turns.join(" → "), answer: "", checks: c.checks.map((k) => ({ check: k.check, pass: false, detail: "agent failed" })), usage: { totalTokens: tokens }, ms: Date.now() - t0, error: (e as Error).message };
  }
  const output = outputs.at(-1)!;
  const ctx = { output, previous: outputs.slice(0, -1), documents: env.documents.get(c.deal) ?? new Map() };
  return { id: c.id, title: c.title, intent: c.intent, question: c.turns.join(" → "), answer: output.text, checks: c.checks.map((k) => score(k, ctx)), usage: { totalTokens: tokens }, ms: Date.now() - t0 };
}

export function summarise(results: CaseResult[]): Pick<EvalReport, "byCheck" | "passed" | "total" | "rate"> {
  const by = new Map<CheckName, { passed: number; total: number }>();
  for (const r of results) {
    for (const k of r.checks) {
      const b = by.get(k.check) ?? { passed: 0, total: 0 };
      b.total++;
      if (k.pass) b.passed++;
      by.set(k.check, b);
    }
  }
  const byCheck = [...by.entries()].map(([check, v]) => ({ check, ...v })).sort((a, b) => a.check.localeCompare(b.check));
  const passed = byCheck.reduce((s, b) => s + b.passed, 0);
  const total = byCheck.reduce((s, b) => s + b.total, 0);
  return { byCheck, passed, total, rate: total ? passed / total : 0 };
}

export async function runEvals(o: EvalOptions = {}): Promise<EvalReport> {
  const out = o.out ?? ((l: string) => process.stdout.write(`${l}\n`));
  const err = o.err ?? ((l: string) => process.stderr.write(`${l}\n`));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "manda-eval-"));
  const previousDir = getConfig().MANDA_DATA_DIR;
  setConfigForProcess({ MANDA_DATA_DIR: dataDir });
  const live = getConfig().modelMode === "openai";
  const skipped: string[] = [];
  let cases = loadCases();
  if (o.only?.length) cases = cases.filter((c) => o.only!.includes(c.id));
  const env = await setup(cases, o, dataDir, skipped);
  try {
    cases = cases.filter((c) => env.deals[c.deal]);
    const agent = o.agent ?? (await loadAgent());
    const results: CaseResult[] = [];
    let judgeModel: LanguageModel | undefined;
    if (o.judge) {
      const m = getChatModelInfo();
      if (m.provider !== "local") judgeModel = m.model;
      else err("eval: --judge needs OPENAI_API_KEY or OPENAI_BASE_URL; judge skipped");
    }
    let judgeTokens = 0;
    for (const c of cases) {
      const r = await runCase(env, agent, c);
      if (judgeModel && !r.error) {
        try {
          const j = await judgeAnswer(judgeModel, c, r.answer);
          r.judge = j.verdict;
          judgeTokens += j.totalTokens;
        } catch (e) {
          err(`eval: judge failed on ${c.id}: ${(e as Error).message}`);
        }
      }
      results.push(r);
      const failed = r.checks.filter((k) => !k.pass);
      out(`${failed.length === 0 ? "PASS" : "FAIL"} ${c.id} ${c.title} (${r.ms} ms)${r.error ? ` — error: ${r.error}` : ""}${r.judge ? ` [judge: ${r.judge.verdict}]` : ""}`);
      for (const f of failed) out(`     ✗ ${f.check}: ${f.detail}`);
    }
    const s = summarise(results);
    const tokens = results.reduce((n, r) => n + r.usage.totalTokens, 0) + judgeTokens;
    const budgetExceeded = live && tokens > LIVE_TOKEN_BUDGET;
    out("");
    out("Pass rate per check:");
    for (const b of s.byCheck) out(`  ${b.check.padEnd(34)} ${String(b.passed).padStart(3)}/${String(b.total).padEnd(3)} ${((100 * b.passed) / b.total).toFixed(0).padStart(4)}%`);
    out(`Overall: ${s.passed}/${s.total} checks = ${(100 * s.rate).toFixed(1)}% over ${results.length} cases (${results.filter((r) => r.checks.every((k) => k.pass)).length} cases fully passing); threshold ${(100 * (o.threshold ?? PASS_THRESHOLD)).toFixed(0)}%`);
    if (live) out(`Tokens used: ${tokens.toLocaleString("en")} of the ${LIVE_TOKEN_BUDGET.toLocaleString("en")} budget${budgetExceeded ? " — BUDGET EXCEEDED" : ""}`);
    else out(`Tokens used: ${tokens.toLocaleString("en")} (offline model)`);
    for (const sk of skipped) out(`Skipped: ${sk}`);
    const exitCode = s.rate < (o.threshold ?? PASS_THRESHOLD) || budgetExceeded ? 1 : 0;
    return { results, ...s, tokens, live, budgetExceeded, skipped, exitCode };
  } finally {
    await env.db.close();
    setConfigForProcess({ MANDA_DATA_DIR: previousDir });
    if (!o.keep) fs.rmSync(dataDir, { recursive: true, force: true });
    else err(`eval: data kept in ${dataDir}`);
  }
}

async function judgeAnswer(model: LanguageModel, c: EvalCase, answer: string) {
  return judge({ model, c, answer });
}
