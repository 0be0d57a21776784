/**
 * False discrepancies on real multi-year series: one deal per company holding its filings of
 * several years (../shared/corpus: filings-unlabelled Apple, Oracle, eBay, PG&E; financebench-dev
 * companies with two or more filings), ingested and run through the pipeline, then:
 *  - CONTRADICTS relations the graph stored, each with both sides (document, page, label, period,
 *    period type, scope, value). Among one company's SEC filings a contradiction is almost always
 *    false (a later filing's different figure is a restatement: SUPERSEDES), so they are printed as
 *    "false discrepancies", for inspection;
 *  - SUPERSEDES between findings beside them (restated in a later filing);
 *  - the old rule on the same findings (`planRelations(input, { rule: "legacy" })`: no scope or
 *    period-type test), as the baseline of the same run;
 *  - conflict notes the knowledge layer reports (scanConflicts) for each metric key the deal has.
 *
 * Usage: npm run bench:discrepancies -- [--companies apple,oracle] [--data-dir ../cache-discrepancies] [--fresh] [--list 40]
 * Building a deal is heavy (ingest + extraction of every filing); each company is its own cached group.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { setConfigForProcess } from "@/lib/config";
import { dealMetricKeys, findingRelations, findingScopeCoverage, type FindingRelation, type RelationSide } from "@/lib/db/queries/finding-relations";
import { loadPlanInput } from "@/lib/graph/detect/load";
import { planRelations } from "@/lib/graph/detect/plan";
import { prepareDealGroup } from "./lib/answers-deals";

const { values } = parseArgs({
  options: {
    companies: { type: "string" },
    "data-dir": { type: "string" },
    fresh: { type: "boolean", default: false },
    list: { type: "string", default: "40" },
  },
});

const CORPUS = path.resolve(process.cwd(), "../shared/corpus");
const ROOT = path.resolve(values["data-dir"] ?? path.resolve(process.cwd(), "../cache-discrepancies"));
const LIST = Number(values.list);
const log = (s: string) => process.stderr.write(`${s}\n`);

setConfigForProcess({ MANDA_DATA_DIR: ROOT, MANDA_LOG_LEVEL: "error", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

/** The company a filing's name gives ("PG_E_2019_10K.pdf" → "PG_E", "Pfizer_2023Q2_10Q.pdf" → "PFIZER"). */
function companyOf(file: string): string {
  return (/^(.*?)_(?:\d{4}|8K)/.exec(path.basename(file))?.[1] ?? path.basename(file)).toUpperCase();
}

/** Every company with filings of two or more periods, in the order the longest series first. */
function series(): Map<string, string[]> {
  const byCompany = new Map<string, string[]>();
  for (const corpus of ["filings-unlabelled", "financebench-dev"]) {
    const dir = path.join(CORPUS, corpus, "pdfs");
    for (const f of fs.readdirSync(dir).filter((x) => x.toLowerCase().endsWith(".pdf")).sort()) {
      const c = companyOf(f);
      byCompany.set(c, [...(byCompany.get(c) ?? []), path.join(dir, f)]);
    }
  }
  return new Map([...byCompany].filter(([, files]) => files.length >= 2));
}

const DEFAULT = ["APPLE", "ORACLE"];

function sideText(s: RelationSide): string {
  const scope = s.scope ? `${s.scope}${s.scopeName ? `:${s.scopeName}` : ""}` : "scope?";
  return `${s.document} p.${s.page} "${s.metric}" ${s.period ?? "-"} (${s.periodType ?? "type?"}${s.periodEnd ? ` to ${s.periodEnd}` : ""}) [${scope}] ${s.value}`;
}

function printRelations(title: string, list: FindingRelation[]) {
  console.log(`  ${title}: ${list.length}`);
  for (const r of list.slice(0, LIST)) console.log(`    - ${r.from.metricKey}: ${sideText(r.from)}\n      vs ${sideText(r.to)}`);
  if (list.length > LIST) console.log(`    … ${list.length - LIST} more`);
}

