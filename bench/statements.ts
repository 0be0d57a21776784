/**
 * Statement reader benchmark (label-free): over the 93 real filings (27 FinanceBench dev + 66
 * unlabelled), how many of the primary statements a filing should have are found, and how many of
 * those pass their identity checks (assets = liabilities + equity, cash-flow sections = change in
 * cash, subtotals). Pages come from the project's own PDF engine (pdfjs, in this thread), cached as
 * JSON under .manda-bench-statements/. A same-run baseline reads the same pages from line text
 * only (no span positions).
 *
 * Split: in-sample (tuned on) = the dev 27 + Apple, Oracle, eBay, PG&E; held-out = Intel,
 * McDonald's, FedEx, Salesforce, Boston Properties.
 *
 *   npm run bench:statements
 *   npm run bench:statements -- --verbose          # every failed check and missing statement
 *   npm run bench:statements -- --doc 3M_2018_10K  # print the statements read from one filing
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { repairPages } from "@/lib/ingest/glyphs";
import { openPdf } from "@/lib/ingest/workers/pdf-engine.mjs";
import { readStatementsWith, type Statement } from "@/lib/statements";
import { titleOf } from "@/lib/statements/titles";
import { LINE_ITEMS, type Span } from "@/lib/statements/types";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CACHE = path.join(ROOT, ".manda-bench-statements");
const CORPORA = ["financebench-dev", "filings-unlabelled"].map((c) => path.resolve(ROOT, "../shared/corpus", c, "pdfs"));
const SERIES_KEYS = ["revenue", "net_income", "total_assets", "total_equity", "operating_cash_flow", "capital_expenditure", "cash_end"];
const HELD_OUT = /^(?:INTEL|MCDONALDS|FEDEX|SALESFORCE|BOSTONPROPERTIES)_/;
const KINDS = ["10-K", "10-Q", "annual report", "earnings", "8-K"] as const;
type DocKind = (typeof KINDS)[number];
/** Document kinds that must hold all three primary statements. */
const FULL: DocKind[] = ["10-K", "10-Q", "annual report"];

interface CachedPage { page: number; text: string; spans: Span[] }

type Label = { metric: string; period: string; value: number; page: number };
const LABELS = (JSON.parse(fs.readFileSync(path.join(ROOT, "bench/data/financebench-labels.json"), "utf8")) as { documents: Record<string, Label[]> }).documents;

/** Hand-labelled values (bench/data/financebench-labels.json) against the statement lines of the same key and fiscal year. */
function scoreLabels(name: string, sts: Statement[], tally: { n: number; value: number; page: number; misses: string[] }) {
  for (const lab of LABELS[`${name}.pdf`] ?? []) {
    tally.n++;
    const year = lab.period.replace(/^FY/, "");
    let hit: { v: number; page: number } | undefined;
    for (const s of sts) {
      const line = s.lines.find((l) => l.key === lab.metric);
      const col = s.columns.findIndex((c) => c.months === 12 && c.period.startsWith(`FY${year}`));
      const v = line && col >= 0 ? line.values[col] : undefined;
      if (v !== undefined && v !== null) hit = { v: lab.metric === "capital_expenditure" ? Math.abs(v * s.scale) : v * s.scale, page: line!.page };
    }
    if (hit && Math.abs(hit.v - lab.value) <= Math.max(1, lab.value * 0.005)) tally.value++;
    else tally.misses.push(`${name} ${lab.metric} ${lab.period}: read ${hit?.v ?? "nothing"}, labelled ${lab.value}`);
    if (hit && hit.page === lab.page) tally.page++;
  }
}

/** Pages of a PDF read by the project's own parser (pdfjs engine, in this thread), cached as JSON. */
async function pagesOf(pdf: string): Promise<CachedPage[]> {
  const file = path.join(CACHE, `${path.basename(pdf, ".pdf")}.json`);
  // as ingestion stores them: lost ligatures put back (the cache keeps the parser's own output)
  if (fs.existsSync(file)) return repairPages(JSON.parse(fs.readFileSync(file, "utf8")) as CachedPage[]);
  const out: CachedPage[] = [];
  try {
    const doc = await openPdf(pdf);
    for await (const p of doc.pages) out.push({ page: p.pageNumber, text: p.text, spans: p.spans ?? [] });
  } catch (e) {
    console.error(`${path.basename(pdf)}: unreadable (${(e as Error).message})`);
  }
  fs.mkdirSync(CACHE, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(out));
  return repairPages(out);
}

