/**
 * Page retrieval quality on FinanceBench dev: recall@1/5/10 of the evidence page, Manda's
 * hybrid search vs a plain Okapi BM25 page baseline computed in the same run over the same
 * page texts. Two settings: single (search restricted to the question's filing) and shared
 * (all filings pooled in one deal).
 *
 *   npm run bench:retrieval [-- --verbose] [--data-dir .manda-bench] [--only single|shared] [--set rrfK=30,vectorWeight=0.3] [--reindex]
 *
 * --reindex rebuilds the cached corpus's terms and page features (language, sections) from its
 * stored chunks and pages, without re-parsing or re-embedding: for trying tokeniser or section
 * changes before bumping SEARCH_INDEX_VERSION.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { RANKING, searchPages } from "@/lib/search/search";
import { upgradeDealSearchIndex } from "@/lib/search/upgrade";
import { Bm25Index, type BaselinePage } from "./lib/bm25";
import { loadQuestions, openBenchCorpus, type Question } from "./lib/corpus";
import { halfOf, TYPE_GROUPS, type Half } from "./lib/question-split";

const { values } = parseArgs({
  options: { verbose: { type: "boolean", short: "v" }, "data-dir": { type: "string" }, only: { type: "string" }, set: { type: "string" }, reindex: { type: "boolean" } },
});
// Ranking knobs can be tried without editing code: --set name=value,…
for (const kv of (values.set ?? "").split(",").filter(Boolean)) {
  const [k, v] = kv.split("=");
  if (!(k in RANKING)) throw new Error(`unknown ranking knob ${k}; known: ${Object.keys(RANKING).join(", ")}`);
  (RANKING as Record<string, number>)[k] = Number(v);
}
const KS = [1, 5, 10] as const;

interface Outcome {
  q: Question;
  rank: number | null; // 1-based rank of the first evidence page, null if not in top 10
  top: string[];
}

function recall(outcomes: Outcome[]): Record<string, number> {
  return Object.fromEntries(KS.map((k) => [`r@${k}`, outcomes.filter((o) => o.rank !== null && o.rank <= k).length / Math.max(1, outcomes.length)]));
}

/** r@5 by question type, over all questions and each company half (in-sample / held-out). */
function byType(outcomes: Outcome[], half: (q: Question) => Half): Record<string, Record<string, { n: number; r5: number }>> {
  const cell = (os: Outcome[]) => ({ n: os.length, r5: Number(recall(os)["r@5"].toFixed(3)) });
  return Object.fromEntries(
    TYPE_GROUPS.map(([name, test]) => {
      const os = outcomes.filter((o) => test(o.q));
      return [name, { all: cell(os), "in-sample": cell(os.filter((o) => half(o.q) === "in-sample")), "held-out": cell(os.filter((o) => half(o.q) === "held-out")) }];
    }),
  );
}

function printByType(setting: string, system: string, table: ReturnType<typeof byType>) {
  const c = (x: { n: number; r5: number }) => `${x.r5.toFixed(3)} (${String(x.n).padStart(2)})`.padEnd(13);
  for (const [name, row] of Object.entries(table)) {
    console.log(`${setting.padEnd(8)} ${system.padEnd(6)} ${name.padEnd(18)} ${c(row.all)} ${c(row["in-sample"])} ${c(row["held-out"])}`);
  }
}

