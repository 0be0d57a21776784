/**
 * People benchmark (rules, offline): for each 10-K, does the entity extraction name a chief executive and a chief
 * financial officer (with page and excerpt), as get_people reads them? Prints one line per filing and the counts.
 *
 *   npm run bench:people                       # the FinanceBench dev 10-Ks
 *   npm run bench:people -- --held-out         # five unlabelled 10-Ks never read while writing the rules
 *   npm run bench:people -- --doc BOEING_2022_10K --show   # every person found in one filing
 *
 * Pages come from the project's own PDF engine, cached as JSON under .manda-bench-entities/ (shared with bench:entities).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { extractEntitiesFromPages } from "@/lib/extraction/entities";
import type { EntityPayload, ExtractionPage } from "@/lib/extraction/types";
import type { TextSpan } from "@/lib/ingest/types";
import { openPdf } from "@/lib/ingest/workers/pdf-engine.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CACHE = path.join(ROOT, ".manda-bench-entities");
const SHARED = path.resolve(ROOT, "../shared/corpus");
const DEV = path.join(SHARED, "financebench-dev/pdfs");
const UNLABELLED = path.join(SHARED, "filings-unlabelled/pdfs");
/** Held out: the entity bench's held-out companies, one 10-K each. */
const HELD_OUT = ["INTEL_2020_10K", "MCDONALDS_2022_10K", "FEDEX_2023_10K", "SALESFORCE_2023_10K", "BOSTONPROPERTIES_2015_10K"];

interface CachedPage { page: number; text: string; spans: TextSpan[] }

async function pagesOf(pdf: string): Promise<ExtractionPage[]> {
  const file = path.join(CACHE, `${path.basename(pdf, ".pdf")}.json`);
  let cached: CachedPage[];
  if (fs.existsSync(file)) cached = JSON.parse(fs.readFileSync(file, "utf8")) as CachedPage[];
  else {
    cached = [];
    const doc = await openPdf(pdf);
    for await (const p of doc.pages) cached.push({ page: p.pageNumber, text: p.text, spans: p.spans ?? [] });
    fs.mkdirSync(CACHE, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(cached));
  }
  return cached.map((p) => ({ pageNumber: p.page, text: p.text, spans: p.spans }));
}

/** The company's chief executive / financial officer: not a segment's ("Chief Executive Officer, Commercial Airplanes"). */
const CEO = /\b[Cc]hief [Ee]xecutive [Oo]fficer\b(?!,\s*(?!Director|President|Chair|Principal)\p{Lu})|\bCEO\b(?!\s+\p{Lu})/u;
const CFO = /\b[Cc]hief [Ff]inancial (?:and \p{L}+ )?[Oo]fficer\b(?!,\s*(?!Executive|Senior)\p{Lu})|\bCFO\b(?!\s+\p{Lu})/u;

async function main() {
  const { values } = parseArgs({ options: { "held-out": { type: "boolean" }, doc: { type: "string" }, show: { type: "boolean" } } });
  const files = values.doc
    ? [path.join(fs.existsSync(path.join(DEV, `${values.doc}.pdf`)) ? DEV : UNLABELLED, `${values.doc}.pdf`)]
    : values["held-out"]
      ? HELD_OUT.map((d) => path.join(UNLABELLED, `${d}.pdf`))
      : fs.readdirSync(DEV).filter((f) => /_10K\.pdf$/i.test(f)).sort().map((f) => path.join(DEV, f));
  let ceo = 0;
  let cfo = 0;
  let both = 0;
  for (const f of files) {
    const doc = path.basename(f, ".pdf");
    const pages = await pagesOf(f);
    const out = extractEntitiesFromPages(pages, { filename: path.basename(f), documentKind: "pdf" });
    const people = out.candidates.map((c) => ({ p: c.payload as EntityPayload, page: c.evidence.page, excerpt: c.evidence.text })).filter((x) => x.p.entityType === "person" && x.p.role);
    // an officer list or the signature page before a name read from prose
    const formal = (x: (typeof people)[number]) => /\((?:executive officer|signed the annual report)/.test(x.p.role ?? "");
    const ranked = [...people.filter(formal), ...people.filter((x) => !formal(x))];
    const hasCeo = ranked.find((x) => CEO.test(x.p.role ?? ""));
    const hasCfo = ranked.find((x) => CFO.test(x.p.role ?? ""));
    ceo += hasCeo ? 1 : 0;
    cfo += hasCfo ? 1 : 0;
    both += hasCeo && hasCfo ? 1 : 0;
    const show = (x?: (typeof people)[number]) => (x ? `${x.p.name} p.${x.page}` : "—");
    console.log(`${doc.padEnd(28)} CEO ${show(hasCeo).padEnd(34)} CFO ${show(hasCfo)}`);
    if (values.show) for (const x of people) console.log(`   p.${x.page} ${x.p.name} — ${x.p.role} | ${x.excerpt.replace(/\s+/g, " ").slice(0, 120)}`);
  }
  console.log(`\n${files.length} filings: CEO ${ceo}, CFO ${cfo}, both ${both}`);
}

main().catch((e) => { console.error(e); process.exit(1); });
