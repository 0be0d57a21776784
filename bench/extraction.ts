/**
 * Extraction benchmark (offline, rules): throughput in pages/second of the three extractors on
 * the parsed pages of the FinanceBench dev filings, and precision/recall of the findings
 * extractor against a hand-labelled subset (bench/data/financebench-labels.json: revenue, net
 * income, operating cash flow, capital expenditure per fiscal year with the statement page),
 * compared in the same run with a naive regex baseline. Also: how many of the 27 filings yield
 * all four metrics for their own fiscal period from a statement page.
 *
 *   npm run bench:extraction                 # corpus: ../shared/corpus/financebench-dev/pdfs
 *   npm run bench:extraction -- --limit 5
 *   npm run bench:extraction -- --e2e        # also the full database path (ingest → stage → validate → decide → promote) on PGlite for every filing
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { setConfigForProcess } from "@/lib/config";
import { extractEntitiesFromPages } from "@/lib/extraction/entities";
import { extractFindingsFromPages } from "@/lib/extraction/findings";
import { statementKindOf } from "@/lib/extraction/findings/tables";
import { extractTimelineFromPages } from "@/lib/extraction/timeline";
import type { ExtractionPage, FindingPayload } from "@/lib/extraction/types";
import { inferMetadata } from "@/lib/ingest/metadata";
import { parseDocument } from "@/lib/ingest/parsers";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({ options: { corpus: { type: "string" }, limit: { type: "string" }, e2e: { type: "boolean" } } });
const CORPUS = values.corpus ?? path.resolve(ROOT, "../shared/corpus/financebench-dev/pdfs");
const LABELS = JSON.parse(fs.readFileSync(path.join(ROOT, "bench/data/financebench-labels.json"), "utf8")) as { documents: Record<string, Array<{ metric: string; period: string; value: number; page: number }>> };
const METRICS = ["revenue", "net_income", "operating_cash_flow", "capital_expenditure"];
setConfigForProcess({ MANDA_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "manda-bench-x-")), OPENAI_API_KEY: "", OPENAI_BASE_URL: "", MANDA_LOG_LEVEL: "error" });

interface Pred { metric: string; period: string; value: number; page: number; confidence: number }

/** Naive baseline: first line per metric keyword with a number; first number = the document's year; scale from the page. */
function baseline(pages: ExtractionPage[], year: number): Pred[] {
  const out = new Map<string, Pred>();
  const RE: Record<string, RegExp> = {
    revenue: /^(total )?(net )?(revenues?|sales)\b/i,
    net_income: /^net (income|earnings)\b/i,
    operating_cash_flow: /operating activities/i,
    capital_expenditure: /property,? (plant )?and equipment/i,
  };
  for (const p of pages) {
    const scale = /in millions|\(millions/i.test(p.text) ? 1e6 : /in thousands/i.test(p.text) ? 1e3 : 1;
    for (const line of p.text.split("\n")) {
      for (const [k, re] of Object.entries(RE)) {
        if (out.has(k) || !re.test(line.trim())) continue;
        const m = /\(?\$?\s?(\d{1,3}(?:,\d{3})+|\d+)\)?/.exec(line.replace(/^[^\d(]*/, ""));
        if (!m) continue;
        out.set(k, { metric: k, period: `FY${year}`, value: Number(m[1]!.replace(/,/g, "")) * scale, page: p.pageNumber, confidence: 1 });
      }
    }
  }
  return [...out.values()];
}

function best(cands: Awaited<ReturnType<typeof extractFindingsFromPages>>["candidates"]): Pred[] {
  const m = new Map<string, Pred>();
  for (const c of cands) {
    const p = c.payload as FindingPayload;
    if (!METRICS.includes(p.metricKey) || !p.period || p.valueNum === null || c.confidenceScore < 0.8) continue;
    const key = `${p.metricKey}|${p.period}`;
    const prev = m.get(key);
    if (!prev || c.confidenceScore > prev.confidence || (c.confidenceScore === prev.confidence && c.evidence.page < prev.page)) {
      m.set(key, { metric: p.metricKey, period: p.period, value: p.valueNum, page: c.evidence.page, confidence: c.confidenceScore });
    }
  }
  return [...m.values()];
}

function score(preds: Pred[], labels: Array<{ metric: string; period: string; value: number; page: number }>) {
  const labelled = new Set(labels.map((l) => `${l.metric}|${l.period}`));
  const considered = preds.filter((p) => labelled.has(`${p.metric}|${p.period}`));
  const ok = (p: Pred, l: { metric: string; value: number; page: number }, needPage: boolean) =>
    Math.abs(Math.abs(p.value) - Math.abs(l.value)) <= 0.005 * Math.abs(l.value) && (l.metric === "operating_cash_flow" ? Math.sign(p.value) === Math.sign(l.value) || l.value === 0 : true) && (!needPage || p.page === l.page);
  let tp = 0, tpValue = 0;
  for (const l of labels) {
    const p = considered.find((x) => x.metric === l.metric && x.period === l.period);
    if (p && ok(p, l as never, true)) tp++;
    if (p && ok(p, l as never, false)) tpValue++;
  }
  return { labels: labels.length, predicted: considered.length, tp, tpValue };
}

const files = fs.readdirSync(CORPUS).filter((f) => f.toLowerCase().endsWith(".pdf")).sort().slice(0, values.limit ? Number(values.limit) : undefined);
let totalPages = 0, msFindings = 0, msTimeline = 0, msEntities = 0, msBaseline = 0;
const agg = { ours: { labels: 0, predicted: 0, tp: 0, tpValue: 0 }, base: { labels: 0, predicted: 0, tp: 0, tpValue: 0 } };
let complete = 0;
const incomplete: string[] = [];
for (const f of files) {
  const fp = path.join(CORPUS, f);
  const parsed = await parseDocument({ path: fp, bytes: fs.statSync(fp).size, filename: f });
  const pages: ExtractionPage[] = [];
  for await (const p of parsed.pages) pages.push({ pageNumber: p.pageNumber, text: p.text, label: p.label, cells: p.cells });
  const meta = inferMetadata(f, pages.slice(0, 3).map((p) => p.text).join("\n"));
  const ctx = { filename: f, fiscalYear: meta.fiscalYear, fiscalPeriod: meta.fiscalPeriod, documentKind: meta.kind };
  totalPages += pages.length;
  let t = performance.now();
  const out = await extractFindingsFromPages(pages, ctx);
  msFindings += performance.now() - t;
  t = performance.now();
  extractTimelineFromPages(pages, ctx);
  msTimeline += performance.now() - t;
  t = performance.now();
  extractEntitiesFromPages(pages, ctx);
  msEntities += performance.now() - t;
  t = performance.now();
  const base = baseline(pages, meta.fiscalYear ?? 0);
  msBaseline += performance.now() - t;
  const preds = best(out.candidates);
  // (ties: the earlier page, as the pipeline promotes it and marks the later one its duplicate)
  // coverage: all four metrics for the filing's own period, from a recognised statement page
  const own = meta.fiscalPeriod === "FY" || !meta.fiscalPeriod ? `FY${meta.fiscalYear}` : `${meta.fiscalPeriod} ${meta.fiscalYear}`;
  const ownAlt = meta.fiscalPeriod && meta.fiscalPeriod !== "FY" ? `H1 ${meta.fiscalYear}` : own; // cash flow statements of a Q2 10-Q are year-to-date
  const found = METRICS.filter((m) => preds.some((p) => p.metric === m && (p.period === own || p.period === ownAlt) && statementKindOf(pages[p.page - 1]!.text)));
  if (found.length === 4) complete++;
  else incomplete.push(`${f} (missing ${METRICS.filter((m) => !found.includes(m)).join(", ")})`);
  const labels = LABELS.documents[f];
  if (labels) {
    const s = score(preds, labels);
    const b = score(base, labels);
    for (const k of ["labels", "predicted", "tp", "tpValue"] as const) { agg.ours[k] += s[k]; agg.base[k] += b[k]; }
    process.stderr.write(`${f}: ours ${s.tp}/${s.labels} (value ${s.tpValue}), baseline ${b.tp}/${b.labels}\n`);
  }
}
const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : "n/a");
const rate = (ms: number) => (totalPages / (ms / 1000)).toFixed(0);
console.log(`\nExtraction benchmark — ${files.length} filings, ${totalPages} pages (rules, offline, pages already parsed)`);
console.log(`  throughput  findings ${rate(msFindings)} pages/s · timeline ${rate(msTimeline)} pages/s · entities ${rate(msEntities)} pages/s · all three ${rate(msFindings + msTimeline + msEntities)} pages/s · baseline regex ${rate(msBaseline)} pages/s`);
console.log(`  labelled subset: ${Object.keys(LABELS.documents).length} filings, ${agg.ours.labels} labels (4 metrics × 3 fiscal years, statement page)`);
console.log(`  ours      precision ${pct(agg.ours.tp, agg.ours.predicted)}  recall ${pct(agg.ours.tp, agg.ours.labels)}  (value right regardless of page: ${pct(agg.ours.tpValue, agg.ours.labels)})`);
console.log(`  baseline  precision ${pct(agg.base.tp, agg.base.predicted)}  recall ${pct(agg.base.tp, agg.base.labels)}  (value right regardless of page: ${pct(agg.base.tpValue, agg.base.labels)})`);
console.log(`  coverage: ${complete}/${files.length} filings yield revenue, net income, operating cash flow and capex for their own period from a statement page`);
for (const x of incomplete) console.log(`    - ${x}`);
if (values.e2e) {
  // The database path, as the product runs it: ingest (parse, metadata, chunks + embeddings) → the three extractions
  // (stage → validate → decide → promote + embed) → read the promoted findings back from the findings table.
  const { openDb } = await import("@/lib/db");
  const { createDeal } = await import("@/lib/db/queries/deals");
  const { ingestFile } = await import("@/lib/ingest/ingest");
  const { runAllExtractions } = await import("@/lib/extraction/run");
  const db = await openDb({ memory: true });
  const deal = await createDeal({ db, slug: "bench" });
  let pages = 0, ms = 0, e2eComplete = 0, e2eTp = 0, e2eLabels = 0, e2ePredicted = 0;
  const e2eIncomplete: string[] = [];
  for (const f of files) {
    const r = await ingestFile({ db, dealId: deal.id, filePath: path.join(CORPUS, f) });
    if (r.status !== "indexed") { e2eIncomplete.push(`${f} (not indexed: ${r.status})`); continue; }
    const t0 = performance.now();
    await runAllExtractions(db, { dealId: deal.id, documentId: r.documentId!, mode: "rules" });
    ms += performance.now() - t0;
    pages += r.pageCount ?? 0;
    const doc = (await db.query<{ fiscal_year: number | null; fiscal_period: string | null }>("select fiscal_year, fiscal_period from documents where id = $1", [r.documentId])).rows[0]!;
    const own = doc.fiscal_period === "FY" || !doc.fiscal_period ? `FY${doc.fiscal_year}` : `${doc.fiscal_period} ${doc.fiscal_year}`;
    const ownAlt = doc.fiscal_period && doc.fiscal_period !== "FY" ? `H1 ${doc.fiscal_year}` : own; // a Q2 10-Q's cash flow statement is year to date
    const rows = (await db.query<{ metric_key: string; period: string; value_num: number; source_page: number; text: string; embedded: boolean }>(
      `select f.metric_key, f.period, f.value_num, f.source_page, p.text, f.embedding is not null as embedded from findings f
         join document_pages p on p.document_id = f.document_id and p.page_number = f.source_page
        where f.document_id = $1 and f.status = 'active' and f.metric_key = any($2)`, [r.documentId, METRICS])).rows;
    const found = METRICS.filter((m) => rows.some((x) => x.metric_key === m && (x.period === own || x.period === ownAlt) && statementKindOf(x.text) && x.embedded));
    if (found.length === 4) e2eComplete++;
    else e2eIncomplete.push(`${f} (missing ${METRICS.filter((m) => !found.includes(m)).join(", ")})`);
    const labels = LABELS.documents[f];
    if (labels) {
      e2eLabels += labels.length;
      const keys = new Set(labels.map((l) => `${l.metric}|${l.period}`));
      e2ePredicted += new Set(rows.filter((x) => keys.has(`${x.metric_key}|${x.period}`)).map((x) => `${x.metric_key}|${x.period}`)).size;
      e2eTp += labels.filter((l) => rows.some((x) => x.metric_key === l.metric && x.period === l.period && x.source_page === l.page && Math.abs(Math.abs(x.value_num) - Math.abs(l.value)) <= 0.005 * Math.abs(l.value))).length;
    }
  }
  const c = (await db.query<{ s: string; n: number }>("select status s, count(*)::int n from staging_extractions group by 1 order by 1")).rows;
  console.log(`  end to end (ingest → stage → validate → decide → promote + embed, PGlite): extraction ${(pages / (ms / 1000)).toFixed(1)} pages/s over ${pages} pages; staged: ${c.map((x) => `${x.s} ${x.n}`).join(", ")}`);
  console.log(`  end-to-end coverage: ${e2eComplete}/${files.length} filings have promoted, embedded findings for revenue, net income, operating cash flow and capex for their own period on a statement page`);
  for (const x of e2eIncomplete) console.log(`    - ${x}`);
  console.log(`  end-to-end labelled: ${e2eTp}/${e2eLabels} labels promoted with the right value on the labelled page (metric/period pairs promoted: ${e2ePredicted})`);
  await db.close();
}
process.exit(0);
