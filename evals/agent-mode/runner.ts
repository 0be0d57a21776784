/**
 * Agent Mode evals: a fresh in-memory database with the demo deal and the FinanceBench 3M 2018
 * 10-K (when ../shared/corpus is present; a case with `statements` gets a deal whose filing also went
 * through the findings extraction, so compute_metric has its statement lines), every case through runAgentModeForDeal (the same
 * entry point as the API), scored by code. `npm run eval -- --agent-mode` or
 * `npx tsx evals/agent-mode/run.ts [--only AM-001] [--json]`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setConfigForProcess, getConfig } from "@/lib/config";
import { openDb, type Db } from "@/lib/db";
import { createDeal, requireDeal } from "@/lib/db/queries/deals";
import { ensureDemoDeal, DEMO_DEAL_SLUG } from "@/scripts/demo/deal";
import { ingestFile } from "@/lib/ingest/ingest";
import { runExtraction } from "@/lib/extraction/run";
import { getRequestUser } from "@/lib/auth/request";
import { runAgentModeForDeal } from "@/lib/agent/mode";
import { financeBenchPdf } from "../corpus";
import { AGENT_MODE_CASES, type AgentEvalDeal } from "./cases";
import { scoreAgentCheck, type AgentCheckResult } from "./scorers";

export interface AgentEvalResult {
  id: string;
  title: string;
  checks: AgentCheckResult[];
  answer: string;
  stats?: unknown;
  ms: number;
  error?: string;
}

export async function runAgentModeEvals(o: { only?: string[]; out?: (l: string) => void; threshold?: number } = {}): Promise<{ results: AgentEvalResult[]; passed: number; total: number; rate: number; skipped: string[]; exitCode: number }> {
  const out = o.out ?? ((l: string) => process.stdout.write(`${l}\n`));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "manda-agent-eval-"));
  const prev = getConfig().MANDA_DATA_DIR;
  setConfigForProcess({ MANDA_DATA_DIR: dataDir });
  const db: Db = await openDb({ memory: true });
  const skipped: string[] = [];
  const deals: Partial<Record<string, { id: string; slug: string }>> = {};
  const dealKey = (c: { deal: AgentEvalDeal; filing?: string; statements?: boolean }) => (c.deal === "financebench" ? `financebench:${c.filing ?? "3M_2018_10K"}${c.statements ? ":statements" : ""}` : c.deal);
  try {
    const cases = AGENT_MODE_CASES.filter((c) => !o.only?.length || o.only.includes(c.id));
    if (cases.some((c) => c.deal === "demo")) {
      await ensureDemoDeal({ db, dataDir });
      deals.demo = await requireDeal({ db, ref: DEMO_DEAL_SLUG });
    }
    for (const key of [...new Set(cases.filter((c) => c.deal === "financebench").map(dealKey))]) {
      const [, filing, statements] = key.split(":") as [string, string, string | undefined];
      if (!statements && deals[`financebench:${filing}:statements`]) {
        deals[key] = deals[`financebench:${filing}:statements`];
        continue;
      }
      const pdf = financeBenchPdf(filing);
      if (fs.existsSync(pdf)) {
        const deal = await createDeal({ db, slug: `agent-eval-${filing.toLowerCase().replace(/_/g, "-")}${statements ? "-statements" : ""}`, name: `FinanceBench ${filing}`, targetCompany: filing.split("_")[0]! });
        const r = await ingestFile({ db, dealId: deal.id, filePath: pdf });
        // Agent Mode answers on the chat's evidence tools, which read the filing's extracted statement lines and tables
        // (a deal's pipeline extracts them after every upload); `statements` is kept for cases that name it
        if (r.documentId) await runExtraction(db, { dealId: deal.id, documentId: r.documentId, kind: "findings", mode: "rules" });
        deals[key] = deal;
      } else skipped.push(`financebench cases on ${filing} (no ${pdf})`);
    }
    const user = await getRequestUser();
    const results: AgentEvalResult[] = [];
    for (const c of cases) {
      const deal = deals[dealKey(c)];
      if (!deal) continue;
      const t0 = Date.now();
      try {
        const r = await runAgentModeForDeal({ db, dealRef: deal.slug, user, question: c.question, returnTrace: true });
        const checks = [];
        for (const k of c.checks) checks.push(await scoreAgentCheck(k, r, { db, dealId: deal.id }));
        results.push({ id: c.id, title: c.title, checks, answer: r.answer, stats: r.stats, ms: Date.now() - t0 });
      } catch (e) {
        results.push({ id: c.id, title: c.title, checks: c.checks.map((k) => ({ check: k.check, pass: false, detail: "run failed" })), answer: "", ms: Date.now() - t0, error: (e as Error).message });
      }
      const r = results.at(-1)!;
      out(`${r.checks.every((k) => k.pass) ? "PASS" : "FAIL"} ${r.id} ${r.title} (${r.ms} ms)`);
      for (const k of r.checks.filter((x) => !x.pass)) out(`     ✕ ${k.check}: ${k.detail}`);
      if (r.error) out(`     error: ${r.error}`);
    }
    const all = results.flatMap((r) => r.checks);
    const passed = all.filter((k) => k.pass).length;
    const rate = all.length ? passed / all.length : 0;
    out(`agent mode: ${passed}/${all.length} checks (${(rate * 100).toFixed(1)}%)${skipped.length ? `; skipped ${skipped.join(", ")}` : ""}`);
    return { results, passed, total: all.length, rate, skipped, exitCode: rate >= (o.threshold ?? 0.9) ? 0 : 1 };
  } finally {
    await db.close();
    setConfigForProcess({ MANDA_DATA_DIR: prev });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
