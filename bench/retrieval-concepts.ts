/**
 * Concept-query retrieval on FinanceBench dev: the short queries a model sends search_documents ("capital
 * expenditure 2018"), one per labelled filing × line item (bench/data/financebench-labels.json: revenue,
 * net income, operating cash flow, capex of 10 dev filings, with the page that prints each). The query is the
 * concept catalog's own label and the latest labelled year, searched in that filing; the rank of the labelled
 * page is the measure (r@1, r@3, r@5). Uses the corpus cached by bench:retrieval.
 *
 *   npm run bench:retrieval-concepts [-- --data-dir .manda-bench] [--set rowLabelBoost=0.3]
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { conceptById } from "@/lib/agent/concepts/catalog";
import { RANKING, searchPages } from "@/lib/search/search";
import { openBenchCorpus } from "./lib/corpus";

const { values } = parseArgs({ options: { "data-dir": { type: "string" }, set: { type: "string" }, verbose: { type: "boolean", short: "v" } } });
for (const kv of (values.set ?? "").split(",").filter(Boolean)) {
  const [k, v] = kv.split("=");
  if (!(k in RANKING)) throw new Error(`unknown ranking knob ${k}`);
  (RANKING as Record<string, number>)[k] = Number(v);
}
type Label = { metric: string; period: string; value: number; page: number };
const LABELS = (JSON.parse(fs.readFileSync(path.resolve("bench/data/financebench-labels.json"), "utf8")) as { documents: Record<string, Label[]> }).documents;

async function main() {
  const { db, dealId } = await openBenchCorpus({ dataDir: path.resolve(values["data-dir"] ?? ".manda-bench") });
  const docs = new Map((await db.query<{ id: string; filename: string }>("select id, filename from documents where deal_id = $1", [dealId])).rows.map((d) => [d.filename, d.id]));
  const ranks: number[] = [];
  for (const [file, labels] of Object.entries(LABELS)) {
    for (const metric of [...new Set(labels.map((l) => l.metric))]) {
      const latest = labels.filter((l) => l.metric === metric).sort((a, b) => b.period.localeCompare(a.period))[0]!;
      const query = `${conceptById(metric)?.label ?? metric} ${latest.period.replace(/^FY/, "")}`;
      const hits = await searchPages({ db, dealId, query, k: 10, documentIds: [docs.get(file)!] });
      const rank = hits.findIndex((h) => h.page === latest.page) + 1 || 99;
      ranks.push(rank);
      if (values.verbose) console.log(`${file.padEnd(24)} ${query.padEnd(34)} gold p.${latest.page} rank ${rank === 99 ? "-" : rank} | top ${hits.slice(0, 5).map((h) => h.page).join(" ")}`);
    }
  }
  await db.close();
  const at = (k: number) => (ranks.filter((r) => r <= k).length / ranks.length).toFixed(3);
  console.log(`concept queries: ${ranks.length}; r@1 ${at(1)}  r@3 ${at(3)}  r@5 ${at(5)}  r@10 ${at(10)}`);
}

main().catch((e) => { console.error(e); process.exit(1); });