function dropTitles(p: CachedPage): CachedPage {
  const text = p.text.split("\n").map((l) => (titleOf(l) ? " ".repeat(l.length) : l)).join("\n");
  return { ...p, text };
}

/** The bench knows each file's kind from its corpus name (product code never reads file names for this). */
function kindOf(name: string): DocKind {
  if (/10K/i.test(name)) return "10-K";
  if (/10Q/i.test(name)) return "10-Q";
  if (/annualreport/i.test(name)) return "annual report";
  if (/EARNINGS/i.test(name)) return "earnings";
  return "8-K";
}

interface Tally { docs: number; expected: number; found: number; balanced: number; statements: number }
const empty = (): Tally => ({ docs: 0, expected: 0, found: 0, balanced: 0, statements: 0 });

function add(t: Tally, kind: DocKind, sts: Statement[]) {
  t.docs++;
  t.statements += sts.length;
  t.balanced += sts.filter((s) => s.balanced).length;
  if (FULL.includes(kind)) {
    t.expected += 3;
    t.found += new Set(sts.map((s) => s.kind)).size;
  }
}

const pct = (a: number, b: number) => (b === 0 ? "  n/a" : `${((100 * a) / b).toFixed(1).padStart(5)}%`);

function row(label: string, t: Tally, base: Tally): string {
  const found = t.expected ? `${t.found}/${t.expected} ${pct(t.found, t.expected)}` : `${t.statements} read`;
  const bfound = base.expected ? `${pct(base.found, base.expected)}` : `${base.statements} read`;
  return `${label.padEnd(30)} docs ${String(t.docs).padStart(3)}  found ${found.padEnd(16)} balanced ${t.balanced}/${t.statements} ${pct(t.balanced, t.statements)}   | baseline found ${bfound}, balanced ${pct(base.balanced, base.statements)}`;
}

function show(name: string, sts: Statement[]) {
  for (const s of sts) {
    console.log(`\n## ${name} ${s.kind} "${s.title}" pages ${s.pages.join(",")} scale ${s.scale} balanced ${s.balanced}`);
    console.log(`   columns: ${s.columns.map((c) => `${c.period} [${c.periodEnd}, ${c.months}m, "${c.header}"]`).join(" | ")}`);
    for (const l of s.lines) console.log(`   ${String(l.row).padStart(3)} ${l.isTotal ? "T" : " "} ${(l.key ?? "").padEnd(28)} ${l.label.slice(0, 60).padEnd(60)} ${l.values.map((v) => (v === null ? "—" : v)).join(" | ")}`);
    for (const c of s.checks) console.log(`   ${c.ok ? "ok  " : "FAIL"} ${c.name}: ${c.detail}`);
  }
}