async function main() {
  const dataDir = path.resolve(values["data-dir"] ?? ".manda-bench");
  const questions = loadQuestions();
  const half = halfOf(questions);
  const t0 = Date.now();
  const { db, dealId } = await openBenchCorpus({ dataDir });
  const ingestSeconds = (Date.now() - t0) / 1000;
  if (values.reindex) {
    const t1 = Date.now();
    const n = await upgradeDealSearchIndex(db, dealId);
    console.error(`  re-indexed ${n} chunks' terms and page features in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
  }
  const docs = (await db.query<{ id: string; filename: string }>("select id, filename from documents where deal_id = $1", [dealId])).rows;
  const docByName = new Map(docs.map((d) => [d.filename.replace(/\.pdf$/i, ""), d]));
  const pages = (await db.query<BaselinePage & { document_id: string; page_number: number }>(
    "select document_id, page_number, text from document_pages where deal_id = $1 order by document_id, page_number", [dealId],
  )).rows.map((r) => ({ documentId: r.document_id, page: r.page_number, text: r.text }));
  const baseline = new Bm25Index(pages);
  const nameOf = new Map(docs.map((d) => [d.id, d.filename.replace(/\.pdf$/i, "")]));

  const settings = (["single", "shared"] as const).filter((s) => !values.only || values.only === s);
  const results: Record<string, { manda: Outcome[]; baseline: Outcome[]; ms: number[] }> = {};
  for (const setting of settings) {
    const r = (results[setting] = { manda: [] as Outcome[], baseline: [] as Outcome[], ms: [] as number[] });
    for (const q of questions) {
      const doc = docByName.get(q.docName);
      if (!doc) throw new Error(`document ${q.docName} missing from the bench corpus`);
      const restrict = setting === "single" ? [doc.id] : undefined;
      const isGold = (documentId: string, page: number) => documentId === doc.id && q.evidencePages.includes(page);
      const t = performance.now();
      const hits = await searchPages({ db, dealId, query: q.question, k: 10, documentIds: restrict });
      r.ms.push(performance.now() - t);
      const rank = hits.findIndex((h) => isGold(h.documentId, h.page));
      r.manda.push({ q, rank: rank >= 0 ? rank + 1 : null, top: hits.slice(0, 5).map((h) => `${nameOf.get(h.documentId)}:${h.page}`) });
      const base = baseline.search(q.question, 10, restrict ? new Set(restrict) : undefined);
      const brank = base.findIndex((h) => isGold(h.documentId, h.page));
      r.baseline.push({ q, rank: brank >= 0 ? brank + 1 : null, top: base.slice(0, 5).map((h) => `${nameOf.get(h.documentId)}:${h.page}`) });
    }
  }
  await db.close();

  const fmt = (x: number) => x.toFixed(3);
  const summary: Record<string, unknown> = { questions: questions.length, documents: docs.length, pages: pages.length, ingestSeconds: Math.round(ingestSeconds) };
  console.log(`\nFinanceBench dev page retrieval: ${questions.length} questions, ${docs.length} filings, ${pages.length} pages`);
  console.log("setting  system         r@1    r@5    r@10   mean ms");
  for (const setting of settings) {
    const r = results[setting];
    const m = recall(r.manda);
    const b = recall(r.baseline);
    const ms = r.ms.reduce((s, x) => s + x, 0) / r.ms.length;
    console.log(`${setting.padEnd(8)} manda          ${KS.map((k) => fmt(m[`r@${k}`])).join("  ")}  ${ms.toFixed(1)}`);
    console.log(`${setting.padEnd(8)} bm25 baseline  ${KS.map((k) => fmt(b[`r@${k}`])).join("  ")}`);
    const ratio = b["r@5"] > 0 ? m["r@5"] / b["r@5"] : Infinity;
    console.log(`${setting.padEnd(8)} ratio r@5 manda/baseline = ${Number.isFinite(ratio) ? ratio.toFixed(2) : "inf"}x`);
    summary[setting] = { manda: m, baseline: b, byType: byType(r.manda, half), baselineByType: byType(r.baseline, half), ratioAt5: Number.isFinite(ratio) ? Number(ratio.toFixed(2)) : null, meanMs: Number(ms.toFixed(1)) };
    if (values.verbose) {
      console.log(`\n  ${setting}: questions not found in the top 5`);
      for (const o of r.manda.filter((x) => x.rank === null || x.rank > 5)) {
        console.log(`  - [${o.q.questionType.slice(0, 6)} ${half(o.q)}] ${o.q.docName} gold ${o.q.evidencePages.join(",")} rank ${o.rank ?? "-"} | ${o.q.question.slice(0, 110)}`);
        console.log(`      top: ${o.top.join(" ")}`);
      }
      console.log("");
    }
  }
  console.log("\nr@5 by question type (n); companies alternate alphabetically between in-sample (tuned on) and held-out");
  console.log("setting  system type               all           in-sample     held-out");
  for (const setting of settings) {
    printByType(setting, "manda", byType(results[setting].manda, half));
    printByType(setting, "bm25", byType(results[setting].baseline, half));
  }
  console.log(`SUMMARY ${JSON.stringify(summary)}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