async function main() {
  const all = series();
  const wanted = (values.companies ? values.companies.split(",") : DEFAULT).map((c) => c.trim().toUpperCase().replace(/&/g, "_")).filter(Boolean);
  const rows: Array<{ company: string; filings: number; legacy: number; after: number; supersedes: number; notes: number; legacyNotes: number; scope: string; type: string }> = [];
  for (const company of wanted) {
    const files = all.get(company);
    if (!files) throw new Error(`no series of ${company} (have: ${[...all.keys()].join(", ")})`);
    log(`${company}: ${files.length} filings`);
    const g = await prepareDealGroup({ root: ROOT, group: `disc-${company.toLowerCase()}`, deals: [{ slug: "deal", name: "Data room", files }], fresh: values.fresh, log });
    try {
      const deal = g.deals.get("deal")!;
      const db = g.db;
      const contradicts = await findingRelations({ db, dealId: deal.id, type: "CONTRADICTS" });
      const supersedes = await findingRelations({ db, dealId: deal.id, type: "SUPERSEDES" });
      const input = await loadPlanInput({ db, dealId: deal.id });
      const legacy = planRelations(input, { rule: "legacy" }).relations.filter((r) => r.type === "CONTRADICTS" && r.fromKind === "finding").length;
      const coverage = await findingScopeCoverage({ db, dealId: deal.id });
      // the knowledge layer's conflict notes, metric key by metric key
      const { scanConflicts } = await import("@/lib/agent/knowledge/conflicts");
      const { SourceRegistry } = await import("@/lib/agent/sources");
      const notes: string[] = [];
      let legacyNotes = 0;
      for (const key of await dealMetricKeys({ db, dealId: deal.id })) {
        const scan = await scanConflicts({ db, dealId: deal.id, sources: new SourceRegistry(deal.slug), keys: [key] });
        for (const c of scan.conflicts) notes.push(`${key} ${c.period}: ${c.sides.map((s) => `${s.value} (${s.document})`).join(" vs ")}`);
        legacyNotes += (await scanConflicts({ db, dealId: deal.id, sources: new SourceRegistry(deal.slug), keys: [key], rule: "legacy" })).conflicts.length;
      }
      const pct = (n: number) => (coverage.findings ? `${((100 * n) / coverage.findings).toFixed(1)}%` : "-");
      console.log(`\n== ${company} (${files.length} filings, cache ${g.cache}) ==`);
      console.log(`  findings: ${coverage.findings}; with scope ${pct(coverage.withScope)} ${JSON.stringify(coverage.byScope)}; with period type ${pct(coverage.withPeriodType)} ${JSON.stringify(coverage.byPeriodType)}`);
      printRelations("false discrepancies (CONTRADICTS stored)", contradicts);
      console.log(`  false discrepancies under the old rule on the same findings: ${legacy}`);
      console.log(`  SUPERSEDES between findings: ${supersedes.length} (restatement ${supersedes.filter((r) => r.createdBy === "restatement").length})`);
      for (const r of supersedes.slice(0, Math.min(5, LIST))) console.log(`    e.g. ${r.reason}`);
      console.log(`  knowledge-layer conflict notes: ${notes.length} (old rule on the same findings: ${legacyNotes})`);
      for (const n of notes.slice(0, LIST)) console.log(`    - ${n}`);
      rows.push({
        company, filings: files.length, legacy, after: contradicts.length, supersedes: supersedes.length, notes: notes.length, legacyNotes,
        scope: pct(coverage.withScope), type: pct(coverage.withPeriodType),
      });
    } finally {
      await g.db.close();
    }
  }
  console.log("\nfalse discrepancies = CONTRADICTS between findings (graph) and conflict notes (knowledge layer); old = the rule before scopes, on the same findings");
  console.log("company      filings  graph-old  graph-now  kb-notes-old  kb-notes-now  supersedes  scope   period-type");
  for (const r of rows) {
    console.log(`${r.company.padEnd(12)} ${String(r.filings).padStart(7)}  ${String(r.legacy).padStart(9)}  ${String(r.after).padStart(9)}  ${String(r.legacyNotes).padStart(12)}  ${String(r.notes).padStart(12)}  ${String(r.supersedes).padStart(10)}  ${r.scope.padStart(6)}  ${r.type.padStart(11)}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