async function main() {
  const { values } = parseArgs({ options: { verbose: { type: "boolean" }, doc: { type: "string" }, "cache-only": { type: "boolean" }, "drop-titles": { type: "boolean" } } });
  const pdfs = CORPORA.flatMap((d) => fs.readdirSync(d).filter((f) => f.endsWith(".pdf")).sort().map((f) => path.join(d, f)));
  const tallies = new Map<string, { t: Tally; base: Tally }>();
  const get = (k: string) => tallies.get(k) ?? tallies.set(k, { t: empty(), base: empty() }).get(k)!;
  const failures: string[] = [];
  const coverage = new Map<string, number>();
  const excerpts = { lines: 0, exact: 0 };
  /** How many statements (10-K/10-Q) had their main identity run, and how many checks in all. */
  const identityRun = { income: [0, 0], balance: [0, 0], cash_flow: [0, 0], checks: 0 };
  const MAIN: Record<string, RegExp> = { income: /^net income =|^gross profit =/, balance: /^total assets =/, cash_flow: /^operating \+ investing/ };
  /** company → key|period → values read from its filings (a later filing repeats earlier years) */
  const series = new Map<string, Map<string, Array<{ name: string; value: number }>>>();
  const periods = { docs: 0, ok: 0, bad: [] as string[] };
  let fullDocs = 0;
  const labels = { n: 0, value: 0, page: 0, misses: [] as string[] };
  const baseLabels = { n: 0, value: 0, page: 0, misses: [] as string[] };
  let cpu = 0, pagesTotal = 0, worst = { ms: 0, name: "", pages: 0 };
  for (const pdf of pdfs) {
    const name = path.basename(pdf, ".pdf");
    if (values.doc && name !== values.doc) continue;
    // --drop-titles: a stress test, every statement title line blanked (as if printed as an image)
    const pages = values["drop-titles"] ? (await pagesOf(pdf)).map(dropTitles) : await pagesOf(pdf);
    if (values["cache-only"]) continue;
    const fyEnd = undefined;
    const t0 = performance.now();
    const sts = readStatementsWith({ pages, fiscalYearEndMonth: fyEnd }, { useSpans: true });
    const ms = performance.now() - t0;
    const base = readStatementsWith({ pages, fiscalYearEndMonth: fyEnd }, { useSpans: false });
    cpu += ms;
    pagesTotal += pages.length;
    if (ms > worst.ms) worst = { ms, name, pages: pages.length };
    if (values.doc) show(name, sts);
    scoreLabels(name, sts, labels);
    for (const st of sts) for (const l of st.lines) {
      excerpts.lines++;
      const text = pages.find((p) => p.page === l.page)?.text ?? "";
      if (text.includes(l.excerpt) && text.split("\n")[l.row]?.includes(l.excerpt.split("\n").pop()!) && l.values.length === st.columns.length) excerpts.exact++;
    }
    const company = name.split("_")[0]!.toUpperCase();
    for (const st of sts) for (const l of st.lines) {
      if (!l.key || !SERIES_KEYS.includes(l.key)) continue;
      st.columns.forEach((c, i) => {
        const v = l.values[i];
        if (v === null || v === undefined || !/^FY/.test(c.period)) return;
        const m = series.get(company) ?? series.set(company, new Map()).get(company)!;
        const k = `${l.key}|${c.period}|${c.months}`;
        m.set(k, [...(m.get(k) ?? []), { name, value: v * st.scale }]);
      });
    }
    if (kindOf(name) === "10-K" && sts.length === 3) {
      // label-free period check: the three statements of a 10-K open with the same fiscal year, the balance sheet as that year's end
      periods.docs++;
      const firsts = sts.map((st) => [...st.columns].sort((a, b) => (a.periodEnd < b.periodEnd ? 1 : -1))[0]?.period);
      const bal = sts.find((st) => st.kind === "balance");
      if (firsts.every((p) => p && p === firsts[0] && /^FY/.test(p)) && bal?.columns.every((c) => c.months === 0 && /^FY/.test(c.period))) periods.ok++;
      else periods.bad.push(`${name}: ${sts.map((st) => `${st.kind} ${st.columns.map((c) => c.period).join("/")}`).join("; ")}`);
    }
    if (kindOf(name) === "10-K" || kindOf(name) === "10-Q") {
      fullDocs++;
      for (const st of sts) {
        identityRun[st.kind][1]++;
        identityRun.checks += st.checks.length;
        if (st.checks.some((c) => MAIN[st.kind]!.test(c.name))) identityRun[st.kind][0]++;
      }
      for (const k of new Set(sts.flatMap((st) => st.lines.map((l) => l.key).filter(Boolean)))) coverage.set(k!, (coverage.get(k!) ?? 0) + 1);
    }
    scoreLabels(name, base, baseLabels);
    const kind = kindOf(name);
    const split = HELD_OUT.test(name) ? "held-out" : "in-sample";
    for (const k of [`${split} ${kind}`, `${split} 10-K+10-Q`, `all ${kind}`]) {
      if (k.endsWith("10-K+10-Q") && kind !== "10-K" && kind !== "10-Q") continue;
      const g = get(k);
      add(g.t, kind, sts);
      add(g.base, kind, base);
    }
    if (FULL.includes(kind)) for (const k of ["income", "balance", "cash_flow"]) if (!sts.some((s) => s.kind === k)) failures.push(`${split} ${name}: no ${k} statement found`);
    for (const s of sts) if (s.checks.length === 0) failures.push(`${split} ${name} ${s.kind} p.${s.pages.join(",")}: no identity or subtotal could be checked`);
    for (const s of sts) for (const c of s.checks) if (!c.ok) failures.push(`${split} ${name} ${s.kind} p.${s.pages.join(",")}: ${c.name} — ${c.detail}`);
  }
  if (values["cache-only"]) return;
  console.log(`Statement reader over ${pdfs.length} filings (pages cached in .manda-bench-statements/); baseline = same reader, line text only (no span positions).\n`);
  for (const split of ["in-sample", "held-out", "all"]) {
    console.log(`${split}:`);
    for (const k of [...KINDS, "10-K+10-Q"]) {
      const g = tallies.get(`${split} ${k}`);
      if (g) console.log(`  ${row(k, g.t, g.base)}`);
    }
  }
  console.log(`\nin-sample, hand labels (revenue, net income, operating cash flow, capex; ${labels.n} values of 10 dev filings): value right ${labels.value}/${labels.n} ${pct(labels.value, labels.n)}, page right ${pct(labels.page, labels.n)} | baseline value right ${pct(baseLabels.value, baseLabels.n)}`);
  if (values.verbose) for (const m of labels.misses) console.log(`  ${m}`);
  console.log(`\n10-K period labels consistent (the three statements' latest column is the same FY, balance columns are FY ends): ${periods.ok}/${periods.docs}`);
  if (values.verbose) for (const b of periods.bad) console.log(`  ${b}`);
  console.log(`\nLines read: ${excerpts.lines}; excerpt an exact substring of its page at its row, one value per column: ${excerpts.exact}/${excerpts.lines}`);
  console.log(`\nChecks run on 10-K/10-Q statements: ${identityRun.checks} in all; main identity run on income ${identityRun.income[0]}/${identityRun.income[1]} (net income = pretax − tax, or gross profit), balance ${identityRun.balance[0]}/${identityRun.balance[1]} (assets = liabilities + equity), cash flow ${identityRun.cash_flow[0]}/${identityRun.cash_flow[1]} (sections = change in cash)`);
  let pairs = 0, agree = 0;
  const disagreements: string[] = [];
  for (const [, m] of series) for (const [k, vs] of m) for (let i = 1; i < vs.length; i++) {
    pairs++;
    if (Math.abs(vs[i]!.value - vs[0]!.value) <= Math.abs(vs[0]!.value) * 0.005 + 1) agree++;
    else disagreements.push(`${k}: ${vs[0]!.name} ${vs[0]!.value} vs ${vs[i]!.name} ${vs[i]!.value}`);
  }
  console.log(`\nSame company, same line item and fiscal year read from two filings (${SERIES_KEYS.join(", ")}): ${agree}/${pairs} agree within 0.5% (restatements differ legitimately)`);
  if (values.verbose) for (const d of disagreements) console.log(`  ${d}`);
  console.log(`\nCanonical line items present (share of ${fullDocs} 10-K/10-Q, all splits): ${Object.keys(LINE_ITEMS).map((k) => `${k} ${Math.round((100 * (coverage.get(k) ?? 0)) / Math.max(1, fullDocs))}%`).join(", ")}`);
  console.log(`\nTargets on 10-K/10-Q: ≥95% of statements found, ≥95% of found ones balanced.`);
  console.log(`CPU: ${cpu.toFixed(0)} ms for ${pagesTotal} pages (${((cpu / pagesTotal) * 200).toFixed(1)} ms per 200 pages); slowest ${worst.name} ${worst.ms.toFixed(1)} ms for ${worst.pages} pages.`);
  if (values.verbose) {
    console.log(`\nFailures (${failures.length}):`);
    for (const f of failures) console.log(`  ${f}`);
  } else console.log(`${failures.length} failed checks / missing statements (--verbose lists them).`);
}

void main();
